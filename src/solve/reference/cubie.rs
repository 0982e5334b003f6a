//! Cubie arithmetic the search needs on top of [`CubieCube`]: products, and the
//! 18 face turns as cubie cubes, read from the sticker model so the two agree.

use std::sync::OnceLock;

use crate::cube::{Cube, CubieCube, Face, Move};

/// Number of face turns (`U U2 U' R R2 R' F … B'`, [`Move::face_turns`] order).
pub const N_MOVES: usize = 18;

/// The face turned by move index `m` (0..18): `U R F D L B` as 0..6.
#[inline]
pub const fn face_of(m: usize) -> usize {
    m / 3
}

/// The product `a · b`: first `a`, then `b` (Kociemba's convention, so applying
/// move `m` to state `s` is `s · m`).
pub fn multiply(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut out = CubieCube::SOLVED;
    for i in 0..8 {
        let from = b.cp[i] as usize;
        out.cp[i] = a.cp[from];
        out.co[i] = (a.co[from] + b.co[i]) % 3;
    }
    for i in 0..12 {
        let from = b.ep[i] as usize;
        out.ep[i] = a.ep[from];
        out.eo[i] = (a.eo[from] + b.eo[i]) % 2;
    }
    out
}

/// The inverse state: `c · inverse(c)` is solved.
pub fn inverse(c: &CubieCube) -> CubieCube {
    let mut out = CubieCube::SOLVED;
    for i in 0..8 {
        let p = c.cp[i] as usize;
        out.cp[p] = i as u8;
        out.co[p] = (3 - c.co[i]) % 3;
    }
    for i in 0..12 {
        let p = c.ep[i] as usize;
        out.ep[p] = i as u8;
        out.eo[p] = c.eo[i];
    }
    out
}

/// The 18 face turns as cubie cubes, in [`Move::face_turns`] order, each read
/// from the sticker permutation of the move applied to the solved cube.
pub fn move_cubes() -> &'static [CubieCube; N_MOVES] {
    static MOVES: OnceLock<[CubieCube; N_MOVES]> = OnceLock::new();
    MOVES.get_or_init(|| {
        let turns = Move::face_turns();
        std::array::from_fn(|m| {
            let cube = Cube::SOLVED.permuted(turns[m].perm());
            CubieCube::from_cube(&cube).expect("a face turn of the solved cube is readable")
        })
    })
}

/// Applies move index `m` to `c`.
#[inline]
pub fn apply(c: &CubieCube, m: usize) -> CubieCube {
    multiply(c, &move_cubes()[m])
}

/// The [`Move`] with index `m` (0..18).
pub fn to_move(m: usize) -> Move {
    Move::face(Face::ALL[face_of(m)], (m % 3) as u8 + 1)
}
