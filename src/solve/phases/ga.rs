//! The seed-002 genetic algorithm (Zangana 2020) for one phase: fixed-length
//! chromosomes over the phase's move set, roulette-wheel selection weighted by
//! (max phase fitness + 1 − fitness)², one-point crossover (a child enters the
//! mate pool when no worse than the fitter parent), one-gene mutation (enters
//! when its score changed), elitism, sort and truncate. A chromosome is judged
//! by its best prefix (phase fitness, then length). Restarts after
//! `stagnation` generations without a better chromosome; `polish` generations
//! of shortening once inside the group.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::group::max_fitness;
use super::search::{Candidate, PhaseSearch, common_prefix};
use super::seq::{random_move, random_moves};
use crate::cube::CubieCube;
use crate::solve::SolveError;
use crate::solve::chromosome::{face_of, seeded_rng};

/// Parameters of one phase of `phases-ga`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GaPhase {
    /// Chromosomes per generation.
    pub population: usize,
    /// Genes per chromosome.
    pub length: usize,
    /// Probability that a selected pair is crossed over.
    pub crossover_rate: f64,
    /// Probability that a chromosome is mutated.
    pub mutation_rate: f64,
    /// Fraction of the best chromosomes copied to the next generation.
    pub elite_fraction: f64,
    /// Generations spent shortening once a chromosome reaches the group.
    pub polish: u64,
    /// Generations without a better chromosome before the population restarts.
    pub stagnation: u64,
}

impl GaPhase {
    /// Checks the phase's parameters; `n` names the phase in messages.
    pub fn validate(&self, n: usize) -> Result<(), SolveError> {
        let bad = |m: &str| Err(SolveError::Parameter(format!("phase{n}.{m}")));
        if !(2..=10_000).contains(&self.population) {
            return bad("population must be 2..=10000");
        }
        if !(2..=200).contains(&self.length) {
            return bad("length must be 2..=200");
        }
        for (name, v) in [
            ("crossover_rate", self.crossover_rate),
            ("mutation_rate", self.mutation_rate),
            ("elite_fraction", self.elite_fraction),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return bad(&format!("{name} must be in 0..=1"));
            }
        }
        if self.stagnation == 0 {
            return bad("stagnation must be at least 1");
        }
        Ok(())
    }
}

/// One phase of the genetic algorithm.
pub struct Ga {
    p: GaPhase,
    phase: usize,
    set: &'static [u8],
    start: CubieCube,
    rng: Xoshiro256PlusPlus,
    /// Sorted by score, best first.
    pop: Vec<Candidate>,
    best: Candidate,
    generation: u64,
    last_better: u64,
    hit: Option<u64>,
    restarts: u64,
}

impl Ga {
    /// A fresh population for `phase` (1..=4) from `start`.
    pub fn new(p: GaPhase, phase: usize, set: &'static [u8], start: CubieCube, seed: u64) -> Ga {
        let mut ga = Ga {
            best: Candidate::empty(&start, phase),
            pop: Vec::new(),
            rng: seeded_rng(seed),
            generation: 0,
            last_better: 0,
            hit: None,
            restarts: 0,
            p,
            phase,
            set,
            start,
        };
        ga.populate();
        ga
    }

    fn populate(&mut self) {
        let mut pop: Vec<Candidate> = (0..self.p.population)
            .map(|_| {
                let genes = random_moves(&mut self.rng, self.set, self.p.length);
                Candidate::new(&self.start, self.phase, genes)
            })
            .collect();
        pop.sort_by_key(|c| c.score);
        self.pop = pop;
        self.record();
    }

    fn record(&mut self) {
        if let Some(top) = self.pop.first()
            && top.score < self.best.score
        {
            self.best = top.clone();
            self.last_better = self.generation;
            if top.score.wrong == 0 && self.hit.is_none() {
                self.hit = Some(self.generation);
            }
        }
    }

