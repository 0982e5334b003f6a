//! The headless driver of one race lane: the one batching loop of the
//! crate ([`crate::budget::run_timed`]) on the lane thread's own CPU
//! time.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::budget::{self, Stop};
use crate::runner::measure::{GIVE_UP, moves_to_solved_any, settled_any};
use crate::runner::{Point, RunState, Update, thread_cpu_time};
use cubetui_cube::AnyCube;
use cubetui_solve::api::Solver;

/// Runs a solver in the calling thread until it solves, exhausts its
/// budget, has used `cpu_limit` of this thread's CPU time or `cancel` is
/// raised (seen between batches); returns what a driver would report at
/// the end (state, snapshot, outcome, CPU time).
pub fn run_lane(
    mut solver: Box<dyn Solver>,
    cpu_limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Update {
    let t0 = Instant::now();
    let c0 = thread_cpu_time();
    let cpu = || thread_cpu_time().saturating_sub(c0);
    let profile = solver.profile();
    let ran = budget::run_timed(solver.as_mut(), None, cpu_limit, cancel, cpu);
    let mut u = at_point(solver.as_ref(), state_of(ran.stop));
    u.outcome = Some(solver.outcome());
    u.profile = Some(profile);
    u.cpu = cpu();
    u.elapsed = t0.elapsed();
    measured(u)
}

/// First CPU time at which [`run_lane_traced`] records a point (the one
/// sampling grid of the crate, [`budget::FIRST_SAMPLE`]).
pub const FIRST_TRACE: Duration = budget::FIRST_SAMPLE;
/// Each point of [`run_lane_traced`] at this many times the previous one's
/// CPU time ([`budget::SAMPLE_RATIO`]: about 10 a decade).
pub const TRACE_RATIO: f64 = budget::SAMPLE_RATIO;

/// [`run_lane`], also saying how the lane went: a `Running` update of one
/// point (energy, best energy, moves to solved) at the start and at CPU
/// times from [`FIRST_TRACE`] on, each [`TRACE_RATIO`] times the last
/// ([`budget::run_sampled`]), then the final update. Moves to solved is
/// the screen's measure ([`settled_any`], searched again only when the best
/// state changed); the CPU time of these points (their snapshots and
/// searches) is left out of the lane's clock, so the solver takes the same
/// steps as under [`run_lane`] (only where its batches end moves).
pub fn run_lane_traced(
    solver: Box<dyn Solver>,
    cpu_limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
) -> Vec<Update> {
    let mut out = Vec::new();
    run_lane_streamed(solver, cpu_limit, cancel, |u| out.push(u));
    out
}

/// [`run_lane_traced`], handing each update to `emit` as soon as it is
/// made (a run file written as the lane goes) instead of at the end.
pub fn run_lane_streamed(
    mut solver: Box<dyn Solver>,
    cpu_limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
    mut emit: impl FnMut(Update),
) {
    let t0 = Instant::now();
    let c0 = thread_cpu_time();
    let spent = Cell::new(Duration::ZERO);
    let cpu = || {
        thread_cpu_time()
            .saturating_sub(c0)
            .saturating_sub(spent.get())
    };
    let profile = solver.profile();
    let mut last: Option<(AnyCube, f64)> = None;
    let mut sample = |s: &dyn Solver, at: Duration| {
        let m0 = thread_cpu_time();
        let mut u = at_point(s, RunState::Running);
        if let (Some(snap), Some(p)) = (&u.snapshot, u.points.last_mut()) {
            p.to_solved = match &last {
                Some((cube, v)) if *cube == snap.best => *v,
                _ => {
                    let v = settled_any(&snap.best).map_or(f64::NAN, |n| n as f64);
                    last = Some((snap.best.clone(), v));
                    v
                }
            };
        }
        u.cpu = at;
        u.elapsed = t0.elapsed();
        emit(u);
        spent.set(spent.get() + thread_cpu_time().saturating_sub(m0));
    };
    let ran = budget::run_sampled(solver.as_mut(), None, cpu_limit, cancel, cpu, &mut sample);
    let mut u = at_point(solver.as_ref(), state_of(ran.stop));
    u.outcome = Some(solver.outcome());
    u.profile = Some(profile);
    u.cpu = cpu();
    u.elapsed = t0.elapsed();
    emit(measured(u));
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

/// The final update with moves to solved from its best state
/// ([`moves_to_solved_any`]: on the 3×3 when the tables are loaded, on the
/// 2×2 the optimal distance, past the 3×3 unknown; a search capped by
/// nodes: deterministic; after the lane's CPU time was taken, so not
/// counted in it).
fn measured(mut u: Update) -> Update {
    let Some(best) = u.snapshot.as_ref().map(|s| &s.best) else {
        return u;
    };
    let to_solved = moves_to_solved_any(best, GIVE_UP);
    if let Some(p) = u.points.last_mut() {
        p.to_solved = to_solved.map_or(f64::NAN, |n| n as f64);
    }
    u
}
