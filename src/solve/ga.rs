//! The `ga` solver: the genetic algorithm of Zangana (2020), the project's
//! seed document 002. A chromosome is k genes, each one of the 18 face turns,
//! no gene the inverse face of its neighbour; its fitness is the `facelets`
//! energy after applying it (cut where it first solves).
//!
//! One generation: roulette-wheel selection of `population / 2` pairs; one-point
//! crossover with probability `crossover_rate`, a child entering the mate pool when
//! it is at least as fit as the fitter parent; mutation of each chromosome with
//! probability `mutation_rate` (one gene changed to a value allowed next to its
//! neighbours), entering the mate pool when its fitness changed; the top
//! `elite_fraction` copied over; then sort and truncate. If the mate pool is
//! smaller than the population it is topped up with the next best of the current
//! population, so the population size never shrinks.

mod live;

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::chromosome::{
    Chromosome, genes_alg, random_gene, random_genes, roulette,
};
use crate::cube::Cube;
use crate::solve::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
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

/// The energy a chromosome is judged on and how many of its genes count.
pub fn judge(c: &Chromosome, start: &Cube, fitness: Fitness) -> (u32, usize) {
    match fitness {
        Fitness::Final => (c.energy(start), c.effective_len()),
        Fitness::Prefix => c.best_prefix(start),
    }
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
    use Scale::Log;
    let d = GaParams::default();
    vec![
        ParamSpec::int(
            "population",
            (2, 100_000),
            d.population,
            Log,
            Yes,
            "chromosomes per generation (population × length at most 200000)",
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
        ParamSpec::choice(
            "fitness",
            &["final", "prefix"],
            "final",
            No,
            "judge the energy after the whole chromosome, or the best prefix",
        ),
    ]
}

pub fn build(p: &GaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Ga::new(p.clone(), start, seed)?))
}

/// Roulette-wheel weight of a chromosome with `facelets` energy `e` (lower is better).
fn weight(e: u32) -> f64 {
    let f = f64::from(49 - e.min(48));
    f * f
}

/// Mean normalised Hamming distance of the population to its best chromosome.
pub(crate) fn diversity(pop: &[Chromosome]) -> f64 {
    let Some(best) = pop.first() else { return 0.0 };
    if best.is_empty() || pop.len() < 2 {
        return 0.0;
    }
    let total: usize = pop[1..]
        .iter()
        .map(|c| {
            c.genes()
                .iter()
                .zip(best.genes())
                .filter(|(a, b)| a != b)
                .count()
        })
        .sum();
    total as f64 / ((pop.len() - 1) * best.len()) as f64
}

/// What generation `generation` did, in words: its best energy `top`
/// against the previous generation's `prev` and the best so far.
pub(crate) fn generation_step(
    generation: u64,
    top: u32,
    prev: u32,
    best: u32,
    best_generation: u64,
) -> String {
    let verdict = if best_generation == generation && top == best {
        "a new best".to_string()
    } else if top < prev {
        format!("better than the last generation, best still {best}")
    } else if top == prev {
        format!("no better, best {best} since generation {best_generation}")
    } else {
        format!("worse, best {best} since generation {best_generation}")
    };
    format!(
        "generation {generation}: best of the new generation {top} (previous {prev}): {verdict}"
    )
}

/// A running `ga`.
pub struct Ga {
    p: GaParams,
    start: Cube,
    rng: Xoshiro256PlusPlus,
    /// Sorted by energy, best first.
    pop: Vec<Chromosome>,
    energies: Vec<u32>,
    generation: u64,
    best: Chromosome,
    best_energy: u32,
    best_generation: u64,
    /// Energy of the best chromosome of the previous generation.
    prev_top: u32,
    status: Status,
}

impl Ga {
    pub fn new(p: GaParams, start: Cube, seed: u64) -> Result<Ga, SolveError> {
        p.validate()?;
        let mut rng = super::chromosome::seeded_rng(seed);
        let pop: Vec<Chromosome> = (0..p.population)
            .map(|_| Chromosome::new(&start, random_genes(&mut rng, p.length)))
            .collect();
        let mut ga = Ga {
            best: pop[0].clone(),
            best_energy: u32::MAX,
            best_generation: 0,
            prev_top: u32::MAX,
            energies: Vec::new(),
            pop,
            p,
            start,
            rng,
            generation: 0,
            status: Status::Running,
        };
        ga.sort_and_record();
        Ok(ga)
    }

    fn sort_and_record(&mut self) {
        let (start, f) = (self.start, self.p.fitness);
        self.pop.sort_by_cached_key(|c| judge(c, &start, f));
        self.energies = self.pop.iter().map(|c| judge(c, &start, f).0).collect();
        if self.energies[0] < self.best_energy {
            self.best_energy = self.energies[0];
            self.best = self.pop[0].clone();
            self.best_generation = self.generation;
        }
        self.status = if self.best_energy == 0 {
            Status::Solved
        } else if self.generation >= self.p.max_generations {
            Status::Exhausted
        } else {
            Status::Running
        };
    }

    fn roulette(&mut self, total: f64) -> usize {
        roulette(
            &mut self.rng,
            self.energies.iter().map(|&e| weight(e)),
            total,
        )
    }

    /// Changes one random gene to a different value allowed next to its neighbours.
    fn mutate(&mut self, c: &mut Chromosome) {
        let k = c.len();
        let i = self.rng.random_range(0..k);
        let g = c.genes();
        let prev = i.checked_sub(1).map(|j| g[j]);
        let next = g.get(i + 1).copied();
        let new = random_gene(&mut self.rng, prev, next, Some(g[i]));
        c.set_gene(&self.start, i, new);
    }

