//! Move-sequence chromosomes shared by the evolutionary solvers (`ga`, `woc`).
//!
//! A [`Chromosome`] is generic over its [`Genome`] (what a gene is); it keeps
//! the cube state after every gene, so changing gene `i` re-applies only
//! genes `i..k`. On the 3×3 ([`FaceTurns`]) a gene is one of the 18 face
//! turns, numbered like [`Move::FACE_TURNS`](cubetui_cube::Move::FACE_TURNS) (`face * 3 + turns - 1`:
//! `U U2 U' R R2 R' …`); the helpers on `u8` genes below are the 3×3's.

use rand::{Rng, RngExt};

use std::borrow::{Borrow, BorrowMut};

use super::genome::{Energy, FaceTurns, Genome, StateStack};
pub use super::genome::{GENES, face_of, gene_move, gene_perms, genes_alg, inverse_of};

/// The portable generator every evolutionary solver draws from.
pub fn seeded_rng(seed: u64) -> rand_xoshiro::Xoshiro256PlusPlus {
    cubetui_cube::random::rng_from_seed(seed)
}

/// Roulette-wheel selection: the index drawn with probability proportional to
/// its weight (`total` is the weights' sum); the last index if rounding leaves
/// the draw past the end.
pub fn roulette(
    rng: &mut impl Rng,
    weights: impl ExactSizeIterator<Item = f64>,
    total: f64,
) -> usize {
    let last = weights.len().saturating_sub(1);
    let mut x = rng.random::<f64>() * total;
    for (i, w) in weights.enumerate() {
        x -= w;
        if x < 0.0 {
            return i;
        }
    }
    last
}

/// Running sums of `weights`: the table [`roulette_in`] picks from.
pub fn cumulative(weights: impl Iterator<Item = f64>) -> Vec<f64> {
    weights
        .scan(0.0, |sum, w| {
            *sum += w;
            Some(*sum)
        })
        .collect()
}

/// [`roulette`] over the running sums `cum` of the weights (see
/// [`cumulative`]), in O(log n) instead of O(n): the same draw and, for
/// integer weights whose sum is below 2⁵³ (the GA's), the same index, as
/// both compare the draw with the same exact prefix sums.
pub fn roulette_in(rng: &mut impl Rng, cum: &[f64]) -> usize {
    let total = cum.last().copied().unwrap_or(0.0);
    let x = rng.random::<f64>() * total;
    cum.partition_point(|&s| s <= x)
        .min(cum.len().saturating_sub(1))
}

/// Whether `g` may sit between `prev` and `next`: it is not the inverse of
/// either neighbour (the seed's "opposite movement" rule).
#[inline]
pub fn allowed(prev: Option<u8>, g: u8, next: Option<u8>) -> bool {
    allowed_in(&FaceTurns::new(), prev, g, next)
}

/// Whether `g` may sit between `prev` and `next` by the rule of `set`.
#[inline]
pub fn allowed_in<G: Genome>(
    set: &G,
    prev: Option<G::Gene>,
    g: G::Gene,
    next: Option<G::Gene>,
) -> bool {
    prev.is_none_or(|p| set.neighbours(p, g)) && next.is_none_or(|n| set.neighbours(g, n))
}

/// A random gene allowed between `prev` and `next`, different from `avoid`.
pub fn random_gene(
    rng: &mut impl Rng,
    prev: Option<u8>,
    next: Option<u8>,
    avoid: Option<u8>,
) -> u8 {
    random_gene_in(&FaceTurns::new(), rng, prev, next, avoid)
}

/// A random gene of `set` allowed between `prev` and `next`, different from
/// `avoid`.
pub fn random_gene_in<G: Genome>(
    set: &G,
    rng: &mut impl Rng,
    prev: Option<G::Gene>,
    next: Option<G::Gene>,
    avoid: Option<G::Gene>,
) -> G::Gene {
    loop {
        let g = set.draw(rng);
        if allowed_in(set, prev, g, next) && Some(g) != avoid {
            return g;
        }
    }
}

/// `k` random genes with no gene the inverse of its neighbour.
pub fn random_genes(rng: &mut impl Rng, k: usize) -> Vec<u8> {
    random_genes_in(&FaceTurns::new(), rng, k)
}

