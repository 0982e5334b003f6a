//! Screens on ratatui's TestBackend: snapshots and a grid of sizes.

use crate::tui_support;

use cubetui::tui::app::App;
use cubetui::tui::history::Series;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::theme::{Depth, Theme};
use cubetui::tui::ui;
use cubetui_run::runner::Speed;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::toy_app;

const SCRAMBLE: &str = "R U F' L2 D B R' U2 F L D' B2";

fn render(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    t
}

/// A run paused part way, with a generator switch and letters on.
fn mid_run() -> App {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::ToggleLetters);
    update(&mut app, Action::ToggleOverlay);
    update(&mut app, Action::StartPause);
    for _ in 0..4 {
        update(&mut app, Action::Tick);
    }
    update(&mut app, Action::CycleGenerator);
    for _ in 0..3 {
        update(&mut app, Action::Tick);
    }
    update(&mut app, Action::StartPause);
    app
}

#[test]
fn main_screen() {
    let app = mid_run();
    insta::assert_snapshot!(render(&app, 100, 30).backend());
}

#[test]
fn cross_net_when_solved() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::ToggleLetters);
    update(&mut app, Action::ToggleLayout);
    update(&mut app, Action::StartPause);
    for _ in 0..20 {
        update(&mut app, Action::Tick);
    }
    // Solved: the net shows the solved end, playback at its last move.
    insta::assert_snapshot!(render(&app, 100, 30).backend());
    update(&mut app, Action::PlayBack);
    let text = format!("{}", render(&app, 100, 30).backend());
    assert!(text.contains("playback 11/12"), "{text}");
    update(&mut app, Action::PlayStart);
    update(&mut app, Action::PlayForward);
    update(&mut app, Action::PlayForward);
    let text = format!("{}", render(&app, 100, 30).backend());
    assert!(text.contains("playback 2/12"), "{text}");
}

#[test]
fn help_popup() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::ToggleHelp);
    insta::assert_snapshot!(render(&app, 100, 30).backend());
}

#[test]
fn too_small() {
    let app = toy_app(SCRAMBLE);
    insta::assert_snapshot!(render(&app, 40, 10).backend());
}

#[test]
fn no_color_shows_letters() {
    let mut app = toy_app(SCRAMBLE);
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    let t = render(&app, 100, 30);
    let text = format!("{}", t.backend());
    // The strip's first row: U block, L block, F block …
    let cube = app.start();
    let u_row: Vec<String> = cube.facelets()[..3].chars().map(String::from).collect();
    // (Spaced as the scale gives: read the words of each line.)
    let found = text.lines().any(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        words.windows(3).any(|w| w == u_row.as_slice())
    });
    assert!(found, "letters drawn without colour:\n{text}");
}

#[test]
fn renders_at_every_size_without_panicking() {
    let mut app = mid_run();
    for (w, h) in (0..=130u16)
        .step_by(7)
        .flat_map(|w| (0..=50u16).step_by(3).map(move |h| (w, h)))
        .chain([(79, 24), (80, 23), (80, 24), (1, 1), (300, 100)])
    {
        render(&app, w, h);
        update(&mut app, Action::ToggleHelp);
        render(&app, w, h);
        update(&mut app, Action::ToggleLayout);
    }
}

#[test]
fn unthrottled_speed_shown() {
    let mut app = toy_app(SCRAMBLE);
    for _ in 0..10 {
        update(&mut app, Action::Faster);
    }
    assert_eq!(app.speed(), Speed::Unthrottled);
    let text = format!("{}", render(&app, 100, 30).backend());
    assert!(text.contains("unthrottled"));
}

#[test]
fn themes_load_at_every_depth() {
    for name in Theme::names() {
        for d in [Depth::True, Depth::Ansi256, Depth::Ansi16, Depth::None] {
            let t = Theme::load(name, d).unwrap();
            assert_eq!(t.depth, d);
        }
    }
    assert!(Theme::load("nope", Depth::True).is_err());
    assert_eq!(Depth::from_env("1", "truecolor", "xterm"), Depth::None);
    assert_eq!(Depth::from_env("", "truecolor", "xterm"), Depth::True);
    assert_eq!(Depth::from_env("", "", "xterm-256color"), Depth::Ansi256);
    assert_eq!(Depth::from_env("", "", "xterm"), Depth::Ansi16);
    assert_eq!(cubetui::tui::theme::to_256(255, 0, 0), 196);
    assert_eq!(cubetui::tui::theme::to_256(128, 128, 128), 244);
}

