//! The screen a newcomer meets: the net scales with its panel, upright and
//! raw views, depth scrambles from the keyboard, panels keep a useful size.

use crate::tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use cubetui::tui::app::{App, Net};
use cubetui::tui::keys::{Action, action_for};
use cubetui::tui::layout::{self, MOVES_MIN_LINES};
use cubetui::tui::reducer::update;
use cubetui::tui::theme::{Depth, Theme};
use cubetui::tui::ui;
use cubetui_cube::{Alg, Cube};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use tui_support::toy_app;

/// A scramble that moves the centres (a rotation and a slice move).
const TURNED: &str = "x R U M' F";

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

/// Letters drawn without colour, so snapshots show the stickers.
fn lettered(scramble: &'static str) -> App {
    let mut app = toy_app(scramble);
    app.set_theme(Theme::load("classic", Depth::None).unwrap());
    app
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

#[test]
fn snapshots_at_three_sizes_strip_and_cross_upright_and_raw() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let mut app = lettered(TURNED);
        insta::assert_snapshot!(format!("strip_upright_{w}x{h}"), render(&app, w, h));
        update(&mut app, Action::ToggleUpright);
        insta::assert_snapshot!(format!("strip_raw_{w}x{h}"), render(&app, w, h));
        update(&mut app, Action::ToggleLayout);
        insta::assert_snapshot!(format!("cross_raw_{w}x{h}"), render(&app, w, h));
        update(&mut app, Action::ToggleUpright);
        insta::assert_snapshot!(format!("cross_upright_{w}x{h}"), render(&app, w, h));
    }
}

#[test]
fn upright_view_keeps_the_centres_home_and_raw_shows_the_state() {
    let mut app = toy_app(TURNED);
    let raw = Cube::solved().after(&TURNED.parse::<Alg>().unwrap());
    assert!(app.upright(), "upright is the default");
    let shown = *app.shown_cube().three().unwrap();
    assert_ne!(shown, raw, "the turned centres are put back");
    assert!(shown.same_up_to_rotation(&raw), "same state, other pose");
    for (i, &c) in [4usize, 13, 22, 31, 40, 49].iter().enumerate() {
        assert_eq!(shown.stickers()[c] as usize, i, "centre {i} home");
    }
    assert!(render(&app, 160, 48).contains("upright (a: raw)"));
    update(&mut app, action_for(&key('a')).unwrap());
    assert!(!app.upright());
    assert_eq!(app.shown_cube().three(), Some(&raw));
    assert!(render(&app, 160, 48).contains("raw (a: upright)"));
    // The energy and the run do not depend on the view.
    assert_eq!(app.start().three(), Some(&raw));
}

#[test]
fn digits_set_the_depth_of_s_scrambles() {
    let mut app = toy_app("R");
    assert_eq!(app.depth(), None);
    update(&mut app, action_for(&key('5')).unwrap());
    assert_eq!(app.depth(), Some(5));
    assert!(render(&app, 160, 48).contains("5 moves (0-9)"));
    update(&mut app, action_for(&key('s')).unwrap());
    let alg = app.scramble().cloned().expect("a depth scramble has moves");
    assert_eq!(alg.len(), 5);
    assert_eq!(
        app.start().three(),
        Some(&Cube::solved().after(alg.three().unwrap()))
    );
    assert!(app.message().unwrap().contains("space solves it"));
    update(&mut app, action_for(&key('0')).unwrap());
    assert_eq!(app.depth(), None);
    update(&mut app, Action::Scramble);
    assert_eq!(app.scramble(), None, "a random state has no scramble moves");
    assert!(!app.start().is_solved());
    assert!(render(&app, 160, 48).contains("random state (0-9)"));
}

#[test]
fn the_net_fills_its_panel_and_the_panel_follows_the_net() {
    for net in [Net::Strip, Net::Cross] {
        for (w, h) in [
            (80, 24),
            (100, 30),
            (120, 40),
            (160, 48),
            (200, 60),
            (300, 90),
        ] {
            let a = layout::areas(Rect::new(0, 0, w, h), net, 16);
            let (nw, nh) = a.scale.extent(a.net);
            assert!(nw + 2 <= a.cube.width, "{net:?} {w}x{h}: net fits across");
            // No empty box: as tall as the net, or a few rows more where
            // the status panel asks for them (16 lines and its border).
            let spare = a.cube.height - (nh + 2);
            assert!(
                spare <= 2 || a.status.height <= 16 + 2,
                "{net:?} {w}x{h}: {spare} spare rows"
            );
            assert!(
                a.moves.height >= MOVES_MIN_LINES + 2,
                "{net:?} {w}x{h}: moves"
            );
            assert!(a.energy.height >= 6, "{net:?} {w}x{h}: plots");
        }
    }
    // At 160x48 the strip uses most of its panel's width, with gaps.
    let a = layout::areas(Rect::new(0, 0, 160, 48), Net::Strip, 16);
    assert_eq!(a.net, Net::Strip);
    assert!(a.scale.extent(Net::Strip).0 * 10 >= a.cube.width * 7);
    assert!(a.scale.gap_x >= 1 && a.scale.face_x > a.scale.gap_x);
}

#[test]
fn long_sequences_show_their_tail_and_count() {
    let mut app = toy_app("R");
    let long: String = ["R U R' U'"; 100].join(" ");
    update(&mut app, Action::ApplyAlg(long));
    let text = render(&app, 80, 24);
    assert!(text.contains("scramble 401 moves: … "), "{text}");
    // The last move typed is on screen.
    let tail = text.lines().find(|l| l.contains("scramble 401")).unwrap();
    assert!(tail.contains("U'"), "{tail}");
}

#[test]
fn at_80x24_the_plots_get_six_rows_and_the_hint_bar_says_more() {
    let mut app = lettered(TURNED);
    update(&mut app, Action::StartPause);
    for _ in 0..20 {
        update(&mut app, Action::Tick);
    }
    let text = render(&app, 80, 24);
    insta::assert_snapshot!(text);
    let rows: Vec<&str> = text.lines().collect();
    let top = |title: &str| {
        rows.iter()
            .position(|r| r.contains(title))
            .unwrap_or_else(|| panic!("{title}\n{text}"))
    };
    // Rows of plot data: from under the energy panel's top border to the
    // x axis (`└` inside the panel).
    let energy = top("■ energy");
    let axis = (energy + 1..rows.len())
        .find(|&y| rows[y].starts_with("\"│    └"))
        .unwrap_or_else(|| panic!("no x axis\n{text}"));
    let data = axis - energy - 1;
    assert!(data >= 6, "{} plot rows\n{text}", data);
    // The moves panel: at most four lines inside its border.
    let moves = top("┌ moves");
    let bottom = (moves + 1..rows.len())
        .find(|&y| rows[y].starts_with("\"└"))
        .unwrap();
    assert!(bottom - moves - 1 <= 4, "{text}");
    // The hint bar is cut at 80 columns and says so.
    let hints = rows.last().unwrap().trim_matches('"').trim_end();
    assert!(hints.starts_with("space solve"), "{hints}");
    assert!(hints.ends_with("? more"), "{hints}");
    // Both nets leave six rows of data (plus border, axis and labels).
    for net in [Net::Strip, Net::Cross] {
        let a = layout::areas(Rect::new(0, 0, 80, 24), net, 16);
        assert!(a.energy.height >= 6 + 4, "{net:?}: {a:?}");
    }
}
