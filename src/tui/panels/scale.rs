//! How the plots map data to their axes: the zoom (only the latest part of
//! the run), the log-scale y axis and a y range never narrower than what
//! the value can meaningfully change. Pure functions of the points.

/// The user's choice of how plots show their data (`e`, `[`, `]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlotView {
    /// y axis in log scale (`log10(1 + v)`, mirrored for negative values).
    pub log: bool,
    /// Zoom level: the plot shows the last `1 / 2^zoom` of the x span.
    pub zoom: u8,
}

/// The deepest zoom level (the last 1/1024 of the run).
pub const ZOOM_MAX: u8 = 10;

/// The narrowest y span, relative to the largest |value| shown: a
/// near-constant series plots flat rather than as a steep fall.
pub const MIN_REL_SPAN: f64 = 0.1;

/// The y value as plotted: itself, or `sign(v) · log10(1 + |v|)` on a log
/// axis (defined for every value, 0 at 0, monotone).
pub fn to_axis(v: f64, log: bool) -> f64 {
    if log {
        v.signum() * v.abs().ln_1p() / std::f64::consts::LN_10
    } else {
        v
    }
}

/// The inverse of [`to_axis`]: the value shown at an axis position.
pub fn from_axis(a: f64, log: bool) -> f64 {
    if log {
        a.signum() * (a.abs() * std::f64::consts::LN_10).exp_m1()
    } else {
        a
    }
}

/// The visible x window: the whole `full` range, or its last `1/2^zoom`,
/// never narrower than `min_span` (nor wider than the range). `None` when
/// there is nothing to show (no points, or all at one x).
pub fn x_window(full: Option<(f64, f64)>, zoom: u8, min_span: f64) -> Option<[f64; 2]> {
    let (lo, hi) = full?;
    let span = hi - lo;
    if span.is_nan() || span <= 0.0 || !span.is_finite() {
        return None;
    }
    let shown = (span / f64::from(1u32 << zoom.min(ZOOM_MAX)))
        .max(min_span)
        .min(span);
    Some([hi - shown, hi])
}

/// The x range over several point sets, if any point.
pub fn x_extent<'a>(sets: impl IntoIterator<Item = &'a [(f64, f64)]>) -> Option<(f64, f64)> {
    let mut out: Option<(f64, f64)> = None;
    for s in sets {
        for &(x, _) in s {
            out = Some(out.map_or((x, x), |(a, b)| (a.min(x), b.max(x))));
        }
    }
    out
}

/// The points of `data` from `from` on, their y mapped to the axis.
pub fn visible(data: &[(f64, f64)], from: f64, log: bool) -> Vec<(f64, f64)> {
    data.iter()
        .filter(|p| p.0 >= from)
        .map(|&(x, y)| (x, to_axis(y, log)))
        .collect()
}

/// The y bounds on the axis for values spanning `lo..=hi` (unmapped): from
/// 0 when `floor_zero` and all are non-negative, 5 % headroom on top, and
/// never narrower than [`MIN_REL_SPAN`] of the largest |value| (1 when all
/// are 0), centred on the data and kept non-negative when the data is.
pub fn y_bounds(lo: f64, hi: f64, floor_zero: bool, log: bool) -> [f64; 2] {
    let (mut lo, mut hi) = if lo.is_finite() && hi.is_finite() && lo <= hi {
        (lo, hi)
    } else {
        (0.0, 0.0)
    };
    let non_negative = lo >= 0.0;
    if floor_zero && non_negative {
        lo = 0.0;
    }
    hi += (hi - lo) * 0.05;
    let mut min_span = MIN_REL_SPAN * lo.abs().max(hi.abs());
    if min_span.is_nan() || min_span <= 0.0 {
        min_span = 1.0;
    }
    if hi - lo < min_span {
        let mid = (lo + hi) / 2.0;
        lo = mid - min_span / 2.0;
        hi = mid + min_span / 2.0;
        if non_negative && lo < 0.0 {
            (lo, hi) = (0.0, min_span);
        }
    }
    [to_axis(lo, log), to_axis(hi, log)]
}

/// (min, max) of the unmapped y values of several point sets.
pub fn y_extent<'a>(sets: impl IntoIterator<Item = &'a [(f64, f64)]>) -> Option<(f64, f64)> {
    let mut out: Option<(f64, f64)> = None;
    for s in sets {
        for &(_, y) in s {
            out = Some(out.map_or((y, y), |(a, b)| (a.min(y), b.max(y))));
        }
    }
    out
}

