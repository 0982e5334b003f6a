//! `solve --json` writes one object, in one order, on every size (the 3×3's
//! fields, plus `size` past it), and `sweep --size N` runs as bench does.

use crate::cli_support;

use std::fmt;

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};

use cli_support::{code, cubetui, json};

/// The keys of the one JSON object on stdout, in the order written.
fn keys(o: &std::process::Output) -> Vec<String> {
    struct Keys;
    impl<'de> Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(k) = map.next_key::<String>()? {
                map.next_value::<IgnoredAny>()?;
                out.push(k);
            }
            Ok(out)
        }
    }
    let text = String::from_utf8(o.stdout.clone()).unwrap();
    let mut de = serde_json::Deserializer::from_str(text.trim());
    de.deserialize_map(Keys)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The run's own fields: everything up to `version` (the solver's fields,
/// and `reference_htm` or `solution_truncated`, follow it).
fn run_fields(keys: &[String]) -> Vec<String> {
    let end = keys.iter().position(|k| k == "version").expect("version") + 1;
    keys[..end].to_vec()
}

fn solve(size: &str, preset: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["solve", "--size", size, "--preset", preset, "--json"];
    args.extend_from_slice(extra);
    let o = cubetui(&args);
    assert!(
        matches!(code(&o), 0 | 4),
        "{size} {preset}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

#[test]
fn every_size_writes_the_3x3_fields_in_their_order_plus_size() {
    let random = ["--random-state", "--seed", "1", "--max-steps", "3000"];
    let three = keys(&solve("3", "sa-faces", &random));
    assert!(!three.contains(&"size".to_string()), "{three:?}");
    for (size, preset, start) in [
        ("2", "2x2-sa", &random[..]),
        (
            "4",
            "4x4-sa",
            &["--scramble", "Rw U 2F", "--max-steps", "3000"][..],
        ),
        (
            "5",
            "sa-faces",
            &["--scramble", "R U", "--max-steps", "3000"][..],
        ),
    ] {
        let got = keys(&solve(size, preset, start));
        let mut want = run_fields(&three);
        if start.contains(&"--scramble") {
            let at = want.iter().position(|k| k == "facelets").unwrap() + 1;
            want.insert(at, "scramble".into());
        }
        want.insert(0, "size".into());
        assert_eq!(run_fields(&got), want, "{size}x{size} {preset}");
    }
}

#[test]
fn the_reference_and_a_cut_walk_read_the_same_on_every_size() {
    let two = ["--random-state", "--seed", "2", "--reference"];
    let o = solve("2", "2x2-phases", &two);
    let v = json(&o);
    assert_eq!(v["size"], 2);
    assert!(v["reference_htm"].as_u64().unwrap() <= 11, "{v}");
    assert_eq!(keys(&o).last().map(String::as_str), Some("reference_htm"));
    // Past the 3x3 there is none: the run goes ahead, the yardstick null
    // and the text saying why.
    let past = [
        "solve",
        "--size",
        "4",
        "--preset",
        "4x4-sa",
        "--random-state",
        "--reference",
        "--max-steps",
        "1000",
    ];
    let o = cubetui(&[&past[..], &["--json"]].concat());
    assert_eq!(code(&o), 4, "{o:?}");
    let j = json(&o);
    assert!(j["reference_htm"].is_null(), "{j}");
    assert_eq!(j["iterations"], 1000, "{j}");
    let o = cubetui(&past);
    assert_eq!(code(&o), 4, "{o:?}");
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("reference:  none (no reference for 4x4"),
        "{o:?}"
    );
    // An unsolved 4x4 walk is summarised unless --full, as on the 3x3.
    let walk = ["--random-state", "--seed", "1", "--max-steps", "20000"];
    let cut = json(&solve("4", "4x4-sa", &walk));
    assert_eq!(cut["solved"], false);
    assert_eq!(cut["solution_truncated"], true, "{cut}");
    assert!(cut["solution"].as_str().unwrap().contains('…'));
    let mut full_args = walk.to_vec();
    full_args.push("--full");
    let full = json(&solve("4", "4x4-sa", &full_args));
    assert!(full.get("solution_truncated").is_none());
    // Whole: every layer turn there (rotations besides).
    let moves = full["solution"]
        .as_str()
        .unwrap()
        .split_whitespace()
        .count();
    let htm = full["moves_htm"].as_u64().unwrap() as usize;
    assert!(htm > 200 && moves >= htm, "{moves} {htm}");
    assert_eq!(full["moves_htm"], cut["moves_htm"]);
}
