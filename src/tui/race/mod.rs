//! The race on the screen: 2–6 presets on the current start state, one
//! driver per lane (a [`cubetui_run::runner::Runner`] each in the binary),
//! folded into a [`Race`]. Space, `n`, `+` and `-` act on every lane, a
//! knob change on every lane that has the parameter; `m` switches the
//! shared plot between moves to solved (the default) and misplaced
//! stickers; the race key or Esc leaves it for the single run. The app holds it
//! as its mode; `glue.rs` opens it, the reducer gives it each action
//! first ([`handle`]). This module knows nothing of the app.

pub mod glue;
pub mod panel;
mod plot;
mod screen;

use std::fs::File;
use std::time::{Duration, Instant};

use super::keys::Action;
use cubetui_cube::AnyCube;
use cubetui_run::race::{self, Race};
use cubetui_run::record::Live;
use cubetui_run::runner::{Command, Driver, Inline, Speed};
use cubetui_solve::Solver;

/// How long ending a recorded run waits for its paused solver's last word.
const SETTLE: Duration = Duration::from_millis(500);

/// Calls `running` (which polls a paused driver and folds its news) until
/// it says the run stopped running, for at most [`SETTLE`].
pub(crate) fn settle(running: impl FnMut() -> bool) {
    settle_for(SETTLE, running);
}

/// [`settle`], waiting at most `limit`.
pub(crate) fn settle_for(limit: Duration, mut running: impl FnMut() -> bool) {
    let t0 = Instant::now();
    while running() && t0.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Makes a driver for one lane.
pub type LaneDriverFn = Box<dyn Fn() -> Box<dyn Driver>>;

/// Inline lanes: stepped in the UI thread, one frame per tick (tests).
pub fn inline_lanes() -> LaneDriverFn {
    Box::new(|| Box::new(Inline::new(Speed::PerFrame(1))))
}

/// What the app does after a mode (a race: [`handle`]; a replay:
/// [`super::replay::glue::handle`]) had an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Not the mode's: the app handles it as usual (quit, help, letters, speed).
    Pass,
    /// Handled, with a message to show, if any.
    Done(Option<String>),
    /// Handled, and nothing on the screen changed (a tick while nothing runs).
    Quiet,
    /// Leave the race for the single run.
    Leave,
}

/// A race in progress on the screen.
pub struct RaceView {
    race: Race,
    /// One per lane, in lane order.
    drivers: Vec<Box<dyn Driver>>,
    /// What the shared plot shows.
    measure: RaceMeasure,
    /// The lane clicked last: highlighted, its curve drawn on top.
    focus: Option<usize>,
    /// Each lane's run file (`--record`), where it is recorded.
    records: Vec<Option<Live<File>>>,
    /// What the race last answered a key with (the line under the plot
    /// shows it while it is the app's message).
    said: Option<String>,
}

/// What the race's shared plot shows for each lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceMeasure {
    /// Moves to solved from the lane's best state (the default up to the
    /// 3×3: the one measure every solver shares).
    ToSolved,
    /// Misplaced stickers of the lane's current state (its energy; the
    /// only measure past the 3×3).
    Misplaced,
}

impl RaceMeasure {
    /// The plot's title.
    pub fn title(self) -> &'static str {
        match self {
            RaceMeasure::ToSolved => "moves to solved",
            RaceMeasure::Misplaced => "misplaced stickers",
        }
    }

    /// The other one.
    pub fn toggled(self) -> RaceMeasure {
        match self {
            RaceMeasure::ToSolved => RaceMeasure::Misplaced,
            RaceMeasure::Misplaced => RaceMeasure::ToSolved,
        }
    }
}

impl RaceView {
    /// Starts every lane of `names` (their solvers in the same order) on
    /// `start` at `speed`, each with a driver from `make`, writing lane
    /// `i`'s updates to `records[i]` when there is one.
    pub fn start(
        names: Vec<String>,
        solvers: Vec<Box<dyn Solver>>,
        start: AnyCube,
        seed: u64,
        speed: Speed,
        make: &LaneDriverFn,
        records: Vec<Option<Live<File>>>,
    ) -> Result<RaceView, String> {
        // Moves to solved is known up to the 3x3 only (no reference past it).
        let measured = start.size().get() <= 3;
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
        let mut view = RaceView {
            race,
            drivers,
            measure: if measured {
                RaceMeasure::ToSolved
            } else {
                RaceMeasure::Misplaced
            },
            focus: None,
            records,
            said: None,
        };
        view.poll();
        Ok(view)
    }

    /// The race model (lanes, ranks, results).
    pub fn race(&self) -> &Race {
        &self.race
    }

