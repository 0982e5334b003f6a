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
//!   the solver's profile)
//!   goes in [`Batch`]es over a bounded `mpsc`. When it is full (the UI is
//!   slow), the task keeps pending points itself and, beyond
//!   [`Limits::pending`], thins them keeping each bucket's lowest and highest
//!   point at a uniform resolution ([`Backlog`]); marks and errors are never
//!   dropped. Pending batches go out as soon as the channel has room, even
//!   while idle.
//! - The task publishes the `watch` before the batch, and the reader drains
//!   the batches before reading the `watch`, so a batch is never read before
//!   the epoch (the `Replace`) it belongs to.
//!
//! The task runs on its own thread ("solver") under a current-thread runtime
//! rather than in `spawn_blocking` on the UI's runtime: a solver step is a
//! long synchronous call, and a blocking-pool task would make the UI runtime's
//! shutdown wait for it (quitting must never wait for a step), would need
//! that runtime to exist before the app (the runner is created first), and
//! would share the pool's anonymous threads (the overhead benchmark reads the
//! solver thread's CPU time by name). Measured cost of the runner with the UI
//! drawing at 60 fps: see `benches/runner_overhead.rs` and the README.
//!
//! Dropping the [`Runner`] sends `Stop` and returns at once: a step in
//! progress finishes on its own, or is ended with the process. If the task
//! dies (a solver panics), [`Driver::poll`] reports a stopped run with an
//! error, once.

use std::future::pending;
use std::time::{Duration, Instant};

use tokio::sync::mpsc::error::{TryRecvError, TrySendError};
use tokio::sync::{mpsc, watch};

use super::{Backlog, Command, Core, Driver, FRAME, Mark, Point, RunState, Speed, Update, Wake};
use crate::solve::{Outcome, Profile, Snapshot};

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

/// What only matters at its latest value.
#[derive(Clone, Debug)]
struct Latest {
    epoch: u64,
    state: RunState,
    elapsed: Duration,
    snapshot: Option<Snapshot>,
    outcome: Option<Outcome>,
    /// Bumped with each new snapshot and outcome, so the reader clones only
    /// new ones.
    snapshot_seq: u64,
    outcome_seq: u64,
}

/// What must reach the reader in full.
#[derive(Debug)]
struct Batch {
    epoch: u64,
    points: Vec<Point>,
    marks: Vec<Mark>,
    errors: Vec<String>,
    generators: Option<Vec<String>>,
    profile: Option<Profile>,
}

/// What the stream channel had no room for yet, all of one epoch.
struct Pending {
    epoch: u64,
    points: Backlog,
    marks: Vec<Mark>,
    errors: Vec<String>,
    generators: Option<Vec<String>>,
    profile: Option<Profile>,
}