proptest! {
    #[test]
    fn history_is_bounded_and_keeps_extremes(ys in prop::collection::vec(-1e6f64..1e6, 1..3000), cap in 8usize..200) {
        let mut s = Series::new(cap);
        for (i, y) in ys.iter().enumerate() {
            s.push(i as f64, *y);
        }
        prop_assert!(s.len() <= cap);
        let lo = ys.iter().cloned().fold(f64::INFINITY, f64::min);
        let hi = ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        prop_assert_eq!(s.y_range(), Some((lo, hi)));
        prop_assert!(s.points().windows(2).all(|w| w[0].0 <= w[1].0));
        prop_assert_eq!(s.points().last().copied(), Some(((ys.len() - 1) as f64, ys[ys.len() - 1])));
        prop_assert_eq!(s.points()[0], (0.0, ys[0]));
    }
}

#[test]
fn the_solver_profile_decides_rows_and_side_plot() {
    use cubetui_run::runner::{Point, RunState, Update};
    use cubetui_solve::{Profile, SeriesSpec};
    let mut app = toy_app(SCRAMBLE);
    let profile = Profile {
        step: "round",
        series: vec![
            SeriesSpec::new("mean", 1),
            SeriesSpec::new("worst", 0).no_row(),
            SeriesSpec::new("kept", 0).no_plot(),
            SeriesSpec::new("secret", 0).no_plot().no_row(),
        ],
    };
    let points = (0..5u64)
        .map(|g| Point {
            iteration: g,
            energy: 30.0 - g as f64,
            best: 30.0 - g as f64,
            values: vec![35.0, 40.0, 3.0, 99.0],
            to_solved: f64::NAN,
        })
        .collect();
    app.absorb(Update {
        points,
        profile: Some(profile),
        ..Update::new(app.epoch(), RunState::Running)
    });
    assert_eq!(app.track().values().len(), 4);
    let mut snap = app.snapshot().cloned().expect("toy snapshot");
    snap.values = vec![35.0, 40.0, 3.0, 99.0];
    let mut u = Update::new(app.epoch(), app.state());
    u.snapshot = Some(snap);
    app.absorb(u);
    let text = format!("{}", render(&app, 100, 30).backend());
    // Side plot: the series marked for it, in order; nothing else.
    assert!(text.contains(" ■ mean ■ worst "), "{text}");
    assert!(
        !text.contains("kept, ") && !text.contains("secret"),
        "{text}"
    );
    // Status rows: those marked as rows, formatted by their spec.
    assert!(text.contains("mean        35.0"), "{text}");
    assert!(text.contains("kept        3"), "{text}");
    assert!(!text.contains("worst       "), "{text}");
    // The x axis and the step row use the solver's own step name.
    assert!(text.contains("round"), "{text}");
}

/// The help popup at `w`×`h`, scrolled through to its end.
fn help_pages(w: u16, h: u16) -> String {
    use cubetui::tui::keys::HelpScroll;
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::Resize(w, h));
    update(&mut app, Action::ToggleHelp);
    let mut text = format!("{}", render(&app, w, h).backend());
    loop {
        let before = app.help_scroll();
        update(&mut app, Action::ScrollHelp(HelpScroll::PageDown));
        if app.help_scroll() == before {
            break;
        }
        text.push_str(&format!("{}", render(&app, w, h).backend()));
    }
    text
}

#[test]
fn help_popup_shows_every_binding_at_minimum_size() {
    let text = help_pages(ui::MIN_WIDTH, ui::MIN_HEIGHT);
    for b in cubetui::tui::keys::BINDINGS {
        assert!(text.contains(b.help), "help line missing: {}", b.help);
    }
    // The hint bar comes from the same table.
    let app = toy_app(SCRAMBLE);
    let text = format!("{}", render(&app, 100, 30).backend());
    let bar = text.lines().last().unwrap();
    for h in cubetui::tui::keys::BINDINGS
        .iter()
        .filter_map(|b| b.hint)
        .take(6)
    {
        assert!(bar.contains(h), "hint missing: {h}");
    }
}

#[test]
fn help_popup_explains_every_status_word() {
    let text = help_pages(100, 30);
    for (state, meaning) in cubetui::tui::panels::words::WORDS {
        let row = text
            .lines()
            .find(|l| l.contains(meaning))
            .unwrap_or_else(|| panic!("no help line for {}:\n{text}", state.name()));
        assert!(row.contains(state.name()), "{row}");
    }
}
