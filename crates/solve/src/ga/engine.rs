//! The generation of `ga` (see [`crate::ga`]), over any [`Genome`].
use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::chromosome::{Chromosome, random_gene_in, random_genes_in};
use crate::genome::Genome;
use crate::popstats::{POPULATION_SERIES, PopStats};

use super::generation::{Breed, Rates, next_generation};
use super::params::{Fitness, GaParams};
use crate::stop::StopReason;

/// The energy a chromosome is judged on and how many of its genes count.
pub fn judge<G: Genome>(
    c: &Chromosome<G>,
    set: &G,
    start: &G::State,
    fitness: Fitness,
) -> (u32, usize) {
    match fitness {
        Fitness::Final => (c.energy(set, start), c.effective_len()),
        Fitness::Prefix => c.best_prefix(set, start),
    }
}

/// Mean normalised Hamming distance of the population to its best chromosome.
pub(crate) fn diversity<G: Genome>(pop: &[Chromosome<G>]) -> f64 {
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

/// A running `ga` over the genes of `G`.
pub struct Ga<G: Genome> {
    pub(super) set: G,
    pub(super) p: GaParams,
    pub(super) start: G::Owned,
    pub(super) rng: Xoshiro256PlusPlus,
    /// Sorted by energy, best first.
    pub(super) pop: Vec<Chromosome<G>>,
    pub(super) energies: Vec<u32>,
    pub(super) generation: u64,
    pub(super) best: Chromosome<G>,
    pub(super) best_energy: u32,
    pub(super) best_generation: u64,
    /// Energy of the best chromosome of the previous generation.
    pub(super) prev_top: u32,
    pub(super) status: Status,
}

impl<G: Genome> Ga<G> {
    /// A run from `start` over the genes of `set`, fully determined by
    /// (`set`, `p`, `start`, `seed`).
    pub fn new(set: G, p: GaParams, start: G::Owned, seed: u64) -> Result<Ga<G>, SolveError> {
        p.validate()?;
        let mut rng = crate::chromosome::seeded_rng(seed);
        let pop: Vec<Chromosome<G>> = (0..p.population)
            .map(|_| {
                Chromosome::new(
                    &set,
                    G::view(&start),
                    random_genes_in(&set, &mut rng, p.length),
                )
            })
            .collect();
        let mut ga = Ga {
            set,
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

    pub(super) fn sort_and_record(&mut self) {
        let (set, start, f) = (&self.set, G::view(&self.start), self.p.fitness);
        self.pop.sort_by_cached_key(|c| judge(c, set, start, f));
        self.energies = self.pop.iter().map(|c| judge(c, set, start, f).0).collect();
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

    /// Changes one random gene to a different value allowed next to its neighbours.
    fn mutate(&mut self, c: &mut Chromosome<G>) {
        let k = c.len();
        let i = self.rng.random_range(0..k);
        let g = c.genes();
        let prev = i.checked_sub(1).map(|j| g[j]);
        let next = g.get(i + 1).copied();
        let new = random_gene_in(&self.set, &mut self.rng, prev, next, Some(g[i]));
        c.set_gene(&self.set, G::view(&self.start), i, new);
    }

    /// One generation ([`next_generation`]).
    fn generation(&mut self) {
        self.resize();
        let rates = Rates {
            population: self.p.population,
            length: self.p.length,
            crossover_rate: self.p.crossover_rate,
            mutation_rate: self.p.mutation_rate,
            elite_fraction: self.p.elite_fraction,
        };
        self.pop = next_generation(self, &rates);
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

/// `ga`'s chromosomes for the one generation: energies from the judge of
/// the run's fitness, the junction of a crossover repaired by the genome's
/// neighbour rule.
impl<G: Genome> Breed for Ga<G> {
    type Chromosome = Chromosome<G>;
    type Key = (u32, usize);

    fn rng(&mut self) -> &mut Xoshiro256PlusPlus {
        &mut self.rng
    }

    fn population(&self) -> &[Chromosome<G>] {
        &self.pop
    }

    fn energy(&self, i: usize) -> u32 {
        self.energies[i]
    }

    fn max_energy(&self) -> u32 {
        self.set.max_energy()
    }

    fn energy_of(&self, c: &Chromosome<G>) -> u32 {
        self.key(c).0
    }

    fn key(&self, c: &Chromosome<G>) -> (u32, usize) {
        judge(c, &self.set, G::view(&self.start), self.p.fitness)
    }

    fn crossover(&mut self, x: usize, y: usize, cut: usize) -> Chromosome<G> {
        let (set, start) = (&self.set, G::view(&self.start));
        let mut child = self.pop[x].crossover(&self.pop[y], set, start, cut);
        // Repair the junction if it made two neighbours disallowed.
        let g = child.genes();
        if !set.neighbours(g[cut - 1], g[cut]) {
            let next = g.get(cut + 1).copied();
            let new = random_gene_in(set, &mut self.rng, Some(g[cut - 1]), next, None);
            child.set_gene(set, start, cut, new);
        }
        child
    }

    fn mutant(&mut self, i: usize) -> Option<Chromosome<G>> {
        let mut m = self.pop[i].clone();
        self.mutate(&mut m);
        (self.energy_of(&m) != self.energies[i]).then_some(m)
    }
}

impl<G: Genome> Solver for Ga<G> {
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
        let (set, start) = (&self.set, G::view(&self.start));
        let (_, used) = judge(current, set, start, self.p.fitness);
        let (_, best_used) = judge(&self.best, set, start, self.p.fitness);
        Snapshot {
            iteration: self.generation,
            energy: f64::from(self.energies[0]),
            best_energy: f64::from(self.best_energy),
            current: set.cube(current.state_after(start, used)),
            best: set.cube(self.best.state_after(start, best_used)),
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
            exhausted_by: (self.status == Status::Exhausted).then_some({
                if self.generation >= self.p.max_generations {
                    StopReason::GenerationLimit(self.p.max_generations)
                } else {
                    StopReason::Stagnation(self.p.stagnation)
                }
            }),
            rows: Vec::new(),
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
            solution: self.set.alg(
                &self.best.genes()
                    [..judge(&self.best, &self.set, G::view(&self.start), self.p.fitness).1],
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
    use crate::genome::FaceTurns;
    use cubetui_cube::Cube;

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
        let mut ga = Ga::new(FaceTurns::new(), p, start(), 3).unwrap();
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
        let mut ga = Ga::new(FaceTurns::new(), p, start(), 1).unwrap();
        assert_eq!(ga.snapshot().exhausted_by, None);
        assert_eq!(ga.step(10), Status::Exhausted);
        assert_eq!(
            ga.snapshot()
                .exhausted_by
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("generation limit 3")
        );
    }
}
