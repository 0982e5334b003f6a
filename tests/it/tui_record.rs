//! The screen's `--record` through the app on the inline driver: each run
//! the screen builds gets a run file (the first to FILE, later ones beside
//! it), knob and generator changes, pauses and single steps included, and
//! every file replays identically (`record::verify`).

use crate::tui_support;
use std::path::{Path, PathBuf};

use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::knobs::keys::KnobKey;
use cubetui::tui::reducer::update;
use cubetui_run::record::{Event, RunFile};
use cubetui_run::runner::{Inline, RunState, Speed};
use cubetui_solve::preset;
use tui_support::preset_choice;

/// A fresh directory of this test's own (removed when dropped).
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir_named(name: &str) -> Dir {
    let d = std::env::temp_dir().join(format!("cubetui-tui-record-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    Dir(d)
}

/// Every 3x3 preset, built as the screen builds them.
fn choices() -> Vec<Choice> {
    crate::shipped()
        .all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| preset_choice(&p.name, p.description))
        .collect()
}

/// The screen on `preset` with seed `seed`, recording to `path`, on a
/// random state (the first run is replaced before its first step: the file
/// goes to the new one).
fn screen(preset: &str, seed: u64, path: &Path) -> App {
    let all = choices();
    let i = all.iter().position(|c| c.preset == preset).unwrap();
    let mut app = App::new(all, i, seed, Box::new(Inline::new(Speed::PerFrame(1))));
    app.record_to(path.to_path_buf()).unwrap();
    update(&mut app, Action::Scramble);
    assert_eq!(app.recording(), Some(path));
    app
}

fn ticks(app: &mut App, n: usize) {
    for _ in 0..n {
        if app.state().finished() {
            return;
        }
        update(app, Action::Tick);
    }
}

fn read(path: &Path) -> RunFile {
    RunFile::parse(&std::fs::read(path).unwrap()).unwrap()
}

fn identical(file: &RunFile) {
    let verdict = cubetui_run::record::verify::verify(file, crate::shipped(), None).unwrap();
    assert!(verdict.differences.is_empty(), "{:?}", verdict.differences);
}

#[test]
fn a_screen_run_with_knobs_generators_pauses_and_steps_replays_identically() {
    let d = dir_named("knobs");
    let path = d.0.join("run.jsonl");
    let mut app = screen("sa-pll-conj", 11, &path);
    let seed = app.run_seed();
    // A knob changed before the first step.
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::Knob(KnobKey::More));
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::StartPause);
    ticks(&mut app, 30);
    update(&mut app, Action::CycleGenerator);
    update(&mut app, Action::Faster);
    ticks(&mut app, 30);
    // Paused, stepped by hand, a knob changed mid-run, then flat out.
    update(&mut app, Action::StartPause);
    assert_eq!(app.state(), RunState::Paused);
    for _ in 0..3 {
        update(&mut app, Action::Step);
    }
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::Knob(KnobKey::Less));
    update(&mut app, Action::Knob(KnobKey::Toggle));
    for _ in 0..7 {
        update(&mut app, Action::Faster);
    }
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2000);
    // The knobs moved: solved or out of budget, the run ended either way.
    let solved = app.state() == RunState::Solved;
    assert!(app.state().finished(), "{:?}", app.state());
    // A new scramble is a new run, in a file of its own.
    update(&mut app, Action::Scramble);
    let second = d.0.join("run.2.jsonl");
    assert_eq!(app.recording(), Some(second.as_path()));
    assert!(
        app.message()
            .is_some_and(|m| m.contains("recording to") && m.contains("run.2.jsonl")),
        "{:?}",
        app.message()
    );
    for _ in 0..7 {
        update(&mut app, Action::Slower);
    }
    update(&mut app, Action::StartPause);
    ticks(&mut app, 20);
    update(&mut app, Action::Quit);

    let file = read(&path);
    assert_eq!(file.header.preset, "sa-pll-conj");
    assert_eq!(file.header.seed, seed);
    let knobs = file
        .events
        .iter()
        .filter(|e| matches!(e, Event::Knob { .. }))
        .count();
    let generators = file
        .events
        .iter()
        .filter(|e| matches!(e, Event::Generator { .. }))
        .count();
    assert_eq!((knobs, generators), (2, 1), "{:?}", file.events);
    assert!(
        file.events
            .iter()
            .any(|e| matches!(e, Event::Knob { step: 0, .. }))
    );
    // Every point says the state the screen showed.
    let first = file.events.iter().find_map(|e| match e {
        Event::Point {
            step: 0, facelets, ..
        } => facelets.clone(),
        _ => None,
    });
    assert_eq!(first.as_deref(), Some(file.header.facelets.as_str()));
    assert!(file.events.iter().all(|e| match e {
        Event::Point { facelets, .. } => facelets.as_ref().is_some_and(|f| f.len() == 54),
        _ => true,
    }));
    let result = file.result.clone().unwrap();
    assert!(result.solved == solved && !result.interrupted, "{result:?}");
    identical(&file);

    let file = read(&second);
    let result = file.result.clone().unwrap();
    assert!(result.interrupted && result.steps == 20, "{result:?}");
    identical(&file);
}

