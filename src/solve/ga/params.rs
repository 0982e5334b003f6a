//! The parameters of `ga`, as a preset stores them, and their declaration.

use serde::{Deserialize, Serialize};

use crate::solve::api::SolveError;
use crate::solve::params::{Live, ParamSpec, Scale};

/// Parameters of `ga`; the defaults are preset `seed-002-ga`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GaParams {
    /// Chromosomes per generation.
    pub population: usize,
    /// Genes per chromosome (k; the seed uses 22 to 50).
    pub length: usize,
    /// Probability that a selected pair is crossed over.
    pub crossover_rate: f64,
    /// Probability that a chromosome is mutated.
    pub mutation_rate: f64,
    /// Fraction of the best chromosomes copied to the next generation.
    pub elite_fraction: f64,
    /// Generation cap.
    pub max_generations: u64,
    /// Stop after this many generations without a better best (0 = off).
    pub stagnation: u64,
    /// What a chromosome is judged on.
    pub fitness: Fitness,
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

impl Default for GaParams {
    fn default() -> Self {
        GaParams {
            population: 100,
            length: 50,
            crossover_rate: 0.8,
            mutation_rate: 0.2,
            elite_fraction: 0.1,
            max_generations: 3000,
            stagnation: 0,
            fitness: Fitness::Final,
        }
    }
}

/// Upper bound on population x length: one generation, the elementary step,
/// evaluates that many genes (about 25 ms at the bound on the project's machine),
/// so a time limit can be honoured between steps.
pub const MAX_GENES_PER_GENERATION: usize = 200_000;

impl GaParams {
    /// The rates, by name, that must lie in `0..=1`.
    fn rates(&self) -> [(&'static str, f64); 3] {
        [
            ("crossover_rate", self.crossover_rate),
            ("mutation_rate", self.mutation_rate),
            ("elite_fraction", self.elite_fraction),
        ]
    }

    /// Checks every parameter is usable: each against its declared range,
    /// then the rule between population and length.
    pub fn validate(&self) -> Result<(), SolveError> {
        let declared = params();
        for (key, v) in [
            ("population", self.population as f64),
            ("length", self.length as f64),
            ("max_generations", self.max_generations as f64),
            ("stagnation", self.stagnation as f64),
        ]
        .into_iter()
        .chain(self.rates())
        {
            crate::solve::params::within(&declared, key, v)?;
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
    use Live::{No, Yes};
    use Scale::{Linear, Log};
    let d = GaParams::default();
    vec![
        ParamSpec::int(
            "population",
            (2, 100_000),
            d.population,
            Log,
            Yes,
            "chromosomes per generation (population × length at most 200000); live: the \
             worst dropped, or random ones added, at the next generation",
        ),
        ParamSpec::int(
            "length",
            (1, 1000),
            d.length,
            Log,
            No,
            "genes per chromosome",
        ),
        ParamSpec::unit(
            "crossover_rate",
            d.crossover_rate,
            Yes,
            "probability that a selected pair is crossed over",
        ),
        ParamSpec::unit(
            "mutation_rate",
            d.mutation_rate,
            Yes,
            "probability that a chromosome is mutated",
        ),
        ParamSpec::unit(
            "elite_fraction",
            d.elite_fraction,
            Yes,
            "fraction of the best chromosomes copied to the next generation",
        ),
        ParamSpec::int(
            "max_generations",
            (1, i64::MAX),
            d.max_generations,
            Log,
            No,
            "generation cap",
        ),
        ParamSpec::int(
            "stagnation",
            (0, i64::MAX),
            d.stagnation,
            Linear,
            Yes,
            "stop after this many generations without a better best (0 = off)",
        ),
        ParamSpec::choice(
            "fitness",
            &["final", "prefix"],
            "final",
            No,
            "judge the energy after the whole chromosome, or the best prefix",
        ),
    ]
}
