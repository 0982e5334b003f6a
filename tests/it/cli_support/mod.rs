//! What the CLI tests share: running the real binary and reading its output.
//! (Each test file uses part of it.)

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

/// Runs `cubetui` with `args`.
pub fn cubetui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// Runs `cubetui` with `args`; (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let o = cubetui(args);
    (
        code(&o),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

/// Runs `cubetui bench` with `args` and `--jsonl path`: (exit code, stdout,
/// stderr) and the JSON lines it wrote without their timing fields (none
/// when it wrote no file).
pub fn bench_lines(args: &[&str], path: &Path) -> (i32, String, String, Vec<Value>) {
    let (c, out, err) = run(&[&["bench"], args, &["--jsonl", p(path)]].concat());
    (c, out, err, jsonl_without_times(path))
}

/// Asserts that the run finished: exit 0 (every cube solved) or 4 (some
/// not); its stderr otherwise.
pub fn assert_finished(o: &Output) {
    assert!(
        [0, 4].contains(&code(o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A fresh folder for a test's files: `cubetui-{file}-{name}-{pid}` in
/// the temporary folder.
pub fn temp_dir(file: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-{file}-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A path as an argument.
pub fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A summary without its first line, without the lines that start with one
/// of `timed`, and a table row without its two time cells.
pub fn untimed(text: &str, timed: &[&str]) -> Vec<String> {
    text.lines()
        .skip(1)
        .filter(|l| !timed.iter().any(|t| l.starts_with(t)))
        .map(|l| {
            let mut cells: Vec<&str> = l.split_whitespace().collect();
            if cells.get(3) == Some(&"%") {
                cells.drain(4..6);
            }
            cells.join(" ")
        })
        .collect()
}

/// `f` of the SVG file at `path`, parsed.
pub fn with_svg<T>(path: &Path, f: impl FnOnce(&roxmltree::Document) -> T) -> T {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses as XML");
    f(&doc)
}

/// The exit code.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

/// The one JSON line on stdout.
pub fn json(o: &Output) -> Value {
    let text = String::from_utf8(o.stdout.clone()).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "exactly one line: {text}");
    serde_json::from_str(text.trim()).unwrap()
}

/// Runs `cubetui bench` with `args` and `--jobs jobs --jsonl path`, checks it
/// succeeds with `solved` (e.g. `4/4`) in its summary, and returns the JSON
/// lines without their timing fields (`*_ms`).
pub fn bench_jsonl(args: &[&str], jobs: &str, path: &Path, solved: &str) -> Vec<Value> {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend(["--jobs", jobs, "--jsonl", path.to_str().unwrap()]);
    let o = cubetui(&all);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let summary = String::from_utf8(o.stdout).unwrap();
    assert!(
        summary.contains(&format!("solved        {solved}")),
        "{summary}"
    );
    jsonl_without_times(path)
}

/// The JSON lines of `path` (none if it does not exist) without their
/// timing fields (`*_ms`).
pub fn jsonl_without_times(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut()
                .unwrap()
                .retain(|k, _| !k.ends_with("_ms"));
            v
        })
        .collect()
}

/// The JSON lines of a shard's file `path` as [`jsonl_without_times`], each
/// checked to name its `shard` (`"2/4"`) and without it: the lines the whole
/// run writes of those cubes.
pub fn shard_lines(path: &Path, shard: &str) -> Vec<Value> {
    jsonl_without_times(path)
        .into_iter()
        .map(|mut l| {
            let named = l.as_object_mut().unwrap().remove("shard");
            assert_eq!(named, Some(Value::from(shard)), "{l}");
            l
        })
        .collect()
}

/// Kills the child when dropped, so a failing test leaves nothing running.
pub struct Guard(pub Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Guard {
    /// Sends Ctrl-C (SIGINT), checks the child exits 130 within a minute,
    /// and returns what it wrote to stdout.
    pub fn interrupt(&mut self) -> String {
        let kill = Command::new("kill")
            .args(["-INT", &self.0.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(kill.success());
        let status = wait(&mut self.0, Duration::from_secs(60));
        assert_eq!(status.code(), Some(130));
        self.stdout()
    }

    /// Everything the (exited) child wrote to its piped stderr.
    pub fn stderr(&mut self) -> String {
        let mut out = String::new();
        self.0
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    /// Everything the (exited) child wrote to its piped stdout.
    pub fn stdout(&mut self) -> String {
        let mut out = String::new();
        self.0
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        out
    }
}

/// Waits for the child to exit, at most `limit`.
pub fn wait(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let t = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status;
        }
        assert!(t.elapsed() < limit, "still running after {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
