//! Move tables (coordinate × move → coordinate) and pruning tables (exact
//! distances to the phase goal in a pair of coordinates), built from the cubie
//! model by breadth-first search.

use super::coord::{self, N_CPERM, N_FLIP, N_SLICE, N_SLICE_PERM, N_SLICE_POS, N_TWIST, N_UDEDGE};
use super::moves::{N_MOVES, bfs};
use super::prune1_sym::SymPrune;
use super::prune2_classes::{Node2, Phase2Classes};
use super::prune2_comb::CombPrune;
use cubetui_cube::CubieCube;
use cubetui_cube::cubie_turns::turn;

pub use super::moves::{N_P2, P2_MOVES};

/// Every table the two-phase search reads.
#[derive(Clone, PartialEq, Eq)]
pub struct Tables {
    /// twist × 18 moves.
    pub twist_mv: Vec<u16>,
    /// flip × 18 moves.
    pub flip_mv: Vec<u16>,
    /// slice × 18 moves.
    pub slice_mv: Vec<u16>,
    /// corner permutation × 18 moves.
    pub cperm_mv: Vec<u16>,
    /// U/D edge permutation × 10 G1 moves.
    pub udedge_mv: Vec<u16>,
    /// Corner permutation × 10 G1 moves (from `cperm_mv`, compact for phase 2).
    pub cperm2_mv: Vec<u16>,
    /// Slice order (0..24) × 10 G1 moves (from `slice_mv`).
    pub slice2_mv: Vec<u8>,
    /// Phase-1 distance in (twist, slice positions).
    pub twist_slice_pr: Vec<u8>,
    /// Phase-1 distance in (flip, slice positions).
    pub flip_slice_pr: Vec<u8>,
    /// Phase-1 distance in (twist, flip).
    pub twist_flip_pr: Vec<u8>,
    /// Phase-2 distance in (corner permutation, slice order).
    pub cperm_slice_pr: Vec<u8>,
    /// Phase-2 distance in (U/D edge permutation, slice order).
    pub udedge_slice_pr: Vec<u8>,
    /// Slice positions (0..495) × 18 moves (from `slice_mv`, for phase 1).
    pub pos_mv: Vec<u16>,
    /// Phase-2 distance in (U/D edges, corner combination) (derived).
    pub comb: CombPrune,
    /// What phase 2 reads per node: its coordinates over symmetry classes,
    /// their move tables, the two permutation × slice-order tables over
    /// classes and the inverse cube's coordinates (derived).
    pub p2: Phase2Classes,
    /// The three phase-1 tables reduced by symmetry (derived; what the
    /// search reads).
    pub sym: SymPrune,
}

/// A move table for `n` coordinate values over `moves`, through the cubie model.
fn move_table(
    n: usize,
    moves: &[usize],
    set: fn(&mut CubieCube, usize),
    get: fn(&CubieCube) -> usize,
) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * moves.len());
    for x in 0..n {
        let mut c = CubieCube::SOLVED;
        set(&mut c, x);
        for &m in moves {
            out.push(get(&turn(&c, m)) as u16);
        }
    }
    out
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field(
                "move_entries",
                &(self.twist_mv.len()
                    + self.flip_mv.len()
                    + self.slice_mv.len()
                    + self.cperm_mv.len()
                    + self.udedge_mv.len()),
            )
            .field(
                "pruning_entries",
                &(self.twist_slice_pr.len()
                    + self.flip_slice_pr.len()
                    + self.twist_flip_pr.len()
                    + self.cperm_slice_pr.len()
                    + self.udedge_slice_pr.len()),
            )
            .finish()
    }
}

impl Tables {
    /// Builds every table (a fraction of a second in a release build).
    pub fn build() -> Tables {
        Tables::build_with(&mut |_| {})
    }

