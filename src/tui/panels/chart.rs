//! The frame every plot of the screen draws in (the single run's, the
//! race's): the visible window and its axes with their labels, the legend
//! in the title line and rows above the data, the border with the x axis'
//! name or the zoom note, and the line a series is drawn as.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph};

use crate::tui::panels::legend;
use crate::tui::panels::plot::MARKER;
use crate::tui::panels::scale::{self, PlotView};
use crate::tui::theme::Theme;
use cubetui_run::numbers::si;

/// `v` written for an axis spanning `span`: SI prefixes for large values,
/// else as many decimals as the span needs.
pub(in crate::tui) fn label(v: f64, span: f64) -> String {
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
    /// The shorter name a narrow legend uses (the series' own), if any.
    pub short: Option<&'static str>,
}

/// A legend entry: the glyph in the series' style, then its name.
pub(in crate::tui) fn entry(glyph: &'static str, style: Style, name: String) -> Entry {
    Entry {
        glyph: Some((glyph, style)),
        name,
        short: None,
    }
}

impl Entry {
    /// The same entry, named `short` in a legend too narrow for its name.
    pub fn short(self, short: &'static str) -> Entry {
        Entry {
            short: Some(short),
            ..self
        }
    }

    /// The name a narrow legend starts from: the short one, if any.
    fn narrow_name(&self) -> &str {
        self.short.unwrap_or(&self.name)
    }

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
/// that fits; else with the series' short names (a name without one
/// stays whole), when that fits; else without the heading (the y axis names the measure) and
/// the (short) names abbreviated to fit the title line.
fn legend_lines(entries: &[Entry], width: usize, rows: usize) -> Vec<Line<'static>> {
    let whole = legend::pack(entries.iter().map(|e| e.spans(&e.name)).collect(), width);
    if whole.len() <= rows + 1 {
        return whole;
    }
    let short = legend::pack(
        entries.iter().map(|e| e.spans(e.narrow_name())).collect(),
        width,
    );
    if short.len() <= rows + 1 {
        return short;
    }
    let kept: Vec<&Entry> = entries.iter().filter(|e| e.glyph.is_some()).collect();
    let names: Vec<&str> = kept.iter().map(|e| e.narrow_name()).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn text(l: &Line) -> String {
        l.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn a_legend_wraps_when_there_is_room_and_else_is_abbreviated() {
        let s = Style::default();
        let entries = [
            Entry {
                glyph: None,
                name: "phase fitness".into(),
                short: None,
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

    #[test]
    fn a_narrow_legend_takes_the_series_short_names_before_cutting() {
        let s = Style::default();
        let entries = [
            entry("■", s, "best length".into()).short("length"),
            entry("■", s, "phase-1 depth".into()).short("depth"),
        ];
        // Whole names while they fit.
        let wide = legend_lines(&entries, 31, 0);
        assert_eq!(text(&wide[0]), " ■ best length ■ phase-1 depth ");
        // The side plot of an 80-column screen: the short names, uncut.
        let narrow = legend_lines(&entries, 27, 0);
        assert_eq!(narrow.len(), 1);
        assert_eq!(text(&narrow[0]), " ■ length ■ depth ");
        // Narrower than the short names too: those are cut.
        let tight = legend_lines(&entries, 12, 0);
        assert_eq!(tight.len(), 1);
        assert!(tight[0].width() <= 12, "{:?}", text(&tight[0]));
        assert!(
            text(&tight[0]).starts_with(" ■ le"),
            "{:?}",
            text(&tight[0])
        );
    }
}
