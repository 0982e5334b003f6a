//! Phase 2's bound from the inverse cube (min2phase's): a G1 cube and its
//! inverse are equally far from solved, and G1's moves are closed under
//! inversion, so every phase-2 table read on the inverse is a lower bound
//! too.
//!
//! Only the U/D-edge × corner-combination table ([`CombPrune`]) tells
//! anything new there. The corner and U/D-edge permutations and the slice
//! order are each a homomorphic image of G1 (a permutation group), and a
//! table over a pair of them holds the length of the pair as a word in the
//! moves' images, which its inverse shares: read on the inverse, those two
//! tables give the same value (tested). The corner combination is a
//! set of positions (which four hold the U corners); on the inverse it is
//! the set of corners in the four U positions, another property.
//!
//! The inverse's coordinates are a function of the corner and U/D-edge
//! permutations: two tables of 40 320
//! entries (no move tables on the inverse), read as the table reads them
//! (the inverse's U/D-edge class and symmetry, and its corner
//! combination). The inverse changes by a move
//! on its left (X·m has inverse m⁻¹·X⁻¹), which can change its table
//! distance by more than one, so the bound is read at 4 bits, not carried
//! modulo 3. The search reads the same bound through the
//! [`super::prune2_classes`] module's per-class coordinates; this is its
//! definition over raw permutations, which that module's tests and the
//! `tables` module's (which own the tables the tests read) hold it to.

use super::coord::{self, N_CPERM, N_UDEDGE};
use super::prune2_comb::CombPrune;

/// The inverse's coordinates the bound reads.
#[derive(Clone, PartialEq, Eq)]
pub struct InversePrune {
    /// U/D-edge permutation → its inverse's [`CombPrune::udedge_class`].
    class_inv: Vec<u16>,
    /// Corner permutation → the corner combination of its inverse (0..70).
    ccomb_inv: Vec<u8>,
}

/// The rank of the inverse of the permutation of `P` elements of rank `r`.
fn inverse_rank<const P: usize>(r: usize) -> usize {
    let mut p = [0u8; P];
    coord::perm_unrank(r, &mut p);
    let mut inv = [0u8; P];
    for (i, &x) in p.iter().enumerate() {
        inv[x as usize] = i as u8;
    }
    coord::perm_rank(&inv)
}

impl InversePrune {
    /// The tables for `comb`'s corner combinations.
    pub fn new(comb: &CombPrune) -> InversePrune {
        // Both coordinates rank permutations of eight.
        const _: () = assert!(N_UDEDGE == N_CPERM);
        let inv_rank: Vec<usize> = (0..N_UDEDGE).map(inverse_rank::<8>).collect();
        InversePrune {
            class_inv: inv_rank.iter().map(|&r| comb.udedge_class(r)).collect(),
            ccomb_inv: inv_rank.iter().map(|&r| comb.ccomb(r)).collect(),
        }
    }

    /// The phase-2 lower bound of a G1 cube from its inverse's U/D edges
    /// and corner combination, given its own U/D-edge and corner
    /// permutations.
    #[inline(always)]
    pub fn bound(&self, comb: &CombPrune, udedge: usize, cperm: usize) -> u8 {
        comb.bound_class(self.class_inv[udedge], self.ccomb_inv[cperm])
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.class_inv.len() * 2 + self.ccomb_inv.len()
    }
}
