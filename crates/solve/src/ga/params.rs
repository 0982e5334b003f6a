//! The parameters of `ga`, as a preset stores them, and their declaration.

use serde::{Deserialize, Serialize};

use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;

declare_params! {
    /// Parameters of `ga`; the defaults are preset `ga`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct GaParams {
        /// Chromosomes per generation.
        population: usize = 100 => int(2, 100_000, Log), Yes,
            "chromosomes per generation (population × length at most 200000); live: the \
             worst dropped, or random ones added, at the next generation",
        /// Genes per chromosome (k; the seed uses 22 to 50).
        length: usize = 50 => int(1, 1000, Log), No, "genes per chromosome",
        /// Probability that a selected pair is crossed over.
        crossover_rate: f64 = 0.8 => unit(), Yes,
            "probability that a selected pair is crossed over",
        /// Probability that a chromosome is mutated.
        mutation_rate: f64 = 0.2 => unit(), Yes, "probability that a chromosome is mutated",
        /// Fraction of the best chromosomes copied to the next generation.
        elite_fraction: f64 = 0.1 => unit(), Yes,
            "fraction of the best chromosomes copied to the next generation",
        /// Generation cap.
        max_generations: u64 = 3000 => int(1, i64::MAX, Log), No, "generation cap",
        /// Stop after this many generations without a better best (0 = off).
        stagnation: u64 = 0 => int(0, i64::MAX, Linear), Yes,
            "stop after this many generations without a better best (0 = off)",
        /// What a chromosome is judged on.
        fitness: Fitness = Fitness::Final => choice(&["final", "prefix"]), No,
            "judge the energy after the whole chromosome, or the best prefix",
    }
}

/// What a chromosome is judged on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fitness {
    /// The seed's rule: the energy after the whole chromosome, cut where it
    /// first solves the cube.
    Final,
    /// The lowest energy over every prefix; the chromosome is cut after the
    /// shortest prefix reaching it (the genes after it are free to drift).
    Prefix,
}

/// Upper bound on population x length: one generation, the elementary step,
/// evaluates that many genes (about 25 ms at the bound on the project's machine),
/// so a time limit can be honoured between steps.
pub const MAX_GENES_PER_GENERATION: usize = 200_000;

impl GaParams {
    /// Checks every parameter is usable: each against its declared range,
    /// then the rule between population and length.
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
        Ok(())
    }
}

/// The declaration of `ga`'s parameters.
pub fn params() -> Vec<ParamSpec> {
    GaParams::default().declare("")
}
