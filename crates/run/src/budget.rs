//! Stepping a solver under a budget, synchronously: the adaptive batching
//! loop `solve` and `bench` run a solver in ([`run`]), and the batch sizing
//! ([`Batcher`]) that the screen's runner uses too.
//!
//! A [`Batcher`] sizes batches of elementary steps so each takes about a
//! target time; [`run`] steps a solver in such batches until it is solved or
//! exhausted, a step or time budget is spent, or a cancel flag is raised. The
//! time limit is checked between batches, and a batch is never planned to run
//! past the deadline, so the limit holds to within the target batch time or
//! one elementary step, whichever is larger. Inside a step, the solver's
//! long pieces of work (a big size's commutator catalogue, the searches
//! that keep an annealer's history bounded) look at the same limit and
//! the cancel flag ([`Solver::step_within`]), so set-up counts against the
//! limit and stops with it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cubetui_solve::api::{Solver, Status};

/// Largest batch a [`Batcher`] plans.
pub const MAX_BATCH: u64 = 1 << 24;

/// The batch time [`run`] aims for: short enough that a time limit or a
/// cancel request is seen within it, long enough that the checks cost nothing.
pub const TARGET: Duration = Duration::from_millis(10);

/// Sizes batches of elementary steps so a batch takes about `target`.
#[derive(Clone, Debug)]
pub struct Batcher {
    size: u64,
    target: Duration,
    /// Measured steps per second, once a batch has been timed.
    rate: Option<f64>,
}

impl Batcher {
    /// Starts at one step per batch (a step's cost is unknown until measured).
    pub fn new(target: Duration) -> Batcher {
        Batcher {
            size: 1,
            target,
            rate: None,
        }
    }

    /// Starts at `size` steps per batch instead (at least 1, at most [`MAX_BATCH`]).
    pub fn with_size(mut self, size: u64) -> Batcher {
        self.size = size.clamp(1, MAX_BATCH);
        self
    }

    /// The size of the next batch.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The size of the next batch, planned not to run past `left` (at least one step).
    pub fn size_within(&self, left: Duration) -> u64 {
        match self.rate {
            Some(rate) => {
                let fits = (rate * left.as_secs_f64()).floor();
                // `fits` is finite and non-negative; the cast saturates.
                self.size.min(fits as u64).max(1)
            }
            None => 1,
        }
    }

    /// Records that `steps` steps took `took`, and adapts the next size:
    /// doubles while a batch is under half the target, halves above twice
    /// the target.
    pub fn record(&mut self, steps: u64, took: Duration) {
        if steps > 0 && !took.is_zero() {
            self.rate = Some(steps as f64 / took.as_secs_f64());
        }
        if steps < self.size {
            // A shortened batch says little about the planned size.
            return;
        }
        if took < self.target / 2 && self.size < MAX_BATCH {
            self.size *= 2;
        } else if took > self.target * 2 && self.size > 1 {
            self.size /= 2;
        }
    }
}

/// What a run may spend.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    /// At most this many elementary steps.
    pub max_steps: Option<u64>,
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The solver solved the cube.
    Solved,
    /// The solver spent its own budget.
    Exhausted,
    /// `max_steps` were run.
    Steps,
    /// The deadline passed.
    Time,
    /// A step batch did not advance the solver (it cannot go on).
    Stalled,
    /// The cancel flag was raised.
    Cancelled,
}

/// The result of [`run`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ran {
    /// Elementary steps asked of the solver.
    pub steps: u64,
    /// Time spent inside [`Solver::step`] only.
    pub search: Duration,
    pub stop: Stop,
}

/// Steps `solver` in adaptive batches until it finishes, the budget is spent
/// or `cancel` is raised (checked between batches).
pub fn run(solver: &mut dyn Solver, budget: Budget, cancel: Option<&AtomicBool>) -> Ran {
    let t0 = Instant::now();
    let limit = budget.deadline.map(|d| d.saturating_duration_since(t0));
    run_timed(solver, budget.max_steps, limit, cancel, || t0.elapsed())
}

/// [`run`] with the time limit on a clock of the caller's: `clock` says how
/// much time the run has used so far (the wall time since the start, or
/// the calling thread's CPU time for a race lane), and the run stops with
/// [`Stop::Time`] once it reaches `limit`.
pub fn run_timed(
    solver: &mut dyn Solver,
    max_steps: Option<u64>,
    limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
    clock: impl Fn() -> Duration,
) -> Ran {
    drive(solver, max_steps, limit, cancel, &clock, None)
}

