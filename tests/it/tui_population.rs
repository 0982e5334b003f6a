//! The population view: `i` shows the population's
//! fitness band and diversity of the running solver in place of the side
//! plot, at every screen size; a solver without a population says so.
//! Real solvers on the inline driver (deterministic: seeded, no clock).

use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::theme::{Depth, Theme};
use cubetui::tui::ui;
use cubetui_run::runner::{Inline, Speed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

const SCRAMBLE: &str = "R U F' L2 D B R' U2 F L D' B2 U R2 F'";

fn choice(name: &str) -> Choice {
    let cfg = crate::shipped().get(name).expect("preset");
    Choice {
        preset: name.to_string(),
        solver: cfg.name().to_string(),
        description: crate::shipped().info(name).expect("info").description,
        build: Box::new(move |start, seed| cubetui_solve::build_any(&cfg, start, seed)),
    }
}

/// An app on presets `names` (the first shown) that has run `frames`
/// frames of 10 steps from [`SCRAMBLE`], paused, without colour.
fn ran(names: &[&str], frames: usize) -> App {
    let choices = names.iter().map(|n| choice(n)).collect();
    let mut app = App::new(choices, 0, 7, Box::new(Inline::new(Speed::PerFrame(1))));
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    update(&mut app, Action::ApplyAlg(SCRAMBLE.into()));
    while app.speed() != Speed::PerFrame(10) {
        update(&mut app, Action::Faster);
    }
    update(&mut app, Action::StartPause);
    for _ in 0..frames {
        update(&mut app, Action::Tick);
    }
    update(&mut app, Action::StartPause);
    app
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn population_view_of_the_ga_at_three_sizes() {
    let mut app = ran(&["ga"], 12);
    let side = render(&app, 120, 40);
    update(&mut app, Action::TogglePopulation);
    assert!(app.population_view());
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let text = render(&app, w, h);
        // Every glyph drawn is in a legend, in a title line.
        assert!(text.contains("⣿ q1"), "{text}");
        assert!(text.contains("■ med"), "{text}");
        assert!(
            text.contains("■ min,max") || text.contains("■ min, max"),
            "{text}"
        );
        assert!(
            text.contains("distance") && text.contains("distinct"),
            "{text}"
        );
        assert!(text.contains("1.00"), "the diversity axis is 0–1: {text}");
        insta::assert_snapshot!(format!("ga_{w}x{h}"), text);
    }
    update(&mut app, Action::TogglePopulation);
    assert_eq!(app.message(), Some("side plot (i: population view)"));
    // All but the message line as before.
    let again = render(&app, 120, 40);
    let differ: Vec<(&str, &str)> = side
        .lines()
        .zip(again.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        differ.len(),
        1,
        "i again: the side plot as before {differ:?}"
    );
    assert!(differ[0].1.contains("side plot"), "{differ:?}");
}

#[test]
fn population_view_of_a_phase_search_marks_its_phases() {
    let mut app = ran(&["phases-es"], 30);
    update(&mut app, Action::TogglePopulation);
    let text = render(&app, 120, 40);
    assert!(text.contains("⣿ q1"), "{text}");
    insta::assert_snapshot!("phases_es_120x40", text);
}

#[test]
fn a_solver_without_a_population_says_so_and_keeps_its_side_plot() {
    let mut app = ran(&["sa-faces", "ga"], 3);
    let before = render(&app, 100, 30);
    update(&mut app, Action::TogglePopulation);
    assert_eq!(app.message(), Some("this solver has no population"));
    assert!(!app.population_view());
    let after = render(&app, 100, 30);
    assert!(after.contains("this solver has no population"), "{after}");
    assert!(!after.contains("q1–q3"), "{after}");
    // Only the message line changed.
    let differ = before
        .lines()
        .zip(after.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differ, 1, "{before}\n{after}");
    // The next preset has one: i now shows it.
    update(&mut app, Action::CycleSolver);
    update(&mut app, Action::TogglePopulation);
    assert!(app.population_view());
    assert!(render(&app, 100, 30).contains("q1–q3"));
}
