//! The plots you can read: a log-scale y axis, a zoom
//! to the latest part of the run, idle plots with empty axes, a
//! near-constant series drawn flat, the legend in the title line.

use crate::tui_support;

use cubetui::tui::app::App;
use cubetui::tui::keys::Action;
use cubetui::tui::panels::plot::{AuxPlot, EnergyPlot};
use cubetui::tui::reducer::update;
use cubetui::tui::single_view;
use cubetui::tui::theme::{Depth, Theme};
use cubetui_run::runner::{Mark, Point, RunState, Update};
use cubetui_solve::{Profile, SeriesSpec};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::toy_app;

const SCRAMBLE: &str = "R U F' L2 D B";

/// A toy app without colour that has run `n` steps: energy falling from
/// 1000 to about 20 (so the log axis matters), a generator switch halfway,
/// and `temperature(i)` as its side-plot series.
fn ran(n: u64, temperature: impl Fn(u64) -> f64) -> App {
    let mut app = toy_app(SCRAMBLE);
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    let points = (0..n)
        .map(|i| {
            let e = (1000.0 * (-(i as f64) / 40.0).exp()).round().max(1.0);
            Point {
                iteration: i,
                energy: e,
                best: e,
                values: vec![temperature(i)],
                to_solved: f64::NAN,
            }
        })
        .collect();
    app.absorb(Update {
        points,
        marks: vec![Mark {
            iteration: n / 2,
            label: "generator → pll".into(),
        }],
        profile: Some(Profile {
            step: "step",
            series: vec![SeriesSpec::new("temperature", 4)],
        }),
        ..Update::new(app.epoch(), RunState::Running)
    });
    app
}

fn energy(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(64, 14)).unwrap();
    t.draw(|f| f.render_widget(EnergyPlot(&single_view::plots(app)), f.area()))
        .unwrap();
    format!("{}", t.backend())
}

fn aux(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(40, 10)).unwrap();
    t.draw(|f| f.render_widget(AuxPlot(&single_view::plots(app)), f.area()))
        .unwrap();
    format!("{}", t.backend())
}

#[test]
fn log_scale_plot() {
    let mut app = ran(160, |_| 0.5);
    let linear = energy(&app);
    update(&mut app, Action::ToggleLogScale);
    let log = energy(&app);
    assert_ne!(linear, log);
    assert!(log.contains("E (log)"), "{log}");
    insta::assert_snapshot!("log_scale_energy", log);
    update(&mut app, Action::ToggleLogScale);
    assert_eq!(energy(&app), linear, "e again: linear as before");
}

#[test]
fn zoomed_plot() {
    let mut app = ran(160, |_| 0.5);
    let whole = energy(&app);
    update(&mut app, Action::ZoomIn);
    update(&mut app, Action::ZoomIn);
    let zoomed = energy(&app);
    // 160 steps, 0..=159: the last quarter of the span.
    assert!(zoomed.contains("last 40 steps"), "{zoomed}");
    assert!(!whole.contains("last "), "{whole}");
    // The mark (at 80) is out of view: not in the legend either.
    assert!(whole.contains("• generator → pll") && !zoomed.contains('•'));
    insta::assert_snapshot!("zoomed_energy", zoomed);
    update(&mut app, Action::ZoomOut);
    assert_eq!(energy(&app), whole, "] shows the whole run again");
}

#[test]
fn idle_plot_has_empty_axes() {
    let mut app = toy_app(SCRAMBLE);
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    let text = energy(&app);
    // No "0 0 1" under the axis, no numbers at all.
    assert!(!text.chars().any(|c| c.is_ascii_digit()), "{text}");
    insta::assert_snapshot!("idle_energy", text);
}

#[test]
fn a_near_constant_series_plots_flat() {
    // The sa-pll-conj temperature: 0.370003 falling to 0.369935.
    let mut app = ran(160, |i| 0.370003 - 0.000068 * i as f64 / 159.0);
    // The toy's own idle point (temperature 1 at step 0) out of view.
    update(&mut app, Action::ZoomIn);
    let text = aux(&app);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)))
        .collect();
    assert!(rows.len() <= 2, "a flat line, not a fall:\n{text}");
}

#[test]
fn every_glyph_is_in_the_title_legend() {
    let app = ran(160, |_| 0.5);
    let text = energy(&app);
    let title = text.lines().next().unwrap();
    assert!(
        title.contains("■ energy") && title.contains("■ best"),
        "{title}"
    );
    assert!(title.contains("• generator → pll at 80"), "{title}");
    // No legend box inside the plot.
    let body: Vec<&str> = text.lines().skip(1).collect();
    assert!(!body.iter().any(|l| l.contains("best")), "{text}");
}

/// A phase solver's run: misplaced stickers that zig-zag
/// around 40 while the phase's fitness falls to 0 in phase 1, then starts
/// again at 8 in phase 2, marked `G1→G2`.
fn phased(n: u64) -> App {
    let mut app = toy_app(SCRAMBLE);
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    let fitness = |i: u64| {
        let (start, k) = if i < n / 2 {
            (12.0, i)
        } else {
            (8.0, i - n / 2)
        };
        (start - k as f64 / 6.0).max(0.0).round()
    };
    let points = (0..n)
        .map(|i| Point {
            iteration: i,
            energy: 36.0 + (i % 9) as f64,
            best: 36.0 + (i % 5) as f64,
            values: vec![fitness(i), fitness(i) + (i % 3) as f64],
            to_solved: f64::NAN,
        })
        .collect();
    app.absorb(Update {
        points,
        marks: vec![Mark {
            iteration: n / 2,
            label: "phase 2/4 · G1→G2".into(),
        }],
        profile: Some(Profile {
            step: "generation",
            series: vec![
                SeriesSpec::new("phase fitness", 0).main().no_plot(),
                SeriesSpec::new("current fitness", 0)
                    .main_current()
                    .no_plot()
                    .no_row(),
            ],
        }),
        ..Update::new(app.epoch(), RunState::Running)
    });
    app
}

#[test]
fn a_phase_solver_plots_its_phase_fitness_with_the_phase_change_marked() {
    let app = phased(160);
    let mut t = Terminal::new(TestBackend::new(72, 14)).unwrap();
    t.draw(|f| f.render_widget(EnergyPlot(&single_view::plots(&app)), f.area()))
        .unwrap();
    let text = format!("{}", t.backend());
    let title = text.lines().next().unwrap();
    assert!(title.contains("phase fitness: ■ current ■ best"), "{title}");
    assert!(title.contains("• phase 2/4 · G1→G2 at 80"), "{title}");
    assert!(!text.contains("switch"), "{text}");
    // The y axis is the fitness (at most 14), not the energy (about 40).
    assert!(!text.contains("44"), "{text}");
    insta::assert_snapshot!("phase_fitness_energy", text);
    // The side plot shows the misplaced stickers instead.
    let side = aux(&app);
    assert!(
        side.lines().next().unwrap().contains("■ misplaced"),
        "{side}"
    );
}
