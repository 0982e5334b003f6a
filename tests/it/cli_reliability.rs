//! Command-line reliability, each through the real binary: one
//! time-limit rule for every command, `--set` ranges, long sequences
//! summarised, facelets with spaces, one wording for empty preset entries.

use crate::cli_support;

use cli_support::{code, cubetui};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `args`, expects exit 2 and `said` on stderr, never a panic.
fn usage_error(args: &[&str], said: &str) -> String {
    let o = cubetui(args);
    let err = stderr(&o);
    assert_eq!(code(&o), 2, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.contains(said), "{args:?} should say `{said}`: {err}");
    err
}

#[test]
fn every_command_with_a_time_limit_has_the_same_bound() {
    let commands: [&[&str]; 3] = [
        &["solve", "--scramble", "R"],
        &["bench", "--cubes", "1", "--depth", "1"],
        &["race", "--presets", "mws,reference", "--scramble", "R"],
    ];
    for cmd in commands {
        for t in ["2e19", "1000000.5", "0", "-1", "inf", "NaN", "abc"] {
            let mut args = cmd.to_vec();
            args.extend(["--time-limit", t]);
            let said = if t == "abc" {
                "not a number of seconds"
            } else {
                "at most 1000000 seconds"
            };
            let err = usage_error(&args, said);
            assert!(err.contains(&format!("'{t}'")), "the value as given: {err}");
        }
    }
}

