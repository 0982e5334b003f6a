//! `bench --size N` through the one bench engine: shards of a 2×2 bench
//! merge to the whole, `--states` reads 24-letter lines and refuses a bad
//! one by its number, a 4×4 `--plot` parses, every JSONL line carries its
//! size.

use crate::cli_support;

use cli_support::{bench_lines, code, cubetui, p, run, shard_lines, temp_dir, untimed, with_svg};
use serde_json::Value;

/// Lines sorted by cube and preset.
fn sorted(mut v: Vec<Value>) -> Vec<Value> {
    v.sort_by_key(|l| (l["index"].as_u64(), l["preset"].as_str().map(String::from)));
    v
}

#[test]
fn a_2x2_bench_in_two_shards_merges_to_the_whole() {
    let d = temp_dir("bench-sizes", "shards");
    let bench = [
        "--size",
        "2",
        "--preset",
        "2x2-ga,reference",
        "--random-state",
        "--cubes",
        "5",
        "--seed",
        "4",
    ];
    let whole = d.join("whole.jsonl");
    let (c, one, err, lines) = bench_lines(&bench, &whole);
    assert!([0, 4].contains(&c), "{err}");
    assert!(
        one.starts_with("5 cubes (2x2, uniformly random states)"),
        "{one}"
    );
    assert!(one.contains("optimal (the 2x2 distance table)"), "{one}");
    assert!(
        one.contains("2x2-ga: final energy (misplaced stickers) median"),
        "{one}"
    );
    let mut files = Vec::new();
    for i in 1..=2 {
        let f = d.join(format!("s{i}.jsonl"));
        let shard = format!("{i}/2");
        let (sc, _, err, _) = bench_lines(&[&bench[..], &["--shard", &shard]].concat(), &f);
        assert!([0, 4].contains(&sc), "{err}");
        files.push(f);
    }
    let (mc, merged, err) = run(&["merge", p(&files[0]), p(&files[1])]);
    assert_eq!(mc, c, "{err}");
    assert!(
        merged.starts_with("5 cubes (2x2, uniformly random states)"),
        "{merged}"
    );
    assert_eq!(
        untimed(&merged, &["not checked"]),
        untimed(&one, &[]),
        "{merged}\n---\n{one}"
    );
    assert_eq!(lines.len(), 10);
    let parts: Vec<Value> = files
        .iter()
        .zip(["1/2", "2/2"])
        .flat_map(|(f, s)| shard_lines(f, s))
        .collect();
    assert_eq!(sorted(parts), sorted(lines.clone()));
    for l in &lines {
        assert_eq!(l["size"], 2, "{l}");
        assert_eq!(l["facelets"].as_str().unwrap().len(), 24, "{l}");
        assert!(l["reference_htm"].as_u64().is_some(), "{l}");
    }
    // A 3x3 file is another run.
    let three = d.join("three.jsonl");
    let (c3, _, err, _) = bench_lines(
        &[
            "--preset",
            "reference",
            "--random-state",
            "--cubes",
            "5",
            "--seed",
            "4",
            "--shard",
            "2/2",
        ],
        &three,
    );
    assert_eq!(c3, 0, "{err}");
    let (bad, _, err) = run(&["merge", p(&files[0]), p(&three)]);
    assert_eq!(bad, 3, "{err}");
    assert!(err.contains("a 2x2 there, a 3x3 here"), "{err}");
}

