//! `cubetui replay FILE` on the screen, without a terminal: the replay's
//! cursor (scrubbing bounds, play and pause, the end), the keys that would
//! drive a solver refused out loud, and the screen from the run files of
//! `tests/data` (with states, and an older one without) on TestBackend.

use cubetui::tui::app::App;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::replay::Replay;
use cubetui::tui::replay::glue::NO_SOLVER;
use cubetui::tui::ui;
use cubetui_run::record::RunFile;
use cubetui_run::runner::{Inline, Speed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Reads a run file of `tests/data`.
fn file(name: &str) -> RunFile {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    RunFile::parse(&std::fs::read(path).unwrap()).unwrap()
}

/// The replay of `name` at 30 fps, described by its solver as the binary
/// does it.
fn replay(name: &str) -> Replay {
    let f = file(name);
    let solver = f
        .header
        .config()
        .unwrap()
        .build(*f.header.start().unwrap().three().unwrap(), f.header.seed)
        .unwrap();
    Replay::new(name, f, Some(solver.profile()), 30).unwrap()
}

/// The screen on the replay of `name`: no presets, an idle driver.
fn app(name: &str) -> App {
    let mut app = App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
    app.open_replay(replay(name));
    app
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

fn cursor(app: &App) -> usize {
    app.replay().unwrap().cursor()
}

#[test]
fn the_cursor_moves_one_a_tenth_or_to_the_ends_and_never_past_them() {
    let mut a = app("run-states.jsonl");
    let n = a.replay().unwrap().len();
    assert!(n > 20, "{n} points");
    assert_eq!(cursor(&a), 0);
    update(&mut a, Action::PlayBack);
    assert_eq!(cursor(&a), 0, "not before the first point");
    update(&mut a, Action::PlayForward);
    assert_eq!(cursor(&a), 1);
    update(&mut a, Action::Step);
    assert_eq!(cursor(&a), 2, "n: the next point");
    // PgDn: a tenth of the run's steps (the plots' width), not of its
    // points, which are dense at the start.
    let steps = |a: &App| a.replay().unwrap().step();
    update(&mut a, Action::PlayEnd);
    let tenth = steps(&a) / 10;
    update(&mut a, Action::PlayStart);
    update(&mut a, Action::Step);
    update(&mut a, Action::Step);
    let from = steps(&a);
    update(&mut a, Action::PlayJump(true));
    let (at, c) = (steps(&a), cursor(&a));
    assert!(at >= from + tenth, "{at} from {from}");
    update(&mut a, Action::PlayBack);
    assert!(steps(&a) < from + tenth, "the first point that far");
    update(&mut a, Action::PlayForward);
    update(&mut a, Action::PlayJump(false));
    assert!(steps(&a) <= at - tenth && cursor(&a) < c, "a tenth back");
    update(&mut a, Action::PlayJump(false));
    update(&mut a, Action::PlayJump(false));
    assert_eq!(cursor(&a), 0, "a tenth back stops at the first point");
    update(&mut a, Action::PlayEnd);
    assert_eq!(cursor(&a), n - 1);
    update(&mut a, Action::PlayForward);
    update(&mut a, Action::PlayJump(true));
    assert_eq!(cursor(&a), n - 1, "not past the last point");
    update(&mut a, Action::PlayStart);
    assert_eq!(cursor(&a), 0);
}

#[test]
fn space_plays_to_the_end_in_about_ten_seconds_and_pauses() {
    let mut a = app("run-states.jsonl");
    let n = a.replay().unwrap().len();
    update(&mut a, Action::StartPause);
    assert!(a.replay().unwrap().playing());
    // 30 frames a second: a second of ticks plays about a tenth of the run.
    for _ in 0..30 {
        update(&mut a, Action::Tick);
    }
    let after_1s = cursor(&a);
    assert!(
        (n / 10 - 1..=n / 10 + 1).contains(&after_1s),
        "{after_1s} of {n}"
    );
    update(&mut a, Action::StartPause);
    assert!(!a.replay().unwrap().playing());
    for _ in 0..30 {
        update(&mut a, Action::Tick);
    }
    assert_eq!(cursor(&a), after_1s, "paused: ticks move nothing");
    // Twice as fast, then to the end: playback stops on the last point.
    update(&mut a, Action::Faster);
    assert!(a.message().unwrap().contains("×2"), "{:?}", a.message());
    update(&mut a, Action::StartPause);
    for _ in 0..300 {
        update(&mut a, Action::Tick);
    }
    assert_eq!(cursor(&a), n - 1);
    assert!(!a.replay().unwrap().playing(), "stopped at the end");
    // Space at the end plays again from the first point.
    update(&mut a, Action::StartPause);
    assert!(a.replay().unwrap().playing());
    assert_eq!(cursor(&a), 0);
    // A key that moves the cursor pauses.
    update(&mut a, Action::PlayForward);
    assert!(!a.replay().unwrap().playing());
}

#[test]
fn keys_that_would_drive_a_solver_say_there_is_none() {
    let mut a = app("run-states.jsonl");
    let start = a.start();
    let shown = a.shown_cube();
    for action in [
        Action::Scramble,
        Action::Turn("R".parse().unwrap()),
        Action::CycleGenerator,
        Action::CycleSolver,
        Action::PrevSolver,
        Action::Reset,
        Action::Race,
        Action::OpenPrompt,
        Action::Paste("R U".into()),
        Action::Knob(cubetui::tui::knobs::keys::KnobKey::Toggle),
        Action::CopyCommand,
    ] {
        update(&mut a, action.clone());
        assert_eq!(a.message(), Some(NO_SOLVER), "{action:?}");
    }
    assert_eq!(a.start(), start);
    assert_eq!(a.shown_cube(), shown);
    assert!(a.race().is_none() && a.knobs().is_none() && a.prompt().is_none());
    assert!(a.profile().is_some(), "the recorded run is still shown");
    // The view keys act as usual.
    update(&mut a, Action::ToggleUpright);
    assert!(!a.upright());
    update(&mut a, Action::Quit);
    assert!(a.quit() && a.failure().is_none());
}

#[test]
fn the_net_shows_the_recorded_state_at_the_cursor() {
    let mut a = app("run-states.jsonl");
    update(&mut a, Action::ToggleUpright);
    let r = a.replay().unwrap();
    assert_eq!(a.shown_cube(), r.start(), "the first point is the start");
    update(&mut a, Action::PlayEnd);
    assert!(a.shown_cube().is_solved(), "the last point is solved");
    let text = render(&a, 100, 30);
    assert!(text.contains("solved, length 5 HTM"), "{text}");
}

#[test]
fn an_older_file_without_states_opens_on_the_start() {
    let mut a = app("run-mws.jsonl");
    let r = a.replay().unwrap();
    assert!(!r.has_states());
    let start = r.start();
    update(&mut a, Action::PlayEnd);
    assert_eq!(a.shown_cube(), start.upright());
    let text = render(&a, 100, 30);
    assert!(text.contains("no states recorded"), "{text}");
    assert!(text.contains("point       18/18 · paused"), "{text}");
    assert!(text.contains("window move"), "{text}");
}

#[test]
fn a_file_cut_after_its_header_opens_with_no_points() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/run-mws.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let header = format!("{}\n", text.lines().next().unwrap());
    let f = RunFile::parse(header.as_bytes()).unwrap();
    let mut a = App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
    a.open_replay(Replay::new("head.jsonl", f, None, 30).unwrap());
    for action in [
        Action::PlayForward,
        Action::PlayEnd,
        Action::PlayJump(true),
        Action::StartPause,
        Action::Tick,
        Action::PlayBack,
    ] {
        update(&mut a, action);
        render(&a, 80, 24);
    }
    assert_eq!(cursor(&a), 0);
    assert!(render(&a, 80, 24).contains("0/0 · paused"));
}

#[test]
fn replay_screen_80x24() {
    let mut a = app("run-states.jsonl");
    update(&mut a, Action::ToggleLetters);
    for _ in 0..12 {
        update(&mut a, Action::PlayForward);
    }
    insta::assert_snapshot!(render(&a, 80, 24));
}

#[test]
fn replay_screen_160x48() {
    let mut a = app("run-states.jsonl");
    update(&mut a, Action::ToggleLetters);
    for _ in 0..25 {
        update(&mut a, Action::PlayForward);
    }
    insta::assert_snapshot!(render(&a, 160, 48));
}

#[test]
fn replay_screen_of_an_older_file_160x48() {
    let mut a = app("run-mws.jsonl");
    update(&mut a, Action::ToggleLetters);
    update(&mut a, Action::PlayJump(true));
    update(&mut a, Action::PlayJump(true));
    insta::assert_snapshot!(render(&a, 160, 48));
}

#[test]
fn the_keys_of_the_table_reach_the_cursor() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use cubetui::tui::keys::action_for;
    let key = |code, m| action_for(&KeyEvent::new(code, m));
    let none = KeyModifiers::NONE;
    assert_eq!(key(KeyCode::Left, none), Some(Action::PlayBack));
    assert_eq!(key(KeyCode::Right, none), Some(Action::PlayForward));
    assert_eq!(key(KeyCode::Home, none), Some(Action::PlayStart));
    assert_eq!(key(KeyCode::End, none), Some(Action::PlayEnd));
    let shift = KeyModifiers::SHIFT;
    assert_eq!(key(KeyCode::Left, shift), Some(Action::PlayJump(false)));
    assert_eq!(key(KeyCode::Right, shift), Some(Action::PlayJump(true)));
    assert_eq!(key(KeyCode::PageUp, none), Some(Action::PlayJump(false)));
    assert_eq!(key(KeyCode::PageDown, none), Some(Action::PlayJump(true)));
    assert_eq!(key(KeyCode::Char(' '), none), Some(Action::StartPause));
}

