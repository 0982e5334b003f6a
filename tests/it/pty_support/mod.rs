//! The real binary in a pseudo-terminal, its screen read back through a
//! vt100 parser: the harness of the end-to-end screen tests.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::{CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 30;
pub const COLS: u16 = 100;

pub struct Screen(pub Arc<Mutex<vt100::Parser>>);

impl Screen {
    pub fn text(&self) -> String {
        self.0.lock().unwrap().screen().contents()
    }

    /// Waits (up to 30 s, generous for loaded CI machines) until `pred` holds.
    pub fn wait(&self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        self.wait_for(what, 30, pred)
    }

    /// Waits up to `secs` seconds until `pred` holds.
    pub fn wait_for(&self, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let t = Instant::now();
        loop {
            let s = self.text();
            if pred(&s) {
                return s;
            }
            assert!(
                t.elapsed() < Duration::from_secs(secs),
                "timed out waiting for {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Cells with a colour (foreground or background) other than the default.
    pub fn coloured_cells(&self) -> usize {
        let p = self.0.lock().unwrap();
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

/// The status panel's value for `key`.
pub fn status(screen: &str, key: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let i = l.find(&format!("│{key} "))?;
        let rest = &l[i + key.len() + 3..];
        Some(rest.split('│').next()?.trim().to_string())
    })
}

/// The three rows of the strip net.
pub fn cube_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(1)
        .take(3)
        .map(|l| l.chars().take(66).collect())
        .collect()
}

/// The binary running in a pseudo-terminal, its screen parsed by vt100.
pub struct Session {
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
    pub master: Box<dyn MasterPty + Send>,
    pub writer: Box<dyn Write + Send>,
    pub screen: Screen,
    /// Every byte the process wrote.
    pub raw: Arc<Mutex<Vec<u8>>>,
    /// Signals when the reader has seen the end of the output.
    pub drained: std::sync::mpsc::Receiver<()>,
}

impl Session {
    /// Starts `cubetui args` at `ROWS` x `COLS`.
    pub fn start(args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::start_sized(args, env, ROWS, COLS)
    }

    /// Starts `cubetui args` at `rows` x `cols`.
    pub fn start_sized(args: &[&str], env: &[(&str, &str)], rows: u16, cols: u16) -> Session {
        Session::spawn_sized(env!("CARGO_BIN_EXE_cubetui"), args, env, rows, cols)
    }

    /// Runs `program` (the binary, or a test binary for a child test).
    pub fn spawn(program: &str, args: &[&str], env: &[(&str, &str)]) -> Session {
        Session::spawn_sized(program, args, env, ROWS, COLS)
    }

    /// Runs `program` at `rows` x `cols` with `TERM=xterm-256color`, a UTF-8
    /// locale and none of `NO_COLOR`, `COLORTERM`, `LC_ALL`, `LC_CTYPE`
    /// (whatever the outer environment says), then `env` on top.
    pub fn spawn_sized(
        program: &str,
        args: &[&str],
        env: &[(&str, &str)],
        rows: u16,
        cols: u16,
    ) -> Session {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open pty");
        let mut cmd = CommandBuilder::new(program);
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
            master: pair.master,
            writer,
            screen: Screen(parser),
            raw,
            drained,
        }
    }

    /// Whether the terminal is in cooked mode (canonical input, echo).
    pub fn cooked(&self) -> bool {
        let t = self.master.get_termios().expect("termios of the pty");
        let flags = t.local_flags.bits();
        flags & libc::ICANON != 0 && flags & libc::ECHO != 0
    }

    /// Sends a signal to the process.
    pub fn signal(&self, sig: libc::c_int) {
        let pid = self.child.process_id().expect("a pid") as libc::pid_t;
        // SAFETY: kill has no memory effects; the pid is our live child.
        let rc = unsafe { libc::kill(pid, sig) };
        assert_eq!(rc, 0, "kill({pid}, {sig})");
    }

    pub fn send(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
    }

    /// Waits (up to 10 s) for the process to end and its output to be read.
    pub fn exit_status(&mut self) -> portable_pty::ExitStatus {
        let t = Instant::now();
        let status = loop {
            if let Some(st) = self.child.try_wait().unwrap() {
                break st;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "did not exit");
            std::thread::sleep(Duration::from_millis(10));
        };
        self.drained
            .recv_timeout(Duration::from_secs(10))
            .expect("the output ends once the process has exited");
        status
    }

    /// Asserts the terminal is given back: main screen, cursor shown,
    /// cooked mode.
    pub fn assert_restored(&self) {
        assert!(self.cooked(), "cooked mode again");
        let parser = self.screen.0.lock().unwrap();
        assert!(
            !parser.screen().alternate_screen(),
            "left the alternate screen"
        );
        assert!(!parser.screen().hide_cursor(), "cursor shown again");
    }

    /// Sends `q` and asserts a clean exit (within 10 s).
    pub fn quit(&mut self) {
        self.send("q");
        let status = self.exit_status();
        assert!(status.success(), "q did not quit cleanly: {status:?}");
    }
}

pub fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("non-zero size")
}