/// First time on the run's clock at which [`run_sampled`] takes a sample
/// (after the one at the start).
pub const FIRST_SAMPLE: Duration = Duration::from_millis(1);
/// Each sample of [`run_sampled`] at this many times the previous one's
/// time (so samples are even on a log time axis: about 10 a decade).
pub const SAMPLE_RATIO: f64 = 1.25;

/// [`run_timed`], calling `sample` with the solver and the clock's time at
/// the start and then each time the clock passes a point of the log grid
/// ([`FIRST_SAMPLE`], then each [`SAMPLE_RATIO`] times the last; grid
/// points passed while a batch ran are sampled once, when it ends). Batches
/// are planned not to run past the next grid point; the solver takes the
/// same steps as under [`run_timed`] (only where its batches end moves).
/// Time `sample` spends is on `clock` unless the caller's clock leaves it
/// out.
pub fn run_sampled(
    solver: &mut dyn Solver,
    max_steps: Option<u64>,
    limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
    clock: impl Fn() -> Duration,
    sample: Sample<'_>,
) -> Ran {
    drive(solver, max_steps, limit, cancel, &clock, Some(sample))
}

/// What [`run_sampled`] calls with the solver and the clock's time.
pub type Sample<'a> = &'a mut dyn FnMut(&dyn Solver, Duration);

