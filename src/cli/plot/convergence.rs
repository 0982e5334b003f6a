//! The convergence curves: one start's race ([`draw_curves`]: each lane's
//! moves to solved and best energy against its CPU time) and a bench's bands ([`draw_bands`]:
//! per lane the median over its cubes of the best energy and of moves to
//! solved against time, in a band from the lower to the upper quartile).

use std::path::Path;

use color_eyre::eyre::Report;
use plotters::coord::Shift;
use plotters::prelude::*;

use cubetui_run::trace::Trace;

use super::super::exit::OutputError;
use super::axes::{Failure, colour, draw_legend, log_chart, span, tick, value};
use super::bands::{self, Band, Pick};

/// How opaque a band is.
const BAND_ALPHA: f64 = 0.18;

/// Draws the two panels of `lanes` (each lane's traces and colour) side by
/// side in `area`: best energy and moves to solved, against time.
pub fn draw_bands(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    lanes: &[(&[Trace], RGBColor)],
) -> Result<(), Failure> {
    let grid = bands::grid(lanes.iter().flat_map(|(t, _)| t.iter()));
    let (left, right) = area.split_horizontally(600);
    let of = |pick: Pick| -> Vec<(Band, RGBColor)> {
        (lanes.iter())
            .map(|(t, c)| (bands::band(t, &grid, pick), *c))
            .collect()
    };
    band_panel(
        &left,
        (
            "best energy: median over the cubes, 25-75 % band",
            "best energy (as each solver counts it)",
        ),
        &grid,
        of(bands::best),
    )?;
    band_panel(
        &right,
        (
            "moves to solved from the best state: median, 25-75 % band",
            "moves to solved (HTM, two-phase)",
        ),
        &grid,
        of(bands::to_solved),
    )
}

/// One panel: each lane's band (a polygon from the upper quartile out and
/// the lower one back) and its median line over it, on a log time axis.
fn band_panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    (caption, y_desc): (&str, &str),
    grid: &[f64],
    lanes: Vec<(Band, RGBColor)>,
) -> Result<(), Failure> {
    let (lo, hi) = match (grid.first(), grid.last()) {
        (Some(&lo), Some(&hi)) if hi > lo => (lo, hi),
        (Some(&lo), _) => (lo, lo * 1.25),
        _ => (0.01, 1.0),
    };
    let top = (lanes.iter())
        .flat_map(|(b, _)| b.upper.iter().copied())
        .filter(|v| v.is_finite())
        .fold(1.0f64, f64::max);
    let mut chart = log_chart(area, caption, (lo, hi), 0.0..top * 1.05)?;
    chart
        .configure_mesh()
        .x_desc("ms since the solver started, tracing left out (log)")
        .x_label_formatter(&tick)
        .y_desc(y_desc)
        .y_label_formatter(&value)
        .draw()?;
    // Where a lane has a value: grid times with a finite median.
    let known = |b: &Band| -> Vec<usize> {
        (0..grid.len())
            .filter(|&i| b.median[i].is_finite())
            .collect()
    };
    for (b, c) in &lanes {
        let at = known(b);
        if at.is_empty() {
            continue;
        }
        let outline: Vec<(f64, f64)> = (at.iter().map(|&i| (grid[i], b.upper[i])))
            .chain(at.iter().rev().map(|&i| (grid[i], b.lower[i])))
            .collect();
        chart.draw_series(std::iter::once(Polygon::new(
            outline,
            c.mix(BAND_ALPHA).filled(),
        )))?;
    }
    for (b, c) in &lanes {
        let line: Vec<(f64, f64)> = known(b)
            .into_iter()
            .map(|i| (grid[i], b.median[i]))
            .collect();
        if !line.is_empty() {
            chart.draw_series(LineSeries::new(line, c.stroke_width(2)))?;
        }
    }
    Ok(())
}

