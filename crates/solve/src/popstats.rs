//! What the population view shows of a population (`ga`, `woc`,
//! `phases-es`, `phases-ga`): the fitness distribution (min, quartiles,
//! median, max), the mean pairwise distance between chromosomes (0–1) and
//! the share of distinct chromosomes. Computed when a snapshot is taken,
//! from the population as it stands; cheap (a fixed number of sampled
//! pairs) and deterministic, and it draws nothing from the solver's random
//! source, so seeded runs stay as they were.
//!
//! A solver reports these as the [`POPULATION_SERIES`] of its profile, in
//! that order ([`PopStats::values`]).

use std::hash::Hash;

use rustc_hash::FxHashSet;

use super::profile::{PopRole, SeriesSpec};

/// Pairs compared for the mean pairwise distance: every pair of a
/// population with at most this many, else this many drawn by a fixed
/// sequence (the same every call).
pub const PAIRS: usize = 128;

/// The population series every population solver reports, in the order of
/// [`PopStats::values`]. Drawn in the population view only (`i`).
pub const POPULATION_SERIES: [SeriesSpec; 7] = [
    SeriesSpec::new("fitness min", 1).population(PopRole::Min),
    SeriesSpec::new("fitness q1", 1).population(PopRole::LowerQuartile),
    SeriesSpec::new("fitness median", 1).population(PopRole::Median),
    SeriesSpec::new("fitness q3", 1).population(PopRole::UpperQuartile),
    SeriesSpec::new("fitness max", 1).population(PopRole::Max),
    SeriesSpec::new("pairwise distance", 2).population(PopRole::Share),
    SeriesSpec::new("distinct", 2).population(PopRole::Share),
];

/// One population's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PopStats {
    /// Min, lower quartile, median, upper quartile, max of the fitness
    /// (NaN for an empty population).
    pub fitness: [f64; 5],
    /// Mean normalised distance between two chromosomes, 0–1.
    pub diversity: f64,
    /// Distinct chromosomes / population size, 0–1.
    pub distinct: f64,
}

impl PopStats {
    /// The statistics of a population whose members have `fitness` and are
    /// `items`, compared by `genes`.
    pub fn of<T, G: Eq + Hash>(
        fitness: impl IntoIterator<Item = f64>,
        items: &[T],
        genes: impl Fn(&T) -> &[G],
    ) -> Self {
        let mut f: Vec<f64> = fitness.into_iter().collect();
        PopStats {
            fitness: five_numbers(&mut f),
            diversity: diversity(items, &genes),
            distinct: distinct_share(items, &genes),
        }
    }

    /// The values of [`POPULATION_SERIES`], in order.
    pub fn values(&self) -> [f64; 7] {
        let [a, b, c, d, e] = self.fitness;
        [a, b, c, d, e, self.diversity, self.distinct]
    }
}

/// The `q` quantile (0–1) of sorted `v`, linearly interpolated between
/// neighbouring values (NaN when empty).
pub fn quantile(v: &[f64], q: f64) -> f64 {
    let Some(last) = v.len().checked_sub(1) else {
        return f64::NAN;
    };
    let pos = q.clamp(0.0, 1.0) * last as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    v[lo] + (v[hi] - v[lo]) * (pos - lo as f64)
}

/// Min, lower quartile, median, upper quartile and max of `v` (sorted in
/// place; NaN when empty).
pub fn five_numbers(v: &mut [f64]) -> [f64; 5] {
    v.sort_unstable_by(f64::total_cmp);
    [0.0, 0.25, 0.5, 0.75, 1.0].map(|q| quantile(v, q))
}

/// Distance between two gene sequences, 0–1: the positions that differ
/// (a position only one of them has counts as differing) over the longer
/// length; 0 for two empty sequences.
pub fn distance<G: PartialEq>(a: &[G], b: &[G]) -> f64 {
    let long = a.len().max(b.len());
    if long == 0 {
        return 0.0;
    }
    let same: usize = a.iter().zip(b).map(|(x, y)| usize::from(x == y)).sum();
    (long - same) as f64 / long as f64
}

/// SplitMix64: the fixed sequence the sampled pairs come from.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `r` scaled into `0..n` (multiply and shift: no division).
fn below(r: u64, n: usize) -> usize {
    ((u128::from(r) * n as u128) >> 64) as usize
}

/// Mean [`distance`] between two different members of `items`: over every
/// pair when there are at most [`PAIRS`], else over [`PAIRS`] pairs drawn
/// by a fixed sequence. 0 with fewer than two members.
pub fn diversity<T, G: PartialEq>(items: &[T], genes: impl Fn(&T) -> &[G]) -> f64 {
    let n = items.len();
    if n < 2 {
        return 0.0;
    }
    let d = |i: usize, j: usize| distance(genes(&items[i]), genes(&items[j]));
    if n * (n - 1) / 2 <= PAIRS {
        let total: f64 = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .map(|(i, j)| d(i, j))
            .sum();
        return total / (n * (n - 1) / 2) as f64;
    }
    let mut state: u64 = 0x5EED_D1CE;
    let total: f64 = (0..PAIRS)
        .map(|_| {
            let i = below(splitmix(&mut state), n);
            let j = (i + 1 + below(splitmix(&mut state), n - 1)) % n;
            d(i, j)
        })
        .sum();
    total / PAIRS as f64
}

