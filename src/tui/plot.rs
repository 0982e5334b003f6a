//! The live plots: energy (current and best, generator switches marked) and
//! an auxiliary plot (temperature, or the solver's own metrics). Each shows
//! the view's zoom and log scale ([`super::scale`]), its legend in the title
//! line (never over the data) and the x axis' name in the bottom border.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

use super::app::App;
use super::history::Series;
use super::scale::{self, PlotView};
use crate::numbers::si;

/// Marker used by the plots.
pub const MARKER: Marker = Marker::Braille;

/// The narrowest zoom window, in steps.
pub const MIN_STEPS: f64 = 16.0;

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

/// What a plot shows of its data: the visible x window (`None`: nothing
/// to show yet, the axes stay unlabelled), the y bounds on the axis (`None`:
/// no point visible) and whether the axis is in log scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PlotFrame {
    pub x: Option<[f64; 2]>,
    pub y: Option<[f64; 2]>,
    pub log: bool,
}

/// A plot's frame, its visible points (y on the axis) and its zoom note.
pub(super) struct Framed {
    pub frame: PlotFrame,
    pub points: Vec<Vec<(f64, f64)>>,
    pub note: Option<String>,
}

/// The frame for point sets under `view`: zoomed to the latest part (at
/// least `min_span` wide), y from the visible points (from 0 when
/// `floor_zero`). Also returns the visible points, y mapped to the axis,
/// and the zoom note for the title (`unit` names the x axis).
pub(super) fn frame_for(
    sets: &[&[(f64, f64)]],
    view: PlotView,
    min_span: f64,
    floor_zero: bool,
    unit: &str,
) -> Framed {
    let full = scale::x_extent(sets.iter().copied());
    let x = scale::x_window(full, view.zoom, min_span);
    let from = x.map_or(f64::NEG_INFINITY, |w| w[0]);
    let shown: Vec<Vec<(f64, f64)>> = sets
        .iter()
        .map(|s| s.iter().copied().filter(|p| p.0 >= from).collect())
        .collect();
    let y = scale::y_extent(shown.iter().map(Vec::as_slice))
        .map(|(lo, hi)| scale::y_bounds(lo, hi, floor_zero, view.log));
    // Idle (no x span yet): empty axes, no lone point on the y axis.
    let mapped = shown
        .iter()
        .map(|s| match x {
            Some(_) => scale::visible(s, from, view.log),
            None => Vec::new(),
        })
        .collect();
    let note = scale::zoom_note(x, full, unit);
    Framed {
        frame: PlotFrame {
            x,
            y,
            log: view.log,
        },
        points: mapped,
        note,
    }
}

/// Three labels over `b` (values back from the axis on a log scale).
fn y_labels(b: [f64; 2], log: bool) -> Vec<Line<'static>> {
    if !log {
        return labels(b, false);
    }
    let v = [b[0], (b[0] + b[1]) / 2.0, b[1]].map(|a| scale::from_axis(a, true));
    let span = (v[2] - v[0]).max(1e-9);
    v.iter().map(|&x| Line::from(label(x, span))).collect()
}

/// The axes of a plot framed by `fr`: integer x labels when `x_integer`,
/// `y_title` over y (with "(log)" on a log axis). An axis with nothing to
/// show has no labels (idle plots show empty axes).
pub(super) fn axes<'a>(
    chart: Chart<'a>,
    fr: PlotFrame,
    x_integer: bool,
    y_title: &str,
) -> Chart<'a> {
    // Blank labels still draw the axis lines.
    let blank = || vec![Line::from(""), Line::from("")];
    let xa = Axis::default()
        .bounds(fr.x.unwrap_or([0.0, 1.0]))
        .labels(fr.x.map_or_else(blank, |x| labels(x, x_integer)));
    let title = match (fr.log, y_title.is_empty()) {
        (true, true) => "(log)".to_string(),
        (true, false) => format!("{y_title} (log)"),
        (false, _) => y_title.to_string(),
    };
    let ya = Axis::default()
        .title(title)
        .bounds(fr.y.unwrap_or([0.0, 1.0]))
        .labels(match (fr.y, fr.x) {
            (Some(y), Some(_)) => y_labels(y, fr.log),
            _ => blank(),
        });
    chart.x_axis(xa).y_axis(ya).legend_position(None)
}