#[test]
fn facelets_with_spaces_between_faces_are_accepted() {
    let spaced = "UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB";
    let o = cubetui(&["state", "--facelets", spaced]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().last(), Some(spaced.replace(' ', "").as_str()));
    let o = cubetui(&[
        "solve",
        "--facelets",
        &format!(" {}\t", spaced.replace(' ', "\n")),
        "--preset",
        "reference",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // A bad letter's column counts in the text as typed, spaces included.
    let bad = spaced.replacen("FFFFFFFFF", "FFFFXFFFF", 1);
    let o = cubetui(&["state", "--facelets", &bad]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("`X` at column 25"), "{}", stderr(&o));
}

#[test]
fn an_empty_preset_entry_is_worded_once_for_race_and_bench() {
    let race = usage_error(
        &["race", "--presets", "mws,,reference", "--scramble", "R"],
        "entry 2 is empty",
    );
    let bench = usage_error(
        &[
            "bench",
            "--preset",
            "mws,,reference",
            "--cubes",
            "1",
            "--depth",
            "1",
        ],
        "entry 2 is empty",
    );
    // The same words after the flag's name.
    let tail = |s: &str| s.split_once("`: ").map(|(_, t)| t.trim().to_string());
    assert_eq!(tail(&race), tail(&bench));
    usage_error(
        &["race", "--presets", "mws,reference,", "--scramble", "R"],
        "entry 3 is empty",
    );
}

#[test]
fn set_values_that_can_never_solve_are_refused_naming_the_range() {
    let start = ["--scramble", "R U"];
    for (preset, kv, said) in [
        (
            "reference",
            "max_len=0",
            "`max_len`: 0 is outside its range (it takes a whole number in 1 – 1000",
        ),
        (
            "reference",
            "nodes_per_step=99999999999",
            "`nodes_per_step`: 99999999999 is outside its range (it takes a whole number in 1 – 10_000_000",
        ),
        ("mws", "phase1.trials=0", "phase1.trials must be 1 – 1666"),
        ("mws", "phase3.trials=0", "phase3.trials must be 1 – 1000"),
        (
            "sa-faces-hot",
            "schedule.t_min=2000",
            "schedule.t_min must be positive and at most t0",
        ),
    ] {
        let mut args = vec!["solve", "--preset", preset, "--set", kv];
        args.extend(start);
        usage_error(&args, said);
    }
    // The same checks guard bench.
    usage_error(
        &[
            "bench",
            "--preset",
            "mws",
            "--set",
            "phase2.trials=0",
            "--cubes",
            "1",
            "--depth",
            "1",
        ],
        "phase2.trials must be 1 – ",
    );
}

#[test]
fn set_messages_name_the_kinds_and_show_values_as_given() {
    let err = usage_error(
        &["solve", "--set", "schedule=1", "--scramble", "R"],
        "`exponential` or `geometric`",
    );
    assert!(!err.contains("internally tagged"), "{err}");
    let err = usage_error(
        &[
            "solve",
            "--preset",
            "mws",
            "--set",
            "phase1=3",
            "--scramble",
            "R",
        ],
        "phase1.length",
    );
    assert!(!err.contains("struct WindowParams"), "{err}");
    for (kv, said) in [
        ("max_steps=1e308", "expected a whole number, got 1e308"),
        ("max_steps=2.5", "expected a whole number, got 2.5"),
        ("schedule.t_max=abc", "expected a number, got abc"),
        ("cut_loops=yes", "expected true or false, got yes"),
    ] {
        let err = usage_error(&["solve", "--set", kv, "--scramble", "R"], said);
        assert!(err.len() < 300, "short: {err}");
    }
}

/// Options that make `sa-pll-conj` solve a random state in over 200 moves.
const LONG: [&str; 6] = [
    "--random-state",
    "--set",
    "zero_delta_as_one=false",
    "--set",
    "cut_loops=false",
    "--seed",
];

#[test]
fn a_long_solved_sequence_is_summarised_unless_full() {
    let mut args = vec!["solve"];
    args.extend(LONG);
    args.push("3");
    let o = cubetui(&args);
    assert_eq!(code(&o), 0, "solved: {}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("solution:")).unwrap();
    assert!(line.contains("moves, first and last 20:"), "{line}");
    assert!(line.len() < 400, "{} characters", line.len());
    // --full: every move.
    let mut full = args.clone();
    full.push("--full");
    let text = String::from_utf8(cubetui(&full).stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("solution:")).unwrap();
    let alg: cubetui_cube::Alg = line["solution:".len()..].trim().parse().unwrap();
    assert!(alg.len() > 200, "{}", alg.len());
    // --json holds a solution whole: it is the result, to replay.
    args.push("--json");
    let v = cli_support::json(&cubetui(&args));
    assert_eq!(v["solved"], true);
    assert!(v.get("solution_truncated").is_none());
    let n = v["solution"].as_str().unwrap().split(' ').count();
    assert_eq!(n as u64, v["moves_htm"].as_u64().unwrap());
}

#[test]
fn race_json_summarises_long_unsolved_walks_unless_full_and_bench_jsonl_keeps_them() {
    // bench --jsonl is a file to replay: whole solutions, however long.
    let dir = std::env::temp_dir().join(format!("cubetui-clirel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("b.jsonl");
    let p = path.to_str().unwrap();
    let mut args = vec!["bench", "--cubes", "2", "--jobs", "1", "--jsonl", p];
    args.extend(LONG);
    args.push("1");
    let o = cubetui(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(&path).unwrap();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let n = v["moves_htm"].as_u64().unwrap();
        assert!(n > 200, "a long one: {n}");
        assert!(v.get("solution_truncated").is_none());
        let words = v["solution"].as_str().unwrap().split(' ').count() as u64;
        assert_eq!(words, n);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    // A race lane that walks long without solving.
    let race = |full: bool| {
        let mut a = vec![
            "race",
            "--presets",
            "sa-faces-hot,reference",
            "--random-state",
            "--json",
        ];
        if full {
            a.push("--full");
        }
        cli_support::json(&cubetui(&a))
    };
    let lane = |v: &serde_json::Value| {
        v["lanes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["preset"] == "sa-faces-hot")
            .unwrap()
            .clone()
    };
    let short = lane(&race(false));
    assert!(short["htm"].as_u64().unwrap() > 200, "{short}");
    assert_eq!(short["solution_truncated"], true);
    assert!(short["solution"].as_str().unwrap().len() < 400);
    let long = lane(&race(true));
    assert!(long.get("solution_truncated").is_none());
    let words = long["solution"].as_str().unwrap().split(' ').count() as u64;
    assert_eq!(words, long["htm"].as_u64().unwrap());
}
