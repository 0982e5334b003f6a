//! End to end: the screen under input bursts, pastes, suspend and
//! repaint — the real binary in a pseudo-terminal.

use std::time::{Duration, Instant};

use crate::pty_support;

use pty_support::Session;

fn start() -> Session {
    let session = Session::start(&["--seed", "3", "--preset", "sa-pll-conj"], &[]);
    session.screen.wait("the main screen", |s| {
        s.contains("status") && s.contains("sa-pll-conj")
    });
    session
}

/// Waits (up to `secs`) for the process to end and its last output to be
/// read; `None` if it is still running.
fn ended_within(session: &mut Session, secs: u64) -> Option<portable_pty::ExitStatus> {
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(secs) {
        if let Some(st) = session.child.try_wait().unwrap() {
            session
                .drained
                .recv_timeout(Duration::from_secs(10))
                .expect("the output ends once the process has exited");
            return Some(st);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn a_ten_kilobyte_burst_is_read_and_esc_then_q_quit() {
    let mut session = start();
    session.send(":");
    session
        .screen
        .wait("the prompt", |s| s.contains("alg:") || s.contains("enter"));
    let burst = "R U R' U' ".repeat(1000);
    assert_eq!(burst.len(), 10_000);
    session.send(&burst);
    session.send("\x1b");
    std::thread::sleep(Duration::from_millis(100));
    session.send("q");
    let st = ended_within(&mut session, 20);
    if st.is_none() {
        let _ = session.child.kill();
        panic!(
            "still running after esc, q; screen:\n{}",
            session.screen.text()
        );
    }
    assert!(st.unwrap().success());
}

/// The process's scheduler state from /proc (`T`: stopped).
fn proc_state(session: &Session) -> char {
    let pid = session.child.process_id().expect("a pid");
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state follows the command name in parentheses.
    stat.rsplit(')')
        .next()
        .and_then(|r| r.trim().chars().next())
        .unwrap_or('?')
}

fn wait_for(what: &str, secs: u64, pred: impl Fn() -> bool) {
    let t = Instant::now();
    while !pred() {
        assert!(
            t.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn bracketed_paste(session: &Session) -> bool {
    session.screen.0.lock().unwrap().screen().bracketed_paste()
}

fn mouse_capture(session: &Session) -> bool {
    session
        .screen
        .0
        .lock()
        .unwrap()
        .screen()
        .mouse_protocol_mode()
        != vt100::MouseProtocolMode::None
}

fn alternate_screen(session: &Session) -> bool {
    session.screen.0.lock().unwrap().screen().alternate_screen()
}

/// The prompt's text as the bottom rows show it.
fn prompt_line(screen: &str) -> Option<String> {
    screen
        .lines()
        .find(|l| l.starts_with("alg: "))
        .map(str::to_string)
}

#[test]
fn a_multi_line_paste_is_prompt_text_never_keys() {
    let mut session = start();
    assert!(
        bracketed_paste(&session),
        "bracketed paste is on while the screen is up"
    );
    // Into the open prompt: line breaks become spaces, no line runs as keys
    // (`q` would quit, ` ` would start a solve, `x` would reset).
    session.send(":");
    session
        .screen
        .wait("the prompt", |s| prompt_line(s).is_some());
    session.send("\x1b[200~R U\nq\n x\r\nF'\x1b[201~");
    let s = session.screen.wait("the pasted text", |s| {
        prompt_line(s).is_some_and(|l| l.contains("R U q  x  F'"))
    });
    assert!(s.contains("idle"), "nothing ran:\n{s}");
    session.send("\x1b");
    session
        .screen
        .wait("the prompt closed", |s| prompt_line(s).is_none());
    // Outside the prompt: the paste opens the prompt with it.
    session.send("\x1b[200~D2\nF\x1b[201~");
    session.screen.wait("the prompt opened by a paste", |s| {
        prompt_line(s).is_some_and(|l| l.contains("D2 F"))
    });
    session.send("\r");
    session.screen.wait("the pasted moves applied", |s| {
        prompt_line(s).is_none() && s.contains("D2 F")
    });
    session.send("q");
    let st = ended_within(&mut session, 20).expect("q quits");
    assert!(st.success());
    assert!(
        !bracketed_paste(&session),
        "bracketed paste is off again after q"
    );
}

#[test]
fn a_termination_signal_turns_bracketed_paste_off() {
    let mut session = start();
    assert!(bracketed_paste(&session));
    session.signal(libc::SIGTERM);
    ended_within(&mut session, 20).expect("SIGTERM ends the screen");
    assert!(
        !bracketed_paste(&session),
        "bracketed paste off after SIGTERM"
    );
    assert!(!mouse_capture(&session), "mouse capture off after SIGTERM");
    assert!(session.cooked());
}

/// Stops the screen with `stop`, checks the shell gets a normal terminal,
/// continues it and checks the screen is back, raw, and quits on a bare `q`.
fn suspend_and_continue(stop: impl FnOnce(&mut Session)) {
    let mut session = start();
    stop(&mut session);
    wait_for("the process to stop", 20, || proc_state(&session) == 'T');
    wait_for("the main screen back", 10, || !alternate_screen(&session));
    assert!(session.cooked(), "cooked mode while stopped");
    assert!(
        !bracketed_paste(&session),
        "bracketed paste off while stopped"
    );
    assert!(!mouse_capture(&session), "mouse capture off while stopped");
    assert!(!session.screen.0.lock().unwrap().screen().hide_cursor());
    session.signal(libc::SIGCONT);
    wait_for("the screen again", 20, || alternate_screen(&session));
    session
        .screen
        .wait("the screen repainted", |s| s.contains("status"));
    wait_for("raw mode again", 10, || !session.cooked());
    assert!(bracketed_paste(&session), "bracketed paste on again");
    assert!(mouse_capture(&session), "mouse capture on again");
    session.send("q");
    let st = ended_within(&mut session, 20).expect("a bare q quits: raw mode");
    assert!(st.success(), "{st:?}");
}

#[test]
fn ctrl_z_gives_the_terminal_back_and_fg_brings_the_screen_back() {
    suspend_and_continue(|s| s.send("\x1a"));
}

#[test]
fn sigtstp_gives_the_terminal_back_and_sigcont_brings_the_screen_back() {
    suspend_and_continue(|s| s.signal(libc::SIGTSTP));
}

/// Writes `SCRIBBLE` over the screen as another program would, then
/// `repaint` must paint it over.
fn scribble_is_painted_over(repaint: impl FnOnce(&mut Session)) {
    let mut session = start();
    session
        .screen
        .0
        .lock()
        .unwrap()
        .process(b"\x1b[2;3HSCRIBBLE\x1b[12;40HSCRIBBLE");
    assert!(session.screen.text().contains("SCRIBBLE"));
    repaint(&mut session);
    session.screen.wait("the scribbles painted over", |s| {
        !s.contains("SCRIBBLE") && s.contains("status")
    });
    session.send("q");
    ended_within(&mut session, 20).expect("q quits");
}

#[test]
fn ctrl_l_repaints_the_whole_screen() {
    scribble_is_painted_over(|s| s.send("\x0c"));
}

#[test]
fn sigcont_after_sigstop_repaints_the_whole_screen() {
    scribble_is_painted_over(|s| {
        s.signal(libc::SIGSTOP);
        wait_for("the process to stop", 20, || proc_state(s) == 'T');
        s.signal(libc::SIGCONT);
    });
}

/// The wheel (an SGR mouse report, as terminals send it) over the energy
/// plot zooms; with the help open, the keys scroll it; `q` still quits and
/// gives the mouse back.
#[test]
fn the_wheel_zooms_the_plot_and_the_help_scrolls() {
    let mut session = start();
    assert!(mouse_capture(&session));
    // Column 21, row 22 (1-based): inside the energy plot at 100×30.
    session.send("\x1b[<64;21;22M");
    session.screen.wait("the zoom message", |s| {
        s.contains("zoom: the last 1/2 of the run")
    });
    session.send("\x1b[<65;21;22M");
    session
        .screen
        .wait("the whole run again", |s| s.contains("zoom: the whole run"));
    session.send("?");
    session.screen.wait("the help, cut", |s| {
        s.contains("keys (? or esc") && s.contains("more ↓")
    });
    // End (as xterm sends it) scrolls to the last row. Both ends of the
    // popup in one wait: a frame is read back while it is being painted.
    session.send("\x1b[F");
    session
        .screen
        .wait("the help's end, down to its last row", |s| {
            s.contains("↑ more") && s.contains("stopped")
        });
    session.send("q");
    let st = ended_within(&mut session, 20).expect("q quits");
    assert!(st.success(), "{st:?}");
    assert!(!mouse_capture(&session), "mouse capture off after quitting");
}

/// The start of a mouse report whose end never comes.
const TORN_MOUSE: &str = "\x1b[<3;65";

/// Sends a torn mouse report, then (after the time-out) `key`.
fn torn_then(session: &mut Session, key: &str) {
    session.send(TORN_MOUSE);
    std::thread::sleep(Duration::from_millis(400));
    session.send(key);
}

#[test]
fn a_torn_mouse_report_times_out_and_the_keys_after_it_work() {
    let mut session = start();
    // Space starts the run, space again pauses it.
    torn_then(&mut session, " ");
    session.screen.wait("the run started by space", |s| {
        pty_support::status(s, "state").is_some_and(|v| v == "running")
    });
    torn_then(&mut session, " ");
    session.screen.wait("the run paused by space", |s| {
        pty_support::status(s, "state").is_some_and(|v| v == "paused")
    });
    // `:` opens the prompt, esc closes it.
    torn_then(&mut session, ":");
    session
        .screen
        .wait("the prompt", |s| prompt_line(s).is_some());
    torn_then(&mut session, "\x1b");
    session
        .screen
        .wait("the prompt closed by esc", |s| prompt_line(s).is_none());
    // A key in the same read as the torn report is not swallowed either.
    session.send(&format!("{TORN_MOUSE}q"));
    let st = ended_within(&mut session, 10);
    if st.is_none() {
        let _ = session.child.kill();
        panic!(
            "q after a torn report did not quit:\n{}",
            session.screen.text()
        );
    }
    assert!(st.unwrap().success());
    session.assert_restored();
}

#[test]
fn ctrl_c_after_a_torn_mouse_report_quits() {
    let mut session = start();
    torn_then(&mut session, "\x03");
    let st = ended_within(&mut session, 10);
    if st.is_none() {
        let _ = session.child.kill();
        panic!(
            "ctrl-c after a torn report did not quit:\n{}",
            session.screen.text()
        );
    }
    session.assert_restored();
}

#[test]
fn a_resize_redraws_at_the_new_size() {
    let mut session = start();
    let (rows, cols) = (pty_support::ROWS + 6, pty_support::COLS + 20);
    session
        .screen
        .0
        .lock()
        .unwrap()
        .set_size(pty_support::nz(rows), pty_support::nz(cols));
    session
        .master
        .resize(portable_pty::PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    session
        .screen
        .wait("the hint bar on the new last row", |s| {
            s.lines()
                .nth(usize::from(rows) - 1)
                .is_some_and(|l| l.contains("quit"))
        });
    session.quit();
}
