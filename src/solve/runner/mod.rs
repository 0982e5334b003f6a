//! Steps any solver under commands (start, pause, step, speed, swap generator,
//! replace, stop) and emits coalesced updates: the latest snapshot plus the
//! energy points the reader has not yet seen.
//!
//! [`Core`] holds the logic and is driven either inline ([`Inline`], for tests
//! and deterministic replays) or on its own std thread ([`Runner`]). No tokio,
//! no terminal code here.

mod threaded;

use std::time::{Duration, Instant};

use super::{Outcome, Profile, Snapshot, Solver, Status};

pub use threaded::Runner;

/// How fast a running solver is stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    /// This many elementary steps per frame (1/60 s).
    PerFrame(u64),
    /// As fast as the machine goes, in adaptive batches.
    Unthrottled,
}

/// The frame the throttled speeds count in.
pub const FRAME: Duration = Duration::from_micros(16_667);

/// What the runner is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunState {
    /// No solver, or a fresh one not yet started.
    Idle,
    Running,
    Paused,
    Solved,
    /// The solver spent its budget without solving.
    Exhausted,
    Stopped,
}

impl RunState {
    pub fn name(self) -> &'static str {
        match self {
            RunState::Idle => "idle",
            RunState::Running => "running",
            RunState::Paused => "paused",
            RunState::Solved => "solved",
            RunState::Exhausted => "exhausted",
            RunState::Stopped => "stopped",
        }
    }

    /// Whether no more steps can change the result.
    pub fn finished(self) -> bool {
        matches!(
            self,
            RunState::Solved | RunState::Exhausted | RunState::Stopped
        )
    }
}

/// A command to the runner, checked between step batches.
pub enum Command {
    Start,
    Pause,
    /// Pauses (if running), then runs this many steps now.
    Step(u64),
    Speed(Speed),
    /// Switches the neighbourhood generator, keeping state and history.
    Generator(String),
    /// Replaces the solver (or removes it); the run starts over as idle.
    Replace(Option<Box<dyn Solver>>, u64),
    Stop,
}

/// One point of the energy history.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    pub iteration: u64,
    pub energy: f64,
    pub best: f64,
    /// The solver's own series, as in [`Snapshot::values`].
    pub values: Vec<f64>,
}

impl Point {
    fn of(s: &Snapshot) -> Point {
        Point {
            iteration: s.iteration,
            energy: s.energy,
            best: s.best_energy,
            values: s.values.clone(),
        }
    }
}

/// A generator switch, to mark on the plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub iteration: u64,
    pub label: String,
}

/// Everything that happened since the last read.
#[derive(Clone, Debug)]
pub struct Update {
    /// Which `Replace` this belongs to.
    pub epoch: u64,
    pub state: RunState,
    /// Latest snapshot, if anything changed.
    pub snapshot: Option<Snapshot>,
    /// Best result so far, sent with every snapshot.
    pub outcome: Option<Outcome>,
    /// Points not yet read, oldest first.
    pub points: Vec<Point>,
    pub marks: Vec<Mark>,
    /// The last error (such as an unknown generator).
    pub error: Option<String>,
    /// Wall time spent running (zero for the inline driver).
    pub elapsed: Duration,
    /// The solver's generators, sent once after `Replace`.
    pub generators: Option<Vec<String>>,
    /// What the solver reports, sent once after `Replace`.
    pub profile: Option<Profile>,
}

/// Unread points kept at most; older ones are thinned if nobody reads.
pub const MAX_PENDING: usize = 1 << 15;

impl Update {
    pub(crate) fn new(epoch: u64, state: RunState) -> Update {
        Update {
            epoch,
            state,
            snapshot: None,
            outcome: None,
            points: Vec::new(),
            marks: Vec::new(),
            error: None,
            elapsed: Duration::ZERO,
            generators: None,
            profile: None,
        }
    }

    /// Whether this carries anything new beyond the state.
    pub fn is_empty(&self) -> bool {
        self.snapshot.is_none()
            && self.points.is_empty()
            && self.marks.is_empty()
            && self.error.is_none()
            && self.outcome.is_none()
            && self.generators.is_none()
            && self.profile.is_none()
    }

    /// Folds a later update into this one.
    pub(crate) fn merge(&mut self, later: Update) {
        if later.epoch != self.epoch {
            *self = later;
            return;
        }
        self.state = later.state;
        self.elapsed = later.elapsed;
        if later.snapshot.is_some() {
            self.snapshot = later.snapshot;
        }
        if later.outcome.is_some() {
            self.outcome = later.outcome;
        }
        if later.error.is_some() {
            self.error = later.error;
        }
        if later.generators.is_some() {
            self.generators = later.generators;
        }
        if later.profile.is_some() {
            self.profile = later.profile;
        }
        self.points.extend(later.points);
        self.marks.extend(later.marks);
        if self.points.len() > MAX_PENDING {
            // Nobody is reading: keep every other old point.
            let mut i = 0;
            self.points.retain(|_| {
                i += 1;
                i % 2 == 0
            });
        }
    }
}