    /// [`Tables::build`], calling `progress` with the percentage done (rising,
    /// 100 last) after each table.
    pub fn build_with(progress: &mut dyn FnMut(u8)) -> Tables {
        // Share (%) of the build time of each table, in build order (measured).
        const WEIGHTS: [u32; 10] = [1, 1, 2, 6, 3, 14, 14, 46, 6, 7];
        let mut done = 0;
        let mut tick = |i: usize| {
            done += WEIGHTS[i];
            progress((done * 100 / WEIGHTS.iter().sum::<u32>()) as u8);
        };
        let all: Vec<usize> = (0..N_MOVES).collect();
        let twist_mv = move_table(N_TWIST, &all, coord::set_twist, coord::twist);
        tick(0);
        let flip_mv = move_table(N_FLIP, &all, coord::set_flip, coord::flip);
        tick(1);
        let slice_mv = move_table(N_SLICE, &all, coord::set_slice, coord::slice);
        tick(2);
        let cperm_mv = move_table(N_CPERM, &all, coord::set_cperm, coord::cperm);
        tick(3);
        let udedge_mv = move_table(N_UDEDGE, &P2_MOVES, coord::set_udedge, coord::udedge);
        tick(4);

        let pos_mv = |pos: usize, m: usize| {
            slice_mv[pos * N_SLICE_PERM * N_MOVES + m] as usize / N_SLICE_PERM
        };
        let twist_slice_pr = bfs(N_TWIST * N_SLICE_POS, N_MOVES, |i, m| {
            let (t, p) = (i / N_SLICE_POS, i % N_SLICE_POS);
            twist_mv[t * N_MOVES + m] as usize * N_SLICE_POS + pos_mv(p, m)
        });
        tick(5);
        let flip_slice_pr = bfs(N_FLIP * N_SLICE_POS, N_MOVES, |i, m| {
            let (f, p) = (i / N_SLICE_POS, i % N_SLICE_POS);
            flip_mv[f * N_MOVES + m] as usize * N_SLICE_POS + pos_mv(p, m)
        });
        tick(6);
        let twist_flip_pr = bfs(N_TWIST * N_FLIP, N_MOVES, |i, m| {
            let (t, f) = (i / N_FLIP, i % N_FLIP);
            twist_mv[t * N_MOVES + m] as usize * N_FLIP + flip_mv[f * N_MOVES + m] as usize
        });
        tick(7);
        let sp_mv = |s: usize, k: usize| slice_mv[s * N_MOVES + P2_MOVES[k]] as usize;
        let cperm_slice_pr = bfs(N_CPERM * N_SLICE_PERM, N_P2, |i, k| {
            let (c, s) = (i / N_SLICE_PERM, i % N_SLICE_PERM);
            cperm_mv[c * N_MOVES + P2_MOVES[k]] as usize * N_SLICE_PERM + sp_mv(s, k)
        });
        tick(8);
        let udedge_slice_pr = bfs(N_UDEDGE * N_SLICE_PERM, N_P2, |i, k| {
            let (u, s) = (i / N_SLICE_PERM, i % N_SLICE_PERM);
            udedge_mv[u * N_P2 + k] as usize * N_SLICE_PERM + sp_mv(s, k)
        });
        tick(9);
        Tables::assemble(
            [twist_mv, flip_mv, slice_mv, cperm_mv, udedge_mv],
            [
                twist_slice_pr,
                flip_slice_pr,
                twist_flip_pr,
                cperm_slice_pr,
                udedge_slice_pr,
            ],
        )
    }

