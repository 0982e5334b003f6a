//! The `sa` solver: simulated annealing as in the project's source papers
//! 000, 001 and 002, one engine parameterised by neighbourhood generator,
//! schedule and acceptance rule.
//!
//! A run keeps the current state, the best state and the move sequence that
//! leads to each. A proposal applies one neighbour operator (see
//! `solve::neighbourhood`); it is accepted when ΔE ≤ 0, else with probability
//! exp(−ΔE/T) (the Metropolis rule). Paper 001 counts ΔE = 0 as ΔE = 1, so a
//! sideways move is accepted only with probability exp(−1/T): a switch of
//! the engine. Schedules: exponential over a fixed proposal budget (paper 001:
//! T from 0.37 to 0.355 over 500 000 proposals) or geometric, T ← α·T after
//! each block of N proposals (papers 000 and 002). The parameters are in
//! `params`, the temperature in `schedule` and `cooling`, the one
//! annealing loop in `chain` (over a small problem trait: the cube spaces
//! through `engine`, and each phase of `phases-sa`), the path, links and
//! snapshots in `engine`.
//!
//! The engine is one for every cube size: it anneals over a [`Space`]
//! (`space`): the 3×3 on its kernel ([`Three`]: `faces`, `pll`,
//! `pll-conj`, `comm`) or any size on sticker vectors ([`Nxn`]: `faces`,
//! `comm`).

mod accept;
mod chain;
mod cooling;
mod engine;
mod live;
mod nxn;
mod params;
mod path;
mod schedule;
mod shortcut;
mod space;
mod three;

use crate::api::{SolveError, Solver};
use cubetui_cube::Cube;
use cubetui_cube::nxn::{NxnCube, Size};

pub(crate) use chain::{Chain, Problem};
pub use cooling::Cooling;
pub use engine::Annealer;
pub use nxn::{NXN_NAMES, Nxn, cut_loops};
pub use params::{CommParams, SaParams, params};
pub use schedule::{ALPHA_KEY, PER_TEMPERATURE_KEY, Schedule, T_MAX_KEY, T_MIN_KEY, T0_KEY};
pub use space::{LINK, ProposalLoop, Proposer, Record, Space};
pub use three::Three;

/// Builds an annealer for a 3×3 `start`, fully determined by (`p`, `seed`,
/// `start`).
pub fn build(p: &SaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    let space = Three {
        comm: p.comm.clone(),
        formulas: p.formulas.clone(),
    };
    Ok(Box::new(Annealer::new(space, p, start, seed)?))
}

/// The sizes the annealer runs on past the 3×3: all of them, with a
/// neighbourhood of the N×N's ([`NXN_NAMES`]: `faces`, `comm`; the others
/// are 3×3 sequences).
///
/// # Errors
/// [`SolveError::Parameter`] naming the neighbourhood.
pub fn runs_on(p: &SaParams, size: Size) -> Result<(), SolveError> {
    if NXN_NAMES.contains(&p.neighbourhood.as_str()) {
        return Ok(());
    }
    Err(SolveError::Parameter(format!(
        "neighbourhood `{}` is made of 3x3 sequences; on a {size} use `faces` \
         (outer and inner layer turns) or `comm` (commutators)",
        p.neighbourhood
    )))
}

/// Builds an annealer for `start` of any size on sticker vectors (turned
/// upright first; the rotation leads the solution), fully determined by
/// (`p`, `seed`, `start`).
pub fn build_nxn(p: &SaParams, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    let (space, upright) = Nxn::new(start, p.comm.clone());
    Ok(Box::new(Annealer::new(space, p, upright, seed)?))
}
