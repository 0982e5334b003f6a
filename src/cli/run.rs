//! Runs one solver on one cube under a budget and reports the result in the
//! `solve --json` form (also one `bench --jsonl` line: [`ResultLine`]).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use color_eyre::eyre::Report;

use cubetui_cube::AnyAlg;
use cubetui_run::budget::{self, Budget, Stop};
use cubetui_run::trace::run_traced;
use cubetui_solve::short::metrics;
use cubetui_solve::{Limit, StopReason};

use super::common::Start;
use super::config::Resolved;
use super::exit::UsageError;
use super::schema::{ResultLine, Run, Tail};

/// The result of one run.
#[derive(Debug, Clone)]
pub struct RunReport {
    pub solved: bool,
    /// Simplified (on the 3×3 to face turns only).
    pub solution: AnyAlg,
    pub moves_raw: usize,
    pub energy: f64,
    pub iterations: u64,
    pub elapsed: Duration,
    /// Time spent inside `step` only (the search, without setup and output).
    pub search: Duration,
    /// Whether the run was cancelled (Ctrl-C) before it finished.
    pub cancelled: bool,
    /// Why the run stopped, in words (`solved`, `step limit 1000000`,
    /// `time limit 10 s`, `temperature frozen at 0.0500`, …).
    pub stopped_by: String,
    /// Why the run stopped, as a kind the bench summary counts.
    pub stop: StopKind,
    /// The `--json` object (one `--jsonl` line).
    pub json: ResultLine,
}

/// Runs `r` from `start` with `seed` until solved, exhausted, out of budget,
/// or `cancel` is raised (then the report has `cancelled` set and holds the
/// best result so far); with `trace`, its JSON carries the convergence
/// trace (the same steps and solution as without).
pub fn run_one(
    r: &Resolved,
    start: &Start,
    seed: u64,
    cancel: Option<&AtomicBool>,
    trace: bool,
) -> Result<RunReport, Report> {
    run_with(
        r,
        start,
        seed,
        cancel,
        if trace { How::Trace } else { How::Plain },
    )
}

/// [`run_one`], writing a run file to `record` when given (each line
/// flushed as it goes; a file that cannot be written is exit 5).
pub fn run_recorded(
    r: &Resolved,
    start: &Start,
    seed: u64,
    cancel: Option<&AtomicBool>,
    record: Option<&Path>,
) -> Result<RunReport, Report> {
    run_with(
        r,
        start,
        seed,
        cancel,
        record.map_or(How::Plain, How::Record),
    )
}

/// How a run is driven.
enum How<'a> {
    Plain,
    /// Writing a run file.
    Record(&'a Path),
    /// With a convergence trace.
    Trace,
}

fn run_with(
    r: &Resolved,
    start: &Start,
    seed: u64,
    cancel: Option<&AtomicBool>,
    how: How<'_>,
) -> Result<RunReport, Report> {
    let t0 = Instant::now();
    let mut solver = cubetui_solve::build_any(&r.config, &start.cube, seed)
        .map_err(|e| UsageError(e.to_string()))?;
    let limits = Budget {
        max_steps: r.max_steps,
        deadline: r.time_limit.and_then(|limit| t0.checked_add(limit)),
    };
    let (ran, trace, tracing) = match how {
        How::Plain => (budget::run(solver.as_mut(), limits, cancel), None, None),
        How::Record(path) => {
            let cube = &start.cube;
            (
                super::replay::record(r, cube, seed, solver.as_mut(), limits, cancel, path)?,
                None,
                None,
            )
        }
        How::Trace => {
            // Moves to solved where there is a measure: the 3x3 (its
            // reference tables) and the 2x2 (its distance table).
            let t = run_traced(solver.as_mut(), limits, cancel, true);
            (t.ran, Some(t.trace), Some(t.tracing))
        }
    };
    let cancelled = ran.stop == Stop::Cancelled;
    let out = solver.outcome();
    let snap = solver.snapshot();
    let stopped_by = stop_words(ran.stop, snap.exhausted_by.as_ref(), r);
    let stop = StopKind::of(ran.stop, snap.exhausted_by.as_ref());
    let solution = out.solution.simplified();
    // The time includes building the solver and writing out its solution
    // (not the tracing).
    let elapsed = t0.elapsed().saturating_sub(tracing.unwrap_or_default());
    let size = start.cube.size().get();
    let (layers, santa) = metrics(&solution);
    let run = Run {
        size: (size != 3).then_some(size),
        solver: r.config.name().to_string(),
        preset: r.preset.clone(),
        neighbourhood: snap.generator.clone(),
        seed,
        facelets: start.cube.facelets(),
        scramble: start.scramble.as_ref().map(ToString::to_string),
        index: None,
        line: None,
        depth: None,
        base_seed: None,
        cubes: None,
        shard: None,
        config: None,
        combination: None,
        solved: out.solved,
        solution: solution.to_string(),
        moves_htm: solution.turns(),
        moves_layers: Some(layers),
        moves_santa: Some(santa),
        moves_raw: out.solution.len(),
        energy: out.energy,
        iterations: out.iterations,
        stopped_by: Some(stopped_by.clone()),
        elapsed_ms: elapsed.as_secs_f64() * 1e3,
        search_ms: ran.search.as_secs_f64() * 1e3,
        version: env!("CARGO_PKG_VERSION").to_string(),
        interrupted: cancelled,
        trace_ms: tracing.map(|t| t.as_secs_f64() * 1e3),
    };
    let json = ResultLine {
        run,
        tail: Tail::of(out.extra),
        trace,
    };
    Ok(RunReport {
        solved: out.solved,
        moves_raw: out.solution.len(),
        solution,
        energy: out.energy,
        iterations: out.iterations,
        elapsed,
        search: ran.search,
        cancelled,
        stopped_by,
        stop,
        json,
    })
}

