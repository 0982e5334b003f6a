//! The race on the screen: lanes driven inline (with a made-up CPU clock so
//! the plot has an x axis), keys acting on every lane, snapshots at 80×24
//! and 160×48.

use crate::tui_support;

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::race::RaceMeasure;
use cubetui::tui::race::panel::X_NOTE;
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use cubetui_run::runner::{Command, Driver, Inline, RunState, Speed, Update};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::{preset_choice, toy_app};

const SCRAMBLE: &str = "R U F' L2 D B";

/// An inline lane whose CPU time is `micros` per step (a deterministic
/// stand-in for the runner's thread clock).
struct Clocked {
    inner: Inline,
    micros: u64,
    steps: u64,
}

impl Driver for Clocked {
    fn send(&mut self, cmd: Command) {
        self.inner.send(cmd);
    }
    fn poll(&mut self) -> Update {
        let mut u = self.inner.poll();
        if let Some(s) = &u.snapshot {
            self.steps = s.iteration;
        }
        u.cpu = Duration::from_micros(self.steps * self.micros);
        u
    }
    fn frame(&mut self) {
        self.inner.frame();
    }
}

fn choices() -> Vec<Choice> {
    crate::shipped()
        .list()
        .into_iter()
        .map(|name| preset_choice(name, String::new()))
        .collect()
}

/// An app on the real presets whose race lanes are clocked inline drivers.
fn app() -> App {
    // The lanes measure moves to solved: with the tables loaded first, the
    // same in every run.
    cubetui_solve::reference::cache::tables();
    let mut app = App::new(choices(), 0, 7, Box::new(Inline::new(Speed::PerFrame(1))));
    // The race tests count steps at 10 per frame (one rung over the default).
    update(&mut app, Action::Faster);
    assert_eq!(app.speed(), Speed::PerFrame(10));
    let lane = Rc::new(Cell::new(0u64));
    app.set_lane_driver(Box::new(move || {
        lane.set(lane.get() + 1);
        Box::new(Clocked {
            inner: Inline::new(Speed::PerFrame(1)).with_measure(),
            micros: 40 * lane.get(),
            steps: 0,
        })
    }));
    update(&mut app, Action::ApplyAlg(SCRAMBLE.into()));
    update(&mut app, Action::ToggleLetters);
    app
}