/// `k` random genes of `set`, each allowed next to the one before.
pub fn random_genes_in<G: Genome>(set: &G, rng: &mut impl Rng, k: usize) -> Vec<G::Gene> {
    let mut genes: Vec<G::Gene> = Vec::with_capacity(k);
    for _ in 0..k {
        let g = random_gene_in(set, rng, genes.last().copied(), None, None);
        genes.push(g);
    }
    genes
}

/// A gene sequence with the state and energy after every gene. The gene set
/// `G` is passed to the methods that apply genes.
pub struct Chromosome<G: Genome = FaceTurns> {
    genes: Vec<G::Gene>,
    /// `states[i]` is the start state after `genes[..=i]`.
    states: G::Stack,
    /// `energies[i]` is the energy of `states[i]`.
    energies: Vec<G::Energy>,
}

impl<G: Genome> Clone for Chromosome<G> {
    fn clone(&self) -> Self {
        Chromosome {
            genes: self.genes.clone(),
            states: self.states.clone(),
            energies: self.energies.clone(),
        }
    }
}

impl<G: Genome> std::fmt::Debug for Chromosome<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chromosome")
            .field("genes", &self.genes)
            .field("energies", &self.energies)
            .finish_non_exhaustive()
    }
}

impl<G: Genome> Chromosome<G> {
    /// Evaluates `genes` from `start` (every gene applied once).
    pub fn new(set: &G, start: &G::State, genes: Vec<G::Gene>) -> Chromosome<G> {
        let mut states = G::Stack::default();
        states.reserve(genes.len());
        let mut c = Chromosome {
            states,
            energies: Vec::with_capacity(genes.len()),
            genes,
        };
        c.reevaluate_from(set, start, 0);
        c
    }

    /// `self[..cut]` followed by `other[cut..]`; re-applies only the genes from `cut`.
    pub fn crossover(
        &self,
        other: &Chromosome<G>,
        set: &G,
        start: &G::State,
        cut: usize,
    ) -> Chromosome<G> {
        let cut = cut.min(self.len()).min(other.len());
        let mut genes = Vec::with_capacity(other.len());
        genes.extend_from_slice(&self.genes[..cut]);
        genes.extend_from_slice(&other.genes[cut..]);
        let mut states = G::Stack::default();
        states.reserve(genes.len());
        states.extend_from(&self.states, cut);
        let mut energies = Vec::with_capacity(genes.len());
        energies.extend_from_slice(&self.energies[..cut]);
        let mut c = Chromosome {
            genes,
            states,
            energies,
        };
        c.reevaluate_from(set, start, cut);
        c
    }

    /// Sets gene `i` to `g` and re-applies genes `i..`.
    pub fn set_gene(&mut self, set: &G, start: &G::State, i: usize, g: G::Gene) {
        self.genes[i] = g;
        self.reevaluate_from(set, start, i);
    }

    /// Recomputes the states and energies from gene `i` on.
    pub fn reevaluate_from(&mut self, set: &G, start: &G::State, i: usize) {
        let i = i.min(self.states.len());
        self.states.truncate(i);
        self.energies.truncate(i);
        let mut state = set.to_owned(if i == 0 {
            start
        } else {
            self.states.get(i - 1)
        });
        for &g in &self.genes[i..] {
            set.apply(state.borrow_mut(), g);
            let s: &G::State = state.borrow();
            self.energies.push(G::Energy::from_u32(set.energy(s)));
            self.states.push(s);
        }
    }

    pub fn genes(&self) -> &[G::Gene] {
        &self.genes
    }

    pub fn len(&self) -> usize {
        self.genes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.genes.is_empty()
    }

    /// Number of leading genes that matter: up to the first gene that solves the
    /// cube, else all of them.
    pub fn effective_len(&self) -> usize {
        self.energies
            .iter()
            .position(|&e| e == G::Energy::ZERO)
            .map_or(self.genes.len(), |i| i + 1)
    }

