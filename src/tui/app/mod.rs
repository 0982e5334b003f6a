//! The screen's state ([`App`]), in small groups: the start and the
//! presets ([`Setup`]), the single run ([`Run`], its updates folded by the
//! one [`Track`] of the crate) and the view options ([`View`]). Reading is
//! through accessors (`read.rs`); changing is through the reducer
//! (`tui/reducer.rs`) and the race glue (`tui/race_glue.rs`). The solver is reached only
//! through a [`Driver`], so tests run it inline.

use crate::cube::random::{CubeRng, rng_from_seed};

use super::race::{LaneDriverFn, RaceView};
use super::scramble;
use super::theme::{Depth, Theme};
use crate::cube::{Alg, Cube, Move};
use crate::solve::runner::{Axis, Command, Driver, RunState, Speed, Track, Update};
use crate::solve::{SolveError, Solver};

mod read;

/// Builds a solver for a start state and seed.
pub type BuildFn = Box<dyn Fn(Cube, u64) -> Result<Box<dyn Solver>, SolveError>>;

/// A solver preset the user can cycle through.
pub struct Choice {
    pub preset: String,
    pub solver: String,
    /// One line saying what the preset runs (shown in the status panel).
    pub description: String,
    pub build: BuildFn,
}

/// The speed ladder: steps per frame, then unthrottled.
pub const SPEEDS: [Speed; 7] = [
    Speed::PerFrame(1),
    Speed::PerFrame(10),
    Speed::PerFrame(100),
    Speed::PerFrame(1_000),
    Speed::PerFrame(10_000),
    Speed::PerFrame(100_000),
    Speed::Unthrottled,
];

/// Index into [`SPEEDS`] at start: 10 steps per frame, so a run can be watched.
pub const DEFAULT_SPEED: usize = 1;

/// Which net is drawn.
pub use crate::cube::net::Layout as Net;

/// Characters the `:` prompt holds (a typed or pasted algorithm).
pub const PROMPT_MAX: usize = 20_000;

/// Points kept per plotted series.
pub const HISTORY_CAP: usize = 4096;

/// Solution playback once solved.
pub struct Playback {
    pub moves: Vec<Move>,
    pub pos: usize,
    /// Length of the solver's raw sequence.
    pub raw_len: usize,
}

/// Where runs start and what runs them.
pub(crate) struct Setup {
    /// The state the solver starts from.
    pub(crate) cube: Cube,
    /// How `cube` was reached from solved (`None`: a random state).
    pub(crate) scramble: Option<Alg>,
    /// Depth of `s` scrambles; `None`: a uniformly random state.
    pub(crate) depth: Option<usize>,
    pub(crate) rng: CubeRng,
    pub(crate) choices: Vec<Choice>,
    pub(crate) choice: usize,
    pub(crate) seed: u64,
}

/// The single run.
pub(crate) struct Run {
    pub(crate) driver: Box<dyn Driver>,
    /// Which `Replace` the shown run is.
    pub(crate) epoch: u64,
    pub(crate) track: Track,
    pub(crate) playback: Option<Playback>,
}

/// How the screen shows things.
pub(crate) struct View {
    /// Index into [`SPEEDS`].
    pub(crate) speed: usize,
    pub(crate) net: Net,
    /// Show the state turned so its centres are home (U on top, F in front).
    pub(crate) upright: bool,
    pub(crate) letters: bool,
    pub(crate) overlay: bool,
    pub(crate) help: bool,
    pub(crate) prompt: Option<String>,
    pub(crate) theme: Theme,
}

/// The whole screen state.
pub struct App {
    pub(crate) setup: Setup,
    pub(crate) run: Run,
    pub(crate) view: View,
    /// The race on screen, if one is open (see [`super::race`]).
    pub(crate) race: Option<RaceView>,
    /// Makes each race lane's driver (inline unless the binary sets runners).
    pub(crate) lane_driver: LaneDriverFn,
    pub(crate) message: Option<String>,
    /// Why the app had to stop (the solver task died).
    pub(crate) failure: Option<String>,
    /// Something changed since the last draw.
    pub(crate) dirty: bool,
    pub(crate) quit: bool,
}

