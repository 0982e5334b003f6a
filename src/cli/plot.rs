//! `--plot FILE.svg` of `bench`, `sweep` and `merge`: two pictures side by
//! side, one line per preset (or combination), each the fraction of all
//! cubes solved against
//!
//! - the solution length in HTM (log axis), with the two-phase reference
//!   when the run has it (grey), and
//! - the time to solve in ms (log axis): the run-time distribution.
//!
//! A curve that stays below 1 leaves cubes unsolved. Convergence curves
//! (energy against time) need per-step traces, which a bench does not
//! record; `race --plot` draws them ([`draw_curves`]: each lane's best
//! energy against its CPU time). Drawn with `plotters`' SVG backend (no
//! system libraries).

use std::path::Path;

use color_eyre::eyre::Report;
use plotters::prelude::*;

use super::exit::OutputError;
use super::summary::Sample;

/// One line per lane.
pub struct Series<'a> {
    pub label: &'a str,
    pub samples: &'a [Sample],
}

/// Colours of the lines, in lane order (then again).
const COLOURS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
    RGBColor(127, 127, 127),
];
/// The reference's line.
const REFERENCE: RGBColor = RGBColor(160, 160, 160);

/// The lane's colour.
pub fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

/// Checks that `path` can be written, before a long run.
pub fn check(path: &Path) -> Result<(), Report> {
    std::fs::write(path, b"")
        .map_err(|e| OutputError(format!("--plot: cannot write {}: {e}", path.display())).into())
}

/// The empirical distribution of `values` as a step line over `n` cubes:
/// (x, fraction of the cubes at most x).
fn steps(mut values: Vec<f64>, n: usize) -> Vec<(f64, f64)> {
    values.sort_by(f64::total_cmp);
    let mut out = Vec::with_capacity(2 * values.len());
    let n = n.max(1) as f64;
    for (i, v) in values.iter().enumerate() {
        out.push((*v, i as f64 / n));
        out.push((*v, (i + 1) as f64 / n));
    }
    out
}

/// A log axis over whole decades around the smallest and largest value
/// (each at least `floor`), so its ticks fall on 1, 10, 100, …
fn span(values: impl Iterator<Item = f64>, floor: f64) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    let lo = if lo.is_finite() { lo.max(floor) } else { floor };
    let hi = hi.max(lo);
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf((hi * 1.0001).log10().ceil());
    (lo, hi)
}

/// Draws the picture to `path` (SVG) under `title`.
pub fn draw(
    path: &Path,
    title: &str,
    series: &[Series<'_>],
    reference: Option<&[usize]>,
) -> Result<(), Report> {
    draw_svg(path, title, series, reference)
        .map_err(|e| OutputError(format!("--plot: cannot write {}: {e}", path.display())).into())
}

type Failure = Box<dyn std::error::Error>;

fn draw_svg(
    path: &Path,
    title: &str,
    series: &[Series<'_>],
    reference: Option<&[usize]>,
) -> Result<(), Failure> {
    let extra = usize::from(reference.is_some_and(|r| !r.is_empty()));
    let legend_rows = (series.len() + extra).div_ceil(2) as u32;
    let legend_h = 20 * legend_rows + 16;
    let root = SVGBackend::new(path, (1200, 480 + legend_h)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 16))?;
    let (charts, legend) = root.split_vertically(440);
    let (left, right) = charts.split_horizontally(600);
    let mut entries: Vec<(String, RGBColor)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (s.label.to_string(), colour(i)))
        .collect();
    if extra == 1 {
        entries.push(("reference (two-phase)".into(), REFERENCE));
    }
    draw_legend(&legend, &entries)?;
    // Each line: the solved cubes' values, over all of the lane's cubes.
    let solved = |f: &dyn Fn(&Sample) -> f64| -> Vec<Curve> {
        (series.iter().enumerate())
            .map(|(i, s)| {
                let v = s.samples.iter().filter(|x| x.solved).map(f).collect();
                (v, s.samples.len(), colour(i))
            })
            .collect()
    };
    let mut lengths = solved(&|x| (x.moves as f64).max(1.0));
    let refs: Vec<f64> = (reference.unwrap_or(&[]).iter())
        .map(|&r| (r as f64).max(1.0))
        .collect();
    if !refs.is_empty() {
        let n = refs.len();
        lengths.push((refs, n, REFERENCE));
    }
    fraction_panel(
        &left,
        ("solution length (HTM, log)", "moves (HTM)"),
        1.0,
        lengths,
    )?;
    fraction_panel(
        &right,
        (
            "time to solve (ms, log)",
            "wall-clock ms per cube, setup included",
        ),
        1e-3,
        solved(&|x| (x.elapsed.as_secs_f64() * 1e3).max(1e-3)),
    )?;
    root.present()?;
    Ok(())
}

