//! `replay --verify`: a run file made again from its header and its
//! recorded changes, compared with everything the file says — the result,
//! every point (its step, its values, and its state where it holds one),
//! the phase changes, whether the run was interrupted — and the file's own
//! claims that do not hold ([`super::check::problems`]).

use std::sync::atomic::AtomicBool;

use crate::budget::{Budget, Stop};
use cubetui_solve::preset::Presets;
use cubetui_solve::registry::build_any;

use super::format::{Event, RecordError, RunFile, RunResult};
use super::play::run_at;

/// What [`verify`] found.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// The result of the run made again.
    pub again: RunResult,
    /// Each difference from the recorded run, in words (empty: identical).
    pub differences: Vec<String>,
    /// The cancel flag stopped the run made again before the recorded
    /// step: nothing was compared.
    pub interrupted: bool,
    /// Points compared (each at its step).
    pub points: usize,
    /// Phase changes compared.
    pub phases: usize,
}

/// Differences listed at most; past them, how many more.
const SHOWN: usize = 20;

/// Re-runs `file` from its header and its recorded changes, for exactly the
/// recorded number of steps, taking a point at each recorded point's step,
/// and compares everything; `presets` is the table the header's preset is
/// looked up in.
///
/// # Errors
/// A file without a result, a header that cannot be replayed, a change
/// the solver refuses.
pub fn verify(
    file: &RunFile,
    presets: &Presets,
    cancel: Option<&AtomicBool>,
) -> Result<Verdict, RecordError> {
    let recorded = file.result.as_ref().ok_or_else(|| {
        RecordError::Header("the file has no result (the run was stopped before it ended)".into())
    })?;
    let config = file.header.run_config()?;
    let mut solver = build_any(&config, &file.header.start()?, file.header.seed)
        .map_err(|e| RecordError::Header(e.to_string()))?;
    // What the file claims that does not hold is a difference too: the
    // header against the solver it re-runs, the result against its
    // solution on the start state.
    let mut differences = super::check::problems(file, presets, Some(solver.as_ref()));
    differences.extend(order(&file.events));
    let mut at: Vec<u64> = file
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Point { step, .. } | Event::Phase { step, .. } => Some(*step),
            _ => None,
        })
        .collect();
    at.sort_unstable();
    at.dedup();
    let limits = Budget {
        max_steps: Some(recorded.steps),
        deadline: None,
    };
    let mut made = Vec::new();
    let played = run_at(
        solver.as_mut(),
        limits,
        cancel,
        &file.events,
        Some(&at),
        &mut |e| {
            made.push(e.clone());
            Ok(())
        },
    )?;
    let again = played.result;
    if played.stop == Stop::Cancelled {
        return Ok(Verdict {
            again,
            differences: Vec::new(),
            interrupted: true,
            points: 0,
            phases: 0,
        });
    }
    if again.solved != recorded.solved {
        differences.push(format!(
            "solved: recorded {}, again {}",
            recorded.solved, again.solved
        ));
    }
    if again.iterations != recorded.iterations {
        differences.push(format!(
            "steps: recorded {}, again {}",
            recorded.iterations, again.iterations
        ));
    }
    if again.solution != recorded.solution {
        differences.push(format!(
            "solution: recorded `{}` ({} HTM), again `{}` ({} HTM)",
            recorded.solution, recorded.htm, again.solution, again.htm
        ));
    }
    // A run that ended on its own (solved, or its solver's budget spent)
    // before the recorded step was not interrupted.
    if recorded.interrupted && matches!(played.stop, Stop::Solved | Stop::Exhausted) {
        differences.push(format!(
            "interrupted: recorded true, but the run ends on its own at step {}",
            again.steps
        ));
    }
    // A solver that ends on its own may make its last move (a GA's crowd
    // step) in the call that finds it has ended, which a run capped at the
    // recorded step does not make: what the file holds at the last step is
    // compared through the result above only.
    let end = recorded.steps;
    let before_end = |e: &&Event| match e {
        Event::Point { step, .. } | Event::Phase { step, .. } => *step < end,
        _ => true,
    };
    let rec: Vec<Event> = file.events.iter().filter(before_end).cloned().collect();
    let made: Vec<Event> = made.iter().filter(before_end).cloned().collect();
    let points = compare_points(&rec, &made, &mut differences);
    let phases = compare_phases(&rec, &made, &mut differences);
    if differences.len() > SHOWN {
        let more = differences.len() - SHOWN;
        differences.truncate(SHOWN);
        differences.push(format!("… and {more} more"));
    }
    Ok(Verdict {
        again,
        differences,
        interrupted: false,
        points,
        phases,
    })
}

