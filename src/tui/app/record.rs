//! Recording the screen's runs (`cubetui --record FILE`): each run the
//! screen builds gets a run file, written from the runner updates the app
//! folds ([`Live`]), so recording changes nothing in the run. The first run
//! goes to FILE, each later one beside it (`run.2.jsonl`, `run.3.jsonl`, …;
//! a run replaced before its first step gives its file to the next), and
//! the lanes of a race to FILE with the preset's name (`run.mws.jsonl`; the
//! second race's `run.2.mws.jsonl`). A run that ends gets its result; one
//! replaced, left or quit before it ends is paused first, so its result is
//! the solver's latest, and marked `interrupted`.

use std::fs::File;
use std::path::{Path, PathBuf};

use super::state::{App, Recording};
use crate::tui::race::settle_for;
use cubetui_cube::AnyCube;
use cubetui_run::record::{Header, Live, beside};
use cubetui_run::runner::{Command, RunState, Update};
use cubetui_solve::api::Solver;
use cubetui_solve::preset::Presets;
use cubetui_solve::registry::SolverConfig;

/// How long ending a recorded run waits for its paused solver's outcome
/// (a long annealing run's takes seconds to build).
const RESULT_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The header of a run of preset `name`, built as `solver` from `start`
/// with `seed`: its parameters are `config` when the run was built from
/// one (the command line's `--set`), else the preset's in `presets`;
/// changes come as knob events.
fn header(
    presets: &Presets,
    name: &str,
    config: Option<&SolverConfig>,
    start: &AnyCube,
    seed: u64,
    solver: &dyn Solver,
) -> Result<Header, String> {
    let config = match config {
        Some(c) => c.clone(),
        None => presets
            .get(name)
            .map_err(|e| format!("cannot record `{name}`: {e}"))?,
    };
    Header::new(name, &config, seed, start, None, None, &solver.profile())
        .map_err(|e| format!("cannot record `{name}`: {e}"))
}

/// A live parameter set on a solver before its runner started: key, the
/// value it had (if the solver reported it), the value set.
pub(crate) type KnobSet = (String, Option<f64>, f64);

impl App {
    /// Records the shown run to `path` (built again, so its file starts
    /// with its header) and every later run and race beside it.
    ///
    /// # Errors
    /// The file cannot be created (the message names it and says why).
    pub fn record_to(&mut self, path: PathBuf) -> Result<(), String> {
        self.record = Some(Recording {
            base: path.clone(),
            runs: 0,
            races: 0,
            live: None,
            path,
            error: None,
            created: Vec::new(),
        });
        self.rebuild();
        match self.record.as_mut().and_then(|r| r.error.take()) {
            Some(e) => {
                self.record = None;
                Err(e)
            }
            None => Ok(()),
        }
    }

    /// Stops recording and removes every file written so far (the screen
    /// could not open after all).
    pub fn discard_recording(&mut self) {
        if let Some(view) = self.race_mut() {
            view.drop_records();
        }
        if let Some(r) = self.record.take() {
            drop(r.live);
            for path in r.created {
                let _ = std::fs::remove_file(path);
            }
        }
    }

    /// The file the shown run is recorded to, if it is.
    pub fn recording(&self) -> Option<&Path> {
        let r = self.record.as_ref()?;
        r.live.as_ref().map(|_| r.path.as_path())
    }

    /// Writes what a runner update of the shown run tells to its file.
    pub(super) fn record_update(&mut self, u: &Update) {
        let Some(r) = self.record.as_mut() else {
            return;
        };
        if let Some(live) = r.live.as_mut()
            && let Err(e) = live.absorb(u)
        {
            r.live = None;
            self.message = Some(format!("recording stopped: {}: {e}", r.path.display()));
        }
    }

    /// Starts the file of the run `solver` is about to run.
    pub(super) fn begin_run_record(&mut self, solver: Option<&dyn Solver>) {
        let Some(r) = self.record.as_ref() else {
            return;
        };
        let reuse = r.runs > 0 && r.live.as_ref().is_some_and(|l| !l.progressed());
        let Some(solver) = solver else {
            if let Some(r) = self.record.as_mut() {
                r.live = None;
            }
            return;
        };
        let name = self.current_choice().map_or("", |c| c.preset.as_str());
        let config = self.command_line_config();
        let header = header(
            &self.setup.presets,
            name,
            config,
            &self.setup.cube,
            self.run_seed(),
            solver,
        );
        let Some(r) = self.record.as_mut() else {
            return;
        };
        if reuse {
            // Closed first: the file is locked while it is open.
            r.live = None;
        } else {
            r.runs += 1;
            r.path = match r.runs {
                1 => r.base.clone(),
                n => beside(&r.base, &n.to_string()),
            };
        }
        match header.and_then(|h| Live::create(&r.path, &h)) {
            Ok(live) => {
                r.live = Some(live);
                r.created.push(r.path.clone());
                if r.runs > 1 && !reuse {
                    let said = format!("recording to {}", r.path.display());
                    self.message = Some(match self.message.take() {
                        Some(m) => format!("{m} · {said}"),
                        None => said,
                    });
                }
            }
            Err(e) => {
                r.live = None;
                self.message = Some(format!("not recording: {e}"));
                r.error = Some(e);
            }
        }
    }

