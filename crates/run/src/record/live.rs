//! Recording a run from what its driver reports ([`Live`]): the screen's
//! single run, each lane of a race on the screen and each lane of `race`
//! write their run files from the runner [`Update`]s they already fold, so
//! no solver is stepped differently for being recorded. Also the one
//! spacing of recorded points ([`Spacing`], shared with [`super::play`])
//! and the names of the files a session writes ([`beside`]).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::runner::{Change, Update};
use cubetui_solve::api::{Outcome, Snapshot};

use super::format::{Event, Header, RecordError, RunResult, Writer};

/// Points written per resolution level: after this many at one spacing the
/// spacing doubles, so a run of `s` steps writes about
/// `POINTS * log2(s / POINTS)` points.
pub const POINTS: u64 = 512;

/// Which steps get a point: every step at first, the spacing doubling
/// after each [`POINTS`] points, so a long run stays small.
#[derive(Clone, Debug)]
pub struct Spacing {
    stride: u64,
    written: u64,
    next: u64,
}

impl Default for Spacing {
    fn default() -> Spacing {
        Spacing {
            stride: 1,
            written: 0,
            next: 0,
        }
    }
}

impl Spacing {
    /// The first step at which a point is due.
    pub fn next(&self) -> u64 {
        self.next
    }

    /// Whether a point at `step` is due.
    pub fn due(&self, step: u64) -> bool {
        step >= self.next
    }

    /// Notes a point written at `step`.
    pub fn wrote(&mut self, step: u64) {
        self.written += 1;
        if self.written.is_multiple_of(POINTS) {
            self.stride = self.stride.saturating_mul(2);
        }
        self.next = (step / self.stride)
            .saturating_add(1)
            .saturating_mul(self.stride);
    }
}

/// The point a snapshot shows after `step` steps: its plot series (`null`
/// where there is no value) and its current state.
pub fn point_of(step: u64, snap: &Snapshot) -> Event {
    Event::Point {
        step,
        values: snap
            .values
            .iter()
            .map(|v| v.is_finite().then_some(*v))
            .collect(),
        facelets: Some(snap.current.facelets()),
    }
}

/// The result of a run whose best so far is `outcome`: at the step the
/// outcome was taken, so `replay --verify` runs exactly that far.
pub fn result_of(outcome: &Outcome, interrupted: bool) -> RunResult {
    let solution = outcome.solution.simplified();
    RunResult {
        solved: outcome.solved,
        htm: solution.turns(),
        solution: solution.to_string(),
        steps: outcome.iterations,
        iterations: outcome.iterations,
        interrupted,
    }
}

/// `path` with `insert` before its extension: `run.jsonl` and `2` give
/// `run.2.jsonl` (a name without an extension gets `.2` at its end).
pub fn beside(path: &Path, insert: &str) -> PathBuf {
    let name = match (path.file_stem(), path.extension()) {
        (Some(stem), Some(ext)) => format!(
            "{}.{insert}.{}",
            stem.to_string_lossy(),
            ext.to_string_lossy()
        ),
        _ => format!(
            "{}.{insert}",
            path.file_name().unwrap_or_default().to_string_lossy()
        ),
    };
    path.with_file_name(name)
}

/// A run file written from a driver's updates as they come: knob and
/// generator changes, the plot's points (the runner's, as the screen plots
/// them, at the [`Spacing`]; with the state where the update's snapshot
/// shows it), phase changes (seen in the snapshots), then the result once
/// the run finishes or is ended.
pub struct Live<W: Write> {
    writer: Writer<W>,
    spacing: Spacing,
    /// The step of the last point written.
    last: Option<u64>,
    /// The latest snapshot's point, when it was not written.
    unwritten: Option<Event>,
    phase: Option<String>,
    outcome: Option<Outcome>,
    /// The furthest step seen.
    steps: u64,
    ended: bool,
    /// The run was interrupted: its result says so when it ends.
    interrupted: bool,
}

impl Live<File> {
    /// Creates (or truncates) the file at `path`, locked while it is open,
    /// and writes the header.
    ///
    /// # Errors
    /// The file cannot be created or written, or another run is writing it;
    /// the message names the path.
    pub fn create(path: &Path, header: &Header) -> Result<Live<File>, String> {
        use cubetui_solve::files::{CreateError, create_locked};
        let shown = path.display();
        let file = create_locked(path).map_err(|e| match e {
            CreateError::Io(e) => format!("cannot create {shown}: {e}"),
            CreateError::Locked => format!("cannot write {shown}: {e}"),
        })?;
        Live::new(file, header).map_err(|e| format!("{shown}: {e}"))
    }
}

impl<W: Write> Live<W> {
    /// Starts a run file on `out` with its header.
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn new(out: W, header: &Header) -> Result<Live<W>, RecordError> {
        Ok(Live {
            writer: Writer::new(out, header)?,
            spacing: Spacing::default(),
            last: None,
            unwritten: None,
            phase: None,
            outcome: None,
            steps: 0,
            ended: false,
            interrupted: false,
        })
    }

