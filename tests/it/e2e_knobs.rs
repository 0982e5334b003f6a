//! End to end: the real binary in a pty runs `--preset ga`, `p` opens the
//! knobs panel, the mutation rate is selected and raised with `→`, and the
//! new value shows in the panel and the mark on the plot, within a couple
//! of screens (counted, not timed).
//!
//! It needs the GA to report live parameters (`Solver::live_values`); on a
//! build where it reports none the test says so and checks only that the
//! panel says so too.

use std::cell::RefCell;
use std::sync::Arc;

use cubetui_cube::Cube;

use crate::pty_support;

use pty_support::{Screen, Session, status};

const DOWN: &str = "\x1b[B";
const RIGHT: &str = "\x1b[C";

/// The panel row of `key` (`▸ key  value  range`): whether it is selected,
/// and its value.
fn row(screen: &str, key: &str) -> Option<(bool, String)> {
    screen.lines().find_map(|l| {
        let i = l.find(&format!(" {key} "))?;
        let selected = l[..i].ends_with('▸');
        let value = l[i + key.len() + 2..].split_whitespace().next()?;
        Some((selected, value.to_string()))
    })
}

#[test]
fn raising_the_ga_mutation_rate_from_the_panel_shows_in_the_panel_and_on_the_plot() {
    let ga = crate::shipped()
        .get("ga")
        .unwrap()
        .build(Cube::solved(), 2)
        .unwrap();
    let live = !ga.live_values().is_empty();
    let mut session = Session::start_sized(&["--preset", "ga", "--seed", "2"], &[], 48, 160);
    let screen = Screen(Arc::clone(&session.screen.0));
    screen.wait("the main screen", |s| {
        s.contains("status") && status(s, "state").is_some_and(|v| v == "idle")
    });
    // Run a little, then pause: from here on only keys change the screen.
    session.send(" ");
    screen.wait("the run", |s| {
        status(s, "state").is_some_and(|v| v == "running")
    });
    session.send(" ");
    screen.wait("the pause", |s| {
        status(s, "state").is_some_and(|v| v == "paused")
    });
    session.send("p");
    if !live {
        eprintln!(
            "the GA reports no live parameters in this build: only the panel's word is checked"
        );
        screen.wait("the panel's word", |s| {
            s.contains("┌ knobs ─") && s.contains("this solver has no parameters")
        });
        session.quit();
        return;
    }
    let s = screen.wait("the panel with the mutation rate", |s| {
        s.contains("┌ knobs ─") && row(s, "mutation_rate").is_some()
    });
    let (_, before) = row(&s, "mutation_rate").unwrap();
    // Down until the mutation rate is selected (each press is one screen).
    for _ in 0..12 {
        if row(&screen.text(), "mutation_rate").is_some_and(|(sel, _)| sel) {
            break;
        }
        let was = screen.text();
        session.send(DOWN);
        screen.wait("the next row", |s| s != was);
    }
    // The row and its meaning in one wait (a frame may be read half-painted).
    screen.wait("the mutation rate selected and its meaning shown", |s| {
        row(s, "mutation_rate").is_some_and(|(sel, _)| sel) && s.contains("probability")
    });
    // Raise it: count the screens until the panel shows the new value.
    let was = screen.text();
    session.send(RIGHT);
    let screens = RefCell::new(vec![was]);
    let s = screen.wait("the new value", |s| {
        let mut seen = screens.borrow_mut();
        if seen.last().is_none_or(|l| l != s) {
            seen.push(s.to_string());
        }
        row(s, "mutation_rate").is_some_and(|(_, v)| v != before)
    });
    let screens = screens.into_inner();
    eprintln!(
        "the new value showed {} screen(s) after the key",
        screens.len() - 1
    );
    let (_, after) = row(&s, "mutation_rate").unwrap();
    let after_f: f64 = after.parse().unwrap();
    let before_f: f64 = before.parse().unwrap();
    assert!(after_f > before_f, "{before} → {after}");
    // The key's screen (the message), then the runner's answer: at most a
    // partly read screen more.
    assert!(
        screens.len() - 1 <= 3,
        "the new value took {} screens",
        screens.len() - 1
    );
    assert!(
        s.contains(&format!("mutation_rate {before} → {after}")),
        "the message line lists it:\n{s}"
    );
    screen.wait("the mark on the plot", |s| {
        s.contains(&format!("mutation_rate {before}→{after} at"))
    });
    // The panel closes over a run still paused where it was.
    session.send("p");
    screen.wait("the status again", |s| {
        !s.contains("┌ knobs ─") && status(s, "state").is_some_and(|v| v == "paused")
    });
    session.quit();
}