/// The part of the run a zoomed plot shows, for its title: `last 1.2k
/// toy steps`; `None` when it shows the whole run.
pub fn zoom_note(window: Option<[f64; 2]>, full: Option<(f64, f64)>, unit: &str) -> Option<String> {
    let [a, b] = window?;
    let (lo, _) = full?;
    if a <= lo {
        return None;
    }
    let span = b - a;
    let text = if span >= 10.0 {
        cubetui_run::numbers::si(span, 1)
    } else {
        format!("{}", (span * 1000.0).round() / 1000.0)
    };
    Some(format!("last {text} {unit}"))
}

/// A replay's cursor at step `at` on a plot whose x window is `x` and y
/// bounds `y`: a vertical line (its two ends), when the step is in the
/// window.
pub fn cursor_line(
    at: Option<u64>,
    x: Option<[f64; 2]>,
    y: Option<[f64; 2]>,
) -> Option<[(f64, f64); 2]> {
    let at = at? as f64;
    let [lo, hi] = x?;
    let [y0, y1] = y.unwrap_or([0.0, 1.0]);
    (lo..=hi).contains(&at).then_some([(at, y0), (at, y1)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_constant_series_gets_the_minimum_span() {
        // The sa-pll-conj temperature (0.370003 falling to 0.369935).
        let [lo, hi] = y_bounds(0.369935, 0.370003, false, false);
        assert!(hi - lo >= MIN_REL_SPAN * 0.370003 * 0.999, "{lo}..{hi}");
        assert!(lo <= 0.369935 && hi >= 0.370003, "the data stays inside");
        // Centred: the data sits in the middle, so it plots flat.
        let mid = (lo + hi) / 2.0;
        assert!((mid - 0.36997).abs() < 1e-3, "{mid}");
    }

    #[test]
    fn wide_ranges_keep_their_span_and_zero_gets_one() {
        let [lo, hi] = y_bounds(10.0, 40.0, true, false);
        assert_eq!(lo, 0.0);
        assert!((hi - 42.0).abs() < 1e-9, "{hi}");
        assert_eq!(y_bounds(0.0, 0.0, false, false), [0.0, 1.0]);
        // A small positive constant does not reach below zero.
        let [lo, _] = y_bounds(0.001, 0.001, false, false);
        assert!(lo >= 0.0);
    }

    #[test]
    fn the_log_axis_is_monotone_defined_at_zero_and_invertible() {
        for v in [-1e6, -3.0, -0.5, 0.0, 0.25, 1.0, 9.0, 99.0, 1e9] {
            let a = to_axis(v, true);
            assert!(a.is_finite());
            assert!(
                (from_axis(a, true) - v).abs() <= 1e-9 * v.abs().max(1.0),
                "{v}"
            );
        }
        assert_eq!(to_axis(0.0, true), 0.0);
        assert!((to_axis(99.0, true) - 2.0).abs() < 1e-12);
        assert!(to_axis(-2.0, true) < to_axis(-1.0, true));
        assert_eq!(to_axis(7.0, false), 7.0);
    }

    #[test]
    fn zoom_halves_the_window_down_to_its_minimum() {
        let full = Some((0.0, 1000.0));
        assert_eq!(x_window(full, 0, 16.0), Some([0.0, 1000.0]));
        assert_eq!(x_window(full, 1, 16.0), Some([500.0, 1000.0]));
        assert_eq!(x_window(full, 2, 16.0), Some([750.0, 1000.0]));
        assert_eq!(x_window(full, ZOOM_MAX, 16.0), Some([984.0, 1000.0]));
        assert_eq!(x_window(Some((5.0, 5.0)), 0, 16.0), None, "idle");
        assert_eq!(x_window(None, 3, 16.0), None);
        assert_eq!(zoom_note(x_window(full, 0, 16.0), full, "steps"), None);
        assert_eq!(
            zoom_note(x_window(full, 2, 16.0), full, "steps").as_deref(),
            Some("last 250 steps")
        );
    }

    #[test]
    fn the_cursor_is_a_vertical_line_inside_the_window_only() {
        let (x, y) = (Some([10.0, 20.0]), Some([0.0, 5.0]));
        assert_eq!(
            cursor_line(Some(15), x, y),
            Some([(15.0, 0.0), (15.0, 5.0)])
        );
        assert_eq!(
            cursor_line(Some(20), x, y),
            Some([(20.0, 0.0), (20.0, 5.0)])
        );
        assert_eq!(cursor_line(Some(21), x, y), None);
        assert_eq!(cursor_line(None, x, y), None);
        assert_eq!(cursor_line(Some(15), None, y), None, "idle: no window");
    }
}
