//! The live plots: energy (current and best, generator switches marked) and
//! an auxiliary plot (temperature, or the solver's own metrics); the
//! moves-to-solved plot is in [`crate::tui::panels::progress`]. Each shows
//! the view's zoom and log scale ([`crate::tui::panels::scale`]), its legend in the title
//! line and rows above the data (never over it, never cut) and the x axis'
//! name, or the zoom note, in the bottom border.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

use crate::tui::history::Series;
use crate::tui::panels::legend;
use crate::tui::panels::scale::{self, PlotView};
use crate::tui::theme::Theme;
use cubetui_run::numbers::si;
use cubetui_run::runner::Track;
use cubetui_solve::MainRole;

/// Marker used by the plots.
pub const MARKER: Marker = Marker::Braille;

/// The narrowest zoom window, in steps.
pub const MIN_STEPS: f64 = 16.0;

/// What the single run's plots (these, [`crate::tui::panels::progress`]'s and
/// [`crate::tui::panels::population`]'s) draw from: the run's series and the view's
/// settings, taken from the app in one place (`single_view.rs`).
#[derive(Clone, Copy)]
pub struct PlotsView<'a> {
    /// The run's series, marks, profile and step name.
    pub track: &'a Track,
    pub theme: &'a Theme,
    /// Log scale and zoom.
    pub view: PlotView,
    /// A replay's cursor, the step it is at: a vertical line on each plot.
    pub cursor: Option<u64>,
    /// Whether moves to solved is measured (up to the 3×3, not in a replay).
    pub measured: bool,
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

pub(in crate::tui) fn labels(b: [f64; 2], integer: bool) -> Vec<Line<'static>> {
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
pub(in crate::tui) struct PlotFrame {
    pub x: Option<[f64; 2]>,
    pub y: Option<[f64; 2]>,
    pub log: bool,
}

/// A plot's frame, its visible points (y on the axis) and its zoom note.
pub(in crate::tui) struct Framed {
    pub frame: PlotFrame,
    pub points: Vec<Vec<(f64, f64)>>,
    pub note: Option<String>,
}

/// The frame for point sets under `view`: zoomed to the latest part (at
/// least `min_span` wide), y from the visible points (from 0 when
/// `floor_zero`). Also returns the visible points, y mapped to the axis,
/// and the zoom note for the title (`unit` names the x axis).
pub(in crate::tui) fn frame_for(
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
pub(in crate::tui) fn axes<'a>(
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
pub(in crate::tui) fn plot_block<'a>(
    theme: &Theme,
    title: Vec<Span<'a>>,
    x_name: String,
) -> Block<'a> {
    Block::bordered()
        .title(Line::from(title))
        .title_bottom(Line::from(format!(" {x_name} ")).right_aligned())
        .border_style(Style::default().fg(theme.accent))
}

/// A legend entry: a glyph in the series' style and its name, or (no
/// glyph) a heading that names the plot's measure.
pub(in crate::tui) struct Entry {
    pub glyph: Option<(&'static str, Style)>,
    pub name: String,
}

/// A legend entry: the glyph in the series' style, then its name.
pub(in crate::tui) fn entry(glyph: &'static str, style: Style, name: String) -> Entry {
    Entry {
        glyph: Some((glyph, style)),
        name,
    }
}

impl Entry {
    fn spans(&self, name: &str) -> Vec<Span<'static>> {
        match self.glyph {
            Some((g, style)) => vec![Span::styled(g, style), Span::raw(format!(" {name} "))],
            None => vec![Span::raw(format!("{name}: "))],
        }
    }
}

/// Data rows a plot keeps before its legend may take rows above the data.
const DATA_ROWS: u16 = 6;

