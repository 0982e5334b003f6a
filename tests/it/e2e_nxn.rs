//! End to end: the real binary opened on a 4×4 (`--size 4`) in
//! a pseudo-terminal: a face turned from the keyboard, a scramble, a run
//! of `sa-faces`, then quit with the terminal restored.

use std::sync::Arc;

use crate::pty_support;

use pty_support::{Screen, Session, status};

#[test]
fn a_4x4_turns_scrambles_runs_and_quits() {
    let mut session = Session::start_sized(
        &[
            "--size", "4", "--seed", "3", "--preset", "sa-faces", "--fps", "30",
        ],
        &[],
        48,
        160,
    );
    let screen = Screen(Arc::clone(&session.screen.0));
    screen.wait("the 4x4 screen", |s| {
        status(s, "size").is_some_and(|v| v.starts_with("4x4"))
            && status(s, "state").is_some_and(|v| v == "idle")
            && s.contains("sa-faces")
    });

    // Back to solved, then turn U from the keyboard: the start's facelets change.
    session.send("x");
    // The whole frame (the start row too), not one half-painted.
    let before = screen.wait("the solved 4x4", |s| {
        s.contains("scramble (solved)") && status(s, "start").is_some()
    });
    let solved = status(&before, "start").expect("the start row");
    assert!(solved.starts_with("UUUUUUUUUUUUUUUURRRRRRRR"), "{solved}");
    session.send("u");
    // Both rows of the frame, not one of a half-painted frame.
    let after = screen.wait("the turn", |s| {
        s.contains("scramble 1 move: U") && status(s, "start").is_some_and(|v| v != solved)
    });
    let turned = status(&after, "start").expect("the start row");
    assert!(
        !turned.starts_with("UUUUUUUUUUUUUUUURRRR"),
        "the facelets changed: {turned}"
    );

    // A scramble of WCA's random-move length for the 4×4.
    session.send("s");
    screen.wait("the scramble", |s| {
        s.contains("40-move random-move scramble")
    });

    // Start: the run leaves idle and its step counter moves.
    session.send(" ");
    let s = screen.wait("the run", |s| {
        status(s, "iteration").is_some_and(|v| v != "0")
    });
    assert!(
        status(&s, "state").is_some_and(|v| v == "running" || v == "solved" || v == "exhausted"),
        "{s}"
    );

    // Quit: exit status 0, the terminal back to normal.
    session.send("q");
    let code = session.exit_status();
    assert!(code.success(), "exit status {code:?}");
    session.assert_restored();
}

/// `--preset` with `--size` starts on that preset, not on the first one
/// that runs on the size (`4x4-sa` comes after `sa-faces` in the list).
#[test]
fn the_preset_asked_for_is_the_one_on_the_screen() {
    let mut session = Session::start_sized(
        &["--size", "4", "--seed", "3", "--preset", "4x4-sa"],
        &[],
        48,
        160,
    );
    let screen = Screen(Arc::clone(&session.screen.0));
    let s = screen.wait("the 4x4 screen", |s| {
        status(s, "size").is_some_and(|v| v.starts_with("4x4"))
    });
    let preset = status(&s, "preset").expect("the preset row");
    assert!(preset.starts_with("4x4-sa"), "{preset}");
    session.send("q");
    assert!(session.exit_status().success());
}
