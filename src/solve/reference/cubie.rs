//! Move indices of the search (the order of [`crate::cube::cubie_turns`],
//! which holds the cubie product, inverse and face-turn table).

use crate::cube::Move;
use crate::cube::cubie_turns::N_FACE_TURNS;

/// Number of face turns (`U U2 U' R R2 R' F … B'`, [`Move::FACE_TURNS`] order).
pub const N_MOVES: usize = N_FACE_TURNS;

/// The face turned by move index `m` (0..18): `U R F D L B` as 0..6.
#[inline]
pub const fn face_of(m: usize) -> usize {
    m / 3
}

/// The [`Move`] with index `m` (0..18): its entry in [`Move::FACE_TURNS`].
pub fn to_move(m: usize) -> Move {
    Move::FACE_TURNS[m]
}
