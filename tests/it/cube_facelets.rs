//! Facelet strings: export, import, and one test per validation failure kind.

use cubetui_cube::validate::validate;
use cubetui_cube::{Alg, Cube, CubieCube, FaceletError};
use proptest::prelude::*;

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

/// The solved string with stickers swapped pairwise.
fn swapped(pairs: &[(usize, usize)]) -> String {
    let mut s: Vec<char> = SOLVED.chars().collect();
    for &(a, b) in pairs {
        s.swap(a, b);
    }
    s.into_iter().collect()
}

/// The solved string with some stickers set.
fn with(sets: &[(usize, char)]) -> String {
    let mut s: Vec<char> = SOLVED.chars().collect();
    for &(i, c) in sets {
        s[i] = c;
    }
    s.into_iter().collect()
}

fn rejected(s: &str) -> String {
    match Cube::from_facelets(s) {
        Ok(c) => panic!("{s} accepted as {c:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn solved_and_known_states() {
    assert_eq!(Cube::solved().facelets(), SOLVED);
    assert_eq!(Cube::from_facelets(SOLVED), Ok(Cube::solved()));
    let r = Cube::solved().after(&"R".parse::<Alg>().unwrap());
    assert_eq!(
        r.facelets(),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    );
    // Surrounding whitespace and lower case are accepted.
    assert_eq!(
        Cube::from_facelets(&format!("  {}\n", r.facelets().to_lowercase())),
        Ok(r)
    );
}

#[test]
fn wrong_length() {
    assert_eq!(
        rejected("UUU"),
        "facelet string has 3 characters, expected 54"
    );
    assert_eq!(
        rejected(&format!("{SOLVED}U")),
        "facelet string has 55 characters, expected 54"
    );
    assert_eq!(rejected(""), "facelet string has 0 characters, expected 54");
}

#[test]
fn wrong_character() {
    assert_eq!(
        rejected(&with(&[(4, 'X')])),
        "invalid character `X` at column 5 (expected one of U R F D L B)"
    );
    assert_eq!(
        rejected(&with(&[(53, 'é')])),
        "invalid character `é` at column 54 (expected one of U R F D L B)"
    );
}

#[test]
fn colour_count() {
    assert_eq!(
        rejected(&with(&[(53, 'U')])),
        "colour U appears 10 times, expected 9"
    );
}

#[test]
fn centres_not_distinct() {
    // U centre swapped with an R sticker: two R centres.
    assert_eq!(
        rejected(&swapped(&[(4, 9)])),
        "centres are RRFDLB, expected six distinct colours"
    );
}

#[test]
fn centres_mirrored() {
    assert_eq!(
        rejected(&swapped(&[(4, 31)])),
        "centres DRFULB are a mirror image of a real cube (read U R F D L B)"
    );
}

#[test]
fn impossible_corner() {
    // The R sticker of URF swapped with the F sticker of UFL: corners U F F and U R L.
    assert_eq!(
        rejected(&swapped(&[(9, 18)])),
        "impossible corner UFF at URF: no corner has these colours"
    );
}

#[test]
fn impossible_edge() {
    // The R sticker of UR swapped with the D sticker of DF: edges U D and R F... D.
    assert_eq!(
        rejected(&swapped(&[(10, 28)])),
        "impossible edge UD at UR: no edge has these colours"
    );
}

#[test]
fn duplicate_piece() {
    // UB shows U R (a second UR), DR shows D B (a second DB); counts stay nine.
    assert_eq!(
        rejected(&with(&[(46, 'R'), (16, 'B')])),
        "edge UR appears twice"
    );
    // Corner UBR painted as URF and DFR painted as DRB... keeps counts: two URF.
    assert_eq!(
        rejected(&with(&[(45, 'R'), (11, 'F'), (26, 'R'), (15, 'B')])),
        "corner URF appears twice"
    );
}

#[test]
fn twisted_corner() {
    // URF turned in place: the U sticker now on the R side.
    assert_eq!(
        rejected(&with(&[(8, 'F'), (9, 'U'), (20, 'R')])),
        "twisted corner: corner orientations sum to 1 (mod 3), expected 0"
    );
    assert_eq!(
        rejected(&with(&[(8, 'R'), (9, 'F'), (20, 'U')])),
        "twisted corner: corner orientations sum to 2 (mod 3), expected 0"
    );
}

#[test]
fn flipped_edge() {
    assert_eq!(
        rejected(&swapped(&[(5, 10)])),
        "flipped edge: edge orientations sum to 1 (mod 2), expected 0"
    );
}

#[test]
fn parity() {
    // Two edges exchanged (UR and UF), corners untouched.
    assert_eq!(
        rejected(&swapped(&[(5, 7), (10, 19)])),
        "parity mismatch: corner permutation is even, edge permutation is odd"
    );
    // Two corners exchanged (URF and UFL, keeping orientation).
    assert_eq!(
        rejected(&swapped(&[(8, 6), (9, 18), (20, 38)])),
        "parity mismatch: corner permutation is odd, edge permutation is even"
    );
}

#[test]
fn errors_are_typed() {
    assert_eq!(
        Cube::from_facelets("UUU"),
        Err(FaceletError::WrongLength { len: 3 })
    );
    assert!(matches!(
        Cube::from_facelets(&swapped(&[(5, 10)])),
        Err(FaceletError::FlippedEdge { sum: 1 })
    ));
}

fn arb_alg() -> impl Strategy<Value = Alg> {
    "[RUFDLBMESxyz][2']?( [RUFDLBMESxyzrufdlb][2']?){0,30}".prop_map(|s| s.parse().expect("valid"))
}

proptest! {
    #[test]
    fn facelets_and_cubies_round_trip(a in arb_alg()) {
        let c = Cube::solved().after(&a);
        prop_assert_eq!(Cube::from_facelets(&c.facelets()), Ok(c));
        prop_assert!(validate(&c).is_ok());
        let cc = CubieCube::from_cube(&c).expect("reachable");
        prop_assert!(cc.check().is_ok());
        // The cubie view is read relative to the centres.
        prop_assert!(cc.to_cube().same_up_to_rotation(&c));
    }

    #[test]
    fn import_reports_the_first_rule_broken(s in "[URFDLBX]{50,56}") {
        let got = Cube::from_facelets(&s);
        let len = s.chars().count();
        let miscounted = "URFDLB"
            .chars()
            .map(|f| (f, s.chars().filter(|&c| c == f).count()))
            .find(|&(_, n)| n != 9);
        if len != 54 {
            prop_assert_eq!(got, Err(FaceletError::WrongLength { len }));
        } else if let Some(i) = s.find('X') {
            prop_assert_eq!(got, Err(FaceletError::BadCharacter { ch: 'X', column: i + 1 }));
        } else if let Some((face, count)) = miscounted {
            prop_assert_eq!(got, Err(FaceletError::ColourCount { face, count }));
        } else if let Ok(c) = got {
            prop_assert_eq!(c.facelets(), s);
        }
    }

    #[test]
    fn import_of_anything_is_rejected_at_the_right_place_or_round_trips(s in any::<String>()) {
        let text = s.trim();
        match Cube::from_facelets(&s) {
            Ok(c) => prop_assert_eq!(c.facelets(), text.to_ascii_uppercase()),
            Err(FaceletError::WrongLength { len }) => {
                prop_assert_eq!(len, text.chars().count());
                prop_assert_ne!(len, 54);
            }
            Err(FaceletError::BadCharacter { ch, column }) => {
                prop_assert_eq!(text.chars().nth(column - 1), Some(ch));
                prop_assert!(!"URFDLBurfdlb".contains(ch), "{ch:?}");
            }
            Err(_) => prop_assert_eq!(text.chars().count(), 54),
        }
    }

    #[test]
    fn lower_case_and_surrounding_blanks_import_the_same_cube(
        a in arb_alg(),
        lower in prop::collection::vec(any::<bool>(), 54),
        (before, after) in ("[ \t\n]{0,3}", "[ \t\n]{0,3}"),
    ) {
        let c = Cube::solved().after(&a);
        let mixed: String = c
            .facelets()
            .chars()
            .zip(&lower)
            .map(|(ch, &l)| if l { ch.to_ascii_lowercase() } else { ch })
            .collect();
        prop_assert_eq!(Cube::from_facelets(&format!("{before}{mixed}{after}")), Ok(c));
    }
}
