//! Symmetry-reduced phase-2 pruning: the eight rotations of the whole cube
//! that keep the U/D axis (y⁰…y³, each with or without x2), and each of
//! them followed by the left–right mirror, map G1 to itself, so
//! conjugating a cube by one of these sixteen maps each phase-2 coordinate
//! to a value of the same coordinate and keeps every phase-2 distance. A
//! table indexed by a permutation coordinate then needs one row per class
//! of permutations under the sixteen, about a fourteenth of the rows
//! (2 768 of 40 320): the U/D-edge × corner-combination table shrinks from
//! 0.7 MB to 0.05 MB (2 bits an entry), small enough to stay in the
//! processor's second-level cache beside the phase-1 tables, where a
//! phase-2 node spent most of its time waiting for it.
//!
//! Conjugation tables come from the move tables (a conjugate of `x · m` is
//! the conjugate of `x` times the conjugate of `m`), so only the ten moves
//! are conjugated through the sticker model.

use super::moves::{N_P2, P2_MOVES, to_move};
use cubetui_cube::state::CENTRES;
use cubetui_cube::{Cube, Move, MoveKind, Rotation, STICKERS};

/// The symmetries: `s` is y^(s % 4), then x2 when `s % 8 ≥ 4`, then the
/// left–right mirror when `s ≥ 8`.
pub const N_SYM2: usize = 16;
/// Bits of a symmetry in a `class << SYM_BITS | symmetry` word.
pub const SYM_BITS: u32 = N_SYM2.trailing_zeros();
/// The symmetry's bits in such a word.
pub const SYM_MASK: u16 = N_SYM2 as u16 - 1;

/// Each G1 move's mirror image in the left–right mirror (the plane through
/// the U, F, D and B centres), as indices into [`P2_MOVES`] (U U2 U' R2 F2
/// D D2 D' L2 B2): a clockwise quarter turn of U or D becomes an
/// anticlockwise one, R2 and L2 swap, F2 and B2 stay. Conjugating by a
/// mirror maps each permutation coordinate to a value of the same
/// coordinate and keeps every phase-2 distance (its orientations are
/// never read in phase 2, so the cube model needs no mirror).
pub const MIRROR: [u8; N_P2] = [2, 1, 0, 8, 4, 7, 6, 5, 3, 9];

/// `cube` conjugated by symmetry `s` (turned, then recoloured so its
/// centres read U R F D L B again).
fn conjugate(cube: &Cube, s: usize) -> Option<Cube> {
    let mut turned = *cube;
    for _ in 0..s % 4 {
        turned = turned.permuted(Move::new(MoveKind::Rotation(Rotation::Y), 1)?.perm());
    }
    if s >= 4 {
        turned = turned.permuted(Move::new(MoveKind::Rotation(Rotation::X), 2)?.perm());
    }
    recoloured(&turned)
}

/// `m[s][k]`: the phase-2 move (an index into [`P2_MOVES`]) that move `k`
/// becomes under symmetry `s`: conjugating `x · k` gives the conjugate of
/// `x` times `m[s][k]`. The rotations through the sticker model, the
/// mirror after them by [`MIRROR`].
pub fn move_conj() -> [[u8; N_P2]; N_SYM2] {
    let after = |m: usize| Cube::solved().permuted(to_move(m).perm());
    let rotations: [[u8; N_P2]; 8] = std::array::from_fn(|s| {
        std::array::from_fn(|k| {
            let image = conjugate(&after(P2_MOVES[k]), s);
            (0..N_P2)
                .find(|&j| image == Some(after(P2_MOVES[j])))
                .unwrap_or(k) as u8
        })
    });
    std::array::from_fn(|s| {
        let r = rotations[s % 8];
        if s < 8 {
            r
        } else {
            r.map(|k| MIRROR[usize::from(k)])
        }
    })
}

/// The inverse of each symmetry, from its action on the moves (which is
/// faithful: the rotations permute the faces differently, and those with
/// the mirror turn U's quarter turns the other way).
pub fn inverses(mc: &[[u8; N_P2]; N_SYM2]) -> [u8; N_SYM2] {
    std::array::from_fn(|s| {
        (0..N_SYM2)
            .find(|&t| (0..N_P2).all(|k| usize::from(mc[t][usize::from(mc[s][k])]) == k))
            .unwrap_or(s) as u8
    })
}

