//! Scrambles and solution simplification for the screen.
//!
//! Thin wrappers so the screen has one place to call; they use the cube
//! room's `random` and `simplify` modules.

use cubetui_cube::{Alg, Cube, Move};

/// The uniformly random state of cube `index` under `seed`, the one seed
/// rule's ([`cubetui_cube::random::start_state`]): what `bench` draws.
pub fn random_state(seed: u64, index: u64) -> Cube {
    cubetui_cube::random::start_state(seed, index)
}

/// `depth` random face turns of cube `index` under `seed`, no face twice
/// in a row ([`cubetui_cube::random::start_scramble`]).
pub fn random_moves(seed: u64, index: u64, depth: usize) -> Alg {
    cubetui_cube::random::start_scramble(seed, index, depth)
}

/// The solution as played back: simplified to face turns (HTM).
pub fn simplified(alg: &Alg) -> Vec<Move> {
    cubetui_cube::simplify::simplify(alg).into_moves()
}
