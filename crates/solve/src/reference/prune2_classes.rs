//! Phase 2 over symmetry classes (min2phase's coordinates): the corner and
//! U/D-edge permutations are each carried as a class under the sixteen
//! symmetries of the [`super::prune2_sym`] module and the symmetry taking
//! the permutation to its class's representative (`class << 4 | symmetry`),
//! so every table phase 2 reads per node has a row per class (2 768)
//! instead of one per permutation (40 320): the two move tables and the two
//! permutation × slice-order tables shrink to a fourteenth, and the
//! inverse cube's coordinates come from a row per class too.
//!
//! A move `k` on a permutation `x` with `C_t(x) = rep_c` (`C_t`: conjugation
//! by symmetry `t`) gives `C_t(x · k) = rep_c · k'` with `k'` the conjugate
//! move, so the class move table is read at `k'`, and its symmetry composed
//! with `t`. A pair (permutation, slice order) is conjugated as a whole, so
//! the pruning tables are read at the class's row and the slice order
//! conjugated by `t`. The distances are the same as the full tables', so
//! the search makes the same decisions in the same order. Derived when the
//! tables are assembled (the cache file's format stays).

use super::block::Block;
use super::coord::{self, N_CPERM, N_SLICE_PERM, N_UDEDGE};
use super::moves::N_P2;
use super::prune1_packed::{next_distance, nibble, pack, pack3};
use super::prune2_comb::{CombPrune, N_CCOMB};
use super::prune2_sym::{self, N_SYM2, SYM_BITS, SYM_MASK};

/// Classes of corner permutations, and of U/D-edge permutations, under
/// the sixteen symmetries (a test checks both).
pub const N_PERM_CLASS: usize = 2_768;
/// Entries of a class move table's block (classes × 10 moves, rounded up
/// to a power of two).
const MV_SPAN: usize = (N_PERM_CLASS * N_P2).next_power_of_two();
/// Bytes of a class × slice-order table at 2 bits an entry, as a block.
const SLICE3_SPAN: usize = (N_PERM_CLASS * N_SLICE_PERM)
    .div_ceil(4)
    .next_power_of_two();
/// Entries of the slice-order move table's block (24 × 10 moves).
const SLICE_MV_SPAN: usize = (N_SLICE_PERM * N_P2).next_power_of_two();
/// Entries of a per-class table's block.
const CLASS_SPAN: usize = N_PERM_CLASS.next_power_of_two();

/// A permutation as its class and symmetry: `class << 4 | symmetry`, the
/// symmetry taking the permutation to the class's representative.
pub type ClassSym = u16;

/// A phase-2 node's coordinates over classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node2 {
    /// The corner permutation.
    pub corner: ClassSym,
    /// The U/D-edge permutation.
    pub edge: ClassSym,
    /// The slice order (0..24), itself.
    pub slice: u8,
}

impl Node2 {
    /// Whether the cube is solved (class 0 holds the identity alone).
    #[inline(always)]
    pub fn solved(&self) -> bool {
        self.corner >> SYM_BITS == 0 && self.edge >> SYM_BITS == 0 && self.slice == 0
    }
}

