//! The knobs panel and live parameter changes: `Command::SetParam` through
//! both drivers (a mark, the new values, or an error while the run goes
//! on), the panel's keys through the app, a race changing only the lanes
//! that have the key, and the panel drawn at 80×24, 120×40 and 200×60.
//!
//! The solver is `Knobby`: the toy of `tui_support` with three live
//! parameters keyed as the GA declares them (`mutation_rate`,
//! `crossover_rate`, `population`), so the panel finds their declarations
//! under the solver name `ga`.

use crate::tui_support;

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::keys::panel::knobs_action_for;
use cubetui::tui::knobs::keys::KnobKey;
use cubetui::tui::knobs::stepped;
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use cubetui_cube::{Alg, Cube};
use cubetui_run::runner::{Command, Driver, Inline, RunState, Runner, Speed, Update};
use cubetui_solve::SolverConfig;
use cubetui_solve::params::{Kind, ParamSpec};
use cubetui_solve::{Outcome, Profile, Snapshot, SolveError, Solver, Status};
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::{Toy, toy_choices};

const SCRAMBLE: &str = "R U F' L2 D B R' U2 F L D' B2 R U' F2 L' D2 B' R2 U";

/// The toy with three live parameters (they change nothing it does).
struct Knobby {
    toy: Toy,
    values: Vec<(String, f64)>,
}

impl Knobby {
    fn new(start: Cube) -> Knobby {
        let alg: Alg = SCRAMBLE.parse().unwrap();
        Knobby {
            toy: Toy::new(start, &alg),
            values: vec![
                ("population".into(), 200.0),
                ("crossover_rate".into(), 0.9),
                ("mutation_rate".into(), 0.2),
            ],
        }
    }
}

impl Solver for Knobby {
    fn profile(&self) -> Profile {
        self.toy.profile()
    }
    fn step(&mut self, n: u64) -> Status {
        self.toy.step(n)
    }
    fn status(&self) -> Status {
        self.toy.status()
    }
    fn snapshot(&self) -> Snapshot {
        self.toy.snapshot()
    }
    fn outcome(&self) -> Outcome {
        self.toy.outcome()
    }
    fn live_values(&self) -> Vec<(String, f64)> {
        self.values.clone()
    }
    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let Some(slot) = self.values.iter_mut().find(|(k, _)| k == key) else {
            return Err(SolveError::Parameter(format!("unknown key `{key}`")));
        };
        if key.ends_with("_rate") && !(0.0..=1.0).contains(&value) {
            return Err(SolveError::Parameter(format!(
                "`{key}` takes a number in 0 – 1, got {value}"
            )));
        }
        slot.1 = value;
        Ok(())
    }
}

fn knobby() -> Box<Knobby> {
    let alg: Alg = SCRAMBLE.parse().unwrap();
    Box::new(Knobby::new(Cube::solved().after(&alg)))
}

/// `knobby` (declared as the GA) first, then the two toys (no live
/// parameters).
fn choices() -> Vec<Choice> {
    let mut v = vec![Choice {
        preset: "knobby".into(),
        solver: "ga".into(),
        description: "a toy with knobs".into(),
        build: Box::new(|start, _| {
            let start = start
                .three()
                .copied()
                .ok_or_else(|| cubetui_solve::SolveError::Config("a 3x3 toy".into()))?;
            Ok(Box::new(Knobby::new(start)) as Box<dyn Solver>)
        }),
    }];
    v.extend(toy_choices(SCRAMBLE));
    v
}

/// An app on `knobby`, one step per frame, the scramble applied.
fn app() -> App {
    let mut app = App::new(choices(), 0, 42, Box::new(Inline::new(Speed::PerFrame(1))));
    update(&mut app, Action::Slower);
    update(&mut app, Action::ApplyAlg(SCRAMBLE.into()));
    app
}

fn value(u: &Update, key: &str) -> Option<f64> {
    u.params
        .as_ref()?
        .iter()
        .find(|(k, _)| k == key)
        .map(|&(_, v)| v)
}

