//! Every [`SizedSolver`] as a [`Solver`]: the path by which the N×N-only
//! solvers reach the runner, `budget::run_timed`, bench, race and record
//! (`ga` and `woc` are [`Solver`]s on every size already). Snapshots
//! and the outcome carry the N×N state and sequence
//! ([`AnyCube::Nxn`], [`AnyAlg::Nxn`]).

use crate::cube::nxn::{NxnCube, Size};
use crate::cube::{AnyAlg, AnyCube};
use crate::solve::api::{Outcome, Profile, Snapshot, Solver, Status};

use super::api::{SizedProgress, SizedSolver};

/// A [`SizedSolver`] run from `start`, seen as a [`Solver`].
pub struct Adapted {
    start: NxnCube,
    inner: Box<dyn SizedSolver>,
}

impl Adapted {
    pub fn new(start: NxnCube, inner: Box<dyn SizedSolver>) -> Adapted {
        Adapted { start, inner }
    }

    fn size(&self) -> Size {
        self.start.size()
    }

    /// The solver's own progress, or one read from its outcome.
    fn progress(&self) -> SizedProgress {
        self.inner.progress().unwrap_or_else(|| {
            let out = self.inner.outcome();
            let best = self
                .start
                .after(&out.solution)
                .unwrap_or_else(|_| self.start.clone());
            SizedProgress {
                iteration: out.iterations,
                energy: out.energy,
                best_energy: out.energy,
                current: best.clone(),
                best,
                sequence_len: out.solution.len(),
                values: Vec::new(),
            }
        })
    }
}

impl Solver for Adapted {
    fn profile(&self) -> Profile {
        self.inner.profile()
    }

    fn step(&mut self, n: u64) -> Status {
        self.inner.step(n)
    }

    fn status(&self) -> Status {
        self.inner.status()
    }

    fn snapshot(&self) -> Snapshot {
        let p = self.progress();
        let status = self.inner.status();
        Snapshot {
            iteration: p.iteration,
            energy: p.energy,
            best_energy: p.best_energy,
            current: AnyCube::Nxn(p.current),
            best: AnyCube::Nxn(p.best),
            sequence_len: p.sequence_len,
            generator: self.inner.generator(),
            phase: None,
            status,
            last_step: None,
            exhausted_by: (status == Status::Exhausted)
                .then(|| self.inner.exhausted_by())
                .flatten(),
            rows: Vec::new(),
            values: {
                let n = self.inner.profile().series.len();
                let mut v = p.values;
                v.resize(n, f64::NAN);
                v
            },
        }
    }

    fn outcome(&self) -> Outcome {
        let o = self.inner.outcome();
        Outcome {
            solved: o.solved,
            solution: AnyAlg::Nxn(o.solution, self.size()),
            energy: o.energy,
            iterations: o.iterations,
            extra: self.inner.extra(),
        }
    }
}