    /// Tables from the stored ones (move tables twist, flip, slice, cperm,
    /// udedge; pruning tables twist-slice, flip-slice, twist-flip,
    /// cperm-slice, udedge-slice), deriving the compact phase-2 tables.
    pub fn assemble(moves: [Vec<u16>; 5], prune: [Vec<u8>; 5]) -> Tables {
        let [twist_mv, flip_mv, slice_mv, cperm_mv, udedge_mv] = moves;
        let [
            twist_slice_pr,
            flip_slice_pr,
            twist_flip_pr,
            cperm_slice_pr,
            udedge_slice_pr,
        ] = prune;
        let compact = |table: &[u16], n: usize| -> Vec<u16> {
            (0..n)
                .flat_map(|x| P2_MOVES.map(|m| table[x * N_MOVES + m]))
                .collect()
        };
        let cperm2_mv = compact(&cperm_mv, N_CPERM);
        let slice2_mv: Vec<u8> = compact(&slice_mv, N_SLICE_PERM)
            .into_iter()
            .map(|s| s.min(u8::MAX as u16) as u8)
            .collect();
        let pos_mv: Vec<u16> = (0..N_SLICE_POS)
            .flat_map(|p| {
                let row = &slice_mv[p * N_SLICE_PERM * N_MOVES..][..N_MOVES];
                row.iter().map(|&s| s / N_SLICE_PERM as u16)
            })
            .collect();
        let sym = SymPrune::new(
            &twist_slice_pr,
            &flip_slice_pr,
            &twist_flip_pr,
            &twist_mv,
            &flip_mv,
        );
        let comb = CombPrune::new(&cperm2_mv, &udedge_mv);
        let p2 = Phase2Classes::new(
            &cperm2_mv,
            &udedge_mv,
            &slice2_mv,
            &cperm_slice_pr,
            &udedge_slice_pr,
            &comb,
        );
        Tables {
            p2,
            comb,
            pos_mv,
            sym,
            twist_mv,
            flip_mv,
            slice_mv,
            cperm_mv,
            udedge_mv,
            cperm2_mv,
            slice2_mv,
            twist_slice_pr,
            flip_slice_pr,
            twist_flip_pr,
            cperm_slice_pr,
            udedge_slice_pr,
        }
    }

    /// Whether the phase-1 bound is at most `room` (cheapest table first).
    #[inline]
    pub fn phase1_within(&self, twist: usize, flip: usize, slice: usize, room: usize) -> bool {
        self.phase1_within_pos(twist, flip, slice / N_SLICE_PERM, room)
    }

    /// [`Tables::phase1_within`] with the slice positions alone (`slice / 24`).
    #[inline]
    pub fn phase1_within_pos(&self, twist: usize, flip: usize, pos: usize, room: usize) -> bool {
        self.sym.twist_slice(twist, pos) as usize <= room
            && self.sym.flip_slice(flip, pos) as usize <= room
            && self.sym.twist_flip(twist, flip) as usize <= room
    }

    /// 0 if the phase-1 bound is at most `room` (`room` ≥ 1), else the value
    /// of the first table over it (cheapest table first).
    #[inline]
    pub fn phase1_excess(&self, twist: usize, flip: usize, pos: usize, room: usize) -> usize {
        let a = self.sym.twist_slice(twist, pos) as usize;
        if a > room {
            return a;
        }
        let b = self.sym.flip_slice(flip, pos) as usize;
        if b > room {
            return b;
        }
        let c = self.sym.twist_flip(twist, flip) as usize;
        if c > room {
            return c;
        }
        0
    }

    /// The exact distances in the three phase-1 tables (twist × slice
    /// positions, flip × slice positions, twist × flip).
    #[inline]
    pub fn phase1_distances(&self, twist: usize, flip: usize, pos: usize) -> [u8; 3] {
        [
            self.sym.twist_slice(twist, pos),
            self.sym.flip_slice(flip, pos),
            self.sym.twist_flip(twist, flip),
        ]
    }

    /// [`Tables::phase1_distances`] of a cube one move from a cube at
    /// distances `d`, from its coordinates: reads the tables modulo 3 (a
    /// quarter of a byte an entry, see [`super::prune1_packed::next_distance`]), what the
    /// phase-1 search spends its time on.
    #[inline(always)]
    pub fn phase1_child(&self, d: [u8; 3], twist: u16, flip: u16, pos: u16) -> [u8; 3] {
        let h = &self.sym.hot;
        h.child(d, h.twist_class(twist), h.flip_class(flip), pos)
    }

