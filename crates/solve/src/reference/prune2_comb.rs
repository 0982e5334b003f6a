//! A third phase-2 pruning table, min2phase's: the U/D-edge permutation
//! against which four of the eight corner positions hold the U-layer
//! corners (70 combinations). It bounds many phase-2 searches the two
//! permutation-and-slice tables let through, and is derived from the move
//! tables when the tables are assembled (the cache file's format stays).

use super::block::Block;
use super::coord::{self, N_CPERM, N_UDEDGE};
use super::moves::{N_P2, bfs};
use super::prune1_packed::pack;
use super::prune2_classes::N_PERM_CLASS;
use super::prune2_sym::{self, N_SYM2, SYM_BITS, SYM_MASK};

/// Corner combinations: C(8, 4).
pub const N_CCOMB: usize = 70;
/// Bytes of the U/D-edge class × corner combination table at 4 bits an
/// entry, as a block.
const COMB_SPAN: usize = (N_PERM_CLASS * N_CCOMB).div_ceil(2).next_power_of_two();

/// The U/D-edge × corner-combination table and the combination of each
/// corner permutation. The table has a row per class of U/D-edge
/// permutations under the sixteen symmetries of the [`super::prune2_sym`] module.
#[derive(Clone, PartialEq, Eq)]
pub struct CombPrune {
    /// Corner permutation → combination (0..70; 0 when solved).
    ccomb_of: Vec<u8>,
    /// U/D-edge permutation → class << 4 | the symmetry taking it to its
    /// class's representative.
    udedge_class: Vec<u16>,
    /// Combination × symmetry → the conjugated combination.
    ccomb_conj: Vec<u8>,
    /// Phase-2 distance in (U/D-edge class, corner combination), 4 bits
    /// an entry (capped at 15: phase 2 never searches past 13 moves, so a
    /// cap changes no decision), half the cache footprint. Phase 2 reads
    /// it whole for a child too: a copy modulo 3 (2 bits an entry, the
    /// distance carried from the parent) would be 48 KB more for the
    /// caches to hold beside the 97 KB the inverse's bound reads anyway.
    udedge_ccomb: Block<u8, COMB_SPAN>,
}

/// The unreduced table: each corner permutation's combination, the
/// combinations' moves and the distance of each (U/D edges, combination).
struct Full {
    ccomb_of: Vec<u8>,
    ccomb_mv: Vec<u8>,
    dist: Vec<u8>,
}

impl Full {
    /// From the phase-2 move tables (corner permutation × 10 G1 moves, U/D
    /// edges × 10 G1 moves).
    fn new(cperm2_mv: &[u16], udedge_mv: &[u16]) -> Full {
        // Combination index of each 8-bit mask with four bits set, the solved
        // mask (U corners at positions 0..4) first.
        let mut index = [u8::MAX; 256];
        let mut next = 0u8;
        for mask in std::iter::once(0x0fusize).chain((0..256).filter(|&m| m != 0x0f)) {
            if mask.count_ones() == 4 {
                index[mask] = next;
                next += 1;
            }
        }
        let mut cp = [0u8; 8];
        let ccomb_of: Vec<u8> = (0..N_CPERM)
            .map(|c| {
                coord::perm_unrank(c, &mut cp);
                let mask = (0..8).filter(|&i| cp[i] < 4).fold(0, |m, i| m | 1 << i);
                index[mask]
            })
            .collect();
        // A corner permutation with each combination, to move combinations.
        let mut rep = [0usize; N_CCOMB];
        for c in (0..N_CPERM).rev() {
            rep[ccomb_of[c] as usize] = c;
        }
        let ccomb_mv: Vec<u8> = (0..N_CCOMB)
            .flat_map(|x| (0..N_P2).map(move |k| (x, k)))
            .map(|(x, k)| ccomb_of[cperm2_mv[rep[x] * N_P2 + k] as usize])
            .collect();
        let dist = bfs(N_UDEDGE * N_CCOMB, N_P2, |i, k| {
            let (u, x) = (i / N_CCOMB, i % N_CCOMB);
            udedge_mv[u * N_P2 + k] as usize * N_CCOMB + ccomb_mv[x * N_P2 + k] as usize
        });
        Full {
            ccomb_of,
            ccomb_mv,
            dist,
        }
    }
}

