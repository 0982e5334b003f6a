//! Reliability, third round: each test reproduces one failure of the probe
//! (the results a long run records, files that are what they claim, …).

use crate::cli_support;
use crate::tui_support;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cli_support::{cubetui, json, run};
use cubetui::tui::app::App;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui_run::record::{Event, RunFile};
use cubetui_run::runner::{Command, Driver, Inline, RunState, Speed, Update};
use tui_support::preset_choice;

/// A fresh directory of this test's own (removed when dropped).
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir_named(name: &str) -> Dir {
    let d = std::env::temp_dir().join(format!("cubetui-rel3-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    Dir(d)
}

/// The inline driver, reporting the way the solver thread does on a long
/// run: a running solver's outcome only now and then (here: the first),
/// and, after a pause, still "running" while the paused run's outcome is
/// built (which takes `delay`), then paused with it.
struct SlowPause {
    inner: Inline,
    epoch: u64,
    until: Option<Instant>,
    seen: bool,
    delay: Duration,
}

impl Driver for SlowPause {
    fn send(&mut self, cmd: Command) {
        if matches!(cmd, Command::Pause) {
            self.until = Some(Instant::now() + self.delay);
        }
        self.inner.send(cmd);
    }
    fn poll(&mut self) -> Update {
        if self.until.is_some_and(|t| Instant::now() < t) {
            return Update::new(self.epoch, RunState::Running);
        }
        self.until = None;
        let mut u = self.inner.poll();
        if u.state == RunState::Running && u.epoch == self.epoch && self.seen {
            u.outcome = None;
        }
        self.seen |= u.outcome.is_some();
        self.epoch = u.epoch;
        u
    }
    fn frame(&mut self) {
        self.inner.frame();
    }
}

/// Quitting a recorded run whose solver takes a while to answer
/// the pause records the result at the step where the run stopped, not an
/// older outcome.
#[test]
fn the_result_recorded_on_quit_is_where_the_run_stopped() {
    let d = dir_named("quit");
    let path = d.0.join("q.jsonl");
    let all: Vec<_> = crate::shipped()
        .all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| preset_choice(&p.name, p.description))
        .collect();
    let i = all.iter().position(|c| c.preset == "sa-pll-conj").unwrap();
    let driver = SlowPause {
        inner: Inline::new(Speed::PerFrame(1)),
        epoch: 0,
        until: None,
        seen: false,
        delay: Duration::from_millis(1500),
    };
    let mut app = App::new(all, i, 5, Box::new(driver));
    app.record_to(path.clone()).unwrap();
    update(&mut app, Action::Scramble);
    update(&mut app, Action::StartPause);
    for _ in 0..300 {
        update(&mut app, Action::Tick);
    }
    assert_eq!(app.state(), RunState::Running);
    app.end_recording();
    let file = RunFile::parse(&std::fs::read(&path).unwrap()).unwrap();
    let last = file
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Point { step, .. } => Some(*step),
            _ => None,
        })
        .max()
        .unwrap();
    let result = file.result.expect("a result");
    assert!(result.interrupted);
    assert_eq!(result.steps, last, "the result is at the run's last step");
}

/// `solve` (text and JSON) names why an unsolved run stopped.
#[test]
fn solve_names_the_stop_reason() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--preset", "sa-faces", "--set", "max_steps=2000"],
            "step limit 2000",
        ),
        (
            &["--preset", "sa-faces", "--max-steps", "3000"],
            "step limit 3000",
        ),
        (
            &[
                "--preset",
                "ga",
                "--set",
                "max_generations=3",
                "--set",
                "length=5",
            ],
            "generation limit 3",
        ),
        (
            &[
                "--preset",
                "ga",
                "--set",
                "stagnation=2",
                "--set",
                "length=2",
                "--set",
                "population=4",
            ],
            "stagnation 2 generations",
        ),
    ];
    for (args, words) in cases {
        let base = [&["solve", "--random-state", "--seed", "3"], args].concat();
        let o = cubetui(&[&base[..], &["--json"]].concat());
        let v = json(&o);
        assert_eq!(v["solved"], false, "{args:?}");
        assert_eq!(v["stopped_by"], words, "{args:?}");
        let (code, out, _) = run(&base);
        assert_eq!(code, 4);
        assert!(out.contains(&format!("stopped by: {words}\n")), "{out}");
    }
    let (code, out, _) = run(&[
        "solve",
        "--random-state",
        "--seed",
        "3",
        "--preset",
        "sa-faces",
        "--set",
        "max_steps=9000000000000000000",
        "--set",
        "schedule.alpha=0.999999",
        "--time-limit",
        "0.3",
    ]);
    assert_eq!(code, 4);
    assert!(out.contains("stopped by: time limit 0.3 s\n"), "{out}");
    let (code, out, _) = run(&[
        "solve",
        "--random-state",
        "--seed",
        "3",
        "--preset",
        "sa-faces",
        "--set",
        "max_steps=9000000000000000000",
    ]);
    assert_eq!(code, 4);
    assert!(
        out.contains("stopped by: temperature frozen at 0.04"),
        "{out}"
    );
}

