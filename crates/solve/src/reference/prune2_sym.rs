//! Symmetry-reduced phase-2 pruning: the eight rotations of the whole cube
//! that keep the U/D axis (y⁰…y³, each with or without x2) map G1 to
//! itself, so conjugating a cube by one of them maps each phase-2
//! coordinate to a value of the same coordinate and keeps every phase-2
//! distance. A table indexed by a permutation coordinate then needs one row
//! per class of permutations under the eight, about an eighth of the rows:
//! the U/D-edge × corner-combination table shrinks from 0.7 MB to 0.09 MB
//! (2 bits an entry), small enough to stay in the processor's second-level
//! cache beside the phase-1 tables, where a phase-2 node spent most of its
//! time waiting for it.
//!
//! Conjugation tables come from the move tables (a conjugate of `x · m` is
//! the conjugate of `x` times the conjugate of `m`), so only the ten moves
//! are conjugated through the sticker model.

use super::moves::{N_P2, P2_MOVES, to_move};
use cubetui_cube::state::CENTRES;
use cubetui_cube::{Cube, Move, MoveKind, Rotation, STICKERS};

/// The symmetries: `s` is y^(s % 4), then x2 when `s ≥ 4`.
pub const N_SYM2: usize = 8;

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
/// `x` times `m[s][k]`.
pub fn move_conj() -> [[u8; N_P2]; N_SYM2] {
    let after = |m: usize| Cube::solved().permuted(to_move(m).perm());
    std::array::from_fn(|s| {
        std::array::from_fn(|k| {
            let image = conjugate(&after(P2_MOVES[k]), s);
            (0..N_P2)
                .find(|&j| image == Some(after(P2_MOVES[j])))
                .unwrap_or(k) as u8
        })
    })
}

/// The inverse of each symmetry, from its action on the moves (which is
/// faithful: the eight permute the faces differently).
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
}