/// Why a run stopped, in words: the solver's own phrase when it spent its
/// budget (`step limit N`, `temperature frozen at T`, `generation limit
/// N`, `stagnation N generations`), else the budget the run was given.
pub fn stop_words(stop: Stop, exhausted_by: Option<&StopReason>, r: &Resolved) -> String {
    match stop {
        Stop::Solved => "solved".into(),
        Stop::Exhausted => {
            exhausted_by.map_or_else(|| "the solver's own budget".into(), ToString::to_string)
        }
        Stop::Steps => match r.max_steps {
            Some(n) => format!("step limit {n} (--max-steps)"),
            None => "step limit".into(),
        },
        Stop::Time => match r.time_limit {
            Some(t) => format!("time limit {} s", t.as_secs_f64()),
            None => "time limit".into(),
        },
        Stop::Stalled => "stalled: a step batch made no progress".into(),
        Stop::Cancelled => "interrupted".into(),
    }
}

/// The kinds of stop the bench summary counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StopKind {
    Solved,
    /// A step budget: the solver's own or `--max-steps`.
    Steps,
    Time,
    /// The annealing schedule froze.
    Frozen,
    Stagnation,
    Generations,
    Interrupted,
    /// Anything else (a stalled run, a solver's own phrase not listed
    /// here, a line that does not say).
    Other,
}

impl StopKind {
    /// The kind of `stop`, the solver's reason where it spent its own
    /// budget (never read back from the words: rewording a reason does not
    /// change a summary).
    pub fn of(stop: Stop, exhausted_by: Option<&StopReason>) -> StopKind {
        match stop {
            Stop::Solved => StopKind::Solved,
            Stop::Steps => StopKind::Steps,
            Stop::Time => StopKind::Time,
            Stop::Cancelled => StopKind::Interrupted,
            Stop::Stalled => StopKind::Other,
            Stop::Exhausted => exhausted_by.map_or(StopKind::Other, |r| match r.limit() {
                Limit::Steps => StopKind::Steps,
                Limit::Frozen => StopKind::Frozen,
                Limit::Stagnation => StopKind::Stagnation,
                Limit::Generations => StopKind::Generations,
                Limit::Other => StopKind::Other,
            }),
        }
    }

    /// The kind of a stop said in `words`: the `stopped_by` field of a
    /// result line read back from a file (`merge`), where only the words
    /// are kept. A test holds these prefixes to [`StopReason`]'s words.
    pub fn of_words(words: &str) -> StopKind {
        let starts = |p: &str| words.starts_with(p);
        if words == "solved" {
            StopKind::Solved
        } else if starts("step limit") {
            StopKind::Steps
        } else if starts("time limit") {
            StopKind::Time
        } else if starts("temperature frozen") {
            StopKind::Frozen
        } else if starts("stagnation") {
            StopKind::Stagnation
        } else if starts("generation limit") {
            StopKind::Generations
        } else if words == "interrupted" {
            StopKind::Interrupted
        } else {
            StopKind::Other
        }
    }

    /// What the summary calls it.
    pub fn name(self) -> &'static str {
        match self {
            StopKind::Solved => "solved",
            StopKind::Steps => "step limit",
            StopKind::Time => "time limit",
            StopKind::Frozen => "frozen schedule",
            StopKind::Stagnation => "stagnation",
            StopKind::Generations => "generation limit",
            StopKind::Interrupted => "interrupted",
            StopKind::Other => "other",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file's `stopped_by` words are read back into the kind the run
    /// itself counted, for every reason a solver gives.
    #[test]
    fn words_read_back_give_the_kind_the_run_counted() {
        let reasons = [
            StopReason::StepLimit(50),
            StopReason::Frozen { temperature: 0.01 },
            StopReason::Stagnation(200),
            StopReason::GenerationLimit(3000),
            StopReason::RoundLimit(6),
            StopReason::SearchComplete { max_len: 12 },
            StopReason::GiveUp(1000),
            StopReason::NotBuilt,
            StopReason::CrowdFailed(Box::new(StopReason::Stagnation(200))),
            StopReason::CrowdFailed(Box::new(StopReason::GenerationLimit(9))),
        ];
        for r in reasons {
            let kind = StopKind::of(Stop::Exhausted, Some(&r));
            assert_eq!(StopKind::of_words(&r.to_string()), kind, "{r}");
        }
        assert_eq!(StopKind::of(Stop::Exhausted, None), StopKind::Other);
        assert_eq!(
            StopKind::of(Stop::Exhausted, Some(&StopReason::StepLimit(1))),
            StopKind::Steps
        );
    }
}
