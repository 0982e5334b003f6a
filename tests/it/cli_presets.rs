//! `cubetui presets`: every preset listed with its solver, the seed it
//! follows and its description; old names still select the same preset.

use std::process::Command;

use cubetui_cube::nxn::Size;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("run cubetui")
}

#[test]
fn presets_lists_every_preset_with_its_seed() {
    let o = run(&["presets"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    for name in crate::shipped().list() {
        let info = crate::shipped().info(name).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{text}"));
        let description = info.description_on(Size::THREE);
        assert!(lines[at].contains(&description), "{}", lines[at]);
        assert!(!lines[at].contains("{moves}"), "{}", lines[at]);
        // The next line says what it follows.
        let follows = format!("follows {}", info.follows);
        assert!(
            lines[at + 1].trim_start().starts_with(&follows),
            "{}",
            lines[at + 1]
        );
    }
}

#[test]
fn presets_json_is_one_object_per_preset() {
    let o = run(&["presets", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    assert_eq!(rows.len(), crate::shipped().list().len());
    let mws = rows.iter().find(|r| r["name"] == "mws").expect("mws row");
    assert_eq!(mws["follows"], "paper 003");
    assert_eq!(mws["aliases"][0], "seed-003");
}

#[test]
fn presets_on_a_size_are_those_that_run_there_described_for_it() {
    let text = |args: &[&str]| {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    let names = |t: &str| -> Vec<String> {
        t.lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| *w != "follows")
            .map(String::from)
            .collect()
    };
    for n in 2..=7 {
        let size = Size::new(n).unwrap();
        let listed = names(&text(&["presets", "--size", &n.to_string()]));
        let runs: Vec<String> = crate::shipped()
            .list()
            .into_iter()
            .filter(|p| crate::shipped().runs_on(p, size).is_ok())
            .map(String::from)
            .collect();
        assert_eq!(listed, runs, "{size}");
    }
    let four = text(&["presets", "--size", "4x4"]);
    let faces = four.lines().find(|l| l.starts_with("sa-faces ")).unwrap();
    assert!(
        faces.contains("the 27 outer and inner layer turns of U R F"),
        "{faces}"
    );
    assert!(!four.contains("18 face turns"), "{four}");
    assert!(!four.lines().any(|l| l.starts_with("mws ")), "{four}");
    let three = text(&["presets"]);
    assert!(
        three.contains("Simulated annealing over the 18 face turns"),
        "{three}"
    );
    // One preset on a size: its description there; refused where it does not run.
    let one = text(&["presets", "ga", "--size", "5"]);
    assert!(one.lines().next().unwrap().contains("the 36 "), "{one}");
    let o = run(&["presets", "mws", "--size", "4"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("`mws` runs on the 3x3 only"), "{err}");
    let json = text(&["presets", "--json", "--size", "2"]);
    let ga: serde_json::Value = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["name"] == "ga")
        .unwrap();
    assert!(
        ga["description"]
            .as_str()
            .unwrap()
            .contains("the 9 turns of U R F"),
        "{ga}"
    );
}

#[test]
fn old_preset_names_still_reproduce() {
    let a = run(&[
        "solve",
        "--scramble",
        "R U",
        "--preset",
        "seed-001",
        "--seed",
        "4",
        "--json",
    ]);
    let b = run(&[
        "solve",
        "--scramble",
        "R U",
        "--preset",
        "sa-pll-conj",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(a.status.code(), Some(0));
    let strip = |o: &std::process::Output| {
        let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let m = v.as_object_mut().unwrap();
        m.remove("elapsed_ms");
        m.remove("search_ms");
        v
    };
    assert_eq!(strip(&a), strip(&b));
    assert_eq!(strip(&a)["preset"], "sa-pll-conj");
    let bad = run(&["solve", "--scramble", "R", "--preset", "seed-9"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("sa-pll-conj"));
}

/// `presets NAME`: the full parameter table of one preset, read from its
/// solver's declaration, with the preset's values.
#[test]
fn presets_name_prints_every_parameter_with_its_value_range_and_meaning() {
    let o = run(&["presets", "ga"]);
    assert_eq!(o.status.code(), Some(0));
    let text = String::from_utf8(o.stdout).unwrap();
    let row = |key: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(key))
            .unwrap_or_else(|| panic!("{key} missing:\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    assert_eq!(row("key")[..5], ["key", "value", "range", "scale", "live"]);
    assert_eq!(
        row("mutation_rate")[..7],
        ["mutation_rate", "0.2", "0", "–", "1", "linear", "yes"]
    );
    assert_eq!(
        row("population")[..7],
        ["population", "100", "2", "–", "100_000", "log", "yes"]
    );
    assert_eq!(
        row("fitness")[..5],
        ["fitness", "final", "final|prefix", "-", "no"]
    );
    assert_eq!(
        row("max_generations")[..5],
        ["max_generations", "3000", "≥", "1", "log"]
    );
    assert!(
        text.contains("probability that a chromosome is mutated"),
        "{text}"
    );
    // A preset's own values, not the solver's defaults.
    let o = run(&["presets", "sa-faces-hot"]);
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().take(2).eq(["schedule.t0", "1000.0"])),
        "{text}"
    );
    // A value of the run only, live but no preset key, is named below.
    assert!(
        !text.lines().any(|l| l.starts_with("temperature ")),
        "{text}"
    );
    assert!(
        text.contains("during a run also: temperature (1e-9 – 1e9, log)"),
        "{text}"
    );
    let bad = run(&["presets", "nope"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("sa-pll-conj"));
}

#[test]
fn presets_name_json_is_one_object_per_parameter() {
    for name in crate::shipped().list() {
        let o = run(&["presets", name, "--json"]);
        assert_eq!(o.status.code(), Some(0), "{name}");
        let rows: Vec<serde_json::Value> = String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).expect("json line"))
            .collect();
        let cfg = crate::shipped().get(name).unwrap();
        assert!(
            !rows.is_empty() && rows.len() <= cfg.params().len(),
            "{name}"
        );
        for r in &rows {
            for field in [
                "key", "value", "default", "type", "range", "live", "meaning",
            ] {
                assert!(!r[field].is_null(), "{name}: {field} in {r}");
            }
        }
    }
    let o = run(&["presets", "mws", "--json"]);
    let text = String::from_utf8(o.stdout).unwrap();
    let window = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|r| r["key"] == "phase3.window")
        .expect("phase3.window");
    assert_eq!(window["value"], 10);
    assert_eq!(window["min"], 1);
    assert_eq!(window["max"], 16);
    assert_eq!(window["live"], true);
}