/// One lane of a race's picture: its name and its points, (CPU ms, value)
/// each: moves to solved from its best state, and its best energy so far
/// (as its solver counts it).
pub struct LaneCurves {
    pub label: String,
    pub to_solved: Vec<(f64, f64)>,
    pub best: Vec<(f64, f64)>,
}

/// Draws a race to `path` (SVG): each lane's moves to solved against its
/// CPU time (the race screen's measure, one every solver shares) and,
/// beside it, its best energy as its solver counts it (a phase solver's is
/// its current phase's, so that line may climb at a phase change); one
/// legend entry per lane. Without any moves to solved (past the 3×3: no
/// reference), the energies alone.
pub fn draw_curves(path: &Path, title: &str, lanes: &[LaneCurves]) -> Result<(), Report> {
    curves_svg(path, title, lanes)
        .map_err(|e| OutputError(format!("--plot: cannot write {}: {e}", path.display())).into())
}

fn curves_svg(path: &Path, title: &str, lanes: &[LaneCurves]) -> Result<(), Failure> {
    let measured = lanes.iter().any(|l| !l.to_solved.is_empty());
    let legend_h = 20 * lanes.len().div_ceil(2) as u32 + 16;
    let width = if measured { 1200 } else { 900 };
    let root = SVGBackend::new(path, (width, 480 + legend_h)).into_drawing_area();
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 16))?;
    let (charts, legend) = root.split_vertically(440);
    // One time axis for both panels, from 0.1 ms: the start points (CPU
    // time ~0) sit on the left edge.
    let times = lanes
        .iter()
        .flat_map(|l| l.to_solved.iter().chain(&l.best))
        .map(|&(t, _)| t.max(0.1));
    let x = span(times, 0.1);
    let best = |l: &LaneCurves| l.best.clone();
    if measured {
        let (left, right) = charts.split_horizontally(600);
        let to_solved = |l: &LaneCurves| l.to_solved.clone();
        let caption = "moves to solved from the best state, against CPU time";
        panel(
            &left,
            (caption, "moves to solved (HTM)"),
            x,
            lanes,
            &to_solved,
        )?;
        let caption = "best energy, as each solver counts it";
        panel(&right, (caption, "best energy"), x, lanes, &best)?;
    } else {
        let caption = "best energy so far, as each solver counts it, against CPU time";
        panel(&charts, (caption, "best energy"), x, lanes, &best)?;
    }
    let entries: Vec<(String, RGBColor)> = (lanes.iter().enumerate())
        .map(|(i, l)| (l.label.clone(), colour(i)))
        .collect();
    draw_legend(&legend, &entries)?;
    root.present()?;
    Ok(())
}

/// One panel of a race: the line `pick` takes from each lane, against CPU
/// ms on the log axis `(lo, hi)`.
fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    (caption, y_desc): (&str, &str),
    (lo, hi): (f64, f64),
    lanes: &[LaneCurves],
    pick: &dyn Fn(&LaneCurves) -> Vec<(f64, f64)>,
) -> Result<(), Failure> {
    let lines: Vec<Vec<(f64, f64)>> = lanes.iter().map(pick).collect();
    let top = (lines.iter().flatten())
        .map(|&(_, e)| e)
        .filter(|e| e.is_finite())
        .fold(1.0f64, f64::max);
    let mut chart = log_chart(area, caption, (lo, hi), 0.0..top * 1.05)?;
    chart
        .configure_mesh()
        .x_desc("CPU ms (log)")
        .y_desc(y_desc)
        .x_label_formatter(&tick)
        .draw()?;
    for (i, pts) in lines.iter().enumerate() {
        let line: Vec<(f64, f64)> = pts
            .iter()
            .filter(|(_, e)| e.is_finite())
            .map(|&(t, e)| (t.clamp(lo, hi), e))
            .collect();
        chart.draw_series(LineSeries::new(line, colour(i).stroke_width(2)))?;
    }
    Ok(())
}
