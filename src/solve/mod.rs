//! Solvers as plain stepping state machines (no async inside), their energies,
//! neighbourhood generators, presets, and a runner that steps any solver under
//! commands and emits snapshots. Uses `cube`, never `tui`.

pub mod anneal;
pub mod budget;
pub mod chromosome;
pub mod energy;
pub mod ga;
pub mod mws;
pub mod neighbourhood;
pub mod phases;
pub mod preset;
pub mod profile;
pub mod race;
pub mod reference;
pub mod reorient;
pub mod runner;
pub mod woc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cube::{Alg, Cube};

pub use profile::{Profile, SeriesSpec};

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// More steps may improve the result.
    Running,
    /// The best state is solved.
    Solved,
    /// The budget (steps, generations, stagnation limit) is spent without solving.
    Exhausted,
}

/// What a solver looks like at one moment. Cheap enough to take every frame.
#[derive(Clone, Debug)]
pub struct Snapshot {
    /// Elementary steps so far (what [`Profile::step`] names).
    pub iteration: u64,
    /// Misplaced-sticker energy of the current state (GA: best of this generation).
    pub energy: f64,
    /// Best energy seen.
    pub best_energy: f64,
    /// Current state (GA: best chromosome of this generation applied to the start).
    pub current: Cube,
    /// Best state seen.
    pub best: Cube,
    /// Length of the current move sequence.
    pub sequence_len: usize,
    /// Neighbourhood generator in use, where the solver has swappable ones.
    pub generator: Option<String>,
    /// Current phase, where the solver has phases; a change is marked on the plot.
    pub phase: Option<String>,
    pub status: Status,
    /// One value per series of the solver's [`Profile`], in that order
    /// (NaN where there is no value yet).
    pub values: Vec<f64>,
}

/// The outcome of a run so far.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub solved: bool,
    /// The move sequence that takes the start state to the best state, as the
    /// solver produced it (may contain rotations, slices, cancellations).
    pub solution: Alg,
    /// Energy of the best state.
    pub energy: f64,
    /// Elementary steps run.
    pub iterations: u64,
    /// Solver-specific fields for `--json` (generations, phase lengths, …).
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// A solver that advances in small steps, so a UI or a batch driver can run it,
/// pause it, inspect it and change its generator between two steps.
pub trait Solver: Send {
    /// What the solver is called and which numbers its snapshots carry.
    fn profile(&self) -> Profile;
    /// Runs up to `n` elementary steps; stops early when solved or exhausted.
    fn step(&mut self, n: u64) -> Status;
    /// Where the run stands.
    fn status(&self) -> Status;
    /// The current picture of the run.
    fn snapshot(&self) -> Snapshot;
    /// The best result so far.
    fn outcome(&self) -> Outcome;
    /// Neighbourhood generators this solver can switch between (empty if none).
    fn generators(&self) -> Vec<String> {
        Vec::new()
    }
    /// Replaces the neighbourhood generator, keeping state and history.
    fn set_generator(&mut self, name: &str) -> Result<(), SolveError> {
        Err(SolveError::NoGenerators {
            generator: name.to_string(),
        })
    }
}

/// Errors from configuring or building a solver.
#[derive(Debug, Error)]
pub enum SolveError {
    #[error("unknown preset `{name}` (available: {available})")]
    UnknownPreset { name: String, available: String },
    #[error("unknown neighbourhood `{name}` (available: {available})")]
    UnknownGenerator { name: String, available: String },
    #[error("this solver has no neighbourhood generators (asked for `{generator}`)")]
    NoGenerators { generator: String },
    #[error("invalid parameter: {0}")]
    Parameter(String),
    #[error("{file}:{line}: {message}")]
    Asset {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{0}")]
    Config(String),
}

/// A solver with all its parameters, as stored in a preset.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "solver", rename_all = "lowercase")]
pub enum SolverConfig {
    Sa(anneal::SaParams),
    Ga(ga::GaParams),
    Woc(woc::WocParams),
    Mws(mws::MwsParams),
    #[serde(rename = "phases-es")]
    PhasesEs(phases::EsParams),
    #[serde(rename = "phases-ga")]
    PhasesGa(phases::GaParams),
    #[serde(rename = "phases-sa")]
    PhasesSa(phases::SaParams),
    Reference(reference::ReferenceParams),
}

impl SolverConfig {
    /// The solver's short name.
    pub fn name(&self) -> &'static str {
        match self {
            SolverConfig::Sa(_) => "sa",
            SolverConfig::Ga(_) => "ga",
            SolverConfig::Woc(_) => "woc",
            SolverConfig::Mws(_) => "mws",
            SolverConfig::PhasesEs(_) => "phases-es",
            SolverConfig::PhasesGa(_) => "phases-ga",
            SolverConfig::PhasesSa(_) => "phases-sa",
            SolverConfig::Reference(_) => "reference",
        }
    }

    /// Builds a solver for `start`, fully determined by (self, seed, start).
    ///
    /// A start whose centres are not at home (given after rotations, slices or
    /// wide turns) is first turned as a whole so they are; the solver runs on
    /// that state and the rotation leads its reported solution
    /// ([`reorient::Reoriented`]).
    pub fn build(&self, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
        match reorient::reorient(&start) {
            Some((rotation, centred)) if !rotation.is_empty() => Ok(Box::new(
                reorient::Reoriented::new(rotation, self.build_centred(centred, seed)?),
            )),
            _ => self.build_centred(start, seed),
        }
    }

    fn build_centred(&self, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
        match self {
            SolverConfig::Sa(p) => anneal::build(p, start, seed),
            SolverConfig::Ga(p) => ga::build(p, start, seed),
            SolverConfig::Woc(p) => woc::build(p, start, seed),
            SolverConfig::Mws(p) => mws::build(p, start, seed),
            SolverConfig::PhasesEs(p) => phases::build_es(p, start, seed),
            SolverConfig::PhasesGa(p) => phases::build_ga(p, start, seed),
            SolverConfig::PhasesSa(p) => phases::build_sa(p, start, seed),
            SolverConfig::Reference(p) => reference::build(p, start, seed),
        }
    }
}

/// Length (HTM) of the two-phase reference solution of `cube`: the yardstick
/// that races and `solve --reference` compare a metaheuristic's length with.
pub fn reference_htm(cube: &Cube) -> Result<usize, SolveError> {
    reference::solve(cube, 30, reference::Budget::default())
        .map(|alg| alg.len())
        .map_err(|e| SolveError::Parameter(e.to_string()))
}
