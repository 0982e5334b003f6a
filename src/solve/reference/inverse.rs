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
//! tables give the same value (tested below). The corner combination is a
//! set of positions (which four hold the U corners); on the inverse it is
//! the set of corners in the four U positions, another property.
//!
//! Phase 2 tracks the full corner and U/D-edge permutations, so the
//! inverse's coordinates are a function of them: two tables of 40 320
//! entries (no move tables on the inverse), read as the table reads them
//! (the inverse's U/D-edge class and symmetry, and its corner
//! combination). The inverse changes by a move
//! on its left (X·m has inverse m⁻¹·X⁻¹), which can change its table
//! distance by more than one, so the bound is read at 4 bits, not carried
//! modulo 3. Derived when the tables are assembled (the cache file's
//! format stays).

use super::comb::CombPrune;
use super::coord::{self, N_CPERM, N_UDEDGE};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::CubieCube;
    use crate::cube::cubie_turns::{face_turn_cubies, inverse, multiply, turn};
    use crate::cube::random::rng_from_seed;
    use crate::solve::reference::coord::N_SLICE_PERM;
    use crate::solve::reference::tables::{N_P2, P2_MOVES, Tables};
    use rand::RngExt;

    /// A G1 cube made of `n` random G1 moves (at most `n` from solved).
    fn g1_cube(rng: &mut impl rand::Rng, n: usize) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        for _ in 0..n {
            c = turn(&c, P2_MOVES[rng.random_range(0..N_P2)]);
        }
        c
    }

    #[test]
    fn the_inverse_coordinates_of_a_child_are_those_of_its_inverse_cube() {
        let t = Tables::build();
        let mut rng = rng_from_seed(21);
        for _ in 0..200 {
            let n = rng.random_range(0..20);
            let x = g1_cube(&mut rng, n);
            for m in P2_MOVES {
                let child = turn(&x, m);
                // The child's inverse is the parent's with m⁻¹ on its left.
                let left = multiply(&inverse(&face_turn_cubies()[m]), &inverse(&x));
                assert_eq!(inverse(&child), left);
                let (u, c) = (coord::udedge(&child), coord::cperm(&child));
                let class = t.comb.udedge_class(coord::udedge(&left));
                assert_eq!(t.inv.class_inv[u], class);
                assert_eq!(t.inv.ccomb_inv[c], t.comb.ccomb(coord::cperm(&left)));
                assert_eq!(
                    t.inv.bound(&t.comb, u, c),
                    t.comb.bound(coord::udedge(&left), coord::cperm(&left))
                );
            }
        }
        assert!(t.inv.bytes() < 130_000, "{} bytes", t.inv.bytes());
    }

    #[test]
    fn the_inverse_bound_never_exceeds_a_known_phase2_solution_and_adds_to_the_others() {
        let t = Tables::build();
        assert_eq!(t.inv.bound(&t.comb, 0, 0), 0);
        let mut rng = rng_from_seed(22);
        let mut higher = 0;
        for _ in 0..2000 {
            let n = rng.random_range(0..14usize);
            let c = g1_cube(&mut rng, n);
            let (u, p, s) = (coord::udedge(&c), coord::cperm(&c), coord::slice(&c));
            let b = t.inv.bound(&t.comb, u, p);
            assert!(usize::from(b) <= n, "bound {b} after {n} moves");
            let own = t
                .phase2_corner_bound(p, s)
                .max(t.phase2_edge_bound(u, s))
                .max(t.comb.bound(u, p));
            higher += usize::from(b > own);
        }
        // The point of it: the inverse sometimes (19 of these 2000) bounds
        // higher than the cube's own three tables.
        assert!(higher >= 10, "higher in {higher} of 2000");
    }

    #[test]
    fn the_permutation_tables_read_on_the_inverse_bound_the_same_and_comb_does_not() {
        let t = Tables::build();
        let mut rng = rng_from_seed(23);
        let mut comb_differs = 0;
        for _ in 0..2000 {
            let n = rng.random_range(0..20);
            let x = g1_cube(&mut rng, n);
            let y = inverse(&x);
            let (c, u, s) = (coord::cperm(&x), coord::udedge(&x), coord::slice(&x));
            let (ci, ui, si) = (coord::cperm(&y), coord::udedge(&y), coord::slice(&y));
            assert_eq!(
                t.cperm_slice_pr[c * N_SLICE_PERM + s],
                t.cperm_slice_pr[ci * N_SLICE_PERM + si]
            );
            assert_eq!(
                t.udedge_slice_pr[u * N_SLICE_PERM + s],
                t.udedge_slice_pr[ui * N_SLICE_PERM + si]
            );
            comb_differs += usize::from(t.comb.bound(u, c) != t.comb.bound(ui, ci));
        }
        assert!(comb_differs > 100, "comb differs in {comb_differs} of 2000");
    }
}
