//! Running a solver while recording it, and re-running a recorded run
//! ([`verify`](super::verify::verify)): the same stepping loop both ways, so the recorded changes
//! land at the same steps.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::budget::{self, Budget, Stop};
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::{AnyCube, Cube};
use cubetui_solve::api::{Profile, Solver};
use cubetui_solve::registry::SolverConfig;

use super::format::{Event, FORMAT, FormulasUsed, Header, RecordError, RunResult};
use super::live::{Spacing, point_of};
use cubetui_solve::neighbourhood::Formulas;

impl Header {
    /// The header of a run of `config` (preset `preset`) from `start`, by a
    /// solver whose profile is `profile`.
    ///
    /// # Errors
    /// The configuration cannot be written as a table.
    pub fn new(
        preset: &str,
        config: &SolverConfig,
        seed: u64,
        start: &AnyCube,
        max_steps: Option<u64>,
        time_limit: Option<Duration>,
        profile: &Profile,
    ) -> Result<Header, RecordError> {
        let table =
            toml::Table::try_from(config).map_err(|e| RecordError::Header(e.to_string()))?;
        let params = match serde_json::to_value(table) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => return Err(RecordError::Header("parameters are not a table".into())),
        };
        let formulas = match config
            .formulas()
            .and_then(|f| Some((f.path()?, f.digest())))
        {
            Some((path, digest)) => Some(FormulasUsed {
                path: std::path::absolute(path)
                    .unwrap_or_else(|_| path.to_path_buf())
                    .to_string_lossy()
                    .into_owned(),
                digest: digest.map_err(|e| RecordError::Header(e.to_string()))?,
            }),
            None => None,
        };
        Ok(Header {
            format: FORMAT,
            program: env!("CARGO_PKG_VERSION").to_string(),
            preset: preset.to_string(),
            solver: config.name().to_string(),
            size: start.size().get() as u32,
            seed,
            facelets: start.facelets(),
            params,
            max_steps,
            time_limit_s: time_limit.map(|t| t.as_secs_f64()),
            step_unit: profile.step.to_string(),
            series: profile.series.iter().map(|s| s.name.to_string()).collect(),
            formulas,
        })
    }

    /// The formula catalogue the run read: the built-in one, or the
    /// recorded file read again.
    ///
    /// # Errors
    /// The recorded file cannot be read or parsed, or its formulas are not
    /// the ones recorded (another digest).
    pub fn formulas(&self) -> Result<Formulas, RecordError> {
        let Some(used) = &self.formulas else {
            return Ok(Formulas::Builtin);
        };
        let bad = |why: String| {
            RecordError::Header(format!(
                "the run read the formula catalogue {} ({}), {why}",
                used.path, used.digest
            ))
        };
        let now = Formulas::load(std::path::Path::new(&used.path))
            .map_err(|e| bad(format!("which cannot be read now: {e}")))?;
        let digest = now.digest().map_err(|e| bad(e.to_string()))?;
        if digest != used.digest {
            return Err(bad(format!(
                "which has changed since (its formulas now digest to {digest})"
            )));
        }
        Ok(now)
    }

    /// The solver configuration to run again: [`Header::config`] with the
    /// catalogue of [`Header::formulas`].
    ///
    /// # Errors
    /// As those two.
    pub fn run_config(&self) -> Result<SolverConfig, RecordError> {
        Ok(self.config()?.with_formulas(&self.formulas()?))
    }

    /// The solver configuration the header describes.
    ///
    /// # Errors
    /// Parameters that are not a valid preset table.
    pub fn config(&self) -> Result<SolverConfig, RecordError> {
        let mut table: toml::Table =
            serde_json::from_value(serde_json::Value::Object(self.params.clone()))
                .map_err(|e| RecordError::Header(format!("params: {e}")))?;
        let read = |t: &toml::Table| {
            cubetui_solve::preset::from_table(t.clone())
                .map_err(|e| RecordError::Header(e.to_string()))
        };
        let mut config = read(&table)?;
        // A file recorded before a key was added ran with the value runs
        // had then, not with the key's default now.
        if cubetui_solve::params::fill_before(config.params(), &mut table) {
            config = read(&table)?;
        }
        // The values a preset file may hold, checked as a preset's are: a
        // hand-edited file runs nothing outside the declared ranges.
        let mut held = Vec::new();
        leaves(&table, "", &mut held);
        for (key, value) in held {
            if let Some(spec) = cubetui_solve::params::find(config.params(), &key)
                && let Err(why) = spec.check(value)
            {
                return Err(RecordError::Header(format!("params: `{key}`: {why}")));
            }
        }
        Ok(config)
    }

    /// The start state, of the header's size.
    ///
    /// # Errors
    /// A size that is no cube's, facelets that are not a valid cube of it.
    pub fn start(&self) -> Result<AnyCube, RecordError> {
        if self.size == 3 {
            return Cube::from_facelets(&self.facelets)
                .map(AnyCube::Three)
                .map_err(|e| RecordError::Header(format!("facelets: {e}")));
        }
        let size = Size::new(self.size as usize)
            .map_err(|e| RecordError::Header(format!("size {}: {e}", self.size)))?;
        NxnCube::from_facelets(size, &self.facelets)
            .map(AnyCube::from_nxn)
            .map_err(|e| RecordError::Header(format!("facelets: {e}")))
    }
}

/// Dotted keys and values of every leaf of `t`.
fn leaves<'a>(t: &'a toml::Table, prefix: &str, out: &mut Vec<(String, &'a toml::Value)>) {
    for (k, v) in t {
        match v {
            toml::Value::Table(inner) => leaves(inner, &format!("{prefix}{k}."), out),
            v => out.push((format!("{prefix}{k}"), v)),
        }
    }
}

