//! Long sequences (solved or not) are shown as a count with their first and last
//! moves; `--full` prints them whole (also in `--json`).

use std::process::Command;

use cubetui_cube::Alg;

fn solve(extra: &[&str]) -> (String, Option<i32>) {
    let mut args = vec![
        "solve",
        "--random-state",
        "--seed",
        "7",
        "--preset",
        "sa-faces-hot",
        "--max-steps",
        "20000",
    ];
    args.extend_from_slice(extra);
    let o = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(&args)
        .output()
        .unwrap();
    (String::from_utf8(o.stdout).unwrap(), o.status.code())
}

#[test]
fn a_long_failed_walk_is_shown_not_dumped() {
    let (text, code) = solve(&[]);
    assert_eq!(code, Some(4), "{text}");
    let line = text.lines().find(|l| l.starts_with("solution:")).unwrap();
    assert!(line.contains("moves, first and last 20:"), "{line}");
    assert!(line.contains("(--full prints all)"), "{line}");
    assert!(line.len() < 400, "{} characters", line.len());
    let (full, _) = solve(&["--full"]);
    let line = full.lines().find(|l| l.starts_with("solution:")).unwrap();
    let alg: Alg = line["solution:".len()..]
        .trim()
        .parse()
        .expect("the whole sequence");
    assert!(alg.len() > 200, "{}", alg.len());
}

#[test]
fn json_keeps_the_whole_sequence_only_when_asked() {
    let (text, _) = solve(&["--json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["solution_truncated"], true);
    let n = v["moves_htm"].as_u64().unwrap() as usize;
    assert!(n > 200);
    assert!(v["solution"].as_str().unwrap().contains(" … "));
    let (text, _) = solve(&["--json", "--full"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(v.get("solution_truncated").is_none());
    let alg: Alg = v["solution"].as_str().unwrap().parse().unwrap();
    assert_eq!(alg.len(), n);
}

#[test]
fn solve_reference_adds_the_two_phase_length() {
    let o = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args([
            "solve",
            "--scramble",
            "R U F' D2 L B",
            "--preset",
            "mws",
            "--seed",
            "1",
            "--json",
            "--reference",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let reference = v["reference_htm"].as_u64().expect("reference_htm");
    // Two-phase is near-optimal: never longer than the six-move scramble here,
    // never longer than the metaheuristic's own answer.
    assert!((1..=6).contains(&reference), "{reference}");
    assert!(reference <= v["moves_htm"].as_u64().unwrap());
    let text = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args([
            "solve",
            "--scramble",
            "R U",
            "--preset",
            "mws",
            "--seed",
            "1",
            "--reference",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("reference:  2 HTM"), "{text}");
}
