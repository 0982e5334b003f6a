//! Progress lines for long headless runs (`bench`, `sweep`, `race`,
//! `solve`) when stderr is not a terminal (piped, a file, CI): a line every
//! [`EVERY`] on stderr, e.g. `bench: 37/200 cubes, 36 solved, 12.4 s
//! elapsed`, so a log shows the run is alive and how far it got; `bench`
//! and `sweep` end with a last line (`…, done`). On a terminal nothing is
//! written here (bench's bar and the other displays stay as they are);
//! `2>/dev/null` silences them. Stdout is never touched.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Time between two progress lines.
pub const EVERY: Duration = Duration::from_secs(5);

/// Writes a progress line when one is due.
pub struct Ticker {
    on: bool,
    t0: Instant,
    next: Instant,
}

impl Ticker {
    /// A ticker that writes when stderr is not a terminal; the first line
    /// after [`EVERY`].
    pub fn new() -> Ticker {
        let t0 = Instant::now();
        Ticker {
            on: !std::io::stderr().is_terminal(),
            t0,
            next: t0 + EVERY,
        }
    }

    /// Whether it writes at all.
    pub fn on(&self) -> bool {
        self.on
    }

    /// Seconds since the ticker began.
    pub fn secs(&self) -> f64 {
        self.t0.elapsed().as_secs_f64()
    }

    /// Writes `line(seconds elapsed)` when a line is due.
    pub fn tick(&mut self, line: impl FnOnce(f64) -> String) {
        if !self.on {
            return;
        }
        let now = Instant::now();
        if now < self.next {
            return;
        }
        self.next = now + EVERY;
        write(&line(self.secs()));
    }

    /// Writes `line(seconds elapsed)` now (the last line of a run).
    pub fn last(&mut self, line: impl FnOnce(f64) -> String) {
        if self.on {
            write(&line(self.secs()));
        }
    }
}

/// One line on stderr; a stderr that cannot be written is not an error.
fn write(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// `12.4 s elapsed`.
pub fn elapsed(secs: f64) -> String {
    format!("{secs:.1} s elapsed")
}
