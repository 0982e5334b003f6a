//! The population view (`i`): for a solver that reports population series
//! ([`PopRole`]), a band plot of the fitness per step (the lower and upper
//! quartile as a shaded band, the median through it, min and max as lines)
//! and a diversity plot of its shares (mean pairwise distance, distinct
//! chromosomes), both 0–1. The series come from the solver's profile, so
//! the view knows no solver. Legends sit in the title lines, clear of the
//! data; zoom and log scale (`[ ] e`) apply as on the other plots (the
//! diversity plot keeps its linear 0–1 axis).

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Span;
use ratatui::widgets::Widget;
use ratatui::widgets::{Chart, Dataset, GraphType};

use crate::tui::history::Series;
use crate::tui::panels::chart::{Framed, axes, colour, frame_for, plot_block, series_line};
use crate::tui::panels::legend::abbreviate;
use crate::tui::panels::plot::{MARKER, MIN_STEPS, PlotsView};
use cubetui_run::runner::{Mark, Track};
use cubetui_solve::PopRole;

/// Rows one plot needs to keep six rows of data (border, axis, labels: four).
const PLOT_MIN_ROWS: u16 = 10;

/// The band's lines, bottom to top.
const BAND: [PopRole; 5] = [
    PopRole::Min,
    PopRole::LowerQuartile,
    PopRole::Median,
    PopRole::UpperQuartile,
    PopRole::Max,
];

/// Whether the population view, when on (`i`), has something to show:
/// the run's solver reports population series.
pub fn has_series(track: &Track) -> bool {
    track.profile().is_some_and(|p| p.has_population())
}

/// The plots' places in the charts row `charts` when the population view
/// is on: (energy, band, diversity). With room for two plots one above the
/// other, the energy plot takes half the width and the population plots
/// are stacked in the other half; else the three sit side by side.
pub fn areas(charts: Rect) -> (Rect, Rect, Rect) {
    if charts.height >= 2 * PLOT_MIN_ROWS {
        let [energy, pop] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                .areas(charts);
        let [band, div] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(pop);
        (energy, band, div)
    } else {
        let [energy, band, div] = Layout::horizontal([
            Constraint::Percentage(34),
            Constraint::Percentage(35),
            Constraint::Percentage(31),
        ])
        .areas(charts);
        (energy, band, div)
    }
}

/// The solver's series in `role`, in profile order.
fn series(track: &Track, role: PopRole) -> Vec<(&'static str, &Series)> {
    let (Some(profile), values) = (track.profile(), track.values()) else {
        return Vec::new();
    };
    profile
        .population_indices(role)
        .into_iter()
        .filter_map(|i| Some((profile.series[i].name, values.get(i)?)))
        .collect()
}

/// A legend entry: glyph, style, long name, short name.
type Item = (&'static str, Style, String, String);

/// The title line: a head (`heads`: long, then short) and the legend
/// entries, the longest form that fits `width` columns (long head and
/// names, short head and long names, short head and names, then names cut).
fn title(heads: [String; 2], items: &[Item], width: usize) -> Vec<Span<'static>> {
    let w = |head: &str, short: bool| title_width(head, items, short);
    let [long_head, short_head] = heads;
    let (head, short, cap) = if w(&long_head, false) <= width {
        (long_head, false, usize::MAX)
    } else if w(&short_head, false) <= width {
        (short_head, false, usize::MAX)
    } else if w(&short_head, true) <= width {
        (short_head, true, usize::MAX)
    } else {
        let room = width.saturating_sub(short_head.chars().count());
        let cap = (room / items.len().max(1)).saturating_sub(3);
        (short_head, true, cap)
    };
    let mut out = vec![Span::raw(head)];
    for (glyph, style, l, s) in items {
        let name = if short { s } else { l };
        out.push(Span::styled(*glyph, *style));
        out.push(Span::raw(format!(" {} ", abbreviate(name, cap))));
    }
    out
}

/// Columns a title of `head` and `items` takes (short or long names).
fn title_width(head: &str, items: &[Item], short: bool) -> usize {
    let names = items.iter().map(|i| if short { &i.3 } else { &i.2 });
    head.chars().count() + names.map(|n| n.chars().count() + 3).sum::<usize>()
}

