//! Sparse changes of the `facelets` energy (stickers that differ from the
//! centre of their face): how many more or fewer stickers are misplaced
//! after a permutation that keeps the centres and moves few stickers.
//!
//! A state is [`Prepared`] once (its stickers, and the colour each position
//! should show), then any such permutation, given as [`PairBlock`]s of 16
//! (position, source) pairs, costs one pass over its pairs. On x86_64 with
//! AVX2 (the rule of [`crate::kernel::backend`]) a block of 16 pairs is one
//! pass of `vpshufb` lookups: the positions and the sources in the two
//! halves of one register, looked up in the stickers and in the wanted
//! colours at once, then one compare and two popcounts. Everywhere else a
//! scalar loop computes the same thing; tests check the two agree.

use crate::kernel::{CENTRES, Lanes, STICKERS};
use crate::state::Cube;

/// The index of an unused pair: a padding byte, zero in both the stickers
/// and the wanted colours, so an unused pair changes nothing.
const PAD: u8 = 63;

/// Pairs in one block.
pub const PAIRS: usize = 16;

/// Up to [`PAIRS`] (position, source) pairs of a permutation: after it,
/// position `p` shows what position `s` showed. Positions in bytes 0..16,
/// sources in bytes 16..32, in one aligned 32-byte block (one vector load).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(32))]
pub struct PairBlock([u8; 2 * PAIRS]);

impl PairBlock {
    /// The pairs `pairs` as blocks of [`PAIRS`], the last one padded with
    /// unused pairs; `None` when a position or source is not a sticker
    /// index (0..54).
    pub fn blocks(pairs: &[[u8; 2]]) -> Option<Vec<PairBlock>> {
        if pairs.iter().flatten().any(|&i| usize::from(i) >= STICKERS) {
            return None;
        }
        Some(
            pairs
                .chunks(PAIRS)
                .map(|chunk| {
                    let mut b = [PAD; 2 * PAIRS];
                    for (j, &[p, s]) in chunk.iter().enumerate() {
                        b[j] = p;
                        b[PAIRS + j] = s;
                    }
                    PairBlock(b)
                })
                .collect(),
        )
    }

    /// Blocks needed for `n` pairs (at least one).
    pub fn blocks_for(n: usize) -> usize {
        n.div_ceil(PAIRS).max(1)
    }

    /// An unused block (changes nothing): to pad a table of blocks.
    pub const UNUSED: PairBlock = PairBlock([PAD; 2 * PAIRS]);
}

/// A state prepared for sparse deltas: its stickers, and the colour each
/// position should show (its face's centre colour), both padded to 64
/// bytes with zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prepared {
    stickers: Lanes,
    wants: Lanes,
}

impl Prepared {
    /// Not forced inline: it runs on acceptance only, and inlined it spread
    /// the annealer's hot loop over more code (`cargo bench --bench
    /// sa_throughput`).
    pub fn new(cube: &Cube) -> Prepared {
        let s = cube.stickers();
        let mut wants = [0u8; 64];
        for (f, chunk) in wants[..STICKERS].chunks_exact_mut(9).enumerate() {
            chunk.fill(s[CENTRES[f]]);
        }
        Prepared {
            stickers: cube.lanes,
            wants: Lanes(wants),
        }
    }

    /// The change in misplaced stickers made by the permutation whose
    /// pairs are `blocks`, which must keep the centres (a permutation
    /// that moves a centre changes what the other stickers should show).
    /// Only the first `width` pairs may be used (the rest of the blocks
    /// unused pairs): the scalar loop stops there, the vector one reads
    /// whole blocks.
    #[inline]
    pub fn delta(&self, blocks: &[PairBlock], width: usize) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if crate::kernel::use_avx2() {
            // SAFETY: AVX2 and POPCNT are available (checked just above).
            return unsafe { avx2::delta(self, blocks) };
        }
        scalar_delta(self, blocks, width)
    }

    /// [`Prepared::delta`] of pairs given as a list (any length; indices
    /// taken modulo 64), by the scalar loop.
    #[inline]
    pub fn delta_pairs(&self, pairs: &[[u16; 2]]) -> i32 {
        pairs
            .iter()
            .map(|&[p, s]| self.pair(p as usize, s as usize))
            .sum()
    }

    /// Whether position `i` (modulo 64) shows a colour other than its
    /// face's centre.
    #[inline]
    pub fn misplaced_at(&self, i: usize) -> bool {
        self.stickers.0[i & 63] != self.wants.0[i & 63]
    }

    /// The change one pair makes: −1, 0 or 1.
    #[inline(always)]
    fn pair(&self, p: usize, s: usize) -> i32 {
        let want = self.wants.0[p & 63];
        i32::from(self.stickers.0[s & 63] != want) - i32::from(self.stickers.0[p & 63] != want)
    }
}

