//! Kociemba's two-phase algorithm, the exact yardstick the metaheuristics are
//! compared with (`reference` preset, `solve --reference`).
//!
//! Phase 1 takes the cube into G1 = <U, D, R2, L2, F2, B2> using the twist,
//! flip and slice coordinates; phase 2 solves it inside G1 using the corner,
//! U/D-edge and slice permutations. Both are IDA* searches over move and
//! pruning tables. The search keeps going after the first solution,
//! deepening phase 1 and accepting only shorter totals, until it reaches the
//! target length or spends its limits.
//!
//! The files follow the algorithm's levels, as min2phase's `CubieCube`,
//! `CoordCube` and `Search` do:
//! - the cube and its moves: [`moves`] (move indices, the cubie view,
//!   breadth-first distances) and [`coord`] (each property as a coordinate);
//! - the tables: [`tables`] (move and pruning tables, assembled), the
//!   symmetry-reduced phase-1 pruning ([`prune1_sym`]) in the layout a
//!   phase-1 node reads ([`prune1_packed`]), and phase 2's extra bounds
//!   ([`prune2_sym`]: its symmetries; [`prune2_comb`]: U/D edges × corner
//!   combination, read on the inverse cube too (its raw-coordinate form,
//!   `prune2_inverse.rs`, is the oracle the tests check the classes against);
//!   [`prune2_classes`]: phase 2's coordinates over symmetry classes, what
//!   its search reads);
//!   on disk through [`cache`] and [`disk`];
//! - the search: a phase-1 node and its children (`phase1`), what phase 2
//!   starts from along a phase-1 path (`prefix`), the resumable two-phase
//!   search ([`search`]), thirty of them over views of the cube
//!   ([`views`]), bounded by [`limits`];
//! - the solver: [`solver`] (the `reference` solver) and
//!   [`awaiting_tables`] (the same, for a caller that must not wait for the
//!   tables).

pub mod awaiting_tables;
mod block;
pub mod cache;
pub mod coord;
pub mod disk;
pub mod limits;
pub mod moves;
mod phase1;
mod prefix;
pub mod prune1_packed;
pub mod prune1_sym;
pub mod prune2_classes;
pub mod prune2_comb;
#[cfg(test)]
mod prune2_inverse;
pub mod prune2_sym;
pub mod search;
pub mod solver;
pub mod tables;
mod view;
pub mod views;

use std::time::Instant;

use cubetui_cube::{Alg, Cube};

use limits::CLOCK_EVERY;
pub use limits::{ReferenceError, SearchLimits};
pub use moves::{cubies, to_alg};
pub use search::Search;
pub use solver::{ReferenceParams, build, params};
pub use tables::Tables;
pub use views::MultiSearch;

/// Solves `cube` with at most `max_len` face turns (HTM), searching for shorter
/// solutions until `limits` are spent; returns the shortest found. Builds or
/// loads the tables on first use (see [`cache::tables`]; call it before
/// entering a full-screen view so the build message does not land on it).
///
/// The result is face turns only, never the same face twice in a row, so its
/// length is already the HTM count (`solve --reference` reports
/// `solve(&cube, 30, SearchLimits::default())?.len()` as `reference_htm`).
pub fn solve(cube: &Cube, max_len: usize, limits: SearchLimits) -> Result<Alg, ReferenceError> {
    solve_with(cache::tables(), cube, max_len, limits)
}

/// [`solve`] with explicit tables.
pub fn solve_with(
    t: &Tables,
    cube: &Cube,
    max_len: usize,
    limits: SearchLimits,
) -> Result<Alg, ReferenceError> {
    let mut search =
        MultiSearch::past_target(t, cube, max_len, limits.target, limits.past_percent())?;
    let started = Instant::now();
    loop {
        let nodes = search.nodes();
        let soft_spent =
            nodes >= limits.nodes || limits.time.is_some_and(|limit| started.elapsed() >= limit);
        let found = search.best().is_some();
        if search.finished() || nodes >= limits.give_up || (found && soft_spent) {
            break;
        }
        let cap = if found { limits.nodes } else { limits.give_up };
        search.run(CLOCK_EVERY.min(cap.saturating_sub(nodes)).max(1));
    }
    search.best().cloned().ok_or(ReferenceError::NotFound {
        max_len,
        nodes: search.nodes(),
    })
}