/// One line of a fraction-solved panel: the values, over how many cubes,
/// in which colour.
type Curve = (Vec<f64>, usize, RGBColor);

/// A panel of `curves` as the fraction of cubes solved against a log axis
/// (values at least `floor`), with its caption and the x axis's name.
fn fraction_panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    (caption, x_desc): (&str, &str),
    floor: f64,
    curves: Vec<Curve>,
) -> Result<(), Failure> {
    let (lo, hi) = span(curves.iter().flat_map(|c| c.0.iter().copied()), floor);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 14))
        .margin(12)
        .margin_right(32)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d((lo..hi).log_scale(), 0.0..1.02)?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .x_label_formatter(&tick)
        .y_desc("fraction of cubes solved")
        .draw()?;
    for (values, n, c) in curves {
        chart.draw_series(LineSeries::new(steps(values, n), c.stroke_width(2)))?;
    }
    Ok(())
}

/// Draws convergence curves to `path` (SVG): each lane's (CPU ms, best
/// energy) points, one line per lane, on a log time axis. (A phase solver's
/// best energy is its current phase's, so its line may climb at a phase
/// change.)
pub fn draw_curves(
    path: &Path,
    title: &str,
    curves: &[(String, Vec<(f64, f64)>)],
) -> Result<(), Report> {
    curves_svg(path, title, curves)
        .map_err(|e| OutputError(format!("--plot: cannot write {}: {e}", path.display())).into())
}

fn curves_svg(
    path: &Path,
    title: &str,
    curves: &[(String, Vec<(f64, f64)>)],
) -> Result<(), Failure> {
    let legend_h = 20 * curves.len().div_ceil(2) as u32 + 16;
    let root = SVGBackend::new(path, (900, 480 + legend_h)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 16))?;
    let (chart_area, legend) = root.split_vertically(440);
    let points = || curves.iter().flat_map(|(_, p)| p.iter());
    // From 0.1 ms: the start points (CPU time ~0) sit on the left edge.
    let (lo, hi) = span(points().map(|&(t, _)| t.max(0.1)), 0.1);
    let top = points()
        .map(|&(_, e)| e)
        .filter(|e| e.is_finite())
        .fold(1.0f64, f64::max);
    let mut chart = ChartBuilder::on(&chart_area)
        .caption(
            "best energy so far, as each solver counts it, against CPU time",
            ("sans-serif", 14),
        )
        .margin(12)
        .margin_right(32)
        .x_label_area_size(36)
        .y_label_area_size(44)
        .build_cartesian_2d((lo..hi).log_scale(), 0.0..top * 1.05)?;
    chart
        .configure_mesh()
        .x_desc("CPU ms (log)")
        .y_desc("best energy")
        .x_label_formatter(&tick)
        .draw()?;
    let mut entries = Vec::with_capacity(curves.len());
    for (i, (label, pts)) in curves.iter().enumerate() {
        let c = colour(i);
        let line: Vec<(f64, f64)> = pts
            .iter()
            .filter(|(_, e)| e.is_finite())
            .map(|&(t, e)| (t.clamp(lo, hi), e))
            .collect();
        chart.draw_series(LineSeries::new(line, c.stroke_width(2)))?;
        entries.push((label.clone(), c));
    }
    draw_legend(&legend, &entries)?;
    root.present()?;
    Ok(())
}

/// A tick label: whole numbers without decimals.
fn tick(v: &f64) -> String {
    if *v >= 1.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// The legend under the pictures: a swatch and the name of each line, in
/// two columns (down the first, then the second).
fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    entries: &[(String, RGBColor)],
) -> Result<(), Failure> {
    let rows = entries.len().div_ceil(2).max(1);
    for (i, (label, c)) in entries.iter().enumerate() {
        let x = 60 + 580 * (i / rows) as i32;
        let y = 12 + 20 * (i % rows) as i32;
        area.draw(&PathElement::new(
            vec![(x, y), (x + 24, y)],
            c.stroke_width(3),
        ))?;
        area.draw(&Text::new(
            label.clone(),
            (x + 32, y - 7),
            ("sans-serif", 13).into_font(),
        ))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_climb_by_one_cube_over_all_cubes() {
        // Two solved of four: the line ends at one half.
        let s = steps(vec![30.0, 10.0], 4);
        assert_eq!(s, [(10.0, 0.0), (10.0, 0.25), (30.0, 0.25), (30.0, 0.5)]);
        assert!(steps(Vec::new(), 0).is_empty());
        let (lo, hi) = span([5.0, 50.0].into_iter(), 1.0);
        assert!(lo < 5.0 && hi > 50.0);
        let (lo, hi) = span(std::iter::empty(), 1.0);
        assert!(lo > 0.0 && hi > lo);
    }
}
