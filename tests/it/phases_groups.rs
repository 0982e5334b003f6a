//! The Thistlethwaite group tests and move sets of `solve::phases`: exhaustive
//! on the small coordinates, by property test on the rest.
//!
//! "The test of Gi is exact" is shown in two halves: (1) the solved cube
//! passes and every move of Gi maps passing states to passing states and
//! failing states to failing states, so a failing state is never reached from
//! the solved cube with Gi's moves (and never reaches it); (2) every passing
//! state is finished by the later phases with Gi's moves
//! (`tests/it/phases_solvers.rs` runs the solvers on passing states built here).

use crate::phases_support;

use cubetui_cube::CubieCube;
use cubetui_cube::random::{random_cubies, rng_from_seed};
use cubetui_solve::phases::cubie::{GROUP_MOVES, apply_all, turn};
use cubetui_solve::phases::group::{
    bad_corners, bad_edges, e_slice_wrong, in_g1, in_g2, in_group, m_slice_wrong, phase_fitness,
    tetrad_twist, tetrad_wrong,
};
use phases_support::{half_turn_corner_perms, orient_edges, random_passing};
use proptest::prelude::*;
use rand::RngExt;

/// Every permutation of `0..n`, in lexicographic order.
fn permutations(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut p: Vec<u8> = (0..n as u8).collect();
    loop {
        out.push(p.clone());
        let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| p[i] < p[i + 1]) else {
            return out;
        };
        let j = (i + 1..n)
            .rev()
            .find(|&j| p[j] > p[i])
            .expect("a larger element");
        p.swap(i, j);
        p[i + 1..].reverse();
    }
}

#[test]
fn each_move_set_is_exactly_the_turns_in_its_group() {
    for i in 1..=3 {
        for g in 0..18u8 {
            let c = turn(&CubieCube::SOLVED, g);
            assert_eq!(
                in_group(i, &c),
                GROUP_MOVES[i].contains(&g),
                "move {g} and G{i}"
            );
        }
        // Each set is the previous one's subset.
        assert!(
            GROUP_MOVES[i]
                .iter()
                .all(|g| GROUP_MOVES[i - 1].contains(g))
        );
    }
    assert_eq!(GROUP_MOVES.map(<[u8]>::len), [18, 14, 10, 6]);
}

#[test]
fn g1_all_2048_edge_orientations() {
    let mut passing = 0;
    for bits in 0u32..4096 {
        if bits.count_ones() % 2 == 1 {
            continue;
        }
        let mut c = CubieCube::SOLVED;
        for p in 0..12 {
            c.eo[p] = ((bits >> p) & 1) as u8;
        }
        assert_eq!(bad_edges(&c), bits.count_ones());
        assert_eq!(in_g1(&c), bits == 0);
        assert_eq!(phase_fitness(1, &c) == 0, in_g1(&c));
        passing += u32::from(in_g1(&c));
        for &g in GROUP_MOVES[1] {
            assert_eq!(in_g1(&turn(&c, g)), in_g1(&c), "G1 move {g} on {bits:012b}");
        }
    }
    assert_eq!(passing, 1);
}

/// The 495 ways to choose 4 of 12 positions.
fn four_of(n: usize) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    out.push([a, b, c, d]);
                }
            }
        }
    }
    out
}

#[test]
fn g2_all_corner_orientations_times_m_slice_positions() {
    let choices = four_of(12);
    assert_eq!(choices.len(), 495);
    let mut passing = 0u32;
    let mut edge_states = Vec::new();
    for m in &choices {
        // The M edges (1 3 5 7) at positions `m`, the others in order elsewhere.
        let mut c = CubieCube::SOLVED;
        let others: Vec<usize> = (0..12).filter(|p| !m.contains(p)).collect();
        let rest: Vec<u8> = [0u8, 2, 4, 6, 8, 9, 10, 11].into();
        for (k, &p) in m.iter().enumerate() {
            c.ep[p] = [1, 3, 5, 7][k];
        }
        for (k, &p) in others.iter().enumerate() {
            c.ep[p] = rest[k];
        }
        orient_edges(&mut c);
        assert!(in_g1(&c));
        edge_states.push((c, *m == [1, 3, 5, 7]));
    }
    for co in 0..3u32.pow(7) {
        let mut twist = [0u8; 8];
        let mut x = co;
        for t in twist.iter_mut().take(7) {
            *t = (x % 3) as u8;
            x /= 3;
        }
        twist[7] = ((3 - twist.iter().map(|&t| u32::from(t)).sum::<u32>() % 3) % 3) as u8;
        let oriented = twist == [0; 8];
        for (edges, m_home) in &edge_states {
            let mut c = *edges;
            c.co = twist;
            let want = oriented && *m_home;
            assert_eq!(in_g2(&c), want);
            assert_eq!(phase_fitness(2, &c) == 0, want);
            passing += u32::from(want);
        }
        // Closure under G2's moves, on the corner coordinate.
        let c = CubieCube {
            co: twist,
            ..CubieCube::SOLVED
        };
        for &g in GROUP_MOVES[2] {
            assert_eq!(bad_corners(&turn(&c, g)) == 0, oriented, "G2 move {g}");
        }
    }
    assert_eq!(passing, 1);
}

