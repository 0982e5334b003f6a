//! `bench --shard i/n` and `cubetui merge`: four shards merged print what
//! one machine prints (times aside), and bad files are refused by name.

use crate::cli_support;

use std::path::Path;

use cli_support::{bench_lines, p, run, shard_lines, temp_dir, untimed};
use serde_json::Value;

/// The lines of a summary that say what was timed (and merge's last line,
/// what it took as written).
const TIMED: [&str; 3] = ["time (ms)", "steps/s", "not checked"];

/// One bench, then the same in 4 shards merged: same summary, same lines.
fn shards_merge_to_the_whole(name: &str, args: &[&str]) {
    let d = temp_dir("merge", name);
    let whole = d.join("whole.jsonl");
    // Exit 4 when some cube is unsolved: the merge says so too.
    let (whole_code, one, err, whole_lines) = bench_lines(args, &whole);
    assert!([0, 4].contains(&whole_code), "{err}");
    let mut files = Vec::new();
    for i in 1..=4 {
        let f = d.join(format!("s{i}.jsonl"));
        let shard = format!("{i}/4");
        let (c, out, err, lines) = bench_lines(&[args, &["--shard", &shard]].concat(), &f);
        assert!([0, 4].contains(&c), "{err}");
        assert!(out.starts_with(&format!("shard {i}/4: ")), "{out}");
        // Shard i runs the cubes k with k mod 4 = i - 1, as in the whole run.
        for l in lines {
            assert_eq!(l["index"].as_u64().unwrap() % 4, i - 1, "{l}");
        }
        files.push(f);
    }
    // Given in any order.
    files.reverse();
    let names: Vec<&str> = files.iter().map(|f| p(f)).collect();
    let (c, merged, err) = run(&[&["merge"], &names[..]].concat());
    assert_eq!(c, whole_code, "{err}");
    assert!(merged.contains("merged from 4 file(s)"), "{merged}");
    assert_eq!(
        merged.lines().next().unwrap().split(", seed").next(),
        one.lines().next().unwrap().split(", seed").next(),
        "{merged}\n{one}"
    );
    assert_eq!(
        untimed(&merged, &TIMED),
        untimed(&one, &TIMED),
        "{merged}\n{one}"
    );
    // The shards' lines are the whole run's lines.
    let mut lines: Vec<Value> = files
        .iter()
        .rev()
        .zip(1..)
        .flat_map(|(f, i)| shard_lines(f, &format!("{i}/4")))
        .collect();
    lines.sort_by_key(|l| l["index"].as_u64());
    assert_eq!(lines, whole_lines);
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn four_shards_merged_equal_one_machine_for_one_preset() {
    // 20000 steps leave some of these cubes unsolved (exit 4 both ways).
    shards_merge_to_the_whole(
        "one",
        &[
            "--preset",
            "sa-pll-conj",
            "--max-steps",
            "20000",
            "--depth",
            "5",
            "--cubes",
            "9",
            "--seed",
            "7",
            "--jobs",
            "2",
        ],
    );
}

#[test]
fn four_shards_merged_equal_one_machine_for_a_comparison() {
    shards_merge_to_the_whole(
        "compare",
        &[
            "--preset",
            "sa-pll-conj,reference",
            "--max-steps",
            "20000",
            "--random-state",
            "--cubes",
            "6",
            "--jobs",
            "2",
        ],
    );
}

#[test]
fn bad_shards_are_usage_errors_naming_the_fault() {
    for (shard, said) in [
        ("0/4", "numbered from 1 to 4"),
        ("5/4", "got 5"),
        ("a/b", "`a` is not a whole number"),
        ("2", "expected I/N"),
    ] {
        let (c, _, err) = run(&["bench", "--depth", "2", "--cubes", "4", "--shard", shard]);
        assert_eq!(c, 2, "{shard}: {err}");
        assert!(
            err.contains(said) && err.contains("--shard"),
            "{shard}: {err}"
        );
    }
    let (c, _, err) = run(&["bench", "--depth", "2", "--cubes", "2", "--shard", "3/4"]);
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("no cube for shard 3"), "{err}");
}

