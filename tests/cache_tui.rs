//! The reference tables on a cold cache, from the live screen (issue #16
//! part 6, issue #20 item 4): choosing `reference` with Tab or opening a race
//! with `w` builds the tables off the screen's thread, the message line (in
//! a race: the line under the plot) shows "building reference tables… n %",
//! nothing is written over the screen, and `q` quits at once.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

/// The binary in a pseudo-terminal, its screen parsed by vt100.
struct Session {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Session {
    fn start(args: &[&str], cache_home: &Path) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 30,
                cols: 100,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_cubetui"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_CACHE_HOME", cache_home);
        let child = pair.slave.spawn_command(cmd).expect("spawn cubetui");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(30).unwrap(),
            NonZeroU16::new(100).unwrap(),
            0,
        )));
        let parser = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                parser.lock().unwrap().process(&buf[..n]);
            }
        });
        Session {
            child,
            writer,
            screen,
            _master: pair.master,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits (up to 60 s, for loaded machines) until `pred` holds.
    fn wait(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let t = Instant::now();
        loop {
            let s = self.text();
            if pred(&s) {
                return s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Sends `q` and waits (up to 10 s) for a clean exit.
    fn quit(&mut self) {
        self.send("q");
        let t = Instant::now();
        let status = loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                break st;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "q did not quit");
            std::thread::sleep(Duration::from_millis(10));
        };
        assert!(status.success(), "exit status {status:?}");
    }
}

/// A fresh, empty cache home.
fn cold_cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("cubetui-cache-tui-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The message line's progress, if the screen shows it.
fn building(screen: &str) -> bool {
    screen.contains("building reference tables… ") && screen.contains(" %")
}

/// Nothing was written behind the screen's back (the batch wording).
fn no_stray_text(screen: &str) {
    assert!(
        !screen.contains("cubetui:") && !screen.contains("two-phase tables"),
        "text over the screen:\n{screen}"
    );
}

#[test]
fn tab_to_reference_on_a_cold_cache_shows_progress_and_q_quits_at_once() {
    let home = cold_cache("tab");
    let mut s = Session::start(&["--seed", "3", "--preset", "phases-sa"], &home);
    s.wait("the main screen", |t| t.contains("phases-sa"));
    s.send("\t");
    let shown = s.wait("the progress in the message line", building);
    no_stray_text(&shown);
    // Still answering keys while the tables build: `q` quits.
    s.quit();
    let left: Vec<_> = std::fs::read_dir(home.join("cubetui"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        left.iter().all(|n| !n.to_string_lossy().contains(".tmp")),
        "temporary file left: {left:?}"
    );
}

#[test]
fn a_race_on_a_cold_cache_builds_off_the_screen_and_then_runs() {
    let home = cold_cache("race");
    let mut s = Session::start(&["--seed", "3", "--preset", "sa-pll-conj"], &home);
    s.wait("the main screen", |t| t.contains("sa-pll-conj"));
    s.send("w");
    // The race runs at once; its reference lane waits for the tables, and
    // the line under the plot shows their build meanwhile.
    let shown = s.wait("the progress under the plot", building);
    no_stray_text(&shown);
    // The reference lane runs once the tables are there, and finishes.
    let done = s.wait("the reference lane's result", |t| {
        t.contains("results")
            && t.lines()
                .any(|l| l.contains("reference") && l.contains("yes"))
    });
    no_stray_text(&done);
    assert!(
        home.join("cubetui/reference-tables-v2.bin").is_file(),
        "the tables were cached"
    );
    s.quit();
}

#[test]
fn a_damaged_cache_is_named_in_the_message_line_after_the_rebuild() {
    // Short paths, so the reason fits on the line.
    let home = PathBuf::from(format!("/tmp/ct{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("cubetui")).unwrap();
    let mut bytes = b"cubetui-2phase-2".to_vec();
    bytes.resize(cubetui::solve::reference::cache::expected_len(), 0);
    std::fs::write(home.join("cubetui/reference-tables-v2.bin"), bytes).unwrap();
    let mut s = Session::start(&["--seed", "3", "--preset", "reference"], &home);
    let shown = s.wait("the reason after the rebuild", |t| {
        t.contains("is corrupt (checksum mismatch); tables rebuilt in")
    });
    no_stray_text(&shown);
    s.quit();
    let _ = std::fs::remove_dir_all(&home);
}
