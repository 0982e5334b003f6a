//! App state driven by actions, on the inline driver (deterministic).

use crate::tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use cubetui::tui::app::{Net, SPEEDS};
use cubetui::tui::keys::{Action, BINDINGS, action_for, prompt_action_for};
use cubetui::tui::reducer::update;
use cubetui_cube::{Alg, Cube, Face, Move};
use cubetui_run::runner::{RunState, Speed};
use tui_support::toy_app;

const SCRAMBLE: &str = "R U F' L2 D B";

fn ticks(app: &mut cubetui::tui::app::App, n: usize) {
    for _ in 0..n {
        update(app, Action::Tick);
    }
}

#[test]
fn scramble_by_alg_sets_start_and_log() {
    let app = toy_app(SCRAMBLE);
    let alg: Alg = SCRAMBLE.parse().unwrap();
    assert_eq!(app.start().three(), Some(&Cube::solved().after(&alg)));
    assert_eq!(app.scramble().unwrap().to_string(), alg.to_string());
    assert_eq!(app.state(), RunState::Idle);
    assert_eq!(app.snapshot().unwrap().iteration, 0);
}

#[test]
fn bad_algorithm_changes_nothing_but_the_message() {
    let mut app = toy_app(SCRAMBLE);
    let before = app.start();
    for c in "R U Q2".chars() {
        update(&mut app, Action::PromptChar(c));
    }
    assert!(app.prompt().is_none(), "prompt not open: chars ignored");
    update(&mut app, Action::OpenPrompt);
    for c in "R U Q2".chars() {
        update(&mut app, Action::PromptChar(c));
    }
    assert_eq!(app.prompt(), Some("R U Q2"));
    update(&mut app, Action::PromptSubmit);
    assert_eq!(app.start(), before);
    assert!(app.message().unwrap().starts_with("bad algorithm"));
}

#[test]
fn start_runs_to_solved_then_playback() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::StartPause);
    assert_eq!(app.state(), RunState::Running);
    ticks(&mut app, 3);
    assert_eq!(app.snapshot().unwrap().iteration, 3);
    assert_eq!(app.track().energy().len(), 4);
    ticks(&mut app, 10);
    assert_eq!(app.state(), RunState::Solved);
    let p = app.playback().expect("playback when solved");
    assert_eq!(p.pos, p.moves.len(), "playback starts at the solved end");
    assert!(app.shown_cube().is_solved(), "the net shows the solved end");
    update(&mut app, Action::PlayStart);
    assert_eq!(app.shown_cube(), app.start());
    update(&mut app, Action::PlayEnd);
    assert!(app.shown_cube().is_solved());
    update(&mut app, Action::PlayBack);
    let one_back = app.shown_cube();
    assert!(!one_back.is_solved());
    update(&mut app, Action::PlayForward);
    assert!(app.shown_cube().is_solved());
    update(&mut app, Action::PlayForward);
    assert!(app.shown_cube().is_solved(), "forward stops at the end");
    update(&mut app, Action::PlayStart);
    assert_eq!(app.shown_cube(), app.start());
}

#[test]
fn pause_and_single_step() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::Step);
    assert_eq!(app.state(), RunState::Paused);
    assert_eq!(app.snapshot().unwrap().iteration, 1);
    ticks(&mut app, 5);
    assert_eq!(app.snapshot().unwrap().iteration, 1, "paused");
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    update(&mut app, Action::StartPause);
    assert_eq!(app.state(), RunState::Paused);
    assert_eq!(app.snapshot().unwrap().iteration, 3);
}

#[test]
fn generator_cycles_live_and_is_marked() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    update(&mut app, Action::CycleGenerator);
    assert_eq!(app.snapshot().unwrap().generator.as_deref(), Some("pll"));
    assert_eq!(app.track().marks().len(), 1);
    assert_eq!(app.track().marks()[0].iteration, 2);
    assert_eq!(app.track().energy().len(), 3, "history kept");
    update(&mut app, Action::CycleGenerator);
    assert_eq!(app.snapshot().unwrap().generator.as_deref(), Some("faces"));
    assert_eq!(app.state(), RunState::Running);
}

#[test]
fn solver_cycle_and_turns_reset_the_run() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    update(&mut app, Action::CycleSolver);
    assert_eq!(app.current_choice().unwrap().preset, "toy-b");
    assert_eq!(app.state(), RunState::Idle);
    assert_eq!(app.track().energy().len(), 1);
    let before = app.start();
    update(&mut app, Action::Turn(Move::face(Face::R, 1)));
    assert_eq!(
        app.start().three(),
        Some(&before.three().unwrap().after(&"R".parse().unwrap()))
    );
    assert!(app.scramble().unwrap().to_string().ends_with("B R"));
    update(&mut app, Action::Reset);
    assert!(app.start().is_solved());
    update(&mut app, Action::Scramble);
    assert!(!app.start().is_solved());
    assert!(app.scramble().is_none(), "random state has no move log");
}

#[test]
fn speed_ladder_and_toggles() {
    let mut app = toy_app(SCRAMBLE);
    for _ in 0..10 {
        update(&mut app, Action::Faster);
    }
    assert_eq!(app.speed(), Speed::Unthrottled);
    for _ in 0..10 {
        update(&mut app, Action::Slower);
    }
    assert_eq!(app.speed(), SPEEDS[0]);
    update(&mut app, Action::ToggleLayout);
    assert_eq!(app.net(), Net::Cross);
    update(&mut app, Action::ToggleHelp);
    assert!(app.help());
    update(&mut app, Action::CloseHelp);
    assert!(!app.help());
    update(&mut app, Action::Quit);
    assert!(app.quit());
}

fn key(c: KeyCode, m: KeyModifiers) -> KeyEvent {
    KeyEvent::new(c, m)
}

