//! Application state and `update(&mut App, Action)`. Pure logic: the solver
//! is reached only through a [`Driver`], so tests run it inline.

use std::time::Duration;

use crate::cube::random::{CubeRng, rng_from_seed};

use super::history::Series;
use super::keys::Action;
use super::race::{self, LaneDriverFn, RaceView, Reply};
use super::scramble;
use super::theme::{Depth, Theme};
use crate::cube::{Alg, Cube, Move};
use crate::solve::runner::{Command, Driver, Mark, RunState, Speed, Update};
use crate::solve::{Outcome, Profile, Snapshot, SolveError, Solver};

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

/// The plotted history of one run.
pub struct Plots {
    pub energy: Series,
    pub best: Series,
    /// The solver's own series, one per [`crate::solve::SeriesSpec`] of its profile.
    pub values: Vec<Series>,
    pub marks: Vec<Mark>,
}

impl Plots {
    fn new() -> Plots {
        Plots {
            energy: Series::new(HISTORY_CAP),
            best: Series::new(HISTORY_CAP),
            values: Vec::new(),
            marks: Vec::new(),
        }
    }
}

/// Solution playback once solved.
pub struct Playback {
    pub moves: Vec<Move>,
    pub pos: usize,
    /// Length of the solver's raw sequence.
    pub raw_len: usize,
}

pub struct App {
    /// The state the solver starts from.
    pub start: Cube,
    /// How `start` was reached from solved (`None`: a random state).
    pub scramble: Option<Alg>,
    pub choices: Vec<Choice>,
    pub choice: usize,
    pub seed: u64,
    pub driver: Box<dyn Driver>,
    pub epoch: u64,
    pub state: RunState,
    pub snapshot: Option<Snapshot>,
    pub outcome: Option<Outcome>,
    pub plots: Plots,
    /// Generators the current solver can switch between.
    pub generators: Vec<String>,
    /// What the current solver reports (sent by the runner with a new solver).
    pub profile: Option<Profile>,
    pub elapsed: Duration,
    pub speed: usize,
    pub net: Net,
    /// Show the state turned so its centres are home (U on top, F in front).
    pub upright: bool,
    /// Depth of `s` scrambles; `None`: a uniformly random state.
    pub depth: Option<usize>,
    pub letters: bool,
    pub overlay: bool,
    pub help: bool,
    pub prompt: Option<String>,
    pub message: Option<String>,
    pub playback: Option<Playback>,
    pub rng: CubeRng,
    pub theme: Theme,
    /// Why the app had to stop (the solver task died).
    pub failure: Option<String>,
    /// The race on screen, if one is open (see [`super::race`]).
    pub race: Option<RaceView>,
    /// Makes each race lane's driver (inline unless the binary sets runners).
    pub lane_driver: LaneDriverFn,
    /// Something changed since the last draw.
    pub dirty: bool,
    pub quit: bool,
}

impl App {
    /// A new app on the solved cube with the given presets; builds the first solver.
    pub fn new(choices: Vec<Choice>, choice: usize, seed: u64, driver: Box<dyn Driver>) -> App {
        let mut app = App {
            start: Cube::solved(),
            scramble: Some(Alg::default()),
            choice: choice.min(choices.len().saturating_sub(1)),
            choices,
            seed,
            driver,
            epoch: 0,
            state: RunState::Idle,
            snapshot: None,
            outcome: None,
            plots: Plots::new(),
            generators: Vec::new(),
            profile: None,
            elapsed: Duration::ZERO,
            speed: DEFAULT_SPEED,
            net: Net::Strip,
            upright: true,
            depth: None,
            letters: false,
            overlay: false,
            help: false,
            prompt: None,
            message: None,
            playback: None,
            rng: rng_from_seed(seed),
            theme: Theme::load("classic", Depth::True).expect("embedded theme"),
            failure: None,
            race: None,
            lane_driver: super::race::inline_lanes(),
            dirty: true,
            quit: false,
        };
        app.driver.send(Command::Speed(SPEEDS[app.speed]));
        app.rebuild();
        app
    }

