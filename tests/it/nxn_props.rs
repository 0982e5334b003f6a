//! Property tests for N×N notation (print/parse round trips, no panics on
//! any text) and group laws on random sequences of every size.

use cubetui_cube::nxn::error::NxnNotationError as E;
use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnMove, Size, tables};
use proptest::prelude::*;

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

/// A size 2..=7 and a sequence of moves it can make.
fn sized_alg(max_len: usize) -> impl Strategy<Value = (usize, Vec<NxnMove>)> {
    (2usize..=7).prop_flat_map(move |n| {
        let moves: Vec<NxnMove> = NxnMove::all(size(n)).collect();
        (
            Just(n),
            prop::collection::vec(proptest::sample::select(moves), 0..max_len),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn print_parse_round_trip((n, moves) in sized_alg(30)) {
        let a = NxnAlg::new(moves);
        let text = a.to_string();
        prop_assert_eq!(NxnAlg::parse_sized(&text, size(n)), Ok(a.clone()));
        prop_assert_eq!(text.parse::<NxnAlg>(), Ok(a.clone()));
        for m in a.moves() {
            prop_assert_eq!(NxnMove::parse_sized(&m.to_string(), size(n)), Ok(*m));
        }
    }

    #[test]
    fn moveish_text_round_trips_or_points_at_a_column(
        n in 2usize..=7,
        s in "[RUFDLBMESxyzrufdlbwQ'’2 3470-9()\t]{0,40}",
    ) {
        match NxnAlg::parse_sized(&s, size(n)) {
            Ok(a) => {
                prop_assert_eq!(NxnAlg::parse_sized(&a.to_string(), size(n)), Ok(a.clone()));
                prop_assert!(a.check(size(n)).is_ok());
            }
            Err(
                E::UnknownMove { column, .. }
                | E::BadAmount { column, .. }
                | E::WideTooThin { column, .. }
                | E::BadLayerNumber { column, .. }
                | E::NotOnSize { column, .. }
                | E::UnmatchedClose { column }
                | E::Unclosed { column }
                | E::BadRepeat { column, .. },
            ) => prop_assert!(column >= 1 && column <= s.chars().count() + 1),
            Err(e) => prop_assert!(false, "unexpected {e}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text_parses_or_errs_without_panic(s in any::<String>()) {
        if let Ok(a) = s.parse::<NxnAlg>() {
            prop_assert_eq!(a.to_string().parse::<NxnAlg>(), Ok(a));
        }
    }

    #[test]
    fn a_sequence_then_its_inverse_is_the_identity((n, moves) in sized_alg(40)) {
        let a = NxnAlg::new(moves);
        let s = size(n);
        let there = NxnCube::solved(s).after(&a).unwrap();
        prop_assert_eq!(there.after(&a.inverse()).unwrap(), NxnCube::solved(s));
    }

    #[test]
    fn group_laws_on_scrambled_states((n, moves) in sized_alg(20), pick in any::<prop::sample::Index>(), other in any::<prop::sample::Index>()) {
        let s = size(n);
        let start = NxnCube::solved(s).after(&NxnAlg::new(moves)).unwrap();
        let all: Vec<NxnMove> = NxnMove::all(s).collect();
        let m = *pick.get(&all);
        let quarter = NxnMove::new(m.kind, 1).unwrap();
        let mut c = start.clone();
        for _ in 0..4 {
            c.apply_move(quarter).unwrap();
        }
        prop_assert_eq!(&c, &start);
        c.apply_move(m).unwrap();
        c.apply_move(m.inverse()).unwrap();
        prop_assert_eq!(&c, &start);
        // Moves about one axis commute (so opposite layers do).
        let o = *other.get(&all);
        let ab = start.after(&NxnAlg::new(vec![m, o])).unwrap();
        let ba = start.after(&NxnAlg::new(vec![o, m])).unwrap();
        if m.kind.axis() == o.kind.axis() {
            prop_assert_eq!(ab, ba);
        }
        // The in-place cycles and the full gather agree.
        let p = tables(s).perm(m).unwrap();
        let mut via_gather = vec![0u8; s.stickers()];
        p.apply_into(start.stickers(), &mut via_gather);
        let mut in_place = start.stickers().to_vec();
        p.apply(&mut in_place);
        prop_assert_eq!(via_gather, in_place);
    }
}
