//! End to end: the real binary in a pseudo-terminal, keys typed, the screen
//! read back through a vt100 parser, then quit with exit status 0; and the
//! terminal restored after a panic or a termination signal.

use std::sync::Arc;

use cubetui::tui::{
    self,
    app::{App, Choice},
};
use cubetui_run::runner::{Command, Driver, Inline, Speed, Update, Wake};

use crate::pty_support;

use pty_support::{Screen, Session, cube_rows, status};

#[test]
fn binary_in_a_pty_turns_runs_and_quits() {
    let mut session = Session::start(
        &["--seed", "3", "--preset", "sa-pll-conj", "--fps", "30"],
        &[],
    );
    let screen = Screen(Arc::clone(&session.screen.0));
    let mut send = |s: &str| session.send(s);

    // The first frame can be read half drawn: wait for the state row too.
    let s = screen.wait("the main screen", |s| {
        let states = [
            "idle",
            "running",
            "paused",
            "solved",
            "exhausted",
            "stopped",
        ];
        s.contains("status")
            && s.contains("sa-pll-conj")
            && status(s, "state").is_some_and(|v| states.contains(&v.as_str()))
    });
    assert_eq!(status(&s, "state").as_deref(), Some("idle"));
    // The screen opens on a scrambled cube and says how to solve it.
    screen.wait("the hint to solve", |s| {
        s.contains("space solves it") && s.contains("scramble random state")
    });

    // Back to solved, letters on, then turn R: the cube and the move log change.
    send("x");
    send("c");
    let before = screen.wait("letters on a solved cube", |s| {
        // Spaced as the scale gives: the words of the cube's rows.
        let rows = cube_rows(s).concat();
        let words = rows.split_whitespace().collect::<Vec<_>>().join(" ");
        words.contains("U U U") && !s.contains("space solves it")
    });
    send("r");
    let after = screen.wait("the turn", |s| s.contains("scramble 1 move: R"));
    assert_ne!(cube_rows(&before), cube_rows(&after), "the cube changed");

    // Start: the solver leaves idle and its iteration count moves.
    send(" ");
    let s = screen.wait("the run", |s| {
        status(s, "state").is_some_and(|v| v == "running" || v == "solved")
    });
    let it = status(&s, "iteration").expect("iteration shown");
    assert_ne!(it, "0", "iteration moved");

    // Quit: exit status 0, and the terminal is back to normal.
    send("q");
    let code = session.exit_status();
    assert!(code.success(), "exit status {code:?}");
    let parser = session.screen.0.lock().unwrap();
    assert!(
        !parser.screen().alternate_screen(),
        "left the alternate screen"
    );
    assert!(!parser.screen().hide_cursor(), "cursor shown again");
}

#[test]
fn binary_in_a_pty_races_and_quits() {
    let mut session = Session::start(
        &[
            "--race",
            "sa-pll-conj,mws,reference",
            "--seed",
            "3",
            "--fps",
            "30",
        ],
        &[],
    );
    let screen = Screen(Arc::clone(&session.screen.0));
    // Every lane, the shared plot and the note under it.
    screen.wait("the race", |s| {
        s.contains("race · 3 lanes")
            && ["sa-pll-conj", "mws", "reference"]
                .iter()
                .all(|p| s.contains(p))
            && s.contains("each lane's own CPU time")
            && s.contains("moves to solved")
    });
    // m switches the shared plot to misplaced stickers.
    session.send("m");
    screen.wait("the misplaced-sticker plot", |s| {
        s.contains("misplaced-sticker energy")
    });
    // The race key leaves for the single run, and opens a race again.
    session.send("w");
    screen.wait("the single run", |s| {
        s.contains("status") && !s.contains("race ·")
    });
    session.send("w");
    screen.wait("the default race", |s| s.contains("race · 4 lanes"));
    session.send("q");
    let code = session.exit_status();
    assert!(code.success(), "exit status {code:?}");
    assert!(session.cooked(), "cooked mode again");
    let parser = session.screen.0.lock().unwrap();
    assert!(
        !parser.screen().alternate_screen(),
        "left the alternate screen"
    );
    assert!(!parser.screen().hide_cursor(), "cursor shown again");
}

/// A driver that panics the first time the screen waits on it: right after
/// its first frame, with the terminal in raw mode on the alternate screen.
struct PanicsAfterFirstFrame(Inline);

impl Driver for PanicsAfterFirstFrame {
    fn send(&mut self, cmd: Command) {
        self.0.send(cmd);
    }
    fn poll(&mut self) -> Update {
        self.0.poll()
    }
    fn frame(&mut self) {
        self.0.frame();
    }
    fn wait(&mut self) -> Wake<'_> {
        panic!("the screen panicked on purpose");
    }
}