    /// Energy after the chromosome, cut where it first solves the cube
    /// (`start` energy for an empty chromosome).
    pub fn energy(&self, set: &G, start: &G::State) -> u32 {
        if self.energies.contains(&G::Energy::ZERO) {
            return 0;
        }
        self.energies
            .last()
            .map_or_else(|| set.energy(start), |&e| e.into())
    }

    /// The lowest energy over every non-empty prefix, and the shortest prefix
    /// length reaching it (`start` energy and 0 for an empty chromosome).
    pub fn best_prefix(&self, set: &G, start: &G::State) -> (u32, usize) {
        let mut best = (set.energy(start), 0);
        for (i, &e) in self.energies.iter().enumerate() {
            if e.into() < best.0 {
                best = (e.into(), i + 1);
            }
        }
        best
    }

    /// The state after the first `n` genes.
    pub fn state_after<'a>(&'a self, start: &'a G::State, n: usize) -> &'a G::State {
        match n.min(self.states.len()) {
            0 => start,
            n => self.states.get(n - 1),
        }
    }

    /// The state reached by the (cut) chromosome.
    pub fn final_state<'a>(&'a self, start: &'a G::State) -> &'a G::State {
        self.state_after(start, self.effective_len())
    }

    /// The (cut) gene sequence.
    pub fn solution(&self) -> &[G::Gene] {
        &self.genes[..self.effective_len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::Cube;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn the_wheel_of_running_sums_picks_what_the_linear_wheel_picks() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        for n in [1usize, 2, 3, 10, 1000] {
            let weights: Vec<f64> = (0..n)
                .map(|_| f64::from(rng.random_range(1u32..=49).pow(2)))
                .collect();
            let total: f64 = weights.iter().sum();
            let cum = cumulative(weights.iter().copied());
            let (mut a, mut b) = (rng.clone(), rng.clone());
            for _ in 0..2000 {
                assert_eq!(
                    roulette(&mut a, weights.iter().copied(), total),
                    roulette_in(&mut b, &cum)
                );
            }
            rng = a;
        }
    }

    #[test]
    fn inverse_genes_undo() {
        for g in 0..GENES {
            let mut c = Cube::solved();
            c.apply_move(gene_move(g));
            c.apply_move(gene_move(inverse_of(g)));
            assert!(c.is_solved());
            assert_eq!(face_of(g), face_of(inverse_of(g)));
        }
    }

    #[test]
    fn random_genes_respect_their_neighbours() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..200 {
            let g = random_genes(&mut rng, 40);
            assert!(g.windows(2).all(|w| w[1] != inverse_of(w[0])));
            let (p, n) = (g[0], g[1]);
            let x = random_gene(&mut rng, Some(p), Some(n), Some(g[5]));
            assert!(allowed(Some(p), x, Some(n)) && x != g[5]);
        }
    }

    #[test]
    fn cached_states_match_full_replay() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let start = Cube::solved().after(&genes_alg(&random_genes(&mut rng, 30)));
        let set = FaceTurns::new();
        let a = Chromosome::new(&set, &start, random_genes(&mut rng, 25));
        let b = Chromosome::new(&set, &start, random_genes(&mut rng, 25));
        let mut c = a.crossover(&b, &set, &start, 11);
        c.set_gene(&set, &start, 17, 4);
        let replay = Chromosome::new(&set, &start, c.genes().to_vec());
        assert_eq!(c.states, replay.states);
        assert_eq!(c.energies, replay.energies);
        assert_eq!(c.genes()[..11], a.genes()[..11]);
        assert_eq!(c.genes()[18..], b.genes()[18..]);
    }

    #[test]
    fn chromosome_is_cut_where_it_solves() {
        let scramble = [0u8, 4, 7]; // U R2 F
        let start = Cube::solved().after(&genes_alg(&scramble));
        let undo: Vec<u8> = scramble.iter().rev().map(|&g| inverse_of(g)).collect();
        let mut genes = undo.clone();
        genes.extend([9, 12]);
        let set = FaceTurns::new();
        let c = Chromosome::new(&set, &start, genes);
        assert_eq!(c.energy(&set, &start), 0);
        assert_eq!(c.effective_len(), 3);
        assert_eq!(c.solution(), &undo[..]);
        assert!(c.final_state(&start).is_solved());
    }
}
