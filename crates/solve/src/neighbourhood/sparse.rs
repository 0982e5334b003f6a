//! Sparse energy deltas for table operators.
//!
//! The `facelets` energy does not change under a whole-cube rotation, so the
//! energy after an operator P equals the energy after P followed by the
//! rotation W⁻¹ that puts the centres back. That operator Q = P·W⁻¹ keeps the
//! centres and usually moves only a few stickers (8–12 for `pll-conj`, 20 for
//! a face turn), so ΔE is a sum over those stickers only.

use std::collections::HashSet;

use cubetui_cube::state::CENTRES;
use cubetui_cube::{Cube, Move, MoveKind, Perm, Rotation, STICKERS};

/// The 24 whole-cube rotations as permutations.
pub fn rotations() -> Vec<Perm> {
    let gens = [
        *Move::new(MoveKind::Rotation(Rotation::X), 1)
            .expect("x")
            .perm(),
        *Move::new(MoveKind::Rotation(Rotation::Y), 1)
            .expect("y")
            .perm(),
    ];
    let mut seen: HashSet<Perm> = HashSet::from([Perm::IDENTITY]);
    let mut all = vec![Perm::IDENTITY];
    let mut i = 0;
    while i < all.len() {
        for g in &gens {
            let p = all[i].then(g);
            if seen.insert(p) {
                all.push(p);
            }
        }
        i += 1;
    }
    all
}

/// `p` followed by the rotation that restores the centres.
pub fn centres_fixed(p: &Perm, rotations: &[Perm]) -> Perm {
    let w = rotations
        .iter()
        .find(|w| CENTRES.iter().all(|&c| w.table()[c] == p.table()[c]))
        .expect("every cube operator moves the centres like some rotation");
    p.then(&w.inverse())
}

/// For each operator, the (position, source) pairs it moves, with centres
/// fixed, padded with no-op pairs to one common width so the evaluation loop
/// has the same trip count for every operator (no branch mispredictions).
#[derive(Debug, Default)]
pub struct Sparse {
    pairs: Vec<[u8; 2]>,
    width: usize,
}

/// Padding pair: position 63 of a [`Prepared`] state is never a sticker.
const PAD: [u8; 2] = [63, 63];

/// A state prepared for sparse deltas: its stickers and the colour each
/// position should show (its face's centre colour), padded to 64 entries so
/// indexing needs no bounds checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prepared {
    /// `want << 8 | colour` for every position, so one load gives both.
    packed: [u16; 64],
}

impl Prepared {
    /// Not forced inline: it runs on acceptance only, and inlined it
    /// spread the annealer's hot loop over more code (see
    /// `cargo bench --bench sa_throughput`).
    pub fn new(cube: &Cube) -> Prepared {
        let s = cube.stickers();
        let mut p = Prepared { packed: [0; 64] };
        for (f, chunk) in p.packed[..STICKERS].chunks_exact_mut(9).enumerate() {
            let want = u16::from(s[CENTRES[f]]) << 8;
            for (slot, &c) in chunk.iter_mut().zip(&s[f * 9..f * 9 + 9]) {
                *slot = want | u16::from(c);
            }
        }
        p
    }
}

impl Prepared {
    /// Energy change of the sparse permutation `pairs` ((position, source),
    /// 3×3 sticker indices) on this state.
    #[inline]
    pub fn delta_pairs(&self, pairs: &[[u16; 2]]) -> i32 {
        let mut d = 0;
        for &[i, src] in pairs {
            let here = self.packed[i as usize & 63];
            let want = here >> 8;
            let new_bad = (self.packed[src as usize & 63] & 0xff) != want;
            let old_bad = (here & 0xff) != want;
            d += new_bad as i32 - old_bad as i32;
        }
        d
    }

    /// Whether position `i` shows a colour other than its face's centre.
    #[inline]
    pub fn misplaced_at(&self, i: usize) -> bool {
        let here = self.packed[i & 63];
        (here & 0xff) != here >> 8
    }
}

impl Sparse {
    pub fn new(perms: &[Perm]) -> Sparse {
        let rots = rotations();
        let lists: Vec<Vec<[u8; 2]>> = perms
            .iter()
            .map(|p| {
                let q = centres_fixed(p, &rots);
                q.moved().map(|i| [i as u8, q.table()[i]]).collect()
            })
            .collect();
        // A multiple of 4 so the evaluation loop runs in unrolled groups of 4.
        let width = lists
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(0)
            .max(1)
            .div_ceil(4)
            * 4;
        let mut pairs = Vec::with_capacity(width * lists.len());
        for l in lists {
            let n = l.len();
            pairs.extend(l);
            pairs.extend(std::iter::repeat_n(PAD, width - n));
        }
        Sparse { pairs, width }
    }

    /// Energy change of operator `k` on the prepared state `p`.
    #[inline(always)]
    pub fn delta(&self, k: usize, p: &Prepared) -> i32 {
        let mut d = [0i32; 4];
        for group in self.pairs[k * self.width..(k + 1) * self.width].chunks_exact(4) {
            for (acc, &[i, src]) in d.iter_mut().zip(group) {
                let here = p.packed[i as usize & 63];
                let want = here >> 8;
                let new_bad = (p.packed[src as usize & 63] & 0xff) != want;
                let old_bad = (here & 0xff) != want;
                *acc += new_bad as i32 - old_bad as i32;
            }
        }
        d.iter().sum()
    }

    /// The number of (position, source) pairs kept per operator: the largest
    /// number of stickers any operator moves once its rotation is undone.
    pub fn width(&self) -> usize {
        self.width
    }
}
