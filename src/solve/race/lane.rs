//! The headless driver of one race lane: the one batching loop of the
//! crate ([`crate::solve::budget::run_timed`]) on the lane thread's own CPU
//! time.

use std::time::{Duration, Instant};

use crate::solve::api::Solver;
use crate::solve::budget::{self, Stop};
use crate::solve::reference::cache;
use crate::solve::runner::measure::{GIVE_UP, moves_to_solved};
use crate::solve::runner::{Point, RunState, Update, thread_cpu_time};

/// Runs a solver in the calling thread until it solves, exhausts its
/// budget or has used `cpu_limit` of this thread's CPU time; returns what
/// a driver would report at the end (state, snapshot, outcome, CPU time).
pub fn run_lane(mut solver: Box<dyn Solver>, cpu_limit: Option<Duration>) -> Update {
    let t0 = Instant::now();
    let c0 = thread_cpu_time();
    let cpu = || thread_cpu_time().saturating_sub(c0);
    let profile = solver.profile();
    let ran = budget::run_timed(solver.as_mut(), None, cpu_limit, None, cpu);
    let mut u = at_point(solver.as_ref(), state_of(ran.stop));
    u.outcome = Some(solver.outcome());
    u.profile = Some(profile);
    u.cpu = cpu();
    u.elapsed = t0.elapsed();
    measured(u)
}

/// First CPU time at which [`run_lane_traced`] records a point.
pub const FIRST_TRACE: Duration = Duration::from_millis(1);
/// Each point of [`run_lane_traced`] at this many times the previous one's
/// CPU time (so points are even on a log time axis: about 10 a decade).
pub const TRACE_RATIO: f64 = 1.25;

/// [`run_lane`], also saying how the lane went: a `Running` update of one
/// point (energy, best energy) at the start and at CPU times from
/// [`FIRST_TRACE`] on, each [`TRACE_RATIO`] times the last, then the final
/// update. The solver takes
/// the same steps as under [`run_lane`] (only where its batches end moves).
pub fn run_lane_traced(mut solver: Box<dyn Solver>, cpu_limit: Option<Duration>) -> Vec<Update> {
    let t0 = Instant::now();
    let c0 = thread_cpu_time();
    let cpu = || thread_cpu_time().saturating_sub(c0);
    let profile = solver.profile();
    // Where the lane starts.
    let mut first = at_point(solver.as_ref(), RunState::Running);
    first.cpu = cpu();
    let mut out = vec![first];
    let mut next = FIRST_TRACE;
    let ran = loop {
        let slice = cpu_limit.map_or(next, |l| l.min(next));
        let ran = budget::run_timed(solver.as_mut(), None, Some(slice), None, cpu);
        if ran.stop != Stop::Time || cpu_limit.is_some_and(|l| slice >= l) {
            break ran;
        }
        let mut u = at_point(solver.as_ref(), RunState::Running);
        u.cpu = cpu();
        u.elapsed = t0.elapsed();
        next = next.mul_f64(TRACE_RATIO).max(u.cpu);
        out.push(u);
    };
    let mut u = at_point(solver.as_ref(), state_of(ran.stop));
    u.outcome = Some(solver.outcome());
    u.profile = Some(profile);
    u.cpu = cpu();
    u.elapsed = t0.elapsed();
    out.push(measured(u));
    out
}

/// The run state a stop leaves the lane in.
fn state_of(stop: Stop) -> RunState {
    match stop {
        Stop::Solved => RunState::Solved,
        // A solver that cannot advance is out of budget.
        Stop::Exhausted | Stop::Stalled => RunState::Exhausted,
        Stop::Steps | Stop::Time | Stop::Cancelled => RunState::Stopped,
    }
}

/// An update in `state` with the solver's snapshot and its one point
/// (moves to solved unknown: see [`measured`]).
fn at_point(solver: &dyn Solver, state: RunState) -> Update {
    let snap = solver.snapshot();
    let mut u = Update::new(0, state);
    u.points.push(Point {
        iteration: snap.iteration,
        energy: snap.energy,
        best: snap.best_energy,
        values: snap.values.clone(),
        to_solved: f64::NAN,
    });
    u.snapshot = Some(snap);
    u
}

/// The final update with moves to solved from its best state, when the
/// tables are loaded (a search capped by nodes: deterministic; after the
/// lane's CPU time was taken, so not counted in it).
fn measured(mut u: Update) -> Update {
    let Some(best) = u.snapshot.as_ref().map(|s| s.best) else {
        return u;
    };
    let to_solved = if best.is_solved() {
        Some(0)
    } else if cache::ready() {
        moves_to_solved(cache::tables(), &best, GIVE_UP, None)
    } else {
        None
    };
    if let Some(p) = u.points.last_mut() {
        p.to_solved = to_solved.map_or(f64::NAN, |n| n as f64);
    }
    u
}