#[test]
fn g3_corners_all_8_factorial_permutations() {
    let reachable = half_turn_corner_perms();
    assert_eq!(reachable.len(), 96);
    let perms = permutations(8);
    assert_eq!(perms.len(), 40320);
    let mut in_tetrads = 0;
    for p in &perms {
        let c = CubieCube {
            cp: p.as_slice().try_into().unwrap(),
            ..CubieCube::SOLVED
        };
        let passes = tetrad_wrong(&c) == 0 && tetrad_twist(&c) == Some(0);
        assert_eq!(passes, reachable.contains(&c.cp), "{p:?}");
        in_tetrads += u32::from(tetrad_wrong(&c) == 0);
    }
    assert_eq!(
        in_tetrads, 576,
        "4! x 4! corner arrangements keep the tetrads"
    );
}

#[test]
fn g3_edges_all_70_e_slice_positions() {
    // The 8 positions outside the M slice; choose 4 for the E edges.
    let outside = [0usize, 2, 4, 6, 8, 9, 10, 11];
    let mut passing = 0;
    for pick in four_of(8) {
        let e: Vec<usize> = pick.iter().map(|&k| outside[k]).collect();
        let mut c = CubieCube::SOLVED;
        let s: Vec<usize> = outside.iter().copied().filter(|p| !e.contains(p)).collect();
        for (k, &p) in e.iter().enumerate() {
            c.ep[p] = 8 + k as u8;
        }
        for (k, &p) in s.iter().enumerate() {
            c.ep[p] = [0, 2, 4, 6][k];
        }
        orient_edges(&mut c);
        assert_eq!(m_slice_wrong(&c), 0);
        let home = e == [8, 9, 10, 11];
        assert_eq!(e_slice_wrong(&c) == 0, home);
        passing += u32::from(home);
    }
    assert_eq!(passing, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_walks_in_gi_stay_in_gi(i in 0usize..4, seed in any::<u64>()) {
        let mut rng = rng_from_seed(seed);
        let set = GROUP_MOVES[i];
        let walk: Vec<u8> = (0..60).map(|_| set[rng.random_range(0..set.len())]).collect();
        let mut c = CubieCube::SOLVED;
        for &g in &walk {
            c = turn(&c, g);
            for j in 0..=i {
                prop_assert!(in_group(j, &c), "G{} walk left G{}", i, j);
            }
        }
        prop_assert_eq!(apply_all(&CubieCube::SOLVED, &walk), c);
    }

    #[test]
    fn gi_moves_keep_passing_and_failing_states_apart(i in 1usize..4, seed in any::<u64>()) {
        let pass = random_passing(i, seed);
        prop_assert!(in_group(i, &pass));
        prop_assert_eq!(phase_fitness(i, &pass), 0);
        let fail = random_cubies(&mut rng_from_seed(seed ^ 1));
        let failing = !in_group(i, &fail);
        prop_assert_eq!(phase_fitness(i, &fail) > 0, failing);
        for &g in GROUP_MOVES[i] {
            prop_assert!(in_group(i, &turn(&pass, g)));
            prop_assert_eq!(in_group(i, &turn(&fail, g)), !failing);
        }
    }

    #[test]
    fn fitness_is_zero_exactly_inside_the_group(i in 1usize..5, seed in any::<u64>()) {
        // States of G(i-1): one step short of the phase's target or already in it.
        let c = if i == 1 {
            random_cubies(&mut rng_from_seed(seed))
        } else if i == 4 {
            let mut rng = rng_from_seed(seed);
            let walk: Vec<u8> = (0..rng.random_range(0..4usize))
                .map(|_| GROUP_MOVES[3][rng.random_range(0..6)])
                .collect();
            apply_all(&CubieCube::SOLVED, &walk)
        } else {
            let mut c = random_passing(i - 1, seed);
            if seed % 4 == 0 {
                c = random_passing(i, seed);
            }
            c
        };
        prop_assert_eq!(phase_fitness(i, &c) == 0, in_group(i, &c));
    }
}