#[test]
fn every_replay_hint_names_a_row_of_the_key_table() {
    use cubetui::tui::keys::BINDINGS;
    for (row, _, _) in ui::REPLAY_HINTS {
        assert!(BINDINGS.iter().any(|b| b.keys == *row), "{row}");
    }
}

#[test]
fn a_recorded_state_that_is_not_a_cube_is_refused() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/run-states.jsonl",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let start = file("run-states.jsonl").header.facelets;
    // The first point's state (the start) with two stickers swapped.
    let mut bad: Vec<char> = start.chars().collect();
    bad.swap(0, 9);
    let bad: String = bad.into_iter().collect();
    let edited = text.replacen(
        &format!("\"facelets\":\"{start}\"}}"),
        &format!("\"facelets\":\"{bad}\"}}"),
        1,
    );
    assert_ne!(edited, text, "a point's facelets were edited");
    let f = RunFile::parse(edited.as_bytes()).unwrap();
    let e = Replay::new("bad.jsonl", f, None, 30).unwrap_err();
    assert!(e.to_string().contains("step 0"), "{e}");
}

/// Records `preset` on a scrambled cube for at most `steps` steps, with
/// the library's recorder (the states in every point).
fn recorded(preset: &str, steps: u64) -> RunFile {
    use cubetui_run::budget::Budget;
    use cubetui_run::record::{Header, Writer, play};
    let start = cubetui_cube::Cube::solved().after(&"R U F' D2 L B' U2".parse().unwrap());
    let config = crate::shipped().get(preset).unwrap();
    let mut solver = config.build(start, 3).unwrap();
    let header = Header::new(
        preset,
        &config,
        3,
        &start.into(),
        Some(steps),
        None,
        &solver.profile(),
    )
    .unwrap();
    let mut bytes = Vec::new();
    let mut w = Writer::new(&mut bytes, &header).unwrap();
    let limits = Budget {
        max_steps: Some(steps),
        deadline: None,
    };
    play::run(solver.as_mut(), limits, None, &[], &mut |e| w.event(e)).unwrap();
    RunFile::parse(&bytes).unwrap()
}

