//! Kociemba's two-phase algorithm, the exact yardstick the metaheuristics are
//! compared with (`reference` preset, `solve --reference`).
//!
//! Phase 1 takes the cube into G1 = <U, D, R2, L2, F2, B2> using the twist,
//! flip and slice coordinates; phase 2 solves it inside G1 using the corner,
//! U/D-edge and slice permutations. Both are IDA* searches over move and
//! pruning tables (`tables`, cached on disk by `cache`). The search keeps
//! going after the first solution, deepening phase 1 and accepting only
//! shorter totals, until it reaches the target length or spends its budget.

pub mod base;
pub mod cache;
pub mod comb;
pub mod coord;
pub mod cubie;
pub mod disk;
mod frame;
pub mod hot;
pub mod inverse;
pub mod multi;
pub mod pending;
pub mod search;
pub mod solver;
pub mod sym;
pub mod sym2;
pub mod tables;

use std::time::Instant;

use cubetui_cube::{Alg, Cube};

use base::CLOCK_EVERY;
pub use base::{Budget, ReferenceError, cubies, to_alg};
pub use multi::MultiSearch;
pub use search::Search;
pub use solver::{ReferenceParams, build, params};
pub use tables::Tables;

/// Solves `cube` with at most `max_len` face turns (HTM), searching for shorter
/// solutions until `budget` runs out; returns the shortest found. Builds or
/// loads the tables on first use (see [`cache::tables`]; call it before
/// entering a full-screen view so the build message does not land on it).
///
/// The result is face turns only, never the same face twice in a row, so its
/// length is already the HTM count (`solve --reference` reports
/// `solve(&cube, 30, Budget::default())?.len()` as `reference_htm`).
pub fn solve(cube: &Cube, max_len: usize, budget: Budget) -> Result<Alg, ReferenceError> {
    solve_with(cache::tables(), cube, max_len, budget)
}

/// [`solve`] with explicit tables.
pub fn solve_with(
    t: &Tables,
    cube: &Cube,
    max_len: usize,
    budget: Budget,
) -> Result<Alg, ReferenceError> {
    let mut search = MultiSearch::new(t, cube, max_len, budget.target)?;
    let started = Instant::now();
    loop {
        let nodes = search.nodes();
        let soft_spent =
            nodes >= budget.nodes || budget.time.is_some_and(|limit| started.elapsed() >= limit);
        let found = search.best().is_some();
        if search.finished() || nodes >= budget.give_up || (found && soft_spent) {
            break;
        }
        let cap = if found { budget.nodes } else { budget.give_up };
        search.run(CLOCK_EVERY.min(cap.saturating_sub(nodes)).max(1));
    }
    search.best().cloned().ok_or(ReferenceError::NotFound {
        max_len,
        nodes: search.nodes(),
    })
}
