//! Terminals that cannot draw everything (issue #20 items 11 and 14), through
//! the real binary in a pseudo-terminal: `TERM=dumb` is refused, a monochrome
//! terminal gets no colour, a non-UTF-8 locale gets ASCII only, and six race
//! lanes at 80x24 each get a legend entry.

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, PtySize, native_pty_system};

/// The binary in a pty: its screen (vt100-parsed) and every byte it wrote.
struct Session {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    parser: Arc<Mutex<vt100::Parser>>,
    raw: Arc<Mutex<Vec<u8>>>,
    drained: std::sync::mpsc::Receiver<()>,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Session {
    /// Starts `cubetui args` at `rows` x `cols` with a UTF-8 locale and
    /// `TERM=xterm-256color`, then `env` on top.
    fn start(args: &[&str], env: &[(&str, &str)], rows: u16, cols: u16) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open pty");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_cubetui"));
        cmd.args(args);
        for k in ["NO_COLOR", "COLORTERM", "LC_ALL", "LC_CTYPE"] {
            cmd.env_remove(k);
        }
        cmd.env("TERM", "xterm-256color");
        cmd.env("LANG", "C.UTF-8");
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pair.slave.spawn_command(cmd).expect("spawn cubetui");
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().unwrap();
        let writer = pair.master.take_writer().unwrap();
        let parser = Arc::new(Mutex::new(vt100::Parser::new(nz(rows), nz(cols), 0)));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let (p2, r2) = (Arc::clone(&parser), Arc::clone(&raw));
        let (done, drained) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                p2.lock().unwrap().process(&buf[..n]);
                r2.lock().unwrap().extend_from_slice(&buf[..n]);
            }
            let _ = done.send(());
        });
        Session {
            child,
            writer,
            parser,
            raw,
            drained,
            _master: pair.master,
        }
    }

    fn text(&self) -> String {
        self.parser.lock().unwrap().screen().contents()
    }

    /// Waits (up to 30 s) until `pred` holds of the screen's text.
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

    fn send(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits (up to 10 s) for the exit code, with all output read.
    fn exit_code(&mut self) -> u32 {
        let t = Instant::now();
        let status = loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                break st;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "did not exit");
            std::thread::sleep(Duration::from_millis(10));
        };
        let _ = self.drained.recv_timeout(Duration::from_secs(10));
        status.exit_code()
    }

    /// Cells with a colour (foreground or background) other than the default.
    fn coloured_cells(&self) -> usize {
        let p = self.parser.lock().unwrap();
        let screen = p.screen();
        let (rows, cols) = screen.size();
        let mut n = 0;
        for r in 0..rows.get() {
            for c in 0..cols.get() {
                if let Some(cell) = screen.cell(r, c)
                    && (cell.fgcolor() != vt100::Color::Default
                        || cell.bgcolor() != vt100::Color::Default)
                {
                    n += 1;
                }
            }
        }
        n
    }
}

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size above 0")
}

/// The single-run screen, fully drawn.
fn main_screen(s: &str) -> bool {
    s.contains("status") && s.contains("energy") && s.contains("space solves it")
}

#[test]
fn term_dumb_is_refused_with_exit_2() {
    let mut s = Session::start(&["--seed", "3"], &[("TERM", "dumb")], 30, 100);
    let code = s.exit_code();
    assert_eq!(code, 2, "screen:\n{}", s.text());
    let text = s.text();
    assert!(text.contains("TERM=dumb"), "{text}");
    assert!(
        text.contains("cubetui solve"),
        "says what to run instead: {text}"
    );
    let raw = s.raw.lock().unwrap();
    let raw = String::from_utf8_lossy(&raw);
    assert!(
        !raw.contains("\x1b[?1049h"),
        "never entered the alternate screen"
    );
}

#[test]
fn a_monochrome_terminal_gets_no_colour() {
    // Colour where the terminal has it (so the check below can fail) …
    let mut s = Session::start(&["--seed", "3"], &[], 30, 100);
    s.wait("the main screen", main_screen);
    assert!(s.coloured_cells() > 0, "a colour terminal shows colours");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
    // … and none on a vt100, whose terminfo entry has no colours.
    let mut s = Session::start(&["--seed", "3"], &[("TERM", "vt100")], 30, 100);
    let text = s.wait("the main screen", main_screen);
    assert_eq!(s.coloured_cells(), 0, "no colour on a vt100:\n{text}");
    // Stickers still read: their face letters.
    assert!(text.contains(" U ") || text.contains(" F "), "{text}");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn a_non_utf8_locale_gets_ascii_borders_and_plot_markers() {
    for (var, value) in [("LC_ALL", "POSIX"), ("LANG", "C")] {
        let mut s = Session::start(&["--seed", "3"], &[(var, value)], 30, 100);
        s.wait("the main screen", main_screen);
        // Run, so the plots have points.
        s.send(" ");
        let text = s.wait("plot points", |t| main_screen(t) || t.contains("solved"));
        std::thread::sleep(Duration::from_millis(300));
        let text = format!("{text}{}", s.text());
        assert!(text.is_ascii(), "{var}={value}: not ASCII:\n{text}");
        assert!(text.contains("+-"), "ASCII borders:\n{text}");
        s.send("q");
        assert_eq!(s.exit_code(), 0);
        let raw = s.raw.lock().unwrap();
        assert!(
            raw.is_ascii(),
            "{var}={value}: a byte above 127 reached the terminal"
        );
    }
    // The same screen in a UTF-8 locale draws box characters.
    let mut s = Session::start(&["--seed", "3"], &[], 30, 100);
    let text = s.wait("the main screen", main_screen);
    assert!(text.contains('│'), "{text}");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn six_race_lanes_at_80x24_each_have_a_legend_entry() {
    let lanes = "sa-pll-conj,sa-faces-hot,mws-short,phases-es,phases-ga,reference";
    let mut s = Session::start(&["--race", lanes, "--seed", "3"], &[], 24, 80);
    let text = s.wait("the race plot", |t| {
        t.contains("race · 6 lanes") && t.lines().any(|l| l.contains("energy") && l.contains('■'))
    });
    let title = text
        .lines()
        .find(|l| l.contains("energy") && l.contains('■'))
        .unwrap();
    assert_eq!(
        title.matches('■').count(),
        6,
        "every lane has an entry: {title}"
    );
    // Six labels, all distinct, none cut by the border.
    let labels: Vec<&str> = title
        .split('■')
        .skip(1)
        .map(|e| e.trim().trim_end_matches(['─', '┐']).trim())
        .collect();
    for (i, a) in labels.iter().enumerate() {
        assert!(!a.is_empty(), "{title}");
        for b in &labels[i + 1..] {
            assert_ne!(a, b, "{title}");
        }
    }
    assert!(title.trim_end().ends_with('┐'), "{title}");
    s.send("q");
    assert_eq!(s.exit_code(), 0);
}
