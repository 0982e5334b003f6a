//! Stage 3 of the constructive seed ([`super::build`]): short commutators
//! placed greedily, as the Santa 2023 winners brought their cubes to a
//! half-solved state. The words are every [X, Y] = X Y X⁻¹ Y⁻¹ (four
//! turns) and every [X, Y Z] = X Y Z X⁻¹ Z⁻¹ Y⁻¹ with Y, Z two layers
//! about one axis (six turns: [X, Y] and [X, Z] at once, shorter than the
//! two) of single-layer turns about different axes, none of them an odd
//! size's middle layer, that move none of the exact part's stickers
//! (corners, middle edges, fixed centres) and few stickers at all (at
//! most [`MOST_MOVED`] per two layers; on big cubes the [di, rj] of two
//! inner slices: two centre 3-cycles for four turns). One placement tries
//! every word at every position of the sequence (a spaced subset of the
//! positions past a work cap) and keeps the one of fewest turns added per
//! misplaced sticker put right at the end.
//!
//! Past [`WIDE_UPTO`] the words are the [X, Y] of two free layers only:
//! the [X, Y Z] grow with the cube of the size (some 36 000 on the 10×10,
//! two million on the 32×32) and a scan over them covers a few positions
//! of the sequence; an outer layer's [X, Y] moves more than
//! [`MOST_MOVED`] stickers there anyway. Up to the 10×10 they pay for
//! their time within the seconds a run has there (docs/performance.md).

use std::collections::HashSet;
use std::sync::OnceLock;

use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};

use super::comms::{MOST_MOVED, Scan};
use super::parity::free;
use super::seq::{Mv, Turns};
use crate::neighbourhood::cycles::sparse::{Pairs, Scratch};

/// The largest size whose words include the [X, Y Z] and the outer
/// layers ([`Words`]).
pub const WIDE_UPTO: usize = 10;

/// The commutator words of one size and their permutations.
#[derive(Debug)]
pub(super) struct Words {
    words: Vec<Vec<Mv>>,
    pairs: Vec<Pairs>,
    moved: usize,
}

/// Each size's words, built on first use.
static WORDS: [OnceLock<Words>; Size::MAX + 1] = [const { OnceLock::new() }; Size::MAX + 1];

impl Words {
    fn build(size: Size) -> Words {
        let turns = Turns::new(size);
        let n = size.get() as u8;
        let o = orbits(size);
        let mut exact = vec![false; size.stickers()];
        for orbit in o.all() {
            if matches!(
                orbit.kind,
                OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Fixed
            ) {
                for &s in orbit.pieces.iter().flatten() {
                    exact[s as usize] = true;
                }
            }
        }
        // Every layer but an odd size's middle one (past `WIDE_UPTO` the
        // free ones).
        let wide = size.get() <= WIDE_UPTO;
        let layers: Vec<u8> = (1..=n)
            .filter(|&l| free(size, l) || (wide && (l == 1 || l == n)))
            .collect();
        let all = |axis: u8| {
            layers
                .clone()
                .into_iter()
                .flat_map(move |layer| (1..=3u8).map(move |turns| Mv { axis, layer, turns }))
        };
        let mut scratch = Scratch::new(size.stickers());
        let mut seen = HashSet::new();
        let mut out = Words {
            words: Vec::new(),
            pairs: Vec::new(),
            moved: 0,
        };
        let mut keep = |word: Vec<Mv>, p: Pairs, most: usize, out: &mut Words| {
            if p.is_empty()
                || p.len() > most
                || p.iter().any(|&[i, _]| exact[i as usize])
                || !seen.insert(p.clone())
            {
                return;
            }
            out.moved += p.len();
            out.words.push(word);
            out.pairs.push(p);
        };
        for a in 0..3u8 {
            for b in (0..3u8).filter(|&b| b != a) {
                for x in all(a) {
                    for y in all(b) {
                        let p = scratch.commutator(turns.pairs(x), turns.pairs(y));
                        keep(
                            vec![x, y, x.inverse(), y.inverse()],
                            p,
                            MOST_MOVED,
                            &mut out,
                        );
                        for z in all(b).filter(|z| wide && z.layer > y.layer) {
                            let yz = scratch.product(&[turns.pairs(y), turns.pairs(z)]);
                            let p = scratch.commutator(turns.pairs(x), &yz);
                            let word = vec![x, y, z, x.inverse(), z.inverse(), y.inverse()];
                            keep(word, p, 2 * MOST_MOVED, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    /// The words of `size`, built on first use and kept.
    pub(super) fn of(size: Size) -> &'static Words {
        WORDS[size.get()].get_or_init(|| Words::build(size))
    }

    pub(super) fn len(&self) -> usize {
        self.words.len()
    }

    /// The scan over these words, looking at `cap` sticker pairs at most.
    pub(super) fn scan(&self, cap: usize) -> Scan<'_> {
        Scan {
            pairs: &self.pairs,
            moved: self.moved,
            cap,
        }
    }

    /// Word `k`'s turns.
    pub(super) fn word(&self, k: usize) -> &[Mv] {
        &self.words[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word makes its permutation, moves none of the exact part's
    /// stickers, and the six-turn ones are there.
    #[test]
    fn every_word_makes_its_permutation_and_keeps_the_exact_part() {
        for n in [4, 5] {
            let size = Size::new(n).unwrap();
            let w = Words::of(size);
            let turns = Turns::new(size);
            assert!(w.len() > 100, "{n}: {}", w.len());
            assert!(w.words.iter().any(|x| x.len() == 6), "{n}");
            let o = orbits(size);
            for k in (0..w.len()).step_by(7) {
                let mut s: Vec<u8> = (0..size.stickers()).map(|i| i as u8).collect();
                turns.replay(&mut s, w.word(k), &mut Vec::new());
                let moved: Pairs = s
                    .iter()
                    .enumerate()
                    .filter(|&(i, &c)| i != c as usize)
                    .map(|(i, &c)| [i as u16, u16::from(c)])
                    .collect();
                assert_eq!(moved, w.pairs[k], "{n} {k}");
                for &[i, _] in &moved {
                    let kind = o.all()[o.orbit_of(i as usize)].kind;
                    assert!(
                        !matches!(
                            kind,
                            OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Fixed
                        ),
                        "{n} {k}"
                    );
                }
            }
        }
        // Past `WIDE_UPTO`: four-turn words of free layers only.
        let size = Size::new(WIDE_UPTO + 2).unwrap();
        let w = Words::of(size);
        assert!(w.len() > 1000, "{}", w.len());
        assert!(
            w.words
                .iter()
                .all(|x| x.len() == 4 && x.iter().all(|m| free(size, m.layer)))
        );
    }
}
