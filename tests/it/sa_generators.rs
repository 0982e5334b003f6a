//! Neighbourhood generators are what the specification's annealing
//! section says.

use std::collections::HashSet;

use cubetui_cube::random::rng_from_seed;
use cubetui_cube::{Alg, Cube, Move, MoveKind, Perm};
use cubetui_solve::neighbourhood::{Catalogue, Formulas, Generator};
use proptest::prelude::*;

/// Stickers of the U layer: the U face and the top rows of R, F, L, B.
fn u_layer() -> HashSet<usize> {
    let mut s: HashSet<usize> = (0..9).collect();
    for face in [1, 2, 4, 5] {
        s.extend(face * 9..face * 9 + 3);
    }
    s
}

fn table(name: &str) -> &'static cubetui_solve::neighbourhood::Table {
    match Generator::get(name, &Formulas::Builtin).unwrap() {
        Generator::Table(t) => t,
        Generator::Comm(_) => panic!("{name} is not a table"),
    }
}

#[test]
fn every_catalogue_formula_touches_only_the_u_layer() {
    let layer = u_layer();
    let cat = Catalogue::builtin().unwrap();
    assert_eq!(cat.formulas.len(), 6);
    for f in &cat.formulas {
        let p = f.alg.perm();
        let moved: Vec<usize> = p.moved().collect();
        assert!(!moved.is_empty(), "{} does nothing", f.name);
        assert!(
            moved.iter().all(|i| layer.contains(i)),
            "{} moves {:?}",
            f.name,
            moved
        );
    }
}

#[test]
fn a_formula_that_leaves_the_u_layer_is_caught_by_the_same_check() {
    let p = "R U R' U'".parse::<Alg>().unwrap().perm();
    assert!(p.moved().any(|i| !u_layer().contains(&i)));
}

#[test]
fn faces_is_the_18_face_turns() {
    let t = table("faces");
    assert_eq!(t.len(), 18);
    let want: Vec<Perm> = Move::face_turns().iter().map(|m| *m.perm()).collect();
    assert_eq!(t.perms(), &want[..]);
}

#[test]
fn pll_is_the_catalogue() {
    let t = table("pll");
    let cat = Catalogue::builtin().unwrap();
    let algs: Vec<Alg> = cat.formulas.iter().map(|f| f.alg.clone()).collect();
    assert_eq!(t.algs(), &algs[..]);
    for (p, a) in t.perms().iter().zip(t.algs()) {
        assert_eq!(*p, a.perm());
    }
}

#[test]
fn pll_conj_is_every_o_x_y_x_inverse() {
    let t = table("pll-conj");
    let cat = Catalogue::builtin().unwrap();
    assert_eq!(t.len(), 7 * 49 * cat.formulas.len());
    let basic = ["F", "B", "L", "R", "U", "D", ""];
    let rotations = ["x", "y", "z", "x'", "y'", "z'", ""];
    let mut want = HashSet::new();
    for o in rotations {
        for a in basic {
            for b in basic {
                for f in &cat.formulas {
                    let x: Alg = format!("{a} {b}").parse().unwrap();
                    let text = format!("{o} {x} {} {}", f.alg, x.inverse());
                    want.insert(text.parse::<Alg>().unwrap().to_string());
                }
            }
        }
    }
    let got: HashSet<String> = t.algs().iter().map(|a| a.to_string()).collect();
    assert_eq!(got, want);
    for (p, a) in t.perms().iter().zip(t.algs()) {
        assert_eq!(*p, a.perm(), "{a}");
    }
    // Each operator without a rotation is a conjugate of a U-layer formula, so
    // it moves as many stickers as the formula does.
    for a in t.algs().iter().filter(|a| {
        !a.moves()
            .iter()
            .any(|m| matches!(m.kind, MoveKind::Rotation(_)))
    }) {
        let n = a.perm().moved().count();
        assert!((6..=12).contains(&n), "{a} moves {n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A `comm` operator: its permutation is its moves' permutation, it
    /// keeps the centres, and it moves 3 pieces (a 3-cycle) or turns 2 in
    /// place (a pair twist or flip): at most 9 stickers.
    #[test]
    fn comm_operators_match_their_moves(pick in any::<u32>()) {
        let Generator::Comm(c) = Generator::get("comm", &Formulas::Builtin).unwrap() else { panic!() };
        let n = c.cycles().entries().len() as u64;
        let code = u64::from(pick) % n;
        let alg = c.alg(code);
        prop_assert_eq!(c.perm(code), alg.perm());
        let moved: Vec<usize> = alg.perm().moved().collect();
        prop_assert!((4..=9).contains(&moved.len()), "{alg} moves {}", moved.len());
        prop_assert!(moved.iter().all(|&i| i % 9 != 4), "{alg} moves a centre");
        let words = c.describe(code);
        prop_assert!(words.contains("3-cycle of ") || words.contains("pair "), "{words}");
    }

    #[test]
    fn table_proposals_apply_the_recorded_operator(seed in any::<u64>(), which in 0usize..3) {
        let name = ["faces", "pll", "pll-conj"][which];
        let g = Generator::get(name, &Formulas::Builtin).unwrap();
        let mut rng = rng_from_seed(seed);
        let start = Cube::solved().after(&"R U2 F' L D B2".parse::<Alg>().unwrap());
        let (after, code) = g.propose(&mut rng, &start);
        prop_assert_eq!(start.after(&g.alg(code)), after);
        prop_assert_eq!(g.moves(code), g.alg(code).len());
    }
}

#[test]
fn unknown_generator_names_the_choices() {
    let e = Generator::get("nope", &Formulas::Builtin)
        .unwrap_err()
        .to_string();
    assert!(e.contains("pll-conj") && e.contains("comm"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The sparse ΔE of every table operator equals the full energy difference.
    #[test]
    fn sparse_delta_is_the_energy_difference(seed in any::<u64>(), which in 0usize..3) {
        use cubetui_cube::random::random_state;
        use cubetui_solve::neighbourhood::sparse::Prepared;
        let t = table(["faces", "pll", "pll-conj"][which]);
        let mut rng = rng_from_seed(seed);
        let cube = random_state(&mut rng);
        let prepared = Prepared::new(&cube);
        for k in (0..t.len()).step_by(7) {
            let full = cube.permuted(&t.perms()[k]).misplaced() as i32 - cube.misplaced() as i32;
            prop_assert_eq!(t.delta(k, &prepared), full, "operator {}", &t.algs()[k]);
        }
    }
}

#[test]
fn sparse_tables_are_narrow() {
    // Rotations undone, a pll-conj operator moves what its formula moves (at
    // most 10 stickers: one block of 16 pairs); a face turn moves 20 (two).
    assert_eq!(table("pll-conj").sparse().width(), 10);
    assert_eq!(table("pll").sparse().width(), 10);
    assert_eq!(table("faces").sparse().width(), 20);
    assert_eq!(table("pll-conj").sparse().blocks_per_operator(), 1);
    assert_eq!(table("faces").sparse().blocks_per_operator(), 2);
}