#[test]
fn key_table_maps_keys() {
    let none = KeyModifiers::NONE;
    assert_eq!(
        action_for(&key(KeyCode::Char('r'), none)),
        Some(Action::Turn(Move::face(Face::R, 1)))
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('R'), KeyModifiers::SHIFT)),
        Some(Action::Turn(Move::face(Face::R, 3)))
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Some(Action::Quit)
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('c'), none)),
        Some(Action::ToggleLetters)
    );
    assert_eq!(
        action_for(&key(KeyCode::Char(' '), none)),
        Some(Action::StartPause)
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('j'), none)),
        Some(Action::UnknownKey('j')),
        "a plain key that maps to nothing is said to be unknown"
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('J'), KeyModifiers::SHIFT)),
        Some(Action::UnknownKey('J'))
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('j'), KeyModifiers::ALT)),
        None
    );
    assert_eq!(
        action_for(&key(KeyCode::Char('j'), KeyModifiers::CONTROL)),
        None
    );
    let shift_alone = key(
        KeyCode::Modifier(crossterm::event::ModifierKeyCode::LeftShift),
        KeyModifiers::SHIFT,
    );
    assert_eq!(
        action_for(&shift_alone),
        None,
        "a modifier alone says nothing"
    );
    let mut release = key(KeyCode::Char('j'), none);
    release.kind = crossterm::event::KeyEventKind::Release;
    assert_eq!(action_for(&release), None, "a key release says nothing");
    assert_eq!(
        action_for(&key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        Some(Action::PrevSolver)
    );
    assert_eq!(
        prompt_action_for(&key(KeyCode::Char('q'), none)),
        Some(Action::PromptChar('q')),
        "q types in the prompt"
    );
    // Every row of the table handles at least one key and is documented.
    assert!(
        BINDINGS
            .iter()
            .all(|b| !b.help.is_empty() && !b.keys.is_empty())
    );
}

#[test]
fn step_while_running_pauses_and_idle_ticks_do_not_redraw() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    update(&mut app, Action::Step);
    assert_eq!(app.state(), RunState::Paused);
    assert_eq!(app.snapshot().unwrap().iteration, 3);
    ticks(&mut app, 1);
    app.set_dirty(false);
    ticks(&mut app, 3);
    assert!(!app.dirty(), "nothing changed: no redraw");
    update(&mut app, Action::StartPause);
    ticks(&mut app, 1);
    assert!(app.dirty());
}

#[test]
fn quitting_is_not_a_failure_but_a_dead_solver_is() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::Quit);
    assert!(app.quit() && app.failure().is_none());

    let mut app = toy_app(SCRAMBLE);
    let mut u = app.driver_mut().poll();
    u.state = RunState::Stopped;
    u.error = Some("the solver thread stopped unexpectedly".into());
    app.absorb(u);
    assert!(app.quit());
    assert!(app.failure().unwrap().contains("unexpectedly"));
}

#[test]
fn shift_tab_goes_to_the_previous_preset_and_resets_the_run() {
    let mut app = toy_app(SCRAMBLE);
    let n = app.choices().len();
    assert!(n >= 2, "the toy app has several presets");
    let first = app.current_choice().unwrap().preset.clone();
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    update(&mut app, Action::PrevSolver);
    // From the first preset, back wraps to the last.
    assert_eq!(
        app.current_choice().unwrap().preset,
        app.choices()[n - 1].preset
    );
    assert_eq!(app.state(), RunState::Idle, "the run starts over");
    assert_eq!(app.track().energy().len(), 1);
    update(&mut app, Action::CycleSolver);
    assert_eq!(
        app.current_choice().unwrap().preset,
        first,
        "tab undoes shift-tab"
    );
}

#[test]
fn an_unknown_key_says_so_and_leaves_the_run_alone() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::StartPause);
    ticks(&mut app, 2);
    let action = action_for(&key(KeyCode::Char('j'), KeyModifiers::NONE)).unwrap();
    update(&mut app, action);
    assert_eq!(app.message(), Some("unknown key `j` — ? for help"));
    assert_eq!(app.state(), RunState::Running);
    assert_eq!(app.snapshot().unwrap().iteration, 2);
}

#[test]
fn a_step_while_paused_shows_what_it_did_in_the_message_line() {
    let mut app = toy_app(SCRAMBLE);
    // The toy undoes the scramble: B' D' L2 F U' R'.
    update(&mut app, Action::Step);
    assert_eq!(app.state(), RunState::Paused);
    assert_eq!(app.message(), Some("played B' (1/6)"));
    update(&mut app, Action::StartPause);
    assert!(app.message().unwrap().starts_with("running: "), "explained");
    ticks(&mut app, 1);
    update(&mut app, Action::StartPause);
    assert!(app.message().unwrap().starts_with("paused: "), "explained");
    update(&mut app, Action::Step);
    assert_eq!(app.message(), Some("played L2 (3/6)"));
    update(&mut app, Action::StartPause);
    update(&mut app, Action::StartPause);
    assert_eq!(
        app.message(),
        Some("played L2 (3/6)"),
        "running and paused are explained once"
    );
    update(&mut app, Action::Step);
    assert_eq!(app.message(), Some("played F (4/6)"));
}

#[test]
fn an_exhausted_run_says_which_budget_was_spent() {
    let mut app = toy_app(SCRAMBLE);
    // One more turn: the toy's plan no longer solves the start.
    update(&mut app, Action::Turn("R".parse().unwrap()));
    update(&mut app, Action::StartPause);
    ticks(&mut app, 10);
    assert_eq!(app.state(), RunState::Exhausted);
    assert_eq!(
        app.message(),
        Some("exhausted without solving (plan of 6 moves) — x, s or a turn starts over")
    );
}