/// The runner's logic, independent of threads and clocks.
pub struct Core {
    solver: Option<Box<dyn Solver>>,
    state: RunState,
    speed: Speed,
    out: Update,
    dirty: bool,
    timed: bool,
    started: Option<Instant>,
    elapsed: Duration,
    /// When a running, timed core may next build an outcome (it can cost
    /// time proportional to the sequence length).
    next_outcome: Option<Instant>,
}

/// A running solver's outcome is rebuilt at most this often, and never
/// more often than 200 times its own cost, so it takes ≤ 0.5 % of the time.
const OUTCOME_EVERY: Duration = Duration::from_millis(1000);

impl Core {
    /// A core with no solver; `timed` measures running wall time.
    pub fn new(speed: Speed, timed: bool) -> Core {
        Core {
            solver: None,
            state: RunState::Idle,
            speed,
            out: Update::new(0, RunState::Idle),
            dirty: false,
            timed,
            started: None,
            elapsed: Duration::ZERO,
            next_outcome: None,
        }
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    pub fn speed(&self) -> Speed {
        self.speed
    }

    fn set_state(&mut self, s: RunState) {
        if self.timed {
            if s == RunState::Running && self.started.is_none() {
                self.started = Some(Instant::now());
            } else if s != RunState::Running
                && let Some(t) = self.started.take()
            {
                self.elapsed += t.elapsed();
            }
        }
        self.state = s;
    }

    /// Applies a command; returns false on `Stop`.
    pub fn apply(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Start => {
                if self.solver.is_some() && matches!(self.state, RunState::Idle | RunState::Paused)
                {
                    self.set_state(RunState::Running);
                }
            }
            Command::Pause => {
                if self.state == RunState::Running {
                    self.set_state(RunState::Paused);
                }
            }
            Command::Step(n) => {
                if self.solver.is_some() && !self.state.finished() {
                    self.set_state(RunState::Paused);
                    self.run(n);
                }
            }
            Command::Speed(s) => self.speed = s,
            Command::Generator(name) => {
                if let Some(solver) = self.solver.as_mut() {
                    match solver.set_generator(&name) {
                        Ok(()) => {
                            let iteration = solver.snapshot().iteration;
                            self.out.marks.push(Mark {
                                iteration,
                                label: name,
                            });
                            self.dirty = true;
                        }
                        Err(e) => self.out.error = Some(e.to_string()),
                    }
                }
            }
            Command::Replace(solver, epoch) => {
                self.set_state(RunState::Idle);
                self.started = None;
                self.elapsed = Duration::ZERO;
                self.solver = solver;
                self.out = Update::new(epoch, RunState::Idle);
                if let Some(s) = &self.solver {
                    self.out.points.push(Point::of(&s.snapshot()));
                }
                self.out.generators =
                    Some(self.solver.as_ref().map_or(Vec::new(), |s| s.generators()));
                self.out.profile = self.solver.as_ref().map(|s| s.profile());
                self.dirty = true;
            }
            Command::Stop => {
                self.set_state(RunState::Stopped);
                return false;
            }
        }
        true
    }

    /// Runs up to `n` steps and records one point.
    pub fn run(&mut self, n: u64) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        let status = solver.step(n);
        self.out.points.push(Point::of(&solver.snapshot()));
        self.dirty = true;
        match status {
            Status::Running => {}
            Status::Solved => self.set_state(RunState::Solved),
            Status::Exhausted => self.set_state(RunState::Exhausted),
        }
    }

    /// One frame's worth of work at the current speed, if running
    /// (unthrottled counts as `unthrottled_batch` steps).
    pub fn frame(&mut self, unthrottled_batch: u64) {
        if self.state == RunState::Running {
            match self.speed {
                Speed::PerFrame(n) => self.run(n),
                Speed::Unthrottled => self.run(unthrottled_batch),
            }
        }
    }

    /// Everything since the last call.
    pub fn take(&mut self) -> Update {
        let epoch = self.out.epoch;
        let mut u = std::mem::replace(&mut self.out, Update::new(epoch, self.state));
        u.state = self.state;
        if self.dirty {
            if let Some(s) = &self.solver {
                u.snapshot = Some(s.snapshot());
                let now = self.timed.then(Instant::now);
                let due = match (now, self.next_outcome) {
                    (Some(now), Some(next)) => self.state != RunState::Running || now >= next,
                    _ => true,
                };
                if due {
                    u.outcome = Some(s.outcome());
                    if let Some(now) = now {
                        let cost = now.elapsed();
                        self.next_outcome = Some(now + OUTCOME_EVERY.max(cost * 200));
                    }
                }
            }
            self.dirty = false;
        }
        u.elapsed = self.elapsed + self.started.map_or(Duration::ZERO, |t| t.elapsed());
        u
    }
}

/// Something the UI can send commands to and read updates from.
pub trait Driver {
    fn send(&mut self, cmd: Command);
    /// Everything since the last poll.
    fn poll(&mut self) -> Update;
    /// Called once per UI frame.
    fn frame(&mut self) {}
}

/// Runs the core in the caller's thread: one frame of work per `frame()`.
/// Deterministic; used by tests.
pub struct Inline {
    core: Core,
    /// Steps per frame when unthrottled.
    pub unthrottled_batch: u64,
}

impl Inline {
    pub fn new(speed: Speed) -> Inline {
        Inline {
            core: Core::new(speed, false),
            unthrottled_batch: 10_000,
        }
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
