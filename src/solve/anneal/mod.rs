//! Simulated annealing (seeds 000, 001, 002; SPEC §3): one engine,
//! parameterised by neighbourhood generator, schedule and acceptance rule.

mod engine;
mod params;
mod path;
mod schedule;

use crate::cube::Cube;
use crate::solve::api::{SolveError, Solver};

pub use engine::Annealer;
pub use params::SaParams;
pub use schedule::Schedule;

/// Builds an annealer for `start`, fully determined by (`p`, `seed`, `start`).
pub fn build(p: &SaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Annealer::new(p, start, seed)?))
}
