//! Sticker permutations of N×N moves, one table per move, built on first use
//! and kept for the life of the program (one cache per size).
//!
//! A move permutes few stickers (an outer turn of a 5×5 moves 44 of 150), all
//! in cycles of one length (4 for a quarter turn, 2 for a half turn), so a
//! move is applied in place by rotating those cycles: no pass over the whole
//! sticker array.

use std::sync::OnceLock;

use super::error::MoveSizeError;
use super::geometry::quarter_turn;
use super::moves::{NxnKind, NxnMove};
use super::size::Size;

/// The sticker permutation of one move on one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePerm {
    /// Gather form: position `i` receives the sticker from `gather[i]`.
    gather: Box<[u16]>,
    /// The moved stickers as cycles of `cycle_len`, flat: in each cycle
    /// `[a, b, …]`, `a` receives from `b`, `b` from the next, the last from `a`.
    cycles: Box<[u16]>,
    cycle_len: usize,
}

impl MovePerm {
    /// Builds from a gather table of a bijection whose nontrivial cycles all
    /// have one length (every power of a layer turn); `None` otherwise.
    fn from_gather(gather: Vec<u16>) -> Option<MovePerm> {
        let mut seen = vec![false; gather.len()];
        let mut cycles = Vec::new();
        let mut cycle_len = 0;
        for start in 0..gather.len() {
            if seen[start] || gather[start] as usize == start {
                continue;
            }
            let mut len = 0;
            let mut i = start;
            while !seen[i] {
                seen[i] = true;
                cycles.push(i as u16);
                len += 1;
                i = *gather.get(i)? as usize;
                if i >= gather.len() {
                    return None;
                }
            }
            if i != start || (cycle_len != 0 && cycle_len != len) {
                return None;
            }
            cycle_len = len;
        }
        Some(MovePerm {
            gather: gather.into_boxed_slice(),
            cycles: cycles.into_boxed_slice(),
            cycle_len: cycle_len.max(1),
        })
    }

    /// The gather table: position `i` receives the sticker from `gather()[i]`.
    pub fn gather(&self) -> &[u16] {
        &self.gather
    }

    /// Number of stickers this move moves.
    pub fn moved(&self) -> usize {
        self.cycles.len()
    }

    /// Applies the move in place to `stickers` (6N² entries, as the size
    /// this table was built for; a slice of another length is left as it is).
    #[inline]
    pub fn apply(&self, s: &mut [u8]) {
        if s.len() != self.gather.len() {
            return;
        }
        match self.cycle_len {
            4 => {
                for c in self.cycles.chunks_exact(4) {
                    let (a, b, c, d) = (c[0] as usize, c[1] as usize, c[2] as usize, c[3] as usize);
                    let t = s[a];
                    s[a] = s[b];
                    s[b] = s[c];
                    s[c] = s[d];
                    s[d] = t;
                }
            }
            2 => {
                for c in self.cycles.chunks_exact(2) {
                    s.swap(c[0] as usize, c[1] as usize);
                }
            }
            len => {
                for c in self.cycles.chunks_exact(len) {
                    let t = s[c[0] as usize];
                    for k in 1..len {
                        s[c[k - 1] as usize] = s[c[k] as usize];
                    }
                    s[c[len - 1] as usize] = t;
                }
            }
        }
    }

    /// `src` with the move applied, written to `dst` (a full gather; both of
    /// 6N² entries, otherwise `dst` is left as it is).
    pub fn apply_into(&self, src: &[u8], dst: &mut [u8]) {
        if src.len() != self.gather.len() || dst.len() != self.gather.len() {
            return;
        }
        for (d, &g) in dst.iter_mut().zip(self.gather.iter()) {
            *d = src[g as usize];
        }
    }
}

/// The move tables of one size.
#[derive(Debug)]
pub struct SizeTables {
    size: Size,
    /// By [`NxnKind::index`]: the kind turned 1, 2 and 3 quarter turns.
    kinds: Box<[OnceLock<[MovePerm; 3]>]>,
}

fn compose(a: &[u16], b: &[u16]) -> Vec<u16> {
    // a then b, gather form: out[i] = a[b[i]].
    b.iter().map(|&i| a[i as usize]).collect()
}

impl SizeTables {
    fn new(size: Size) -> SizeTables {
        SizeTables {
            size,
            kinds: (0..NxnKind::count(size)).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The size these tables are for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The permutation of `m`, or why this size cannot make it.
    pub fn perm(&self, m: NxnMove) -> Result<&MovePerm, MoveSizeError> {
        let Some(index) = m.kind.index(self.size) else {
            return Err(m
                .layers(self.size)
                .expect_err("a kind without an index is one the size cannot make"));
        };
        let powers = self.kinds[index].get_or_init(|| {
            let (face, first, last) = m.layers(self.size).expect("an indexed kind");
            let q = quarter_turn(self.size, face, first, last);
            let h = compose(&q, &q);
            let t = compose(&h, &q);
            [q, h, t].map(|g| MovePerm::from_gather(g).expect("a layer turn's power"))
        });
        Ok(&powers[m.turns() as usize - 1])
    }
}

/// The move tables of `size`, built once per size (each move's table on its
/// first use).
pub fn tables(size: Size) -> &'static SizeTables {
    static TABLES: [OnceLock<SizeTables>; Size::MAX + 1] =
        [const { OnceLock::new() }; Size::MAX + 1];
    TABLES[size.get()].get_or_init(|| SizeTables::new(size))
}
