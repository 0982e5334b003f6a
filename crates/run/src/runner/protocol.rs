//! What passes between a UI and a runner: the [`Command`]s it sends, the
//! [`Update`]s it reads back (with their plot [`Point`]s and [`Mark`]s), and
//! the [`Driver`] trait both runners implement.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use cubetui_solve::api::{Outcome, Profile, Snapshot, Solver};

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
    /// Changes a live parameter ([`Solver::set_param`]), keeping state and
    /// history: marked on the plot (`key old→new`, the key's last dotted
    /// segment) and answered with the solver's new [`Update::params`], or
    /// refused with an [`Update::error`] (the run goes on either way).
    SetParam {
        key: String,
        value: f64,
    },
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
    /// Moves to solved: the length (HTM) of a two-phase solution from the
    /// best state, as the runner last measured it (`NaN`: unknown; see
    /// [`super::measure`]).
    pub to_solved: f64,
}

impl Point {
    pub(super) fn of(s: &Snapshot, to_solved: f64) -> Point {
        Point {
            iteration: s.iteration,
            energy: s.energy,
            best: s.best_energy,
            values: s.values.clone(),
            to_solved,
        }
    }
}

/// A generator switch, a new phase or a parameter change, to mark on the
/// plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub iteration: u64,
    /// What the plot says of it, whole: `generator → pll`, or the new
    /// phase's name (`phase 2/4 · G1→G2`).
    pub label: String,
}

/// A change made to a run between two step batches, as data (the
/// [`Mark`] says it in words on the plot): what a run file records so the
/// run can be made again.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Live parameter `key` went from `from` (if the solver reported it)
    /// to `to` after `iteration` steps.
    Knob {
        iteration: u64,
        key: String,
        from: Option<f64>,
        to: f64,
    },
    /// The neighbourhood generator went from `from` to `to` after
    /// `iteration` steps.
    Generator {
        iteration: u64,
        from: Option<String>,
        to: String,
    },
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
    /// Knob and generator changes since the last read, oldest first.
    pub changes: Vec<Change>,
    /// Errors since the last read (such as an unknown generator), joined
    /// by "; " when there were several.
    pub error: Option<String>,
    /// Wall time spent running (zero for the inline driver).
    pub elapsed: Duration,
    /// CPU time the solver thread spent in the solver's steps (zero for
    /// the inline driver): what a race compares.
    pub cpu: Duration,
    /// The solver's generators, sent once after `Replace`.
    pub generators: Option<Vec<String>>,
    /// What the solver reports, sent once after `Replace`.
    pub profile: Option<Profile>,
    /// The solver's live parameters and their current values
    /// ([`Solver::live_values`]), sent after `Replace`, after every
    /// change and when the phase changes (the live set may change with it).
    pub params: Option<Vec<(String, f64)>>,
}

impl Update {
    /// An update carrying nothing but the epoch and state.
    pub fn new(epoch: u64, state: RunState) -> Update {
        Update {
            epoch,
            state,
            snapshot: None,
            outcome: None,
            points: Vec::new(),
            marks: Vec::new(),
            changes: Vec::new(),
            error: None,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            generators: None,
            profile: None,
            params: None,
        }
    }

    /// Adds an error, keeping the earlier ones.
    pub fn push_error(&mut self, e: String) {
        self.error = Some(match self.error.take() {
            Some(before) => format!("{before}; {e}"),
            None => e,
        });
    }

    /// Whether this carries anything new beyond the state.
    pub fn is_empty(&self) -> bool {
        self.snapshot.is_none()
            && self.points.is_empty()
            && self.marks.is_empty()
            && self.changes.is_empty()
            && self.error.is_none()
            && self.outcome.is_none()
            && self.generators.is_none()
            && self.profile.is_none()
            && self.params.is_none()
    }
}

/// A future that resolves when the driver may have something new.
pub type Wake<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// Something the UI can send commands to and read updates from.
pub trait Driver {
    /// Queues a command; never blocks.
    fn send(&mut self, cmd: Command);
    /// Everything since the last poll; never blocks.
    fn poll(&mut self) -> Update;
    /// Called once per UI frame (the inline driver steps here).
    fn frame(&mut self) {}
    /// Resolves when [`Driver::poll`] may return something new; never, for
    /// drivers that only change in [`Driver::frame`]. Cancel-safe: dropping
    /// it loses nothing.
    fn wait(&mut self) -> Wake<'_> {
        Box::pin(std::future::pending())
    }
}

/// Builds the single-threaded tokio runtime every part of the program runs
/// its async work on (the solver thread, the screen's event loop, the Ctrl-C
/// watcher): current-thread, with the I/O and time drivers enabled.
///
/// # Errors
/// When the OS refuses the runtime's resources (e.g. no file descriptors
/// left for the I/O driver).
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
}
