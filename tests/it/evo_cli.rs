//! The evolutionary solvers through `cubetui solve` and `cubetui bench`.

use crate::cli_support;

use cli_support::{code, cubetui, json};

#[test]
fn mws_solves_a_random_state_with_phase_lengths() {
    let o = cubetui(&[
        "solve",
        "--solver",
        "mws",
        "--random-state",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let j = json(&o);
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
    let o = cubetui(&[
        "solve",
        "--solver",
        "ga",
        "--scramble",
        "R U F D L B R2",
        "--set",
        "max_generations=3",
        "--json",
    ]);
    assert_eq!(code(&o), 4, "{}", String::from_utf8_lossy(&o.stderr));
    let j = json(&o);
    assert_eq!(j["preset"], "ga");
    assert_eq!(j["generations"], 3);
    let o = cubetui(&[
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
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let j = json(&o);
    assert_eq!(j["preset"], "woc");
    assert_eq!(j["ga_best"]["energy"], 0);
    assert!(j["crowd"]["energy"].is_u64());
}

#[test]
fn bad_evo_parameters_are_usage_errors() {
    let o = cubetui(&[
        "solve",
        "--solver",
        "mws",
        "--scramble",
        "R",
        "--set",
        "phase1.window=0",
    ]);
    assert_eq!(code(&o), 2);
    let o = cubetui(&[
        "solve",
        "--solver",
        "ga",
        "--scramble",
        "R",
        "--set",
        "fitness=best",
    ]);
    assert_eq!(code(&o), 2);
}