    /// One generation.
    fn generation(&mut self) {
        self.resize();
        let n = self.p.population;
        let (start, f) = (self.start, self.p.fitness);
        let total: f64 = self.energies.iter().map(|&e| weight(e)).sum();
        let mut pool: Vec<Chromosome> = Vec::with_capacity(2 * n);
        for _ in 0..n / 2 {
            let a = self.roulette(total);
            let b = self.roulette(total);
            if self.rng.random::<f64>() >= self.p.crossover_rate || self.p.length < 2 {
                continue;
            }
            let cut = self.rng.random_range(1..self.p.length);
            let bar = self.energies[a].min(self.energies[b]);
            for (x, y) in [(a, b), (b, a)] {
                let mut child = self.pop[x].crossover(&self.pop[y], &start, cut);
                // Repair the junction if it made two neighbours cancel.
                let g = child.genes();
                if g[cut] == super::chromosome::inverse_of(g[cut - 1]) {
                    let next = g.get(cut + 1).copied();
                    let new = random_gene(&mut self.rng, Some(g[cut - 1]), next, None);
                    child.set_gene(&start, cut, new);
                }
                if judge(&child, &start, f).0 <= bar {
                    pool.push(child);
                }
            }
        }
        for i in 0..n {
            if self.rng.random::<f64>() < self.p.mutation_rate {
                let mut m = self.pop[i].clone();
                self.mutate(&mut m);
                if judge(&m, &start, f).0 != self.energies[i] {
                    pool.push(m);
                }
            }
        }
        let elite = ((n as f64 * self.p.elite_fraction).round() as usize).min(n);
        pool.extend(self.pop[..elite].iter().cloned());
        pool.sort_by_cached_key(|c| judge(c, &start, f));
        pool.truncate(n);
        if pool.len() < n {
            let missing = n - pool.len();
            pool.extend(self.pop[elite..].iter().take(missing).cloned());
        }
        self.pop = pool;
        self.prev_top = self.energies[0];
        self.generation += 1;
        self.sort_and_record();
    }

    fn mean_energy(&self) -> f64 {
        self.energies.iter().map(|&e| f64::from(e)).sum::<f64>() / self.energies.len() as f64
    }
}

impl Solver for Ga {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            self.generation();
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn snapshot(&self) -> Snapshot {
        let current = &self.pop[0];
        let (_, used) = judge(current, &self.start, self.p.fitness);
        let (_, best_used) = judge(&self.best, &self.start, self.p.fitness);
        Snapshot {
            iteration: self.generation,
            energy: f64::from(self.energies[0]),
            best_energy: f64::from(self.best_energy),
            current: current.state_after(&self.start, used),
            best: self.best.state_after(&self.start, best_used),
            sequence_len: used,
            generator: None,
            phase: None,
            status: self.status,
            last_step: (self.generation > 0).then(|| {
                generation_step(
                    self.generation,
                    self.energies[0],
                    self.prev_top,
                    self.best_energy,
                    self.best_generation,
                )
            }),
            exhausted_by: (self.status == Status::Exhausted)
                .then(|| format!("generation limit {}", self.p.max_generations)),
            values: vec![
                self.mean_energy(),
                f64::from(*self.energies.last().unwrap_or(&0)),
                diversity(&self.pop),
            ],
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "generation",
            series: vec![
                SeriesSpec::new("mean", 1),
                SeriesSpec::new("worst", 0),
                SeriesSpec::new("diversity", 2),
            ],
        }
    }

    fn outcome(&self) -> Outcome {
        let mut extra = serde_json::Map::new();
        extra.insert("generations".into(), self.generation.into());
        extra.insert("best_generation".into(), self.best_generation.into());
        extra.insert("length".into(), (self.p.length as u64).into());
        extra.insert("population".into(), (self.p.population as u64).into());
        Outcome {
            solved: self.best_energy == 0,
            solution: genes_alg(
                &self.best.genes()[..judge(&self.best, &self.start, self.p.fitness).1],
            ),
            energy: f64::from(self.best_energy),
            iterations: self.generation,
            extra,
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.live()
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.set_live(key, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Cube {
        Cube::solved().after(&"R U F' L2 D B R2".parse().unwrap())
    }

    #[test]
    fn last_step_reports_the_new_generations_best_and_whether_it_improved() {
        let p = GaParams {
            population: 20,
            length: 10,
            ..GaParams::default()
        };
        let mut ga = Ga::new(p, start(), 3).unwrap();
        assert_eq!(ga.snapshot().last_step, None, "no generation yet");
        let mut improved = 0;
        for g in 1..=40 {
            let before = ga.snapshot();
            ga.step(1);
            let s = ga.snapshot();
            let text = s.last_step.unwrap();
            assert!(
                text.starts_with(&format!(
                    "generation {g}: best of the new generation {} (previous {})",
                    s.energy, before.energy
                )),
                "{text}"
            );
            let new_best = s.best_energy < before.best_energy;
            assert_eq!(text.ends_with("a new best"), new_best, "{text}");
            improved += new_best as u32;
            if s.status != Status::Running {
                break;
            }
        }
        assert!(improved > 0, "some generation improves");
    }

    #[test]
    fn an_exhausted_run_names_its_generation_limit() {
        let p = GaParams {
            population: 4,
            length: 4,
            max_generations: 3,
            ..GaParams::default()
        };
        let mut ga = Ga::new(p, start(), 1).unwrap();
        assert_eq!(ga.snapshot().exhausted_by, None);
        assert_eq!(ga.step(10), Status::Exhausted);
        assert_eq!(
            ga.snapshot().exhausted_by.as_deref(),
            Some("generation limit 3")
        );
    }
}
