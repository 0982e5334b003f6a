//! `bench --states FILE`: test sets of facelet strings and scrambles, and
//! `scramble --count N --facelets`, which writes them.

use crate::cli_support;

use std::path::{Path, PathBuf};

use cli_support::{code, cubetui, jsonl_without_times};
use serde_json::Value;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-states-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// Runs a bench with `--jsonl path --jobs 2`; (exit code, stdout, stderr).
fn bench(args: &[&str], path: &Path) -> (i32, String, String) {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend(["--jobs", "2", "--jsonl", path.to_str().unwrap()]);
    let o = cubetui(&all);
    (code(&o), text(&o.stdout), text(&o.stderr))
}

/// The lines without the fields that say how the cubes were given.
fn without(lines: Vec<Value>, keys: &[&str]) -> Vec<Value> {
    lines
        .into_iter()
        .map(|mut v| {
            v.as_object_mut()
                .unwrap()
                .retain(|k, _| !keys.contains(&k.as_str()));
            v
        })
        .collect()
}

#[test]
fn a_bad_line_is_refused_with_its_number_before_any_solving() {
    let d = dir("bad");
    let cases = [
        (
            "R U\n# fine\n\nR U Q2\n",
            "line 4: scramble: unknown move `Q2`",
        ),
        (
            "UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n",
            "line 1: facelets: ",
        ),
        ("R\nUUUUUUUUURRRR\n", "line 2: facelets: "),
    ];
    for (i, (content, says)) in cases.iter().enumerate() {
        let file = d.join(format!("bad{i}.txt"));
        std::fs::write(&file, content).unwrap();
        let out = d.join(format!("bad{i}.jsonl"));
        let (c, stdout, err) = bench(&["--states", file.to_str().unwrap()], &out);
        assert_eq!(c, 3, "{content:?}: {err}");
        assert!(err.contains(says), "{content:?}: {err}");
        assert!(stdout.is_empty(), "nothing solved: {stdout}");
        assert!(
            !out.exists(),
            "no --jsonl file before the states are checked"
        );
    }
    // Only comments: a bad file, as is one that is not there (exit 3).
    let empty = d.join("empty.txt");
    std::fs::write(&empty, "# nothing\n\n").unwrap();
    let (c, _, err) = bench(&["--states", empty.to_str().unwrap()], &d.join("e.jsonl"));
    assert_eq!(c, 3, "{err}");
    assert!(err.contains("no cubes"), "{err}");
    let missing = d.join("missing.txt");
    let (c, _, err) = bench(&["--states", missing.to_str().unwrap()], &d.join("m.jsonl"));
    assert_eq!(c, 3, "{err}");
    assert!(err.contains("missing.txt: cannot read it"), "{err}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn comments_and_blank_lines_are_skipped_and_each_line_keeps_its_number() {
    let d = dir("comments");
    let file = d.join("set.txt");
    std::fs::write(
        &file,
        "# three cubes\n\nR U R' U'\n   # an indented comment\n\
         UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB\n\nF2 D\n",
    )
    .unwrap();
    let out = d.join("set.jsonl");
    let (c, stdout, err) = bench(
        &["--states", file.to_str().unwrap(), "--preset", "reference"],
        &out,
    );
    assert_eq!(c, 0, "{err}");
    assert!(stdout.starts_with("3 cubes (from "), "{stdout}");
    let lines = jsonl_without_times(&out);
    let got: Vec<(u64, u64)> = lines
        .iter()
        .map(|l| (l["index"].as_u64().unwrap(), l["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(got, [(0, 3), (1, 5), (2, 7)]);
    assert_eq!(lines[0]["scramble"], "R U R' U'");
    assert_eq!(lines[1]["moves_htm"], 0);
    assert_eq!(lines[2]["moves_htm"], 2);
    // --cubes N runs the first N; more than the file has is refused.
    let (c, stdout, _) = bench(
        &[
            "--states",
            file.to_str().unwrap(),
            "--preset",
            "reference",
            "--cubes",
            "2",
        ],
        &d.join("two.jsonl"),
    );
    assert_eq!(c, 0);
    assert!(stdout.starts_with("2 cubes"), "{stdout}");
    let (c, _, err) = bench(
        &["--states", file.to_str().unwrap(), "--cubes", "4"],
        &d.join("four.jsonl"),
    );
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("only 3 cubes"), "{err}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_scrambled_set_round_trips_to_the_bench_of_the_same_seed() {
    let d = dir("round");
    let preset = ["--preset", "sa-pll-conj", "--seed", "3"];
    // Random states, as facelets.
    let o = cubetui(&[
        "scramble",
        "--random-state",
        "--count",
        "4",
        "--seed",
        "3",
        "--facelets",
    ]);
    assert_eq!(code(&o), 0);
    let file = d.join("states.txt");
    std::fs::write(&file, &o.stdout).unwrap();
    let (c, _, err) = bench(
        &[&["--states", file.to_str().unwrap()], &preset[..]].concat(),
        &d.join("a.jsonl"),
    );
    assert_eq!(c, 0, "{err}");
    let (c, _, err) = bench(
        &[&["--random-state", "--cubes", "4"], &preset[..]].concat(),
        &d.join("b.jsonl"),
    );
    assert_eq!(c, 0, "{err}");
    let a = jsonl_without_times(&d.join("a.jsonl"));
    assert_eq!(a.len(), 4);
    assert_eq!(
        without(a, &["line"]),
        jsonl_without_times(&d.join("b.jsonl"))
    );
    // Random-move scrambles, as moves and as facelets.
    for as_facelets in [false, true] {
        let mut args = vec!["scramble", "--depth", "9", "--count", "3", "--seed", "3"];
        if as_facelets {
            args.push("--facelets");
        }
        let o = cubetui(&args);
        std::fs::write(&file, &o.stdout).unwrap();
        let (c, _, err) = bench(
            &[&["--states", file.to_str().unwrap()], &preset[..]].concat(),
            &d.join("c.jsonl"),
        );
        assert_eq!(c, 0, "{err}");
        let (c, _, err) = bench(
            &[&["--depth", "9", "--cubes", "3"], &preset[..]].concat(),
            &d.join("d.jsonl"),
        );
        assert_eq!(c, 0, "{err}");
        let skip: &[&str] = if as_facelets {
            &["line", "depth", "scramble"]
        } else {
            &["line", "depth"]
        };
        assert_eq!(
            without(jsonl_without_times(&d.join("c.jsonl")), skip),
            without(jsonl_without_times(&d.join("d.jsonl")), skip),
            "facelets: {as_facelets}"
        );
    }
    std::fs::remove_dir_all(&d).ok();
}