#[test]
fn inline_set_param_marks_the_change_and_sends_the_new_values() {
    let mut d = Inline::new(Speed::PerFrame(2));
    d.send(Command::Replace(Some(knobby()), 1));
    let u = d.poll();
    assert_eq!(value(&u, "mutation_rate"), Some(0.2), "sent after Replace");
    d.send(Command::Start);
    d.frame();
    d.poll();
    d.send(Command::SetParam {
        key: "mutation_rate".into(),
        value: 0.5,
    });
    let u = d.poll();
    assert_eq!(value(&u, "mutation_rate"), Some(0.5));
    assert_eq!(u.marks.len(), 1);
    assert_eq!(u.marks[0].label, "mutation_rate 0.2→0.5");
    assert_eq!(u.marks[0].iteration, 2, "at the step it takes effect from");
    assert_eq!(u.state, RunState::Running);
    // Refused: an error, no mark, no values, the run goes on.
    d.send(Command::SetParam {
        key: "mutation_rate".into(),
        value: 1.5,
    });
    d.frame();
    let u = d.poll();
    assert!(u.error.unwrap().contains("in 0 – 1, got 1.5"));
    assert!(u.marks.is_empty() && u.params.is_none());
    assert_eq!(u.points.last().map(|p| p.iteration), Some(4));
    // Without a solver there is nothing to change.
    d.send(Command::Replace(None, 2));
    assert_eq!(d.poll().params, Some(Vec::new()));
    d.send(Command::SetParam {
        key: "population".into(),
        value: 3.0,
    });
    assert!(d.poll().error.unwrap().contains("no run"));
}

/// Polls until `pred` holds for an update (10 s at most, for a loaded machine).
fn poll_until(r: &mut Runner, pred: impl Fn(&Update) -> bool) -> Update {
    let t = Instant::now();
    loop {
        let u = r.poll();
        if pred(&u) {
            return u;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "no such update came");
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn the_runner_thread_applies_changes_while_running_and_paused() {
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(knobby()), 1));
    poll_until(&mut r, |u| value(u, "population") == Some(200.0));
    r.send(Command::Start);
    r.send(Command::SetParam {
        key: "population".into(),
        value: 300.0,
    });
    let u = poll_until(&mut r, |u| !u.marks.is_empty());
    assert_eq!(u.marks[0].label, "population 200→300");
    assert_eq!(value(&u, "population"), Some(300.0));
    r.send(Command::Pause);
    poll_until(&mut r, |u| u.state == RunState::Paused);
    r.send(Command::SetParam {
        key: "crossover_rate".into(),
        value: 0.75,
    });
    let u = poll_until(&mut r, |u| u.params.is_some());
    assert_eq!(u.marks[0].label, "crossover_rate 0.9→0.75");
    assert_eq!(value(&u, "crossover_rate"), Some(0.75));
    assert_eq!(u.state, RunState::Paused, "a change does not start the run");
    r.send(Command::SetParam {
        key: "nope".into(),
        value: 1.0,
    });
    let u = poll_until(&mut r, |u| u.error.is_some());
    assert!(u.error.unwrap().contains("unknown key `nope`"));
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

#[test]
fn the_panel_takes_its_keys_and_leaves_the_others_alone() {
    let k = |c, typing| knobs_action_for(&key(c), typing);
    assert_eq!(k(KeyCode::Up, false), Some(Action::Knob(KnobKey::Prev)));
    assert_eq!(k(KeyCode::Down, false), Some(Action::Knob(KnobKey::Next)));
    assert_eq!(k(KeyCode::Left, false), Some(Action::Knob(KnobKey::Less)));
    assert_eq!(k(KeyCode::Right, false), Some(Action::Knob(KnobKey::More)));
    assert_eq!(k(KeyCode::Enter, false), Some(Action::Knob(KnobKey::Edit)));
    assert_eq!(
        k(KeyCode::Backspace, false),
        Some(Action::Knob(KnobKey::Reset))
    );
    assert_eq!(k(KeyCode::Esc, false), Some(Action::Knob(KnobKey::Close)));
    assert_eq!(
        k(KeyCode::Char('p'), false),
        Some(Action::Knob(KnobKey::Toggle))
    );
    assert_eq!(k(KeyCode::Char(' '), false), Some(Action::StartPause));
    assert_eq!(
        k(KeyCode::Char('5'), true),
        Some(Action::Knob(KnobKey::Char('5')))
    );
    assert_eq!(
        k(KeyCode::Char('q'), true),
        Some(Action::Knob(KnobKey::Char('q')))
    );
    assert_eq!(k(KeyCode::Enter, true), Some(Action::Knob(KnobKey::Submit)));
    assert_eq!(
        k(KeyCode::Backspace, true),
        Some(Action::Knob(KnobKey::Erase))
    );
    assert_eq!(k(KeyCode::Esc, true), Some(Action::Knob(KnobKey::Cancel)));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(knobs_action_for(&ctrl_c, true), Some(Action::Quit));
}

#[test]
fn raising_the_mutation_rate_from_the_panel_changes_the_run() {
    let mut a = app();
    update(&mut a, Action::StartPause);
    update(&mut a, Action::Tick);
    update(&mut a, Action::Knob(KnobKey::Toggle));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Next));
    assert_eq!(a.knobs().unwrap().selected, 2, "stops at the last row");
    update(&mut a, Action::Knob(KnobKey::More));
    assert_eq!(a.message(), Some("mutation_rate 0.2 → 0.25"));
    assert_eq!(a.track().param("mutation_rate"), Some(0.25));
    assert_eq!(
        a.track().marks().last().map(|m| m.label.as_str()),
        Some("mutation_rate 0.2→0.25")
    );
    assert_eq!(a.state(), RunState::Running);
    // Population is log-scale: ×10^(1/8), whole.
    update(&mut a, Action::Knob(KnobKey::Prev));
    update(&mut a, Action::Knob(KnobKey::Prev));
    update(&mut a, Action::Knob(KnobKey::More));
    assert_eq!(a.track().param("population"), Some(267.0));
    update(&mut a, Action::Knob(KnobKey::Reset));
    assert_eq!(a.track().param("population"), Some(200.0));
    assert_eq!(a.message(), Some("population 267 → 200"));
    // A new run starts from the preset's values again.
    update(&mut a, Action::Reset);
    assert_eq!(a.track().param("mutation_rate"), Some(0.2));
    assert!(a.track().marks().is_empty());
    assert!(a.knobs().is_some(), "the panel stays open");
}