/// The legend's lines within `width` columns, at most `rows` + 1 of them
/// (the title line and `rows` above the data): all entries whole when
/// that fits; else without the heading (the y axis names the measure)
/// and the names abbreviated to fit the title line.
fn legend_lines(entries: &[Entry], width: usize, rows: usize) -> Vec<Line<'static>> {
    let whole = legend::pack(entries.iter().map(|e| e.spans(&e.name)).collect(), width);
    if whole.len() <= rows + 1 {
        return whole;
    }
    let kept: Vec<&Entry> = entries.iter().filter(|e| e.glyph.is_some()).collect();
    let names: Vec<&str> = kept.iter().map(|e| e.name.as_str()).collect();
    let labels = legend::legend_labels(&names, width.saturating_sub(1));
    legend::pack(
        kept.iter().zip(&labels).map(|(e, l)| e.spans(l)).collect(),
        width,
    )
}

/// Draws `chart` bordered in `area`: the legend `entries` in the title
/// line and, those that do not fit, in rows above the data when the plot
/// keeps [`DATA_ROWS`] rows of data (else abbreviated into the title
/// line), never over the data; in the bottom border, on the right, the
/// zoom note when zoomed (it names the x unit), else the x axis' name.
pub(in crate::tui) fn render_plot(
    buf: &mut Buffer,
    theme: &Theme,
    area: Rect,
    chart: Chart,
    entries: Vec<Entry>,
    note: Option<String>,
    x_name: &str,
) {
    // Inside the borders, the axis and its labels take two rows.
    let spare = area.height.saturating_sub(4 + DATA_ROWS);
    let mut lines = legend_lines(
        &entries,
        area.width.saturating_sub(2) as usize,
        usize::from(spare),
    );
    let title = if lines.is_empty() {
        Line::from("")
    } else {
        lines.remove(0)
    };
    let bottom = format!(" {} ", note.as_deref().unwrap_or(x_name));
    let block = Block::bordered()
        .title(title)
        .title_bottom(Line::from(bottom).right_aligned())
        .border_style(Style::default().fg(theme.accent));
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = (lines.len() as u16).min(spare);
    let [top, rest] = Layout::vertical([Constraint::Length(rows), Constraint::Min(0)]).areas(inner);
    Paragraph::new(lines).render(top, buf);
    chart.render(rest, buf);
}

/// A line through `data` in `style`, drawn with the plots' marker: the
/// way every plot draws a series.
pub(in crate::tui) fn series_line(style: Style, data: &[(f64, f64)]) -> Dataset<'_> {
    Dataset::default()
        .marker(MARKER)
        .graph_type(GraphType::Line)
        .style(style)
        .data(data)
}

/// `c` as a series' style: no colour on a theme without colours.
pub(in crate::tui) fn colour(theme: &Theme, c: Color) -> Style {
    if theme.depth == crate::tui::theme::Depth::None {
        Style::default()
    } else {
        Style::default().fg(c)
    }
}

/// The main plot's two lines: the current value and the best so far of
/// what the solver optimises, as its profile says (a phase's fitness), or
/// else of the misplaced-sticker energy. Returns the measure's name (None
/// for the energy) and the two series.
fn main_series(p: &Track) -> (Option<&'static str>, &Series, &Series) {
    let profile = p.profile();
    let at = |role| profile.and_then(|pr| pr.main(role));
    match at(MainRole::Best).and_then(|i| p.values().get(i).map(|s| (i, s))) {
        Some((i, best)) => {
            let name = profile.map(|pr| pr.series[i].name);
            let current = at(MainRole::Current)
                .and_then(|j| p.values().get(j))
                .unwrap_or(best);
            (name, current, best)
        }
        None => (None, p.energy(), p.best()),
    }
}

