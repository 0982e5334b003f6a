//! Symmetry-reduced phase-1 pruning: the half turns of the whole cube about
//! its three axes (x2, y2, z2), each with or without the left–right mirror,
//! keep the U/D axis, the E slice and the orientation conventions (the
//! mirror keeps every face's U/D and F/B stickers where the conventions
//! read them, and turns a corner's clockwise twist into an anticlockwise
//! one), so conjugating a cube by one of these eight maps twist to twist,
//! flip to flip and slice positions to slice positions, and keeps every
//! distance to G1. A pruning table then needs one row per class of
//! twists (or flips) under these symmetries instead of one per value: the
//! tables shrink about eight times and stay in the processor's cache,
//! which is what a phase-1 node spends its time on (min2phase reduces its
//! phase-1 tables by the same eight).
//!
//! Each reduced table is kept twice: 4 bits an entry (exact distances, read
//! once per search for its root) and 2 bits an entry (distances modulo 3,
//! what the search reads: a child's distance is its parent's minus one,
//! the same or plus one, and the value mod 3 tells which).
//!
//! The reduced tables are derived from the full ones (so the cache file's
//! format does not change) when the tables are assembled.

use super::coord::{self, N_FLIP, N_SLICE_PERM, N_SLICE_POS, N_TWIST};
use super::moves::{N_MOVES, to_move};
use super::prune1_packed::{Hot, Parts, nibble, pack};
pub use super::prune1_packed::{N_SYM, SYM_BITS};
use super::prune2_sym::{classes, recoloured};
use cubetui_cube::{Cube, CubieCube, Move, MoveKind, Rotation, STICKERS};

/// Symmetry `s`: the rotation `ROTATIONS[s & 3]`, then the mirror when
/// `s & 4` is set.
const ROTATIONS: [Option<Rotation>; 4] = [
    None,
    Some(Rotation::X),
    Some(Rotation::Y),
    Some(Rotation::Z),
];

/// The sticker the left–right mirror takes sticker `i` to (facelet-string
/// order, faces U R F D L B, each read row by row): on U, F, D and B the
/// column reverses; R and L swap, the column reversing (R's first column
/// is at the front, L's last).
const fn mirror_of(i: usize) -> usize {
    let (face, row, col) = (i / 9, i % 9 / 3, i % 3);
    let to = match face {
        1 => 4,
        4 => 1,
        f => f,
    };
    to * 9 + row * 3 + 2 - col
}

/// `cube` mirrored left to right, its stickers' colours kept (a cube of
/// the mirrored world; [`recoloured`] then makes it a conjugate).
fn mirrored(cube: &Cube) -> Option<Cube> {
    let st = cube.stickers();
    Cube::from_stickers(std::array::from_fn::<u8, STICKERS, _>(|i| st[mirror_of(i)]))
}

/// `cube` turned (and mirrored) by symmetry `s` and recoloured so its
/// centres read U R F D L B again: the conjugate of the cube by the
/// symmetry.
fn conjugate(cube: &Cube, s: usize) -> Option<Cube> {
    let turned = match ROTATIONS[s & 3] {
        Some(r) => cube.permuted(Move::new(MoveKind::Rotation(r), 2)?.perm()),
        None => *cube,
    };
    let placed = if s & 4 != 0 {
        mirrored(&turned)?
    } else {
        turned
    };
    recoloured(&placed)
}

/// `conj[x * N_SYM + s]`: coordinate `x` conjugated by symmetry `s`, through
/// the sticker model.
fn conj_table(
    n: usize,
    set: impl Fn(&mut CubieCube, usize),
    get: impl Fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * N_SYM);
    for x in 0..n {
        let mut c = CubieCube::SOLVED;
        set(&mut c, x);
        let cube = c.to_cube();
        for s in 0..N_SYM {
            let y = conjugate(&cube, s)
                .and_then(|k| CubieCube::from_cube(&k).ok())
                .map_or(x, |k| get(&k));
            out.push(y as u16);
        }
    }
    out
}

/// `out[s][m]`: face turn `m` conjugated by symmetry `s` (the turn `m'`
/// with `conj(c · m) = conj(c) · m'` for every cube `c`), found on the
/// solved cube's images.
fn move_conj() -> [[u8; N_MOVES]; N_SYM] {
    let turned = |m: usize| Cube::SOLVED.permuted(to_move(m).perm());
    std::array::from_fn(|s| {
        std::array::from_fn(|m| {
            let image = conjugate(&turned(m), s);
            (0..N_MOVES)
                .find(|&k| Some(turned(k)) == image)
                .map_or(m, |k| k) as u8
        })
    })
}

