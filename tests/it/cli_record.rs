//! Run files through the real binary: `solve --record FILE`, then
//! `replay FILE` and `replay FILE --verify`; bad files exit 3.

use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::{code, cubetui, json};
use serde_json::Value;

/// A fresh directory of this test's own (removed when dropped).
struct Dir(PathBuf);

impl Dir {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir_named(name: &str) -> Dir {
    let d = std::env::temp_dir().join(format!("cubetui-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    Dir(d)
}

fn out(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Records `preset` on a random state of seed 7 with a short step budget;
/// returns the file and the `solve --json` object.
fn record(dir: &Path, preset: &str, steps: &str) -> (PathBuf, Value) {
    let path = dir.join(format!("{preset}.jsonl"));
    let o = cubetui(&[
        "solve",
        "--preset",
        preset,
        "--random-state",
        "--seed",
        "7",
        "--max-steps",
        steps,
        "--json",
        "--full",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!([0, 4].contains(&code(&o)), "{preset}: {}", out(&o));
    (path, json(&o))
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_3x3_preset_records_and_verifies() {
    let d = dir_named("every_3x3_preset_records_and_verifies");
    let presets: Vec<String> = crate::shipped()
        .all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| p.name)
        .collect();
    assert!(presets.len() >= 10, "{presets:?}");
    for preset in &presets {
        let (path, solved) = record(d.path(), preset, "3000");
        let file = lines(&path);
        let header = &file[0];
        assert_eq!(header["kind"], "header", "{preset}");
        assert_eq!(header["format"], 1);
        assert_eq!(header["preset"], preset.as_str());
        assert_eq!(header["seed"], 7);
        assert_eq!(header["size"], 3);
        assert_eq!(header["facelets"], solved["facelets"]);
        assert_eq!(header["params"]["solver"], solved["solver"]);
        let result = file.last().unwrap();
        assert_eq!(result["kind"], "result", "{preset}");
        // Recording does not change the run.
        assert_eq!(result["solution"], solved["solution"], "{preset}");
        assert_eq!(result["solved"], solved["solved"], "{preset}");
        assert_eq!(result["iterations"], solved["iterations"], "{preset}");
        assert!(file.iter().any(|l| l["kind"] == "point"), "{preset}");
        let o = cubetui(&["replay", path.to_str().unwrap(), "--verify"]);
        assert_eq!(code(&o), 0, "{preset}: {}", out(&o));
        assert!(out(&o).starts_with("identical"), "{preset}: {}", out(&o));
    }
}

#[test]
fn a_phased_solver_records_its_phase_changes() {
    let d = dir_named("a_phased_solver_records_its_phase_changes");
    let (path, _) = record(d.path(), "phases-sa", "20000");
    let phases: Vec<Value> = lines(&path)
        .into_iter()
        .filter(|l| l["kind"] == "phase")
        .collect();
    assert!(!phases.is_empty());
    assert!(phases[0]["from"].is_null());
    assert!(phases[0]["to"].is_string());
}

#[test]
fn replay_summarises_header_and_result() {
    let d = dir_named("replay_summarises_header_and_result");
    let (path, solved) = record(d.path(), "sa-pll-conj", "20000");
    // Not a terminal on stdout: the summary, as with --summary.
    let o = cubetui(&["replay", path.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", out(&o));
    let text = out(&o);
    let asked = cubetui(&["replay", path.to_str().unwrap(), "--summary"]);
    assert_eq!(out(&asked), text);
    assert!(
        text.contains("preset:     sa-pll-conj (solver sa)"),
        "{text}"
    );
    assert!(
        text.contains(solved["facelets"].as_str().unwrap()),
        "{text}"
    );
    assert!(
        text.contains(solved["solution"].as_str().unwrap()),
        "{text}"
    );
}

/// Writes `lines` (each ending in a newline) to a file and runs `replay`.
fn replay_text(d: &Path, text: &str, verify: bool) -> std::process::Output {
    let path = d.join("edited.jsonl");
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["replay", path.to_str().unwrap()];
    if verify {
        args.push("--verify");
    }
    cubetui(&args)
}

#[test]
fn a_different_result_exits_4_naming_what_differs() {
    let d = dir_named("a_different_result_exits_4_naming_what_differs");
    let (path, _) = record(d.path(), "sa-pll-conj", "300");
    let mut file = lines(&path);
    let last = file.last_mut().unwrap();
    last["solution"] = Value::from("R U");
    let text: String = file.iter().map(|l| format!("{l}\n")).collect();
    let o = replay_text(d.path(), &text, true);
    assert_eq!(code(&o), 4, "{}", out(&o));
    assert!(out(&o).contains("solution: recorded `R U`"), "{}", out(&o));
}

#[test]
fn bad_run_files_exit_3_with_the_reason() {
    let d = dir_named("bad_run_files_exit_3_with_the_reason");
    let (path, _) = record(d.path(), "sa-pll-conj", "300");
    let good = std::fs::read_to_string(&path).unwrap();
    let n = good.lines().count();
    // Cut in the middle of the last line.
    let cut = &good[..good.len() - 10];
    let o = replay_text(d.path(), cut, false);
    assert_eq!(code(&o), 3, "{}", out(&o));
    assert!(
        out(&o).contains(&format!("line {n}: the line is cut short")),
        "{}",
        out(&o)
    );
    // Garbage.
    let o = replay_text(d.path(), "hello world\n", false);
    assert_eq!(code(&o), 3, "{}", out(&o));
    assert!(
        out(&o).contains("line 1: not a run file header"),
        "{}",
        out(&o)
    );
    let path_bin = d.path().join("bin.jsonl");
    std::fs::write(&path_bin, [0xff, 0xfe, 0x00, 0x12]).unwrap();
    let o = cubetui(&["replay", path_bin.to_str().unwrap()]);
    assert_eq!(code(&o), 3, "{}", out(&o));
    // A newer format.
    let mut file = lines(&path);
    file[0]["format"] = Value::from(2);
    let text: String = file.iter().map(|l| format!("{l}\n")).collect();
    let o = replay_text(d.path(), &text, true);
    assert_eq!(code(&o), 3, "{}", out(&o));
    assert!(out(&o).contains("format 2 is newer"), "{}", out(&o));
    // An event line that is not one.
    let text = format!(
        "{}{{\"kind\":\"nonsense\"}}\n",
        good.lines().next().unwrap().to_owned() + "\n"
    );
    let o = replay_text(d.path(), &text, false);
    assert_eq!(code(&o), 3, "{}", out(&o));
    assert!(out(&o).contains("line 2: not a run event"), "{}", out(&o));
    // Empty, and missing.
    assert_eq!(code(&replay_text(d.path(), "", false)), 3);
    let o = cubetui(&["replay", d.path().join("nope.jsonl").to_str().unwrap()]);
    assert_eq!(code(&o), 3, "{}", out(&o));
}

#[test]
fn a_run_stopped_before_its_result_summarises_but_does_not_verify() {
    let d = dir_named("a_run_stopped_before_its_result_summarises_but_does_not_verify");
    let (path, _) = record(d.path(), "sa-pll-conj", "300");
    let good = std::fs::read_to_string(&path).unwrap();
    let head: String = good.lines().take(5).map(|l| format!("{l}\n")).collect();
    let o = replay_text(d.path(), &head, false);
    assert_eq!(code(&o), 0, "{}", out(&o));
    assert!(out(&o).contains("result:     none"), "{}", out(&o));
    let o = replay_text(d.path(), &head, true);
    assert_eq!(code(&o), 3, "{}", out(&o));
    assert!(out(&o).contains("no result"), "{}", out(&o));
}

/// Runs of other sizes record (their size and 6N² facelets in the header)
/// and verify like the 3×3's.
#[test]
fn other_sizes_record_and_verify() {
    let d = dir_named("other_sizes_record_and_verify");
    for (size, preset, steps) in [
        ("2", "woc", "50"),
        ("4", "4x4-sa", "20000"),
        ("4", "ga", "5"),
    ] {
        let f = d.path().join(format!("{size}-{preset}.jsonl"));
        let o = cubetui(&[
            "solve",
            "--size",
            size,
            "--preset",
            preset,
            "--random-state",
            "--seed",
            "5",
            "--max-steps",
            steps,
            "--json",
            "--record",
            f.to_str().unwrap(),
        ]);
        assert!([0, 4].contains(&code(&o)), "{size} {preset}: {}", out(&o));
        let v = json(&o);
        let header = &lines(&f)[0];
        let n: usize = size.parse().unwrap();
        assert_eq!(header["size"], n, "{header}");
        assert_eq!(header["facelets"], v["facelets"]);
        assert_eq!(header["facelets"].as_str().unwrap().len(), 6 * n * n);
        let again = cubetui(&["replay", f.to_str().unwrap(), "--verify"]);
        assert_eq!(code(&again), 0, "{size} {preset}: {}", out(&again));
        assert!(out(&again).starts_with("identical"), "{}", out(&again));
    }
}

#[test]
fn record_refuses_unwritable_paths() {
    let d = dir_named("record_refuses_unwritable_paths");
    let bad = d.path().join("no/such/dir/x.jsonl");
    let o = cubetui(&[
        "solve",
        "--random-state",
        "--max-steps",
        "10",
        "--record",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 5, "{}", out(&o));
}

/// Starts a long recorded solve, waits until its file has a few lines, sends
/// `signal`, and returns the exit status and the file.
#[cfg(unix)]
fn stopped_by(signal: i32, d: &Path) -> (std::process::ExitStatus, PathBuf) {
    let path = d.join("long.jsonl");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args([
            "solve",
            "--preset",
            "sa-faces",
            "--random-state",
            "--max-steps",
            "1000000000000",
            "--record",
            path.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = || {
        std::fs::read_to_string(&path)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    for _ in 0..2000 {
        if lines() >= 600 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let pid = i32::try_from(child.id()).unwrap();
    // SAFETY: `kill` has no memory effects; the pid is our own child's.
    unsafe { libc::kill(pid, signal) };
    (child.wait().unwrap(), path)
}

#[cfg(unix)]
#[test]
fn a_run_stopped_by_ctrl_c_or_sigterm_leaves_a_readable_file() {
    let d = dir_named("signals");
    // Ctrl-C: the run stops between steps and writes its result.
    let (status, path) = stopped_by(libc::SIGINT, d.path());
    assert_eq!(status.code(), Some(130));
    let text = std::fs::read_to_string(&path).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["kind"], "result");
    assert_eq!(last["interrupted"], true);
    let o = cubetui(&["replay", path.to_str().unwrap(), "--verify"]);
    assert_eq!(code(&o), 0, "{}", out(&o));
    // SIGTERM: the process ends at once; every line written is whole.
    let (status, path) = stopped_by(libc::SIGTERM, d.path());
    assert!(!status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with('\n'));
    let o = cubetui(&["replay", path.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", out(&o));
}

#[test]
fn race_records_one_file_per_lane_each_verifying() {
    let d = dir_named("race_records_one_file_per_lane_each_verifying");
    let path = d.path().join("race.jsonl");
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-pll-conj,mws,reference",
        "--random-state",
        "--seed",
        "4",
        "--time-limit",
        "5",
        "--json",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", out(&o));
    let race = json(&o);
    for lane in race["lanes"].as_array().unwrap() {
        let preset = lane["preset"].as_str().unwrap();
        let file = d.path().join(format!("race.{preset}.jsonl"));
        let lines = lines(&file);
        assert_eq!(lines[0]["preset"], preset);
        assert_eq!(lines[0]["facelets"], race["facelets"]);
        let result = lines.last().unwrap();
        assert_eq!(result["kind"], "result", "{preset}");
        assert_eq!(result["solved"], lane["solved"], "{preset}");
        assert_eq!(result["iterations"], lane["steps"], "{preset}");
        let o = cubetui(&["replay", file.to_str().unwrap(), "--verify"]);
        assert_eq!(code(&o), 0, "{preset}: {}", out(&o));
    }
    assert!(!path.exists(), "the lanes' files only");
}

#[test]
fn race_record_to_an_unwritable_place_exits_5() {
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-pll-conj,mws",
        "--random-state",
        "--record",
        "/nonexistent-cubetui-dir/race.jsonl",
    ]);
    assert_eq!(code(&o), 5, "{}", out(&o));
    assert!(
        out(&o).contains("cannot create /nonexistent-cubetui-dir/race.sa-pll-conj.jsonl"),
        "{}",
        out(&o)
    );
}