/// The current value and the best so far of what the solver optimises
/// (misplaced stickers, or the measure its profile names, such as a
/// phase's fitness) against its steps, with generator switches and phase
/// changes marked.
fn draw_energy(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let p = v.track;
    let unit = p.step_name();
    let (measure, current, best) = main_series(p);
    let Framed {
        frame: fr,
        points: data,
        note,
    } = frame_for(
        &[current.points(), best.points()],
        v.view,
        MIN_STEPS,
        true,
        &format!("{unit}s"),
    );
    let from = fr.x.map_or(f64::NEG_INFINITY, |w| w[0]);
    let y = fr.y.unwrap_or([0.0, 1.0]);
    // Each mark is a vertical column of points.
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
    let (energy, best_style, switch) = (
        colour(v.theme, v.theme.energy),
        colour(v.theme, v.theme.best),
        colour(v.theme, v.theme.temperature),
    );
    let cursor = scale::cursor_line(v.cursor, fr.x, fr.y);
    let mut sets = vec![
        series_line(energy, &data[0]),
        series_line(best_style, &data[1]),
    ];
    let mut entries = Vec::new();
    match measure {
        Some(name) => {
            entries.push(Entry {
                glyph: None,
                name: name.to_string(),
            });
            entries.push(entry("■", energy, "current".into()));
        }
        None => entries.push(entry("■", energy, "energy".into())),
    }
    entries.push(entry("■", best_style, "best".into()));
    sets.extend(
        cursor
            .as_ref()
            .map(|c| series_line(colour(v.theme, v.theme.accent), c)),
    );
    if !marks.is_empty() {
        sets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(switch)
                .data(&marks),
        );
    }
    // The latest mark is named; every mark's glyph is the same.
    if let Some(m) = shown_marks.last() {
        let name = format!("{} at {}", m.label, label(m.iteration as f64, 1e6));
        entries.push(entry("•", switch, name));
    }
    let chart = Chart::new(sets);
    let chart = axes(chart, fr, true, measure.unwrap_or("E"));
    render_plot(buf, v.theme, area, chart, entries, note, unit);
}

/// The series the solver asks to have in the side plot (at most three);
/// when its measure takes the main plot, the misplaced stickers of its
/// best state come first.
fn draw_aux(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let series = aux_series(v.track);
    if series.is_empty() {
        Paragraph::new("nothing to plot yet")
            .block(
                Block::bordered()
                    .title(" aux ")
                    .border_style(Style::default().fg(v.theme.accent)),
            )
            .render(area, buf);
        return;
    }
    draw_series(buf, v, area, &series);
}

/// What the side plot draws: the series the solver asks for there (at
/// most three), after the misplaced stickers when its measure takes the
/// main plot; empty when it asks for none.
pub fn aux_series(p: &Track) -> Vec<(&'static str, &Series)> {
    let mut series: Vec<(&'static str, &Series)> = Vec::new();
    if let Some(profile) = p.profile() {
        if profile.main(MainRole::Best).is_some() {
            series.push(("misplaced", p.best()));
        }
        series.extend(
            profile
                .series
                .iter()
                .zip(p.values())
                .filter(|(spec, _)| spec.side_plot)
                .map(|(spec, s)| (spec.name, s)),
        );
    }
    series.truncate(3);
    series
}

/// The side plot of `series`.
fn draw_series(buf: &mut Buffer, v: &PlotsView, area: Rect, series: &[(&str, &Series)]) {
    let unit = v.track.step_name();
    let all: Vec<&[(f64, f64)]> = series.iter().map(|(_, s)| s.points()).collect();
    let Framed {
        frame: fr,
        points: data,
        note,
    } = frame_for(&all, v.view, MIN_STEPS, false, &format!("{unit}s"));
    let palette = [v.theme.temperature, v.theme.best, v.theme.energy];
    let mut entries = Vec::new();
    let cursor = scale::cursor_line(v.cursor, fr.x, fr.y);
    let mut sets: Vec<Dataset> = series
        .iter()
        .zip(palette)
        .zip(&data)
        .map(|(((name, _), c), d)| {
            entries.push(entry("■", colour(v.theme, c), name.to_string()));
            series_line(colour(v.theme, c), d)
        })
        .collect();
    sets.extend(
        cursor
            .as_ref()
            .map(|c| series_line(colour(v.theme, v.theme.accent), c)),
    );
    let chart = axes(Chart::new(sets), fr, true, "");
    render_plot(buf, v.theme, area, chart, entries, note, unit);
}

/// The energy plot (best and current energy, the temperature on its own
/// axis when the solver has one), a widget over the run's plot data.
pub struct EnergyPlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for EnergyPlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_energy(buf, self.0, area);
    }
}

