//! The paper 002 genetic algorithm (Zangana 2020) for one phase: fixed-length
//! chromosomes over the phase's move set, roulette-wheel selection weighted by
//! (max phase fitness + 1 − fitness)², one-point crossover (a child enters the
//! mate pool when no worse than the fitter parent), one-gene mutation (enters
//! when its score changed), elitism, sort and truncate: `ga`'s generation
//! ([`crate::ga::generation`]) over the phase's sequences. A chromosome is judged
//! by its best prefix (phase fitness, then length). Restarts after
//! `stagnation` generations without a better chromosome; `polish` generations
//! of shortening once inside the group.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::knobs::{self, Knobs};
use super::ladder::Ladder;
use super::population::{Evolution, Operators, Population, PopulationSizes};
use super::search::{Candidate, common_prefix};
use super::seq::Score;
use super::seq::{random_move, random_moves};
use crate::api::SolveError;
use crate::chromosome::face_of;
use crate::declare::{Declared, declare_params};
use crate::ga::generation::{Breed, Rates, next_generation};
use crate::params::ParamSpec;

declare_params! {
    /// Parameters of one phase of `phases-ga`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct GaPhase {
        /// Chromosomes per generation.
        population: usize => int(2, 10_000, Log), Yes,
            "chromosomes per generation (live: the worst dropped, or random ones added, at the next generation)",
        /// Genes per chromosome.
        length: usize => int(2, 200, Linear), Yes,
            "genes per chromosome (live: cut, or filled with random moves, at the next generation)",
        /// Probability that a selected pair is crossed over.
        crossover_rate: f64 => unit(), Yes, "probability that a selected pair is crossed over",
        /// Probability that a chromosome is mutated.
        mutation_rate: f64 => unit(), Yes, "probability that a chromosome is mutated",
        /// Fraction of the best chromosomes copied to the next generation.
        elite_fraction: f64 => unit(), Yes,
            "fraction of the best chromosomes copied to the next generation",
        /// Generations spent shortening once a chromosome reaches the group.
        polish: u64 => int(0, i64::MAX, Linear), Yes,
            "generations spent shortening once a chromosome reaches the group",
        /// Generations without a better chromosome before the population restarts.
        stagnation: u64 => int(1, i64::MAX, Log), Yes,
            "generations without a better chromosome before the population restarts",
    }
}

impl GaPhase {
    /// Checks the phase's parameters; `n` names the phase in messages.
    pub fn validate(&self, n: usize) -> Result<(), SolveError> {
        knobs::ranges(self, n)
    }
}

/// The declaration of one phase's parameters, keys prefixed with `p`
/// (`phase1.`), defaults from `d`.
pub fn params(p: &str, d: &GaPhase) -> Vec<ParamSpec> {
    d.declare(p)
}

/// `phases-ga`'s search of one phase, on ladder `L`.
pub type Ga<L> = Evolution<GaPhase, L>;

/// `a[..cut]` + `b[cut..]`, the gene after the cut redrawn if it turns the
/// same face as the one before it.
fn crossover<L: Ladder>(s: &mut Population<L>, a: usize, b: usize, cut: usize) -> Candidate<L> {
    let mut g = s.pop[a].genes[..cut].to_vec();
    g.extend_from_slice(&s.pop[b].genes[cut..]);
    if face_of(g[cut]) == face_of(g[cut - 1]) {
        g[cut] = random_move(&mut s.rng, s.set, Some(g[cut - 1]), g.get(cut + 1).copied());
    }
    let parent = &s.pop[a];
    let same = common_prefix(&g, &parent.genes);
    Candidate::derive(&s.ladder, &s.start, s.phase, Some(parent), g, same)
}

/// One gene changed to another move allowed next to its neighbours.
fn mutate<L: Ladder>(s: &mut Population<L>, i: usize) -> Candidate<L> {
    let mut g = s.pop[i].genes.clone();
    let k = s.rng.random_range(0..g.len());
    let prev = k.checked_sub(1).map(|j| g[j]);
    let next = g.get(k + 1).copied();
    let old = g[k];
    for _ in 0..16 {
        g[k] = random_move(&mut s.rng, s.set, prev, next);
        if g[k] != old {
            break;
        }
    }
    let parent = &s.pop[i];
    Candidate::derive(&s.ladder, &s.start, s.phase, Some(parent), g, k)
}

/// One phase's population as the GA breeds it: energies are the phase
/// fitness, sorted by score (fitness, then length).
struct Phase<'a, L: Ladder>(&'a mut Population<L>);

impl<L: Ladder> Breed for Phase<'_, L> {
    type Chromosome = Candidate<L>;
    type Key = Score;

    fn rng(&mut self) -> &mut Xoshiro256PlusPlus {
        &mut self.0.rng
    }

    fn population(&self) -> &[Candidate<L>] {
        &self.0.pop
    }

    fn energy(&self, i: usize) -> u32 {
        self.0.pop[i].score.wrong
    }

    fn max_energy(&self) -> u32 {
        self.0.ladder.max_fitness(self.0.phase)
    }

    fn energy_of(&self, c: &Candidate<L>) -> u32 {
        c.score.wrong
    }

    fn key(&self, c: &Candidate<L>) -> Score {
        c.score
    }

    fn crossover(&mut self, x: usize, y: usize, cut: usize) -> Candidate<L> {
        crossover(self.0, x, y, cut)
    }

    fn mutant(&mut self, i: usize) -> Option<Candidate<L>> {
        let m = mutate(self.0, i);
        (m.score != self.0.pop[i].score).then_some(m)
    }
}

impl Operators for GaPhase {
    fn sizes(&self) -> PopulationSizes {
        PopulationSizes {
            size: self.population,
            init_length: self.length,
            polish: self.polish,
            stagnation: self.stagnation,
        }
    }

    fn next_generation<L: Ladder>(&self, s: &mut Population<L>) -> Vec<Candidate<L>> {
        let rates = Rates {
            population: self.population,
            length: self.length,
            crossover_rate: self.crossover_rate,
            mutation_rate: self.mutation_rate,
            elite_fraction: self.elite_fraction,
        };
        next_generation(&mut Phase(s), &rates)
    }

    /// A new length: each chromosome cut, or filled with random moves; a
    /// new population size: the worst dropped, or random chromosomes added.
    fn adjust<L: Ladder>(&self, s: &mut Population<L>) -> bool {
        let (n, k) = (self.population, self.length);
        if s.pop.len() == n && s.pop.iter().all(|c| c.genes.len() == k) {
            return false;
        }
        for i in 0..s.pop.len() {
            let old = &s.pop[i];
            if old.genes.len() == k {
                continue;
            }
            let mut g = old.genes.clone();
            g.truncate(k);
            let same = g.len();
            while g.len() < k {
                let m = random_move(&mut s.rng, s.set, g.last().copied(), None);
                g.push(m);
            }
            s.pop[i] = Candidate::derive(&s.ladder, &s.start, s.phase, Some(&s.pop[i]), g, same);
        }
        s.pop.sort_by_key(|c| c.score);
        s.pop.truncate(n);
        while s.pop.len() < n {
            let genes = random_moves(&mut s.rng, s.set, k);
            s.pop
                .push(Candidate::new(&s.ladder, &s.start, s.phase, genes));
        }
        s.pop.sort_by_key(|c| c.score);
        true
    }
}

impl Knobs for GaPhase {
    fn check(&self, n: usize) -> Result<(), SolveError> {
        self.validate(n)
    }
}
