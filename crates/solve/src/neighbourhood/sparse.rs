//! Sparse energy deltas for table operators.
//!
//! The `facelets` energy does not change under a whole-cube rotation, so the
//! energy after an operator P equals the energy after P followed by the
//! rotation W⁻¹ that puts the centres back. That operator Q = P·W⁻¹ keeps the
//! centres and usually moves only a few stickers (at most 10 for `pll-conj`,
//! 20 for a face turn), so ΔE is a sum over those stickers only
//! ([`Prepared::delta`], one block of 16 pairs at a time).

use std::collections::HashSet;

use cubetui_cube::state::CENTRES;
use cubetui_cube::{Move, MoveKind, Perm, Rotation};

pub use cubetui_cube::sparse::{PairBlock, Prepared};

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

/// For each operator, the (position, source) pairs it moves with centres
/// fixed, in blocks of 16 ([`PairBlock`]), every operator the same number of
/// blocks (the padding changes nothing), so the evaluation has the same
/// trip count for every operator (no branch mispredictions).
#[derive(Debug, Default)]
pub struct Sparse {
    blocks: Vec<PairBlock>,
    per_op: usize,
    width: usize,
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
        let width = lists.iter().map(Vec::len).max().unwrap_or(0);
        let per_op = PairBlock::blocks_for(width);
        let mut blocks = Vec::with_capacity(per_op * lists.len());
        for l in lists {
            // A `Perm` holds sticker indices only.
            let b = PairBlock::blocks(&l).unwrap_or_default();
            let n = b.len();
            blocks.extend(b);
            blocks.extend(std::iter::repeat_n(PairBlock::UNUSED, per_op - n));
        }
        Sparse {
            blocks,
            per_op,
            width,
        }
    }

    /// Energy change of operator `k` on the prepared state `p`.
    #[inline(always)]
    pub fn delta(&self, k: usize, p: &Prepared) -> i32 {
        p.delta(
            &self.blocks[k * self.per_op..(k + 1) * self.per_op],
            self.width,
        )
    }

    /// The largest number of stickers any operator moves once its rotation
    /// is undone.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Blocks of 16 pairs every operator takes.
    pub fn blocks_per_operator(&self) -> usize {
        self.per_op
    }
}
