//! Every solver's screen renders at every size from 0×0 to 200×60, idle,
//! running and solved, without a panic (the real presets, not a toy).

use cubetui::solve::preset;
use cubetui::solve::runner::{Inline, RunState, Speed};
use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn choices() -> Vec<Choice> {
    preset::list()
        .into_iter()
        .map(|name| {
            let cfg = preset::get(name).expect("preset builds");
            Choice {
                preset: name.to_string(),
                solver: cfg.name().to_string(),
                description: preset::info(name).unwrap().description,
                build: Box::new(move |start, seed| cfg.build(start, seed)),
            }
        })
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

#[test]
fn every_solver_renders_at_every_size_idle_running_and_solved() {
    let mut all: Vec<[App; 3]> = (0..preset::list().len()).map(screens).collect();
    // Half the screens show the cross net, half the strip.
    for (i, app) in all.iter_mut().flatten().enumerate() {
        if i % 2 == 1 {
            update(app, Action::ToggleLayout);
        }
    }
    // Some presets solve a one-move scramble: their solved screen is covered.
    assert!(all.iter().any(|s| s[2].state() == RunState::Solved));
    let mut t = Terminal::new(TestBackend::new(1, 1)).unwrap();
    let mut n = 0;
    for w in 0..=200u16 {
        for h in 0..=60u16 {
            t.backend_mut().resize(w, h);
            t.resize(ratatui::layout::Rect::new(0, 0, w, h)).unwrap();
            let k = usize::from(w) * 61 + usize::from(h);
            let app = &all[k % all.len()][(k / all.len()) % 3];
            t.draw(|f| ui::draw(f, app)).unwrap();
            n += 1;
        }
    }
    assert_eq!(n, 201 * 61);
    // And every screen at the sizes the README names, in both nets.
    for app in all.iter_mut().flatten() {
        for _ in 0..2 {
            for (w, h) in [(80, 24), (120, 40), (160, 48), (200, 60)] {
                t.backend_mut().resize(w, h);
                t.resize(ratatui::layout::Rect::new(0, 0, w, h)).unwrap();
                t.draw(|f| ui::draw(f, app)).unwrap();
            }
            update(app, Action::ToggleLayout);
        }
    }
}