impl CombPrune {
    /// Derives the table from the phase-2 move tables (corner permutation ×
    /// 10 G1 moves, U/D edges × 10 G1 moves).
    pub fn new(cperm2_mv: &[u16], udedge_mv: &[u16]) -> CombPrune {
        let Full {
            ccomb_of,
            ccomb_mv,
            dist,
        } = Full::new(cperm2_mv, udedge_mv);
        let mc = prune2_sym::move_conj();
        let inv = prune2_sym::inverses(&mc);
        let udedge_conj =
            prune2_sym::conj_table(N_UDEDGE, |u, k| udedge_mv[u * N_P2 + k] as usize, &mc);
        let ccomb_conj =
            prune2_sym::conj_table(N_CCOMB, |x, k| ccomb_mv[x * N_P2 + k] as usize, &mc);
        let (udedge_class, reps) = prune2_sym::classes(&udedge_conj, N_UDEDGE, &inv);
        let reduced: Vec<u8> = reps
            .iter()
            .flat_map(|&r| {
                let at = r as usize * N_CCOMB;
                dist[at..at + N_CCOMB].iter().copied()
            })
            .collect();
        CombPrune {
            ccomb_of,
            udedge_class,
            ccomb_conj: ccomb_conj.iter().map(|&c| c as u8).collect(),
            udedge_ccomb: Block::new(&pack(&reduced)),
        }
    }

    /// The reduced table's index of (U/D edges, corner permutation).
    #[inline(always)]
    fn at(&self, udedge: usize, cperm: usize) -> usize {
        self.at_class(self.udedge_class[udedge], self.ccomb_of[cperm])
    }

    /// The same from the U/D edges' class and symmetry and the corner
    /// combination.
    #[inline(always)]
    fn at_class(&self, class: u16, ccomb: u8) -> usize {
        let (e, cc) = (usize::from(class), usize::from(ccomb));
        (e >> SYM_BITS) * N_CCOMB
            + usize::from(self.ccomb_conj[cc * N_SYM2 + (e & usize::from(SYM_MASK))])
    }

    /// Phase-2 lower bound from the U/D edges and the corners' combination.
    #[inline]
    pub fn bound(&self, udedge: usize, cperm: usize) -> u8 {
        self.udedge_ccomb.nibble(self.at(udedge, cperm))
    }

    /// [`CombPrune::bound`] from the U/D edges' [`CombPrune::udedge_class`]
    /// and the corner combination (0..70) themselves.
    #[inline(always)]
    pub fn bound_class(&self, class: u16, ccomb: u8) -> u8 {
        self.udedge_ccomb.nibble(self.at_class(class, ccomb))
    }

    /// [`CombPrune::bound`] at a row of the table (a U/D-edge class) and
    /// a corner combination already conjugated by the row's symmetry.
    #[inline(always)]
    pub fn bound_row(&self, class: usize, ccomb: u8) -> u8 {
        self.udedge_ccomb
            .nibble(class * N_CCOMB + usize::from(ccomb))
    }

    /// Corner combination `ccomb` (0..70) conjugated by symmetry `s`
    /// (0..8).
    #[inline(always)]
    pub fn ccomb_conj(&self, ccomb: u8, s: usize) -> u8 {
        self.ccomb_conj[usize::from(ccomb) * N_SYM2 + s]
    }

    /// A U/D-edge permutation's class and symmetry (`class << 4 |
    /// symmetry`).
    #[inline]
    pub fn udedge_class(&self, udedge: usize) -> u16 {
        self.udedge_class[udedge]
    }

    /// The corner combination (0..70, 0 when solved) of a corner permutation.
    #[inline]
    pub fn ccomb(&self, cperm: usize) -> u8 {
        self.ccomb_of[cperm]
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.ccomb_of.len()
            + 2 * self.udedge_class.len()
            + self.ccomb_conj.len()
            + self.udedge_ccomb.len()
    }
}

/// Each corner permutation's combination and the unreduced table's
/// distances (U/D edges × 70 + combination), for the tests that hold the
/// reduced table to it.
#[cfg(test)]
pub(super) fn full(cperm2_mv: &[u16], udedge_mv: &[u16]) -> (Vec<u8>, Vec<u8>) {
    let f = Full::new(cperm2_mv, udedge_mv);
    (f.ccomb_of, f.dist)
}