/// The reduced phase-1 pruning tables (4 bits an entry) and what indexes them.
#[derive(Clone, PartialEq, Eq)]
pub struct SymPrune {
    /// Twist → class << SYM_BITS | symmetry to the representative.
    twist_class: Vec<u16>,
    /// Flip → class << SYM_BITS | symmetry to the representative.
    flip_class: Vec<u16>,
    /// Slice position × symmetry → conjugated position.
    pos_conj: Vec<u16>,
    /// Flip × symmetry → conjugated flip.
    flip_conj: Vec<u16>,
    /// Twist class × slice position (4 bits an entry, see `pack`).
    twist_slice: Vec<u8>,
    /// Flip class × slice position (4 bits an entry).
    flip_slice: Vec<u8>,
    /// Twist class × flip (4 bits an entry).
    twist_flip: Vec<u8>,
    /// The same three tables modulo 3, 2 bits an entry, with the class
    /// and conjugation tables: what the phase-1 search reads.
    pub hot: Hot,
}

impl SymPrune {
    /// Reduces the full tables (twist × slice positions, flip × slice
    /// positions, twist × flip), with the raw twist and flip move tables
    /// (`N_MOVES` to a value) for the class move tables.
    pub fn new(
        twist_slice: &[u8],
        flip_slice: &[u8],
        twist_flip: &[u8],
        twist_mv: &[u16],
        flip_mv: &[u16],
    ) -> SymPrune {
        let twist_conj = conj_table(N_TWIST, coord::set_twist, coord::twist);
        let flip_conj = conj_table(N_FLIP, coord::set_flip, coord::flip);
        let pos_conj = conj_table(
            N_SLICE_POS,
            |c, p| coord::set_slice(c, p * N_SLICE_PERM),
            |c| coord::slice(c) / N_SLICE_PERM,
        );
        // Each symmetry is its own inverse.
        const SELF: [u8; N_SYM] = [0, 1, 2, 3, 4, 5, 6, 7];
        let (twist_class, twist_reps) = classes(&twist_conj, N_TWIST, &SELF);
        let (flip_class, flip_reps) = classes(&flip_conj, N_FLIP, &SELF);
        let rows = |full: &[u8], reps: &[u32], width: usize| -> Vec<u8> {
            reps.iter()
                .flat_map(|&r| full[r as usize * width..(r as usize + 1) * width].iter())
                .copied()
                .collect()
        };
        let ts = rows(twist_slice, &twist_reps, N_SLICE_POS);
        let fs = rows(flip_slice, &flip_reps, N_SLICE_POS);
        let tf = rows(twist_flip, &twist_reps, N_FLIP);
        let hot = Hot::new(&Parts {
            twist_class: &twist_class,
            flip_class: &flip_class,
            twist_reps: &twist_reps,
            flip_reps: &flip_reps,
            twist_mv,
            flip_mv,
            pos_conj: &pos_conj,
            flip_conj: &flip_conj,
            move_conj: move_conj(),
            twist_slice: &ts,
            flip_slice: &fs,
            twist_flip: &tf,
        });
        SymPrune {
            hot,
            twist_slice: pack(&ts),
            flip_slice: pack(&fs),
            twist_flip: pack(&tf),
            twist_class,
            flip_class,
            pos_conj,
            flip_conj,
        }
    }

    /// Twist → class << SYM_BITS | symmetry (see [`SymPrune::twist_slice_of`]).
    #[inline]
    pub fn twist_class(&self, twist: usize) -> u16 {
        self.twist_class[twist]
    }

    /// Flip → class << SYM_BITS | symmetry (see [`SymPrune::flip_slice_of`]).
    #[inline]
    pub fn flip_class(&self, flip: usize) -> u16 {
        self.flip_class[flip]
    }

    /// [`SymPrune::twist_slice`] from the twist's class and symmetry `e`.
    #[inline]
    pub fn twist_slice_of(&self, e: usize, pos: usize) -> u8 {
        let p = self.pos_conj[pos * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.twist_slice, (e >> SYM_BITS) * N_SLICE_POS + p)
    }

    /// [`SymPrune::flip_slice`] from the flip's class and symmetry `e`.
    #[inline]
    pub fn flip_slice_of(&self, e: usize, pos: usize) -> u8 {
        let p = self.pos_conj[pos * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.flip_slice, (e >> SYM_BITS) * N_SLICE_POS + p)
    }

    /// [`SymPrune::twist_flip`] from the twist's class and symmetry `e`.
    #[inline]
    pub fn twist_flip_of(&self, e: usize, flip: usize) -> u8 {
        let f = self.flip_conj[flip * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.twist_flip, (e >> SYM_BITS) * N_FLIP + f)
    }

    /// Phase-1 distance bound in (twist, slice positions).
    #[inline]
    pub fn twist_slice(&self, twist: usize, pos: usize) -> u8 {
        let e = self.twist_class[twist] as usize;
        let p = self.pos_conj[pos * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.twist_slice, (e >> SYM_BITS) * N_SLICE_POS + p)
    }

