//! The convergence curves' data: every run's trace read on one common log
//! time grid (the sampling grid of [`budget::run_sampled`], extended both
//! ways to cover every trace), and per grid point the median and quartiles
//! over the runs of a lane.
//!
//! A run's value at a grid time is its last point at or before it: a run
//! that stopped keeps its last value (a solved one its 0), and an unknown
//! moves to solved keeps the previous known one. A run with no value yet
//! at a time (no point so early, or no moves to solved known yet) is left
//! out of that time's quantiles; a time no run has a value at is `NaN`.

use cubetui_run::budget::{FIRST_SAMPLE, SAMPLE_RATIO};
use cubetui_run::trace::{Trace, TracePoint};

use super::super::summary::quantile;

/// The grid starts no earlier than this (ms): a run's start point is at
/// about 0 on its clock.
const EARLIEST_MS: f64 = 0.01;
/// Most grid points (about 10 a decade: 1e-2 ms to 1e16 ms).
const MOST_POINTS: usize = 200;

/// The common grid (ms) over `traces`: the sampling grid's points from the
/// last one at or before the earliest point after a run's start (at least
/// [`EARLIEST_MS`]) to the first one at or after the latest point. Empty
/// when there is no point.
pub fn grid<'a>(traces: impl Iterator<Item = &'a Trace>) -> Vec<f64> {
    // Each run's first point is its start (at about 0).
    let (lo, hi) = traces
        .flat_map(|t| t.points.iter().enumerate().map(|(i, p)| (i > 0, p.ms)))
        .filter(|(_, ms)| ms.is_finite())
        .fold(
            (f64::INFINITY, f64::NEG_INFINITY),
            |(lo, hi), (later, ms)| {
                let lo = if later && ms > 0.0 { lo.min(ms) } else { lo };
                (lo, hi.max(ms))
            },
        );
    if hi == f64::NEG_INFINITY {
        return Vec::new();
    }
    let first = FIRST_SAMPLE.as_secs_f64() * 1e3;
    let lo = lo.min(hi).max(EARLIEST_MS);
    let hi = hi.max(lo);
    let r = SAMPLE_RATIO.ln();
    // Grid point k is first × ratio^k; a hair of slack against rounding.
    let k0 = ((lo / first).ln() / r + 1e-9).floor() as i64;
    let k1 = ((hi / first).ln() / r - 1e-9).ceil() as i64;
    (k0..=k1.max(k0))
        .take(MOST_POINTS)
        .map(|k| first * SAMPLE_RATIO.powi(k as i32))
        .collect()
}

/// A lane's quartiles at each grid time (`NaN` where no run has a value).
#[derive(Debug, Clone, PartialEq)]
pub struct Band {
    pub lower: Vec<f64>,
    pub median: Vec<f64>,
    pub upper: Vec<f64>,
}

/// What a curve reads of a point.
pub type Pick = fn(&TracePoint) -> Option<f64>;

/// The best energy.
pub fn best(p: &TracePoint) -> Option<f64> {
    Some(p.best).filter(|e| e.is_finite())
}

/// Moves to solved, when known.
pub fn to_solved(p: &TracePoint) -> Option<f64> {
    p.to_solved.map(f64::from)
}

/// The 25 %, 50 % and 75 % quantiles (nearest rank) over `traces` of what
/// `pick` reads, at each time of `grid`.
pub fn band(traces: &[Trace], grid: &[f64], pick: Pick) -> Band {
    // Per run: the next point to read, and its value so far.
    let mut cursors: Vec<(usize, Option<f64>)> = vec![(0, None); traces.len()];
    let mut out = Band {
        lower: Vec::with_capacity(grid.len()),
        median: Vec::with_capacity(grid.len()),
        upper: Vec::with_capacity(grid.len()),
    };
    let mut values = Vec::with_capacity(traces.len());
    for &g in grid {
        values.clear();
        for (t, (next, last)) in traces.iter().zip(cursors.iter_mut()) {
            while let Some(p) = t.points.get(*next).filter(|p| p.ms <= g) {
                *last = pick(p).or(*last);
                *next += 1;
            }
            values.extend(*last);
        }
        values.sort_by(f64::total_cmp);
        out.lower.push(quantile(&values, 0.25));
        out.median.push(quantile(&values, 0.5));
        out.upper.push(quantile(&values, 0.75));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(points: &[(f64, f64, Option<u32>)]) -> Trace {
        Trace {
            points: points.iter().map(|&p| TracePoint::from(p)).collect(),
        }
    }

    #[test]
    fn the_grid_is_the_sampling_grid_around_every_point() {
        let t = [
            trace(&[(0.0, 40.0, None), (1.0, 30.0, None), (3.0, 0.0, Some(0))]),
            trace(&[(0.002, 40.0, None), (0.5, 35.0, None)]),
        ];
        let g = grid(t.iter());
        // 1.25^-4 = 0.4096 ≤ 0.5; 1.25^5 = 3.05 ≥ 3.
        assert_eq!(g.len(), 10, "{g:?}");
        assert!((g[0] - 0.4096).abs() < 1e-12, "{g:?}");
        assert!(g.contains(&1.0), "{g:?}");
        assert!((g[9] - 1.25f64.powi(5)).abs() < 1e-12, "{g:?}");
        assert!(grid([].iter()).is_empty());
        // Only start points: a point or two at the earliest.
        let g = grid([trace(&[(0.0, 1.0, None)])].iter());
        assert!(
            !g.is_empty() && g.len() <= 2 && g[0] <= EARLIEST_MS,
            "{g:?}"
        );
    }

    #[test]
    fn a_run_keeps_its_last_value_and_unknowns_keep_the_known_one() {
        let t = [
            // Solved at 2 ms: 0 from then on.
            trace(&[(0.0, 40.0, Some(20)), (2.0, 0.0, Some(0))]),
            // Stopped at 1 ms with 12; moves to solved unknown at the end.
            trace(&[(0.0, 30.0, Some(18)), (1.0, 12.0, None)]),
            // Starts late (no value at 0.5 ms).
            trace(&[(0.9, 20.0, None), (4.0, 10.0, Some(9))]),
        ];
        let g = [0.5, 1.0, 2.0, 8.0];
        let e = band(&t, &g, best);
        assert_eq!(e.median, [30.0, 20.0, 12.0, 10.0]);
        assert_eq!(e.lower, [30.0, 12.0, 0.0, 0.0]);
        assert_eq!(e.upper, [40.0, 40.0, 20.0, 12.0]);
        let m = band(&t, &g, to_solved);
        // Two known at first, the third from 4 ms on.
        assert_eq!(m.median, [18.0, 18.0, 0.0, 9.0]);
        assert_eq!(m.upper, [20.0, 20.0, 18.0, 18.0]);
        // No run has a value: NaN.
        let none = band(&t[2..], &[0.1], best);
        assert!(none.median[0].is_nan());
    }
}