    /// Whether moves to solved is known on this race's cube (up to the 3×3:
    /// past it there is no reference), so that `m` may switch to it.
    pub fn measured(&self) -> bool {
        self.race.start().size().get() <= 3
    }

    /// What the shared plot shows (`m` switches).
    pub fn measure(&self) -> RaceMeasure {
        self.measure
    }

    /// Each lane's points for the shared plot: (CPU seconds, the measure).
    pub fn plotted(&self) -> Vec<&[(f64, f64)]> {
        self.race
            .lanes()
            .iter()
            .map(|l| match self.measure {
                RaceMeasure::ToSolved => l.to_solved(),
                RaceMeasure::Misplaced => l.points(),
            })
            .collect()
    }

    /// What the race last answered a key with.
    pub fn said(&self) -> Option<&str> {
        self.said.as_deref()
    }

    /// Notes `message` as the race's last answer (see [`RaceView::said`]).
    pub fn note_said(&mut self, message: &str) {
        self.said = Some(message.to_string());
    }

    /// The focused lane, if any.
    pub fn focus(&self) -> Option<usize> {
        self.focus
    }

    /// Focuses lane `i` (ignored when there is no such lane).
    pub fn set_focus(&mut self, i: usize) {
        if i < self.race.lanes().len() {
            self.focus = Some(i);
        }
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

    /// Changes live parameter `key` in every unfinished lane whose solver
    /// has it; the presets changed and those left alone, in lane order.
    pub fn set_param(&mut self, key: &str, value: f64) -> (Vec<String>, Vec<String>) {
        let (mut changed, mut alone) = (Vec::new(), Vec::new());
        for (d, l) in self.drivers.iter_mut().zip(self.race.lanes()) {
            if !l.state().finished() && l.track().param(key).is_some() {
                d.send(Command::SetParam {
                    key: key.to_string(),
                    value,
                });
                changed.push(l.preset().to_string());
            } else {
                alone.push(l.preset().to_string());
            }
        }
        self.poll();
        (changed, alone)
    }

    /// Sets every lane's speed.
    pub fn set_speed(&mut self, speed: Speed) {
        self.send_all(|| Command::Speed(speed));
        self.poll();
    }

    /// Reads every lane's news (and writes it to the lane's run file).
    pub fn poll(&mut self) {
        for (i, d) in self.drivers.iter_mut().enumerate() {
            let u = d.poll();
            if let Some(slot) = self.records.get_mut(i)
                && let Some(live) = slot
                && live.absorb(&u).is_err()
            {
                // A file that cannot be written any more is left as it is.
                *slot = None;
            }
            self.race.absorb(i, u);
        }
    }

    /// Stops writing the lanes' run files, leaving them as they are.
    pub fn drop_records(&mut self) {
        self.records.clear();
    }

    /// Ends every lane's run file: running lanes are paused first (so a
    /// result is the lane's latest), then each gets its result,
    /// `interrupted` unless the lane finished.
    pub fn end_records(&mut self) {
        if self.records.iter().all(Option::is_none) {
            return;
        }
        if self.running() {
            self.send_all(|| Command::Pause);
            settle(|| {
                self.poll();
                self.running()
            });
        }
        for (slot, lane) in self.records.iter_mut().zip(self.race.lanes()) {
            if let Some(live) = slot {
                let _ = live.end(!lane.state().finished());
            }
        }
        self.records.clear();
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
    let was_running = view.running();
    let reply = match action {
        Action::Quit
        | Action::ToggleHelp
        | Action::ToggleLetters
        | Action::Faster
        | Action::Slower
        | Action::ToggleLogScale
        | Action::ZoomIn
        | Action::ZoomOut
        | Action::Knob(_)
        | Action::ScrollHelp(_)
        | Action::Resize(..)
        | Action::Wheel { .. }
        | Action::Click { .. }
        | Action::CopyCommand
        | Action::Notice(_) => return Reply::Pass,
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
        Action::ToggleRaceMeasure if !view.measured() => {
            let n = view.race.start().size().get();
            Reply::Done(Some(format!(
                "race plot: misplaced stickers (no moves to solved on a {n}x{n}: no reference)"
            )))
        }
        Action::ToggleRaceMeasure => {
            view.measure = view.measure.toggled();
            Reply::Done(Some(format!(
                "race plot: {} (m switches)",
                view.measure.title()
            )))
        }
        _ => Reply::Done(Some(
            "in a race: space, n, + and - act on every lane, p changes knobs, m the plot; w or esc leaves"
                .into(),
        )),
    };
    view.poll();
    // A tick redraws only while lanes run (or just stopped).
    if *action == Action::Tick && !was_running && !view.running() {
        return Reply::Quiet;
    }
    reply
}
