//! The race on the screen: 2–6 presets on the current start state, one
//! driver per lane (a [`crate::solve::runner::Runner`] each in the binary),
//! folded into a [`Race`]. Space, `n`, `+` and `-` act on every lane; the
//! race key or Esc leaves it for the single run. This is the glue between
//! the app and the race model: [`App::open_race`] opens one, [`route`]
//! gives it each action first.

use super::app::App;
use super::keys::Action;
use crate::cube::Cube;
use crate::solve::Solver;
use crate::solve::race::{self, Race};
use crate::solve::runner::{Command, Driver, Inline, RunState, Speed};

/// Makes a driver for one lane.
pub type LaneDriverFn = Box<dyn Fn() -> Box<dyn Driver>>;

/// Inline lanes: stepped in the UI thread, one frame per tick (tests).
pub fn inline_lanes() -> LaneDriverFn {
    Box::new(|| Box::new(Inline::new(Speed::PerFrame(1))))
}

/// What the app does after [`handle`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Not the race's: the app handles it as usual (quit, help, letters, speed).
    Pass,
    /// Handled, with a message to show, if any.
    Done(Option<String>),
    /// Leave the race for the single run.
    Leave,
}

/// A race in progress on the screen.
pub struct RaceView {
    race: Race,
    /// One per lane, in lane order.
    drivers: Vec<Box<dyn Driver>>,
}

impl RaceView {
    /// Starts every lane of `names` (their solvers in the same order) on
    /// `start` at `speed`, each with a driver from `make`.
    pub fn start(
        names: Vec<String>,
        solvers: Vec<Box<dyn Solver>>,
        start: Cube,
        seed: u64,
        speed: Speed,
        make: &LaneDriverFn,
    ) -> Result<RaceView, String> {
        let race = Race::new(names, start, seed).map_err(|e| e.to_string())?;
        let drivers = solvers
            .into_iter()
            .map(|solver| {
                let mut d = make();
                d.send(Command::Speed(speed));
                d.send(Command::Replace(Some(solver), 1));
                d.send(Command::Start);
                d
            })
            .collect();
        let mut view = RaceView { race, drivers };
        view.poll();
        Ok(view)
    }

    /// The race model (lanes, ranks, results).
    pub fn race(&self) -> &Race {
        &self.race
    }

    /// Whether any lane is running.
    pub fn running(&self) -> bool {
        self.race.is_running()
    }

    fn send_all(&mut self, cmd: impl Fn() -> Command) {
        for (d, l) in self.drivers.iter_mut().zip(self.race.lanes()) {
            if !l.state().finished() {
                d.send(cmd());
            }
        }
    }

    /// Sets every lane's speed.
    pub fn set_speed(&mut self, speed: Speed) {
        self.send_all(|| Command::Speed(speed));
        self.poll();
    }

    /// Reads every lane's news.
    pub fn poll(&mut self) {
        for (i, d) in self.drivers.iter_mut().enumerate() {
            self.race.absorb(i, d.poll());
        }
    }
}

/// The default lanes among `available` presets: `current`, then the
/// race's default companions that are available, then the others, four
/// at most.
pub fn default_lanes(available: &[&str], current: &str) -> Vec<String> {
    let mut lanes: Vec<String> = race::default_presets(current)
        .into_iter()
        .filter(|p| available.contains(&p.as_str()))
        .collect();
    for p in available {
        if lanes.len() >= 4 {
            break;
        }
        if !lanes.iter().any(|l| l == p) {
            lanes.push(p.to_string());
        }
    }
    lanes
}

/// Applies `action` to an open race (`help`: the help popup is open).
pub fn handle(view: &mut RaceView, action: &Action, help: bool) -> Reply {
    let reply = match action {
        Action::Quit
        | Action::ToggleHelp
        | Action::ToggleLetters
        | Action::Faster
        | Action::Slower => return Reply::Pass,
        Action::CloseHelp if help => return Reply::Pass,
        Action::CloseHelp | Action::Race => return Reply::Leave,
        Action::Tick => {
            for d in &mut view.drivers {
                d.frame();
            }
            Reply::Done(None)
        }
        Action::StartPause => {
            if view.running() {
                view.send_all(|| Command::Pause);
                Reply::Done(None)
            } else if view.race.is_over() {
                Reply::Done(Some("the race is over: w or esc leaves it".into()))
            } else {
                view.send_all(|| Command::Start);
                Reply::Done(None)
            }
        }
        Action::Step => {
            view.send_all(|| Command::Step(1));
            Reply::Done(None)
        }
        _ => Reply::Done(Some(
            "in a race: space, n, + and - act on every lane; w or esc leaves".into(),
        )),
    };
    view.poll();
    reply
}

/// Gives an open race `action` first; `true` when the race took it (the
/// reducer does nothing more).
pub(crate) fn route(app: &mut App, action: &Action) -> bool {
    let Some(view) = app.race.as_mut() else {
        return false;
    };
    let was_running = view.running();
    match handle(view, action, app.view.help) {
        Reply::Pass => false,
        Reply::Leave => {
            app.race = None;
            app.message = Some("left the race".into());
            app.dirty = true;
            true
        }
        Reply::Done(message) => {
            // A tick redraws only while lanes run (or just stopped).
            if *action != Action::Tick || was_running || view.running() || message.is_some() {
                app.dirty = true;
            }
            if message.is_some() {
                app.message = message;
            }
            true
        }
    }
}

/// Opens the default race on the current preset (the race key).
pub(crate) fn open_default(app: &mut App) {
    let available: Vec<&str> = app.choices().iter().map(|c| c.preset.as_str()).collect();
    let current = app.current_choice().map_or("", |c| c.preset.as_str());
    let lanes = default_lanes(&available, current);
    if let Err(e) = app.open_race(&lanes) {
        app.message = Some(format!("no race: {e}"));
    }
}

impl App {
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
                .choices()
                .iter()
                .find(|c| c.preset == p || Some(c.preset.as_str()) == alias)
                .ok_or_else(|| {
                    let all: Vec<&str> = self.choices().iter().map(|c| c.preset.as_str()).collect();
                    format!("unknown preset `{p}` (available: {})", all.join(", "))
                })?;
            names.push(c.preset.clone());
            solvers.push(
                (c.build)(self.start(), self.seed())
                    .map_err(|e| format!("cannot build `{}`: {e}", c.preset))?,
            );
        }
        let view = RaceView::start(
            names,
            solvers,
            self.start(),
            self.seed(),
            self.speed(),
            &self.lane_driver,
        )?;
        if self.state() == RunState::Running {
            self.run.driver.send(Command::Pause);
        }
        self.race = Some(view);
        self.message = Some("race: space pauses every lane, w or esc leaves".into());
        self.dirty = true;
        Ok(())
    }
}