/// Share of distinct gene sequences among `items`, 0–1 (0 when empty).
pub fn distinct_share<T, G: Eq + Hash>(items: &[T], genes: impl Fn(&T) -> &[G]) -> f64 {
    if items.is_empty() {
        return 0.0;
    }
    let mut seen: FxHashSet<&[G]> = FxHashSet::default();
    seen.reserve(items.len());
    for it in items {
        seen.insert(genes(it));
    }
    seen.len() as f64 / items.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_interpolate_between_neighbours() {
        let mut v = vec![4.0, 1.0, 3.0, 2.0, 5.0];
        assert_eq!(five_numbers(&mut v), [1.0, 2.0, 3.0, 4.0, 5.0]);
        let mut v = vec![10.0, 0.0, 20.0, 30.0];
        // Positions 0, 0.75, 1.5, 2.25, 3 of [0, 10, 20, 30].
        assert_eq!(five_numbers(&mut v), [0.0, 7.5, 15.0, 22.5, 30.0]);
        assert_eq!(five_numbers(&mut [7.0]), [7.0; 5]);
        assert!(five_numbers(&mut []).iter().all(|x| x.is_nan()));
    }

    #[test]
    fn identical_chromosomes_have_no_diversity_and_one_distinct() {
        let pop = vec![vec![1u8, 2, 3, 4]; 50];
        assert_eq!(diversity(&pop, Vec::as_slice), 0.0);
        assert_eq!(distinct_share(&pop, Vec::as_slice), 1.0 / 50.0);
        let small = vec![vec![9u8; 6]; 5];
        assert_eq!(diversity(&small, Vec::as_slice), 0.0);
    }

    #[test]
    fn disjoint_chromosomes_are_fully_diverse_and_all_distinct() {
        // Every chromosome differs from every other at every position.
        for n in [3usize, 10, 40, 200] {
            let pop: Vec<Vec<u8>> = (0..n)
                .map(|i| (0..30).map(|p| ((i + p) % 256) as u8).collect())
                .collect();
            assert_eq!(diversity(&pop, Vec::as_slice), 1.0, "n = {n}");
            assert_eq!(distinct_share(&pop, Vec::as_slice), 1.0);
        }
    }

    #[test]
    fn half_different_pairs_and_shared_copies() {
        // Two kinds, half of the genes apart: a pair of different kinds is
        // 0.5 apart, a pair of the same kind 0.
        let a = vec![0u8, 0, 0, 0];
        let b = vec![0u8, 0, 1, 1];
        let pop = vec![a.clone(), b.clone(), a, b];
        // 6 pairs, 4 of them mixed: 4 × 0.5 / 6.
        let d = diversity(&pop, Vec::as_slice);
        assert!((d - 4.0 * 0.5 / 6.0).abs() < 1e-12, "{d}");
        assert_eq!(distinct_share(&pop, Vec::as_slice), 0.5);
    }

    #[test]
    fn sequences_of_different_lengths_count_the_missing_genes() {
        assert_eq!(distance(&[1, 2], &[1, 2, 3, 4]), 0.5);
        assert_eq!(distance::<u8>(&[], &[]), 0.0);
        assert_eq!(distance(&[], &[5]), 1.0);
        assert_eq!(distance(&[1, 2, 3], &[1, 9, 3]), 1.0 / 3.0);
    }

    #[test]
    fn sampling_is_deterministic_and_close_to_the_exact_mean() {
        // 300 chromosomes: too many to compare every pair.
        let pop: Vec<Vec<u8>> = (0..300u32)
            .map(|i| (0..20).map(|p| ((i * 7 + p * 13) % 3) as u8).collect())
            .collect();
        let d1 = diversity(&pop, Vec::as_slice);
        let d2 = diversity(&pop, Vec::as_slice);
        assert_eq!(d1, d2);
        let mut exact = 0.0;
        for i in 0..pop.len() {
            for j in i + 1..pop.len() {
                exact += distance(&pop[i], &pop[j]);
            }
        }
        exact /= (300 * 299 / 2) as f64;
        assert!((d1 - exact).abs() < 0.1, "sampled {d1}, exact {exact}");
    }

    #[test]
    fn the_values_follow_the_declared_series() {
        let pop = vec![vec![1u8, 2], vec![1, 3], vec![1, 2]];
        let s = PopStats::of(pop.iter().map(|g| f64::from(g[1])), &pop, Vec::as_slice);
        assert_eq!(s.fitness, [2.0, 2.0, 2.0, 2.5, 3.0]);
        let v = s.values();
        assert_eq!(v.len(), POPULATION_SERIES.len());
        assert_eq!(v[5], s.diversity);
        assert_eq!(v[6], 2.0 / 3.0);
        assert!(POPULATION_SERIES.iter().all(|p| p.population.is_some()));
        assert!(
            POPULATION_SERIES
                .iter()
                .all(|p| !p.side_plot && !p.status_row)
        );
    }
}