#[test]
fn bad_files_are_refused_naming_file_and_line() {
    let d = temp_dir("merge", "bad");
    let bench = |extra: &[&str], f: &Path| {
        let a = [&["--depth", "3", "--cubes", "4", "--jobs", "1"], extra].concat();
        let (c, _, err, _) = bench_lines(&a, f);
        assert_eq!(c, 0, "{err}");
    };
    let s1 = d.join("s1.jsonl");
    let s2 = d.join("s2.jsonl");
    bench(&["--shard", "1/2"], &s1);
    bench(&["--shard", "2/2"], &s2);
    let other_seed = d.join("seed.jsonl");
    bench(&["--shard", "2/2", "--seed", "9"], &other_seed);
    let other_set = d.join("set.jsonl");
    bench(
        &["--shard", "2/2", "--set", "schedule.t_max=0.5"],
        &other_set,
    );
    let other_presets = d.join("presets.jsonl");
    bench(
        &["--shard", "2/2", "--preset", "sa-pll-conj,reference"],
        &other_presets,
    );
    let garbage = d.join("garbage.jsonl");
    let text = std::fs::read_to_string(&s2).unwrap();
    std::fs::write(
        &garbage,
        format!(
            "{}not json\n",
            text.lines().next().unwrap().to_owned() + "\n"
        ),
    )
    .unwrap();
    let missing = d.join("missing.jsonl");
    for (second, said) in [
        (&missing, format!("{}: cannot read it", p(&missing))),
        (
            &garbage,
            format!("{} line 2: not a line of bench --jsonl", p(&garbage)),
        ),
        (
            &s1,
            format!(
                "{} line 1: cube 0 of `sa-pll-conj` again (first at {} line 1)",
                p(&s1),
                p(&s1)
            ),
        ),
        (
            &other_seed,
            format!(
                "{} line 1: from another run than {} line 1: base seed 1 there, 9 here",
                p(&other_seed),
                p(&s1)
            ),
        ),
        (
            &other_set,
            format!(
                "{} line 1: `sa-pll-conj` ran with other settings",
                p(&other_set)
            ),
        ),
        (
            &other_presets,
            format!("{} line 1: from another run", p(&other_presets)),
        ),
    ] {
        let (c, out, err) = run(&["merge", p(&s1), p(second)]);
        assert_eq!(c, 3, "{said}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(&said), "wanted `{said}` in {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let (c, out, err) = run(&["merge", p(&s1), p(&s2)]);
    assert_eq!(c, 0, "{err}");
    assert!(
        out.starts_with("4 cubes (random 3-move scrambles)"),
        "{out}"
    );
    // A missing shard: the cubes present, named missing, exit 4.
    let (c, out, _) = run(&["merge", p(&s2)]);
    assert_eq!(c, 4);
    assert!(out.starts_with("2 of 4 cubes (missing: 0, 2)"), "{out}");
    std::fs::remove_dir_all(d).ok();
}

/// Files written by version 0.1.0 (and one from before `stopped_by`) merge
/// to exactly what that version printed of them (their times are in the
/// files, so every line is fixed).
#[test]
fn files_of_earlier_versions_merge_as_they_did() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lines");
    for (file, code, want) in [
        (
            "bench-0.1.0.jsonl",
            0,
            "2 cubes (random 3-move scrambles), solver sa preset sa-pll-conj, neighbourhood \
             pll-conj, seed 1, merged from 1 file(s)\n\
             solved        2/2 (100.0 %)\n\
             moves (HTM)   median 400  mean 456.0  p90 512  min 400  max 512\n\
             time (ms)     median 0.19  p90 1.60  p99 1.60  max 1.60\n\
             steps/s       5.191e7 in the search, 5.863e6 overall\n",
        ),
        (
            "sweep-0.1.0.jsonl",
            4,
            "2 cubes (random 2-move scrambles), preset sa-faces, 2 combinations of \
             schedule.alpha on the same cubes, seed 1, merged from 1 file(s)\n\
             combination                solved  median ms  p90 ms  mean HTM  median HTM  min HTM  max HTM  × reference\n\
             schedule.alpha=0.99   1/2  50.0 %       2.15    48.3       2.0           2        2        2         1.00\n\
             schedule.alpha=0.999  1/2  50.0 %       0.02     175       2.0           2        2        2         1.00\n",
        ),
        (
            "compare-before-stopped-by.jsonl",
            0,
            "2 cubes (uniformly random states), 2 presets on the same cubes one after another, \
             seed 1, merged from 1 file(s)\n\
             preset            solved  median ms  p90 ms  mean HTM  median HTM  min HTM  max HTM  × reference\n\
             sa-pll-conj  2/2 100.0 %       1.64    16.5     927.5         921      921      934        45.26\n\
             reference    2/2 100.0 %       3.56    15.7      20.5          20       20       21         1.00\n",
        ),
    ] {
        let (c, out, err) = run(&["merge", p(&dir.join(file))]);
        assert_eq!(c, code, "{file}: {err}");
        assert!(out.starts_with(want), "{file}:\n{out}\nwanted:\n{want}");
    }
}

/// Each field merge can recompute, edited in one line, is refused naming
/// the file, the line and the field; the fields it cannot recompute are
/// taken as written, and the summary says so.
#[test]
fn edited_fields_are_refused_naming_file_line_and_field() {
    let d = temp_dir("merge", "edited");
    let f = d.join("run.jsonl");
    // Cube 0 solved by sa-comm, unsolved by sa-faces in 300 steps.
    let (c, _, err, _) = bench_lines(
        &[
            "--depth",
            "20",
            "--cubes",
            "2",
            "--jobs",
            "1",
            "--preset",
            "sa-comm,sa-faces",
            "--max-steps",
            "300",
        ],
        &f,
    );
    assert_eq!(c, 4, "{err}");
    let lines: Vec<Value> = std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let at = |preset: &str, index: u64| {
        lines
            .iter()
            .position(|l| l["preset"] == preset && l["index"] == index)
            .unwrap()
    };
    let solved = at("sa-comm", 0);
    let unsolved = at("sa-faces", 0);
    assert_eq!(lines[solved]["solved"], true);
    assert_eq!(lines[unsolved]["solved"], false);
    assert_eq!(lines[unsolved]["stopped_by"], "step limit 300");
    let other_scramble = lines[at("sa-comm", 1)]["scramble"].clone();
    // Writes the file with line `n` edited; merge's (code, stdout, stderr).
    let edited = |n: usize, field: &str, value: Value| {
        let mut v = lines.clone();
        v[n][field] = value;
        let text: String = v.iter().map(|l| format!("{l}\n")).collect();
        let e = d.join("edited.jsonl");
        std::fs::write(&e, text).unwrap();
        let (c, out, err) = run(&["merge", p(&e)]);
        (c, out, err, format!("{} line {}: cube 0: ", p(&e), n + 1))
    };
    for (n, field, value, said) in [
        (solved, "energy", serde_json::json!(-5.0), "energy -5"),
        (
            unsolved,
            "energy",
            serde_json::json!(0.0),
            "energy 0, but the cube is not solved",
        ),
        (
            solved,
            "scramble",
            other_scramble,
            "scramble is not cube 0's",
        ),
        (
            unsolved,
            "stopped_by",
            "solved".into(),
            "stopped_by \"solved\"",
        ),
        (
            unsolved,
            "stopped_by",
            "time limit 100 s".into(),
            "stopped_by \"time limit 100 s\": the run took less than that",
        ),
        (
            unsolved,
            "stopped_by",
            "gave up".into(),
            "stopped_by \"gave up\": not a reason a run stops for",
        ),
        (
            unsolved,
            "moves_layers",
            (lines[unsolved]["moves_layers"].as_u64().unwrap() + 1).into(),
            "moves_layers",
        ),
        (
            solved,
            "moves_santa",
            (lines[solved]["moves_santa"].as_u64().unwrap() + 1).into(),
            "moves_santa",
        ),
    ] {
        let (c, out, err, line) = edited(n, field, value);
        assert_eq!(c, 3, "{field}: {err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains(&format!("{line}{said}")),
            "wanted `{line}{said}` in {err}"
        );
    }
    // Iterations and the raw length cannot be recomputed: taken as
    // written, and said so.
    for field in ["iterations", "moves_raw"] {
        let plus = lines[solved][field].as_u64().unwrap() + 1;
        let (c, out, err, _) = edited(solved, field, plus.into());
        assert_eq!(c, 4, "{field}: {err}");
        let last = out.lines().last().unwrap();
        assert!(
            last.starts_with("not checked (taken as written): "),
            "{out}"
        );
        assert!(last.contains(field), "{out}");
    }
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn an_unsolved_sa_short_lines_energy_is_said_to_be_unchecked() {
    let d = temp_dir("merge", "short-energy");
    let f = d.join("run.jsonl");
    // One sweep: the exact part only, so the line is unsolved.
    let args = ["--size", "4", "--preset", "sa-short", "--random-state"];
    let (c, _, err, _) = bench_lines(
        &[&args[..], &["--cubes", "1", "--max-steps", "1"]].concat(),
        &f,
    );
    assert_eq!(c, 4, "{err}");
    let mut line: Value =
        serde_json::from_str(std::fs::read_to_string(&f).unwrap().trim()).unwrap();
    assert_eq!(line["solved"], false);
    let energy = line["energy"].as_f64().unwrap();
    assert!(energy > 0.0, "{line}");
    // Any energy above 0 is taken as written, and the summary says so.
    line["energy"] = (energy + 1.0).into();
    let e = d.join("edited.jsonl");
    std::fs::write(&e, format!("{line}\n")).unwrap();
    let (c, out, err) = run(&["merge", p(&e)]);
    assert_eq!(c, 4, "{err}");
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with("not checked (taken as written): "),
        "{out}"
    );
    assert!(
        last.contains("an unsolved line's energy past its being above 0"),
        "{out}"
    );
    assert!(
        last.contains("sa-short's is its seed solver's best"),
        "{out}"
    );
    std::fs::remove_dir_all(d).ok();
}
