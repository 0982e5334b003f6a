//! Thinning plot points that wait for a slow reader, so memory stays
//! bounded and no spike is lost: like the plot history
//! (`crate::tui::history`), each bucket of four points becomes its lowest
//! and its highest energy point (in iteration order), and the first and the
//! latest points are always kept.

use super::Point;

/// Halves `points` (roughly) as described in the module doc; fewer than
/// four points are left as they are.
pub fn thin(points: &mut Vec<Point>) {
    let n = points.len();
    if n < 4 {
        return;
    }
    let mut keep = vec![false; n];
    keep[0] = true;
    keep[n - 1] = true;
    let mut start = 1;
    while start < n - 1 {
        let end = (start + 4).min(n - 1);
        let (mut lo, mut hi) = (start, start);
        for i in start..end {
            if points[i].energy < points[lo].energy {
                lo = i;
            }
            if points[i].energy > points[hi].energy {
                hi = i;
            }
        }
        keep[lo] = true;
        keep[hi] = true;
        start = end;
    }
    let mut i = 0;
    points.retain(|_| {
        i += 1;
        keep[i - 1]
    });
}
