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

mod params;

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::chromosome::{Chromosome, genes_alg, random_gene, random_genes, roulette};
use crate::cube::Cube;
use crate::solve::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::solve::params::{self as declared, ParamSpec};
use crate::solve::popstats::{POPULATION_SERIES, PopStats};

pub use params::{Fitness, GaParams, MAX_GENES_PER_GENERATION, params};

/// The energy a chromosome is judged on and how many of its genes count.
pub fn judge(c: &Chromosome, start: &Cube, fitness: Fitness) -> (u32, usize) {
    match fitness {
        Fitness::Final => (c.energy(start), c.effective_len()),
        Fitness::Prefix => c.best_prefix(start),
    }
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
        } else if self.generation >= self.p.max_generations || self.stagnated() {
            Status::Exhausted
        } else {
            Status::Running
        };
    }

    /// Whether the stagnation limit (if any) has passed without a better best.
    fn stagnated(&self) -> bool {
        self.p.stagnation > 0 && self.generation - self.best_generation >= self.p.stagnation
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

    /// The population view's statistics of the population as it stands.
    fn population_stats(&self) -> PopStats {
        let fitness = self.energies.iter().map(|&e| f64::from(e));
        PopStats::of(fitness, &self.pop, Chromosome::genes)
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
            current: current.state_after(&self.start, used).into(),
            best: self.best.state_after(&self.start, best_used).into(),
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
            exhausted_by: (self.status == Status::Exhausted).then(|| {
                if self.generation >= self.p.max_generations {
                    format!("generation limit {}", self.p.max_generations)
                } else {
                    format!("stagnation {} generations", self.p.stagnation)
                }
            }),
            values: [
                self.mean_energy(),
                f64::from(*self.energies.last().unwrap_or(&0)),
                diversity(&self.pop),
            ]
            .into_iter()
            .chain(self.population_stats().values())
            .collect(),
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "generation",
            series: vec![
                SeriesSpec::new("mean", 1),
                SeriesSpec::new("worst", 0),
                SeriesSpec::new("diversity", 2),
            ]
            .into_iter()
            .chain(POPULATION_SERIES)
            .collect(),
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
            )
            .into(),
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

/// `ga`'s declaration, read by the live changes.
static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

/// The live parameters: the rates, the elite fraction and the population
/// size. Rates apply from the next generation; a new population size is
/// reached at the start of the next generation (the worst dropped, or random
/// chromosomes added), so the run goes on from where it is.
impl Ga {
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        declared::live_values(
            &DECLARED,
            &[
                ("population", self.p.population as f64),
                ("crossover_rate", self.p.crossover_rate),
                ("mutation_rate", self.p.mutation_rate),
                ("elite_fraction", self.p.elite_fraction),
                ("stagnation", self.p.stagnation as f64),
            ],
        )
    }

    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        match key {
            "population" => p.population = v as usize,
            "crossover_rate" => p.crossover_rate = v,
            "mutation_rate" => p.mutation_rate = v,
            "elite_fraction" => p.elite_fraction = v,
            "stagnation" => p.stagnation = v as u64,
            _ => {
                return Err(SolveError::Parameter(format!(
                    "`{key}` cannot change during a run"
                )));
            }
        }
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p;
        Ok(())
    }

    /// Brings the population to the size asked for, before a generation:
    /// the worst go, or random chromosomes join (and the population is
    /// sorted again). Nothing happens, and nothing is drawn, at the size.
    pub(super) fn resize(&mut self) {
        let n = self.p.population;
        if self.pop.len() > n {
            self.pop.truncate(n);
            self.energies.truncate(n);
        } else if self.pop.len() < n {
            let (start, length) = (self.start, self.p.length);
            while self.pop.len() < n {
                let genes = random_genes(&mut self.rng, length);
                self.pop.push(Chromosome::new(&start, genes));
            }
            self.sort_and_record();
        }
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

#[cfg(test)]
mod live_tests {
    use super::*;

    fn ga() -> Ga {
        let p = GaParams {
            population: 20,
            length: 10,
            ..GaParams::default()
        };
        let start = Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        Ga::new(p, start, 3).unwrap()
    }

    fn value(g: &Ga, key: &str) -> f64 {
        g.live_values()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap()
    }

    #[test]
    fn the_population_grows_and_shrinks_at_the_next_generation() {
        let mut g = ga();
        g.step(3);
        g.set_param("population", 50.0).unwrap();
        assert_eq!(value(&g, "population"), 50.0);
        assert_eq!(g.pop.len(), 20, "not before the next generation");
        g.step(1);
        assert_eq!((g.pop.len(), g.energies.len()), (50, 50));
        assert_eq!(g.snapshot().iteration, 4, "the run goes on");
        assert!(g.energies.is_sorted());
        let best = g.best_energy;
        g.set_param("population", 6.4).unwrap();
        assert_eq!(value(&g, "population"), 6.0, "whole numbers rounded");
        g.step(1);
        assert_eq!(g.pop.len(), 6);
        assert!(g.best_energy <= best, "shrinking keeps the best");
    }

    #[test]
    fn rates_change_what_the_next_generation_does() {
        let mut g = ga();
        g.set_param("mutation_rate", 0.0).unwrap();
        g.set_param("crossover_rate", 0.0).unwrap();
        g.set_param("elite_fraction", 1.0).unwrap();
        let before = g.pop.clone();
        g.step(5);
        // No offspring: the elite is the whole population, unchanged.
        let same = g
            .pop
            .iter()
            .zip(&before)
            .all(|(a, b)| a.genes() == b.genes());
        assert!(same, "no crossover, no mutation: nothing changes");
        g.set_param("mutation_rate", 1.0).unwrap();
        g.step(1);
        assert!(
            g.pop
                .iter()
                .zip(&before)
                .any(|(a, b)| a.genes() != b.genes())
        );
    }

    #[test]
    fn a_stagnation_limit_set_during_the_run_ends_it() {
        let mut g = ga();
        g.step(2);
        assert_eq!(value(&g, "stagnation"), 0.0, "off in the preset");
        g.set_param("stagnation", 1.0).unwrap();
        assert_eq!(
            g.status(),
            Status::Running,
            "not before the next generation"
        );
        for _ in 0..100 {
            if g.step(1) != Status::Running {
                break;
            }
        }
        assert_eq!(g.status(), Status::Exhausted);
        assert_eq!(
            g.snapshot().exhausted_by.as_deref(),
            Some("stagnation 1 generations")
        );
    }

    #[test]
    fn bad_values_are_refused_naming_the_key_and_range() {
        let mut g = ga();
        g.step(2);
        let e = g.set_param("mutation_rate", 1.5).unwrap_err().to_string();
        assert!(
            e.contains("`mutation_rate`") && e.contains("from 0 to 1"),
            "{e}"
        );
        let e = g.set_param("population", 1.0).unwrap_err().to_string();
        assert!(
            e.contains("`population`") && e.contains("from 2 to 100000"),
            "{e}"
        );
        let e = g.set_param("population", 50_000.0).unwrap_err().to_string();
        assert!(e.contains("population x length"), "{e}");
        let e = g.set_param("length", 5.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        let e = g
            .set_param("elite_fraction", f64::NAN)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`elite_fraction`"), "{e}");
        assert_eq!(value(&g, "mutation_rate"), 0.2);
        assert_eq!(value(&g, "population"), 20.0);
        assert_eq!(g.step(1), Status::Running);
        assert_eq!(g.snapshot().iteration, 3);
    }
}
