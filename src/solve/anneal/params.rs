//! The parameters of an annealing run, as a preset stores them.

use serde::{Deserialize, Serialize};

use super::schedule::Schedule;
use crate::solve::api::SolveError;
use crate::solve::{energy, neighbourhood};

/// Every parameter of an annealing run. Missing fields take the defaults of
/// seed 001's preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SaParams {
    /// Neighbourhood generator: `faces`, `pll`, `pll-conj` or `comm`.
    pub neighbourhood: String,
    /// Energy function: `facelets`.
    pub energy: String,
    /// Treat ΔE = 0 as ΔE = 1 (seed 001): sideways moves accepted only with
    /// probability exp(−1/T).
    pub zero_delta_as_one: bool,
    /// Proposal budget. The exponential schedule cools over exactly this many.
    pub max_steps: u64,
    /// Temperature schedule.
    pub schedule: Schedule,
    /// Report the path with every loop (a return to a state seen before, up
    /// to a whole-cube rotation) cut out. Changes only the reported solution,
    /// never the search.
    pub cut_loops: bool,
    /// When the best energy has not improved for this many proposals, go back
    /// to the best state and restart the schedule (reheat). 0 = off.
    pub restart_after: u64,
}

impl Default for SaParams {
    fn default() -> Self {
        SaParams {
            neighbourhood: "pll-conj".into(),
            energy: "facelets".into(),
            zero_delta_as_one: true,
            max_steps: 500_000,
            schedule: Schedule::default(),
            restart_after: 0,
            cut_loops: true,
        }
    }
}

impl SaParams {
    /// Checks every parameter, naming the first bad one.
    pub fn validate(&self) -> Result<(), SolveError> {
        neighbourhood::Generator::get(&self.neighbourhood)?;
        energy::check(&self.energy)?;
        if self.max_steps == 0 {
            return Err(SolveError::Parameter("max_steps must be at least 1".into()));
        }
        self.schedule.validate()
    }
}
