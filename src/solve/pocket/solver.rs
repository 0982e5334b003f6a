//! The 2×2's optimal solver as the `reference` solver on the 2×2: one step
//! walks the distance table down ([`super::solve`]).

use crate::cube::nxn::{NxnAlg, NxnCube};
use crate::cube::{AnyAlg, AnyCube};
use crate::solve::api::{Outcome, Profile, Snapshot, SolveError, Solver, Status};
use crate::solve::reference::ReferenceParams;

/// The 2×2's optimal solver as a one-step run.
pub struct Pocket {
    start: NxnCube,
    solution: Option<NxnAlg>,
}

/// `reference` on a 2×2 `start` (any orientation): the optimal solution in
/// one step. The parameters are the 3×3 search's; the table needs none.
///
/// # Errors
/// A start that is not a valid, reachable 2×2.
pub fn build(_: &ReferenceParams, start: &NxnCube, _: u64) -> Result<Box<dyn Solver>, SolveError> {
    super::distance(start).map_err(|e| SolveError::Config(e.to_string()))?;
    Ok(Box::new(Pocket {
        start: start.clone(),
        solution: None,
    }))
}

impl Pocket {
    /// The state the solution so far reaches.
    fn best(&self) -> NxnCube {
        let solution = self.solution.clone().unwrap_or_default();
        self.start
            .after(&solution)
            .unwrap_or_else(|_| self.start.clone())
    }
}

impl Solver for Pocket {
    fn profile(&self) -> Profile {
        Profile {
            step: "step",
            series: Vec::new(),
        }
    }

    fn step(&mut self, _: u64) -> Status {
        if self.solution.is_none() {
            // Validated when built: a failure here is a damaged table.
            self.solution = Some(super::solve(&self.start).unwrap_or_default());
        }
        self.status()
    }

    fn status(&self) -> Status {
        match &self.solution {
            None => Status::Running,
            Some(s) if self.start.after(s).is_ok_and(|c| c.is_solved()) => Status::Solved,
            Some(_) => Status::Exhausted,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let best = self.best();
        let energy = best.upright().misplaced() as f64;
        Snapshot {
            iteration: u64::from(self.solution.is_some()),
            energy,
            best_energy: energy,
            current: AnyCube::Nxn(best.clone()),
            best: AnyCube::Nxn(best),
            sequence_len: self.solution.as_ref().map_or(0, NxnAlg::len),
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
        let best = self.best();
        Outcome {
            solved: best.is_solved(),
            solution: AnyAlg::Nxn(self.solution.clone().unwrap_or_default(), self.start.size()),
            energy: best.upright().misplaced() as f64,
            iterations: u64::from(self.solution.is_some()),
            extra: serde_json::Map::new(),
        }
    }
}