    pub fn speed(&self) -> Speed {
        SPEEDS[self.speed]
    }

    /// What one elementary step of the current solver is called.
    pub fn step_name(&self) -> &'static str {
        self.profile.as_ref().map_or("step", |p| p.step)
    }

    pub fn current_choice(&self) -> Option<&Choice> {
        self.choices.get(self.choice)
    }

    /// The cube to draw: playback position, else the solver's current state,
    /// else the start; turned upright unless the raw view is on.
    pub fn shown_cube(&self) -> Cube {
        let cube = if let Some(p) = &self.playback {
            let mut c = self.start;
            for m in &p.moves[..p.pos] {
                c.apply_move(*m);
            }
            c
        } else {
            match &self.snapshot {
                Some(s) => s.current,
                None => self.start,
            }
        };
        if self.upright { cube.upright() } else { cube }
    }

    /// Replaces the run with a fresh solver for the current start and preset.
    fn rebuild(&mut self) {
        self.epoch += 1;
        self.state = RunState::Idle;
        self.snapshot = None;
        self.outcome = None;
        self.plots = Plots::new();
        self.profile = None;
        self.elapsed = Duration::ZERO;
        self.playback = None;
        let solver = match self.current_choice() {
            None => {
                self.message = Some("no solver presets available".into());
                None
            }
            Some(c) => match (c.build)(self.start, self.seed) {
                Ok(s) => Some(s),
                Err(e) => {
                    self.message = Some(format!("cannot build `{}`: {e}", c.preset));
                    None
                }
            },
        };
        self.driver.send(Command::Replace(solver, self.epoch));
        self.dirty = true;
        self.absorb_pending();
    }

    /// Absorbs whatever the driver has.
    pub fn absorb_pending(&mut self) {
        let u = self.driver.poll();
        self.absorb(u);
    }

    /// Folds a runner update into the app.
    pub fn absorb(&mut self, u: Update) {
        if u.epoch != self.epoch {
            return;
        }
        if u.state != self.state || !u.is_empty() || u.state == RunState::Running {
            self.dirty = true;
        }
        self.state = u.state;
        self.elapsed = u.elapsed;
        for p in &u.points {
            let x = p.iteration as f64;
            self.plots.energy.push(x, p.energy);
            self.plots.best.push(x, p.best);
            let series = &mut self.plots.values;
            if series.len() < p.values.len() {
                series.resize_with(p.values.len(), || Series::new(HISTORY_CAP));
            }
            for (s, &v) in series.iter_mut().zip(&p.values) {
                s.push(x, v);
            }
        }
        self.plots.marks.extend(u.marks);
        if let Some(g) = u.generators {
            self.generators = g;
        }
        if u.profile.is_some() {
            self.profile = u.profile;
        }
        if let Some(e) = u.error {
            self.message = Some(e);
        }
        if self.state == RunState::Stopped && !self.quit {
            // Only a dead solver task stops a run the app did not stop.
            self.failure = self.message.clone();
            self.quit = true;
        }
        if u.snapshot.is_some() {
            self.snapshot = u.snapshot;
        }
        if u.outcome.is_some() {
            self.outcome = u.outcome;
        }
        if self.state == RunState::Solved
            && self.playback.is_none()
            && let Some(o) = &self.outcome
        {
            let moves = scramble::simplified(&o.solution);
            self.playback = Some(Playback {
                pos: 0,
                raw_len: o.solution.len(),
                moves,
            });
            self.message = Some("solved: ← → play the solution back".into());
        }
    }

    /// Opens a race of these presets (names or aliases, 2 to 6) on the
    /// shown start state and seed, pausing the single run; every lane
    /// starts at once. An error names what is wrong.
    pub fn open_race(&mut self, presets: &[String]) -> Result<(), String> {
        let mut names = Vec::new();
        let mut solvers = Vec::new();
        for p in presets {
            let p = p.trim();
            let alias = crate::solve::preset::canonical(p).ok();
            let c = self
                .choices
                .iter()
                .find(|c| c.preset == p || Some(c.preset.as_str()) == alias)
                .ok_or_else(|| {
                    let all: Vec<&str> = self.choices.iter().map(|c| c.preset.as_str()).collect();
                    format!("unknown preset `{p}` (available: {})", all.join(", "))
                })?;
            names.push(c.preset.clone());
            solvers.push(
                (c.build)(self.start, self.seed)
                    .map_err(|e| format!("cannot build `{}`: {e}", c.preset))?,
            );
        }
        let view = RaceView::start(
            names,
            solvers,
            self.start,
            self.seed,
            self.speed(),
            &self.lane_driver,
        )?;
        if self.state == RunState::Running {
            self.driver.send(Command::Pause);
        }
        self.race = Some(view);
        self.message = Some("race: space pauses every lane, w or esc leaves".into());
        self.dirty = true;
        Ok(())
    }

    /// Sets a new start state (resets the run).
    fn set_start(&mut self, cube: Cube, scramble: Option<Alg>) {
        self.start = cube;
        self.scramble = scramble;
        self.rebuild();
    }

    fn apply_alg(&mut self, text: &str) {
        match text.parse::<Alg>() {
            Ok(alg) => {
                let cube = self.start.after(&alg);
                let scramble = self.scramble.take().map(|mut s| {
                    for m in alg.moves() {
                        s.push(*m);
                    }
                    s
                });
                self.message = Some(match alg.len() {
                    0..=12 => format!("applied {alg}"),
                    n => format!("applied {n} moves"),
                });
                self.set_start(cube, scramble);
            }
            Err(e) => {
                self.message = Some(format!("bad algorithm: {e}"));
                self.dirty = true;
            }
        }
    }
}

