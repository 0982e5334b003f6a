//! `race` and Ctrl-C: the lanes stop at their next batch, the results so
//! far are printed (valid JSON with `--json`) and the race exits 130; with
//! `--record`, each lane's run file is written as the lane goes, not at
//! its end, and an interrupted lane's result says so.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli_support::Guard;

fn lines_in(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[cfg(unix)]
#[test]
fn an_interrupted_race_prints_its_lanes_and_its_run_files_grew_as_it_went() {
    let dir = std::env::temp_dir().join(format!("cubetui-race-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("race.jsonl");
    // Two lanes that run far longer than the test on a 7×7: `sa-short`
    // spends 3 000 000 proposals, `ga` 3000 generations.
    let mut child = Guard(
        Command::new(env!("CARGO_BIN_EXE_cubetui"))
            .args([
                "race",
                "--presets",
                "sa-short,ga",
                "--size",
                "7",
                "--random-state",
                "--time-limit",
                "1000",
                "--json",
                "--record",
                record.to_str().unwrap(),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn"),
    );
    let lane = dir.join("race.ga.jsonl");
    // The header and some points are on disk while the lane still runs.
    let t = Instant::now();
    while lines_in(&lane) < 3 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "the lane's run file did not grow while the race ran"
        );
        assert!(child.0.try_wait().unwrap().is_none(), "race ended early");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Exit 130 within a minute, the lanes printed as they stood.
    let out = child.interrupt();
    let err = child.stderr();
    assert!(err.contains("interrupted"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let lanes = v["lanes"].as_array().expect("lanes");
    assert_eq!(lanes.len(), 2);
    for l in lanes {
        assert_eq!(l["state"], "stopped", "{l}");
    }
    // Each run file ends with its result, marked interrupted.
    for name in ["sa-short", "ga"] {
        let text = std::fs::read_to_string(dir.join(format!("race.{name}.jsonl"))).unwrap();
        let last: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap()).expect("whole line");
        assert_eq!(last["kind"], "result", "{name}: {last}");
        assert_eq!(last["interrupted"], true, "{name}: {last}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