    /// Ends the shown run's file: pauses a running solver (so the result
    /// is its latest) and writes the result, `interrupted` unless the run
    /// finished.
    pub(super) fn end_run_record(&mut self) {
        let open = self
            .record
            .as_ref()
            .and_then(|r| r.live.as_ref())
            .is_some_and(|l| !l.ended());
        if !open {
            return;
        }
        let current = |app: &App| {
            app.record
                .as_ref()
                .and_then(|r| r.live.as_ref())
                .is_none_or(Live::outcome_current)
        };
        if self.state() == RunState::Running || !current(self) {
            // A pause the user did not ask for: the message line stays. A
            // long run's outcome takes a while to build: wait for the one
            // at the step where the run stopped.
            let said = self.message.clone();
            self.run.driver.send(Command::Pause);
            settle_for(RESULT_WAIT, || {
                let u = self.run.driver.poll();
                self.absorb(u);
                let alive = self.state() != RunState::Stopped;
                alive && (self.state() == RunState::Running || !current(self))
            });
            self.message = said;
        }
        let finished = self.state().finished();
        if let Some(r) = self.record.as_mut()
            && let Some(live) = r.live.as_mut()
        {
            let stale = (!live.outcome_current()).then(|| {
                format!(
                    "{}: the result is at step {} (the solver did not answer at step {})",
                    r.path.display(),
                    live.outcome_step().unwrap_or(0),
                    live.steps()
                )
            });
            if let Err(e) = live.end(!finished) {
                self.message = Some(format!("recording stopped: {}: {e}", r.path.display()));
            } else if let Some(s) = stale {
                self.message = Some(s);
            }
        }
    }

    /// Ends every file being recorded (the shown run's and an open race's
    /// lanes'), as when quitting; does nothing when not recording.
    pub fn end_recording(&mut self) {
        self.end_run_record();
        if let Some(view) = self.race_mut() {
            view.end_records();
        }
    }

    /// The files of a race about to start, one per lane (`None` where it
    /// cannot be written, said in the message line); none when not
    /// recording. The first lane was built from `first_config` (the command
    /// line's configuration; else its preset's), with `first_knobs` (the
    /// knobs turned on the single run) set on it, which its file holds as
    /// knob events before the first step.
    pub(crate) fn race_records(
        &mut self,
        names: &[String],
        solvers: &[Box<dyn Solver>],
        first_config: Option<SolverConfig>,
        first_knobs: &[KnobSet],
    ) -> Vec<Option<Live<File>>> {
        let (start, seed) = (self.setup.cube.clone(), self.run_seed());
        let presets = &self.setup.presets;
        let Some(r) = self.record.as_mut() else {
            return Vec::new();
        };
        r.races += 1;
        let prefix = match r.races {
            1 => r.base.clone(),
            n => beside(&r.base, &n.to_string()),
        };
        let mut errors = Vec::new();
        let lives = names
            .iter()
            .zip(solvers)
            .enumerate()
            .map(|(i, (name, solver))| {
                let path = beside(&prefix, name);
                let (config, knobs) = if i == 0 {
                    (first_config.as_ref(), first_knobs)
                } else {
                    (None, &[][..])
                };
                let live = header(presets, name, config, &start, seed, solver.as_ref())
                    .and_then(|h| Live::create(&path, &h))
                    .and_then(|mut live| {
                        for (key, from, to) in knobs {
                            live.knob(0, key, *from, *to)
                                .map_err(|e| format!("{}: {e}", path.display()))?;
                        }
                        Ok(live)
                    })
                    .map_err(|e| errors.push(e))
                    .ok();
                if live.is_some() {
                    r.created.push(path);
                }
                live
            })
            .collect();
        if let Some(e) = errors.first() {
            self.message = Some(format!("not recording every lane: {e}"));
        }
        lives
    }

    /// What the message line says of a race's files.
    pub(crate) fn race_record_note(&self, first: &str) -> Option<String> {
        let r = self.record.as_ref()?;
        let prefix = match r.races {
            0 | 1 => r.base.clone(),
            n => beside(&r.base, &n.to_string()),
        };
        Some(format!(
            "recording each lane to {} …",
            beside(&prefix, first).display()
        ))
    }
}