    /// Phase-1 lower bound on the moves to G1.
    #[inline]
    pub fn phase1_bound(&self, twist: usize, flip: usize, slice: usize) -> u8 {
        let pos = slice / N_SLICE_PERM;
        let a = self.sym.twist_slice(twist, pos);
        let b = self.sym.flip_slice(flip, pos);
        let c = self.sym.twist_flip(twist, flip);
        a.max(b).max(c)
    }

    /// The phase-2 node (over classes) of a G1 cube's corner permutation,
    /// U/D-edge permutation and slice order.
    #[inline]
    pub fn phase2_node(&self, cperm: usize, udedge: usize, slice: usize) -> Node2 {
        self.p2.node(&self.comb, cperm, udedge, slice)
    }

    /// Phase-2 lower bound from the corner permutation and slice order alone.
    pub fn phase2_corner_bound(&self, cperm: usize, slice: usize) -> u8 {
        self.p2
            .distances(&self.comb, self.phase2_node(cperm, 0, slice))[0]
    }

    /// Phase-2 lower bound from the U/D edges and slice order alone.
    pub fn phase2_edge_bound(&self, udedge: usize, slice: usize) -> u8 {
        self.p2
            .distances(&self.comb, self.phase2_node(0, udedge, slice))[1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::cubie_turns::turn;
    use cubetui_cube::random::rng_from_seed;
    use rand::RngExt;

    #[test]
    fn the_reduced_corner_combination_table_reads_the_full_one_everywhere() {
        use super::super::coord::{N_CPERM, N_UDEDGE};
        use super::super::prune2_comb::{N_CCOMB, full};
        let t = Tables::build();
        let (ccomb_of, dist) = full(&t.cperm2_mv, &t.udedge_mv);
        let mut cperm_of = [0usize; N_CCOMB];
        for c in (0..N_CPERM).rev() {
            cperm_of[usize::from(ccomb_of[c])] = c;
        }
        let comb = &t.comb;
        let mut classes = std::collections::HashSet::new();
        for u in 0..N_UDEDGE {
            classes.insert(comb.udedge_class(u) >> super::super::prune2_sym::SYM_BITS);
            for (x, &c) in cperm_of.iter().enumerate() {
                let d = dist[u * N_CCOMB + x];
                assert_eq!(comb.bound(u, c), d.min(15), "udedge {u}, combination {x}");
            }
        }
        // About a sixteenth of the rows (some permutations are their own
        // conjugates under some symmetry).
        assert!(classes.len() < N_UDEDGE / 14, "{} classes", classes.len());
    }

    #[test]
    fn the_reduced_phase1_tables_agree_with_the_full_ones_everywhere() {
        let t = Tables::build();
        let s = &t.sym;
        let full = t.twist_slice_pr.len() + t.flip_slice_pr.len() + t.twist_flip_pr.len();
        assert!(s.bytes() * 3 < full, "reduced: {} of {full}", s.bytes());
        for tw in 0..N_TWIST {
            for p in 0..N_SLICE_POS {
                assert_eq!(
                    s.twist_slice(tw, p),
                    t.twist_slice_pr[tw * N_SLICE_POS + p],
                    "twist {tw}, pos {p}"
                );
            }
            for f in 0..N_FLIP {
                assert_eq!(s.twist_flip(tw, f), t.twist_flip_pr[tw * N_FLIP + f]);
            }
        }
        for f in 0..N_FLIP {
            for p in 0..N_SLICE_POS {
                assert_eq!(s.flip_slice(f, p), t.flip_slice_pr[f * N_SLICE_POS + p]);
            }
        }
    }

    #[test]
    fn a_childs_distances_follow_from_its_parents_and_the_tables_mod_3() {
        let t = Tables::build();
        let mut rng = rng_from_seed(11);
        for _ in 0..50_000 {
            let (tw, f) = (rng.random_range(0..N_TWIST), rng.random_range(0..N_FLIP));
            let p = rng.random_range(0..N_SLICE_POS);
            let d = t.phase1_distances(tw, f, p);
            assert_eq!(d[0], t.twist_slice_pr[tw * N_SLICE_POS + p]);
            assert_eq!(d[2], t.twist_flip_pr[tw * N_FLIP + f]);
            for m in 0..N_MOVES {
                let (ct, cf) = (t.twist_mv[tw * N_MOVES + m], t.flip_mv[f * N_MOVES + m]);
                let cp = t.pos_mv[p * N_MOVES + m];
                let exact = t.phase1_distances(ct as usize, cf as usize, cp as usize);
                assert_eq!(
                    t.phase1_child(d, ct, cf, cp),
                    exact,
                    "{tw} {f} {p} move {m}"
                );
            }
        }
    }

    #[test]
    fn the_phase2_root_bounds_are_the_full_tables_capped_at_15() {
        // (Every entry: the `prune2_classes` module's tests.)
        let t = Tables::build();
        let mut rng = rng_from_seed(12);
        for _ in 0..20_000 {
            let (x, s) = (
                rng.random_range(0..N_CPERM),
                rng.random_range(0..N_SLICE_PERM),
            );
            let full = |table: &[u8]| table[x * N_SLICE_PERM + s].min(15);
            assert_eq!(t.phase2_corner_bound(x, s), full(&t.cperm_slice_pr));
            assert_eq!(t.phase2_edge_bound(x, s), full(&t.udedge_slice_pr));
        }
        assert_eq!(t.phase2_corner_bound(0, 0), 0);
        assert!((0..N_CPERM).any(|c| t.phase2_corner_bound(c, 0) >= 10));
    }

    #[test]
    fn the_corner_combination_bound_never_exceeds_a_known_phase2_solution() {
        let t = Tables::build();
        assert_eq!(t.comb.bound(0, 0), 0);
        let mut rng = rng_from_seed(5);
        for _ in 0..300 {
            // A G1 cube made of n random G1 moves is at most n from solved.
            let n = rng.random_range(0..14usize);
            let mut c = CubieCube::SOLVED;
            for _ in 0..n {
                c = turn(&c, P2_MOVES[rng.random_range(0..N_P2)]);
            }
            let (u, p) = (coord::udedge(&c), coord::cperm(&c));
            let b = t.comb.bound(u, p) as usize;
            assert!(b <= n, "bound {b} after {n} moves");
            assert_eq!(b == 0, u == 0 && t.comb.ccomb(p) == 0);
        }
    }
}

#[cfg(test)]
mod inverse_tests {
    use super::super::prune2_inverse::InversePrune;
    use super::*;
    use cubetui_cube::cubie_turns::{face_turn_cubies, inverse, multiply, turn};
    use cubetui_cube::random::rng_from_seed;
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
        let inv = InversePrune::new(&t.comb);
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
                assert_eq!(
                    inv.bound(&t.comb, u, c),
                    t.comb.bound(coord::udedge(&left), coord::cperm(&left))
                );
            }
        }
        assert!(inv.bytes() < 130_000, "{} bytes", inv.bytes());
    }

    #[test]
    fn the_inverse_bound_never_exceeds_a_known_phase2_solution_and_adds_to_the_others() {
        let t = Tables::build();
        let inv = InversePrune::new(&t.comb);
        assert_eq!(inv.bound(&t.comb, 0, 0), 0);
        let mut rng = rng_from_seed(22);
        let mut higher = 0;
        for _ in 0..2000 {
            let n = rng.random_range(0..14usize);
            let c = g1_cube(&mut rng, n);
            let (u, p, s) = (coord::udedge(&c), coord::cperm(&c), coord::slice(&c));
            let b = inv.bound(&t.comb, u, p);
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
