//! Convergence traces of a headless run (`bench`/`sweep --trace` or
//! `--plot`): the solver's best energy, and moves to solved from its best
//! state, at the start of the run and then on the one sampling grid of the
//! crate ([`budget::run_sampled`]: from 1 ms, each point 1.25 times the
//! last), plus a point where the run ends.
//!
//! The time of a point is the wall time since the solver began stepping,
//! *less the time the trace itself took* (its snapshots and moves-to-solved
//! searches): the run's clock and its time limit leave the tracing out, so
//! a traced run takes the same steps as an untraced one and its times stay
//! comparable. Moves to solved is the runner's measure
//! ([`moves_to_solved`]) capped at [`TRACE_NODES`] nodes, so it is
//! deterministic; it is searched again only when the best state changed,
//! and is unknown (`None`) when that search found no solution.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::budget::{self, Budget, Ran};
use crate::runner::measure::{moves_to_solved, moves_to_solved_any};
use cubetui_cube::AnyCube;
use cubetui_solve::api::Solver;
use cubetui_solve::reference::cache;

/// Nodes of one moves-to-solved search at a trace point (about 8 ms on a
/// random state; most such searches find a solution of 22 moves or fewer).
pub const TRACE_NODES: u64 = 500_000;

/// One point of a trace. Written as a JSON array `[t_ms, best, to_solved]`
/// (`to_solved` null when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "(f64, f64, Option<u32>)", into = "(f64, f64, Option<u32>)")]
pub struct TracePoint {
    /// Milliseconds since the solver began stepping, tracing left out
    /// (rounded to the microsecond).
    pub ms: f64,
    /// The solver's best energy so far (as it counts it: a phase solver's
    /// is its current phase's).
    pub best: f64,
    /// Moves to solved from the best state, when known.
    pub to_solved: Option<u32>,
}

impl From<(f64, f64, Option<u32>)> for TracePoint {
    fn from((ms, best, to_solved): (f64, f64, Option<u32>)) -> TracePoint {
        TracePoint {
            ms,
            best,
            to_solved,
        }
    }
}

impl From<TracePoint> for (f64, f64, Option<u32>) {
    fn from(p: TracePoint) -> (f64, f64, Option<u32>) {
        (p.ms, p.best, p.to_solved)
    }
}

/// A run's points, in time order: the start, the grid points, the end.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Trace {
    pub points: Vec<TracePoint>,
}

/// What [`run_traced`] gives back.
#[derive(Debug, Clone)]
pub struct Traced {
    pub ran: Ran,
    pub trace: Trace,
    /// Wall time the tracing took (left out of the run's clock).
    pub tracing: Duration,
}

/// [`budget::run`] with a trace; moves to solved only when `measure` (the
/// 3x3 reference tables are loaded for it if they are not yet, on the
/// tracing's time).
pub fn run_traced(
    solver: &mut dyn Solver,
    limits: Budget,
    cancel: Option<&AtomicBool>,
    measure: bool,
) -> Traced {
    let t0 = Instant::now();
    let limit = limits.deadline.map(|d| d.saturating_duration_since(t0));
    let spent = Cell::new(Duration::ZERO);
    let clock = || t0.elapsed().saturating_sub(spent.get());
    let mut tracer = Tracer::new(measure);
    let mut point = |s: &dyn Solver, at: Duration| {
        let m0 = Instant::now();
        tracer.point(s, at);
        spent.set(spent.get() + m0.elapsed());
    };
    let ran = budget::run_sampled(solver, limits.max_steps, limit, cancel, clock, &mut point);
    point(&*solver, clock());
    Traced {
        ran,
        trace: tracer.trace,
        tracing: spent.get(),
    }
}

/// The trace so far and the last measure.
struct Tracer {
    measure: bool,
    trace: Trace,
    /// The best state last measured, and its moves to solved.
    last: Option<(AnyCube, Option<u32>)>,
}

impl Tracer {
    fn new(measure: bool) -> Tracer {
        Tracer {
            measure,
            trace: Trace::default(),
            last: None,
        }
    }

    /// Adds the point of `solver` at `at`.
    fn point(&mut self, solver: &dyn Solver, at: Duration) {
        let snap = solver.snapshot();
        let to_solved = if !self.measure {
            None
        } else {
            match self.last {
                Some((ref best, n)) if *best == snap.best => n,
                _ => {
                    // The 3x3 loads its tables here (bench has no screen
                    // to wait for); other sizes take what is at hand.
                    let n = match &snap.best {
                        AnyCube::Three(c) => moves_to_solved(cache::tables(), c, TRACE_NODES, None),
                        other => moves_to_solved_any(other, TRACE_NODES),
                    }
                    .and_then(|n| u32::try_from(n).ok());
                    self.last = Some((snap.best.clone(), n));
                    n
                }
            }
        };
        self.trace.points.push(TracePoint {
            ms: (at.as_secs_f64() * 1e6).round() / 1e3,
            best: snap.best_energy,
            to_solved,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_a_json_array_and_reads_back_the_same() {
        let t = Trace {
            points: vec![
                TracePoint {
                    ms: 0.004,
                    best: 41.0,
                    to_solved: Some(21),
                },
                TracePoint {
                    ms: 1.25,
                    best: 0.369935,
                    to_solved: None,
                },
            ],
        };
        let text = serde_json::to_string(&t).unwrap();
        assert_eq!(text, "[[0.004,41.0,21],[1.25,0.369935,null]]");
        assert_eq!(serde_json::from_str::<Trace>(&text).unwrap(), t);
    }
}