#[test]
fn every_preset_recorded_on_the_screen_replays_identically() {
    let d = dir_named("every");
    for c in choices() {
        let path = d.0.join(format!("{}.jsonl", c.preset));
        let mut app = screen(&c.preset, 5, &path);
        for _ in 0..3 {
            update(&mut app, Action::Faster);
        }
        update(&mut app, Action::StartPause);
        ticks(&mut app, 10);
        update(&mut app, Action::Quit);
        let file = read(&path);
        assert!(file.result.is_some(), "{}", c.preset);
        let verdict = cubetui_run::record::verify::verify(&file, crate::shipped(), None).unwrap();
        assert!(
            verdict.differences.is_empty(),
            "{}: {:?}",
            c.preset,
            verdict.differences
        );
    }
}

#[test]
fn a_run_replaced_before_its_first_step_gives_its_file_to_the_next() {
    let d = dir_named("replaced");
    let path = d.0.join("run.jsonl");
    let mut app = screen("sa-pll-conj", 3, &path);
    update(&mut app, Action::Scramble);
    update(&mut app, Action::CycleSolver);
    assert_eq!(app.recording(), Some(path.as_path()));
    update(&mut app, Action::Quit);
    let file = read(&path);
    assert_ne!(file.header.preset, "sa-pll-conj");
    assert!(!d.0.join("run.2.jsonl").exists());
    identical(&file);
}

#[test]
fn a_race_on_the_screen_records_each_lane() {
    let d = dir_named("race");
    let path = d.0.join("race.jsonl");
    let mut app = screen("sa-pll-conj", 9, &path);
    app.open_race(&["sa-pll-conj".into(), "mws".into()])
        .unwrap();
    assert!(
        app.message().is_some_and(
            |m| m.contains("recording each lane to") && m.contains("race.sa-pll-conj.jsonl")
        ),
        "{:?}",
        app.message()
    );
    for _ in 0..40 {
        update(&mut app, Action::Tick);
    }
    update(&mut app, Action::Quit);
    for lane in ["sa-pll-conj", "mws"] {
        let file = read(&d.0.join(format!("race.{lane}.jsonl")));
        assert_eq!(file.header.preset, lane);
        let result = file.result.clone().unwrap();
        assert!(result.steps > 0, "{lane}: {result:?}");
        identical(&file);
    }
}

#[test]
fn a_file_that_cannot_be_created_is_refused_with_its_path() {
    let all = choices();
    let mut app = App::new(all, 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
    let bad = PathBuf::from("/nonexistent-cubetui-dir/run.jsonl");
    let e = app.record_to(bad).unwrap_err();
    assert!(e.contains("/nonexistent-cubetui-dir/run.jsonl"), "{e}");
    assert_eq!(app.recording(), None);
}

#[test]
fn a_run_replaced_mid_run_ends_interrupted_without_a_word_about_pausing() {
    let d = dir_named("midrun");
    let path = d.0.join("run.jsonl");
    let mut app = screen("sa-pll-conj", 4, &path);
    update(&mut app, Action::StartPause);
    ticks(&mut app, 15);
    assert_eq!(app.state(), RunState::Running);
    update(&mut app, Action::Scramble);
    let m = app.message().unwrap_or_default().to_string();
    assert!(!m.contains("paused"), "{m}");
    assert!(m.contains("recording to"), "{m}");
    let file = read(&path);
    let result = file.result.clone().unwrap();
    // 15 frames at the default 2 steps a frame.
    assert!(result.interrupted && result.steps == 30, "{result:?}");
    identical(&file);
}

/// `cubetui --set KEY=VALUE --record FILE`: the single run's file and the
/// first race lane's hold the parameters the solver was built with, so
/// both replay identically (they held the preset's own before).
#[test]
fn a_run_built_with_set_records_its_parameters_and_replays_identically() {
    let d = dir_named("set");
    let path = d.0.join("set.jsonl");
    let mut all = choices();
    let i = all.iter().position(|c| c.preset == "sa-pll-conj").unwrap();
    let mut table = toml::Table::try_from(crate::shipped().get("sa-pll-conj").unwrap()).unwrap();
    table["schedule"]
        .as_table_mut()
        .unwrap()
        .insert("t_max".into(), toml::Value::Float(2.0));
    let cfg = preset::from_table(table).unwrap();
    let built = cfg.clone();
    all[i].build =
        Box::new(move |start, seed| cubetui_solve::build_any_pending(&built, start, seed));
    let mut app = App::new(all, i, 5, Box::new(Inline::new(Speed::PerFrame(1))));
    app.set_command_line_overrides(i, vec![("schedule.t_max".into(), "2".into())], cfg);
    app.record_to(path.clone()).unwrap();
    update(&mut app, Action::Scramble);
    // A preset knob (`schedule.t_max`, the second row) turned before the
    // first step.
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::Knob(KnobKey::Next));
    update(&mut app, Action::Knob(KnobKey::More));
    update(&mut app, Action::Knob(KnobKey::Toggle));
    update(&mut app, Action::StartPause);
    ticks(&mut app, 60);
    // `w`: the first lane runs as the single run was built and tuned.
    update(&mut app, Action::Race);
    ticks(&mut app, 40);
    update(&mut app, Action::Quit);
    for file in [path.clone(), d.0.join("set.sa-pll-conj.jsonl")] {
        let run = read(&file);
        assert_eq!(
            run.header.params["schedule"]["t_max"],
            2.0,
            "{}",
            file.display()
        );
        assert!(
            run.events.iter().any(
                |e| matches!(e, Event::Knob { knob, step: 0, .. } if knob == "schedule.t_max")
            ),
            "{}",
            file.display()
        );
        assert!(run.result.clone().unwrap().steps > 0, "{}", file.display());
        identical(&run);
    }
}
