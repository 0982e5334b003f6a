//! Runs past one machine: `--shard auto/N` takes the shard from the task
//! index HyperQueue, Slurm, a Kubernetes Indexed Job or GNU parallel sets,
//! and every engine's ids (from 0 or from 1) cover the run once; `--resume`
//! goes on with a killed shard's file and merges to what one machine prints.

use crate::cli_support;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use cli_support::{code, jsonl_without_times, p, run, shard_lines, temp_dir, untimed};
use serde_json::Value;

/// The variables `--shard auto/N` reads (cleared around every run here).
const ENGINE: [&str; 8] = [
    "HQ_TASK_ID",
    "PARALLEL_SEQ",
    "JOB_COMPLETION_INDEX",
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_STEP",
    "SLURM_ARRAY_TASK_COUNT",
];

/// A quick 2×2 bench every cube of which is solved.
const BENCH: [&str; 10] = [
    "bench",
    "--size",
    "2",
    "--preset",
    "sa-comm",
    "--random-state",
    "--cubes",
    "10",
    "--jobs",
    "1",
];

/// The lines of a summary that say what was timed.
const TIMED: [&str; 3] = ["time (ms)", "steps/s", "not checked"];

/// `cubetui args` with only `vars` of the engine variables set.
fn with_env(args: &[&str], vars: &[(&str, String)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_cubetui"));
    c.args(args);
    for v in ENGINE {
        c.env_remove(v);
    }
    c.envs(vars.iter().map(|(k, v)| (k, v)));
    c.output().expect("binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The whole run's summary and its lines (without times).
fn whole(d: &Path, args: &[&str]) -> (String, Vec<Value>) {
    let f = d.join("whole.jsonl");
    let o = with_env(&[args, &["--jsonl", p(&f)]].concat(), &[]);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    (text(&o.stdout), jsonl_without_times(&f))
}

/// Runs the 4 tasks of an engine, task `t` with `vars(t)`, and checks that
/// they ran shards 1 to 4 once each and merge to the whole run.
fn engine_covers_the_run(
    name: &str,
    ids: [u64; 4],
    vars: impl Fn(u64) -> Vec<(&'static str, String)>,
) {
    let d = temp_dir("scale-out", name);
    let (one, whole_lines) = whole(&d, &BENCH);
    let mut files = Vec::new();
    let mut lines = Vec::new();
    let mut shards = Vec::new();
    for t in ids {
        let f = d.join(format!("task-{t}.jsonl"));
        let o = with_env(
            &[&BENCH[..], &["--shard", "auto/4", "--jsonl", p(&f)]].concat(),
            &vars(t),
        );
        let err = text(&o.stderr);
        assert_eq!(code(&o), 0, "{name} task {t}: {err}");
        // Which variable it read, on stderr; the shard on stdout.
        let said = err
            .lines()
            .find(|l| l.contains("--shard auto/4: shard"))
            .unwrap_or_else(|| panic!("{err}"));
        let shard = said
            .split("shard ")
            .nth(2)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        assert!(
            text(&o.stdout).starts_with(&format!("shard {shard}: ")),
            "{}",
            text(&o.stdout)
        );
        lines.extend(shard_lines(&f, &shard));
        shards.push(shard);
        files.push(f);
    }
    shards.sort();
    assert_eq!(shards, ["1/4", "2/4", "3/4", "4/4"], "{name}");
    lines.sort_by_key(|l| l["index"].as_u64());
    assert_eq!(
        lines, whole_lines,
        "{name}: every cube once, as one machine ran it"
    );
    let names: Vec<&str> = files.iter().map(|f| p(f)).collect();
    let (c, merged, err) = run(&[&["merge"], &names[..]].concat());
    assert_eq!(c, 0, "{err}");
    assert_eq!(
        untimed(&merged, &TIMED),
        untimed(&one, &TIMED),
        "{merged}\n{one}"
    );
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn hyperqueue_task_ids_from_0_or_from_1_cover_the_run_once() {
    engine_covers_the_run("hq0", [0, 1, 2, 3], |t| vec![("HQ_TASK_ID", t.to_string())]);
    engine_covers_the_run("hq1", [1, 2, 3, 4], |t| vec![("HQ_TASK_ID", t.to_string())]);
}

#[test]
fn a_slurm_array_covers_the_run_once_counted_from_its_first_id() {
    // `sbatch --array=5-8`: ids relative to SLURM_ARRAY_TASK_MIN.
    engine_covers_the_run("slurm", [5, 6, 7, 8], |t| {
        vec![
            ("SLURM_ARRAY_TASK_ID", t.to_string()),
            ("SLURM_ARRAY_TASK_MIN", "5".into()),
            ("SLURM_ARRAY_TASK_MAX", "8".into()),
            ("SLURM_ARRAY_TASK_COUNT", "4".into()),
        ]
    });
}

#[test]
fn a_kubernetes_indexed_job_and_gnu_parallel_cover_the_run_once() {
    engine_covers_the_run("k8s", [0, 1, 2, 3], |t| {
        vec![("JOB_COMPLETION_INDEX", t.to_string())]
    });
    engine_covers_the_run("parallel", [1, 2, 3, 4], |t| {
        vec![("PARALLEL_SEQ", t.to_string())]
    });
}

#[test]
fn auto_outside_an_engine_or_out_of_range_is_a_usage_error_naming_the_variable() {
    let bench = |shard: &str, vars: &[(&str, String)]| {
        let o = with_env(&[&BENCH[..], &["--shard", shard]].concat(), vars);
        (code(&o), text(&o.stderr))
    };
    let (c, err) = bench("auto/4", &[]);
    assert_eq!(c, 2, "{err}");
    for var in [
        "HQ_TASK_ID",
        "SLURM_ARRAY_TASK_ID",
        "JOB_COMPLETION_INDEX",
        "PARALLEL_SEQ",
    ] {
        assert!(err.contains(var), "{err}");
    }
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    for (vars, said) in [
        (
            vec![("HQ_TASK_ID", "7".to_string())],
            "HQ_TASK_ID=7 is not one of 4 task ids",
        ),
        (
            vec![("JOB_COMPLETION_INDEX", "4".into())],
            "JOB_COMPLETION_INDEX=4",
        ),
        (
            vec![
                ("SLURM_ARRAY_TASK_ID", "1".into()),
                ("SLURM_ARRAY_TASK_COUNT", "8".into()),
            ],
            "the Slurm array has 8 tasks",
        ),
        (
            vec![("PARALLEL_SEQ", "one".into())],
            "PARALLEL_SEQ=`one` is not a task index",
        ),
    ] {
        let (c, err) = bench("auto/4", &vars);
        assert_eq!(c, 2, "{vars:?}: {err}");
        assert!(err.contains(said), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let (c, err) = bench("auto/0", &[("HQ_TASK_ID", "0".into())]);
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("from 1 to"), "{err}");
    // A sweep takes it too.
    let o = with_env(
        &[
            "sweep",
            "--size",
            "2",
            "--preset",
            "sa-comm",
            "--set",
            "restart_after=1000,2000",
            "--random-state",
            "--cubes",
            "4",
            "--jobs",
            "1",
            "--shard",
            "auto/2",
        ],
        &[("HQ_TASK_ID", "2".into())],
    );
    assert!([0, 4].contains(&code(&o)), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).starts_with("shard 1/2: 2 of 4 cubes"),
        "{}",
        text(&o.stdout)
    );
}

/// A bench slow enough to be killed mid-run (about 0.2 s a cube), every
/// cube solved.
const SLOW: [&str; 12] = [
    "bench",
    "--size",
    "2",
    "--preset",
    "2x2-phases",
    "--random-state",
    "--cubes",
    "16",
    "--jobs",
    "1",
    "--shard",
    "2/2",
];

#[test]
fn a_killed_shard_resumed_merges_to_what_one_machine_prints() {
    let d = temp_dir("scale-out", "killed");
    let full = d.join("full.jsonl");
    let o = with_env(&[&SLOW[..], &["--jsonl", p(&full)]].concat(), &[]);
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    let one = text(&o.stdout);
    let f = d.join("killed.jsonl");
    let args = [&SLOW[..], &["--jsonl", p(&f), "--resume"]].concat();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lines = || std::fs::read_to_string(&f).map_or(0, |t| t.lines().count());
    let t0 = Instant::now();
    while lines() < 2 && t0.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL: no summary, no last line
    child.wait().unwrap();
    let kept = std::fs::read_to_string(&f).unwrap();
    let before = kept.lines().count();
    assert!((2..8).contains(&before), "killed mid-run: {before} lines");
    // A torn line as a kill mid-write leaves it.
    std::fs::write(
        &f,
        format!("{kept}{{\"size\":2,\"solver\":\"phases-sa\",\"pre"),
    )
    .unwrap();
    let o = with_env(&args, &[]);
    let err = text(&o.stderr);
    assert_eq!(code(&o), 0, "{err}");
    assert!(
        err.contains(&format!("--resume: {before} of 8 cubes already in")) && err.contains("torn"),
        "{err}"
    );
    assert_eq!(untimed(&text(&o.stdout), &TIMED), untimed(&one, &TIMED));
    // The kept lines are kept byte for byte; the file is the whole run's.
    let after = std::fs::read_to_string(&f).unwrap();
    assert!(after.starts_with(&kept), "kept lines rewritten");
    assert_eq!(jsonl_without_times(&f), jsonl_without_times(&full));
    let (c1, m1, _) = run(&["merge", p(&full), "--json"]);
    let (c2, m2, _) = run(&["merge", p(&f), "--json"]);
    assert_eq!((c1, c2), (4, 4), "one shard: the other's cubes are missing");
    assert_eq!(untimed_json(&m1), untimed_json(&m2));
    // Run again: nothing is missing, nothing runs, nothing changes.
    let o = with_env(&args, &[]);
    assert_eq!(code(&o), 0);
    assert!(
        text(&o.stderr).contains("8 of 8 cubes already in"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), after);
    std::fs::remove_dir_all(d).ok();
}

/// A `--json` summary without its measured times.
fn untimed_json(s: &str) -> Value {
    let mut v: Value = serde_json::from_str(s).unwrap();
    for row in v["rows"].as_array_mut().unwrap() {
        let row = row.as_object_mut().unwrap();
        row.remove("time_ms");
        row.remove("steps_per_s");
    }
    v
}

#[test]
fn another_runs_file_is_refused_by_name_and_left_as_it_is() {
    let d = temp_dir("scale-out", "refused");
    let f = d.join("run.jsonl");
    let o = with_env(
        &[&BENCH[..], &["--seed", "3", "--jsonl", p(&f)]].concat(),
        &[],
    );
    assert_eq!(code(&o), 0, "{}", text(&o.stderr));
    let bytes = std::fs::read(&f).unwrap();
    // BENCH less its preset.
    let base: Vec<&str> = BENCH
        .iter()
        .copied()
        .filter(|a| !["--preset", "sa-comm"].contains(a))
        .collect();
    let resume = |extra: &[&str]| {
        let o = with_env(
            &[&base[..], extra, &["--jsonl", p(&f), "--resume"]].concat(),
            &[],
        );
        (code(&o), text(&o.stderr))
    };
    for (extra, said) in [
        (
            &["--preset", "sa-comm", "--seed", "4"][..],
            "base seed 3 there, 4 here",
        ),
        (
            &["--preset", "sa-comm", "--seed", "3", "--shard", "1/2"],
            "the whole run there, shard 1/2 here",
        ),
        (
            &["--preset", "sa-comm", "--seed", "3", "--max-steps", "999"],
            "ran with other settings",
        ),
        (
            &["--preset", "sa-comm", "--seed", "3", "--trace"],
            "without a trace there",
        ),
        (
            &["--seed", "3", "--preset", "sa-comm,2x2-phases"],
            "with and without the reference",
        ),
        (
            &["--seed", "3", "--preset", "2x2-phases"],
            "`sa-comm` there, 2x2-phases here",
        ),
    ] {
        let (c, err) = resume(extra);
        assert_eq!(c, 3, "{extra:?}: {err}");
        assert!(
            err.contains(&format!("{} line 1: from another run", p(&f))),
            "{err}"
        );
        assert!(err.contains(said), "{extra:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert_eq!(
            std::fs::read(&f).unwrap(),
            bytes,
            "{extra:?}: the file changed"
        );
    }
    // An edited line does not hold: refused naming it.
    let edited =
        String::from_utf8(bytes.clone())
            .unwrap()
            .replacen("\"moves_htm\":", "\"moves_htm\":1", 3);
    std::fs::write(&f, &edited).unwrap();
    let (c, err) = resume(&["--preset", "sa-comm", "--seed", "3"]);
    assert_eq!(c, 3, "{err}");
    assert!(
        err.contains("line 1: cube 0 does not hold: moves_htm 1"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), edited);
    // A last line without its newline that is no bench line: not a torn
    // line of this run, so not dropped.
    std::fs::write(&f, "my notes").unwrap();
    let (c, err) = resume(&["--preset", "sa-comm", "--seed", "3"]);
    assert_eq!(c, 3, "{err}");
    assert!(err.contains("line 1: not a line of bench --jsonl"), "{err}");
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "my notes");
    // A file another run is writing: exit 5, left as it is.
    std::fs::write(&f, &bytes).unwrap();
    let held = cubetui_solve::files::create_locked(&d.join("held.jsonl")).unwrap();
    let o = with_env(
        &[
            &BENCH[..],
            &["--jsonl", p(&d.join("held.jsonl")), "--resume"],
        ]
        .concat(),
        &[],
    );
    assert_eq!(code(&o), 5, "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("locked"), "{}", text(&o.stderr));
    drop(held);
    // --resume needs --jsonl.
    let (c, _, err) = run(&[&BENCH[..], &["--resume"]].concat());
    assert_eq!(c, 2, "{err}");
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn a_sweep_resumed_after_a_cube_with_only_some_of_its_lines_runs_that_cube_again() {
    let d = temp_dir("scale-out", "sweep");
    let sweep = [
        "sweep",
        "--size",
        "2",
        "--preset",
        "sa-comm",
        "--set",
        "restart_after=1000,2000,3000",
        "--random-state",
        "--cubes",
        "5",
        "--jobs",
        "2",
        "--jsonl",
    ];
    let full = d.join("full.jsonl");
    let o = with_env(&[&sweep[..], &[p(&full)]].concat(), &[]);
    assert!([0, 4].contains(&code(&o)), "{}", text(&o.stderr));
    let text_full = std::fs::read_to_string(&full).unwrap();
    // Cube 0's three lines and the first of cube 1's: cube 1 is unfinished.
    let cut: String = text_full.split_inclusive('\n').take(4).collect();
    let f = d.join("cut.jsonl");
    std::fs::write(&f, &cut).unwrap();
    let o = with_env(&[&sweep[..], &[p(&f), "--resume"]].concat(), &[]);
    assert!([0, 4].contains(&code(&o)), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("1 of 5 cubes already in"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(jsonl_without_times(&f), jsonl_without_times(&full));
    // Lines of a cube out of their order are an edited file: refused.
    let mut lines: Vec<&str> = text_full.lines().collect();
    lines.swap(0, 1);
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    let o = with_env(&[&sweep[..], &[p(&f), "--resume"]].concat(), &[]);
    assert_eq!(code(&o), 3, "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(
            "line 1: cube 0 of `restart_after=2000` without its line of `restart_after=1000`"
        ),
        "{}",
        text(&o.stderr)
    );
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn the_docs_job_files_run_the_one_task_line_the_script_runs() {
    let doc = std::fs::read_to_string("docs/scale-out.md").unwrap();
    // Every job file's bench, up to its file name.
    let benches: Vec<&str> = doc
        .lines()
        .filter(|l| !l.starts_with("$ ")) // the console example
        .filter_map(|l| l.find("cubetui bench").map(|i| &l[i..]))
        .map(|l| l.split(" --jsonl ").next().unwrap())
        .collect();
    assert!(benches.len() >= 4, "{benches:?}");
    for b in &benches {
        assert_eq!(*b, benches[0], "a job file runs another bench");
    }
    assert!(
        benches[0].contains(" --shard auto/4 --resume"),
        "{}",
        benches[0]
    );
    // The HyperQueue line is the one the script takes, and every job file
    // is followed by the merge of its shards before the next section.
    let hq = doc
        .lines()
        .find(|l| l.starts_with("hq submit --array 0-3 "))
        .expect("an hq submit line");
    assert!(
        hq.contains(&format!("-- bash -c '{} --jsonl ", benches[0])),
        "{hq}"
    );
    let script = std::fs::read_to_string("scripts/scale-out-test.sh").unwrap();
    assert!(
        script.contains("/docs/scale-out.md"),
        "the script reads the doc"
    );
    assert!(
        script.contains(r"^hq submit --array (\d+)-(\d+) .*?-- bash -c '([^']*)'$"),
        "the script takes the doc's hq submit line"
    );
    for section in doc
        .split("\n## ")
        .filter(|s| s.contains(" --resume --jsonl "))
    {
        let last_bench = section.rfind("cubetui bench").unwrap();
        assert!(
            section[last_bench..].contains("\ncubetui merge shard-"),
            "a job file without its merge: {section}"
        );
    }
}
