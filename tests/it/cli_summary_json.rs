//! `bench --json`, `sweep --json` and `merge --json` print the summary as
//! one JSON object of a fixed shape; with stderr piped, bench and sweep
//! write progress lines there (and stdout keeps only the result).

use crate::cli_support;

use serde_json::Value;

use cli_support::{code, cubetui, json, p, temp_dir};

/// The keys of an object, in order.
fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

fn sorted(mut k: Vec<&'static str>) -> Vec<&'static str> {
    k.sort_unstable();
    k
}

/// Every row has the same keys, with numbers where the run has them.
fn check_row(r: &Value) {
    assert_eq!(
        keys(r),
        sorted(vec![
            "label",
            "preset",
            "combination",
            "cubes",
            "solved",
            "time_ms",
            "moves_htm",
            "moves_layers",
            "moves_santa",
            "reference_ratio",
            "unsolved_by",
            "steps_per_s",
            "final_energy",
        ]),
        "{r}"
    );
    assert_eq!(keys(&r["time_ms"]), ["max", "median", "p90", "p99"], "{r}");
    assert!(r["time_ms"]["median"].as_f64().unwrap() >= 0.0, "{r}");
    assert_eq!(keys(&r["steps_per_s"]), ["overall", "search"], "{r}");
    if r["solved"].as_u64().unwrap() > 0 {
        assert_eq!(
            keys(&r["moves_htm"]),
            ["max", "mean", "median", "min", "p90"],
            "{r}"
        );
    } else {
        assert!(r["moves_htm"].is_null(), "{r}");
    }
    let unsolved: u64 = r["unsolved_by"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(
        unsolved + r["solved"].as_u64().unwrap(),
        r["cubes"].as_u64().unwrap(),
        "{r}"
    );
}

fn check_head(j: &Value, command: &str, cubes: u64) {
    assert_eq!(
        keys(j),
        sorted(vec![
            "command",
            "size",
            "seed",
            "start",
            "cubes",
            "finished",
            "shard",
            "interrupted",
            "reference",
            "rows",
            "version",
        ]),
        "{j}"
    );
    assert_eq!(j["command"], command, "{j}");
    assert_eq!(j["cubes"], cubes, "{j}");
    assert_eq!(j["interrupted"], false, "{j}");
    for r in j["rows"].as_array().unwrap() {
        check_row(r);
    }
}

#[test]
fn bench_json_is_one_object_with_a_row_per_preset() {
    let o = cubetui(&[
        "bench", "--depth", "3", "--cubes", "3", "--jobs", "1", "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let j = json(&o);
    check_head(&j, "bench", 3);
    assert_eq!((j["size"].as_u64(), j["seed"].as_u64()), (Some(3), Some(1)));
    assert_eq!(j["start"], "random 3-move scrambles");
    assert!(j["shard"].is_null() && j["reference"].is_null(), "{j}");
    let rows = j["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["label"], "sa-pll-conj");
    assert_eq!(rows[0]["solved"], 3);
    assert!(rows[0]["reference_ratio"].is_null(), "{j}");
    // Presets compared: the reference's lengths and each row's ratio.
    let o = cubetui(&[
        "bench",
        "--random-state",
        "--cubes",
        "2",
        "--jobs",
        "1",
        "--preset",
        "sa-pll-conj,reference",
        "--json",
        "--shard",
        "1/1",
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let j = json(&o);
    check_head(&j, "bench", 2);
    assert_eq!(j["reference"]["name"], "two-phase", "{j}");
    let rows = j["rows"].as_array().unwrap();
    let labels: Vec<&str> = rows.iter().map(|r| r["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["sa-pll-conj", "reference"]);
    assert_eq!(rows[1]["reference_ratio"], 1.0, "{j}");
    assert!(rows[0]["reference_ratio"].as_f64().unwrap() > 1.0, "{j}");
}

#[test]
fn sweep_json_has_a_row_per_combination_and_merge_json_reads_the_same() {
    let d = temp_dir("summary-json", "sweep");
    let lines = d.join("sweep.jsonl");
    let o = cubetui(&[
        "sweep",
        "--preset",
        "sa-faces",
        "--set",
        "schedule.alpha=0.99,0.999",
        "--depth",
        "2",
        "--cubes",
        "2",
        "--jobs",
        "1",
        "--json",
        "--jsonl",
        p(&lines),
    ]);
    assert!(
        matches!(code(&o), 0 | 4),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let sweep = json(&o);
    check_head(&sweep, "sweep", 2);
    let rows = sweep["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["label"], "schedule.alpha=0.999");
    assert_eq!(rows[1]["preset"], "sa-faces");
    assert_eq!(
        rows[1]["combination"],
        serde_json::json!(["schedule.alpha=0.999"])
    );
    assert_eq!(sweep["reference"]["name"], "two-phase");
    let o = cubetui(&["merge", p(&lines), "--json"]);
    assert!(
        matches!(code(&o), 0 | 4),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let mut merged = json(&o);
    check_head(&merged, "merge", 2);
    // The same object, but for the command and the times (measured by the
    // bench and read back from the lines: equal up to rounding).
    merged["command"] = "sweep".into();
    let untimed = |mut v: Value| {
        for r in v["rows"].as_array_mut().unwrap() {
            let r = r.as_object_mut().unwrap();
            r.remove("time_ms");
            r.remove("steps_per_s");
        }
        v
    };
    assert_eq!(untimed(merged), untimed(sweep));
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn piped_stderr_gets_progress_lines_and_stdout_only_the_result() {
    let o = cubetui(&["bench", "--depth", "2", "--cubes", "2", "--jobs", "1"]);
    assert_eq!(code(&o), 0);
    let err = String::from_utf8(o.stderr).unwrap();
    let last = err.lines().last().unwrap_or_default();
    assert!(last.starts_with("bench: 2/2 cubes, 2 solved, "), "{err}");
    assert!(last.ends_with(" s elapsed, done"), "{err}");
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("2 cubes (") && !out.contains("elapsed"),
        "{out}"
    );
    let o = cubetui(&[
        "sweep",
        "--preset",
        "sa-faces",
        "--set",
        "schedule.alpha=0.99,0.999",
        "--depth",
        "1",
        "--cubes",
        "2",
        "--jobs",
        "1",
        "--json",
    ]);
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert!(
        err.lines()
            .last()
            .unwrap_or_default()
            .starts_with("sweep: 2/2 cubes × 2 combinations, "),
        "{err}"
    );
    // Stdout stays one JSON object.
    json(&o);
}
