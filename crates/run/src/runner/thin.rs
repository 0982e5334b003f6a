//! The one thinning policy: a bucket of neighbouring points keeps its
//! lowest and its highest point, in order, so memory stays bounded and no
//! spike is lost. [`extremes`] picks them; [`Series`] (a plot history,
//! used by the screen and by every race lane) and [`Backlog`] (points
//! waiting for a slow reader) are built on it.
//!
//! A [`Backlog`] keeps its points in buckets of consecutive points, all
//! buckets covering the same number of points. When there are too many
//! buckets, neighbouring pairs merge and the buckets cover twice as many
//! points: the resolution stays the same over the whole backlog, old or
//! new. The latest point is always kept, so the plot's right end is
//! current.

use super::protocol::Point;

/// The positions in `bucket` of its lowest and of its highest point by
/// `y`, in order: the earlier, then the later if they differ. Ties keep
/// the earliest. An empty bucket gives `(0, None)`.
pub fn extremes<T>(bucket: &[T], y: impl Fn(&T) -> f64) -> (usize, Option<usize>) {
    let (mut lo, mut hi) = (0, 0);
    for (i, p) in bucket.iter().enumerate() {
        if y(p) < y(&bucket[lo]) {
            lo = i;
        }
        if y(p) > y(&bucket[hi]) {
            hi = i;
        }
    }
    (lo.min(hi), (lo != hi).then_some(lo.max(hi)))
}

/// Roughly halves `points`: the first and the last are kept, and each
/// bucket of four in between keeps its lowest and highest ([`extremes`]).
pub fn halve<T: Clone>(points: &[T], y: impl Fn(&T) -> f64) -> Vec<T> {
    let n = points.len();
    if n <= 2 {
        return points.to_vec();
    }
    let mut out = Vec::with_capacity(n / 2 + 2);
    out.push(points[0].clone());
    for bucket in points[1..n - 1].chunks(4) {
        let (a, b) = extremes(bucket, &y);
        out.push(bucket[a].clone());
        out.extend(b.map(|b| bucket[b].clone()));
    }
    out.push(points[n - 1].clone());
    out
}

/// A bounded plot history of (x, y) points, x non-decreasing: when full it
/// is [`halve`]d, so no spike ever disappears. The first and the latest
/// points are always kept.
#[derive(Clone, Debug)]
pub struct Series {
    cap: usize,
    points: Vec<(f64, f64)>,
}

impl Series {
    /// A series holding at most `cap` points (at least 8).
    pub fn new(cap: usize) -> Series {
        Series {
            cap: cap.max(8),
            points: Vec::new(),
        }
    }

    pub fn points(&self) -> &[(f64, f64)] {
        &self.points
    }

    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    pub fn clear(&mut self) {
        self.points.clear();
    }

    /// Adds a point (ignored unless both coordinates are finite).
    pub fn push(&mut self, x: f64, y: f64) {
        if !y.is_finite() || !x.is_finite() {
            return;
        }
        self.points.push((x, y));
        if self.points.len() > self.cap {
            self.points = halve(&self.points, |p| p.1);
        }
    }

    /// (min, max) of x, if any point.
    pub fn x_range(&self) -> Option<(f64, f64)> {
        Some((self.points.first()?.0, self.points.last()?.0))
    }

    /// (min, max) of y, if any point.
    pub fn y_range(&self) -> Option<(f64, f64)> {
        let mut it = self.points.iter().map(|p| p.1);
        let first = it.next()?;
        Some(it.fold((first, first), |(lo, hi), y| (lo.min(y), hi.max(y))))
    }
}

/// A bucket's lowest and highest energy points, in iteration order (one
/// point when they are the same).
#[derive(Clone, Debug)]
struct Bucket {
    first: Point,
    second: Option<Point>,
}

impl Bucket {
    fn points(self) -> impl Iterator<Item = Point> {
        std::iter::once(self.first).chain(self.second)
    }

    /// The lowest and highest of up to four points, in order ([`extremes`]).
    fn of(points: Vec<Point>) -> Bucket {
        let (a, b) = extremes(&points, |p| p.energy);
        let mut it = points.into_iter();
        let first = it.nth(a).expect("a bucket has a point");
        let second = b.map(|b| it.nth(b - a - 1).expect("in range"));
        Bucket { first, second }
    }

    fn merge(self, later: Bucket) -> Bucket {
        Bucket::of(self.points().chain(later.points()).collect())
    }
}

/// Points not yet sent, at most about `cap` of them.
#[derive(Clone, Debug)]
pub struct Backlog {
    buckets: Vec<Bucket>,
    /// Points each bucket covers (the last one may cover fewer so far).
    size: u64,
    /// Points the last bucket covers so far.
    filled: u64,
    latest: Option<Point>,
    cap: usize,
}

