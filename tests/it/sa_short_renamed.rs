//! `sa-short`'s keys `weight`, `weight_end` and `build_weight` were
//! `alpha`, `alpha_end` and `build_alpha`: the earlier names still work
//! wherever a key is read — `--set`, a run file recorded before the rename
//! (its parameters, a knob change, its series) — and give the same run;
//! `presets sa-short` lists the names now and says the old ones are read;
//! an unknown key is still refused; one key under both names is refused.

use crate::cli_support::run;

/// A run file written by `solve --record` before the rename (`alpha` in its
/// parameters and series), with a knob change of `alpha` at step 50 to the
/// value it had; written before `build_seeds` existed too (it replays with
/// the one seed runs had then, not the default by size).
const OLD: &str = "tests/data/run-sa-short-alpha.jsonl";

/// `solve --json` on the 4x4 (seed 1, 20 000 proposals) with `sets`,
/// without its timings.
fn solve(sets: &[&str]) -> String {
    let mut args = vec![
        "solve",
        "--size",
        "4",
        "--preset",
        "sa-short",
        "--random-state",
        "--seed",
        "1",
        "--json",
        "--set",
        "max_steps=20000",
    ];
    for s in sets {
        args.extend(["--set", s]);
    }
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let o = v.as_object_mut().unwrap();
    for timing in ["elapsed_ms", "search_ms"] {
        assert!(o.remove(timing).is_some(), "{timing}");
    }
    v.to_string()
}

#[test]
fn the_earlier_names_give_the_same_run_as_the_names_now() {
    let now = solve(&["weight=1.5", "weight_end=2.5", "build_weight=2"]);
    let old = solve(&["alpha=1.5", "alpha_end=2.5", "build_alpha=2"]);
    assert_eq!(old, now);
    assert_ne!(now, solve(&[]), "the values change the run");
}

#[test]
fn a_run_file_recorded_with_the_earlier_names_replays_identically() {
    let text = std::fs::read_to_string(OLD).unwrap();
    assert!(text.contains("\"alpha\":1.5") && text.contains("\"knob\":\"alpha\""));
    let (code, out, err) = run(&["replay", OLD, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("identical: solved, 107 HTM"), "{out}");
}

#[test]
fn presets_lists_the_names_now_and_reads_the_earlier_ones() {
    let (code, out, _) = run(&["presets", "sa-short"]);
    assert_eq!(code, 0);
    let key = |k: &str| out.lines().any(|l| l.split_whitespace().next() == Some(k));
    assert!(
        key("weight") && key("weight_end") && key("build_weight"),
        "{out}"
    );
    assert!(
        !key("alpha") && !key("alpha_end") && !key("build_alpha"),
        "{out}"
    );
    assert!(
        out.contains(
            "earlier names, still read as the keys now: alpha (now weight), alpha_end (now \
             weight_end), build_alpha (now build_weight)"
        ),
        "{out}"
    );
    let (_, json, _) = run(&["presets", "sa-short", "--json"]);
    let rows: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let weight = rows.iter().find(|r| r["key"] == "weight").unwrap();
    assert_eq!(weight["aliases"], serde_json::json!(["alpha"]));
    let t_max = rows.iter().find(|r| r["key"] == "t_max").unwrap();
    assert!(t_max.get("aliases").is_none(), "none: left out");
}

#[test]
fn an_unknown_key_is_still_refused() {
    let (code, _, err) = run(&[
        "solve", "--size", "4", "--preset", "sa-short", "--set", "alphas=2",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown parameter `alphas`; the parameters of solver `sa-short` are:")
            && err.contains("weight, weight_end"),
        "{err}"
    );
    let (code, _, err) = run(&["solve", "--preset", "sa-short", "--set", "alpha=5000"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad value for `alpha`: 5000 is outside its range"),
        "{err}"
    );
    // `cycles` is not a rule with `cycle`: the range is said once.
    let (code, _, err) = run(&["solve", "--preset", "sa-short", "--set", "cycles=2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("bad value for `cycles`: 2 is outside its range")
            && !err.contains("with these settings"),
        "{err}"
    );
}

#[test]
fn one_key_under_both_names_is_refused_as_in_a_preset_file() {
    for sets in [["alpha=1", "weight=2"], ["weight=2", "alpha=1"]] {
        let mut args = vec!["solve", "--size", "4", "--preset", "sa-short"];
        for s in sets {
            args.extend(["--set", s]);
        }
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{sets:?}: {err}");
        let (a, b) = (sets[0].split('=').next(), sets[1].split('=').next());
        assert!(
            err.contains(&format!(
                "--set gives `weight` twice, as `{}` and as `{}`",
                a.unwrap(),
                b.unwrap()
            )),
            "{sets:?}: {err}"
        );
    }
    // The same name twice: the last value, as before.
    let twice = solve(&["weight=9", "weight=1.5", "weight_end=2.5", "build_weight=2"]);
    assert_eq!(
        twice,
        solve(&["weight=1.5", "weight_end=2.5", "build_weight=2"])
    );
}
