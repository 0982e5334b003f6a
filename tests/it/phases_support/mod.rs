//! Shared by the `phases_*` tests: states built from the group conditions.

#![allow(dead_code)]

use std::collections::HashSet;

use cubetui_cube::CubieCube;
use cubetui_cube::cubie::is_odd;
use cubetui_cube::random::{random_cubies, rng_from_seed};
use cubetui_solve::phases::cubie::{GROUP_MOVES, turn};
use cubetui_solve::phases::group::{bad_corners, bad_edges};
use rand::RngExt;
use rand::seq::SliceRandom;

/// The corner permutations the half turns reach from the solved cube.
pub fn half_turn_corner_perms() -> HashSet<[u8; 8]> {
    let mut seen = HashSet::from([CubieCube::SOLVED.cp]);
    let mut frontier = vec![CubieCube::SOLVED];
    while let Some(c) = frontier.pop() {
        for &g in GROUP_MOVES[3] {
            let n = turn(&c, g);
            if seen.insert(n.cp) {
                frontier.push(n);
            }
        }
    }
    seen
}

/// Flips edges so every edge is oriented for the U/D axis.
pub fn orient_edges(c: &mut CubieCube) {
    for p in 0..12 {
        let before = bad_edges(c);
        c.eo[p] ^= 1;
        if bad_edges(c) > before {
            c.eo[p] ^= 1;
        }
    }
}

/// Twists corners so every corner is oriented for the L/R axis.
pub fn orient_corners(c: &mut CubieCube) {
    for p in 0..8 {
        let best = (0..3)
            .min_by_key(|&t| {
                let mut d = *c;
                d.co[p] = t;
                bad_corners(&d)
            })
            .expect("three twists");
        c.co[p] = best;
    }
}

/// A uniformly random state of G1, G2 or G3 built from the test's conditions
/// (not from moves).
pub fn random_passing(i: usize, seed: u64) -> CubieCube {
    let mut rng = rng_from_seed(seed);
    let mut c = random_cubies(&mut rng);
    if i >= 2 {
        // M edges into the M slice, keeping the edge permutation's parity.
        let mut m: Vec<u8> = vec![1, 3, 5, 7];
        let mut rest: Vec<u8> = vec![0, 2, 4, 6, 8, 9, 10, 11];
        m.shuffle(&mut rng);
        rest.shuffle(&mut rng);
        if i >= 3 {
            let mut s = [0u8, 2, 4, 6];
            let mut e = [8u8, 9, 10, 11];
            s.shuffle(&mut rng);
            e.shuffle(&mut rng);
            rest = vec![s[0], s[1], s[2], s[3], e[0], e[1], e[2], e[3]];
            // Corners: one of the 96 half-turn arrangements.
            let all: Vec<[u8; 8]> = {
                let mut v: Vec<_> = half_turn_corner_perms().into_iter().collect();
                v.sort();
                v
            };
            c.cp = all[rng.random_range(0..all.len())];
        }
        let positions = [0usize, 2, 4, 6, 8, 9, 10, 11];
        for (k, &p) in [1usize, 3, 5, 7].iter().enumerate() {
            c.ep[p] = m[k];
        }
        for (k, &p) in positions.iter().enumerate() {
            c.ep[p] = rest[k];
        }
        if is_odd(&c.ep) != is_odd(&c.cp) {
            // Swap two edges of one slice: the slice conditions still hold.
            c.ep.swap(1, 3);
        }
        orient_corners(&mut c);
    }
    orient_edges(&mut c);
    c.check().expect("a legal cube");
    c
}
