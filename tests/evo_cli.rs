//! The evolutionary solvers through `cubetui solve` and `cubetui bench`.

use std::process::Command;

fn cubetui(args: &[&str]) -> (i32, serde_json::Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let json = serde_json::from_str(&stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code().unwrap_or(-1), json, stdout)
}

#[test]
fn mws_solves_a_random_state_with_phase_lengths() {
    let (code, j, out) = cubetui(&[
        "solve",
        "--solver",
        "mws",
        "--random-state",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(j["solver"], "mws");
    assert_eq!(j["preset"], "mws");
    assert_eq!(j["solved"], true);
    let lens: u64 = j["phase_lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(lens, j["moves_raw"].as_u64().unwrap());
    assert!(j["rounds"].as_u64().unwrap() >= 1);
}

#[test]
fn ga_and_woc_report_their_fields_and_exit_4_when_unsolved() {
    let (code, j, out) = cubetui(&[
        "solve",
        "--solver",
        "ga",
        "--scramble",
        "R U F D L B R2",
        "--set",
        "max_generations=3",
        "--json",
    ]);
    assert_eq!(code, 4, "{out}");
    assert_eq!(j["preset"], "ga");
    assert_eq!(j["generations"], 3);
    let (code, j, out) = cubetui(&[
        "solve",
        "--solver",
        "woc",
        "--scramble",
        "R",
        "--set",
        "population=100",
        "--set",
        "parents_from=30",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(j["preset"], "woc");
    assert_eq!(j["ga_best"]["energy"], 0);
    assert!(j["crowd"]["energy"].is_u64());
}

#[test]
fn bad_evo_parameters_are_usage_errors() {
    let (code, _, _) = cubetui(&[
        "solve",
        "--solver",
        "mws",
        "--scramble",
        "R",
        "--set",
        "phase1.window=0",
    ]);
    assert_eq!(code, 2);
    let (code, _, _) = cubetui(&[
        "solve",
        "--solver",
        "ga",
        "--scramble",
        "R",
        "--set",
        "fitness=best",
    ]);
    assert_eq!(code, 2);
}
