//! The parsers behind the command line, fed arbitrary strings: the notation
//! parser (`--scramble`) and the facelet parser (`--facelets`) never panic,
//! and either reject the input with a message a terminal shows faithfully or
//! accept it and round-trip. (`--set` is covered in `src/cli/config/`.)

use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_cube::{Alg, Cube, FaceletError};
use proptest::prelude::*;

/// Characters that would not show up as themselves in an error message.
fn has_invisible(s: &str) -> bool {
    s.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
    })
}

/// Characters notation is made of, plus a few that trip it up.
const NOTATION: &[char] = &[
    'R', 'U', 'F', 'D', 'L', 'B', 'r', 'u', 'f', 'd', 'l', 'b', 'M', 'E', 'S', 'x', 'y', 'z', 'w',
    '\'', '’', '′', '2', '3', '0', '1', '9', ' ', '\t', '\n', '(', ')', '\u{200b}', '\u{1}',
    '\u{7f}', 'Q', 'é', '-',
];

fn notation_like() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(NOTATION), 0..40)
        .prop_map(|cs| cs.into_iter().collect())
}

fn check_alg(s: &str) -> Result<(), TestCaseError> {
    match s.parse::<Alg>() {
        Ok(alg) => {
            let text = alg.to_string();
            prop_assert_eq!(text.parse::<Alg>(), Ok(alg), "`{}` → `{}`", s, text);
        }
        Err(e) => {
            let msg = e.to_string();
            prop_assert!(!msg.is_empty());
            prop_assert!(!has_invisible(&msg), "{:?}", msg);
        }
    }
    Ok(())
}

fn check_facelets(s: &str) -> Result<(), TestCaseError> {
    match Cube::from_facelets(s) {
        Ok(cube) => {
            let text = cube.facelets();
            prop_assert_eq!(text.as_str(), s.trim().to_ascii_uppercase());
            prop_assert_eq!(Cube::from_facelets(&text), Ok(cube));
        }
        Err(e) => {
            let msg = e.to_string();
            prop_assert!(!has_invisible(&msg), "{:?}", msg);
        }
    }
    Ok(())
}

/// A facelet string of a random reachable state with a few stickers changed.
fn near_valid() -> impl Strategy<Value = String> {
    (
        any::<u64>(),
        prop::collection::vec(
            (0usize..54, prop::sample::select(&b"URFDLBX\x01 "[..])),
            0..3,
        ),
    )
        .prop_map(|(seed, edits)| {
            let mut chars: Vec<u8> = random_state(&mut rng_from_seed(seed))
                .facelets()
                .into_bytes();
            for (i, c) in edits {
                chars[i] = c;
            }
            String::from_utf8(chars).expect("ascii")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn notation_from_arbitrary_strings(s in any::<String>()) {
        check_alg(&s)?;
    }

    #[test]
    fn notation_from_notation_like_strings(s in notation_like()) {
        check_alg(&s)?;
    }

    #[test]
    fn facelets_from_arbitrary_strings(s in any::<String>()) {
        check_facelets(&s)?;
    }

    #[test]
    fn facelets_from_near_valid_strings(s in near_valid()) {
        check_facelets(&s)?;
    }
}

#[test]
fn invisible_characters_are_escaped_in_messages() {
    let e = "R\u{200b}U".parse::<Alg>().unwrap_err().to_string();
    assert_eq!(e, "unknown move `R\\u{200b}U` at column 1");
    let e = "R U\u{1}".parse::<Alg>().unwrap_err().to_string();
    assert_eq!(e, "unknown move `U\\u{1}` at column 3");
    let long = format!("R {}", "Q".repeat(100_000));
    let e = long.parse::<Alg>().unwrap_err().to_string();
    assert_eq!(e, format!("unknown move `{}…` at column 3", "Q".repeat(40)));
    let mut s = Cube::solved().facelets();
    s.replace_range(4..5, "\u{7}");
    let e = Cube::from_facelets(&s).unwrap_err();
    assert!(matches!(e, FaceletError::BadCharacter { column: 5, .. }));
    assert!(
        e.to_string()
            .starts_with("invalid character `\\u{7}` at column 5"),
        "{e}"
    );
}

#[test]
fn a_prime_before_the_amount_reads_as_after_it() {
    for (written, means) in [
        ("R'2", "R2"),
        ("U'2 F", "U2 F"),
        ("x'2", "x2"),
        ("Rw’2", "Rw2"),
    ] {
        let a: Alg = written.parse().unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(a, means.parse::<Alg>().unwrap(), "{written}");
    }
    // Only one amount per move.
    assert!("R2'2".parse::<Alg>().is_err());
    assert!("R''2".parse::<Alg>().is_err());
}