/// `bench` counts why its unsolved runs stopped.
#[test]
fn bench_counts_the_stop_reasons() {
    let (code, out, _) = run(&[
        "bench",
        "--preset",
        "sa-faces",
        "--set",
        "max_steps=1000",
        "--random-state",
        "--cubes",
        "3",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 4);
    assert!(out.contains("unsolved by   step limit 3\n"), "{out}");
}

/// `tests/data/run-mws.jsonl` with `edit` applied to its text, written to
/// `dir/name`.
fn edited(dir: &std::path::Path, name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let text = std::fs::read_to_string("tests/data/run-mws.jsonl").unwrap();
    let path = dir.join(name);
    std::fs::write(&path, edit(text)).unwrap();
    path
}

/// `replay --verify` and `--summary` check the header against the
/// solver it names and the result against its own solution: an edited
/// file is never "identical".
#[test]
fn replay_checks_what_the_file_claims() {
    let d = dir_named("claims");
    let p = |path: &PathBuf| path.to_str().unwrap().to_string();
    let (code, out, _) = run(&["replay", "tests/data/run-mws.jsonl", "--verify"]);
    assert_eq!(
        (code, out.as_str()),
        (
            0,
            "identical: solved, 6 HTM, 17 window moves (17 points and 3 phase changes compared)\n"
        )
    );
    type Edit = fn(String) -> String;
    let cases: [(&str, Edit, &str); 7] = [
        (
            "preset",
            |t| t.replacen("\"preset\":\"mws\"", "\"preset\":\"sa-pll-conj\"", 1),
            "runs solver sa",
        ),
        (
            "nope",
            |t| t.replacen("\"preset\":\"mws\"", "\"preset\":\"nope\"", 1),
            "is no preset",
        ),
        (
            "htm",
            |t| t.replacen("\"htm\":6", "\"htm\":1", 1),
            "htm 1, but the solution is 6 HTM",
        ),
        (
            "solution",
            |t| {
                t.replacen(
                    "\"solution\":\"D' F2 U R U' R'\"",
                    "\"solution\":\"D' F2 U R U'\"",
                    1,
                )
            },
            "does not solve",
        ),
        (
            "facelets",
            |t| {
                t.replacen(
                    "\"kind\":\"point\",\"step\":0,",
                    "\"kind\":\"point\",\"step\":0,\"facelets\":\"XYZ\",",
                    1,
                )
            },
            "point at step 0: facelets",
        ),
        (
            // A value the plots cannot draw (the replay screen hung
            // inside the chart's line drawing) is refused before drawing.
            "huge",
            |t| t.replacen("\"values\":[0.6363636363636364,", "\"values\":[1e308,", 1),
            "point at step 0: value 1e308",
        ),
        (
            "late-knob",
            |t| {
                t.replacen(
                "{\"kind\":\"result\"",
                "{\"kind\":\"knob\",\"knob\":\"phase1.trials\",\"from\":null,\"to\":5.0,\"step\":99}\n{\"kind\":\"result\"",
                1,
            )
            },
            "after the run's end",
        ),
    ];
    for (name, edit, says) in cases {
        let f = edited(&d.0, &format!("{name}.jsonl"), edit);
        let (code, out, err) = run(&["replay", &p(&f), "--verify"]);
        assert!(
            (code == 4 && out.contains(says)) || (code == 3 && err.contains(says)),
            "{name}: {code} {out} {err}"
        );
        assert!(!out.contains("identical"), "{name}: {out}");
        let (code, out, err) = run(&["replay", &p(&f), "--summary"]);
        assert_eq!(code, 3, "{name}: {out}");
        assert!(err.contains(says), "{name}: {err}");
    }
    let f = edited(&d.0, "format0.jsonl", |t| {
        t.replacen("\"format\":1", "\"format\":0", 1)
    });
    let (code, _, err) = run(&["replay", &p(&f), "--verify"]);
    assert_eq!(code, 3);
    assert!(err.contains("format 0"), "{err}");
}

/// `merge` replays each line's solution on its cube: a "solved"
/// line whose solution does not solve, a length that is not the
/// solution's, a start that is not the cube's are refused, naming the line.
#[test]
fn merge_replays_each_solution_on_its_cube() {
    let d = dir_named("merge");
    let good = d.0.join("b.jsonl");
    let (code, _, err) = run(&[
        "bench",
        "--preset",
        "sa-pll-conj",
        "--random-state",
        "--cubes",
        "2",
        "--jobs",
        "1",
        "--jsonl",
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&["merge", good.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solved        2/2"), "{out}");
    let text = std::fs::read_to_string(&good).unwrap();
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let edit = |name: &str, f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = first.clone();
        f(&mut v);
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines[0] = v.to_string();
        let path = d.0.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        run(&["merge", path.to_str().unwrap()])
    };
    type Edit<'a> = &'a dyn Fn(&mut serde_json::Value);
    let cases: [(&str, Edit, &str); 5] = [
        ("qqq", &|v| v["solution"] = "Q Q Q".into(), "solution"),
        (
            "ru",
            &|v| {
                v["solution"] = "R U".into();
                v["moves_htm"] = 2.into();
            },
            "does not solve its cube",
        ),
        (
            "htm",
            &|v| v["moves_htm"] = 1.into(),
            "moves_htm 1, but the solution is",
        ),
        (
            "solved-start",
            &|v| v["facelets"] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".into(),
            "facelets are not cube 0's start",
        ),
        (
            "solver",
            &|v| v["solver"] = "mws".into(),
            "solver sa preset",
        ),
    ];
    for (name, f, says) in cases {
        let (code, out, err) = edit(name, f);
        assert_eq!(code, 3, "{name}: {out} {err}");
        assert!(err.contains(says), "{name}: {err}");
    }
}

/// Ctrl-C during `replay --verify` says "interrupted" and exits
/// 130, not "DIFFERENT" and 4.
#[test]
fn ctrl_c_during_verify_is_interrupted() {
    let d = dir_named("verify-int");
    let f = d.0.join("long.jsonl");
    let (code, _, err) = run(&[
        "solve",
        "--random-state",
        "--seed",
        "4",
        "--preset",
        "sa-faces",
        "--set",
        "max_steps=9000000000000000000",
        "--set",
        "schedule.alpha=0.999999",
        "--time-limit",
        "0.05",
        "--record",
        f.to_str().unwrap(),
    ]);
    assert_eq!(code, 4, "{err}");
    // A run that stopped at its time limit replays to its recorded step:
    // make that step far off, so the replay is still running at Ctrl-C.
    let text = std::fs::read_to_string(&f).unwrap();
    let (head, last) = text.trim_end().rsplit_once('\n').unwrap();
    let mut result: serde_json::Value = serde_json::from_str(last).unwrap();
    result["steps"] = 4_000_000_000u64.into();
    std::fs::write(&f, format!("{head}\n{result}\n")).unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(["replay", f.to_str().unwrap(), "--verify"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let killed = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(130), "{out}");
    assert!(out.starts_with("interrupted after "), "{out}");
    assert!(!out.contains("DIFFERENT"), "{out}");
}

/// Runs the binary with `args` and `CUBETUI_CONFIG_DIR=config`, killed
/// after 20 s (an endless read would never end): (exit code, stdout, stderr).
fn run_bounded(args: &[&str], config: &std::path::Path) -> (Option<i32>, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .env("CUBETUI_CONFIG_DIR", config)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Every input file is checked for its kind and size before it is
/// read: `/dev/zero` (endless) in each place a file is read, and a file
/// over the limit, are refused naming the file, never read.
#[test]
fn every_input_file_has_a_kind_check_and_a_size_limit() {
    let d = dir_named("files");
    let empty = d.0.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let device = "it is a character device, not a regular file";
    for args in [
        &["replay", "/dev/zero"][..],
        &["replay", "/dev/zero", "--verify"],
        &["replay", "/dev/zero", "--summary"],
        &["--theme", "/dev/zero"],
        &["bench", "--states", "/dev/zero", "--preset", "mws"],
        &["merge", "/dev/zero"],
    ] {
        let (code, _, err) = run_bounded(args, &empty);
        // A bad file is exit 3 in every reader (the README's table).
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert!(
            err.contains(&format!("/dev/zero: {device}"))
                || err.contains(&format!("/dev/zero: theme file: {device}")),
            "{args:?}: {err}"
        );
    }
    #[cfg(unix)]
    {
        // config.toml itself a link to /dev/zero.
        let linked = d.0.join("linked");
        std::fs::create_dir_all(&linked).unwrap();
        std::os::unix::fs::symlink("/dev/zero", linked.join("config.toml")).unwrap();
        let (code, _, err) = run_bounded(&["--seed", "1"], &linked);
        assert_eq!(code, Some(3), "{err}");
        assert!(err.contains(&format!("config.toml: {device}")), "{err}");
        // A user preset that is such a link: skipped with a warning, every
        // other command goes on.
        let presets = d.0.join("presets-dir");
        std::fs::create_dir_all(presets.join("presets")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", presets.join("presets/zero.toml")).unwrap();
        let (code, out, err) = run_bounded(&["presets"], &presets);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("sa-pll-conj"), "{out}");
        assert!(
            err.contains(&format!("zero.toml: {device}; preset skipped")),
            "{err}"
        );
    }
    // theme = "/dev/zero" in config.toml.
    let themed = d.0.join("themed");
    std::fs::create_dir_all(&themed).unwrap();
    std::fs::write(themed.join("config.toml"), "theme = \"/dev/zero\"\n").unwrap();
    let (code, _, err) = run_bounded(&["--seed", "1"], &themed);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains(device), "{err}");
    // Too large: a theme file of 1 MiB.
    let big = d.0.join("big.toml");
    std::fs::write(&big, vec![b'#'; 1 << 20]).unwrap();
    let (code, _, err) = run_bounded(&["--theme", big.to_str().unwrap()], &empty);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("larger than 65536 bytes, the limit for a theme file"),
        "{err}"
    );
}

/// The GA at its allowed limits stops on its time limit (one generation
/// was quadratic in the population: 2.8 to 4 s for 0.5 s). How soon after
/// the limit is a timing, not asserted here: it failed under load.
#[test]
fn the_ga_at_its_limits_stops_on_its_time_limit() {
    let o = cubetui(&[
        "solve",
        "--preset",
        "ga",
        "--set",
        "population=100000",
        "--set",
        "length=2",
        "--time-limit",
        "0.5",
        "--random-state",
        "--seed",
        "1",
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["stopped_by"], "time limit 0.5 s");
    assert_eq!(v["solved"], false);
}

/// A paste into an open knob field goes to that field, not to the
/// algorithm prompt (which would turn the cube and reset the run).
#[test]
fn a_paste_goes_to_the_open_knob_field() {
    use cubetui::tui::knobs::keys::KnobKey;
    let all: Vec<_> = crate::shipped()
        .all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| preset_choice(&p.name, p.description))
        .collect();
    let i = all.iter().position(|c| c.preset == "sa-pll-conj").unwrap();
    let mut app = App::new(all, i, 5, Box::new(Inline::new(Speed::PerFrame(1))));
    update(&mut app, Action::Tick);
    let start = app.start();
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::Knob(KnobKey::Edit));
    update(&mut app, Action::Paste("0.5".into()));
    assert_eq!(app.prompt(), None, "the prompt stays closed");
    assert_eq!(
        app.knobs().and_then(|k| k.typing.as_deref()),
        Some("0.5"),
        "the paste is in the field"
    );
    update(&mut app, Action::Knob(KnobKey::Erase));
    update(&mut app, Action::Knob(KnobKey::Erase));
    update(&mut app, Action::Knob(KnobKey::Erase));
    update(&mut app, Action::Paste("R U".into()));
    update(&mut app, Action::Knob(KnobKey::Submit));
    assert_eq!(app.prompt(), None);
    assert_eq!(app.start(), start, "the cube did not turn");
}

/// `cubetui presets` shows a user preset's control characters
/// escaped, never raw (an escape sequence would clear the screen, set the
/// window title).
#[test]
fn presets_escape_control_characters_of_user_presets() {
    let d = dir_named("presets-esc");
    std::fs::create_dir_all(d.0.join("presets")).unwrap();
    std::fs::write(
        d.0.join("presets/evil.toml"),
        "solver = \"sa\"\n[preset]\ndescription = \"x\\u001b[2J\\u001b]0;PWNED\\u0007 y\"\n",
    )
    .unwrap();
    std::fs::write(d.0.join("presets/esc\u{1b}name.toml"), "solver = \"sa\"\n").unwrap();
    let (code, out, err) = run_bounded(&["presets"], &d.0);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("evil"), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("x\\u{1b}[2J\\u{1b}]0;PWNED\\u{7} y"), "{out}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
}

/// Items 9 and 10: the knobs panel reads a number as `--set` does (one
/// parser): integers stay integers, `1e3` and 2^63 are refused for a
/// whole-number knob, a value the knob cannot carry exactly is refused,
/// and `→` at the top says "stays at".
#[test]
fn knobs_and_set_read_numbers_alike() {
    use cubetui::tui::knobs::{Row, parse, stepped};
    use cubetui_solve::SolverConfig;
    let spec = SolverConfig::declared("sa")
        .unwrap()
        .iter()
        .find(|s| s.key == "restart_after")
        .unwrap();
    let row = |value: f64| Row {
        key: "restart_after".into(),
        value,
        initial: None,
        spec: Some(spec),
    };
    assert_eq!(parse(&row(0.0), "1_000"), Ok(1000.0));
    let e = parse(&row(0.0), "1e3").unwrap_err();
    assert!(e.contains("expected a whole number, got 1e3"), "{e}");
    let e = parse(&row(0.0), "9223372036854775808").unwrap_err();
    assert!(e.contains("out of range"), "{e}");
    let e = parse(&row(0.0), "9007199254740993").unwrap_err();
    assert!(e.contains("--set restart_after=9007199254740993"), "{e}");
    assert_eq!(parse(&row(0.0), "9007199254740992"), Ok(9007199254740992.0));
    // `--set` says the same of `1e3`.
    let (code, _, err) = run(&[
        "solve",
        "--random-state",
        "--preset",
        "sa-faces",
        "--set",
        "restart_after=1e3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("expected a whole number, got 1e3"), "{err}");
    // → at the top stays there; from 2^63 (set from the command line) too.
    let top = stepped(9e18, Some(spec), true);
    assert!(
        top <= 9223372036854775807.0 && top as i128 <= i64::MAX as i128,
        "{top}"
    );
    assert_eq!(stepped(top, Some(spec), true), top);
    assert_eq!(
        stepped(9223372036854775808.0, Some(spec), true),
        9223372036854775808.0
    );
}

/// `y` prints integer knobs as integers, exactly, and says beside
/// the command what the command line cannot carry (a knob of the run only
/// set before the first step).
#[test]
fn y_prints_integers_whole_and_says_what_it_cannot_carry() {
    use cubetui::tui::knobs::keys::KnobKey;
    let all: Vec<_> = crate::shipped()
        .all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| preset_choice(&p.name, p.description))
        .collect();
    let i = all.iter().position(|c| c.preset == "sa-faces").unwrap();
    let mut app = App::new(all, i, 5, Box::new(Inline::new(Speed::PerFrame(1))));
    update(&mut app, Action::Tick);
    update(&mut app, Action::Knob(KnobKey::Toggle));
    let set = |app: &mut App, key: &str, text: &str| {
        let rows = cubetui::tui::knobs::rows(app);
        let at = rows.iter().position(|r| r.key == key).unwrap_or_else(|| {
            panic!(
                "no row {key}: {:?}",
                rows.iter().map(|r| &r.key).collect::<Vec<_>>()
            )
        });
        for _ in 0..rows.len() {
            update(app, Action::Knob(KnobKey::Prev));
        }
        for _ in 0..at {
            update(app, Action::Knob(KnobKey::Next));
        }
        update(app, Action::Knob(KnobKey::Edit));
        for c in text.chars() {
            update(app, Action::Knob(KnobKey::Char(c)));
        }
        update(app, Action::Knob(KnobKey::Submit));
    };
    set(&mut app, "restart_after", "9007199254740992");
    set(&mut app, "temperature", "0.5");
    update(&mut app, Action::CopyCommand);
    let cmd = app.message().unwrap().to_string();
    assert!(
        cmd.contains(" --set restart_after=9007199254740992"),
        "{cmd}"
    );
    assert!(cmd.contains("# not on the command line"), "{cmd}");
    assert!(cmd.contains("temperature=0.5"), "{cmd}");
    // The command, pasted, runs (the comment is the shell's).
    let line = cmd.split("  #").next().unwrap();
    let args: Vec<String> = line
        .split_whitespace()
        .skip(1)
        .map(|a| a.trim_matches('"').to_string())
        .collect();
    let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
    args.extend(["--max-steps", "10"]);
    let (code, _, err) = run(&args);
    assert!(code == 0 || code == 4, "{err}");
}

/// Errors name their file and reason on one line, with the
/// documented exit code.
#[test]
fn errors_name_the_file_the_reason_and_the_documented_code() {
    let d = dir_named("errors");
    // theme = "nope" in config.toml: the file, the line, exit 3.
    let conf = d.0.join("conf");
    std::fs::create_dir_all(&conf).unwrap();
    std::fs::write(conf.join("config.toml"), "fps = 30\ntheme = \"nope\"\n").unwrap();
    let (code, _, err) = run_bounded(&["--seed", "1"], &conf);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("config.toml:2: theme = \"nope\": unknown theme"),
        "{err}"
    );
    // A theme file's TOML error: one line with its line number, no `\u{a}`.
    let empty = d.0.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let bad = d.0.join("bad.toml");
    std::fs::write(&bad, "name = \"x\"\n[faces\nU = 1\n").unwrap();
    let (code, _, err) = run_bounded(&["--theme", bad.to_str().unwrap()], &empty);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        !err.contains("\\u{a}") && err.trim_end().lines().count() == 1,
        "{err}"
    );
    assert!(err.contains("line 2"), "{err}");
    // Unknown keys in a theme are refused, as config.toml refuses them.
    let classic = std::fs::read_to_string("assets/themes/classic.toml").unwrap();
    let extra = d.0.join("extra.toml");
    std::fs::write(&extra, format!("colour_of_the_year = \"red\"\n{classic}")).unwrap();
    let (code, _, err) = run_bounded(&["--theme", extra.to_str().unwrap()], &empty);
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("colour_of_the_year"), "{err}");
    // The turn-amount hint names what is taken (`R3` is).
    let (code, _, err) = run(&["solve", "--scramble", "R4"]);
    assert_eq!(code, 3);
    assert!(err.contains("use nothing, 1, 2 or 3"), "{err}");
    // A run file of NUL bytes is called binary; one with a byte-order mark reads.
    let nul = d.0.join("nul.jsonl");
    std::fs::write(&nul, [0u8; 64]).unwrap();
    let (code, _, err) = run(&["replay", nul.to_str().unwrap(), "--summary"]);
    assert_eq!(code, 3);
    assert!(err.contains("NUL bytes"), "{err}");
    let bom = d.0.join("bom.jsonl");
    let mws = std::fs::read("tests/data/run-mws.jsonl").unwrap();
    std::fs::write(&bom, [&b"\xef\xbb\xbf"[..], &mws].concat()).unwrap();
    let (code, out, err) = run(&["replay", bom.to_str().unwrap(), "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    // sweep refuses a key given twice (it ran only one of them).
    let (code, _, err) = run(&[
        "sweep",
        "--preset",
        "sa-faces",
        "--set",
        "max_steps=10,20",
        "--set",
        "max_steps=30,40",
        "--random-state",
        "--cubes",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("max_steps is given twice"), "{err}");
    // --help and --version to a full disk: exit 5, as every other output.
    #[cfg(target_os = "linux")]
    for arg in ["--help", "--version"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
            .arg(arg)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(
            o.status.code(),
            Some(5),
            "{arg}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}
