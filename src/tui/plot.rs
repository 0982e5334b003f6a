//! The live plots: energy (current and best, generator switches marked) and
//! an auxiliary plot (temperature, or the solver's own metrics).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

use super::app::App;
use super::history::Series;
use crate::numbers::si;

/// Marker used by the plots.
pub const MARKER: Marker = Marker::Braille;

/// (lo, hi) over several series, widened so the range is never empty.
fn bounds(series: &[&Series], x: bool, floor_zero: bool) -> [f64; 2] {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for s in series {
        if let Some((a, b)) = if x { s.x_range() } else { s.y_range() } {
            lo = lo.min(a);
            hi = hi.max(b);
        }
    }
    if !lo.is_finite() || !hi.is_finite() {
        return [0.0, 1.0];
    }
    if floor_zero && lo >= 0.0 {
        lo = 0.0;
    }
    if !x {
        hi += (hi - lo).abs() * 0.05;
    }
    if hi - lo < 1e-9 {
        hi = lo + 1.0;
    }
    [lo, hi]
}

fn label(v: f64, span: f64) -> String {
    let a = v.abs();
    if a >= 1e6 || (a >= 1e4 && span >= 1e3) {
        si(v, 1)
    } else {
        let digits = if span > 0.0 {
            (2.0 - span.log10().floor()).clamp(0.0, 6.0) as usize
        } else {
            0
        };
        format!("{v:.digits$}")
    }
}

pub(super) fn labels(b: [f64; 2], integer: bool) -> Vec<Line<'static>> {
    let span = if integer {
        (b[1] - b[0]).max(100.0)
    } else {
        b[1] - b[0]
    };
    let mid = (b[0] + b[1]) / 2.0;
    vec![
        Line::from(label(b[0], span)),
        Line::from(label(mid, span)),
        Line::from(label(b[1], span)),
    ]
}

/// The axes of an energy plot: `x_title` over `x` (integer labels when
/// `x_integer`), energy "E" over `y`.
pub(super) fn energy_axes<'a>(
    chart: Chart<'a>,
    x_title: impl Into<Line<'a>>,
    x: [f64; 2],
    x_integer: bool,
    y: [f64; 2],
) -> Chart<'a> {
    chart
        .x_axis(
            Axis::default()
                .title(x_title)
                .bounds(x)
                .labels(labels(x, x_integer)),
        )
        .y_axis(
            Axis::default()
                .title("E")
                .bounds(y)
                .labels(labels(y, false)),
        )
}

fn chart_block(title: String, app: &App) -> Block<'static> {
    Block::bordered()
        .title(title)
        .border_style(Style::default().fg(app.theme().accent))
}

pub(super) fn colour(app: &App, c: Color) -> Style {
    if app.theme().depth == super::theme::Depth::None {
        Style::default()
    } else {
        Style::default().fg(c)
    }
}

/// Energy and best energy against iteration, with generator switches.
pub fn draw_energy(f: &mut Frame, app: &App, area: Rect) {
    let p = &app.track();
    let x = bounds(&[p.energy(), p.best()], true, false);
    let y = bounds(&[p.energy(), p.best()], false, true);
    // Each switch is a vertical column of points.
    let marks: Vec<(f64, f64)> = p
        .marks()
        .iter()
        .flat_map(|m| {
            (0..=12).map(move |i| (m.iteration as f64, y[0] + (y[1] - y[0]) * i as f64 / 12.0))
        })
        .collect();
    let mut sets = vec![
        Dataset::default()
            .name("energy")
            .marker(MARKER)
            .graph_type(GraphType::Line)
            .style(colour(app, app.theme().energy))
            .data(p.energy().points()),
        Dataset::default()
            .name("best")
            .marker(MARKER)
            .graph_type(GraphType::Line)
            .style(colour(app, app.theme().best))
            .data(p.best().points()),
    ];
    if !marks.is_empty() {
        sets.push(
            Dataset::default()
                .name("generator switch")
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(colour(app, app.theme().temperature))
                .data(&marks),
        );
    }
    let title = match p.marks().last() {
        Some(m) => format!(
            " energy  (→ {} at {}) ",
            m.label,
            label(m.iteration as f64, 1e6)
        ),
        None => " energy ".to_string(),
    };
    let chart = Chart::new(sets).block(chart_block(title, app));
    let chart = energy_axes(chart, app.step_name(), x, true, y);
    f.render_widget(chart, area);
}

/// The series the solver asks to have in the side plot (at most three).
pub fn draw_aux(f: &mut Frame, app: &App, area: Rect) {
    let p = &app.track();
    let series: Vec<(&str, &Series)> = match &app.profile() {
        Some(profile) => profile
            .series
            .iter()
            .zip(p.values())
            .filter(|(spec, _)| spec.side_plot)
            .take(3)
            .map(|(spec, s)| (spec.name, s))
            .collect(),
        None => Vec::new(),
    };
    if series.is_empty() {
        f.render_widget(
            Paragraph::new("nothing to plot yet").block(chart_block(" aux ".into(), app)),
            area,
        );
        return;
    }
    let all: Vec<&Series> = series.iter().map(|(_, s)| *s).collect();
    let x = bounds(&all, true, false);
    let y = bounds(&all, false, false);
    let palette = [
        app.theme().temperature,
        app.theme().best,
        app.theme().energy,
    ];
    let title = format!(
        " {} ",
        series
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let sets: Vec<Dataset> = series
        .iter()
        .zip(palette)
        .map(|((name, s), c)| {
            Dataset::default()
                .name(name.to_string())
                .marker(MARKER)
                .graph_type(GraphType::Line)
                .style(colour(app, c))
                .data(s.points())
        })
        .collect();
    let chart = Chart::new(sets)
        .block(chart_block(title, app))
        .x_axis(Axis::default().bounds(x).labels(labels(x, true)))
        .y_axis(Axis::default().bounds(y).labels(labels(y, false)));
    f.render_widget(chart, area);
}
