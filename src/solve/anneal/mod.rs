//! The `sa` solver: simulated annealing as in the project's seed documents
//! 000, 001 and 002, one engine parameterised by neighbourhood generator,
//! schedule and acceptance rule.
//!
//! A run keeps the current state, the best state and the move sequence that
//! leads to each. A proposal applies one neighbour operator (see
//! `solve::neighbourhood`); it is accepted when ΔE ≤ 0, else with probability
//! exp(−ΔE/T) (the Metropolis rule). Seed 001 counts ΔE = 0 as ΔE = 1, so a
//! sideways move is accepted only with probability exp(−1/T): a switch of
//! the engine. Schedules: exponential over a fixed proposal budget (seed 001:
//! T from 0.37 to 0.355 over 500 000 proposals) or geometric, T ← α·T after
//! each block of N proposals (seeds 000 and 002). The parameters are in
//! `params`, the temperature in `schedule`, the proposal loop in `engine`.

mod engine;
mod live;
mod params;
mod path;
mod schedule;

use crate::cube::Cube;
use crate::solve::api::{SolveError, Solver};

pub use engine::Annealer;
pub use params::{SaParams, params};
pub use schedule::Schedule;

/// Builds an annealer for `start`, fully determined by (`p`, `seed`, `start`).
pub fn build(p: &SaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Annealer::new(p, start, seed)?))
}