/// How a recorded run ended.
#[derive(Clone, Debug)]
pub struct Played {
    pub result: RunResult,
    pub stop: Stop,
    /// Time spent inside [`Solver::step`].
    pub search: Duration,
}

/// Steps `solver` under `limits` (or until `cancel`), making `changes` (knob
/// and generator events) at their steps, and hands every event to `sink`
/// as it happens, the result last; points at the run file's spacing
/// ([`Spacing`]).
///
/// # Errors
/// A change the solver refuses, or an error from `sink`.
pub fn run(
    solver: &mut dyn Solver,
    limits: Budget,
    cancel: Option<&AtomicBool>,
    changes: &[Event],
    sink: &mut dyn FnMut(&Event) -> Result<(), RecordError>,
) -> Result<Played, RecordError> {
    run_at(solver, limits, cancel, changes, None, sink)
}

/// Which steps get a point: the run file's spacing, or exactly the given
/// steps (ascending) and the last.
enum Sampler<'a> {
    Spaced(Spacing),
    At(&'a [u64]),
}

impl Sampler<'_> {
    fn due(&self, step: u64) -> bool {
        match self {
            Sampler::Spaced(s) => s.due(step),
            Sampler::At(at) => at.binary_search(&step).is_ok(),
        }
    }

    fn wrote(&mut self, step: u64) {
        if let Sampler::Spaced(s) = self {
            s.wrote(step);
        }
    }

    /// The first step after `step` at which a point is due.
    fn next(&self, step: u64) -> u64 {
        match self {
            Sampler::Spaced(s) => s.next(),
            Sampler::At(at) => {
                let i = at.partition_point(|&s| s <= step);
                at.get(i).copied().unwrap_or(u64::MAX)
            }
        }
    }
}

/// [`run`], with points at exactly the steps `at` (ascending) when given:
/// what [`verify`](super::verify::verify) compares a file's points with.
///
/// # Errors
/// A change the solver refuses, or an error from `sink`.
pub fn run_at(
    solver: &mut dyn Solver,
    limits: Budget,
    cancel: Option<&AtomicBool>,
    changes: &[Event],
    at: Option<&[u64]>,
    sink: &mut dyn FnMut(&Event) -> Result<(), RecordError>,
) -> Result<Played, RecordError> {
    let cap = limits.max_steps.unwrap_or(u64::MAX);
    let mut changes: Vec<&Event> = changes
        .iter()
        .filter(|e| matches!(e, Event::Knob { .. } | Event::Generator { .. }))
        .collect();
    changes.sort_by_key(|e| change_step(e));
    let mut pending = changes.into_iter().peekable();
    let mut steps = 0u64;
    let mut search = Duration::ZERO;
    let mut spacing = at.map_or(Sampler::Spaced(Spacing::default()), Sampler::At);
    let mut phase: Option<String> = None;
    let mut last_point = None;
    let stop = loop {
        let snap = solver.snapshot();
        if snap.phase != phase
            && let Some(to) = snap.phase.clone()
        {
            sink(&Event::Phase {
                from: phase.take(),
                to: to.clone(),
                step: steps,
            })?;
            phase = Some(to);
        }
        if spacing.due(steps) {
            sink(&point_of(steps, &snap))?;
            last_point = Some(steps);
            spacing.wrote(steps);
        }
        while let Some(change) = pending.next_if(|e| change_step(e) <= steps) {
            sink(&apply(solver, change, steps)?)?;
        }
        if steps >= cap {
            if last_point != Some(steps) {
                sink(&point_of(steps, &solver.snapshot()))?;
            }
            break Stop::Steps;
        }
        let mut target = spacing.next(steps).min(cap);
        if let Some(e) = pending.peek() {
            target = target.min(change_step(e).max(steps + 1));
        }
        let ran = budget::run(
            solver,
            Budget {
                max_steps: Some(target - steps),
                deadline: limits.deadline,
            },
            cancel,
        );
        steps += ran.steps;
        search += ran.search;
        if ran.stop != Stop::Steps {
            if last_point != Some(steps) {
                sink(&point_of(steps, &solver.snapshot()))?;
            }
            break ran.stop;
        }
    };
    let out = solver.outcome();
    let solution = out.solution.simplified();
    let result = RunResult {
        solved: out.solved,
        htm: solution.turns(),
        solution: solution.to_string(),
        steps,
        iterations: out.iterations,
        interrupted: stop == Stop::Cancelled,
    };
    sink(&Event::Result(result.clone()))?;
    Ok(Played {
        result,
        stop,
        search,
    })
}

fn change_step(e: &Event) -> u64 {
    match e {
        Event::Knob { step, .. } | Event::Generator { step, .. } => *step,
        _ => 0,
    }
}

/// Makes one recorded change; returns the event as it happened now (its
/// `from` read from the solver).
fn apply(solver: &mut dyn Solver, change: &Event, steps: u64) -> Result<Event, RecordError> {
    let refused = |message: String| RecordError::Change {
        step: steps,
        message,
    };
    match change {
        Event::Knob { knob, to, .. } => {
            let from = solver
                .live_values()
                .into_iter()
                .find(|(k, _)| k == knob)
                .map(|(_, v)| v);
            solver
                .set_param(knob, *to)
                .map_err(|e| refused(e.to_string()))?;
            Ok(Event::Knob {
                knob: knob.clone(),
                from,
                to: *to,
                step: steps,
            })
        }
        Event::Generator { to, .. } => {
            let from = solver.snapshot().generator;
            solver
                .set_generator(to)
                .map_err(|e| refused(e.to_string()))?;
            Ok(Event::Generator {
                from,
                to: to.clone(),
                step: steps,
            })
        }
        other => Ok(other.clone()),
    }
}