/// The side plot of the solver's own series (its profile's), a widget
/// over the run's plot data.
pub struct AuxPlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for AuxPlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_aux(buf, self.0, area);
    }
}

#[cfg(test)]
pub(in crate::tui) mod tests {
    use super::*;
    use crate::tui::theme::Depth;
    use cubetui_run::runner::{Axis, Point, RunState, Update};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn text(l: &Line) -> String {
        l.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    /// A run of `n` steps whose energy falls by one a step.
    pub(crate) fn falling(n: u64) -> Track {
        let mut track = Track::new(Axis::Steps, 256);
        let points = (0..n)
            .map(|i| Point {
                iteration: i,
                energy: (n - i) as f64,
                best: (n - i) as f64,
                values: Vec::new(),
                to_solved: f64::NAN,
            })
            .collect();
        track.absorb(Update {
            points,
            ..Update::new(0, RunState::Running)
        });
        track
    }

    /// `draw` on a `w`×`h` test terminal, as text.
    pub(crate) fn drawn(w: u16, h: u16, draw: impl FnOnce(&mut ratatui::Frame)) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(draw).unwrap();
        format!("{}", t.backend())
    }

    /// The plots' view of `track`, made by hand: the default zoom, no
    /// replay cursor, moves to solved measured.
    pub(crate) fn view_of<'a>(track: &'a Track, theme: &'a Theme) -> PlotsView<'a> {
        PlotsView {
            track,
            theme,
            view: PlotView::default(),
            cursor: None,
            measured: true,
        }
    }

    /// The energy plot drawn from a run's data made by hand, no app: its
    /// legend, and a replay's cursor only where it is in the window.
    #[test]
    fn the_energy_plot_draws_from_its_own_view() {
        let track = falling(40);
        let theme = Theme::load("classic", Depth::None).unwrap();
        let mut v = view_of(&track, &theme);
        let plain = drawn(60, 14, |f| f.render_widget(EnergyPlot(&v), f.area()));
        assert!(plain.contains("■ energy ■ best"), "{plain}");
        v.cursor = Some(20);
        let cursor = drawn(60, 14, |f| f.render_widget(EnergyPlot(&v), f.area()));
        assert_ne!(cursor, plain, "the cursor's line is drawn");
        v.cursor = Some(1_000);
        let outside = drawn(60, 14, |f| f.render_widget(EnergyPlot(&v), f.area()));
        assert_eq!(outside, plain, "a cursor past the window is not");
    }

    #[test]
    fn a_legend_wraps_when_there_is_room_and_else_is_abbreviated() {
        let s = Style::default();
        let entries = [
            Entry {
                glyph: None,
                name: "phase fitness".into(),
            },
            entry("■", s, "current".into()),
            entry("■", s, "best".into()),
            entry("•", s, "phase 3/4 · G2→G3 at 408".into()),
        ];
        let wide = legend_lines(&entries, 80, 0);
        assert_eq!(wide.len(), 1);
        assert_eq!(
            text(&wide[0]),
            " phase fitness: ■ current ■ best • phase 3/4 · G2→G3 at 408 "
        );
        // Room for a row above the data: everything whole on two lines.
        let two = legend_lines(&entries, 46, 1);
        assert_eq!(two.len(), 2);
        assert!(two.iter().all(|l| l.width() <= 46));
        // No room: one line, the heading left to the y axis.
        let one = legend_lines(&entries, 46, 0);
        assert_eq!(one.len(), 1);
        assert_eq!(
            text(&one[0]),
            " ■ current ■ best • phase 3/4 · G2→G3 at 408 "
        );
        let tight = legend_lines(&entries, 30, 0);
        assert_eq!(tight.len(), 1, "{:?}", text(&tight[0]));
        assert!(tight[0].width() <= 30);
    }
}
