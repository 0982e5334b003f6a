//! One generation of the paper 002 GA (Zangana 2020), written once for every
//! GA: `ga` over the genes of a [`Genome`](crate::genome::Genome) and
//! `phases-ga` over one phase of a ladder. The problem is a small trait
//! ([`Breed`]): its population, the energies the wheel and the crossover
//! bar read, and its two operators; the order of the draws is this file's.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::chromosome::{cumulative, roulette_in};

/// The rates of one generation.
#[derive(Clone, Copy, Debug)]
pub struct Rates {
    /// Chromosomes per generation.
    pub population: usize,
    /// Genes per chromosome (the cut is drawn in `1..length`).
    pub length: usize,
    /// Probability that a selected pair is crossed over.
    pub crossover_rate: f64,
    /// Probability that a chromosome is mutated.
    pub mutation_rate: f64,
    /// Fraction of the best chromosomes copied to the next generation.
    pub elite_fraction: f64,
}

/// What a GA breeds: a population sorted best first, and its operators.
pub trait Breed {
    /// One chromosome.
    type Chromosome: Clone;
    /// What the population is sorted by, best first.
    type Key: Ord;
    /// The random source every draw of the generation comes from.
    fn rng(&mut self) -> &mut Xoshiro256PlusPlus;
    /// The population, sorted best first.
    fn population(&self) -> &[Self::Chromosome];
    /// The energy of chromosome `i` of the population (lower is better).
    fn energy(&self, i: usize) -> u32;
    /// The largest energy (the roulette's scale).
    fn max_energy(&self) -> u32;
    /// The energy of a child.
    fn energy_of(&self, c: &Self::Chromosome) -> u32;
    /// The sort key of a chromosome.
    fn key(&self, c: &Self::Chromosome) -> Self::Key;
    /// `population[x]`'s genes before `cut`, then `population[y]`'s, the
    /// junction repaired (a draw) where it breaks the gene rule.
    fn crossover(&mut self, x: usize, y: usize, cut: usize) -> Self::Chromosome;
    /// `population[i]` with one gene changed, when the change lets it enter
    /// the mate pool.
    fn mutant(&mut self, i: usize) -> Option<Self::Chromosome>;
}

/// Roulette-wheel weight of a chromosome with energy `e` out of at most
/// `max` (lower is better): on the 3×3 `(49 - e)²`.
pub fn weight(e: u32, max: u32) -> f64 {
    let f = f64::from(max + 1 - e.min(max));
    f * f
}

/// The next generation of `b`, sorted best first: roulette-wheel selection
/// of `population / 2` pairs; one-point crossover with probability
/// `crossover_rate`, a child entering the mate pool when it is at least as
/// fit as the fitter parent; mutation of each chromosome with probability
/// `mutation_rate` ([`Breed::mutant`]); the top `elite_fraction` copied
/// over; then sort and truncate, topped up with the next best of the
/// population if the pool is short.
pub fn next_generation<B: Breed>(b: &mut B, r: &Rates) -> Vec<B::Chromosome> {
    let n = r.population;
    let max = b.max_energy();
    // The wheel as running sums: a pick is a binary search, so a generation
    // costs O(n log n), not O(n²) (the same picks).
    let wheel = cumulative((0..b.population().len()).map(|i| weight(b.energy(i), max)));
    let mut pool: Vec<B::Chromosome> = Vec::with_capacity(2 * n);
    for _ in 0..n / 2 {
        let a = roulette_in(b.rng(), &wheel);
        let c = roulette_in(b.rng(), &wheel);
        if b.rng().random::<f64>() >= r.crossover_rate || r.length < 2 {
            continue;
        }
        let cut = b.rng().random_range(1..r.length);
        let bar = b.energy(a).min(b.energy(c));
        for (x, y) in [(a, c), (c, a)] {
            let child = b.crossover(x, y, cut);
            if b.energy_of(&child) <= bar {
                pool.push(child);
            }
        }
    }
    for i in 0..n {
        if b.rng().random::<f64>() < r.mutation_rate
            && let Some(m) = b.mutant(i)
        {
            pool.push(m);
        }
    }
    let elite = ((n as f64 * r.elite_fraction).round() as usize).min(n);
    pool.extend(b.population()[..elite].iter().cloned());
    pool.sort_by_cached_key(|c| b.key(c));
    pool.truncate(n);
    if pool.len() < n {
        let missing = n - pool.len();
        pool.extend(b.population()[elite..].iter().take(missing).cloned());
        pool.sort_by_cached_key(|c| b.key(c));
    }
    pool
}
