//! The Metropolis acceptance rule of the one annealer, with the
//! probabilities of small uphill moves kept in a table.

use rand::{Rng, RngExt};

use cubetui_cube::random::CubeRng;

/// Largest ΔE whose acceptance probability is kept in a table.
const TABLE_MAX: usize = 12;
/// The table is recomputed when T has moved by more than this fraction.
const TABLE_TOLERANCE: f64 = 1e-5;

/// Acceptance thresholds exp(−ΔE/T)·2⁶⁴ for ΔE = 1..=TABLE_MAX at temperature `t`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AcceptTable {
    t: f64,
    threshold: [u64; TABLE_MAX + 1],
}

impl AcceptTable {
    #[inline]
    pub(super) fn new(t: f64) -> AcceptTable {
        let q = (-1.0 / t).exp();
        let mut threshold = [u64::MAX; TABLE_MAX + 1];
        let mut p = 1.0f64;
        for th in threshold.iter_mut().skip(1) {
            p *= q;
            // `as` saturates: p = 1 maps to u64::MAX.
            *th = (p * 18_446_744_073_709_551_616.0) as u64;
        }
        AcceptTable { t, threshold }
    }

    /// Whether an uphill move of `delta` (≥ 1) is accepted at temperature `t`,
    /// drawing one number from `rng`.
    #[inline(always)]
    pub(super) fn accepts(&mut self, delta: i32, t: f64, rng: &mut CubeRng) -> bool {
        let d = delta as usize;
        if d <= TABLE_MAX {
            if (t - self.t).abs() > TABLE_TOLERANCE * self.t {
                *self = AcceptTable::new(t);
            }
            rng.next_u64() < self.threshold[d]
        } else {
            metropolis(f64::from(delta), t, rng)
        }
    }
}

/// The Metropolis rule for an uphill move of `delta` at temperature `t`:
/// accepted with probability exp(−delta/T), drawing one number from `rng`.
#[inline]
pub(super) fn metropolis(delta: f64, t: f64, rng: &mut CubeRng) -> bool {
    rng.random::<f64>() < (-delta / t).exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::random::rng_from_seed;

    #[test]
    fn acceptance_table_matches_the_metropolis_rule() {
        let mut rng = rng_from_seed(3);
        for (t, d) in [(0.37, 1), (0.37, 2), (2.0, 3), (1000.0, 12), (0.5, 13)] {
            let mut table = AcceptTable::new(t);
            let n = 200_000;
            let hits = (0..n).filter(|_| table.accepts(d, t, &mut rng)).count();
            let want = (-(d as f64) / t).exp();
            let got = hits as f64 / n as f64;
            let sd = (want * (1.0 - want) / n as f64).sqrt();
            assert!(
                (got - want).abs() < 5.0 * sd + 1e-4,
                "T {t} ΔE {d}: {got} vs {want}"
            );
        }
    }

    #[test]
    fn acceptance_table_follows_the_temperature() {
        let mut table = AcceptTable::new(1.0);
        let mut rng = rng_from_seed(1);
        table.accepts(1, 0.5, &mut rng);
        assert_eq!(table.t, 0.5);
        let before = table.threshold;
        table.accepts(1, 0.5 * (1.0 + 1e-7), &mut rng);
        assert_eq!(table.threshold, before, "tiny changes reuse the table");
    }
}