#[test]
fn every_3x3_preset_replays_at_any_cursor_and_size() {
    for name in crate::shipped().list() {
        let info = crate::shipped().info(name).unwrap();
        // The reference needs its tables to run; its replay is the same code.
        if !info.fits(3) || name == "reference" {
            continue;
        }
        let f = recorded(name, 300);
        let profile = {
            let h = &f.header;
            let s = h
                .config()
                .unwrap()
                .build(*h.start().unwrap().three().unwrap(), h.seed)
                .unwrap();
            s.profile()
        };
        let mut a = App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
        a.open_replay(Replay::new(name, f, Some(profile), 30).unwrap());
        assert!(a.replay().unwrap().has_states(), "{name}");
        for action in [
            Action::PlayJump(true),
            Action::TogglePopulation,
            Action::PlayEnd,
            Action::ToggleLogScale,
            Action::PlayBack,
            Action::ZoomIn,
        ] {
            update(&mut a, action);
            for (w, h) in [(80, 24), (120, 40), (160, 48)] {
                let text = render(&a, w, h);
                assert!(text.contains(name), "{name} at {w}x{h}:\n{text}");
            }
        }
    }
}

#[test]
fn a_temperature_set_during_the_run_is_not_listed_twice_and_the_energy_shows() {
    // An annealer's run, with the run-only `temperature` knob set at step 1.
    let dir = crate::cli_support::temp_dir("tui_replay", "knob");
    let path = dir.join("sa.jsonl");
    let o = crate::cli_support::cubetui(&[
        "solve",
        "--preset",
        "sa-pll-conj",
        "--scramble",
        "R U F'",
        "--max-steps",
        "50",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!([0, 4].contains(&o.status.code().unwrap()), "{o:?}");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let knob = r#"{"kind":"knob","knob":"temperature","from":0.37,"to":0.2,"step":1}"#;
    lines.insert(3, knob);
    let f = RunFile::parse(format!("{}\n", lines.join("\n")).as_bytes()).unwrap();
    let solver = f
        .header
        .config()
        .unwrap()
        .build(*f.header.start().unwrap().three().unwrap(), f.header.seed)
        .unwrap();
    let mut a = App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
    a.open_replay(Replay::new("sa.jsonl", f, Some(solver.profile()), 30).unwrap());
    update(&mut a, Action::PlayEnd);
    for (w, h) in [(80, 24), (120, 36)] {
        let text = render(&a, w, h);
        // Status rows start at the panel's left border.
        assert_eq!(text.matches("│temperature ").count(), 1, "{text}");
        assert_eq!(text.matches("│energy ").count(), 1, "{text}");
        assert!(text.contains(" misplaced "), "{text}");
    }
}