#[test]
fn a_2x2_test_set_of_facelets_and_scrambles_runs_and_a_bad_line_is_named() {
    let d = temp_dir("bench-sizes", "states");
    let o = cubetui(&[
        "scramble",
        "--size",
        "2",
        "--random-state",
        "--count",
        "3",
        "--facelets",
        "--seed",
        "6",
    ]);
    assert_eq!(code(&o), 0);
    let drawn = String::from_utf8(o.stdout).unwrap();
    let faces: Vec<&str> = drawn.lines().collect();
    assert_eq!(faces.len(), 3, "{drawn}");
    assert!(faces.iter().all(|f| f.len() == 24), "{drawn}");
    let set = d.join("set.txt");
    std::fs::write(&set, format!("# a 2x2 test set\n{drawn}\nR U F'\n")).unwrap();
    let jsonl = d.join("set.jsonl");
    let two_from_set = ["--size", "2", "--preset", "reference", "--states", p(&set)];
    let (c, out, err, lines) = bench_lines(&two_from_set, &jsonl);
    assert_eq!(c, 0, "{err}");
    assert!(out.contains("4 cubes (2x2, from "), "{out}");
    assert!(out.contains("4/4 (100.0 %)"), "{out}");
    let at: Vec<(u64, &str)> = lines
        .iter()
        .map(|l| (l["line"].as_u64().unwrap(), l["facelets"].as_str().unwrap()))
        .collect();
    assert_eq!(&at[..3], &[(2, faces[0]), (3, faces[1]), (4, faces[2])]);
    assert_eq!(lines[3]["line"], 6);
    assert_eq!(lines[3]["scramble"], "R U F'");
    assert!(lines.iter().all(|l| l["size"] == 2));
    // A 54-letter line in a 2x2 set: its number and the length expected,
    // before any solving (no JSONL written).
    let solved3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    std::fs::write(&set, format!("{}\n{solved3}\n", faces[0])).unwrap();
    let bad = d.join("bad.jsonl");
    let (c, _, err, _) = bench_lines(&two_from_set, &bad);
    assert_eq!(c, 3, "{err}");
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("expected 24"), "{err}");
    assert!(!bad.exists());
    // A move the 2x2 does not have.
    std::fs::write(&set, "R U\nR M\n").unwrap();
    let (c, _, err) = run(&["bench", "--size", "2", "--states", p(&set)]);
    assert_eq!(c, 3, "{err}");
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn a_4x4_bench_plots_without_a_reference_and_its_lines_carry_the_size() {
    let d = temp_dir("bench-sizes", "plot4");
    let svg = d.join("four.svg");
    let jsonl = d.join("four.jsonl");
    let (c, out, err, lines) = bench_lines(
        &[
            "--size",
            "4",
            "--preset",
            "4x4-sa,ga",
            "--random-state",
            "--cubes",
            "2",
            "--max-steps",
            "2000",
            "--plot",
            p(&svg),
        ],
        &jsonl,
    );
    assert_eq!(c, 4, "{err}");
    assert!(
        out.starts_with("2 cubes (4x4, uniformly random states)"),
        "{out}"
    );
    assert!(out.contains("no reference for 4x4"), "{out}");
    assert!(
        out.contains("4x4-sa: final energy (misplaced stickers)"),
        "{out}"
    );
    with_svg(&svg, |doc| {
        assert_eq!(doc.root_element().tag_name().name(), "svg")
    });
    assert_eq!(lines.len(), 4);
    for l in &lines {
        assert_eq!(l["size"], 4, "{l}");
        assert!(l.get("reference_htm").is_none(), "{l}");
        // Traced (the plot implies it), with no moves-to-solved measure.
        let trace = l["trace"].as_array().unwrap();
        assert!(!trace.is_empty());
        assert!(trace.iter().all(|pt| pt[2].is_null()), "{l}");
    }
}

#[test]
fn the_3x3_lines_carry_no_size() {
    let d = temp_dir("bench-sizes", "three");
    let jsonl = d.join("three.jsonl");
    let (c, _, err, lines) = bench_lines(
        &["--preset", "reference", "--random-state", "--cubes", "1"],
        &jsonl,
    );
    assert_eq!(c, 0, "{err}");
    assert!(lines[0].get("size").is_none(), "{}", lines[0]);
}

#[test]
fn a_2x2_trace_measures_moves_to_solved_with_the_distance_table() {
    let d = temp_dir("bench-sizes", "trace2");
    let jsonl = d.join("two.jsonl");
    let (c, _, err, lines) = bench_lines(
        &[
            "--size",
            "2",
            "--preset",
            "2x2-ga,reference",
            "--random-state",
            "--cubes",
            "2",
            "--trace",
        ],
        &jsonl,
    );
    assert!([0, 4].contains(&c), "{err}");
    for l in lines {
        let trace = l["trace"].as_array().unwrap();
        // The reference's best state is the start until it has solved it.
        if l["preset"] == "reference" {
            assert_eq!(trace[0][2], l["reference_htm"], "{l}");
        }
        assert!(trace.iter().all(|pt| pt[2].as_u64().is_some()), "{l}");
        let last = &trace[trace.len() - 1];
        if l["solved"] == true {
            assert_eq!(last[2], 0, "{l}");
        } else {
            assert!(last[2].as_u64().is_some_and(|n| n > 0), "{l}");
        }
    }
}
