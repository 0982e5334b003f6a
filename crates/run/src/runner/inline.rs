//! [`Inline`]: the core driven in the caller's thread, one frame per call.

use super::core::Core;
use super::protocol::{Command, Driver, Speed, Update};

/// Runs the core in the caller's thread: one frame of work per `frame()`.
/// Deterministic; used by tests.
pub struct Inline {
    core: Core,
    /// Steps per frame when unthrottled.
    pub unthrottled_batch: u64,
}

impl Inline {
    /// An inline driver that does not measure moves to solved (its points
    /// carry `NaN`), so what it reports never depends on whether the
    /// reference tables happen to be loaded.
    pub fn new(speed: Speed) -> Inline {
        Inline {
            core: Core::new(speed, false),
            unthrottled_batch: 10_000,
        }
    }

    /// This driver measuring moves to solved: deterministically, in slices
    /// of search nodes every few frames, once the reference tables are
    /// loaded (load them first for reproducible points; see
    /// [`super::measure`]).
    pub fn with_measure(mut self) -> Inline {
        self.core = self.core.measure(true);
        self
    }
}

impl Driver for Inline {
    fn send(&mut self, cmd: Command) {
        self.core.apply(cmd);
    }
    fn poll(&mut self) -> Update {
        self.core.take()
    }
    fn frame(&mut self) {
        self.core.frame(self.unthrottled_batch);
    }
}
