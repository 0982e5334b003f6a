//! `cubetui --record FILE` in the real binary, in a pseudo-terminal: the run
//! on screen is written as it goes and `replay FILE --verify` finds it
//! identical, whether it was solved (after pauses and single steps), quit
//! mid-run with Ctrl-C or ended by SIGTERM; a race records each lane; a
//! file that cannot be created exits 5 before the screen opens.

use crate::pty_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use pty_support::{Session, status};

/// A fresh directory of this test's own (removed when dropped).
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir_named(name: &str) -> Dir {
    let d = std::env::temp_dir().join(format!("cubetui-e2e-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    Dir(d)
}

/// `cubetui replay FILE --verify`: its exit code and output.
fn verify(path: &Path) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(["replay", path.to_str().unwrap(), "--verify"])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code().unwrap_or(-1), text)
}

/// The file's last line, which must be whole (end in a newline).
fn last_line(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'), "the file ends on a whole line");
    serde_json::from_str(text.lines().last().unwrap()).unwrap()
}

/// The result of a run quit mid-run is the solver's latest: at the step of
/// the last point (the run was paused for it).
fn ends_where_it_stopped(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last_point = lines.iter().rev().find(|l| l["kind"] == "point").unwrap();
    let result = lines.last().unwrap();
    assert_eq!(last_point["step"], result["steps"], "{result}");
    // There the state shown is known; every point has the header's series.
    assert_eq!(last_point["facelets"].as_str().map(str::len), Some(54));
    let series = lines[0]["series"].as_array().unwrap().len();
    for l in lines.iter().filter(|l| l["kind"] == "point") {
        assert_eq!(l["values"].as_array().unwrap().len(), series, "{l}");
    }
}

fn start(path: &Path, extra: &[&str]) -> Session {
    let mut args = vec![
        "--seed",
        "5",
        "--fps",
        "30",
        "--record",
        path.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    Session::start(&args, &[])
}

fn state(s: &str) -> String {
    status(s, "state").unwrap_or_default()
}

/// Starts the run and waits until it has taken some steps.
fn run_a_while(session: &mut Session) {
    session.screen.wait("the idle run", |s| {
        state(s) == "idle" && s.contains("sa-pll-conj")
    });
    session.send(" ");
    session.screen.wait("some steps", |s| {
        state(s) == "running"
            && status(s, "iteration").is_some_and(|i| i.parse::<u64>().is_ok_and(|n| n > 20))
    });
}

#[test]
fn a_solved_run_with_pauses_and_steps_verifies() {
    let d = dir_named("solved");
    let path = d.0.join("run.jsonl");
    let mut session = start(&path, &["--preset", "sa-pll-conj"]);
    run_a_while(&mut session);
    session.send(" ");
    session.screen.wait("paused", |s| state(s) == "paused");
    session.send("nnn");
    // Flat out to the end.
    session.send("+++++++ ");
    session
        .screen
        .wait_for("solved", 120, |s| state(s) == "solved");
    session.quit();
    let last = last_line(&path);
    assert_eq!(last["kind"], "result");
    assert_eq!(last["solved"], true);
    assert_eq!(last["interrupted"], false);
    let (code, out) = verify(&path);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("identical: solved"), "{out}");
}

#[test]
fn ctrl_c_mid_run_leaves_a_file_that_verifies() {
    let d = dir_named("ctrl-c");
    let path = d.0.join("run.jsonl");
    let mut session = start(&path, &["--preset", "sa-pll-conj"]);
    run_a_while(&mut session);
    session.send("\x03");
    assert!(session.exit_status().success());
    let last = last_line(&path);
    assert_eq!(last["kind"], "result");
    assert_eq!(last["interrupted"], true);
    ends_where_it_stopped(&path);
    let (code, out) = verify(&path);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("identical"), "{out}");
}

#[test]
fn sigterm_mid_run_leaves_a_file_that_verifies() {
    let d = dir_named("sigterm");
    let path = d.0.join("run.jsonl");
    let mut session = start(&path, &["--preset", "sa-pll-conj"]);
    run_a_while(&mut session);
    session.signal(libc::SIGTERM);
    assert_eq!(session.exit_status().exit_code(), 128 + 15);
    let last = last_line(&path);
    assert_eq!(last["interrupted"], true);
    ends_where_it_stopped(&path);
    let (code, out) = verify(&path);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_race_on_the_screen_records_each_lane() {
    let d = dir_named("race");
    let path = d.0.join("race.jsonl");
    let mut session = start(&path, &["--race", "sa-pll-conj,mws"]);
    session
        .screen
        .wait("the race", |s| s.contains("race · 2 lanes"));
    std::thread::sleep(std::time::Duration::from_millis(500));
    session.quit();
    for lane in ["sa-pll-conj", "mws"] {
        let file = d.0.join(format!("race.{lane}.jsonl"));
        assert_eq!(last_line(&file)["kind"], "result", "{lane}");
        let (code, out) = verify(&file);
        assert_eq!(code, 0, "{lane}: {out}");
    }
}

#[test]
fn a_file_that_cannot_be_created_exits_5_before_the_screen_opens() {
    let mut session = Session::start(&["--record", "/nonexistent-cubetui-dir/run.jsonl"], &[]);
    let status = session.exit_status();
    assert_eq!(status.exit_code(), 5);
    let raw = session.raw.lock().unwrap();
    let text = String::from_utf8_lossy(&raw);
    assert!(
        text.contains("cannot create /nonexistent-cubetui-dir/run.jsonl"),
        "{text}"
    );
    assert!(!text.contains("\x1b[?1049h"), "the screen never opened");
}
