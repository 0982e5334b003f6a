//! Scrambles and solution simplification for the screen.
//!
//! Thin wrappers so the screen has one place to call; they use the cube
//! room's `random` and `simplify` modules.

use rand::Rng;

use crate::cube::{Alg, Cube, Move};

/// A uniformly random reachable state.
pub fn random_state(rng: &mut impl Rng) -> Cube {
    crate::cube::random::random_state(rng)
}

/// `depth` random face turns, no face twice in a row.
pub fn random_moves(rng: &mut impl Rng, depth: usize) -> Alg {
    crate::cube::random::random_moves(rng, depth)
}

/// The solution as played back: simplified to face turns (HTM).
pub fn simplified(alg: &Alg) -> Vec<Move> {
    crate::cube::simplify::simplify(alg).into_moves()
}
