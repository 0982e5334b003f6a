//! Laws of the move model: orders, inverses, commuting faces, compiled sequences.

use cubetui_cube::{Alg, Cube, Face, Move, MoveKind, Perm};
use proptest::prelude::*;

fn all_moves() -> Vec<Move> {
    Move::all().collect()
}

fn arb_move() -> impl Strategy<Value = Move> {
    proptest::sample::select(all_moves())
}

fn arb_alg(max: usize) -> impl Strategy<Value = Alg> {
    prop::collection::vec(arb_move(), 0..max).prop_map(Alg::new)
}

fn alg(s: &str) -> Alg {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn state(s: &str) -> Cube {
    Cube::solved().after(&alg(s))
}

proptest! {
    #[test]
    fn every_move_has_its_order(m in arb_move()) {
        let order = if m.turns() == 2 { 2 } else { 4 };
        let p = m.perm();
        for k in 1..order {
            prop_assert!(!p.pow(k).is_identity(), "{m}^{k} is the identity");
        }
        prop_assert!(p.pow(order).is_identity(), "{m}^{order} is not the identity");
    }

    #[test]
    fn move_then_inverse_is_identity(m in arb_move()) {
        prop_assert!(m.perm().then(m.inverse().perm()).is_identity());
        prop_assert_eq!(m.perm().inverse(), *m.inverse().perm());
    }

    #[test]
    fn opposite_faces_commute(f in proptest::sample::select(Face::ALL.to_vec()), a in 1u8..4, b in 1u8..4) {
        let (x, y) = (Move::face(f, a), Move::face(f.opposite(), b));
        prop_assert_eq!(x.perm().then(y.perm()), y.perm().then(x.perm()));
    }

    #[test]
    fn sequence_then_inverse_is_solved(a in arb_alg(60)) {
        let c = Cube::solved().after(&a);
        prop_assert_eq!(c.after(&a.inverse()), Cube::solved());
        prop_assert_eq!(a.perm().then(&a.inverse().perm()), Perm::IDENTITY);
    }

    #[test]
    fn compiled_sequence_equals_step_by_step(a in arb_alg(60)) {
        prop_assert_eq!(Cube::solved().permuted(&a.perm()), Cube::solved().after(&a));
        prop_assert_eq!(Cube::from_perm(&a.perm()), Cube::solved().after(&a));
    }

    #[test]
    fn every_reached_state_validates(a in arb_alg(60)) {
        let c = Cube::solved().after(&a);
        prop_assert_eq!(Cube::from_facelets(&c.facelets()), Ok(c));
        prop_assert!(c.misplaced() <= 48);
    }
}

#[test]
fn fixed_identities() {
    assert_eq!(state("(R U R' U')6"), Cube::solved());
    assert_ne!(state("(R U R' U')3"), Cube::solved());
    assert_eq!(state("(R U)105"), Cube::solved());
    assert_ne!(state("(R U)35"), Cube::solved());
    assert_eq!(state("x"), state("R M' L'"));
    assert_eq!(state("y"), state("U E' D'"));
    assert_eq!(state("z"), state("F S B'"));
    for (wide, lower, parts) in [
        ("Rw", "r", "R M'"),
        ("Lw", "l", "L M"),
        ("Uw", "u", "U E'"),
        ("Dw", "d", "D E"),
        ("Fw", "f", "F S"),
        ("Bw", "b", "B S'"),
    ] {
        assert_eq!(state(wide), state(lower), "{wide} = {lower}");
        assert_eq!(state(wide), state(parts), "{wide} = {parts}");
    }
    assert_eq!(alg("R2'"), alg("R2"));
    assert_eq!(state("R2'"), state("R2"));
    assert_eq!(state("R R R"), state("R'"));
    assert_eq!(state("M2 E2 S2"), state("S2 E2 M2"));
    // Superflip: every edge flipped in place, order 2.
    let superflip = state("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    assert_eq!(superflip.misplaced(), 24);
    assert_eq!(
        superflip.after(&alg("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")),
        Cube::solved()
    );
}

#[test]
fn moves_touch_the_right_number_of_stickers() {
    for m in all_moves() {
        let moved = m.perm().moved().count();
        let want = match m.kind {
            MoveKind::Face(_) => 20,
            MoveKind::Slice(_) => 12,
            MoveKind::Wide(_) => 32,
            MoveKind::Rotation(_) => 52,
        };
        assert_eq!(moved, want, "{m}");
    }
}

#[test]
fn face_turns_are_the_eighteen() {
    let ft = Move::face_turns();
    assert_eq!(
        Alg::new(ft.to_vec()).to_string(),
        "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'"
    );
}

#[test]
fn rotated_solved_cubes_are_solved() {
    for r in ["x", "y2", "z'", "x y", "Rw L'", "M R' L"] {
        let c = state(r);
        assert!(c.is_solved(), "{r}");
        assert_eq!(c.misplaced(), 0, "{r}");
        assert!(c.same_up_to_rotation(&Cube::solved()), "{r}");
    }
    assert!(!state("R").is_solved());
    assert_eq!(state("R").misplaced(), 12);
    assert_eq!(state("M").misplaced(), 24);
}

/// The one index → move table: face turn `i` is `U U2 U' R R2 R' …` spelled in
/// order, and its index coincides with the dense index of every move.
#[test]
fn face_turn_table_reads_in_facelet_order() {
    let spelled: Vec<String> = Move::FACE_TURNS.iter().map(|m| m.to_string()).collect();
    assert_eq!(
        spelled.join(" "),
        "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'"
    );
    for (i, m) in Move::FACE_TURNS.into_iter().enumerate() {
        assert_eq!(m.index(), i, "{m}");
        assert_eq!(m.as_face(), Some(Face::ALL[i / 3]), "{m}");
    }
}