    fn weight(&self, c: &Candidate) -> f64 {
        let f = f64::from(max_fitness(self.phase) + 1 - c.score.wrong.min(max_fitness(self.phase)));
        f * f
    }

    fn roulette(&mut self, weights: &[f64], total: f64) -> usize {
        let mut x = self.rng.random::<f64>() * total;
        for (i, w) in weights.iter().enumerate() {
            x -= w;
            if x < 0.0 {
                return i;
            }
        }
        weights.len() - 1
    }

    /// `a[..cut]` + `b[cut..]`, the gene after the cut redrawn if it turns the
    /// same face as the one before it.
    fn crossover(&mut self, a: usize, b: usize, cut: usize) -> Candidate {
        let mut g = self.pop[a].genes[..cut].to_vec();
        g.extend_from_slice(&self.pop[b].genes[cut..]);
        if face_of(g[cut]) == face_of(g[cut - 1]) {
            g[cut] = random_move(
                &mut self.rng,
                self.set,
                Some(g[cut - 1]),
                g.get(cut + 1).copied(),
            );
        }
        let parent = &self.pop[a];
        let same = common_prefix(&g, &parent.genes);
        Candidate::derive(&self.start, self.phase, Some(parent), g, same)
    }

    /// One gene changed to another move allowed next to its neighbours.
    fn mutate(&mut self, i: usize) -> Candidate {
        let mut g = self.pop[i].genes.clone();
        let k = self.rng.random_range(0..g.len());
        let prev = k.checked_sub(1).map(|j| g[j]);
        let next = g.get(k + 1).copied();
        let old = g[k];
        for _ in 0..16 {
            g[k] = random_move(&mut self.rng, self.set, prev, next);
            if g[k] != old {
                break;
            }
        }
        let parent = &self.pop[i];
        Candidate::derive(&self.start, self.phase, Some(parent), g, k)
    }
}

impl PhaseSearch for Ga {
    fn step(&mut self) {
        if self.finished() {
            return;
        }
        let n = self.p.population;
        let weights: Vec<f64> = self.pop.iter().map(|c| self.weight(c)).collect();
        let total: f64 = weights.iter().sum();
        let mut pool: Vec<Candidate> = Vec::with_capacity(2 * n);
        for _ in 0..n / 2 {
            let a = self.roulette(&weights, total);
            let b = self.roulette(&weights, total);
            if self.rng.random::<f64>() >= self.p.crossover_rate {
                continue;
            }
            let cut = self.rng.random_range(1..self.p.length);
            let bar = self.pop[a].score.wrong.min(self.pop[b].score.wrong);
            for (x, y) in [(a, b), (b, a)] {
                let child = self.crossover(x, y, cut);
                if child.score.wrong <= bar {
                    pool.push(child);
                }
            }
        }
        for i in 0..n {
            if self.rng.random::<f64>() < self.p.mutation_rate {
                let m = self.mutate(i);
                if m.score != self.pop[i].score {
                    pool.push(m);
                }
            }
        }
        let elite = ((n as f64 * self.p.elite_fraction).round() as usize).min(n);
        pool.extend(self.pop[..elite].iter().cloned());
        pool.sort_by_key(|c| c.score);
        pool.truncate(n);
        if pool.len() < n {
            let missing = n - pool.len();
            pool.extend(self.pop[elite..].iter().take(missing).cloned());
            pool.sort_by_key(|c| c.score);
        }
        self.pop = pool;
        self.generation += 1;
        self.record();
        if self.hit.is_none() && self.generation - self.last_better >= self.p.stagnation {
            self.restarts += 1;
            self.last_better = self.generation;
            self.populate();
        }
    }

    fn best(&self) -> &Candidate {
        &self.best
    }

    fn current(&self) -> &Candidate {
        self.pop.first().unwrap_or(&self.best)
    }

    fn finished(&self) -> bool {
        self.hit
            .is_some_and(|h| self.generation.saturating_sub(h) >= self.p.polish)
    }

    fn restarts(&self) -> u64 {
        self.restarts
    }
}
