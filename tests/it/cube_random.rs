//! Random states and scrambles: reachable, reproducible, and evenly spread.

use cubetui_cube::random::{derive_seed, random_moves, random_state, rng_from_seed};
use cubetui_cube::{Cube, CubieCube, simplify};

#[test]
fn twists_and_flips_are_evenly_spread() {
    const N: usize = 6000;
    let mut rng = rng_from_seed(2024);
    let mut twist = [[0usize; 3]; 8];
    let mut flip = [[0usize; 2]; 12];
    let mut corner_at = [[0usize; 8]; 8];
    let mut odd = 0;
    for _ in 0..N {
        let c = random_state(&mut rng);
        let cc = CubieCube::from_cube(&c).expect("reachable");
        cc.check().expect("valid");
        for i in 0..8 {
            twist[i][cc.co[i] as usize] += 1;
            corner_at[i][cc.cp[i] as usize] += 1;
        }
        for i in 0..12 {
            flip[i][cc.eo[i] as usize] += 1;
        }
        odd += usize::from(cubetui_cube::cubie::is_odd(&cc.cp));
    }
    // Loose bounds: within 10 % of the expected count (several standard deviations).
    let within =
        |count: usize, expected: f64, tol: f64| (count as f64 - expected).abs() < tol * expected;
    let near = |count, expected| within(count, expected, 0.1);
    for (i, t) in twist.iter().enumerate() {
        for (v, &n) in t.iter().enumerate() {
            assert!(near(n, N as f64 / 3.0), "corner {i} twist {v}: {n}");
        }
    }
    for (i, f) in flip.iter().enumerate() {
        for (v, &n) in f.iter().enumerate() {
            assert!(near(n, N as f64 / 2.0), "edge {i} flip {v}: {n}");
        }
    }
    for (i, row) in corner_at.iter().enumerate() {
        for (j, &n) in row.iter().enumerate() {
            assert!(within(n, N as f64 / 8.0, 0.15), "corner {j} at {i}: {n}");
        }
    }
    assert!(near(odd, N as f64 / 2.0), "odd permutations: {odd}");
}

#[test]
fn random_states_are_reproducible_and_portable() {
    let a: Vec<Cube> = (0..20)
        .map(|k| random_state(&mut rng_from_seed(derive_seed(5, k))))
        .collect();
    let b: Vec<Cube> = (0..20)
        .map(|k| random_state(&mut rng_from_seed(derive_seed(5, k))))
        .collect();
    assert_eq!(a, b);
    assert!(a.windows(2).all(|w| w[0] != w[1]));
    // Pinned: the generator, seed derivation and state construction must not drift.
    assert_eq!(
        random_state(&mut rng_from_seed(derive_seed(42, 0))).facelets(),
        "RDULUBDURUDLURRDUFLBBRFFBLLUDBLDLDBRDFFRLFBBLFFFDBUURR"
    );
}

#[test]
fn scrambles_are_reproducible_and_irreducible() {
    assert_eq!(
        random_moves(&mut rng_from_seed(derive_seed(42, 0)), 12).to_string(),
        "R2 F R' U D2 B L B2 U2 D' R2 D2"
    );
    let mut rng = rng_from_seed(9);
    for depth in [0, 1, 2, 25, 300] {
        let alg = random_moves(&mut rng, depth);
        assert_eq!(alg.len(), depth);
        assert!(alg.moves().iter().all(|m| m.as_face().is_some()));
        for w in alg.moves().windows(2) {
            assert_ne!(w[0].as_face(), w[1].as_face(), "{alg}");
        }
        // Nothing merges: no face twice in a row, nor around its opposite.
        assert_eq!(simplify(&alg), alg);
    }
}

#[test]
fn derived_seeds_are_distinct_and_fixed() {
    let seeds: std::collections::HashSet<u64> = (0..1000)
        .flat_map(|i| [derive_seed(1, i), derive_seed(2, i)])
        .collect();
    assert_eq!(seeds.len(), 2000);
    // Pinned against an independent SplitMix64 (Vigna's constants, computed
    // outside Rust): the derivation must not drift between releases.
    assert_eq!(derive_seed(7, 3), 6_174_104_353_005_286_658);
}