/// The child of [`a_panic_still_restores_the_terminal`], run in its
/// pseudo-terminal: the real screen (`tui::run`, which installs the
/// terminal-restoring panic hook) over a driver that panics, with the
/// binary's own error reporting (`color_eyre`) installed first as `main`
/// does. Does nothing elsewhere.
#[test]
#[ignore = "a child process of a_panic_still_restores_the_terminal"]
fn panicking_screen() {
    if std::env::var_os(PANIC_CHILD).is_none() {
        return;
    }
    color_eyre::install().expect("install color-eyre");
    let name = "sa-pll-conj";
    let cfg = crate::shipped().get(name).expect("preset builds");
    let choice = Choice {
        preset: name.to_string(),
        solver: cfg.name().to_string(),
        description: crate::shipped()
            .info(name)
            .expect("preset info")
            .description,
        build: Box::new(move |start, seed| cubetui_solve::build_any(&cfg, start, seed)),
    };
    let driver = PanicsAfterFirstFrame(Inline::new(Speed::PerFrame(1)));
    let app = App::new(vec![choice], 0, 3, Box::new(driver));
    let (_tx, notices) = std::sync::mpsc::channel();
    let _ = tui::run(app, 30, notices);
}

/// Set in the environment of [`panicking_screen`]'s process.
const PANIC_CHILD: &str = "CUBETUI_E2E_PANIC_CHILD";

#[test]
fn a_panic_still_restores_the_terminal() {
    let exe = std::env::current_exe().expect("test binary path");
    let test = crate::test_path(module_path!(), "panicking_screen");
    let args = [
        test.as_str(),
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ];
    let env = [(PANIC_CHILD, "1"), ("RUST_BACKTRACE", "0")];
    let mut session = Session::spawn(exe.to_str().expect("utf-8 path"), &args, &env);
    let code = session.exit_status();
    assert!(!code.success(), "a panic is a failure: {code:?}");
    assert!(session.cooked(), "cooked mode again");
    let parser = session.screen.0.lock().unwrap();
    let screen = parser.screen();
    assert!(!screen.alternate_screen(), "left the alternate screen");
    assert!(!screen.hide_cursor(), "cursor shown again");
    assert!(!screen.bracketed_paste(), "bracketed paste off again");
    assert!(
        screen.contents().contains("the screen panicked on purpose"),
        "the panic message is readable on the normal screen:\n{}",
        screen.contents()
    );
}

/// Sends `sig` to the live screen: it must exit with 128 + `sig` and
/// leave the terminal on the main screen, cursor shown, in cooked mode.
fn signal_restores_the_terminal(sig: libc::c_int) {
    let mut session = Session::start(&["--seed", "3", "--preset", "sa-pll-conj"], &[]);
    session.screen.wait("the main screen", |s| {
        s.contains("status") && s.contains("sa-pll-conj")
    });
    assert!(!session.cooked(), "raw mode while the screen is up");
    session.signal(sig);
    let code = session.exit_status();
    assert_eq!(code.exit_code(), 128 + sig as u32, "exit status {code:?}");
    assert!(session.cooked(), "cooked mode again after signal {sig}");
    let parser = session.screen.0.lock().unwrap();
    assert!(
        !parser.screen().alternate_screen(),
        "left the alternate screen after signal {sig}"
    );
    assert!(
        !parser.screen().hide_cursor(),
        "cursor shown again after signal {sig}"
    );
}

#[test]
fn sigterm_restores_the_terminal() {
    signal_restores_the_terminal(libc::SIGTERM);
}

#[test]
fn sigint_restores_the_terminal() {
    signal_restores_the_terminal(libc::SIGINT);
}

#[test]
fn sighup_restores_the_terminal() {
    signal_restores_the_terminal(libc::SIGHUP);
}

#[test]
fn sigquit_restores_the_terminal() {
    signal_restores_the_terminal(libc::SIGQUIT);
}

#[test]
fn bad_options_fail_before_the_screen_opens() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let out = run(&["--scramble", "R Q2"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--scramble"));
    assert_eq!(run(&["--preset", "nope"]).status.code(), Some(2));
    let out = run(&["--preset", "mws,ga"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`--race a,b,c`"));
    assert_eq!(run(&["--theme", "nope"]).status.code(), Some(2));
    assert_eq!(run(&["--fps", "0"]).status.code(), Some(2));
    let out = run(&["--race", "mws"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 to 6"));
}