/// The y value of `points` (sorted by x) at `x`, linearly interpolated;
/// `None` outside their x range.
fn at(points: &[(f64, f64)], x: f64) -> Option<f64> {
    let i = points.partition_point(|p| p.0 < x);
    let b = *points.get(i)?;
    if b.0 == x || i == 0 {
        return (b.0 == x).then_some(b.1);
    }
    let a = points[i - 1];
    Some(a.1 + (b.1 - a.1) * (x - a.0) / (b.0 - a.0))
}

/// Points filling the band between `lo` and `hi` (on the axis) over the
/// x window `x`, dense enough for `area`'s braille dots.
fn fill(
    lo: &[(f64, f64)],
    hi: &[(f64, f64)],
    x: [f64; 2],
    y: [f64; 2],
    area: Rect,
) -> Vec<(f64, f64)> {
    let cols = usize::from(area.width) * 2;
    let rows = f64::from(area.height) * 4.0;
    let dy = (y[1] - y[0]) / rows.max(1.0);
    let mut out = Vec::new();
    if cols == 0 || dy.is_nan() || dy <= 0.0 {
        return out;
    }
    for c in 0..=cols {
        let px = x[0] + (x[1] - x[0]) * c as f64 / cols as f64;
        let (Some(a), Some(b)) = (at(lo, px), at(hi, px)) else {
            continue;
        };
        let (a, b) = (a.min(b), a.max(b));
        let mut py = a;
        while py <= b {
            out.push((px, py));
            py += dy;
        }
    }
    out
}

/// Vertical columns of points at the marks inside the x window (phase
/// changes, generator switches).
fn mark_columns(marks: &[Mark], from: f64, y: [f64; 2]) -> Vec<(f64, f64)> {
    marks
        .iter()
        .filter(|m| m.iteration as f64 >= from)
        .flat_map(|m| {
            (0..=12).map(move |i| {
                (
                    m.iteration as f64,
                    y[0] + (y[1] - y[0]) * f64::from(i) / 12.0,
                )
            })
        })
        .collect()
}

/// The fitness band plot.
fn draw_band(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let lines: Vec<&Series> = BAND
        .iter()
        .filter_map(|&r| series(v.track, r).first().map(|s| s.1))
        .collect();
    if lines.len() != BAND.len() {
        return;
    }
    let unit = v.track.step_name();
    let sets: Vec<&[(f64, f64)]> = lines.iter().map(|s| s.points()).collect();
    let Framed {
        frame: fr,
        points: data,
        note,
    } = frame_for(&sets, v.view, MIN_STEPS, false, &format!("{unit}s"));
    let th = v.theme;
    let (band_c, median_c, edge_c, mark_c) = (
        colour(th, th.best),
        colour(th, th.energy),
        colour(th, th.accent),
        colour(th, th.temperature),
    );
    let shade = match (fr.x, fr.y) {
        (Some(x), Some(y)) => fill(&data[1], &data[3], x, y, area),
        _ => Vec::new(),
    };
    let from = fr.x.map_or(f64::NEG_INFINITY, |w| w[0]);
    let marks = mark_columns(v.track.marks(), from, fr.y.unwrap_or([0.0, 1.0]));
    let width = usize::from(area.width.saturating_sub(2));
    let mut datasets = vec![
        Dataset::default()
            .marker(MARKER)
            .graph_type(GraphType::Scatter)
            .style(band_c)
            .data(&shade),
        series_line(edge_c, &data[0]),
        series_line(edge_c, &data[4]),
        series_line(median_c, &data[2]),
    ];
    let mut items = vec![
        ("⣿", band_c, "q1–q3".to_string(), "q1-3".to_string()),
        ("■", median_c, "median".to_string(), "med".to_string()),
        ("■", edge_c, "min, max".to_string(), "min,max".to_string()),
    ];
    let last = v.track.marks().last().map_or("", |m| m.label.as_str());
    let mark = ("•", mark_c, format!("→ {last}"), "mark".to_string());
    let heads = match note {
        Some(n) => [format!(" fitness · {n} │ "), format!(" {n} │ ")],
        None => [" fitness │ ".to_string(), " ".to_string()],
    };
    // Marks are drawn only where their legend entry fits (the energy
    // plot beside shows them too).
    let with_mark = [items.clone(), vec![mark.clone()]].concat();
    if !marks.is_empty() && title_width(&heads[1], &with_mark, true) <= width {
        datasets.push(
            Dataset::default()
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(mark_c)
                .data(&marks),
        );
        items.push(mark);
    }
    let title = title(heads, &items, width);
    let chart = Chart::new(datasets).block(plot_block(v.theme, title, unit.to_string()));
    axes(chart, fr, true, "").render(area, buf);
}

