//! The `reference` solver for callers that must never wait for the tables
//! (the screen's thread): built at once, it becomes the real solver on the
//! first step after the tables are ready; its first step starts obtaining
//! them on a thread of their own ([`cache::warm_up`]) if the program has
//! not (the screen starts it, with its observer). Until then a step does no work (it
//! only waits a moment, on the caller's thread) and the snapshot shows the
//! start with the phase "building reference tables".

use std::time::Duration;

use super::cache;
use super::solver::{self, ReferenceParams};
use crate::api::{Outcome, Snapshot, SolveError, Solver, Status};
use crate::profile::Profile;
use crate::stop::StopReason;
use cubetui_cube::{Alg, Cube};

/// The snapshot's phase while the tables are coming.
pub const BUILDING: &str = "building reference tables";

/// How long a step waits for the tables before returning (so a runner
/// stepping flat out does not spin).
const WAIT: Duration = Duration::from_millis(10);

/// `reference` with the tables still coming.
pub struct Pending {
    params: ReferenceParams,
    start: Cube,
    seed: u64,
    inner: Option<Box<dyn Solver>>,
    /// Set if the real solver could not be built once the tables came.
    failed: bool,
}

/// The `reference` solver for `start`: the real one if the tables are ready,
/// else one that waits for them without blocking. Fails at once on bad
/// parameters or an unreachable cube, as [`solver::build`] does.
pub fn build(p: &ReferenceParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    if cache::ready() {
        return solver::build(p, start, seed);
    }
    solver::check(p, &start)?;
    Ok(Box::new(Pending {
        params: p.clone(),
        start,
        seed,
        inner: None,
        failed: false,
    }))
}

impl Pending {
    /// The real solver, once the tables are ready; the first call starts
    /// obtaining them if nobody has ([`cache::warm_up`]: the screen starts
    /// it first, with its observer).
    fn arrive(&mut self) {
        if !cache::ready() {
            cache::warm_up(|_| {});
        }
        if self.inner.is_none() && !self.failed && cache::ready() {
            match solver::build(&self.params, self.start, self.seed) {
                Ok(s) => self.inner = Some(s),
                Err(_) => self.failed = true,
            }
        }
    }
}

impl Solver for Pending {
    fn profile(&self) -> Profile {
        solver::profile()
    }

    fn step(&mut self, n: u64) -> Status {
        self.arrive();
        if self.inner.is_none() && !self.failed {
            std::thread::sleep(WAIT);
            self.arrive();
        }
        match self.inner.as_mut() {
            Some(s) => s.step(n),
            None => self.status(),
        }
    }

    fn status(&self) -> Status {
        match (&self.inner, self.failed) {
            (Some(s), _) => s.status(),
            (None, true) => Status::Exhausted,
            (None, false) => Status::Running,
        }
    }

    fn snapshot(&self) -> Snapshot {
        if let Some(s) = &self.inner {
            return s.snapshot();
        }
        let energy = f64::from(self.start.misplaced());
        Snapshot {
            iteration: 0,
            energy,
            best_energy: energy,
            current: self.start.into(),
            best: self.start.into(),
            sequence_len: 0,
            generator: None,
            phase: Some(BUILDING.into()),
            status: self.status(),
            last_step: None,
            exhausted_by: self.failed.then_some(StopReason::NotBuilt),
            rows: Vec::new(),
            values: vec![f64::NAN, 0.0, 0.0],
        }
    }

    fn iteration(&self) -> u64 {
        self.inner.as_ref().map_or(0, |s| s.iteration())
    }

    fn outcome(&self) -> Outcome {
        match &self.inner {
            Some(s) => s.outcome(),
            None => Outcome {
                solved: false,
                solution: Alg::default().into(),
                energy: f64::from(self.start.misplaced()),
                iterations: 0,
                extra: serde_json::Map::new(),
            },
        }
    }
}