/// The portable form of [`Prepared::delta`] (the reference for the vector
/// one): the first `width` pairs, rounded up to a multiple of 4 (the
/// padding changes nothing), in groups of 4 with a sum for each lane.
#[inline]
pub(crate) fn scalar_delta(p: &Prepared, blocks: &[PairBlock], width: usize) -> i32 {
    let mut d = [0i32; 4];
    let mut left = width.next_multiple_of(4);
    for b in blocks {
        let n = left.min(PAIRS);
        left -= n;
        let (pos, src) = b.0.split_at(PAIRS);
        for (pos, src) in pos[..n].chunks_exact(4).zip(src.chunks_exact(4)) {
            for ((acc, &q), &s) in d.iter_mut().zip(pos).zip(src) {
                *acc += p.pair(q as usize, s as usize);
            }
        }
    }
    d.iter().sum()
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{PAIRS, PairBlock, Prepared};
    use crate::kernel::avx2::{chunks, select};

    /// # Safety
    /// The CPU must support AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn delta(p: &Prepared, blocks: &[PairBlock]) -> i32 {
        unsafe {
            let have = chunks(&p.stickers);
            let want = chunks(&p.wants);
            let mut d = 0i32;
            for b in blocks {
                // SAFETY: a `PairBlock` is 32 bytes, 32-byte aligned.
                let idx = _mm256_load_si256(b.0.as_ptr() as *const __m256i);
                // [stickers at the positions | stickers at the sources]
                let s = select(&have, idx);
                // [wanted colours at the positions | …], the first half in both.
                let w = select(&want, idx);
                let w = _mm256_permute2x128_si256::<0x00>(w, w);
                let good = _mm256_movemask_epi8(_mm256_cmpeq_epi8(s, w)) as u32;
                // Stickers good before and after: ΔE = before − after.
                d += (good & 0xffff).count_ones() as i32 - (good >> PAIRS).count_ones() as i32;
            }
            d
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::FileFailurePersistence;

    /// A state of any colours (centres too) and a list of pairs.
    fn arb_case() -> impl Strategy<Value = ([u8; STICKERS], Vec<[u8; 2]>)> {
        (
            prop::collection::vec(0u8..6, STICKERS),
            prop::collection::vec([0u8..54, 0u8..54], 0..40),
        )
            .prop_map(|(s, p)| (s.try_into().expect("54 entries"), p))
    }

    proptest! {
        // Saved failure cases go under this crate's tests/, as the kernel's do.
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
                "tests/cube_sparse_unit.proptest-regressions",
            ))),
            ..ProptestConfig::default()
        })]
        #[test]
        fn vector_and_scalar_deltas_agree((s, pairs) in arb_case()) {
            let p = Prepared::new(&Cube::from_stickers(s).expect("colours 0..6"));
            let blocks = PairBlock::blocks(&pairs).expect("sticker indices");
            let by_list: i32 = pairs.iter().map(|&[a, b]| p.pair(a.into(), b.into())).sum();
            let width = pairs.len();
            prop_assert_eq!(scalar_delta(&p, &blocks, width), by_list);
            prop_assert_eq!(scalar_delta(&p, &blocks, blocks.len() * PAIRS), by_list);
            prop_assert_eq!(p.delta(&blocks, width), by_list);
            let wide: Vec<[u16; 2]> = pairs.iter().map(|&[a, b]| [a.into(), b.into()]).collect();
            prop_assert_eq!(p.delta_pairs(&wide), by_list);
        }
    }

    #[test]
    fn a_pair_counts_what_it_fixes_and_breaks() {
        // Sticker 0 (U face) shows R's colour; sticker 9 (R face) shows U's.
        let mut s = *Cube::SOLVED.stickers();
        s.swap(0, 9);
        let p = Prepared::new(&Cube::from_stickers(s).expect("colours"));
        assert!(p.misplaced_at(0) && p.misplaced_at(9) && !p.misplaced_at(1));
        // Swapping them back fixes two; U's colour from position 1 onto 0
        // fixes one; R's colour from position 0 onto 1 breaks one.
        let swap = PairBlock::blocks(&[[0, 9], [9, 0]]).expect("indices");
        assert_eq!(p.delta(&swap, 2), -2);
        assert_eq!(
            p.delta(&PairBlock::blocks(&[[0, 1]]).expect("indices"), 1),
            -1
        );
        assert_eq!(
            p.delta(&PairBlock::blocks(&[[1, 0]]).expect("indices"), 1),
            1
        );
        assert_eq!(p.delta(&[PairBlock::UNUSED], 16), 0);
        assert_eq!(PairBlock::blocks(&[[0, 54]]), None);
        assert_eq!(PairBlock::blocks(&[]).map(|b| b.len()), Some(0));
        assert_eq!(
            (
                PairBlock::blocks_for(0),
                PairBlock::blocks_for(16),
                PairBlock::blocks_for(17)
            ),
            (1, 1, 2)
        );
    }
}
