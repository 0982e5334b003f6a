//! The parameters of `woc`, as a preset stores them, and their declaration.

use serde::{Deserialize, Serialize};

use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;

declare_params! {
    /// Parameters of `woc`; the defaults are preset `seed-004`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct WocParams {
        /// Chromosomes per generation.
        population: usize = 1000 => int(4, 100_000, Log), Yes,
            "chromosomes per generation (population × length at most 100000, at least \
             parents_from); live: the next generation's size",
        /// Moves per chromosome.
        length: usize = 20 => int(2, 1000, Log), No, "moves per chromosome",
        /// Parents are drawn from this many of the best.
        parents_from: usize = 300 => int(4, 100_000, Log), No,
            "parents are drawn from this many of the best (at most population)",
        /// Probability that a child is mutated (the seed's `rand() % 3 > 0`).
        mutation_rate: f64 = 2.0 / 3.0 => unit(), Yes, "probability that a child is mutated",
        /// Stop after this many generations without a better score.
        stagnation: u64 = 200 => int(1, i64::MAX, Log), Yes,
            "stop after this many generations without a better score (live: raised before \
             the crowd step, the GA goes on)",
        /// Fraction of each kept generation the crowd step polls.
        crowd_fraction: f64 = 0.1 => unit(), Yes,
            "fraction of each kept generation the crowd step polls",
        /// Hard cap on generations (a safety net; the seed has none).
        max_generations: u64 = 100_000 => int(1, i64::MAX, Log), No, "hard cap on generations",
    }
}

/// Upper bound on population x length: one generation, the elementary step,
/// evaluates that many genes (about 40 ms at the bound on the project's machine),
/// so a time limit can be honoured between steps.
pub const MAX_GENES_PER_GENERATION: usize = 100_000;

impl WocParams {
    /// Checks every parameter: each against its declared range, then the
    /// rules between keys.
    pub fn validate(&self) -> Result<(), SolveError> {
        let declared = params();
        for (key, v) in self.numbers() {
            crate::params::within(&declared, &key, v)?;
        }
        if self.population * self.length > MAX_GENES_PER_GENERATION {
            return Err(SolveError::Parameter(format!(
                "population x length is {} genes; one generation (one step) must stay short, \
                 so at most {MAX_GENES_PER_GENERATION}",
                self.population * self.length
            )));
        }
        if self.parents_from > self.population {
            return Err(SolveError::Parameter(format!(
                "parents_from ({}) must be at most population ({})",
                self.parents_from, self.population
            )));
        }
        Ok(())
    }
}

/// The declaration of `woc`'s parameters.
pub fn params() -> Vec<ParamSpec> {
    WocParams::default().declare("")
}
