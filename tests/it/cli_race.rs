//! `cubetui race` through the real binary.

use std::process::{Command, Output};

use cubetui_cube::{Alg, Cube};
use serde_json::Value;

fn cubetui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

const SCRAMBLE: &str = "R U F' L2 D";

#[test]
fn race_prints_the_table_sorted_by_rank() {
    let o = cubetui(&[
        "race",
        "--presets",
        "mws,reference",
        "--scramble",
        SCRAMBLE,
        "--seed",
        "3",
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for h in ["rank", "preset", "solved", "HTM", "CPU ms", "steps"] {
        assert!(lines[0].contains(h), "{text}");
    }
    assert!(lines[1].trim_start().starts_with("1 "), "{text}");
    assert!(lines[2].trim_start().starts_with("2 "), "{text}");
    assert!(text.contains("mws") && text.contains("reference"), "{text}");
}

#[test]
fn race_json_has_a_lanes_array_whose_solutions_solve_the_start() {
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-pll-conj,mws,reference",
        "--scramble",
        SCRAMBLE,
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "{text}");
    let v: Value = serde_json::from_str(text.trim()).unwrap();
    let lanes = v["lanes"].as_array().unwrap();
    assert_eq!(lanes.len(), 3);
    let start = Cube::solved().after(&SCRAMBLE.parse::<Alg>().unwrap());
    assert_eq!(v["facelets"], start.facelets());
    let mut last = (true, 0);
    for (i, l) in lanes.iter().enumerate() {
        assert_eq!(l["rank"], i + 1);
        for k in ["preset", "solved", "htm", "cpu_ms", "steps", "solution"] {
            assert!(l.get(k).is_some(), "{k} missing: {l}");
        }
        let solved = l["solved"].as_bool().unwrap();
        let htm = l["htm"].as_u64().unwrap();
        if solved {
            let alg: Alg = l["solution"].as_str().unwrap().parse().unwrap();
            assert!(start.after(&alg).is_solved(), "{l}");
            assert_eq!(alg.len() as u64, htm);
            // Sorted: solved lanes first, shorter first among them.
            assert!(last.0 && last.1 <= htm, "{v}");
        }
        last = (solved, htm);
    }
}

#[test]
fn bad_preset_counts_and_names_are_usage_errors() {
    for presets in [
        "mws",
        "mws,reference,ga,woc,sa-faces,sa-faces-hot,sa-pll-conj",
    ] {
        let o = cubetui(&["race", "--presets", presets, "--scramble", SCRAMBLE]);
        assert_eq!(code(&o), 2, "{presets}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("2 to 6 presets"), "{err}");
    }
    let o = cubetui(&["race", "--presets", "mws,nope", "--scramble", SCRAMBLE]);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown preset `nope`"));
    let o = cubetui(&["race", "--presets", "mws,reference"]);
    assert_eq!(code(&o), 2, "no start state");
}

#[test]
fn bad_cubes_and_notation_exit_3() {
    let o = cubetui(&["race", "--presets", "mws,reference", "--scramble", "R Q"]);
    assert_eq!(code(&o), 3);
    let o = cubetui(&["race", "--presets", "mws,reference", "--facelets", "UUU"]);
    assert_eq!(code(&o), 3);
}
