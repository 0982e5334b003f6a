//! End to end: `cubetui replay FILE` in a pseudo-terminal opens the screen
//! on the recorded run (no solver), the cursor keys and space move its step
//! counter, and `q`, Ctrl-C and SIGTERM give the terminal back; a bad file
//! is refused before the screen opens.

use crate::pty_support;

use pty_support::{Session, status};

const STATES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run-states.jsonl");
const OLD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/run-mws.jsonl");

/// The step counter of the replay's status panel (the header's step unit).
fn step(s: &str) -> Option<String> {
    status(s, "window move")
}

/// Opens the replay of `file` and waits for its first point.
fn open(file: &str) -> Session {
    let session = Session::start(&["replay", file], &[]);
    session.screen.wait("the replay screen", |s| {
        s.contains("replay") && step(s).as_deref() == Some("0")
    });
    session
}

#[test]
fn the_keys_move_the_step_counter_and_q_restores_the_terminal() {
    let mut session = open(STATES);
    assert!(!session.cooked(), "raw mode while the screen is up");
    let screen = &session.screen;
    let s = screen.text();
    assert!(s.contains("point       1/35 · paused"), "{s}");
    session.send("\x1b[C");
    session
        .screen
        .wait("→: the next point", |s| step(s).as_deref() == Some("1"));
    session.send("\x1b[F");
    // One wait for both (a frame may be read half-painted).
    session.screen.wait("end: the last point, 35/35", |s| {
        step(s).as_deref() == Some("34") && s.contains("35/35")
    });
    session.send("\x1b[H");
    session
        .screen
        .wait("home: the first point", |s| step(s).as_deref() == Some("0"));
    // Space plays back: the counter moves by itself (the whole run in ~10 s).
    session.send(" ");
    session.screen.wait("playback", |s| {
        s.contains("playing") && step(s).is_some_and(|v| v != "0")
    });
    // A key that would drive a solver says there is none.
    session.send("s");
    session
        .screen
        .wait("no solver", |s| s.contains("replay: no solver"));
    session.quit();
    session.assert_restored();
}

#[test]
fn an_older_file_without_states_opens_and_ctrl_c_quits() {
    let mut session = open(OLD);
    session
        .screen
        .wait("the note", |s| s.contains("no states recorded"));
    session.send("\x1b[F");
    session
        .screen
        .wait("end", |s| step(s).as_deref() == Some("17"));
    session.send("\x03");
    let code = session.exit_status();
    assert!(code.success(), "Ctrl-C quits: {code:?}");
    session.assert_restored();
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut session = open(STATES);
    session.signal(libc::SIGTERM);
    let code = session.exit_status();
    assert_eq!(code.exit_code(), 128 + libc::SIGTERM as u32, "{code:?}");
    session.assert_restored();
}

#[test]
fn a_bad_file_is_refused_with_exit_3_before_the_screen_opens() {
    let dir = std::env::temp_dir().join(format!("cubetui-e2e-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("garbage.jsonl");
    std::fs::write(&bad, "hello world\n").unwrap();
    let mut session = Session::start(&["replay", bad.to_str().unwrap()], &[]);
    let code = session.exit_status();
    assert_eq!(code.exit_code(), 3, "screen:\n{}", session.screen.text());
    let raw = String::from_utf8_lossy(&session.raw.lock().unwrap()).to_string();
    assert!(raw.contains("not a run file"), "{raw}");
    assert!(
        !raw.contains("\x1b[?1049h"),
        "never entered the alternate screen"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