/// Applies one action to the app.
pub fn update(app: &mut App, action: Action) {
    if let Some(view) = app.race.as_mut() {
        let was_running = view.running();
        match race::handle(view, &action, app.help) {
            Reply::Pass => {}
            Reply::Leave => {
                app.race = None;
                app.message = Some("left the race".into());
                app.dirty = true;
                return;
            }
            Reply::Done(message) => {
                // A tick redraws only while lanes run (or just stopped).
                if action != Action::Tick || was_running || view.running() || message.is_some() {
                    app.dirty = true;
                }
                if message.is_some() {
                    app.message = message;
                }
                return;
            }
        }
    }
    match action {
        Action::Tick => {
            app.driver.frame();
            app.absorb_pending();
            return;
        }
        Action::Quit => {
            app.driver.send(Command::Stop);
            app.quit = true;
        }
        Action::Turn(m) => {
            let mut cube = app.start;
            cube.apply_move(m);
            let scramble = app.scramble.take().map(|mut s| {
                s.push(m);
                s
            });
            app.message = None;
            app.set_start(cube, scramble);
        }
        Action::OpenPrompt => app.prompt = Some(String::new()),
        Action::PromptChar(c) => {
            if let Some(p) = app.prompt.as_mut() {
                if p.len() < PROMPT_MAX {
                    p.push(c);
                } else {
                    app.message = Some(format!(
                        "the prompt holds at most {PROMPT_MAX} characters: `{}` was not taken",
                        c.escape_debug()
                    ));
                }
            }
        }
        Action::PromptBackspace => {
            if let Some(p) = app.prompt.as_mut() {
                p.pop();
            }
        }
        Action::PromptCancel => app.prompt = None,
        Action::PromptSubmit => {
            if let Some(text) = app.prompt.take() {
                if text.trim().is_empty() {
                    app.message = Some("nothing to apply: the prompt was empty".into());
                } else {
                    app.apply_alg(&text);
                }
            }
        }
        Action::ApplyAlg(text) => app.apply_alg(&text),
        Action::Scramble => {
            let (cube, alg, what) = match app.depth {
                None => (
                    scramble::random_state(&mut app.rng),
                    None,
                    "random-state scramble".to_string(),
                ),
                Some(d) => {
                    let alg = scramble::random_moves(&mut app.rng, d);
                    (
                        Cube::solved().after(&alg),
                        Some(alg),
                        format!("{d}-move scramble"),
                    )
                }
            };
            app.message = Some(format!("{what}: space solves it"));
            app.set_start(cube, alg);
        }
        Action::SetDepth(d) => {
            app.depth = d;
            app.message = Some(match d {
                None => "s now makes a random-state scramble".to_string(),
                Some(d) => format!("s now scrambles {d} random moves"),
            });
        }
        Action::ToggleUpright => {
            app.upright = !app.upright;
            app.message = Some(if app.upright {
                "upright view: the net turned so the centres stay home".to_string()
            } else {
                "raw view: the state exactly as the solver turns it".to_string()
            });
        }
        Action::Reset => {
            app.message = None;
            app.set_start(Cube::solved(), Some(Alg::default()));
        }
        Action::StartPause => match app.state {
            RunState::Running => app.driver.send(Command::Pause),
            RunState::Idle | RunState::Paused => app.driver.send(Command::Start),
            s => {
                app.message = Some(format!(
                    "the run is {}: x, s or a turn starts over",
                    s.name()
                ))
            }
        },
        Action::Step => app.driver.send(Command::Step(1)),
        Action::Faster | Action::Slower => {
            app.speed = if action == Action::Faster {
                (app.speed + 1).min(SPEEDS.len() - 1)
            } else {
                app.speed.saturating_sub(1)
            };
            app.driver.send(Command::Speed(app.speed()));
            if let Some(view) = app.race.as_mut() {
                view.set_speed(SPEEDS[app.speed]);
            }
        }
        Action::CycleGenerator => {
            let g = app.generators.clone();
            match g.is_empty() {
                false => {
                    let cur = app.snapshot.as_ref().and_then(|s| s.generator.clone());
                    let i = cur
                        .and_then(|c| g.iter().position(|x| *x == c))
                        .map_or(0, |i| (i + 1) % g.len());
                    app.message = Some(format!("generator → {}", g[i]));
                    app.driver.send(Command::Generator(g[i].clone()));
                }
                true => app.message = Some("this solver has no generators to switch".into()),
            }
        }
        Action::CycleSolver => {
            if !app.choices.is_empty() {
                app.choice = (app.choice + 1) % app.choices.len();
                app.message = None;
                app.rebuild();
            }
        }
        Action::ToggleLayout => {
            app.net = match app.net {
                Net::Strip => Net::Cross,
                Net::Cross => Net::Strip,
            }
        }
        Action::ToggleLetters => app.letters = !app.letters,
        Action::ToggleOverlay => app.overlay = !app.overlay,
        Action::PlayForward | Action::PlayBack | Action::PlayStart | Action::PlayEnd => {
            match app.playback.as_mut() {
                Some(p) => {
                    p.pos = match action {
                        Action::PlayForward => (p.pos + 1).min(p.moves.len()),
                        Action::PlayBack => p.pos.saturating_sub(1),
                        Action::PlayStart => 0,
                        _ => p.moves.len(),
                    }
                }
                None => app.message = Some("playback needs a solved run".into()),
            }
        }
        Action::Race => {
            let available: Vec<&str> = app.choices.iter().map(|c| c.preset.as_str()).collect();
            let current = app.current_choice().map_or("", |c| c.preset.as_str());
            let lanes = race::default_lanes(&available, current);
            if let Err(e) = app.open_race(&lanes) {
                app.message = Some(format!("no race: {e}"));
            }
        }
        Action::ToggleHelp => app.help = !app.help,
        Action::CloseHelp => {
            app.help = false;
            app.prompt = None;
        }
        Action::Notice(text) => app.message = Some(text),
    }
    app.dirty = true;
    app.absorb_pending();
}