/// The tables phase 2 reads per node.
#[derive(Clone, PartialEq, Eq)]
pub struct Phase2Classes {
    /// Corner permutation → [`ClassSym`] (read at a phase-2 root).
    cperm_class: Vec<u16>,
    /// Corner class × 10 moves → the [`ClassSym`] of its representative
    /// after the move.
    cperm_mv: Block<u16, MV_SPAN>,
    /// The same for the U/D-edge classes (whose [`ClassSym`]s are
    /// [`CombPrune::udedge_class`]'s).
    udedge_mv: Block<u16, MV_SPAN>,
    /// `move_conj[t][k]`: the move `k` becomes under symmetry `t`.
    move_conj: [[u8; N_P2]; N_SYM2],
    /// Slice order × 10 moves → slice order (the tables' own, as a block).
    slice_mv: Block<u8, SLICE_MV_SPAN>,
    /// `mult[a][b]`: the symmetry conjugating as `b`, then `a`.
    mult: [[u8; N_SYM2]; N_SYM2],
    /// `rel[a][b]`: `mult[a][b⁻¹]`, what takes a corner permutation of
    /// symmetry `b` to its place in a row of the corner-combination table
    /// of symmetry `a`.
    rel: [[u8; N_SYM2]; N_SYM2],
    /// `slice_conj[s][t]`: slice order `s` conjugated by `t` (rows past 24
    /// unused: a row per byte value, so a read needs no bounds check).
    slice_conj: Box<[[u8; N_SYM2]; 256]>,
    /// `ccomb_conj[x][t]`: corner combination `x` conjugated by `t` (rows
    /// past 70 unused, as `slice_conj`).
    ccomb_conj: Box<[[u8; N_SYM2]; 256]>,
    /// Phase-2 distance in (corner class, slice order): 4 bits an entry
    /// (read at a root) and modulo 3 (below it, see
    /// [`super::prune1_packed::next_distance`]).
    cperm_slice4: Vec<u8>,
    cperm_slice3: Block<u8, SLICE3_SPAN>,
    /// The same for (U/D-edge class, slice order).
    udedge_slice4: Vec<u8>,
    udedge_slice3: Block<u8, SLICE3_SPAN>,
    /// Corner class → its representative's corner combination (0..70).
    ccomb_rep: Block<u8, CLASS_SPAN>,
    /// Corner class → the corner combination of its representative's
    /// inverse.
    ccomb_rep_inv: Block<u8, CLASS_SPAN>,
    /// U/D-edge class → the [`ClassSym`] of its representative's inverse.
    udedge_rep_inv: Block<u16, CLASS_SPAN>,
}

/// The rank of the inverse of the permutation of eight of rank `r`.
fn inverse_rank(r: usize) -> usize {
    let mut p = [0u8; 8];
    coord::perm_unrank(r, &mut p);
    let mut inv = [0u8; 8];
    for (i, &x) in p.iter().enumerate() {
        inv[usize::from(x)] = i as u8;
    }
    coord::perm_rank(&inv)
}

/// A class move table: for each representative and move, the
/// [`ClassSym`] of the moved representative.
fn class_moves(reps: &[u32], class_of: &[u16], mv: &[u16]) -> Vec<u16> {
    reps.iter()
        .flat_map(|&r| (0..N_P2).map(move |k| class_of[usize::from(mv[r as usize * N_P2 + k])]))
        .collect()
}

/// A full (permutation × slice order) table's rows of the representatives.
fn class_rows(reps: &[u32], full: &[u8]) -> Vec<u8> {
    reps.iter()
        .flat_map(|&r| {
            full[r as usize * N_SLICE_PERM..][..N_SLICE_PERM]
                .iter()
                .copied()
        })
        .collect()
}