impl App {
    /// A new app on the solved cube with the given presets; builds the first solver.
    pub fn new(choices: Vec<Choice>, choice: usize, seed: u64, driver: Box<dyn Driver>) -> App {
        let mut app = App {
            setup: Setup {
                cube: Cube::solved(),
                scramble: Some(Alg::default()),
                depth: None,
                rng: rng_from_seed(seed),
                choice: choice.min(choices.len().saturating_sub(1)),
                choices,
                seed,
            },
            run: Run {
                driver,
                epoch: 0,
                track: Track::new(Axis::Steps, HISTORY_CAP),
                playback: None,
            },
            view: View {
                speed: DEFAULT_SPEED,
                net: Net::Strip,
                upright: true,
                letters: false,
                overlay: false,
                help: false,
                prompt: None,
                theme: Theme::load("classic", Depth::True).expect("embedded theme"),
            },
            race: None,
            lane_driver: super::race::inline_lanes(),
            message: None,
            failure: None,
            dirty: true,
            quit: false,
        };
        app.run.driver.send(Command::Speed(SPEEDS[app.view.speed]));
        app.rebuild();
        app
    }

    /// The cube to draw: playback position, else the solver's current state,
    /// else the start; turned upright unless the raw view is on.
    pub fn shown_cube(&self) -> Cube {
        let cube = if let Some(p) = &self.run.playback {
            let mut c = self.setup.cube;
            for m in &p.moves[..p.pos] {
                c.apply_move(*m);
            }
            c
        } else {
            match self.snapshot() {
                Some(s) => s.current,
                None => self.setup.cube,
            }
        };
        if self.view.upright {
            cube.upright()
        } else {
            cube
        }
    }

    /// Replaces the run with a fresh solver for the current start and preset.
    pub(crate) fn rebuild(&mut self) {
        self.run.epoch += 1;
        self.run.track.reset();
        self.run.playback = None;
        let solver = match self.current_choice() {
            None => {
                self.message = Some("no solver presets available".into());
                None
            }
            Some(c) => match (c.build)(self.setup.cube, self.setup.seed) {
                Ok(s) => Some(s),
                Err(e) => {
                    self.message = Some(format!("cannot build `{}`: {e}", c.preset));
                    None
                }
            },
        };
        self.run
            .driver
            .send(Command::Replace(solver, self.run.epoch));
        self.dirty = true;
        self.absorb_pending();
    }

    /// Absorbs whatever the driver has.
    pub fn absorb_pending(&mut self) {
        let u = self.run.driver.poll();
        self.absorb(u);
    }

    /// Folds a runner update of the current epoch into the app.
    pub fn absorb(&mut self, u: Update) {
        if u.epoch != self.run.epoch {
            return;
        }
        if u.state != self.state() || !u.is_empty() || u.state == RunState::Running {
            self.dirty = true;
        }
        if let Some(e) = self.run.track.absorb(u) {
            self.message = Some(e);
        }
        if self.state() == RunState::Stopped && !self.quit {
            // Only a dead solver task stops a run the app did not stop.
            self.failure = self.message.clone();
            self.quit = true;
        }
        if self.state() == RunState::Solved
            && self.run.playback.is_none()
            && let Some(o) = self.run.track.outcome()
        {
            let moves = scramble::simplified(&o.solution);
            self.run.playback = Some(Playback {
                pos: 0,
                raw_len: o.solution.len(),
                moves,
            });
            self.message = Some("solved: ← → play the solution back".into());
        }
    }

    /// Sets a new start state (the caller starts the run over).
    pub(crate) fn set_start(&mut self, cube: Cube, scramble: Option<Alg>) {
        self.setup.cube = cube;
        self.setup.scramble = scramble;
    }
}