/// The one batching loop of [`run_timed`] and [`run_sampled`].
fn drive(
    solver: &mut dyn Solver,
    max_steps: Option<u64>,
    limit: Option<Duration>,
    cancel: Option<&AtomicBool>,
    clock: &dyn Fn() -> Duration,
    mut sample: Option<Sample<'_>>,
) -> Ran {
    let cap = max_steps.unwrap_or(u64::MAX);
    // What a long piece of work inside a step polls: the cancel flag and
    // the time limit on the run's clock.
    let halted =
        || cancel.is_some_and(|c| c.load(Ordering::Relaxed)) || limit.is_some_and(|l| clock() >= l);
    let mut batcher = Batcher::new(TARGET);
    let mut steps = 0u64;
    let mut search = Duration::ZERO;
    let mut next = FIRST_SAMPLE;
    if let Some(s) = sample.as_mut() {
        s(&*solver, clock());
    }
    let stop = loop {
        match solver.status() {
            Status::Solved => break Stop::Solved,
            Status::Exhausted => break Stop::Exhausted,
            Status::Running => {}
        }
        if steps >= cap {
            break Stop::Steps;
        }
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            break Stop::Cancelled;
        }
        let mut n = batcher.size().min(cap - steps);
        if limit.is_some() || sample.is_some() {
            let mut used = clock();
            if let Some(limit) = limit {
                if used >= limit {
                    break Stop::Time;
                }
                n = n.min(batcher.size_within(limit - used));
            }
            if let Some(s) = sample.as_mut() {
                if used >= next {
                    s(&*solver, used);
                    used = clock();
                    while next <= used {
                        next = next.mul_f64(SAMPLE_RATIO);
                    }
                }
                n = n.min(batcher.size_within(next.saturating_sub(used)));
            }
        }
        let before = solver.iteration();
        let t = Instant::now();
        let status = solver.step_within(n, &halted);
        let took = t.elapsed();
        search += took;
        steps += n;
        batcher.record(n, took);
        // A step cut by the limit or the flag may have done nothing: the
        // loop's top says which stopped it.
        if status == Status::Running && solver.iteration() == before && !halted() {
            break Stop::Stalled;
        }
    };
    Ran {
        steps,
        search,
        stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::{Alg, Cube};
    use cubetui_solve::api::{Outcome, Profile, Snapshot};

    /// Counts steps; solved after `solve_at` of them; `stuck` never advances.
    struct Counter {
        steps: u64,
        solve_at: u64,
        stuck: bool,
    }

    impl Solver for Counter {
        fn profile(&self) -> Profile {
            Profile {
                step: "count",
                series: Vec::new(),
            }
        }
        fn step(&mut self, n: u64) -> Status {
            if !self.stuck {
                self.steps = (self.steps + n).min(self.solve_at);
            }
            self.status()
        }
        fn status(&self) -> Status {
            if self.steps >= self.solve_at {
                Status::Solved
            } else {
                Status::Running
            }
        }
        fn snapshot(&self) -> Snapshot {
            Snapshot {
                iteration: self.steps,
                energy: 0.0,
                best_energy: 0.0,
                current: Cube::solved().into(),
                best: Cube::solved().into(),
                sequence_len: 0,
                generator: None,
                phase: None,
                status: self.status(),
                last_step: None,
                exhausted_by: None,
                rows: Vec::new(),
                values: Vec::new(),
            }
        }
        fn outcome(&self) -> Outcome {
            Outcome {
                solved: self.status() == Status::Solved,
                solution: Alg::default().into(),
                energy: 0.0,
                iterations: self.steps,
                extra: serde_json::Map::new(),
            }
        }
    }

    fn counter(solve_at: u64) -> Counter {
        Counter {
            steps: 0,
            solve_at,
            stuck: false,
        }
    }

    #[test]
    fn runs_exactly_the_step_budget_or_until_solved() {
        let mut c = counter(u64::MAX);
        let budget = Budget {
            max_steps: Some(1_000_003),
            deadline: None,
        };
        let ran = run(&mut c, budget, None);
        assert_eq!(
            (ran.stop, ran.steps, c.steps),
            (Stop::Steps, 1_000_003, 1_000_003)
        );
        let mut c = counter(777);
        let ran = run(&mut c, Budget::default(), None);
        assert_eq!((ran.stop, c.steps), (Stop::Solved, 777));
    }

    #[test]
    fn a_passed_deadline_or_a_raised_flag_stops_before_any_step() {
        let mut c = counter(u64::MAX);
        let past = Budget {
            max_steps: None,
            deadline: Some(Instant::now()),
        };
        let ran = run(&mut c, past, None);
        assert_eq!((ran.stop, ran.steps), (Stop::Time, 0));
        let flag = AtomicBool::new(true);
        let ran = run(&mut c, Budget::default(), Some(&flag));
        assert_eq!((ran.stop, ran.steps), (Stop::Cancelled, 0));
    }

    #[test]
    fn a_solver_that_does_not_advance_is_stalled() {
        let mut c = Counter {
            steps: 0,
            solve_at: 10,
            stuck: true,
        };
        let ran = run(&mut c, Budget::default(), None);
        assert_eq!((ran.stop, ran.steps), (Stop::Stalled, 1));
    }

    #[test]
    fn samples_fall_at_the_start_and_once_per_grid_point_passed() {
        // A clock that moves 50 µs at every reading.
        let now = std::cell::Cell::new(Duration::ZERO);
        let clock = || {
            now.set(now.get() + Duration::from_micros(50));
            now.get()
        };
        let mut c = counter(u64::MAX);
        let mut at = Vec::new();
        let ran = run_sampled(&mut c, Some(1 << 40), None, None, clock, &mut |s, t| {
            at.push((s.snapshot().iteration, t))
        });
        // The same steps as unsampled.
        assert_eq!(
            (ran.stop, ran.steps, c.steps),
            (Stop::Steps, 1 << 40, 1 << 40)
        );
        assert_eq!(at[0].0, 0, "the start, before any step");
        // Then each at or past a grid point, never two in one grid interval.
        let cell =
            |t: Duration| (t.as_secs_f64() / FIRST_SAMPLE.as_secs_f64()).ln() / SAMPLE_RATIO.ln();
        assert!(at.len() > 5, "{at:?}");
        assert!(at[1..].iter().all(|&(_, t)| t >= FIRST_SAMPLE), "{at:?}");
        let cells: Vec<i64> = at[1..]
            .iter()
            .map(|&(_, t)| cell(t).floor() as i64)
            .collect();
        assert!(cells.windows(2).all(|w| w[0] < w[1]), "{cells:?}");
        assert!(at.windows(2).all(|w| w[0].0 <= w[1].0), "{at:?}");
    }

    #[test]
    fn batches_grow_while_fast_and_shrink_when_slow() {
        let mut b = Batcher::new(Duration::from_millis(10));
        assert_eq!(b.size(), 1);
        b.record(1, Duration::from_micros(10));
        b.record(2, Duration::from_micros(20));
        assert_eq!(b.size(), 4);
        b.record(4, Duration::from_millis(50));
        assert_eq!(b.size(), 2);
        // A shortened batch does not change the plan.
        b.record(1, Duration::from_micros(1));
        assert_eq!(b.size(), 2);
    }

    #[test]
    fn a_batch_is_planned_to_end_before_the_deadline() {
        let mut b = Batcher::new(Duration::from_millis(10));
        for _ in 0..20 {
            let n = b.size();
            b.record(n, Duration::from_micros(n)); // 1 µs per step
        }
        assert!(b.size() > 1000);
        assert_eq!(b.size_within(Duration::from_micros(300)), 300);
        assert_eq!(b.size_within(Duration::ZERO), 1);
        assert_eq!(b.size_within(Duration::from_secs(1_000_000)), b.size());
    }
}
