//! What every solver implements and every user of a solver sees: the
//! [`Solver`] trait, its [`Snapshot`]s and [`Outcome`], [`Status`] and
//! [`SolveError`], and the [`Sizes`] a solver declares it runs on. States and sequences are of any size ([`AnyCube`],
//! [`AnyAlg`]): a 3×3 solver hands out its kernel's `Cube` and `Alg`
//! (wrapped once per snapshot, never per step), an N×N one its `NxnCube`
//! and `NxnAlg`. Imports no solver (the registry, `super::registry`, is
//! the one module that knows them all), so each solver can import this
//! without importing itself back.

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::profile::{MainRole, Profile, SeriesSpec};
pub use crate::stop::StopReason;
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::{AnyAlg, AnyCube};

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

/// Whether the caller of a step wants it to end now (a time limit
/// reached, an interrupt): polled by the long pieces of work inside one
/// step (building the commutator catalogue of a big size, the searches
/// that keep an annealer's history bounded), so a limit holds within one
/// step or a few milliseconds on every size.
pub type Halt<'a> = &'a dyn Fn() -> bool;

/// A [`Halt`] that never says stop.
pub fn never() -> bool {
    false
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
    /// Current state (GA: best chromosome of this generation applied to the
    /// start), of the start's size.
    pub current: AnyCube,
    /// Best state seen.
    pub best: AnyCube,
    /// Length of the current move sequence.
    pub sequence_len: usize,
    /// Neighbourhood generator in use, where the solver has swappable ones.
    pub generator: Option<String>,
    /// Current phase, where the solver has phases; a change is marked on the plot.
    pub phase: Option<String>,
    pub status: Status,
    /// What the last step did, in words (the move proposed and whether it
    /// was accepted, the new generation's best, …), where the solver says.
    /// Built when the snapshot is taken, from numbers the solver keeps.
    pub last_step: Option<String>,
    /// What stopped the run unsolved, once [`Status::Exhausted`]; its words
    /// are what the screen shows in parentheses after "exhausted without
    /// solving" (e.g. "generation limit 3000", "stagnation 200
    /// generations", "temperature frozen at 0.0100").
    pub exhausted_by: Option<StopReason>,
    /// Rows the solver adds to the status panel, (label, value), where it
    /// has more to say than the common rows (the commutator generator: the
    /// orbit its last accepted commutator cycled). Empty for most.
    pub rows: Vec<(String, String)>,
    /// One value per series of the solver's [`Profile`], in that order
    /// (NaN where there is no value yet).
    pub values: Vec<f64>,
}

/// The outcome of a run so far.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub solved: bool,
    /// The move sequence that takes the start state to the best state, as the
    /// solver produced it (may contain rotations, slices, cancellations),
    /// in the notation of the start's size.
    pub solution: AnyAlg,
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
    /// [`Solver::step`], ending early (with whatever it did so far, maybe
    /// nothing) once `halt` says so: a solver with long set-up or
    /// book-keeping inside a step polls it there. The result is the same
    /// as `step`'s whenever `halt` never says stop. By default `step`.
    fn step_within(&mut self, n: u64, halt: Halt<'_>) -> Status {
        let _ = halt;
        self.step(n)
    }
    /// Where the run stands.
    fn status(&self) -> Status;
    /// The current picture of the run.
    fn snapshot(&self) -> Snapshot;
    /// Elementary steps so far, [`Snapshot::iteration`]: what the batching
    /// loop reads around every batch, which a solver may give without
    /// making a whole snapshot. By default the snapshot's.
    fn iteration(&self) -> u64 {
        self.snapshot().iteration
    }
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
    /// Current values of the parameters that may change during a run (the
    /// declared `live` ones that apply now, e.g. the running phase's), keyed
    /// as declared ([`crate::params::ParamSpec::key`]): what the knobs
    /// panel shows. Whole numbers are given as `f64`.
    fn live_values(&self) -> Vec<(String, f64)> {
        Vec::new()
    }
    /// Changes a live parameter; it takes effect at the next step, keeping
    /// state and history.
    ///
    /// # Errors
    /// An unknown key, a key that cannot change now, or a value outside the
    /// declared range (the message names the key and the range).
    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let _ = value;
        Err(SolveError::Parameter(format!(
            "`{key}` cannot change during a run"
        )))
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

/// Builds a solver for a start past the 3×3 (never a 3×3: that size has
/// the solver's own build), fully determined by (params, start, seed).
pub type NxnBuild<P> = fn(&P, &NxnCube, u64) -> Result<Box<dyn Solver>, SolveError>;

/// Says whether a solver with these parameters runs on a cube of a size
/// (not the 3×3: every solver runs there); the error says why not.
pub type RunsOn<P> = fn(&P, Size) -> Result<(), SolveError>;

/// The sizes a solver runs on besides the 3×3 (every solver runs there),
/// and how it is built on them: declared once per solver, on its line of
/// the registry (`solve::registry`).
pub enum Sizes<P: 'static> {
    /// The 3×3 only.
    Three,
    /// Every size, built there by this.
    Every(NxnBuild<P>),
    /// The sizes the first function accepts (it may look at the
    /// parameters: the annealer's neighbourhood), built there by the second.
    Checked(RunsOn<P>, NxnBuild<P>),
}

impl<P> Sizes<P> {
    /// Whether solver `name` with parameters `p` runs on `size`, without
    /// building it.
    ///
    /// # Errors
    /// [`SolveError::Config`] or [`SolveError::Parameter`] saying why not.
    pub fn runs_on(&self, name: &str, p: &P, size: Size) -> Result<(), SolveError> {
        match self {
            _ if size == Size::THREE => Ok(()),
            Sizes::Three => Err(SolveError::Config(format!(
                "solver `{name}` runs on the 3x3 only (`cubetui presets --size {n}` lists the \
                 presets that run on the {size})",
                n = size.get(),
            ))),
            Sizes::Every(_) => Ok(()),
            Sizes::Checked(runs_on, _) => runs_on(p, size),
        }
    }

    /// Builds solver `name` with parameters `p` for `start` past the 3×3,
    /// after the check [`Sizes::runs_on`] makes.
    ///
    /// # Errors
    /// What [`Sizes::runs_on`] says, or what the build says.
    pub fn build(
        &self,
        name: &str,
        p: &P,
        start: &NxnCube,
        seed: u64,
    ) -> Result<Box<dyn Solver>, SolveError> {
        self.runs_on(name, p, start.size())?;
        match self {
            Sizes::Three => Err(SolveError::Config(format!(
                "solver `{name}` runs on the 3x3 only"
            ))),
            Sizes::Every(build) | Sizes::Checked(_, build) => build(p, start, seed),
        }
    }
}
