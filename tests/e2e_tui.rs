//! End to end: the real binary in a pseudo-terminal, keys typed, the screen
//! read back through a vt100 parser, then quit with exit status 0.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, CommandBuilder, PtySize};

const ROWS: u16 = 30;
const COLS: u16 = 100;

struct Screen(Arc<Mutex<vt100::Parser>>);

impl Screen {
    fn text(&self) -> String {
        self.0.lock().unwrap().screen().contents()
    }

    /// Waits (up to 30 s, generous for loaded CI machines) until `pred` holds.
    fn wait(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let t = Instant::now();
        loop {
            let s = self.text();
            if pred(&s) {
                return s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The status panel's value for `key`.
fn status(screen: &str, key: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let i = l.find(&format!("│{key} "))?;
        let rest = &l[i + key.len() + 3..];
        Some(rest.split('│').next()?.trim().to_string())
    })
}

/// The three rows of the strip net.
fn cube_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.chars().take(60).collect())
        .collect()
}

#[test]
fn binary_in_a_pty_turns_runs_and_quits() {
    let pty = native_pty_system();
    let pair = pty
        .openpty(PtySize {
            rows: ROWS,
            cols: COLS,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("open pty");
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_cubetui"));
    cmd.args(["--seed", "3", "--preset", "seed-001", "--fps", "30"]);
    cmd.env("TERM", "xterm-256color");
    cmd.env_remove("NO_COLOR");
    let mut child = pair.slave.spawn_command(cmd).expect("spawn cubetui");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().unwrap();
    let mut writer = pair.master.take_writer().unwrap();
    let parser = Arc::new(Mutex::new(vt100::Parser::new(ROWS, COLS, 0)));
    let p2 = Arc::clone(&parser);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            p2.lock().unwrap().process(&buf[..n]);
        }
    });
    let screen = Screen(parser);
    let mut send = |s: &str| {
        writer.write_all(s.as_bytes()).unwrap();
        writer.flush().unwrap();
    };

    let s = screen.wait("the main screen", |s| {
        s.contains("status") && s.contains("seed-001")
    });
    assert_eq!(status(&s, "state").as_deref(), Some("idle"));

    // Letters on, then turn R: the cube and the move log change.
    send("c");
    let before = screen.wait("letters", |s| cube_rows(s).concat().contains("U U U"));
    send("r");
    let after = screen.wait("the turn", |s| s.contains("scramble R"));
    assert_ne!(cube_rows(&before), cube_rows(&after), "the cube changed");

    // Start: the solver leaves idle and its iteration count moves.
    send(" ");
    let s = screen.wait("the run", |s| {
        status(s, "state").is_some_and(|v| v == "running" || v == "solved")
    });
    let it = status(&s, "iteration").expect("iteration shown");
    assert_ne!(it, "0", "iteration moved");

    // Quit: exit status 0.
    send("q");
    let t = Instant::now();
    let code = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(t.elapsed() < Duration::from_secs(10), "did not quit");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(code.success(), "exit status {code:?}");
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
    assert_eq!(run(&["--theme", "nope"]).status.code(), Some(2));
    assert_eq!(run(&["--fps", "0"]).status.code(), Some(2));
}
