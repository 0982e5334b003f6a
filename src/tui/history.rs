//! Bounded plot history: when full, neighbouring points are merged in buckets
//! of four, keeping each bucket's minimum and maximum (in x order), so no
//! spike ever disappears and memory stays bounded. The first and the latest
//! points are always kept.

/// One series of (x, y) points, x non-decreasing.
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

    pub fn push(&mut self, x: f64, y: f64) {
        if !y.is_finite() || !x.is_finite() {
            return;
        }
        self.points.push((x, y));
        if self.points.len() > self.cap {
            self.compress();
        }
    }

    /// Halves the number of points: each bucket of four becomes its min and
    /// max; the first and the latest point are always kept.
    fn compress(&mut self) {
        let n = self.points.len();
        let mut out = Vec::with_capacity(n / 2 + 2);
        out.push(self.points[0]);
        for bucket in self.points[1..n - 1].chunks(4) {
            let (mut lo, mut hi) = (0, 0);
            for (i, p) in bucket.iter().enumerate() {
                if p.1 < bucket[lo].1 {
                    lo = i;
                }
                if p.1 > bucket[hi].1 {
                    hi = i;
                }
            }
            if lo == hi {
                out.push(bucket[lo]);
            } else {
                out.push(bucket[lo.min(hi)]);
                out.push(bucket[lo.max(hi)]);
            }
        }
        out.push(self.points[n - 1]);
        self.points = out;
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