/// `conj[x * N_SYM2 + s]`: value `x` of a coordinate (0 solved, `n`
/// values, moved by `mv(x, k)`) conjugated by symmetry `s`, spread from
/// the solved value along the moves. A value no move reaches maps to
/// itself.
pub fn conj_table(
    n: usize,
    mv: impl Fn(usize, usize) -> usize,
    mc: &[[u8; N_P2]; N_SYM2],
) -> Vec<u16> {
    let mut conj: Vec<u16> = (0..n * N_SYM2).map(|i| (i / N_SYM2) as u16).collect();
    let mut seen = vec![false; n];
    let mut stack = vec![0usize];
    seen[0] = true;
    while let Some(x) = stack.pop() {
        for k in 0..N_P2 {
            let y = mv(x, k);
            if y >= n || seen[y] {
                continue;
            }
            seen[y] = true;
            for (s, row) in mc.iter().enumerate() {
                let cx = usize::from(conj[x * N_SYM2 + s]);
                conj[y * N_SYM2 + s] = mv(cx, usize::from(row[k])).min(n - 1) as u16;
            }
            stack.push(y);
        }
    }
    conj
}

/// For each value, its class and the symmetry taking it to the class's
/// representative (`class << b | symmetry`, 2^b symmetries: the length of
/// `inv`, each symmetry's inverse), and the representatives.
pub fn classes(conj: &[u16], n: usize, inv: &[u8]) -> (Vec<u16>, Vec<u32>) {
    let n_sym = inv.len();
    let bits = n_sym.trailing_zeros();
    let mut class_of = vec![u16::MAX; n];
    let mut reps = Vec::new();
    for x in 0..n {
        if class_of[x] != u16::MAX {
            continue;
        }
        let c = reps.len() as u16;
        reps.push(x as u32);
        for (s, &back) in inv.iter().enumerate() {
            let y = usize::from(conj[x * n_sym + s]);
            if class_of[y] == u16::MAX {
                // s takes x to y, so its inverse takes y to x.
                class_of[y] = c << bits | u16::from(back);
            }
        }
    }
    (class_of, reps)
}

/// A turned cube recoloured so its centres read U R F D L B again (the
/// turn and the recolouring together conjugate the cube by the turn).
pub fn recoloured(turned: &Cube) -> Option<Cube> {
    let st = turned.stickers();
    let mut recolour = [u8::MAX; 6];
    for (f, &c) in CENTRES.iter().enumerate() {
        recolour[st[c] as usize] = f as u8;
    }
    if recolour.contains(&u8::MAX) {
        return None;
    }
    Cube::from_stickers(std::array::from_fn::<u8, STICKERS, _>(|i| {
        recolour[st[i] as usize]
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_maps_the_ten_moves_one_to_one_and_has_an_inverse() {
        let mc = move_conj();
        for (s, row) in mc.iter().enumerate() {
            let mut seen = [false; N_P2];
            for &k in row {
                seen[usize::from(k)] = true;
            }
            assert!(seen.iter().all(|&b| b), "symmetry {s}");
        }
        assert_eq!(mc[0], std::array::from_fn(|k| k as u8));
        // y maps U to U and R2 to another side's half turn; x2 maps U to D.
        assert_eq!(mc[1][0], 0);
        assert_ne!(mc[1][3], 3);
        assert_eq!(P2_MOVES[usize::from(mc[4][0])], 9);
        let inv = inverses(&mc);
        for s in 0..N_SYM2 {
            let t = usize::from(inv[s]);
            assert!((0..N_P2).all(|k| usize::from(mc[t][usize::from(mc[s][k])]) == k));
        }
        assert_eq!(inv[1], 3);
    }

    #[test]
    fn the_mirror_is_an_involution_and_the_sixteen_are_a_group() {
        assert!((0..N_P2).all(|k| usize::from(MIRROR[usize::from(MIRROR[k])]) == k));
        // The mirror keeps U's face and turns its quarter turn the other
        // way (U → U'), swaps R2 and L2, keeps F2.
        assert_eq!((MIRROR[0], MIRROR[3], MIRROR[4]), (2, 8, 4));
        let mc = move_conj();
        assert_eq!(mc[8], MIRROR);
        let rows: std::collections::HashSet<_> = mc.iter().collect();
        assert_eq!(rows.len(), N_SYM2, "sixteen different actions on the moves");
        for a in &mc {
            for b in &mc {
                let composed: [u8; N_P2] = std::array::from_fn(|k| a[usize::from(b[k])]);
                assert!(rows.contains(&composed), "closed under composition");
            }
        }
    }
}
