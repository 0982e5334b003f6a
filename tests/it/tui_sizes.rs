//! Every solver's screen renders at every size from 0×0 to 200×60, idle,
//! running and solved (the real presets, not a toy): the "too small" notice
//! below 80×24, the panels with the right preset from there on.

use crate::tui_support;

use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::{layout, ui};
use cubetui_run::runner::{Inline, RunState, Speed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::preset_choice;

fn choices() -> Vec<Choice> {
    crate::shipped()
        .list()
        .into_iter()
        // The 3x3's presets (the other sizes' screens: tests/it/tui_nxn.rs).
        .filter(|name| crate::shipped().info(name).unwrap().fits(3))
        .map(|name| preset_choice(name, crate::shipped().info(name).unwrap().description))
        .collect()
}

/// The three screens of preset `i`: idle, running, and solved (or as far as
/// 400 frames get on a one-move scramble).
fn screens(i: usize) -> [App; 3] {
    let app = |alg: &str| {
        let mut a = App::new(choices(), i, 7, Box::new(Inline::new(Speed::PerFrame(10))));
        update(&mut a, Action::ApplyAlg(alg.into()));
        a
    };
    let idle = app("R U F' D2");
    let mut running = app("R U F' D2");
    update(&mut running, Action::StartPause);
    for _ in 0..3 {
        update(&mut running, Action::Tick);
    }
    let mut solved = app("R");
    update(&mut solved, Action::StartPause);
    for _ in 0..400 {
        if solved.state().finished() {
            break;
        }
        update(&mut solved, Action::Tick);
    }
    update(&mut solved, Action::PlayForward);
    [idle, running, solved]
}

/// The rows of the drawn screen, as text.
fn rows(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// What every size must show: below 80×24 only the "too small" notice
/// (the size needed and the size now, wrapped between words over rows
/// centred in the screen, as many as fit); from there on the panels, the
/// status naming the preset, and the key hints.
fn check(rows: &[String], w: u16, h: u16, preset: &str) {
    let at = format!("{w}×{h} ({preset})");
    if w == 0 || h == 0 {
        return;
    }
    if w < ui::MIN_WIDTH || h < ui::MIN_HEIGHT {
        let notice = format!(
            "too small: need {}×{}, now {w}×{h}",
            ui::MIN_WIDTH,
            ui::MIN_HEIGHT
        );
        let shown: Vec<(usize, &str)> = rows
            .iter()
            .map(|r| r.trim())
            .enumerate()
            .filter(|(_, t)| !t.is_empty())
            .collect();
        assert!(!shown.is_empty(), "{at}: nothing shown");
        // One block of rows, with no gap, centred (to a row).
        let (first, last) = (shown[0].0, shown[shown.len() - 1].0);
        assert_eq!(last - first + 1, shown.len(), "{at}: {rows:?}");
        let below = usize::from(h) - 1 - last;
        assert!(first.abs_diff(below) <= 1, "{at}: {rows:?}");
        for (_, t) in &shown {
            assert!(t.chars().count() <= usize::from(w), "{at}: {t:?}");
        }
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let words = squeeze(&shown.iter().map(|(_, t)| *t).collect::<String>());
        if first > 0 || last + 1 < usize::from(h) {
            // Room to spare: the whole notice, in order (a word longer than
            // the screen cut into pieces).
            assert_eq!(words, squeeze(&notice), "{at}: {rows:?}");
        } else {
            assert!(squeeze(&notice).starts_with(&words), "{at}: {rows:?}");
        }
        return;
    }
    let status = usize::from(w - layout::STATUS_WIDTH);
    let top: String = rows[0].chars().skip(status).collect();
    assert!(rows[0].starts_with('┌'), "{at}: {:?}", rows[0]);
    assert!(top.starts_with("┌ status "), "{at}: {:?}", rows[0]);
    assert!(top.ends_with('┐'), "{at}: {:?}", rows[0]);
    assert!(
        rows[1].contains(&format!("│preset      {preset}")),
        "{at}: {:?}",
        rows[1]
    );
    // The hint bar: the most important keys first, `?` last (`? more`
    // when some hints were cut).
    let hints = rows[usize::from(h) - 1].trim_end();
    assert!(hints.starts_with("space solve"), "{at}: {hints:?}");
    assert!(
        hints.ends_with("? help") || hints.ends_with("? more"),
        "{at}: {hints:?}"
    );
}

#[test]
fn every_solver_renders_at_every_size_idle_running_and_solved() {
    let names: Vec<_> = crate::shipped()
        .list()
        .into_iter()
        .filter(|name| crate::shipped().info(name).unwrap().fits(3))
        .collect();
    let mut all: Vec<[App; 3]> = (0..names.len()).map(screens).collect();
    // Half the screens show the cross net, half the strip.
    for (i, app) in all.iter_mut().flatten().enumerate() {
        if i % 2 == 1 {
            update(app, Action::ToggleLayout);
        }
    }
    // Some presets solve a one-move scramble: their solved screen is covered.
    assert!(all.iter().any(|s| s[2].state() == RunState::Solved));
    let mut t = Terminal::new(TestBackend::new(1, 1)).unwrap();
    for w in 0..=200u16 {
        for h in 0..=60u16 {
            t.backend_mut().resize(w, h);
            t.resize(ratatui::layout::Rect::new(0, 0, w, h)).unwrap();
            let k = usize::from(w) * 61 + usize::from(h);
            let i = k % all.len();
            let app = &all[i][(k / all.len()) % 3];
            t.draw(|f| ui::draw(f, app)).unwrap();
            check(&rows(&t), w, h, names[i]);
        }
    }
    // And every screen at the sizes the README names, in both nets.
    for (i, app) in all.iter_mut().flatten().enumerate() {
        for _ in 0..2 {
            for (w, h) in [(80, 24), (120, 40), (160, 48), (200, 60)] {
                t.backend_mut().resize(w, h);
                t.resize(ratatui::layout::Rect::new(0, 0, w, h)).unwrap();
                t.draw(|f| ui::draw(f, app)).unwrap();
                check(&rows(&t), w, h, names[i / 3]);
            }
            update(app, Action::ToggleLayout);
        }
    }
}