impl Backlog {
    /// An empty backlog that keeps at most about `cap` points (at least 8).
    pub fn new(cap: usize) -> Backlog {
        Backlog {
            buckets: Vec::new(),
            size: 1,
            filled: 0,
            latest: None,
            cap: cap.max(8),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.latest.is_none()
    }

    /// Points each kept point stands for (1 until thinning started).
    pub fn resolution(&self) -> u64 {
        self.size
    }

    pub fn push(&mut self, p: Point) {
        self.latest = Some(p.clone());
        if self.filled == 0 || self.filled >= self.size {
            self.buckets.push(Bucket {
                first: p,
                second: None,
            });
            self.filled = 1;
        } else {
            let last = self.buckets.pop().expect("an open bucket");
            self.buckets.push(last.merge(Bucket {
                first: p,
                second: None,
            }));
            self.filled += 1;
        }
        if self.buckets.len() * 2 > self.cap {
            self.halve();
        }
    }

    /// Merges neighbouring buckets pairwise.
    fn halve(&mut self) {
        let n = self.buckets.len();
        let mut out = Vec::with_capacity(n / 2 + 1);
        let mut it = std::mem::take(&mut self.buckets).into_iter();
        while let Some(a) = it.next() {
            out.push(match it.next() {
                Some(b) => a.merge(b),
                None => a,
            });
        }
        if n.is_multiple_of(2) {
            self.filled += self.size;
        }
        self.size *= 2;
        self.buckets = out;
    }

    /// Everything kept, oldest first; leaves the backlog empty.
    pub fn take(&mut self) -> Vec<Point> {
        let latest = self.latest.take();
        let mut v: Vec<Point> = std::mem::take(&mut self.buckets)
            .into_iter()
            .flat_map(Bucket::points)
            .collect();
        if let Some(p) = latest
            && v.last().is_none_or(|l| l.iteration != p.iteration)
        {
            v.push(p);
        }
        self.size = 1;
        self.filled = 0;
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn point(iteration: u64, energy: f64) -> Point {
        Point {
            iteration,
            energy,
            best: energy,
            values: Vec::new(),
            to_solved: f64::NAN,
        }
    }

    #[test]
    fn a_short_backlog_is_kept_whole() {
        let mut b = Backlog::new(8);
        for i in 0..4 {
            b.push(point(i, i as f64));
        }
        let its: Vec<u64> = b.take().iter().map(|p| p.iteration).collect();
        assert_eq!(its, vec![0, 1, 2, 3]);
        assert!(b.is_empty());
        assert_eq!(b.resolution(), 1);
    }

    proptest! {
        #[test]
        fn a_spike_survives_any_amount_of_series_thinning(
            ys in prop::collection::vec(0.0f64..100.0, 9..5000),
            spike_at in 0usize..5000,
            up in any::<bool>(),
            cap in 8usize..300,
        ) {
            let spike_at = spike_at % ys.len();
            let spike = if up { 1000.0 } else { -1000.0 };
            let mut s = Series::new(cap);
            for (i, y) in ys.iter().enumerate() {
                s.push(i as f64, if i == spike_at { spike } else { *y });
            }
            prop_assert!(s.len() <= cap.max(8));
            prop_assert!(s.points().contains(&(spike_at as f64, spike)));
            prop_assert_eq!(s.points().last().map(|p| p.0), Some((ys.len() - 1) as f64));
            prop_assert!(s.points().windows(2).all(|w| w[0].0 < w[1].0));
        }

        #[test]
        fn thinning_keeps_every_bucket_extreme_and_the_latest(
            ys in prop::collection::vec(0.0f64..100.0, 1..3000),
            cap in 8usize..200,
        ) {
            let mut b = Backlog::new(cap);
            for (i, y) in ys.iter().enumerate() {
                b.push(point(i as u64, *y));
            }
            let size = b.resolution() as usize;
            let kept = b.take();
            prop_assert!(kept.len() <= cap + 1);
            prop_assert!(kept.windows(2).all(|w| w[0].iteration < w[1].iteration));
            prop_assert_eq!(kept.last().map(|p| p.iteration), Some(ys.len() as u64 - 1));
            for p in &kept {
                prop_assert_eq!(p.energy, ys[p.iteration as usize]);
            }
            // Each bucket of `size` points keeps its lowest and highest.
            for (k, chunk) in ys.chunks(size).enumerate() {
                let lo = chunk.iter().cloned().fold(f64::INFINITY, f64::min);
                let hi = chunk.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let range = (k * size) as u64..((k + 1) * size) as u64;
                let inside: Vec<f64> = kept
                    .iter()
                    .filter(|p| range.contains(&p.iteration))
                    .map(|p| p.energy)
                    .collect();
                prop_assert!(inside.contains(&lo), "bucket {} lost its low", k);
                prop_assert!(inside.contains(&hi), "bucket {} lost its high", k);
            }
        }
    }
}
