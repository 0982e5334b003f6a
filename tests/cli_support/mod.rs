//! What the CLI tests share: running the real binary and reading its output.
//! (Each test file uses part of it.)

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

/// Runs `cubetui` with `args`.
pub fn cubetui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("binary runs")
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
