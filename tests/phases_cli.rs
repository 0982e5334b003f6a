//! The phase solvers through `cubetui solve --json` and `cubetui bench`.

use std::process::Command;

use cubetui::cube::{Alg, Cube};
use serde_json::Value;

fn cubetui(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn solve_json_reports_phase_lengths_and_steps() {
    for preset in ["phases-es", "phases-ga", "phases-sa"] {
        let (code, out, err) = cubetui(&[
            "solve",
            "--preset",
            preset,
            "--random-state",
            "--seed",
            "4",
            "--json",
        ]);
        assert_eq!(code, 0, "{preset}: {err}");
        let j: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(j["solved"], true, "{preset}");
        assert_eq!(j["solver"], preset);
        let lengths = j["phase_lengths"].as_array().unwrap();
        let steps = j["phase_steps"].as_array().unwrap();
        assert_eq!((lengths.len(), steps.len()), (4, 4), "{preset}");
        let start = Cube::from_facelets(j["facelets"].as_str().unwrap()).unwrap();
        let solution: Alg = j["solution"].as_str().unwrap().parse().unwrap();
        assert!(start.after(&solution).is_solved(), "{preset}");
        let total: u64 = lengths.iter().map(|v| v.as_u64().unwrap()).sum();
        assert!(total >= solution.len() as u64, "{preset}");
    }
}

fn bench(jobs: &str, path: &std::path::Path) -> Vec<Value> {
    let (code, out, err) = cubetui(&[
        "bench",
        "--preset",
        "phases-es",
        "--random-state",
        "--cubes",
        "4",
        "--seed",
        "3",
        "--jobs",
        jobs,
        "--jsonl",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solved        4/4"), "{out}");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            let o = v.as_object_mut().unwrap();
            o.retain(|k, _| !k.ends_with("_ms"));
            v
        })
        .collect()
}

#[test]
fn bench_results_do_not_depend_on_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("cubetui-phases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = bench("1", &dir.join("one.jsonl"));
    let two = bench("2", &dir.join("two.jsonl"));
    assert_eq!(one.len(), 4);
    assert_eq!(one, two);
    assert!(
        one.iter()
            .all(|v| v["phase_lengths"].as_array().unwrap().len() == 4)
    );
}