    /// Phase-1 distance bound in (flip, slice positions).
    #[inline]
    pub fn flip_slice(&self, flip: usize, pos: usize) -> u8 {
        let e = self.flip_class[flip] as usize;
        let p = self.pos_conj[pos * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.flip_slice, (e >> SYM_BITS) * N_SLICE_POS + p)
    }

    /// Phase-1 distance bound in (twist, flip).
    #[inline]
    pub fn twist_flip(&self, twist: usize, flip: usize) -> u8 {
        let e = self.twist_class[twist] as usize;
        let f = self.flip_conj[flip * N_SYM + (e & (N_SYM - 1))] as usize;
        nibble(&self.twist_flip, (e >> SYM_BITS) * N_FLIP + f)
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        2 * (self.twist_class.len()
            + self.flip_class.len()
            + self.pos_conj.len()
            + self.flip_conj.len())
            + self.twist_slice.len()
            + self.flip_slice.len()
            + self.twist_flip.len()
            + self.hot.bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::prune1_packed::{N_FLIP_CLASS, N_TWIST_CLASS};

    const SYMS: [u8; N_SYM] = [0, 1, 2, 3, 4, 5, 6, 7];

    #[test]
    fn a_symmetry_is_its_own_inverse_and_keeps_the_goal() {
        let t = conj_table(N_TWIST, coord::set_twist, coord::twist);
        for x in 0..N_TWIST {
            for s in 0..N_SYM {
                let y = t[x * N_SYM + s] as usize;
                assert_eq!(t[y * N_SYM + s] as usize, x);
            }
        }
        assert!((0..N_SYM).all(|s| t[s] == 0));
        // x2 is no identity on twists.
        assert!((0..N_TWIST).any(|x| t[x * N_SYM + 1] as usize != x));
    }

    #[test]
    fn the_mirror_swaps_left_and_right_and_reverses_every_turn() {
        let cube = |alg: &str| Cube::from_perm(&alg.parse::<cubetui_cube::Alg>().unwrap().perm());
        assert_eq!(conjugate(&Cube::SOLVED, 4), Some(Cube::SOLVED));
        for (turn, image) in [
            ("R", "L'"),
            ("L2", "R2"),
            ("U", "U'"),
            ("D'", "D"),
            ("F", "F'"),
            ("B", "B'"),
        ] {
            assert_eq!(conjugate(&cube(turn), 4), Some(cube(image)), "{turn}");
        }
        let c = cube("R U F' D2 L B");
        let twice = conjugate(&c, 4).and_then(|m| conjugate(&m, 4));
        assert_eq!(twice, Some(c));
    }

    #[test]
    fn a_word_moved_by_its_class_row_is_the_moved_coordinates_word() {
        use crate::reference::tables::Tables;
        use cubetui_cube::random::rng_from_seed;
        use rand::RngExt;
        let t = Tables::build();
        let hot = &t.sym.hot;
        let tconj = conj_table(N_TWIST, coord::set_twist, coord::twist);
        let fconj = conj_table(N_FLIP, coord::set_flip, coord::flip);
        let (_, treps) = classes(&tconj, N_TWIST, &SYMS);
        let (_, freps) = classes(&fconj, N_FLIP, &SYMS);
        // The word's symmetry takes the coordinate to its class's
        // representative.
        let agrees = |word: u16, x: usize, conj: &[u16], reps: &[u32]| {
            let (c, s) = (usize::from(word >> SYM_BITS), usize::from(word) % N_SYM);
            u32::from(conj[x * N_SYM + s]) == reps[c]
        };
        let mut rng = rng_from_seed(5);
        for _ in 0..300 {
            let (mut tw, mut fl) = (rng.random_range(0..N_TWIST), rng.random_range(0..N_FLIP));
            let mut words = (hot.twist_class(tw as u16), hot.flip_class(fl as u16));
            for step in 0..40 {
                let m = rng.random_range(0..N_MOVES);
                words = hot.moved(words.0, words.1, m);
                tw = usize::from(t.twist_mv[tw * N_MOVES + m]);
                fl = usize::from(t.flip_mv[fl * N_MOVES + m]);
                assert!(
                    agrees(words.0, tw, &tconj, &treps),
                    "twist {tw}, step {step}"
                );
                assert!(
                    agrees(words.1, fl, &fconj, &freps),
                    "flip {fl}, step {step}"
                );
            }
        }
    }

    #[test]
    fn the_class_counts_are_the_hot_tables_sizes() {
        let t = conj_table(N_TWIST, coord::set_twist, coord::twist);
        let f = conj_table(N_FLIP, coord::set_flip, coord::flip);
        assert_eq!(classes(&t, N_TWIST, &SYMS).1.len(), N_TWIST_CLASS);
        assert_eq!(classes(&f, N_FLIP, &SYMS).1.len(), N_FLIP_CLASS);
    }
}
