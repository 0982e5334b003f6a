//! Simplification to face turns: same state up to orientation, never longer.

use cubetui_cube::{Alg, Cube, MoveKind, simplify};
use proptest::prelude::*;

fn arb_alg() -> impl Strategy<Value = Alg> {
    "([RUFDLBMESxyzrufdlb]|[RUFDLB]w)[2']?( ([RUFDLBMESxyzrufdlb]|[RUFDLB]w)[2']?){0,40}"
        .prop_map(|s| s.parse().expect("valid"))
}

fn arb_face_alg() -> impl Strategy<Value = Alg> {
    "([RUFDLB][2']?)( [RUFDLB][2']?){0,40}".prop_map(|s| s.parse().expect("valid"))
}

fn s(a: &str) -> String {
    simplify(&a.parse().expect("valid")).to_string()
}

proptest! {
    #[test]
    fn same_state_up_to_orientation(a in arb_alg()) {
        let simple = simplify(&a);
        let full = Cube::solved().after(&a);
        prop_assert!(full.same_up_to_rotation(&Cube::solved().after(&simple)), "{} -> {}", a, simple);
    }

    #[test]
    fn never_grows_and_is_face_turns_only(a in arb_alg()) {
        let simple = simplify(&a);
        prop_assert!(simple.htm() <= a.htm(), "{} ({}) -> {} ({})", a, a.htm(), simple, simple.htm());
        prop_assert!(simple.moves().iter().all(|m| matches!(m.kind, MoveKind::Face(_))));
        prop_assert_eq!(simple.htm(), simple.len());
        prop_assert_eq!(simplify(&simple), simple.clone());
        for w in simple.moves().windows(2) {
            prop_assert_ne!(w[0].as_face(), w[1].as_face());
        }
    }

    #[test]
    fn face_turns_keep_the_exact_state(a in arb_face_alg()) {
        prop_assert_eq!(Cube::solved().after(&simplify(&a)), Cube::solved().after(&a));
    }
}

#[test]
fn spec_examples() {
    assert_eq!(s("U U"), "U2");
    assert_eq!(s("U U'"), "");
    assert_eq!(s("U D U"), "U2 D");
    assert_eq!(s("U D U'"), "D");
    assert_eq!(s("R U D U' D' R'"), "");
    assert_eq!(s("R R R R"), "");
    assert_eq!(s("x U"), "F");
    assert_eq!(s("y F"), "R");
    assert_eq!(s("Rw"), "L");
    assert_eq!(s("M"), "R L'");
    assert_eq!(s("x y z"), "");
}

#[test]
fn metrics() {
    let a: Alg = "R U2 M' x Rw2 E".parse().expect("valid");
    assert_eq!(a.htm(), 7);
    assert_eq!(a.qtm(), 9);
    assert_eq!(a.stm(), 5);
}
