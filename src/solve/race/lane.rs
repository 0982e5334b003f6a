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
    let state = match ran.stop {
        Stop::Solved => RunState::Solved,
        // A solver that cannot advance is out of budget.
        Stop::Exhausted | Stop::Stalled => RunState::Exhausted,
        Stop::Steps | Stop::Time | Stop::Cancelled => RunState::Stopped,
    };
    let snap = solver.snapshot();
    let outcome = solver.outcome();
    let (cpu, elapsed) = (cpu(), t0.elapsed());
    // Moves to solved from the final best state, when the tables are loaded
    // (a search capped by nodes: deterministic; not counted in the lane's
    // CPU time).
    let to_solved = if snap.best.is_solved() {
        Some(0)
    } else if cache::ready() {
        moves_to_solved(cache::tables(), &snap.best, GIVE_UP, None)
    } else {
        None
    };
    let mut u = Update::new(0, state);
    u.points.push(Point {
        iteration: snap.iteration,
        energy: snap.energy,
        best: snap.best_energy,
        values: Vec::new(),
        to_solved: to_solved.map_or(f64::NAN, |n| n as f64),
    });
    u.snapshot = Some(snap);
    u.outcome = Some(outcome);
    u.profile = Some(profile);
    u.cpu = cpu;
    u.elapsed = elapsed;
    u
}