#[test]
fn a_change_before_the_first_step_is_part_of_the_command_y_prints() {
    let mut a = app();
    // Idle: the solver is built, nothing has run.
    update(&mut a, Action::Tick);
    update(&mut a, Action::Knob(KnobKey::Toggle));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::More));
    update(&mut a, Action::Tick);
    assert_eq!(a.track().param("mutation_rate"), Some(0.25));
    update(&mut a, Action::CopyCommand);
    let said = a.message().unwrap_or_default().to_string();
    assert!(said.contains("--set mutation_rate=0.25"), "{said}");
    // A change after the first step is not how the run started.
    update(&mut a, Action::Step);
    update(&mut a, Action::Tick);
    update(&mut a, Action::Knob(KnobKey::Prev));
    update(&mut a, Action::Knob(KnobKey::More));
    update(&mut a, Action::CopyCommand);
    let said = a.message().unwrap_or_default().to_string();
    assert!(said.contains("--set mutation_rate=0.25"), "{said}");
    assert!(!said.contains("crossover_rate"), "{said}");
    // A new run starts from the preset's values: no --set.
    update(&mut a, Action::Reset);
    update(&mut a, Action::CopyCommand);
    let said = a.message().unwrap_or_default().to_string();
    assert!(!said.contains("--set"), "{said}");
}

#[test]
fn a_race_changes_the_lanes_that_have_the_key_and_says_which_not() {
    let mut a = app();
    a.open_race(&["knobby".into(), "toy-a".into()]).unwrap();
    update(&mut a, Action::Knob(KnobKey::Toggle));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Less));
    let m = a.message().unwrap();
    assert_eq!(
        m,
        "mutation_rate 0.2 → 0.15 in knobby; not in toy-a (no such knob, or finished)"
    );
    let lanes = a.race().unwrap().race().lanes();
    assert_eq!(lanes[0].track().param("mutation_rate"), Some(0.15));
    assert_eq!(
        lanes[0].track().marks().last().map(|m| m.label.as_str()),
        Some("mutation_rate 0.2→0.15")
    );
    assert!(lanes[1].track().marks().is_empty());
    // The panel is drawn over the race too.
    let text = render(&a, 120, 40);
    assert!(text.contains("┌ knobs ─"), "{text}");
    assert!(text.contains("mutation_rate"), "{text}");
    assert!(text.contains("not in toy-a"), "the message shows:\n{text}");
    update(&mut a, Action::Knob(KnobKey::Close));
    assert!(
        a.knobs().is_none() && a.race().is_some(),
        "esc closes the panel only"
    );
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