    /// Writes that live parameter `key` went from `from` to `to` at `step`
    /// (a change made on the solver before its runner started, which no
    /// runner update reports).
    ///
    /// # Errors
    /// A line cannot be written.
    pub fn knob(
        &mut self,
        step: u64,
        key: &str,
        from: Option<f64>,
        to: f64,
    ) -> Result<(), RecordError> {
        self.writer.event(&Event::Knob {
            knob: key.to_string(),
            from,
            to,
            step,
        })
    }

    /// Whether the run took a step or had a change made (a run that did
    /// neither can give its file to the next).
    pub fn progressed(&self) -> bool {
        self.steps > 0
    }

    /// Whether the result is written.
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Whether the latest outcome is at the furthest step seen (a running
    /// solver's outcome comes only now and then: a result written from an
    /// older one would not be where the run stopped).
    pub fn outcome_current(&self) -> bool {
        self.outcome
            .as_ref()
            .is_some_and(|o| o.iterations >= self.steps)
    }

    /// The step of the latest outcome, if one came.
    pub fn outcome_step(&self) -> Option<u64> {
        self.outcome.as_ref().map(|o| o.iterations)
    }

    /// The furthest step seen.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Writes what `u` tells (before the caller folds it): its changes, its
    /// points, a phase change its snapshot shows, and the result when it
    /// says the run finished.
    ///
    /// # Errors
    /// A line cannot be written.
    pub fn absorb(&mut self, u: &Update) -> Result<(), RecordError> {
        if self.ended {
            return Ok(());
        }
        for c in &u.changes {
            self.writer.event(&match c.clone() {
                Change::Knob {
                    iteration,
                    key,
                    from,
                    to,
                } => Event::Knob {
                    knob: key,
                    from,
                    to,
                    step: iteration,
                },
                Change::Generator {
                    iteration,
                    from,
                    to,
                } => Event::Generator {
                    from,
                    to,
                    step: iteration,
                },
            })?;
        }
        // The plot's points, at the spacing; the state where the snapshot
        // says it (the update's last point, taken with the snapshot).
        let shown = u.snapshot.as_ref().map(|s| (s.iteration, s));
        for p in &u.points {
            let step = p.iteration;
            self.steps = self.steps.max(step);
            if self.last.is_some_and(|l| step <= l) {
                continue;
            }
            let point = Event::Point {
                step,
                values: p
                    .values
                    .iter()
                    .map(|v| v.is_finite().then_some(*v))
                    .collect(),
                facelets: shown
                    .filter(|(at, _)| *at == step)
                    .map(|(_, s)| s.current.facelets()),
            };
            if self.spacing.due(step) {
                self.writer.event(&point)?;
                self.spacing.wrote(step);
                self.last = Some(step);
                self.unwritten = None;
            } else {
                self.unwritten = Some(point);
            }
        }
        if let Some((step, snap)) = shown {
            self.steps = self.steps.max(step);
            if snap.phase != self.phase
                && let Some(to) = snap.phase.clone()
            {
                self.writer.event(&Event::Phase {
                    from: self.phase.take(),
                    to: to.clone(),
                    step,
                })?;
                self.phase = Some(to);
            }
        }
        if let Some(o) = &u.outcome {
            self.outcome = Some(o.clone());
        }
        if u.state.finished() {
            self.end(self.interrupted)?;
        }
        Ok(())
    }

    /// Marks the run interrupted (Ctrl-C): the result its last update
    /// writes says so.
    pub fn interrupt(&mut self) {
        self.interrupted = true;
    }

    /// Writes the last point seen (if it was not) and the result from the
    /// latest outcome, `interrupted` when the run was stopped before it
    /// finished; nothing once the result is written, or before any outcome
    /// came.
    ///
    /// # Errors
    /// A line cannot be written.
    pub fn end(&mut self, interrupted: bool) -> Result<(), RecordError> {
        if self.ended {
            return Ok(());
        }
        let Some(outcome) = &self.outcome else {
            return Ok(());
        };
        let result = result_of(outcome, interrupted);
        self.ended = true;
        if let Some(p) = self.unwritten.take() {
            self.writer.event(&p)?;
        }
        self.writer.event(&Event::Result(result))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_files_are_named_beside_the_first() {
        assert_eq!(
            beside(Path::new("dir/run.jsonl"), "2"),
            Path::new("dir/run.2.jsonl")
        );
        assert_eq!(
            beside(Path::new("race.jsonl"), "sa-pll-conj"),
            Path::new("race.sa-pll-conj.jsonl")
        );
        assert_eq!(beside(Path::new("run"), "3"), Path::new("run.3"));
    }

    #[test]
    fn points_thin_out_as_the_run_grows() {
        let mut s = Spacing::default();
        let mut written = Vec::new();
        for step in 0..3000 {
            if s.due(step) {
                written.push(step);
                s.wrote(step);
            }
        }
        assert_eq!(written[..3], [0, 1, 2]);
        assert_eq!(written[512], 512);
        assert_eq!(written[513], 514);
        assert!(written.len() < 2000);
    }
}
