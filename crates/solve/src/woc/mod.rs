//! The `woc` solver: a genetic algorithm plus a wisdom-of-crowds step, after
//! Foley's GA + WoC solver (the project's paper 004, preset `woc`).
//! A chromosome is a fixed-length sequence of face turns; a redundancy filter
//! scores a sequence 2 when two consecutive moves turn the same face and 3 when
//! three consecutive moves turn only one pair of opposite faces, else 1.
//!
//! The GA ranks chromosomes by score = `facelets` energy × redundancy filter
//! (1, 2 or 3). Each generation is made entirely of children: four distinct
//! parents from the best `parents_from`, ranked, give four children by one-point
//! crossover (best with second, third with worst). Each child is then mutated with
//! probability `mutation_rate` if it passes the filter: one move replaced, redrawn
//! until the filter passes again. The GA stops at energy 0 or after `stagnation`
//! generations without a better score. Every generation whose best score improves
//! or ties the best so far is kept; the crowd step (its own `step`, phase
//! `crowd`) counts, over the best `crowd_fraction` of every kept generation, each
//! ordered pair of moves at positions (i, i+1), i = 0, 2, 4, …, builds a sequence
//! from the most frequent pair at each position and cuts it where it first solves.
//! One `step` is one generation; the crowd step is one more step once the GA stops.
//!
//! The same [`Woc`] runs every size, generic over its [`Genome`](crate::genome::Genome): on an N×N
//! the genes are the move set of [`moves`](crate::moveset::moves),
//! the filter's "face" is the layer a move turns and its "opposite faces"
//! two layers on one axis, and the energy is the misplaced stickers of the
//! upright state.

mod engine;
mod live;
mod params;

use crate::api::{SolveError, Solver};
use crate::genome::FaceTurns;
use crate::nxn_genes::NxnGenes;
use cubetui_cube::Cube;
use cubetui_cube::nxn::NxnCube;

pub use engine::{Woc, filter};
pub use params::{MAX_GENES_PER_GENERATION, WocParams, params};

/// `woc` on the 3×3.
pub fn build(p: &WocParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Woc::new(
        FaceTurns::new(),
        p.clone(),
        start,
        seed,
    )?))
}

/// `woc` past the 3×3, over the genes of the size ([`NxnGenes`]).
pub fn build_nxn(p: &WocParams, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    let (genes, upright) = NxnGenes::for_start(start)?;
    Ok(Box::new(Woc::new(genes, p.clone(), upright, seed)?))
}
