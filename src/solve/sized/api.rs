//! What the N×N solvers share: the [`SizedSolver`] trait, its
//! [`SizedOutcome`] and [`SizedProgress`], the move set [`moves`] and
//! [`upright`]. Every [`SizedSolver`] runs as a
//! [`Solver`](crate::solve::api::Solver) through [`super::adapter`].

use crate::cube::nxn::{NxnAlg, NxnCube};
use crate::solve::api::{Profile, Status};
pub use crate::solve::moveset::{misplaced, moves, moves_and_perms, moves_in_words, upright};

/// The result of an N×N run so far.
#[derive(Clone, Debug)]
pub struct SizedOutcome {
    pub solved: bool,
    /// Moves that take the start (as given) to the best state.
    pub solution: NxnAlg,
    /// Misplaced stickers of the best state ([`NxnCube::misplaced`]).
    pub energy: f64,
    /// Elementary steps run.
    pub iterations: u64,
}

/// What an N×N run looks like at one moment (the numbers of a
/// [`Snapshot`](crate::solve::api::Snapshot)); cheap enough to take every
/// frame and every step batch.
#[derive(Clone, Debug)]
pub struct SizedProgress {
    /// Elementary steps so far.
    pub iteration: u64,
    /// Misplaced stickers of the current state.
    pub energy: f64,
    /// Misplaced stickers of the best state.
    pub best_energy: f64,
    /// The current state (upright).
    pub current: NxnCube,
    /// The best state seen (upright).
    pub best: NxnCube,
    /// Length of the current move sequence.
    pub sequence_len: usize,
    /// One value per series of the solver's profile, in that order (empty:
    /// none known, every series NaN).
    pub values: Vec<f64>,
}

/// An N×N solver that advances in small steps. Only [`Self::step`],
/// [`Self::status`] and [`Self::outcome`] are required; the adapter
/// ([`super::adapter::Adapted`]) makes it a
/// [`Solver`](crate::solve::api::Solver).
pub trait SizedSolver: Send {
    /// Runs up to `n` elementary steps; stops early when solved or exhausted.
    fn step(&mut self, n: u64) -> Status;
    /// Where the run stands.
    fn status(&self) -> Status;
    /// The best result so far.
    fn outcome(&self) -> SizedOutcome;
    /// The name of an elementary step and the series the snapshots carry
    /// (none by default).
    fn profile(&self) -> Profile {
        Profile {
            step: "step",
            series: Vec::new(),
        }
    }
    /// The run now, cheaply; `None` (the default) lets the adapter derive it
    /// from [`Self::outcome`] (the best state as the current one), which
    /// suits solvers whose outcome is cheap.
    fn progress(&self) -> Option<SizedProgress> {
        None
    }
    /// The neighbourhood generator in use, for solvers that have one (none
    /// by default).
    fn generator(&self) -> Option<String> {
        None
    }
    /// Solver-specific results for the outcome (`accepted`, `restarts`, …;
    /// none by default).
    fn extra(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }
    /// What stopped the run unsolved, once [`Status::Exhausted`]: a short
    /// phrase, as [`Snapshot::exhausted_by`](crate::solve::api::Snapshot::exhausted_by).
    fn exhausted_by(&self) -> Option<String> {
        None
    }
}
