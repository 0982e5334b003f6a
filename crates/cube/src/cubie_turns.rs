//! Cubie arithmetic on [`CubieCube`]: the product, the inverse, and the 18
//! face turns as cubie cubes, read from the sticker model so the two views
//! cannot disagree. Both cubie solvers (`reference`, `phases-*`) turn with it.

use std::sync::OnceLock;

use super::cubie::CubieCube;
use super::moves::Move;
use super::state::Cube;

/// Number of face turns (`U U2 U' R R2 R' F … B'`, [`Move::face_turns`] order).
pub const N_FACE_TURNS: usize = 18;

/// The product `a · b`: first `a`, then `b` (Kociemba's convention, so applying
/// move `m` to state `s` is `s · m`).
#[inline]
pub fn multiply(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut out = CubieCube::SOLVED;
    for i in 0..8 {
        let j = b.cp[i] as usize;
        out.cp[i] = a.cp[j];
        let t = a.co[j] + b.co[i];
        out.co[i] = if t >= 3 { t - 3 } else { t };
    }
    for i in 0..12 {
        let j = b.ep[i] as usize;
        out.ep[i] = a.ep[j];
        out.eo[i] = a.eo[j] ^ b.eo[i];
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
pub fn face_turn_cubies() -> &'static [CubieCube; N_FACE_TURNS] {
    static TABLE: OnceLock<[CubieCube; N_FACE_TURNS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let turns = Move::face_turns();
        std::array::from_fn(|m| {
            let cube = Cube::SOLVED.permuted(turns[m].perm());
            CubieCube::from_cube(&cube).expect("a face turn of the solved cube is readable")
        })
    })
}

/// `c` after face turn `m` (0..18, [`Move::face_turns`] order).
#[inline]
pub fn turn(c: &CubieCube, m: usize) -> CubieCube {
    multiply(c, &face_turn_cubies()[m])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::{random_cubies, rng_from_seed};

    #[test]
    fn a_state_times_its_inverse_is_solved() {
        let mut rng = rng_from_seed(11);
        for _ in 0..50 {
            let c = random_cubies(&mut rng);
            assert_eq!(multiply(&c, &inverse(&c)), CubieCube::SOLVED);
            assert_eq!(multiply(&inverse(&c), &c), CubieCube::SOLVED);
        }
    }

    #[test]
    fn turns_agree_with_the_sticker_model() {
        let mut rng = rng_from_seed(12);
        let c = random_cubies(&mut rng);
        for (m, mv) in Move::face_turns().into_iter().enumerate() {
            let stickers = c.to_cube().permuted(mv.perm());
            assert_eq!(turn(&c, m).to_cube(), stickers, "{mv}");
        }
    }
}
