//! [`Runner`]: the [`Core`] as a tokio task on a dedicated thread, talking
//! to the UI over tokio channels.
//!
//! - Commands go in over an unbounded `mpsc` (sending never blocks the UI).
//!   The task reads them between step batches; batches adapt to take
//!   0.5–2 ms at every speed (a throttled frame of 100 000 steps is split the
//!   same way), so any command is honoured within a few ms.
//! - What only matters at its latest value (epoch, state, snapshot, outcome,
//!   running time) is published on a `watch`: at most every 16 ms while
//!   running unthrottled, at the end of each throttled frame, and whenever
//!   the task goes idle.
//! - What must not be lost (plot points, marks, errors, generator lists,
//!   the solver's profile, its live parameters' values) goes in batches over a bounded `mpsc`. When it
//!   is full (the UI is slow), the task keeps pending points itself and,
//!   beyond [`Limits::pending`], thins them to each bucket's lowest and
//!   highest point at one resolution over the whole backlog
//!   ([`super::Backlog`]); marks, changes and errors are never dropped. Pending
//!   batches go out as soon as the channel has room, even while idle (the
//!   task side is in `worker`).
//! - The task writes the `watch` before sending the batch, and the reader
//!   drains the batches before reading the `watch`, so a batch is never
//!   read before the epoch (the `Replace`) it belongs to. A batch wakes the
//!   reader, so the `watch` notifies only when no batch goes out: one wake
//!   per publish (waking the screen can cost the solver its core on a busy
//!   machine).
//! - Each update carries the solver thread's CPU time spent in steps
//!   (`CLOCK_THREAD_CPUTIME_ID` read around every batch by the [`Core`]),
//!   which a race compares: fair on any number of cores.
//!
//! The task runs on its own thread ("solver") under a current-thread runtime
//! of its own (`block_on` of the stepping loop), not in `spawn_blocking` on
//! the UI's runtime. A solver step is a long synchronous call; tokio's
//! runtime drop waits for `spawn_blocking` work to return, so quitting would
//! wait for the step (or need `shutdown_background`); the runner is also
//! created before the screen's runtime exists, and the pool's threads are
//! anonymous (the overhead benchmark reads the solver thread's CPU time by
//! name). Per batch the loop costs what the std-thread runner did (a
//! `try_recv` and two clock reads): `benches/runner_overhead.rs` measures
//! proposals per solver-CPU-second with the UI drawing at 60 fps against the
//! bare solver (figures in the README).
//!
//! Dropping the [`Runner`] sends `Stop` and returns at once: a step in
//! progress finishes on its own, or is ended with the process. If the task
//! dies (a solver panics), [`Driver::poll`] reports a stopped run with an
//! error, once.

use std::future::pending;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::core::Core;
use super::messages::{Batch, Latest};
use super::protocol::{Command, Driver, RunState, Speed, Update, Wake};
use super::worker::{self, Outbox};

/// Sizes of the runner's buffers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Batches the stream channel holds before the task keeps points itself.
    pub channel: usize,
    /// Points the task keeps for a slow reader before thinning them (at
    /// least 8).
    pub pending: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            channel: 64,
            pending: 8192,
        }
    }
}

/// Runs the core as a tokio task on its own thread; see the module doc.
pub struct Runner {
    commands: mpsc::UnboundedSender<Command>,
    latest: watch::Receiver<Latest>,
    stream: mpsc::Receiver<Batch>,
    /// Batches received but not yet polled.
    held: Vec<Batch>,
    seen_snapshot: u64,
    seen_outcome: u64,
    /// The task has ended and `poll` has seen it.
    ended: bool,
    /// It ended without being stopped (reported once).
    dead: bool,
}

impl Runner {
    /// Starts the solver thread with default [`Limits`].
    pub fn spawn(speed: Speed) -> Runner {
        Runner::spawn_with(speed, Limits::default())
    }

    /// Starts the solver thread.
    pub fn spawn_with(speed: Speed, limits: Limits) -> Runner {
        let (commands, rx) = mpsc::unbounded_channel();
        let (latest_tx, latest) = watch::channel(Latest {
            epoch: 0,
            state: RunState::Idle,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            snapshot: None,
            outcome: None,
            snapshot_seq: 0,
            outcome_seq: 0,
        });
        let (stream_tx, stream) = mpsc::channel(limits.channel.max(1));
        let out = Outbox::new(latest_tx, stream_tx, limits.pending);
        std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || {
                // If this fails the senders drop: the reader reports a dead task.
                let Ok(rt) = super::protocol::runtime() else {
                    return;
                };
                rt.block_on(worker::solve(rx, out, Core::new(speed, true)));
            })
            .expect("spawn the solver thread");
        Runner {
            commands,
            latest,
            stream,
            held: Vec::new(),
            seen_snapshot: 0,
            seen_outcome: 0,
            ended: false,
            dead: false,
        }
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // Never wait: a long step must not delay quitting.
        let _ = self.commands.send(Command::Stop);
    }
}

impl Driver for Runner {
    fn send(&mut self, cmd: Command) {
        let _ = self.commands.send(cmd);
    }

    fn poll(&mut self) -> Update {
        // Batches first, then the watch (published first by the task).
        while let Ok(b) = self.stream.try_recv() {
            self.held.push(b);
        }
        let closed = self.latest.has_changed().is_err();
        let mut u = {
            let l = self.latest.borrow_and_update();
            let mut u = Update::new(l.epoch, l.state);
            u.elapsed = l.elapsed;
            u.cpu = l.cpu;
            if l.snapshot_seq != self.seen_snapshot {
                self.seen_snapshot = l.snapshot_seq;
                u.snapshot = l.snapshot.clone();
            }
            if l.outcome_seq != self.seen_outcome {
                self.seen_outcome = l.outcome_seq;
                u.outcome = l.outcome.clone();
            }
            u
        };
        let mut later = Vec::new();
        for b in self.held.drain(..) {
            if b.epoch == u.epoch {
                u.points.extend(b.points);
                u.marks.extend(b.marks);
                u.changes.extend(b.changes);
                for e in b.errors {
                    u.push_error(e);
                }
                if b.generators.is_some() {
                    u.generators = b.generators;
                }
                if b.profile.is_some() {
                    u.profile = b.profile;
                }
                if b.params.is_some() {
                    u.params = b.params;
                }
            } else if b.epoch > u.epoch {
                later.push(b);
            }
        }
        self.held = later;
        if closed && !self.ended {
            self.ended = true;
            if u.state != RunState::Stopped {
                self.dead = true;
                u.push_error("the solver task stopped unexpectedly (a panic)".into());
            }
        }
        if self.dead {
            u.state = RunState::Stopped;
        }
        u
    }

    fn wait(&mut self) -> Wake<'_> {
        Box::pin(async move {
            if !self.held.is_empty() {
                return;
            }
            match self.latest.has_changed() {
                Ok(true) => return,
                Ok(false) => {}
                // Ended: news once (poll reads the last words), then nothing.
                Err(_) if self.ended => pending::<()>().await,
                Err(_) => return,
            }
            tokio::select! {
                _ = self.latest.changed() => {}
                b = self.stream.recv() => self.held.extend(b),
            }
        })
    }
}