impl Phase2Classes {
    /// From the phase-2 move tables (corner permutation, U/D edges and slice
    /// order × 10 G1 moves), the full permutation × slice-order tables and
    /// the corner-combination table (whose U/D-edge classes these share).
    pub fn new(
        cperm2_mv: &[u16],
        udedge_mv: &[u16],
        slice2_mv: &[u8],
        cperm_slice: &[u8],
        udedge_slice: &[u8],
        comb: &CombPrune,
    ) -> Phase2Classes {
        let mc = prune2_sym::move_conj();
        let inv = prune2_sym::inverses(&mc);
        let mult = std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                let composed = |k: usize| mc[a][usize::from(mc[b][k])];
                (0..N_SYM2)
                    .find(|&t| (0..N_P2).all(|k| mc[t][k] == composed(k)))
                    .unwrap_or(0) as u8
            })
        });
        let cperm_conj =
            prune2_sym::conj_table(N_CPERM, |c, k| usize::from(cperm2_mv[c * N_P2 + k]), &mc);
        let (cperm_class, creps) = prune2_sym::classes(&cperm_conj, N_CPERM, &inv);
        let udedge_class: Vec<u16> = (0..N_UDEDGE).map(|u| comb.udedge_class(u)).collect();
        // The representatives of the comb table's classes: the values whose
        // symmetry is the identity's (each class's first member).
        let mut ereps = vec![
            0u32;
            udedge_class
                .iter()
                .map(|&e| usize::from(e >> SYM_BITS) + 1)
                .max()
                .unwrap_or(0)
        ];
        for u in (0..N_UDEDGE).rev() {
            if udedge_class[u] & SYM_MASK == 0 {
                ereps[usize::from(udedge_class[u] >> SYM_BITS)] = u as u32;
            }
        }
        let slice_conj_t = prune2_sym::conj_table(
            N_SLICE_PERM,
            |s, k| usize::from(slice2_mv[s * N_P2 + k]),
            &mc,
        );
        let slice_conj = Box::new(std::array::from_fn(|s| {
            std::array::from_fn(|t| {
                slice_conj_t
                    .get(s * N_SYM2 + t)
                    .map_or(0, |&v| v.min(u8::MAX.into()) as u8)
            })
        }));
        let ccomb_conj = Box::new(std::array::from_fn(|x| {
            std::array::from_fn(|t| {
                if x < N_CCOMB {
                    comb.ccomb_conj(x as u8, t)
                } else {
                    0
                }
            })
        }));
        let rel = std::array::from_fn(|a| std::array::from_fn(|b| mult[a][usize::from(inv[b])]));
        let cperm_rows = class_rows(&creps, cperm_slice);
        let udedge_rows = class_rows(&ereps, udedge_slice);
        Phase2Classes {
            cperm_mv: Block::new(&class_moves(&creps, &cperm_class, cperm2_mv)),
            udedge_mv: Block::new(&class_moves(&ereps, &udedge_class, udedge_mv)),
            ccomb_rep: Block::new(
                &creps
                    .iter()
                    .map(|&r| comb.ccomb(r as usize))
                    .collect::<Vec<_>>(),
            ),
            ccomb_rep_inv: Block::new(
                &creps
                    .iter()
                    .map(|&r| comb.ccomb(inverse_rank(r as usize)))
                    .collect::<Vec<_>>(),
            ),
            udedge_rep_inv: Block::new(
                &ereps
                    .iter()
                    .map(|&r| udedge_class[inverse_rank(r as usize)])
                    .collect::<Vec<_>>(),
            ),
            cperm_class,
            move_conj: mc,
            slice_mv: Block::new(slice2_mv),
            mult,
            rel,
            slice_conj,
            ccomb_conj,
            cperm_slice4: pack(&cperm_rows),
            cperm_slice3: Block::new(&pack3(&cperm_rows)),
            udedge_slice4: pack(&udedge_rows),
            udedge_slice3: Block::new(&pack3(&udedge_rows)),
        }
    }

    /// The node of a G1 cube's corner permutation, U/D-edge permutation and
    /// slice order (raw coordinates).
    #[inline]
    pub fn node(&self, comb: &CombPrune, cperm: usize, udedge: usize, slice: usize) -> Node2 {
        Node2 {
            corner: self.cperm_class[cperm],
            edge: comb.udedge_class(udedge),
            slice: slice as u8,
        }
    }

    /// A permutation's [`ClassSym`] after G1 move `k` (0..10), through a
    /// class move table.
    #[inline(always)]
    fn step(&self, table: &Block<u16, MV_SPAN>, x: ClassSym, k: usize) -> ClassSym {
        let t = usize::from(x & SYM_MASK);
        let r = table.get(usize::from(x >> SYM_BITS) * N_P2 + usize::from(self.move_conj[t][k]));
        r & !SYM_MASK | u16::from(self.mult[usize::from(r & SYM_MASK)][t])
    }

    /// The node after G1 move `k` (0..10).
    #[inline(always)]
    pub fn child(&self, n: Node2, k: usize) -> Node2 {
        Node2 {
            corner: self.step(&self.cperm_mv, n.corner, k),
            edge: self.step(&self.udedge_mv, n.edge, k),
            slice: self.slice_mv.get(usize::from(n.slice) * N_P2 + k),
        }
    }

    /// The index of (permutation, slice order) in a class × slice table.
    #[inline(always)]
    fn at_slice(&self, x: ClassSym, slice: u8) -> usize {
        usize::from(x >> SYM_BITS) * N_SLICE_PERM
            + usize::from(self.slice_conj[usize::from(slice)][usize::from(x & SYM_MASK)])
    }

    /// The corner combination of corner permutation `corner` conjugated by
    /// a U/D-edge permutation's symmetry `edge_sym`: its place in the
    /// corner-combination table's row.
    #[inline(always)]
    fn ccomb_in_row(&self, ccomb_rep: u8, corner: ClassSym, edge_sym: usize) -> u8 {
        self.ccomb_conj[usize::from(ccomb_rep)]
            [usize::from(self.rel[edge_sym][usize::from(corner & SYM_MASK)])]
    }

    /// The U/D edges × corner combination table's row and column of the
    /// node.
    #[inline(always)]
    fn comb_at(&self, n: Node2) -> (usize, u8) {
        let cc = self.ccomb_rep.get(usize::from(n.corner >> SYM_BITS));
        (
            usize::from(n.edge >> SYM_BITS),
            self.ccomb_in_row(cc, n.corner, usize::from(n.edge & SYM_MASK)),
        )
    }

    /// The exact distances at the node (capped at 15): corners × slice
    /// order, U/D edges × slice order, U/D edges × corner combination.
    pub fn distances(&self, comb: &CombPrune, n: Node2) -> [u8; 3] {
        let (row, cc) = self.comb_at(n);
        [
            nibble(&self.cperm_slice4, self.at_slice(n.corner, n.slice)),
            nibble(&self.udedge_slice4, self.at_slice(n.edge, n.slice)),
            comb.bound_row(row, cc),
        ]
    }

    /// The corners × slice-order distance of a child of a node at exact
    /// distance `d` there (below 15): the table read modulo 3.
    #[inline(always)]
    pub fn corner_child(&self, d: u8, n: Node2) -> u8 {
        next_distance(
            d,
            self.cperm_slice3.quarter(self.at_slice(n.corner, n.slice)),
        )
    }

    /// The U/D edges × slice order and U/D edges × corner combination
    /// distances of a child of a node at exact distances `d` (corners
    /// first): the first from its table modulo 3, the second read whole
    /// (capped at 15, which no phase-2 bound reaches).
    #[inline(always)]
    pub fn edge_children(&self, comb: &CombPrune, d: [u8; 3], n: Node2) -> (u8, u8) {
        let (row, cc) = self.comb_at(n);
        (
            next_distance(
                d[1],
                self.udedge_slice3.quarter(self.at_slice(n.edge, n.slice)),
            ),
            comb.bound_row(row, cc),
        )
    }

    /// The phase-2 lower bound of the node's inverse cube (why it bounds:
    /// `prune2_inverse.rs`, the raw form the tests check it against): the corner-combination table read
    /// at the inverse's U/D edges and corner combination, 4 bits.
    #[inline(always)]
    pub fn inverse_bound(&self, comb: &CombPrune, n: Node2) -> u8 {
        // A permutation is its representative conjugated by the inverse of
        // its symmetry, so its inverse is the representative's inverse
        // conjugated the same way: the representative's inverse's own
        // class and symmetry compose with the node's.
        let e = self.udedge_rep_inv.get(usize::from(n.edge >> SYM_BITS));
        let sym = self.mult[usize::from(e & SYM_MASK)][usize::from(n.edge & SYM_MASK)];
        let cc = self.ccomb_rep_inv.get(usize::from(n.corner >> SYM_BITS));
        comb.bound_row(
            usize::from(e >> SYM_BITS),
            self.ccomb_in_row(cc, n.corner, usize::from(sym)),
        )
    }

    /// Classes of corner permutations and of U/D-edge permutations.
    pub fn class_counts(&self) -> (usize, usize) {
        (self.ccomb_rep.len(), self.udedge_rep_inv.len())
    }

    /// Bytes of the tables a phase-2 node reads (the class tables at a root
    /// and the 4-bit root tables left out).
    pub fn node_bytes(&self) -> usize {
        2 * (self.cperm_mv.len() + self.udedge_mv.len() + self.udedge_rep_inv.len())
            + self.cperm_slice3.len()
            + self.udedge_slice3.len()
            + self.ccomb_rep.len()
            + self.ccomb_rep_inv.len()
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.node_bytes()
            + 2 * self.cperm_class.len()
            + self.cperm_slice4.len()
            + self.udedge_slice4.len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::P2_MOVES;
    use super::super::prune2_inverse::InversePrune;
    use super::super::tables::Tables;
    use super::*;
    use cubetui_cube::CubieCube;
    use cubetui_cube::cubie_turns::turn;
    use cubetui_cube::random::rng_from_seed;
    use rand::RngExt;

    /// The full tables' distances at raw coordinates (corners × slice
    /// order, U/D edges × slice order, U/D edges × corner combination).
    fn full(t: &Tables, c: usize, u: usize, s: usize) -> [u8; 3] {
        [
            t.cperm_slice_pr[c * N_SLICE_PERM + s].min(15),
            t.udedge_slice_pr[u * N_SLICE_PERM + s].min(15),
            t.comb.bound(u, c),
        ]
    }

    #[test]
    fn every_permutation_and_its_moves_read_the_full_tables_distances() {
        let t = Tables::build();
        let p2 = &t.p2;
        let (nc, ne) = p2.class_counts();
        // About a sixteenth of 40 320 each (some permutations are their
        // own conjugates under some symmetry): min2phase's 2 768.
        assert_eq!((nc, ne), (2_768, 2_768));
        assert!(p2.node_bytes() < 160_000, "{} bytes", p2.node_bytes());
        for x in 0..N_CPERM {
            let n = t.phase2_node(x, x, 0);
            for s in 0..N_SLICE_PERM {
                let at = Node2 {
                    slice: s as u8,
                    ..n
                };
                assert_eq!(p2.distances(&t.comb, at), full(&t, x, x, s), "{x}, {s}");
            }
            for k in 0..N_P2 {
                let child = p2.child(n, k);
                let (c, u) = (t.cperm2_mv[x * N_P2 + k], t.udedge_mv[x * N_P2 + k]);
                let s = usize::from(t.slice2_mv[k]);
                let (c, u) = (usize::from(c), usize::from(u));
                assert_eq!(
                    child.corner >> SYM_BITS,
                    t.phase2_node(c, u, s).corner >> SYM_BITS
                );
                assert_eq!(
                    child.edge >> SYM_BITS,
                    t.phase2_node(c, u, s).edge >> SYM_BITS
                );
                assert_eq!(p2.distances(&t.comb, child), full(&t, c, u, s), "{x} {k}");
            }
        }
    }

    #[test]
    fn a_walk_over_classes_reads_what_the_raw_coordinates_read_and_its_inverse() {
        let t = Tables::build();
        let (p2, comb) = (&t.p2, &t.comb);
        let inv = InversePrune::new(comb);
        let mut rng = rng_from_seed(41);
        let mut solved_again = 0;
        for _ in 0..1_000 {
            let mut cube = CubieCube::SOLVED;
            let mut n = t.phase2_node(0, 0, 0);
            assert!(n.solved());
            for _ in 0..rng.random_range(1..40) {
                let k = rng.random_range(0..N_P2);
                cube = turn(&cube, P2_MOVES[k]);
                n = p2.child(n, k);
                let (c, u) = (coord::cperm(&cube), coord::udedge(&cube));
                let s = coord::slice(&cube);
                assert_eq!(usize::from(n.slice), s);
                let d = p2.distances(comb, n);
                assert_eq!(d, full(&t, c, u, s));
                assert_eq!(p2.inverse_bound(comb, n), inv.bound(comb, u, c));
                assert_eq!(n.solved(), cube == CubieCube::SOLVED);
                solved_again += usize::from(n.solved());
                // A move on from here: the modulo-3 reads give the exact
                // distances back.
                let k = rng.random_range(0..N_P2);
                let next = p2.child(n, k);
                if d.iter().all(|&v| v < 14) {
                    let exact = p2.distances(comb, next);
                    assert_eq!(p2.corner_child(d[0], next), exact[0]);
                    assert_eq!(p2.edge_children(comb, d, next), (exact[1], exact[2]));
                }
            }
        }
        assert!(solved_again > 0, "no walk came back to solved");
    }
}
