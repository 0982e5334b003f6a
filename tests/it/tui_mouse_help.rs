//! The mouse and the help popup (and the help at 80×24):
//! the wheel over a plot zooms, elsewhere it does nothing; the help
//! scrolls so every row is reachable at 80×24.

use crate::tui_support;

use cubetui::tui::app::App;
use cubetui::tui::keys::{Action, BINDINGS, HelpScroll};
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::toy_app;

const SCRAMBLE: &str = "R U F' L2 D B";

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

fn wheel(app: &mut App, up: bool, column: u16, row: u16) {
    update(app, Action::Wheel { up, column, row });
}

#[test]
fn the_wheel_over_a_plot_zooms_and_elsewhere_does_nothing() {
    let mut app = toy_app(SCRAMBLE);
    // Before the size is known nothing is under the mouse.
    wheel(&mut app, true, 20, 26);
    assert_eq!(app.plot_view().zoom, 0);
    update(&mut app, Action::Resize(100, 30));
    let text = render(&app, 100, 30);
    // Three rows under the plots' top border: inside both plots (energy
    // on the left, aux on the right).
    let top = text.lines().position(|l| l.contains("■ energy")).unwrap();
    let r = top as u16 + 3;
    assert!(r < 28, "{text}");
    wheel(&mut app, true, 20, r);
    assert_eq!(app.plot_view().zoom, 1);
    wheel(&mut app, true, 90, r);
    assert_eq!(app.plot_view().zoom, 2, "the side plot too");
    wheel(&mut app, false, 20, r);
    assert_eq!(app.plot_view().zoom, 1, "down: one step out");
    // The cube, the status panel and the hint bar do not zoom.
    for (c, r) in [(5, 2), (80, 5), (10, 29)] {
        wheel(&mut app, true, c, r);
        assert_eq!(app.plot_view().zoom, 1, "at {c},{r}");
    }
    wheel(&mut app, false, 20, r);
    wheel(&mut app, false, 20, r);
    assert_eq!(app.plot_view().zoom, 0, "no further out than the whole run");
    // A click off any race does nothing.
    update(&mut app, Action::Click { column: 20, row: r });
    assert!(app.race().is_none());
}

/// Every row of the help, scrolled through page by page at `w`×`h`.
fn all_pages(app: &mut App, w: u16, h: u16) -> String {
    update(app, Action::Resize(w, h));
    update(app, Action::ScrollHelp(HelpScroll::Top));
    let mut page = render(app, w, h);
    let mut text = page.clone();
    for _ in 0..20 {
        if !page.contains("more ↓") {
            return text;
        }
        update(app, Action::ScrollHelp(HelpScroll::PageDown));
        page = render(app, w, h);
        text.push_str(&page);
    }
    panic!("the help never reached its end:\n{text}");
}

#[test]
fn every_help_row_is_reachable_at_80x24() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::ToggleHelp);
    let text = all_pages(&mut app, 80, 24);
    for b in BINDINGS {
        assert!(text.contains(b.help), "help line missing: {}", b.help);
    }
    for (state, _) in cubetui::tui::panels::words::WORDS {
        assert!(text.contains(&format!(" {:<14}", state.name())), "{text}");
    }
}

#[test]
fn the_help_scrolls_with_the_keys_and_the_wheel() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::Resize(80, 24));
    update(&mut app, Action::ToggleHelp);
    let top = render(&app, 80, 24);
    assert!(top.contains("more ↓") && !top.contains("↑ more"), "{top}");
    insta::assert_snapshot!("help_80x24_top", top);
    update(&mut app, Action::ScrollHelp(HelpScroll::Down));
    assert_eq!(app.help_scroll(), 1);
    update(&mut app, Action::ScrollHelp(HelpScroll::Up));
    update(&mut app, Action::ScrollHelp(HelpScroll::Up));
    assert_eq!(app.help_scroll(), 0, "not above the top");
    update(&mut app, Action::ScrollHelp(HelpScroll::Bottom));
    let end = app.help_scroll();
    assert!(end > 0);
    update(&mut app, Action::ScrollHelp(HelpScroll::PageDown));
    assert_eq!(app.help_scroll(), end, "not past the end");
    let bottom = render(&app, 80, 24);
    assert!(bottom.contains("↑ more") && !bottom.contains("more ↓"));
    assert!(bottom.contains("stopped"), "{bottom}");
    insta::assert_snapshot!("help_80x24_bottom", bottom);
    // The wheel over the help scrolls it, not the plots.
    wheel(&mut app, true, 40, 12);
    assert_eq!(app.help_scroll(), end - 1);
    assert_eq!(app.plot_view().zoom, 0);
    // Closing and opening again starts at the top.
    update(&mut app, Action::ToggleHelp);
    update(&mut app, Action::ToggleHelp);
    assert_eq!(app.help_scroll(), 0);
}

#[test]
fn the_whole_help_shows_at_160x48() {
    let mut app = toy_app(SCRAMBLE);
    update(&mut app, Action::Resize(160, 48));
    update(&mut app, Action::ToggleHelp);
    update(&mut app, Action::ScrollHelp(HelpScroll::Bottom));
    assert_eq!(app.help_scroll(), 0, "nothing to scroll");
    let text = render(&app, 160, 48);
    assert!(!text.contains("more"), "{text}");
    insta::assert_snapshot!("help_160x48", text);
}
