//! `--plot FILE.svg` of `bench`, `sweep` and `merge`, one colour per preset
//! (or combination). Two pictures side by side, each the fraction of all
//! cubes solved against
//!
//! - the solution length in HTM (log axis), with the exact reference
//!   when the run has it (grey; two-phase on the 3×3, optimal on the
//!   2×2), and
//! - the time to solve in ms (log axis): the run-time distribution.
//!
//! A curve that stays below 1 leaves cubes unsolved. When the runs were
//! traced (every one: `--trace`, which `--plot` implies), two more below:
//! the convergence curves, the median best energy and the median moves to
//! solved against time (log axis), each in a band from the lower to the
//! upper quartile over the cubes ([`bands`] reads the traces on one grid,
//! [`convergence`] draws them). `race --plot` draws one start's curves
//! ([`draw_curves`]: each lane's moves to solved, and its best energy, against its CPU time). Drawn
//! with `plotters`' SVG backend (no system libraries).

use std::path::Path;

use color_eyre::eyre::Report;
use plotters::prelude::*;

use cubetui_run::trace::Trace;

use super::exit::OutputError;
use super::summary::Sample;

mod axes;
mod bands;
mod convergence;

use axes::{Failure, REFERENCE, colour, draw_legend, log_chart, span, tick};
pub use convergence::{LaneCurves, draw_curves};

/// One lane: its runs' samples and, when traced, their traces (in the
/// same order; empty when not traced).
pub struct Series<'a> {
    pub label: &'a str,
    pub samples: &'a [Sample],
    pub traces: &'a [Trace],
}

impl<'a> Series<'a> {
    /// One series a lane, from the lanes' labels, samples and traces (each
    /// in lane order).
    pub fn lanes(
        labels: &'a [String],
        samples: &'a [Vec<Sample>],
        traces: &'a [Vec<Trace>],
    ) -> Vec<Series<'a>> {
        (labels.iter().zip(samples))
            .zip(traces)
            .map(|((label, samples), traces)| Series {
                label,
                samples,
                traces,
            })
            .collect()
    }
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

/// The reference lengths of the cubes, and the reference's name for the
/// legend (`two-phase`, `optimal`).
pub type Reference<'a> = Option<(&'a [usize], &'a str)>;

/// Draws the picture to `path` (SVG) under `title`.
pub fn draw(
    path: &Path,
    title: &str,
    series: &[Series<'_>],
    reference: Reference<'_>,
) -> Result<(), Report> {
    draw_svg(path, title, series, reference)
        .map_err(|e| OutputError(format!("--plot: cannot write {}: {e}", path.display())).into())
}

fn draw_svg(
    path: &Path,
    title: &str,
    series: &[Series<'_>],
    reference: Reference<'_>,
) -> Result<(), Failure> {
    let (reference, name) = reference.unzip();
    let extra = usize::from(reference.is_some_and(|r| !r.is_empty()));
    let legend_rows = (series.len() + extra).div_ceil(2) as u32;
    let legend_h = 20 * legend_rows + 16;
    // The curves when every run of every lane has its trace.
    let traced = !series.is_empty()
        && (series.iter()).all(|s| !s.traces.is_empty() && s.traces.len() == s.samples.len());
    let rows = if traced { 2 } else { 1 };
    let root = SVGBackend::new(path, (1200, 40 + 440 * rows + legend_h)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 16))?;
    let (charts, legend) = root.split_vertically(440 * rows);
    let (top, bottom) = charts.split_vertically(440);
    let (left, right) = top.split_horizontally(600);
    if traced {
        let lanes: Vec<(&[Trace], RGBColor)> = (series.iter().enumerate())
            .map(|(i, s)| (s.traces, colour(i)))
            .collect();
        convergence::draw_bands(&bottom, &lanes)?;
    }
    let mut entries: Vec<(String, RGBColor)> = series
        .iter()
        .enumerate()
        .map(|(i, s)| (s.label.to_string(), colour(i)))
        .collect();
    if extra == 1 {
        let name = name.unwrap_or("two-phase");
        entries.push((format!("reference ({name})"), REFERENCE));
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
    let mut chart = log_chart(area, caption, (lo, hi), 0.0..1.02)?;
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