/// A run paused after a few steps with the mutation rate raised twice and
/// the panel open on it.
fn tuned() -> App {
    let mut a = app();
    update(&mut a, Action::StartPause);
    for _ in 0..3 {
        update(&mut a, Action::Tick);
    }
    update(&mut a, Action::Knob(KnobKey::Toggle));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::Next));
    update(&mut a, Action::Knob(KnobKey::More));
    for _ in 0..3 {
        update(&mut a, Action::Tick);
    }
    update(&mut a, Action::Knob(KnobKey::More));
    update(&mut a, Action::StartPause);
    a
}

#[test]
fn knobs_panel_80x24() {
    insta::assert_snapshot!(render(&tuned(), 80, 24));
}

#[test]
fn knobs_panel_120x40() {
    insta::assert_snapshot!(render(&tuned(), 120, 40));
}

#[test]
fn knobs_panel_200x60() {
    let mut a = tuned();
    update(&mut a, Action::Knob(KnobKey::Edit));
    update(&mut a, Action::Knob(KnobKey::Char('0')));
    update(&mut a, Action::Knob(KnobKey::Char('.')));
    insta::assert_snapshot!(render(&a, 200, 60));
}

#[test]
fn the_plot_labels_a_knob_mark_with_its_text() {
    let text = render(&tuned(), 120, 40);
    assert!(text.contains("mutation_rate 0.25→0.3 at 6"), "{text}");
    assert!(!text.contains("switch →"), "{text}");
}

#[test]
fn a_solver_without_live_parameters_says_so() {
    let mut a = app();
    update(&mut a, Action::CycleSolver);
    update(&mut a, Action::Knob(KnobKey::Toggle));
    let text = render(&a, 80, 24);
    assert!(
        text.contains("this solver has no parameters that"),
        "{text}"
    );
    assert!(text.contains("p or esc closes"), "{text}");
    // Its keys do nothing but say nothing wrong either.
    update(&mut a, Action::Knob(KnobKey::More));
    update(&mut a, Action::Knob(KnobKey::Edit));
    assert_eq!(a.knobs().unwrap().typing, None);
}

/// Every live parameter any registered solver declares, as numbers.
fn live_specs() -> Vec<&'static ParamSpec> {
    SolverConfig::NAMES
        .iter()
        .flat_map(|n| SolverConfig::declared(n).unwrap_or(&[]))
        .filter(|s| s.live && matches!(s.kind, Kind::Int { .. } | Kind::Float { .. }))
        .collect()
}

proptest! {
    /// Any sequence of ← and → from any value in range stays in range
    /// (whole numbers whole), for every declared live parameter.
    #[test]
    fn steps_keep_every_declared_parameter_in_its_range(
        which in 0usize..1000,
        at in 0.0f64..=1.0,
        presses in proptest::collection::vec(any::<bool>(), 0..60),
    ) {
        let specs = live_specs();
        prop_assume!(!specs.is_empty());
        let spec = specs[which % specs.len()];
        let (min, max, int) = match spec.kind {
            Kind::Int { min, max } => (min as f64, max as f64, true),
            Kind::Float { min, max } => (min, max, false),
            _ => unreachable!(),
        };
        // Open ranges (up to the largest integer) start below a billion.
        let mut v = min + at * (max.min(1e9) - min);
        if int {
            v = v.round();
        }
        for up in presses {
            let next = stepped(v, Some(spec), up);
            prop_assert!(next >= min && next <= max, "{}: {v} → {next}", spec.key);
            prop_assert!(!int || next.fract() == 0.0, "{}: {next} is not whole", spec.key);
            prop_assert!(if up { next >= v } else { next <= v }, "{}: {v} → {next}", spec.key);
            v = next;
        }
    }
}

#[test]
fn w_races_the_current_preset_as_its_knobs_were_turned_and_y_says_so() {
    let mut a = tuned();
    assert!(
        a.reproduce_command()
            .starts_with("cubetui solve --preset knobby"),
        "{}",
        a.reproduce_command()
    );
    update(&mut a, Action::Race);
    assert!(a.race().is_some(), "{:?}", a.message());
    let cmd = a.reproduce_command();
    assert!(cmd.starts_with("cubetui race --presets knobby,"), "{cmd}");
    assert!(cmd.ends_with(" --set mutation_rate=0.3"), "{cmd}");
    // The first lane's solver runs with the turned value, not the preset's 0.2.
    for _ in 0..5 {
        update(&mut a, Action::Tick);
    }
    let lane = &a.race().unwrap().race().lanes()[0];
    let rate = lane
        .track()
        .params()
        .iter()
        .find(|(k, _)| k == "mutation_rate")
        .map(|&(_, v)| v);
    assert_eq!(rate, Some(0.3));
}
