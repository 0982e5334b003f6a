//! WCA notation: canonical printing, round trips, error messages, no panics.

use cubetui_cube::{Alg, Face, Move, MoveKind, NotationError, Rotation, Slice};
use proptest::prelude::*;

fn arb_move() -> impl Strategy<Value = Move> {
    let kinds: Vec<MoveKind> = Face::ALL
        .map(MoveKind::Face)
        .into_iter()
        .chain(Face::ALL.map(MoveKind::Wide))
        .chain(Slice::ALL.map(MoveKind::Slice))
        .chain(Rotation::ALL.map(MoveKind::Rotation))
        .collect();
    (proptest::sample::select(kinds), 1u8..4).prop_map(|(k, t)| Move::new(k, t).expect("1..=3"))
}

fn err(s: &str) -> String {
    match s.parse::<Alg>() {
        Ok(a) => panic!("`{s}` parsed as `{a}`"),
        Err(e) => e.to_string(),
    }
}

fn canon(s: &str) -> String {
    s.parse::<Alg>()
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .to_string()
}

proptest! {
    #[test]
    fn print_parse_round_trip(moves in prop::collection::vec(arb_move(), 0..40)) {
        let a = Alg::new(moves);
        let text = a.to_string();
        prop_assert_eq!(text.parse::<Alg>(), Ok(a.clone()));
        for m in a.moves() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(*m));
        }
    }

    #[test]
    fn whatever_parses_round_trips(s in any::<String>()) {
        let alg = s.parse::<Alg>();
        if let Ok(a) = &alg {
            prop_assert_eq!(a.to_string().parse::<Alg>(), Ok(a.clone()));
        }
        one_move_agrees(&s, alg)?;
    }

    #[test]
    fn moveish_text_round_trips_or_points_at_a_column(s in "[RUFDLBMESxyzrufdlbwQ'’2 30-9()\t]{0,40}") {
        match s.parse::<Alg>() {
            // Whatever parses prints canonically and parses back to itself.
            Ok(a) => prop_assert_eq!(a.to_string().parse::<Alg>(), Ok(a)),
            // Whatever is rejected points at a column of the text.
            Err(
                NotationError::UnknownMove { column, .. }
                | NotationError::BadAmount { column, .. }
                | NotationError::UnmatchedClose { column }
                | NotationError::Unclosed { column }
                | NotationError::BadRepeat { column, .. },
            ) => prop_assert!((1..=s.chars().count() + 1).contains(&column), "{column} in {s:?}"),
            Err(e) => prop_assert!(matches!(e, NotationError::TooLong { .. }), "{e}"),
        }
        one_move_agrees(&s, s.parse::<Alg>())?;
    }
}

#[test]
fn canonical_printing() {
    assert_eq!(canon("  R   U\tF' "), "R U F'");
    assert_eq!(canon("R2'"), "R2");
    assert_eq!(canon("R’ U′"), "R' U'");
    assert_eq!(canon("r u' f2 d l b"), "Rw Uw' Fw2 Dw Lw Bw");
    assert_eq!(canon("Rw2 M' E S2 x y' z2"), "Rw2 M' E S2 x y' z2");
    assert_eq!(canon("R1 U3"), "R U'");
    assert_eq!(canon("(R U R' U')2"), "R U R' U' R U R' U'");
    assert_eq!(canon("((R)2 U)2"), "R R U R R U");
    assert_eq!(canon("(R U)"), "R U");
    assert_eq!(canon(""), "");
    assert_eq!(canon("RUR'U'"), "R U R' U'");
}

#[test]
fn errors_name_token_and_column() {
    assert_eq!(err("R U Q2"), "unknown move `Q2` at column 5");
    assert_eq!(
        err("R U F'' D"),
        "bad turn amount in `F''` at column 5 (use nothing, 1, 2 or 3, and at most one ')"
    );
    assert_eq!(
        err("R4"),
        "bad turn amount in `R4` at column 1 (use nothing, 1, 2 or 3, and at most one ')"
    );
    assert_eq!(err("R U) F"), "`)` at column 4 has no matching `(`");
    assert_eq!(err("R (U F"), "`(` at column 3 is never closed");
    assert_eq!(
        err("(R U)0"),
        "bad repeat count `0` at column 6 (use 1 to 1000)"
    );
    assert_eq!(
        err("(R U)5000"),
        "bad repeat count `5000` at column 6 (use 1 to 1000)"
    );
    assert_eq!(
        err("((((R)1000)1000)1000)"),
        "sequence expands to more than 100000 moves"
    );
    assert_eq!(err("R é"), "unknown move `é` at column 3");
    assert_eq!(err("é Q"), "unknown move `é` at column 1");
    assert_eq!(err("Mw"), "unknown move `Mw` at column 1");
    assert_eq!(err("R U R- U'"), "unknown move `R-` at column 5");
    assert_eq!(err("R,U"), "unknown move `R,U` at column 1");
}

#[test]
fn single_moves() {
    assert_eq!("R2'".parse::<Move>().map(|m| m.turns()), Ok(2));
    assert_eq!(
        "R U".parse::<Move>(),
        Err(NotationError::NotOneMove {
            text: "R U".to_string()
        })
    );
    assert_eq!(
        "x'".parse::<Move>().map(|m| m.to_string()),
        Ok("x'".to_string())
    );
}

/// Parsing `s` as one move agrees with parsing it as a sequence (`alg`): a
/// move that prints and parses back to itself, the sequence's own error, or
/// "not one move" when the sequence has another length.
fn one_move_agrees(s: &str, alg: Result<Alg, NotationError>) -> Result<(), TestCaseError> {
    match s.parse::<Move>() {
        Ok(m) => {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            prop_assert_eq!(alg.map(|a| a.moves().to_vec()), Ok(vec![m]));
        }
        Err(NotationError::NotOneMove { text }) => {
            prop_assert_eq!(text, s);
            prop_assert!(alg.is_ok_and(|a| a.len() != 1));
        }
        Err(e) => prop_assert_eq!(alg.err(), Some(e)),
    }
    Ok(())
}