fn race(presets: &[&str]) -> App {
    let mut app = app();
    let names: Vec<String> = presets.iter().map(|p| p.to_string()).collect();
    app.open_race(&names).unwrap();
    app
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

fn ticks(app: &mut App, n: usize) {
    for _ in 0..n {
        update(app, Action::Tick);
    }
}

const LANES: [&str; 4] = ["sa-pll-conj", "mws", "reference", "ga"];

#[test]
fn race_screen_80x24_collapses_lanes_to_one_line() {
    let mut app = race(&LANES);
    ticks(&mut app, 12);
    let text = render(&app, 80, 24);
    for p in LANES {
        assert_eq!(
            text.matches(p).count(),
            2,
            "one lane line and one legend entry: {p}\n{text}"
        );
    }
    assert!(text.contains(X_NOTE), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn race_screen_160x48_draws_a_net_per_lane() {
    let mut app = race(&LANES);
    ticks(&mut app, 12);
    let text = render(&app, 160, 48);
    assert!(text.contains("U U U"), "upright nets with letters:\n{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn the_race_ends_with_the_results_table_sorted_by_rank() {
    let mut app = race(&["mws", "reference", "sa-pll-conj"]);
    update(&mut app, Action::Faster);
    update(&mut app, Action::Faster);
    update(&mut app, Action::Faster);
    for _ in 0..2000 {
        if app.race().unwrap().race().is_over() {
            break;
        }
        update(&mut app, Action::Tick);
    }
    let view = app.race().unwrap();
    assert!(view.race().is_over());
    let results = view.race().results();
    let text = render(&app, 80, 24);
    assert!(text.contains("results"), "{text}");
    // The table lists the lanes in rank order.
    let at = |p: &str| {
        text.find(&format!("  {p} "))
            .unwrap_or_else(|| panic!("{p}\n{text}"))
    };
    let pos: Vec<usize> = results.lanes.iter().map(|l| at(&l.preset)).collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn space_n_and_speed_act_on_every_lane_and_esc_leaves() {
    let mut app = race(&["ga", "woc"]);
    let states = |app: &App| -> Vec<RunState> {
        app.race()
            .as_ref()
            .unwrap()
            .race()
            .lanes()
            .iter()
            .map(|l| l.state())
            .collect()
    };
    ticks(&mut app, 2);
    assert_eq!(states(&app), [RunState::Running; 2]);
    update(&mut app, Action::StartPause);
    assert_eq!(states(&app), [RunState::Paused; 2]);
    let steps = |app: &App| -> Vec<u64> {
        app.race()
            .as_ref()
            .unwrap()
            .race()
            .lanes()
            .iter()
            .map(|l| l.steps())
            .collect()
    };
    let before = steps(&app);
    ticks(&mut app, 3);
    assert_eq!(steps(&app), before, "paused lanes stay put");
    update(&mut app, Action::Step);
    let after: Vec<u64> = steps(&app);
    assert!(
        after.iter().zip(&before).all(|(a, b)| a == &(b + 1)),
        "{before:?} {after:?}"
    );
    update(&mut app, Action::Faster);
    assert_eq!(app.speed(), Speed::PerFrame(100));
    update(&mut app, Action::StartPause);
    ticks(&mut app, 1);
    let ran: Vec<u64> = steps(&app);
    assert!(ran.iter().zip(&after).all(|(a, b)| *a > *b), "{ran:?}");
    // Other keys are refused while racing; Esc leaves.
    update(&mut app, Action::Scramble);
    assert!(app.race().is_some());
    update(&mut app, Action::CloseHelp);
    assert!(app.race().is_none());
    assert!(
        render(&app, 80, 24).contains("status"),
        "the single run is back"
    );
}

#[test]
fn the_race_key_opens_the_default_lanes_on_the_shown_cube() {
    let mut app = app();
    update(&mut app, Action::Race);
    let view = app.race().expect("a race");
    let names: Vec<&str> = view.race().lanes().iter().map(|l| l.preset()).collect();
    assert_eq!(names, ["sa-pll-conj", "mws", "reference", "ga"]);
    assert_eq!(view.race().start(), &app.start());
    update(&mut app, Action::Race);
    assert!(app.race().is_none(), "the same key leaves");
    // With only two presets, both race.
    let mut toy = toy_app("R U");
    update(&mut toy, Action::Race);
    assert_eq!(toy.race().unwrap().race().lanes().len(), 2);
}

#[test]
fn a_bad_lane_list_says_what_is_wrong() {
    let mut app = app();
    let e = app.open_race(&["mws".into()]).unwrap_err();
    assert!(e.contains("2 to 6"), "{e}");
    let e = app.open_race(&["mws".into(), "nope".into()]).unwrap_err();
    assert!(e.contains("unknown preset `nope`"), "{e}");
    assert!(app.race().is_none());
}

#[test]
fn log_scale_and_zoom_act_on_the_race_plot_and_keep_every_legend_entry() {
    let mut app = race(&LANES);
    ticks(&mut app, 12);
    let plain = render(&app, 80, 24);
    update(&mut app, Action::ToggleLogScale);
    let log = render(&app, 80, 24);
    assert!(log.contains("HTM (log)"), "{log}");
    assert!(app.race().is_some(), "e does not leave the race");
    update(&mut app, Action::ToggleLogScale);
    update(&mut app, Action::ZoomIn);
    let zoomed = render(&app, 80, 24);
    assert!(
        zoomed.contains("last ") && zoomed.contains("CPU ms"),
        "{zoomed}"
    );
    for p in LANES {
        assert_eq!(
            zoomed.matches(p).count(),
            2,
            "legend entry for {p}\n{zoomed}"
        );
    }
    update(&mut app, Action::ZoomOut);
    assert_eq!(render(&app, 80, 24), plain, "] and e again: as before");
}

#[test]
fn the_race_plot_shows_moves_to_solved_and_m_switches_to_misplaced_stickers() {
    let mut app = race(&["mws", "reference", "sa-pll-conj"]);
    ticks(&mut app, 30);
    let text = render(&app, 120, 40);
    assert!(text.contains("moves to solved ■"), "{text}");
    assert!(
        text.contains("m misplaced"),
        "the hint bar names m:\n{text}"
    );
    // Every lane has a measured point by now.
    let view = app.race().unwrap();
    assert_eq!(view.measure(), RaceMeasure::ToSolved);
    for (l, p) in view.race().lanes().iter().zip(view.plotted()) {
        assert!(!p.is_empty(), "{} has no moves-to-solved point", l.preset());
    }
    update(&mut app, Action::ToggleRaceMeasure);
    let view = app.race().unwrap();
    assert_eq!(view.measure(), RaceMeasure::Misplaced);
    assert_eq!(view.plotted()[0], view.race().lanes()[0].points());
    let text = render(&app, 120, 40);
    assert!(text.contains("misplaced-sticker energy ■"), "{text}");
    assert!(text.contains("m to solved"), "{text}");
    update(&mut app, Action::ToggleRaceMeasure);
    assert_eq!(app.race().unwrap().measure(), RaceMeasure::ToSolved);
}

#[test]
fn m_is_read_from_the_key_table() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let k = KeyEvent::new(KeyCode::Char('m'), KeyModifiers::NONE);
    assert_eq!(
        cubetui::tui::keys::action_for(&k),
        Some(Action::ToggleRaceMeasure)
    );
}

/// The row of the screen (80×24, one line per lane) that shows `preset`.
fn row_of(text: &str, preset: &str) -> u16 {
    text.lines().position(|l| l.contains(preset)).unwrap() as u16
}

#[test]
fn a_click_on_a_lane_focuses_it_at_80x24_and_160x48() {
    let mut app = race(&LANES);
    ticks(&mut app, 3);
    update(&mut app, Action::Resize(80, 24));
    let text = render(&app, 80, 24);
    assert_eq!(app.race().unwrap().focus(), None);
    // The header line and the plot hold no lane.
    update(&mut app, Action::Click { column: 10, row: 0 });
    assert_eq!(app.race().unwrap().focus(), None);
    update(
        &mut app,
        Action::Click {
            column: 10,
            row: 18,
        },
    );
    assert_eq!(app.race().unwrap().focus(), None);
    update(
        &mut app,
        Action::Click {
            column: 20,
            row: row_of(&text, "reference"),
        },
    );
    assert_eq!(app.race().unwrap().focus(), Some(2));
    assert!(
        app.message().unwrap().contains("reference"),
        "{:?}",
        app.message()
    );
    // Cards at 160×48: the second column's first card is lane 2.
    update(&mut app, Action::Resize(160, 48));
    let text = render(&app, 160, 48);
    let first_cards: String = text.lines().nth(1).unwrap().chars().skip(80).collect();
    assert!(first_cards.contains("mws"), "{text}");
    update(
        &mut app,
        Action::Click {
            column: 100,
            row: 3,
        },
    );
    assert_eq!(app.race().unwrap().focus(), Some(1), "{text}");
    let text = render(&app, 160, 48);
    assert!(
        text.contains("▶■ mws"),
        "the focused card is marked:\n{text}"
    );
}

#[test]
fn the_wheel_over_the_race_plot_zooms_it() {
    let mut app = race(&LANES);
    ticks(&mut app, 3);
    update(&mut app, Action::Resize(80, 24));
    update(
        &mut app,
        Action::Wheel {
            up: true,
            column: 40,
            row: 15,
        },
    );
    assert_eq!(app.plot_view().zoom, 1);
    assert!(app.race().is_some(), "still in the race");
    update(
        &mut app,
        Action::Wheel {
            up: false,
            column: 40,
            row: 15,
        },
    );
    assert_eq!(app.plot_view().zoom, 0);
}
