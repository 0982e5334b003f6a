//! `cubetui solve` and `cubetui bench` through the real binary.

use crate::cli_support;

use cli_support::{bench_jsonl, code, cubetui, json};
use cubetui_cube::{Alg, Cube, MoveKind};
use serde_json::Value;

const SCRAMBLE: &str = "D2 F' R U2 L B' D R2 F U' B2 L' D F2 R' U B D' L2 F";

#[test]
fn solve_json_has_every_field_and_the_solution_solves_the_start() {
    let o = cubetui(&["solve", "--scramble", SCRAMBLE, "--seed", "5", "--json"]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    for key in [
        "solver",
        "preset",
        "neighbourhood",
        "seed",
        "facelets",
        "solved",
        "solution",
        "moves_htm",
        "moves_raw",
        "energy",
        "iterations",
        "elapsed_ms",
        "version",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["solver"], "sa");
    assert_eq!(v["preset"], "sa-pll-conj");
    assert_eq!(v["neighbourhood"], "pll-conj");
    assert_eq!(v["seed"], 5);
    assert_eq!(v["solved"], true);
    assert_eq!(v["energy"].as_f64(), Some(0.0));
    let start = Cube::solved().after(&SCRAMBLE.parse::<Alg>().unwrap());
    assert_eq!(v["facelets"], start.facelets());
    let solution: Alg = v["solution"].as_str().unwrap().parse().unwrap();
    assert!(
        solution
            .moves()
            .iter()
            .all(|m| matches!(m.kind, MoveKind::Face(_)))
    );
    assert_eq!(v["moves_htm"].as_u64(), Some(solution.len() as u64));
    assert_eq!(start.after(&solution), Cube::solved());
    assert!(v["moves_raw"].as_u64().unwrap() >= solution.len() as u64);
}

#[test]
fn solve_is_reproducible_from_the_seed() {
    let run = || {
        let o = cubetui(&["solve", "--random-state", "--seed", "77", "--json"]);
        assert_eq!(code(&o), 0);
        let mut v = json(&o);
        strip_times(&mut v);
        v
    };
    assert_eq!(run(), run());
}

#[test]
fn solved_start_gives_an_empty_solution() {
    let solved = Cube::solved().facelets();
    let o = cubetui(&["solve", "--facelets", &solved, "--json"]);
    assert_eq!(code(&o), 0);
    let v = json(&o);
    assert_eq!(v["solution"], "");
    assert_eq!(v["moves_htm"], 0);
    assert_eq!(v["iterations"], 0);
}

#[test]
fn human_output_names_the_result() {
    let o = cubetui(&["solve", "--scramble", "R U R' U'"]);
    assert_eq!(code(&o), 0);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("solved\n"), "{text}");
    // One length, named as the screen names it: `length N HTM (M raw moves)`.
    let length = text.lines().find(|l| l.starts_with("length:")).unwrap();
    assert!(
        length.contains(" HTM (") && length.ends_with(" raw moves)"),
        "{length}"
    );
}

#[test]
fn unsolved_within_budget_exits_4() {
    let o = cubetui(&[
        "solve",
        "--random-state",
        "--neighbourhood",
        "faces",
        "--max-steps",
        "50",
        "--json",
    ]);
    assert_eq!(code(&o), 4);
    let v = json(&o);
    assert_eq!(v["solved"], false);
    assert_eq!(v["iterations"], 50);
    assert_eq!(v["neighbourhood"], "faces");
}

#[test]
fn invalid_cubes_and_notation_exit_3() {
    for args in [
        vec!["solve", "--scramble", "R Q"],
        vec!["solve", "--facelets", "UUU"],
        vec![
            "solve",
            "--facelets",
            "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBU",
        ],
    ] {
        let o = cubetui(&args);
        assert_eq!(code(&o), 3, "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn usage_mistakes_exit_2_naming_the_problem() {
    for (args, word) in [
        (vec!["solve"], "start"),
        (vec!["solve", "--random-state", "--set", "bogus=1"], "bogus"),
        (
            vec!["solve", "--random-state", "--set", "schedule.t_max=hot"],
            "schedule.t_max",
        ),
        (vec!["solve", "--random-state", "--preset", "nope"], "nope"),
        (
            vec!["solve", "--random-state", "--preset", "mws,ga"],
            "`bench --preset a,b,c`",
        ),
        (
            vec!["solve", "--random-state", "--neighbourhood", "nope"],
            "nope",
        ),
        (vec!["solve", "--random-state", "--solver", "xyz"], "xyz"),
        (
            vec!["solve", "--scramble", "R", "--random-state"],
            "cannot be used",
        ),
        (vec!["bench", "--cubes", "2"], "--depth"),
    ] {
        let o = cubetui(&args);
        assert_eq!(code(&o), 2, "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(word), "{args:?}: {err}");
    }
}

const BENCH: &[&str] = &["--cubes", "6", "--depth", "8", "--seed", "3"];

#[test]
fn bench_results_do_not_depend_on_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("cubetui-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = bench_jsonl(BENCH, "1", &dir.join("one.jsonl"), "6/6");
    let two = bench_jsonl(BENCH, "2", &dir.join("two.jsonl"), "6/6");
    assert_eq!(one.len(), 6);
    assert_eq!(one, two);
    for (i, v) in one.iter().enumerate() {
        assert_eq!(v["index"], i);
        assert_eq!(v["depth"], 8);
        let scramble: Alg = v["scramble"].as_str().unwrap().parse().unwrap();
        assert_eq!(scramble.len(), 8);
        let solution: Alg = v["solution"].as_str().unwrap().parse().unwrap();
        assert!(Cube::solved().after(&scramble).after(&solution).is_solved());
    }
    // A bench cube is reproduced by `solve` with its derived seed.
    let seed = one[2]["seed"].as_u64().unwrap().to_string();
    let o = cubetui(&[
        "solve",
        "--scramble",
        one[2]["scramble"].as_str().unwrap(),
        "--seed",
        &seed,
        "--json",
    ]);
    let mut v = json(&o);
    strip_times(&mut v);
    assert_eq!(v["solution"], one[2]["solution"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Drops the wall-clock fields, which differ from run to run.
fn strip_times(v: &mut Value) {
    let o = v.as_object_mut().unwrap();
    o.remove("elapsed_ms");
    o.remove("search_ms");
}
