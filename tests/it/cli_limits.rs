//! Reliability of the command line through the real binary: bounds, exit
//! codes, output that cannot be written, interrupted benches, and the live
//! screen without a terminal.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::cli_support::{Guard, wait};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
}

fn cubetui(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Expects exit `code` and a message on stderr containing `word`.
fn fails(args: &[&str], code: i32, word: &str) {
    let o = cubetui(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    assert!(stderr(&o).contains(word), "{args:?}: {}", stderr(&o));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cubetui-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn help_lists_the_exit_codes() {
    for args in [
        vec!["--help"],
        vec!["solve", "--help"],
        vec!["bench", "--help"],
    ] {
        let o = cubetui(&args);
        assert_eq!(o.status.code(), Some(0));
        let text = String::from_utf8_lossy(&o.stdout);
        for line in [
            "0    ok",
            "2    usage error",
            "3    invalid cube or notation",
            "4    not solved",
            "5    cannot write output",
            "130  interrupted",
        ] {
            assert!(text.contains(line), "{args:?} lacks `{line}`:\n{text}");
        }
    }
}

#[test]
fn huge_or_negative_time_limits_are_usage_errors() {
    for t in ["1e20", "-1", "0", "inf", "NaN"] {
        fails(
            &["solve", "--scramble", "R", "--time-limit", t],
            2,
            "at most 1000000 seconds",
        );
    }
    fails(
        &[
            "bench",
            "--cubes",
            "1",
            "--depth",
            "1",
            "--time-limit",
            "1e20",
        ],
        2,
        "at most 1000000 seconds",
    );
}

#[test]
fn step_budgets_beyond_i64_are_usage_errors_naming_the_range() {
    fails(
        &[
            "solve",
            "--scramble",
            "R",
            "--max-steps",
            "9223372036854775808",
        ],
        2,
        "not in 1..=9223372036854775807",
    );
    fails(
        &[
            "solve",
            "--scramble",
            "R",
            "--set",
            "max_steps=18446744073709551615",
        ],
        2,
        "18446744073709551615 is out of range",
    );
}

#[test]
fn absurd_bench_sizes_are_usage_errors_naming_the_bounds() {
    let base = ["bench", "--random-state"];
    for (extra, word) in [
        (
            vec!["--cubes", "2", "--jobs", "18446744073709551615"],
            "not in 1..=256",
        ),
        (vec!["--cubes", "2", "--jobs", "0"], "not in 1..=256"),
        (vec!["--cubes", "100000000"], "not in 1..=1000000"),
        (vec!["--cubes", "0"], "not in 1..=1000000"),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(extra).collect();
        fails(&args, 2, word);
    }
    fails(
        &["bench", "--cubes", "2", "--depth", "1000000000"],
        2,
        "not in 1..=10000",
    );
}

#[test]
fn bench_exits_4_unless_every_cube_is_solved() {
    let o = cubetui(&[
        "bench",
        "--cubes",
        "3",
        "--depth",
        "20",
        "--neighbourhood",
        "faces",
        "--max-steps",
        "5",
    ]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("solved        0/3"));
    let o = cubetui(&["bench", "--cubes", "3", "--depth", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("solved        3/3"));
}

#[test]
fn jsonl_that_cannot_be_created_exits_5_with_the_reason() {
    let dir = temp_dir("jsonl");
    let missing = dir.join("no-such-dir").join("runs.jsonl");
    for (path, reason) in [
        (missing.as_path(), "its directory does not exist"),
        (dir.as_path(), "it is a directory"),
    ] {
        let o = cubetui(&[
            "bench",
            "--cubes",
            "1",
            "--depth",
            "1",
            "--jsonl",
            path.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains(&format!("cannot create {}", path.display())),
            "{err}"
        );
        assert!(err.contains(reason), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs with stdout connected to a pipe whose reader is already gone.
fn into_closed_pipe(args: &[&str]) -> std::process::ExitStatus {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let mut child = Guard(
        bin()
            .args(args)
            .stdout(writer)
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn"),
    );
    wait(&mut child.0, Duration::from_secs(120))
}

#[test]
fn a_closed_stdout_is_not_a_crash() {
    let solve = into_closed_pipe(&["solve", "--random-state", "--seed", "1"]);
    assert_eq!(solve.code(), Some(0), "solved, reader gone: {solve:?}");
    let json = into_closed_pipe(&["solve", "--scramble", "R", "--json"]);
    assert_eq!(json.code(), Some(0), "{json:?}");
    let bench = into_closed_pipe(&["bench", "--cubes", "2", "--depth", "3"]);
    assert_eq!(bench.code(), Some(0), "{bench:?}");
    // Streamed: the largest scramble output is never built in memory.
    let most = into_closed_pipe(&["scramble", "--count", "1000000", "--depth", "10000"]);
    assert_eq!(most.code(), Some(0), "{most:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_exits_5() {
    for args in [
        vec!["solve", "--scramble", "R"],
        vec!["bench", "--cubes", "1", "--depth", "2"],
        vec!["state", "--scramble", "R"],
        vec!["scramble", "--seed", "1"],
        vec!["presets"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let o = bin().args(&args).stdout(full).output().expect("runs");
        assert_eq!(o.status.code(), Some(5), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("cannot write to stdout"),
            "{}",
            stderr(&o)
        );
    }
}

fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[cfg(unix)]
#[test]
fn an_interrupted_bench_keeps_its_lines_and_prints_the_summary() {
    let dir = temp_dir("interrupt");
    let path = dir.join("runs.jsonl");
    let mut child = Guard(
        bin()
            .args([
                "bench",
                "--cubes",
                "1000000",
                "--depth",
                "6",
                "--jobs",
                "2",
                "--jsonl",
                path.to_str().unwrap(),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    // Lines appear as cubes finish, long before the bench would end.
    let t = Instant::now();
    while lines_in(&path) < 3 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "no JSONL lines while the bench runs"
        );
        assert!(child.0.try_wait().unwrap().is_none(), "bench ended early");
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.interrupt();
    let finished = lines_in(&path);
    assert!(
        out.starts_with(&format!(
            "interrupted: {finished} of 1000000 cubes finished"
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("solved        {finished}/{finished}")),
        "{out}"
    );
    // Every line is whole JSON for a distinct cube.
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen = std::collections::HashSet::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("whole line");
        assert!(seen.insert(v["index"].as_u64().unwrap()));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_live_screen_refuses_a_redirected_stdout() {
    let mut child = Guard(
        bin()
            .args(["--seed", "1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    let status = wait(&mut child.0, Duration::from_secs(30));
    assert_eq!(status.code(), Some(2));
    let out = child.stdout();
    assert_eq!(out, "", "nothing drawn into the pipe");
    let mut err = String::new();
    child
        .0
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("stdout is not a terminal"), "{err}");
    assert!(
        err.contains("cubetui solve"),
        "says what to run instead: {err}"
    );
}

#[test]
fn notation_messages_show_invisible_characters_and_r_prime_2_is_r2() {
    let o = cubetui(&["state", "--scramble", "R\u{200b}U"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("unknown move `R\\u{200b}U` at column 1"),
        "{}",
        stderr(&o)
    );
    let o = cubetui(&["solve", "--scramble", "R U\u{1}"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("`U\\u{1}`"), "{}", stderr(&o));
    let a = cubetui(&["state", "--scramble", "R'2 U"]);
    let b = cubetui(&["state", "--scramble", "R2 U"]);
    assert_eq!(a.status.code(), Some(0), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
}

#[cfg(unix)]
#[test]
fn an_interrupted_solve_prints_its_best_so_far_and_exits_130() {
    let mut child = Guard(
        bin()
            .args([
                "solve",
                "--random-state",
                "--neighbourhood",
                "faces",
                "--max-steps",
                "9000000000000000000",
                "--json",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    // A face-turn annealer does not solve a random state: it is still running.
    std::thread::sleep(Duration::from_secs(2));
    assert!(child.0.try_wait().unwrap().is_none(), "ended on its own");
    let out = child.interrupt();
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["solved"], false);
    assert!(v["iterations"].as_u64().unwrap() > 0, "{v}");
}

/// An anytime solver interrupted once it holds a solved sequence prints
/// it and still exits 130 (the run was cut), as every command does.
#[cfg(unix)]
#[test]
fn an_interrupted_anytime_solve_prints_its_solved_best_and_exits_130() {
    let mut child = Guard(
        bin()
            .args(["solve", "--size", "3", "--preset", "sa-short"])
            .args(["--random-state", "--seed", "1", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    // Its seed (sa-comm) solves in milliseconds; the shortening runs on.
    std::thread::sleep(Duration::from_secs(3));
    assert!(child.0.try_wait().unwrap().is_none(), "ended on its own");
    let out = child.interrupt();
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(v["interrupted"], true);
    assert_eq!(v["solved"], true, "{v}");
}

#[test]
fn echoed_input_in_any_message_cannot_reach_the_terminal_raw() {
    let o = cubetui(&["solve", "--scramble", "R", "--set", "bo\u{1b}[2Jgus=1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("bo\\u{1b}[2Jgus"), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}
