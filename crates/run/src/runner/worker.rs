//! The task side of the [`super::Runner`]: the stepping loop and what it
//! sends (see the `task` module doc for the channels).

use std::future::pending;
use std::time::{Duration, Instant};

use tokio::sync::mpsc::error::{TryRecvError, TrySendError};
use tokio::sync::{Notify, mpsc, watch};

use super::core::Core;
use super::messages::{Batch, Latest};
use super::protocol::{Change, Command, FRAME, Mark, RunState, Speed, Update};
use super::thin::Backlog;
use crate::budget::Batcher;
use cubetui_solve::api::Profile;

/// What the stream channel had no room for yet, all of one epoch.
struct Pending {
    epoch: u64,
    points: Backlog,
    marks: Vec<Mark>,
    changes: Vec<Change>,
    errors: Vec<String>,
    generators: Option<Vec<String>>,
    profile: Option<Profile>,
    /// The newest live values (only the latest matter).
    params: Option<Vec<(String, f64)>>,
}

impl Pending {
    fn new(epoch: u64, max_points: usize) -> Pending {
        Pending {
            epoch,
            points: Backlog::new(max_points),
            marks: Vec::new(),
            changes: Vec::new(),
            errors: Vec::new(),
            generators: None,
            profile: None,
            params: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.points.is_empty()
            && self.marks.is_empty()
            && self.changes.is_empty()
            && self.errors.is_empty()
            && self.generators.is_none()
            && self.profile.is_none()
            && self.params.is_none()
    }

    /// Everything pending, as one batch; leaves this empty.
    fn take(&mut self) -> Batch {
        Batch {
            epoch: self.epoch,
            points: self.points.take(),
            marks: std::mem::take(&mut self.marks),
            changes: std::mem::take(&mut self.changes),
            errors: std::mem::take(&mut self.errors),
            generators: self.generators.take(),
            profile: self.profile.take(),
            params: self.params.take(),
        }
    }
}

/// The task's sending side.
pub(super) struct Outbox {
    latest: watch::Sender<Latest>,
    stream: mpsc::Sender<Batch>,
    pending: Pending,
}

impl Outbox {
    /// Sends on these channels; keeps at most about `max_points` pending
    /// points.
    pub(super) fn new(
        latest: watch::Sender<Latest>,
        stream: mpsc::Sender<Batch>,
        max_points: usize,
    ) -> Outbox {
        Outbox {
            latest,
            stream,
            pending: Pending::new(0, max_points),
        }
    }

    /// Sends everything the core has since the last call.
    fn publish(&mut self, core: &mut Core) {
        let Update {
            epoch,
            state,
            snapshot,
            outcome,
            points,
            marks,
            changes,
            error,
            elapsed,
            cpu,
            generators,
            profile,
            params,
        } = core.take();
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
        p.changes.extend(changes);
        p.errors.extend(error);
        if generators.is_some() {
            p.generators = generators;
        }
        if profile.is_some() {
            p.profile = profile;
        }
        if params.is_some() {
            p.params = params;
        }
        // Room for a batch is reserved before the watch is written and used
        // after it, so a batch is never read before its epoch. A batch wakes
        // the reader, so the watch notifies only when no batch goes out:
        // one wake per publish.
        let permit = if self.pending.is_empty() {
            None
        } else {
            match self.stream.try_reserve() {
                Ok(permit) => Some(permit),
                Err(TrySendError::Full(())) => None,
                Err(TrySendError::Closed(())) => {
                    self.pending.take();
                    None
                }
            }
        };
        let notify = permit.is_none();
        self.latest.send_if_modified(|l| {
            if l.epoch != epoch {
                l.snapshot = None;
                l.outcome = None;
            }
            l.epoch = epoch;
            l.state = state;
            l.elapsed = elapsed;
            l.cpu = cpu;
            if snapshot.is_some() {
                l.snapshot = snapshot;
                l.snapshot_seq += 1;
            }
            if outcome.is_some() {
                l.outcome = outcome;
                l.outcome_seq += 1;
            }
            notify
        });
        if let Some(permit) = permit {
            permit.send(self.pending.take());
        }
    }

    /// Waits for a command (or until `until`, if given), sending pending
    /// batches as the channel makes room.
    async fn wait(
        &mut self,
        commands: &mut mpsc::UnboundedReceiver<Command>,
        until: Option<Instant>,
        measured: &Notify,
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
                () = measured.notified() => return Wait::Measured,
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
    /// The moves-to-solved thread has a result.
    Measured,
    Closed,
}

/// The time a step batch aims for.
const BATCH_TARGET: Duration = Duration::from_millis(1);

/// How often an unthrottled run publishes.
const PUBLISH_EVERY: Duration = Duration::from_millis(16);

/// The runner task: steps the core between commands until `Stop` or until
/// the UI side is gone.
pub(super) async fn solve(
    mut commands: mpsc::UnboundedReceiver<Command>,
    mut out: Outbox,
    mut core: Core,
) {
    // Steps per batch, adapted so a batch takes 0.5-2 ms (commands are
    // read between batches), by the batch sizing the headless commands use.
    let mut batcher = Batcher::new(BATCH_TARGET).with_size(16);
    // Steps still to run in the current frame (throttled speeds).
    let mut owed: u64 = 0;
    let mut next_frame = Instant::now();
    let mut last_publish = Instant::now();
    let measured = core.measure_wake();
    loop {
        let running = core.state() == RunState::Running;
        let throttled = core.speed() != Speed::Unthrottled;
        let cmd = if !running {
            out.publish(&mut core);
            match out.wait(&mut commands, None, &measured).await {
                Wait::Command(c) => Some(c),
                Wait::Timeout => None,
                Wait::Measured => {
                    core.measured();
                    continue;
                }
                Wait::Closed => return,
            }
        } else if throttled && owed == 0 && Instant::now() < next_frame {
            match out.wait(&mut commands, Some(next_frame), &measured).await {
                Wait::Command(c) => Some(c),
                Wait::Timeout => None,
                // The next batch collects it.
                Wait::Measured => continue,
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
                owed.min(batcher.size())
            }
            Speed::Unthrottled => batcher.size(),
        };
        let t = Instant::now();
        // A command that comes during a long set-up (a big size's
        // catalogue) is read at once: the step stops where it is.
        core.run_within(n, &|| !commands.is_empty());
        batcher.record(n, t.elapsed());
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
