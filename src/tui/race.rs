//! The race on the screen: 2–6 presets on the current start state, one
//! driver per lane (a [`crate::solve::runner::Runner`] each in the binary),
//! folded into a [`Race`]. Space, `n`, `+` and `-` act on every lane; the
//! race key or Esc leaves it for the single run.

use super::app::{App, SPEEDS};
use super::keys::Action;
use crate::solve::race::{self, Race};
use crate::solve::runner::{Command, Driver, Inline, RunState, Speed};

/// Makes a driver for one lane.
pub type LaneDriverFn = Box<dyn Fn() -> Box<dyn Driver>>;

/// Inline lanes: stepped in the UI thread, one frame per tick (tests).
pub fn inline_lanes() -> LaneDriverFn {
    Box::new(|| Box::new(Inline::new(Speed::PerFrame(1))))
}

/// A race in progress on the screen.
pub struct RaceView {
    pub race: Race,
    /// One per lane, in lane order.
    pub drivers: Vec<Box<dyn Driver>>,
}

impl RaceView {
    /// Whether any lane is running.
    pub fn running(&self) -> bool {
        self.race.lanes.iter().any(|l| l.state == RunState::Running)
    }

    fn send_all(&mut self, cmd: impl Fn() -> Command) {
        for (d, l) in self.drivers.iter_mut().zip(&self.race.lanes) {
            if !l.state.finished() {
                d.send(cmd());
            }
        }
    }

    /// Reads every lane's news.
    pub fn poll(&mut self) {
        for (i, d) in self.drivers.iter_mut().enumerate() {
            self.race.absorb(i, d.poll());
        }
    }
}

/// The default lanes: the current preset, then the race's default
/// companions that exist here, then the other presets, four at most.
pub fn default_lanes(app: &App) -> Vec<String> {
    let have = |p: &str| app.choices.iter().any(|c| c.preset == p);
    let current = app
        .current_choice()
        .map(|c| c.preset.clone())
        .unwrap_or_default();
    let mut lanes: Vec<String> = race::default_presets(&current)
        .into_iter()
        .filter(|p| have(p))
        .collect();
    for c in &app.choices {
        if lanes.len() >= 4 {
            break;
        }
        if !lanes.contains(&c.preset) {
            lanes.push(c.preset.clone());
        }
    }
    lanes
}

/// Opens a race of these presets on the current start state and seed;
/// every lane starts at once. An error names what is wrong.
pub fn open(app: &mut App, presets: &[String]) -> Result<(), String> {
    let mut names = Vec::new();
    for p in presets {
        let p = p.trim();
        let choice = app
            .choices
            .iter()
            .find(|c| c.preset == p)
            .or_else(|| {
                let canon = crate::solve::preset::canonical(p).ok()?;
                app.choices.iter().find(|c| c.preset == canon)
            })
            .ok_or_else(|| {
                let all: Vec<&str> = app.choices.iter().map(|c| c.preset.as_str()).collect();
                format!("unknown preset `{p}` (available: {})", all.join(", "))
            })?;
        names.push(choice.preset.clone());
    }
    let race = Race::new(names, app.start, app.seed).map_err(|e| e.to_string())?;
    let mut drivers = Vec::new();
    for lane in &race.lanes {
        let c = app
            .choices
            .iter()
            .find(|c| c.preset == lane.preset)
            .ok_or("a lane lost its preset")?;
        let solver = (c.build)(app.start, app.seed)
            .map_err(|e| format!("cannot build `{}`: {e}", c.preset))?;
        let mut d = (app.lane_driver)();
        d.send(Command::Speed(app.speed()));
        d.send(Command::Replace(Some(solver), 1));
        d.send(Command::Start);
        drivers.push(d);
    }
    if app.state == RunState::Running {
        app.driver.send(Command::Pause);
    }
    let mut view = RaceView { race, drivers };
    view.poll();
    app.race = Some(view);
    app.message = Some("race: space pauses every lane, w or esc leaves".into());
    app.dirty = true;
    Ok(())
}

/// Leaves the race (its lanes stop) for the single run.
pub fn close(app: &mut App) {
    app.race = None;
    app.message = Some("left the race".into());
    app.dirty = true;
}

/// Applies `action` while a race is open; false when the normal handling
/// applies (quit, help).
pub fn handle(app: &mut App, action: &Action) -> bool {
    let help = app.help;
    let speed = app.speed;
    let Some(view) = app.race.as_mut() else {
        return false;
    };
    match action {
        Action::Quit | Action::ToggleHelp | Action::ToggleLetters => return false,
        Action::CloseHelp if help => return false,
        Action::CloseHelp | Action::Race => {
            close(app);
            return true;
        }
        Action::Tick => {
            for d in &mut view.drivers {
                d.frame();
            }
            view.poll();
            if view.race.lanes.iter().any(|l| l.state == RunState::Running) {
                app.dirty = true;
            }
            return true;
        }
        Action::StartPause => {
            if view.running() {
                view.send_all(|| Command::Pause);
            } else if view.race.is_over() {
                app.message = Some("the race is over: w or esc leaves it".into());
            } else {
                view.send_all(|| Command::Start);
            }
        }
        Action::Step => view.send_all(|| Command::Step(1)),
        Action::Faster | Action::Slower => {
            let s = if *action == Action::Faster {
                (speed + 1).min(SPEEDS.len() - 1)
            } else {
                speed.saturating_sub(1)
            };
            view.send_all(|| Command::Speed(SPEEDS[s]));
            app.speed = s;
            app.driver.send(Command::Speed(SPEEDS[s]));
        }
        _ => {
            app.message =
                Some("in a race: space, n, + and - act on every lane; w or esc leaves".into())
        }
    }
    if let Some(v) = app.race.as_mut() {
        v.poll();
    }
    app.dirty = true;
    true
}