/// Points and phase changes out of step order, and points repeated: a run
/// writes each point once, and both in the order of their steps (a phase
/// change at the step of the point after it, or of the last point before
/// it).
fn order(events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    let mut last: Option<u64> = None;
    let mut last_point: Option<u64> = None;
    for e in events {
        let (step, what) = match e {
            Event::Point { step, .. } => (*step, "point"),
            Event::Phase { step, .. } => (*step, "phase change"),
            _ => continue,
        };
        if let Some(l) = last
            && step < l
        {
            out.push(format!(
                "{what} at step {step}: after an event at step {l} (out of order)"
            ));
        }
        if what == "point" {
            if last_point == Some(step) {
                out.push(format!("point at step {step}: written twice"));
            }
            last_point = Some(step);
        }
        last = Some(last.map_or(step, |l| l.max(step)));
    }
    out
}

/// Each recorded point against the run made again at its step: the same
/// values, and the same state where the file holds one. Returns how many
/// were compared.
fn compare_points(recorded: &[Event], made: &[Event], out: &mut Vec<String>) -> usize {
    let again: std::collections::HashMap<u64, (&Vec<Option<f64>>, &Option<String>)> = made
        .iter()
        .filter_map(|e| match e {
            Event::Point {
                step,
                values,
                facelets,
            } => Some((*step, (values, facelets))),
            _ => None,
        })
        .collect();
    let mut compared = 0;
    for e in recorded {
        let Event::Point {
            step,
            values,
            facelets,
        } = e
        else {
            continue;
        };
        compared += 1;
        let Some((v, f)) = again.get(step) else {
            out.push(format!(
                "point at step {step}: the run made again has no such step"
            ));
            continue;
        };
        if values != *v {
            out.push(format!(
                "point at step {step}: values recorded {}, again {}",
                shown(values),
                shown(v)
            ));
        }
        if let (Some(rec), Some(now)) = (facelets, f)
            && rec != now
        {
            out.push(format!(
                "point at step {step}: state recorded {rec}, again {now}"
            ));
        }
    }
    compared
}

fn shown(values: &[Option<f64>]) -> String {
    let v: Vec<String> = values
        .iter()
        .map(|v| v.map_or_else(|| "-".into(), |x| x.to_string()))
        .collect();
    format!("[{}]", v.join(", "))
}

/// The recorded phase changes against those of the run made again: the
/// same changes in the same order. Their steps are not compared here: a
/// run recorded from the screen notes a change with the update that shows
/// it, not at the step it happened, so only their order among the points
/// is checked ([`order`]). Returns how many were compared.
fn compare_phases(recorded: &[Event], made: &[Event], out: &mut Vec<String>) -> usize {
    let phases = |events: &[Event]| -> Vec<(Option<String>, String, u64)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Phase { from, to, step } => Some((from.clone(), to.clone(), *step)),
                _ => None,
            })
            .collect()
    };
    let (rec, again) = (phases(recorded), phases(made));
    let names = |p: &[(Option<String>, String, u64)]| -> Vec<String> {
        p.iter().map(|(_, to, _)| to.clone()).collect()
    };
    if names(&rec) != names(&again) {
        out.push(format!(
            "phases: recorded {:?}, again {:?}",
            names(&rec),
            names(&again)
        ));
        return rec.len();
    }
    rec.len()
}
