//! The parameters of `woc`, as a preset stores them, and their declaration.

use serde::{Deserialize, Serialize};

use crate::solve::api::SolveError;
use crate::solve::params::{Live, ParamSpec, Scale};

/// Parameters of `woc`; the defaults are preset `seed-004`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WocParams {
    pub population: usize,
    /// Moves per chromosome.
    pub length: usize,
    /// Parents are drawn from this many of the best.
    pub parents_from: usize,
    /// Probability that a child is mutated (the seed's `rand() % 3 > 0`).
    pub mutation_rate: f64,
    /// Stop after this many generations without a better score.
    pub stagnation: u64,
    /// Fraction of each kept generation the crowd step polls.
    pub crowd_fraction: f64,
    /// Hard cap on generations (a safety net; the seed has none).
    pub max_generations: u64,
}

impl Default for WocParams {
    fn default() -> Self {
        WocParams {
            population: 1000,
            length: 20,
            parents_from: 300,
            mutation_rate: 2.0 / 3.0,
            stagnation: 200,
            crowd_fraction: 0.1,
            max_generations: 100_000,
        }
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
        for (key, v) in [
            ("population", self.population as f64),
            ("length", self.length as f64),
            ("parents_from", self.parents_from as f64),
            ("mutation_rate", self.mutation_rate),
            ("stagnation", self.stagnation as f64),
            ("crowd_fraction", self.crowd_fraction),
            ("max_generations", self.max_generations as f64),
        ] {
            crate::solve::params::within(&declared, key, v)?;
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
    use Live::{No, Yes};
    use Scale::Log;
    let d = WocParams::default();
    vec![
        ParamSpec::int(
            "population",
            (4, 100_000),
            d.population,
            Log,
            Yes,
            "chromosomes per generation (population × length at most 100000, at least \
             parents_from); live: the next generation's size",
        ),
        ParamSpec::int(
            "length",
            (2, 1000),
            d.length,
            Log,
            No,
            "moves per chromosome",
        ),
        ParamSpec::int(
            "parents_from",
            (4, 100_000),
            d.parents_from,
            Log,
            No,
            "parents are drawn from this many of the best (at most population)",
        ),
        ParamSpec::unit(
            "mutation_rate",
            d.mutation_rate,
            Yes,
            "probability that a child is mutated",
        ),
        ParamSpec::int(
            "stagnation",
            (1, i64::MAX),
            d.stagnation,
            Log,
            Yes,
            "stop after this many generations without a better score (live: raised before \
             the crowd step, the GA goes on)",
        ),
        ParamSpec::unit(
            "crowd_fraction",
            d.crowd_fraction,
            Yes,
            "fraction of each kept generation the crowd step polls",
        ),
        ParamSpec::int(
            "max_generations",
            (1, i64::MAX),
            d.max_generations,
            Log,
            No,
            "hard cap on generations",
        ),
    ]
}