/// The diversity plot: the solver's shares, on a 0–1 axis.
fn draw_diversity(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let shares = series(v.track, PopRole::Share);
    let unit = v.track.step_name();
    let sets: Vec<&[(f64, f64)]> = shares.iter().map(|s| s.1.points()).collect();
    // Shares are 0–1 whatever the log setting: a linear axis.
    let mut view = v.view;
    view.log = false;
    let Framed {
        frame: mut fr,
        points: data,
        note,
    } = frame_for(&sets, view, MIN_STEPS, true, &format!("{unit}s"));
    if fr.y.is_some() {
        fr.y = Some([0.0, 1.0]);
    }
    let th = v.theme;
    let palette = [th.energy, th.best, th.temperature];
    let mut items = Vec::new();
    let datasets: Vec<Dataset> = shares
        .iter()
        .zip(palette)
        .zip(&data)
        .map(|(((name, _), c), d)| {
            let short = name.rsplit(' ').next().unwrap_or(name).to_string();
            items.push(("■", colour(th, c), name.to_string(), short));
            series_line(colour(th, c), d)
        })
        .collect();
    let heads = match note {
        Some(n) => [format!(" {n} │ "), format!(" {n} │ ")],
        None => [" ".to_string(), " ".to_string()],
    };
    let title = title(heads, &items, usize::from(area.width.saturating_sub(2)));
    let chart = Chart::new(datasets).block(plot_block(v.theme, title, unit.to_string()));
    axes(chart, fr, true, "").render(area, buf);
}

/// The population's energy band (best, quartiles, worst), a widget over
/// the run's plot data.
pub struct BandPlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for BandPlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_band(buf, self.0, area);
    }
}

/// The population's diversity, a widget over the run's plot data.
pub struct DiversityPlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for DiversityPlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_diversity(buf, self.0, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_between_points_and_none_outside() {
        let p = [(0.0, 0.0), (10.0, 5.0), (20.0, 5.0)];
        assert_eq!(at(&p, 0.0), Some(0.0));
        assert_eq!(at(&p, 5.0), Some(2.5));
        assert_eq!(at(&p, 15.0), Some(5.0));
        assert_eq!(at(&p, 20.0), Some(5.0));
        assert_eq!(at(&p, -1.0), None);
        assert_eq!(at(&p, 21.0), None);
        assert_eq!(at(&[], 0.0), None);
    }

    #[test]
    fn the_band_fill_stays_between_its_edges() {
        let lo = [(0.0, 1.0), (10.0, 2.0)];
        let hi = [(0.0, 3.0), (10.0, 2.0)];
        let pts = fill(&lo, &hi, [0.0, 10.0], [0.0, 4.0], Rect::new(0, 0, 10, 5));
        assert!(!pts.is_empty());
        for &(x, y) in &pts {
            let (a, b) = (at(&lo, x).unwrap(), at(&hi, x).unwrap());
            assert!(
                a - 1e-9 <= y && y <= b + 1e-9,
                "({x}, {y}) outside {a}..{b}"
            );
        }
        // Every column of braille dots gets some.
        let cols: std::collections::BTreeSet<u64> =
            pts.iter().map(|p| (p.0 * 100.0) as u64).collect();
        assert_eq!(cols.len(), 21);
    }

    #[test]
    fn titles_shorten_to_fit_then_cut() {
        let s = Style::default();
        let items: Vec<Item> = vec![
            ("■", s, "median".into(), "med".into()),
            ("■", s, "min, max".into(), "min,max".into()),
        ];
        let text = |w| -> String {
            title([" fitness │ ".into(), " ".into()], &items, w)
                .iter()
                .map(|s| s.content.to_string())
                .collect()
        };
        assert_eq!(text(80), " fitness │ ■ median ■ min, max ");
        assert_eq!(text(22), " ■ median ■ min, max ");
        assert_eq!(text(17), " ■ med ■ min,max ");
        let cut = text(12);
        assert!(cut.chars().count() <= 12, "{cut}");
    }
}