impl Pending {
    fn new(epoch: u64, max_points: usize) -> Pending {
        Pending {
            epoch,
            points: Backlog::new(max_points),
            marks: Vec::new(),
            errors: Vec::new(),
            generators: None,
            profile: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.points.is_empty()
            && self.marks.is_empty()
            && self.errors.is_empty()
            && self.generators.is_none()
            && self.profile.is_none()
    }

    /// Everything pending, as one batch; leaves this empty.
    fn take(&mut self) -> Batch {
        Batch {
            epoch: self.epoch,
            points: self.points.take(),
            marks: std::mem::take(&mut self.marks),
            errors: std::mem::take(&mut self.errors),
            generators: self.generators.take(),
            profile: self.profile.take(),
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
            snapshot: None,
            outcome: None,
            snapshot_seq: 0,
            outcome_seq: 0,
        });
        let (stream_tx, stream) = mpsc::channel(limits.channel.max(1));
        let out = Outbox {
            latest: latest_tx,
            stream: stream_tx,
            pending: Pending::new(0, limits.pending),
        };
        std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || {
                // If this fails the senders drop: the reader reports a dead task.
                let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                    .enable_time()
                    .build()
                else {
                    return;
                };
                rt.block_on(solve(rx, out, Core::new(speed, true)));
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
                for e in b.errors {
                    u.push_error(e);
                }
                if b.generators.is_some() {
                    u.generators = b.generators;
                }
                if b.profile.is_some() {
                    u.profile = b.profile;
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

/// The task's sending side.
struct Outbox {
    latest: watch::Sender<Latest>,
    stream: mpsc::Sender<Batch>,
    pending: Pending,
}

impl Outbox {
    /// Sends everything the core has since the last call.
    fn publish(&mut self, core: &mut Core) {
        let Update {
            epoch,
            state,
            snapshot,
            outcome,
            points,
            marks,
            error,
            elapsed,
            generators,
            profile,
        } = core.take();
        // The watch first: a batch is never read before its epoch.
        self.latest.send_modify(|l| {
            if l.epoch != epoch {
                l.snapshot = None;
                l.outcome = None;
            }
            l.epoch = epoch;
            l.state = state;
            l.elapsed = elapsed;
            if snapshot.is_some() {
                l.snapshot = snapshot;
                l.snapshot_seq += 1;
            }
            if outcome.is_some() {
                l.outcome = outcome;
                l.outcome_seq += 1;
            }
        });
        let p = &mut self.pending;
        if p.epoch != epoch {
            // A replaced run's leftovers: the reader would drop them.
            p.take();
            p.epoch = epoch;
        }
        for point in points {
            p.points.push(point);
        }
        p.marks.extend(marks);
        p.errors.extend(error);
        if generators.is_some() {
            p.generators = generators;
        }
        if profile.is_some() {
            p.profile = profile;
        }
        self.flush();
    }

    /// Sends what is pending if the channel has room.
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        match self.stream.try_reserve() {
            Ok(permit) => permit.send(self.pending.take()),
            Err(TrySendError::Full(())) => {}
            Err(TrySendError::Closed(())) => {
                self.pending.take();
            }
        }
    }

    /// Waits for a command (or until `until`, if given), sending pending
    /// batches as the channel makes room.
    async fn wait(
        &mut self,
        commands: &mut mpsc::UnboundedReceiver<Command>,
        until: Option<Instant>,
    ) -> Wait {
        loop {
            let sleep = async {
                match until {
                    Some(t) => tokio::time::sleep_until(t.into()).await,
                    None => pending().await,
                }
            };
            let has_pending = !self.pending.is_empty();
            tokio::select! {
                c = commands.recv() => return c.map_or(Wait::Closed, Wait::Command),
                permit = self.stream.reserve(), if has_pending => match permit {
                    Ok(permit) => permit.send(self.pending.take()),
                    Err(_) => {
                        self.pending.take();
                    }
                },
                _ = sleep => return Wait::Timeout,
            }
        }
    }
}

enum Wait {
    Command(Command),
    Timeout,
    Closed,
}

/// How often an unthrottled run publishes.
const PUBLISH_EVERY: Duration = Duration::from_millis(16);

async fn solve(mut commands: mpsc::UnboundedReceiver<Command>, mut out: Outbox, mut core: Core) {
    // Steps per batch, adapted so a batch takes 0.5-2 ms.
    let mut batch: u64 = 16;
    // Steps still to run in the current frame (throttled speeds).
    let mut owed: u64 = 0;
    let mut next_frame = Instant::now();
    let mut last_publish = Instant::now();
    loop {
        let running = core.state() == RunState::Running;
        let throttled = core.speed() != Speed::Unthrottled;
        let cmd = if !running {
            out.publish(&mut core);
            match out.wait(&mut commands, None).await {
                Wait::Command(c) => Some(c),
                Wait::Timeout => None,
                Wait::Closed => return,
            }
        } else if throttled && owed == 0 && Instant::now() < next_frame {
            match out.wait(&mut commands, Some(next_frame)).await {
                Wait::Command(c) => Some(c),
                Wait::Timeout => None,
                Wait::Closed => return,
            }
        } else {
            match commands.try_recv() {
                Ok(c) => Some(c),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => return,
            }
        };
        if let Some(cmd) = cmd {
            if !core.apply(cmd) {
                out.publish(&mut core);
                return;
            }
            if core.state() == RunState::Running {
                if !running {
                    owed = 0;
                    next_frame = Instant::now();
                }
                // Show the effect now (when not running, the loop's top does).
                out.publish(&mut core);
            }
            continue;
        }
        if !running {
            continue;
        }
        let n = match core.speed() {
            Speed::PerFrame(per_frame) => {
                if owed == 0 {
                    // A new frame is due.
                    owed = per_frame;
                    next_frame += FRAME;
                    let now = Instant::now();
                    if next_frame < now {
                        next_frame = now;
                    }
                }
                owed.min(batch)
            }
            Speed::Unthrottled => batch,
        };
        let t = Instant::now();
        core.run(n);
        let dt = t.elapsed();
        if dt < Duration::from_micros(500) && batch < 1 << 24 {
            batch *= 2;
        } else if dt > Duration::from_millis(2) && batch > 1 {
            batch /= 2;
        }
        owed = owed.saturating_sub(n);
        let frame_done = core.speed() != Speed::Unthrottled && owed == 0;
        if frame_done
            || core.state() != RunState::Running
            || last_publish.elapsed() >= PUBLISH_EVERY
        {
            out.publish(&mut core);
            last_publish = Instant::now();
        }
    }
}
