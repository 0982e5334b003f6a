//! The `ga` solver: the genetic algorithm of Zangana (2020), the project's
//! paper 002. A chromosome is k genes; on the 3×3 each one of the 18
//! face turns, no gene the inverse face of its neighbour; its fitness is the
//! `facelets` energy after applying it (cut where it first solves). The same
//! [`Ga`] runs every size, generic over its [`Genome`](crate::genome::Genome): on an N×N the genes
//! are the move set of [`moves`](crate::moveset::moves) (no gene
//! on the layer of its neighbour) and the energy is the misplaced stickers of
//! the upright state.
//!
//! One generation: roulette-wheel selection of `population / 2` pairs; one-point
//! crossover with probability `crossover_rate`, a child entering the mate pool when
//! it is at least as fit as the fitter parent; mutation of each chromosome with
//! probability `mutation_rate` (one gene changed to a value allowed next to its
//! neighbours), entering the mate pool when its fitness changed; the top
//! `elite_fraction` copied over; then sort and truncate. If the mate pool is
//! smaller than the population it is topped up with the next best of the current
//! population, so the population size never shrinks.

mod engine;
pub mod generation;
mod live;
mod params;

use crate::api::{SolveError, Solver};
use crate::genome::FaceTurns;
use crate::nxn_genes::NxnGenes;
use cubetui_cube::Cube;
use cubetui_cube::nxn::NxnCube;

pub use engine::{Ga, judge};
pub(crate) use engine::{diversity, generation_step};
pub use params::{Fitness, GaParams, MAX_GENES_PER_GENERATION, params};

/// `ga` on the 3×3.
pub fn build(p: &GaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Ga::new(FaceTurns::new(), p.clone(), start, seed)?))
}

/// `ga` past the 3×3, over the genes of the size ([`NxnGenes`]).
pub fn build_nxn(p: &GaParams, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    let (genes, upright) = NxnGenes::for_start(start)?;
    Ok(Box::new(Ga::new(genes, p.clone(), upright, seed)?))
}