/// A plot's border: the legend (and zoom note) in the title line, clear of
/// the data; the x axis' name in the bottom border, on the right.
pub(super) fn plot_block<'a>(app: &App, title: Vec<Span<'a>>, x_name: String) -> Block<'a> {
    Block::bordered()
        .title(Line::from(title))
        .title_bottom(Line::from(format!(" {x_name} ")).right_aligned())
        .border_style(Style::default().fg(app.theme().accent))
}

/// A legend entry: the glyph in the series' style, then its name.
pub(super) fn entry(glyph: &'static str, style: Style, name: String) -> [Span<'static>; 2] {
    [Span::styled(glyph, style), Span::raw(format!(" {name} "))]
}

/// The start of a plot's title: a space and the zoom note, if zoomed.
fn title_head(note: Option<String>) -> Vec<Span<'static>> {
    match note {
        Some(n) => vec![Span::raw(format!(" {n} │ "))],
        None => vec![Span::raw(" ")],
    }
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
    let unit = app.step_name();
    let Framed {
        frame: fr,
        points: data,
        note,
    } = frame_for(
        &[p.energy().points(), p.best().points()],
        app.plot_view(),
        MIN_STEPS,
        true,
        &format!("{unit}s"),
    );
    let from = fr.x.map_or(f64::NEG_INFINITY, |w| w[0]);
    let y = fr.y.unwrap_or([0.0, 1.0]);
    // Each switch is a vertical column of points.
    let shown_marks: Vec<_> = p
        .marks()
        .iter()
        .filter(|m| m.iteration as f64 >= from)
        .collect();
    let marks: Vec<(f64, f64)> = shown_marks
        .iter()
        .flat_map(|m| {
            (0..=12).map(move |i| (m.iteration as f64, y[0] + (y[1] - y[0]) * i as f64 / 12.0))
        })
        .collect();
    let (energy, best, switch) = (
        colour(app, app.theme().energy),
        colour(app, app.theme().best),
        colour(app, app.theme().temperature),
    );
    let mut sets = vec![
        Dataset::default()
            .marker(MARKER)
            .graph_type(GraphType::Line)
            .style(energy)
            .data(&data[0]),
        Dataset::default()
            .marker(MARKER)
            .graph_type(GraphType::Line)
            .style(best)
            .data(&data[1]),
    ];
    let mut title = title_head(note);
    title.extend(entry("■", energy, "energy".into()));
    title.extend(entry("■", best, "best".into()));
    if !marks.is_empty() {
        sets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(switch)
                .data(&marks),
        );
    }
    if let Some(m) = p.marks().last() {
        // A generator's mark is its name; a knob's (`mutation_rate 0.2→0.5`)
        // or a phase change's says itself.
        let what = if m.label.contains('→') {
            m.label.clone()
        } else {
            format!("switch → {}", m.label)
        };
        let name = format!("{what} at {}", label(m.iteration as f64, 1e6));
        title.extend(entry("•", switch, name));
    }
    let chart = Chart::new(sets).block(plot_block(app, title, unit.to_string()));
    f.render_widget(axes(chart, fr, true, "E"), area);
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
            Paragraph::new("nothing to plot yet").block(
                Block::bordered()
                    .title(" aux ")
                    .border_style(Style::default().fg(app.theme().accent)),
            ),
            area,
        );
        return;
    }
    let unit = app.step_name();
    let all: Vec<&[(f64, f64)]> = series.iter().map(|(_, s)| s.points()).collect();
    let Framed {
        frame: fr,
        points: data,
        note,
    } = frame_for(&all, app.plot_view(), MIN_STEPS, false, &format!("{unit}s"));
    let palette = [
        app.theme().temperature,
        app.theme().best,
        app.theme().energy,
    ];
    let mut title = title_head(note);
    let sets: Vec<Dataset> = series
        .iter()
        .zip(palette)
        .zip(&data)
        .map(|(((name, _), c), d)| {
            title.extend(entry("■", colour(app, c), name.to_string()));
            Dataset::default()
                .marker(MARKER)
                .graph_type(GraphType::Line)
                .style(colour(app, c))
                .data(d)
        })
        .collect();
    let chart = Chart::new(sets).block(plot_block(app, title, unit.to_string()));
    f.render_widget(axes(chart, fr, true, ""), area);
}
