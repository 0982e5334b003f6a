//! Opening a race: [`App::open_race`] opens one on the shown start (the
//! app's mode becomes the race; the reducer gives it each action first),
//! `open_default` is the race key; `set_param` is a knob change in a race.

use crate::tui::app::{App, KnobSet, Mode};
use crate::tui::race::{RaceView, default_lanes};
use cubetui_run::runner::{Command, RunState};

/// Sends a live parameter change to every lane of `view` that has the
/// key; what the message line says after `said` (the knob's own words):
/// the lanes changed and those left alone.
pub(crate) fn set_param(
    view: &mut RaceView,
    key: &str,
    value: f64,
    said: Option<String>,
) -> Option<String> {
    let (changed, alone) = view.set_param(key, value);
    if changed.is_empty() {
        Some(format!("no running lane has `{key}`"))
    } else if !alone.is_empty() {
        Some(format!(
            "{} in {}; not in {} (no such knob, or finished)",
            said.unwrap_or_default(),
            changed.join(", "),
            alone.join(", ")
        ))
    } else {
        said
    }
}

/// Opens the default race on the current preset (the race key).
pub(crate) fn open_default(app: &mut App) {
    // The presets that run on the shown size.
    let available: Vec<&str> = (app.choices().iter().enumerate())
        .filter(|&(i, _)| app.fits(i))
        .map(|(_, c)| c.preset.as_str())
        .collect();
    let current = app.current_choice().map_or("", |c| c.preset.as_str());
    let lanes = default_lanes(&available, current);
    // The current preset's lane (the first) as the single run was tuned.
    let turned = crate::tui::knobs::turned(app);
    if let Err(e) = app.open_race_turned(&lanes, &turned) {
        app.message = Some(format!("no race: {e}"));
    }
}

impl App {
    /// Opens a race of these presets (names or aliases, 2 to 6) on the
    /// shown start state and seed, pausing the single run; every lane
    /// starts at once. An error names what is wrong.
    pub fn open_race(&mut self, presets: &[String]) -> Result<(), String> {
        self.open_race_turned(presets, &[])
    }

    /// [`App::open_race`], the first lane's knobs set as `turned` says
    /// (key, value, as `--set` writes it) when it runs the current preset:
    /// `y` then prints them as its `--set`, with the command line's.
    pub(crate) fn open_race_turned(
        &mut self,
        presets: &[String],
        turned: &[(String, f64, String)],
    ) -> Result<(), String> {
        let start = self.setup.cube.clone();
        let mut names = Vec::new();
        let mut solvers = Vec::new();
        for p in presets {
            let p = p.trim();
            let alias = self.setup.presets.canonical(p).ok().map(str::to_string);
            let c = self
                .choices()
                .iter()
                .find(|c| c.preset == p || Some(&c.preset) == alias.as_ref())
                .ok_or_else(|| {
                    let all: Vec<&str> = self.choices().iter().map(|c| c.preset.as_str()).collect();
                    format!("unknown preset `{p}` (available: {})", all.join(", "))
                })?;
            names.push(c.preset.clone());
            solvers.push(
                (c.build)(&self.setup.cube, self.run_seed())
                    .map_err(|e| format!("cannot build `{}`: {e}", c.preset))?,
            );
        }
        // The first lane runs the current preset as the single run did:
        // built with the command line's `--set`, its knobs as turned.
        let current = self.current_choice().map(|c| c.preset.clone());
        let mut sets: Vec<(String, String)> = Vec::new();
        let mut first_config = None;
        let mut knobs: Vec<KnobSet> = Vec::new();
        if names.first() == current.as_ref()
            && let Some(first) = solvers.first_mut()
        {
            if let Some((choice, cli)) = &self.setup.cli_sets
                && *choice == self.setup.choice
            {
                sets.clone_from(cli);
            }
            first_config = self.command_line_config().cloned();
            for (key, value, shown) in turned {
                let from = first
                    .live_values()
                    .into_iter()
                    .find_map(|(k, v)| (k == *key).then_some(v));
                first
                    .set_param(key, *value)
                    .map_err(|e| format!("`{key}` = {shown} on `{}`: {e}", names[0]))?;
                knobs.push((key.clone(), from, *value));
                sets.retain(|(k, _)| k != key);
                sets.push((key.clone(), shown.clone()));
            }
        }
        self.setup.race_sets = sets;
        let records = self.race_records(&names, &solvers, first_config, &knobs);
        let note = names.first().and_then(|n| self.race_record_note(n));
        let view = RaceView::start(
            names,
            solvers,
            start,
            self.run_seed(),
            self.speed(),
            &self.lane_driver,
            records,
        )?;
        if self.state() == RunState::Running {
            self.run.driver.send(Command::Pause);
        }
        self.mode = Mode::Race(Box::new(view));
        let said = "race: space pauses every lane, w or esc leaves";
        self.message = Some(match note {
            Some(n) => format!("{said} · {n}"),
            None => said.into(),
        });
        self.dirty = true;
        Ok(())
    }
}
