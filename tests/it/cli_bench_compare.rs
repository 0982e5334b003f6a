//! `cubetui bench --preset a,b,c`: several presets on the same cubes, one
//! comparative table, JSONL lines tagged with the preset.

use crate::cli_support;

use std::path::Path;

use cli_support::{code, cubetui, jsonl_without_times};
use cubetui_cube::{Alg, Cube};
use serde_json::Value;

const PRESETS: &str = "sa-pll-conj,phases-sa,reference";

/// Runs a bench with `--jsonl path` and returns (exit code, stdout, stderr,
/// JSON lines without their timing fields).
fn bench(args: &[&str], path: &Path) -> (i32, String, String, Vec<Value>) {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend(["--jsonl", path.to_str().unwrap()]);
    let o = cubetui(&all);
    let lines = jsonl_without_times(path);
    (
        code(&o),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
        lines,
    )
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-compare-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_preset_runs_the_same_cubes_and_the_table_has_a_row_each() {
    let d = dir("same");
    let args = [
        "--preset",
        PRESETS,
        "--random-state",
        "--cubes",
        "4",
        "--seed",
        "5",
    ];
    let one = [&args[..], &["--jobs", "1"]].concat();
    let (c, out, err, lines) = bench(&one, &d.join("one.jsonl"));
    assert_eq!(c, 0, "{err}");
    // One line per cube and preset: cube-major, presets in the order given.
    let names: Vec<&str> = PRESETS.split(',').collect();
    assert_eq!(lines.len(), 12);
    for (k, l) in lines.iter().enumerate() {
        assert_eq!(l["index"], (k / 3) as u64, "{l}");
        assert_eq!(l["preset"], names[k % 3], "{l}");
        let start = Cube::from_facelets(l["facelets"].as_str().unwrap()).unwrap();
        let first = &lines[k - k % 3];
        assert_eq!(l["facelets"], first["facelets"], "same start");
        assert_eq!(l["seed"], first["seed"], "same seed");
        assert_eq!(l["reference_htm"], first["reference_htm"]);
        // Every solution replays, and the reference preset is the reference.
        let sol: Alg = l["solution"].as_str().unwrap().parse().unwrap();
        assert!(start.after(&sol).is_solved(), "{l}");
        if l["preset"] == "reference" {
            assert_eq!(l["moves_htm"], l["reference_htm"], "{l}");
        }
    }
    // The table: a header, a row per preset in order, the reference lines.
    let rows: Vec<&str> = out.lines().collect();
    assert!(
        rows[0].starts_with("4 cubes (uniformly random states), 3 presets"),
        "{out}"
    );
    for h in [
        "preset",
        "solved",
        "median ms",
        "p90 ms",
        "mean HTM",
        "median HTM",
        "min HTM",
        "max HTM",
        "× reference",
    ] {
        assert!(rows[1].contains(h), "{out}");
    }
    // Min and max HTM per preset: the reference's are the reference line's.
    let refs: Vec<u64> = lines
        .iter()
        .step_by(3)
        .map(|l| l["reference_htm"].as_u64().unwrap())
        .collect();
    let (lo, hi) = (refs.iter().min().unwrap(), refs.iter().max().unwrap());
    let cells: Vec<&str> = rows[4].split_whitespace().collect();
    assert_eq!(
        cells[cells.len() - 3..],
        [lo.to_string(), hi.to_string(), "1.00".into()],
        "{out}"
    );
    assert!(rows[5].contains(&format!("min {lo}, max {hi}")), "{out}");
    for (row, name) in rows[2..5].iter().zip(&names) {
        assert!(row.starts_with(name), "{out}");
        assert!(row.contains("4/4 100.0 %"), "{out}");
    }
    assert!(
        rows[4].ends_with("1.00"),
        "the reference is its own yardstick: {out}"
    );
    assert!(rows[5].starts_with("reference: two-phase"), "{out}");
    // Independent of the thread count.
    let two = [&args[..], &["--jobs", "2"]].concat();
    let (c, _, err, lines2) = bench(&two, &d.join("two.jsonl"));
    assert_eq!(c, 0, "{err}");
    assert_eq!(lines, lines2);
    // A preset's lines are those of a bench of it alone.
    let alone = [
        "--preset",
        "phases-sa",
        "--random-state",
        "--cubes",
        "4",
        "--seed",
        "5",
    ];
    let (c, _, err, single) = bench(&alone, &d.join("alone.jsonl"));
    assert_eq!(c, 0, "{err}");
    let compared: Vec<Value> = lines
        .iter()
        .filter(|l| l["preset"] == "phases-sa")
        .map(|l| {
            let mut l = l.clone();
            l.as_object_mut().unwrap().remove("reference_htm");
            l
        })
        .collect();
    assert_eq!(compared, single);
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn a_preset_that_leaves_cubes_unsolved_shows_in_the_table_and_the_exit_code() {
    let d = dir("unsolved");
    let args = [
        "--preset",
        "sa-faces,reference",
        "--depth",
        "9",
        "--cubes",
        "2",
        "--jobs",
        "1",
    ];
    let (c, out, _, lines) = bench(&args, &d.join("b.jsonl"));
    assert_eq!(c, 4, "{out}");
    assert_eq!(lines.len(), 4);
    let row = out.lines().find(|l| l.starts_with("sa-faces")).unwrap();
    assert!(row.contains("0/2   0.0 %"), "{out}");
    assert!(row.ends_with('-'), "no length, no ratio: {out}");
    assert!(out.contains("random 9-move scrambles"), "{out}");
    std::fs::remove_dir_all(d).unwrap();
}

#[test]
fn bad_preset_lists_are_usage_errors_naming_the_fault() {
    let base = ["bench", "--random-state", "--cubes", "1", "--preset"];
    for (list, extra, said) in [
        ("mws,,reference", None, "entry 2 is empty"),
        (
            "sa-pll-conj,seed-001",
            None,
            "`seed-001` is preset `sa-pll-conj`, given twice",
        ),
        ("mws,nope", None, "nope"),
        (
            "mws,ga",
            Some("phase1.trials=5"),
            "preset `ga`: unknown parameter `phase1.trials`",
        ),
    ] {
        let mut args = base.to_vec();
        args.push(list);
        if let Some(kv) = extra {
            args.extend(["--set", kv]);
        }
        let o = cubetui(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(code(&o), 2, "{list}: {err}");
        assert!(err.contains(said), "{list}: {err}");
    }
}
