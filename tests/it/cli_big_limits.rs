//! Limits on a big cube: a 32×32's commutator catalogue takes seconds to
//! build, and `--time-limit` and Ctrl-C stop the build in `solve`, `bench`
//! and `race` alike (the build is on the run's clock and looks at the
//! limit as it goes). What shows that the build was cut, not waited for:
//! the result has no catalogue fields (`commutators`, written once the
//! catalogue is there) and made no proposal, and it is still a valid
//! result (unsolved, its energy, the limit that stopped it, exit 4 or 130).

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::cli_support::{Guard, code, cubetui, temp_dir};

const BIG: [&str; 6] = [
    "--size",
    "32",
    "--preset",
    "sa-comm",
    "--random-state",
    "--seed",
];

/// A result cut during the build: unsolved, no proposal, no catalogue.
fn cut_in_the_build(v: &Value) {
    assert_eq!(v["solved"], false, "{v}");
    assert_eq!(v["iterations"], 0, "{v}");
    assert!(v["energy"].as_f64().unwrap() > 0.0, "{v}");
    assert!(
        v.get("commutators").is_none(),
        "the build ran to its end: {v}"
    );
}

#[test]
fn a_time_limit_stops_solve_and_bench_while_the_catalogue_is_built() {
    let args: Vec<&str> = ["solve"]
        .into_iter()
        .chain(BIG)
        .chain(["1", "--time-limit", "0.05", "--json"])
        .collect();
    let o = cubetui(&args);
    assert_eq!(code(&o), 4, "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    cut_in_the_build(&v);
    assert_eq!(v["stopped_by"], "time limit 0.05 s");
    assert_ne!(v["interrupted"], true, "{v}");

    let dir = temp_dir("big-limits", "bench");
    let path = dir.join("big.jsonl");
    let args: Vec<&str> = ["bench"]
        .into_iter()
        .chain(BIG)
        .chain(["1", "--cubes", "2", "--time-limit", "0.05"])
        .chain(["--jsonl", path.to_str().unwrap()])
        .collect();
    let o = cubetui(&args);
    assert_eq!(code(&o), 4, "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for v in &lines {
        cut_in_the_build(v);
        assert_eq!(v["stopped_by"], "time limit 0.05 s");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_race_lane_builds_the_catalogue_on_its_own_clock() {
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-comm,sa-short",
        "--size",
        "32",
        "--random-state",
        "--seed",
        "1",
        "--time-limit",
        "0.05",
        "--json",
    ]);
    let v: Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    let lanes = v["lanes"].as_array().expect("lanes");
    assert_eq!(lanes.len(), 2);
    for lane in lanes {
        assert_eq!(lane["state"], "stopped", "{lane}");
        assert_eq!(lane["solved"], false, "{lane}");
        assert!(lane["energy"].as_f64().unwrap() > 0.0, "{lane}");
        assert!(
            lane["cpu_ms"].as_f64().unwrap() >= 50.0,
            "the lane's clock ran to its limit: {lane}"
        );
    }
    // `sa-comm` made no proposal: its 50 ms went to the catalogue.
    let comm = lanes.iter().find(|l| l["preset"] == "sa-comm").unwrap();
    assert_eq!(comm["steps"], 0, "{comm}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_solve_while_the_catalogue_is_built() {
    let mut child = Guard(
        Command::new(env!("CARGO_BIN_EXE_cubetui"))
            .args(["solve"])
            .args(BIG)
            .args(["1", "--json"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    std::thread::sleep(Duration::from_millis(300));
    let out = child.interrupt();
    let v: Value = serde_json::from_str(out.trim()).expect("one JSON object");
    cut_in_the_build(&v);
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["stopped_by"], "interrupted", "{v}");
}
