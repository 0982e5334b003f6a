//! `solve --formulas F --record R` records the catalogue (its path and
//! digest); `replay R --verify` reads it again and reproduces the run, and
//! refuses (exit 3, naming the file) a catalogue that is gone or changed.

use crate::cli_support;

use std::path::PathBuf;

use cli_support::{code, cubetui};

fn out(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A fresh directory for one test.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-recform-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// Records a `pll` run on `U'` whose only formula is `U` (solved in one
/// proposal, which the built-in catalogue cannot do); returns the run file.
fn record(d: &std::path::Path) -> (PathBuf, PathBuf) {
    let formulas = d.join("spin.txt");
    std::fs::write(&formulas, "# one formula\nspin: U\n").unwrap();
    let run = d.join("run.jsonl");
    let o = cubetui(&[
        "solve",
        "--scramble",
        "U'",
        "--neighbourhood",
        "pll",
        "--max-steps",
        "5",
        "--seed",
        "1",
        "--formulas",
        formulas.to_str().unwrap(),
        "--record",
        run.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", out(&o));
    assert!(out(&o).contains("solution:   U\n"), "{}", out(&o));
    (formulas, run)
}

#[test]
fn a_run_with_its_own_formulas_is_recorded_and_verified() {
    let d = dir("verified");
    let (formulas, run) = record(&d);
    let text = std::fs::read_to_string(&run).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert!(
        header["formulas"]["path"]
            .as_str()
            .is_some_and(|p| p.ends_with("spin.txt")),
        "{header}"
    );
    assert!(
        header["formulas"]["digest"]
            .as_str()
            .is_some_and(|d| d.starts_with("fnv1a64:")),
        "{header}"
    );
    let again = cubetui(&["replay", run.to_str().unwrap(), "--verify"]);
    assert_eq!(code(&again), 0, "{}", out(&again));
    assert!(
        out(&again).starts_with("identical: solved, 1 HTM"),
        "{}",
        out(&again)
    );
    let summary = cubetui(&["replay", run.to_str().unwrap(), "--summary"]);
    assert_eq!(code(&summary), 0, "{}", out(&summary));
    assert!(out(&summary).contains("formulas:   "), "{}", out(&summary));

    // The same formulas written another way (comments, spacing) are the same catalogue.
    std::fs::write(&formulas, "spin:U   # the only one\n\n").unwrap();
    let again = cubetui(&["replay", run.to_str().unwrap(), "--verify"]);
    assert_eq!(code(&again), 0, "{}", out(&again));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_changed_or_missing_catalogue_is_refused_with_exit_3() {
    let d = dir("refused");
    let (formulas, run) = record(&d);
    std::fs::write(&formulas, "spin: U2\n").unwrap();
    let o = cubetui(&["replay", run.to_str().unwrap(), "--verify"]);
    assert_eq!(code(&o), 3, "{}", out(&o));
    let e = out(&o);
    assert!(
        e.contains("spin.txt") && e.contains("has changed since"),
        "{e}"
    );
    std::fs::remove_file(&formulas).unwrap();
    let o = cubetui(&["replay", run.to_str().unwrap(), "--verify"]);
    assert_eq!(code(&o), 3, "{}", out(&o));
    let e = out(&o);
    assert!(
        e.contains("spin.txt") && e.contains("cannot be read now"),
        "{e}"
    );
    // The summary needs no catalogue: it still reads the file.
    let o = cubetui(&["replay", run.to_str().unwrap(), "--summary"]);
    assert_eq!(code(&o), 0, "{}", out(&o));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_screen_refuses_formulas_with_record_or_race() {
    let d = dir("screen");
    let formulas = d.join("spin.txt");
    std::fs::write(&formulas, "spin: U\n").unwrap();
    let run = d.join("run.jsonl");
    for extra in [
        ["--record", run.to_str().unwrap()],
        ["--race", "sa-pll-conj,ga"],
    ] {
        let mut args = vec!["--formulas", formulas.to_str().unwrap()];
        args.extend(extra);
        let o = cubetui(&args);
        assert_eq!(code(&o), 2, "{extra:?}: {}", out(&o));
        assert!(
            out(&o).contains("--formulas with --record or --race"),
            "{}",
            out(&o)
        );
    }
    assert!(!run.exists(), "no run file is left behind");
    let _ = std::fs::remove_dir_all(&d);
}
