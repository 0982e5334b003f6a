//! `cubetui presets`: every preset listed with its solver, the seed it
//! follows and its description; old names still select the same preset.

use std::process::Command;

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
    for name in cubetui::solve::preset::list() {
        let info = cubetui::solve::preset::info(name).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{text}"));
        assert!(lines[at].contains(&info.description), "{}", lines[at]);
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
    assert_eq!(rows.len(), cubetui::solve::preset::list().len());
    let mws = rows.iter().find(|r| r["name"] == "mws").expect("mws row");
    assert_eq!(mws["follows"], "seed 003");
    assert_eq!(mws["aliases"][0], "seed-003");
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
