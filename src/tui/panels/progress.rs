//! The moves-to-solved plot (the runner's measure, the same for every
//! solver: see [`cubetui_run::runner::measure`]) and the side column that
//! holds it under the auxiliary plot.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::widgets::Chart;
use ratatui::widgets::Widget;

use crate::tui::panels::chart::{Framed, axes, colour, entry, frame_for, render_plot, series_line};
use crate::tui::panels::plot::{AuxPlot, MIN_STEPS, PlotsView, aux_series};

/// Rows the side column needs before it splits into the auxiliary plot and
/// the moves-to-solved plot (each keeps at least four rows of data).
pub const SPLIT_MIN_ROWS: u16 = 16;

/// The side column: the auxiliary plot, and the moves-to-solved plot under
/// it when the column has [`SPLIT_MIN_ROWS`] (on shorter terminals the
/// status panel still shows the latest value).
/// A replay has no measure of moves to solved (it is not recorded), and
/// past the 3x3 there is none (no reference): [`PlotsView::measured`].
fn draw_side(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    if v.measured && aux_series(v.track).is_empty() {
        // A solver with no side series of its own: the column is the
        // measure's, at every height.
        draw_to_solved(buf, v, area);
        return;
    }
    if area.height < SPLIT_MIN_ROWS || !v.measured {
        AuxPlot(v).render(area, buf);
        return;
    }
    let [aux, to_solved] =
        Layout::vertical([Constraint::Min(0), Constraint::Length(area.height / 2)]).areas(area);
    AuxPlot(v).render(aux, buf);
    draw_to_solved(buf, v, to_solved);
}

/// Moves to solved (HTM of a two-phase solution from the best state, as the
/// runner measures it) on the same x window as the energy plot; nothing
/// where it is not known (yet).
fn draw_to_solved(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let p = v.track;
    let unit = p.step_name();
    // The energy series' first and last x, without a y: the same x window
    // as the other plots even before the measure is known.
    let e = p.energy().points();
    let guide: Vec<(f64, f64)> = e
        .first()
        .into_iter()
        .chain(e.last())
        .map(|&(x, _)| (x, f64::NAN))
        .collect();
    let known = p.to_solved().points();
    let Framed {
        frame: mut fr,
        points: data,
        note,
    } = frame_for(
        &[known, &guide],
        v.view,
        MIN_STEPS,
        true,
        &format!("{unit}s"),
    );
    if known.is_empty() {
        fr.y = None;
    }
    let style = colour(v.theme, v.theme.best);
    let name = match p.latest_to_solved() {
        Some(v) => format!("moves to solved {v:.0}"),
        None => "moves to solved: not known yet".to_string(),
    };
    let set = series_line(style, &data[0]);
    let chart = axes(Chart::new(vec![set]), fr, true, "HTM");
    render_plot(
        buf,
        v.theme,
        area,
        chart,
        vec![entry("■", style, name)],
        note,
        unit,
    );
}

/// The side column: moves to solved when it is measured, else the
/// solver's own series; a widget over the run's plot data.
pub struct SidePlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for SidePlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_side(buf, self.0, area);
    }
}

/// Moves to solved over the run, a widget over the run's plot data.
pub struct ToSolvedPlot<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for ToSolvedPlot<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_to_solved(buf, self.0, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::panels::plot::tests::{drawn, falling, view_of};
    use crate::tui::theme::{Depth, Theme};

    /// The side column drawn from a run's data made by hand, no app: a
    /// solver with no side series gives it to moves to solved where that
    /// is measured, else says there is nothing to plot.
    #[test]
    fn the_side_column_follows_its_view() {
        let track = falling(40);
        let theme = Theme::load("classic", Depth::None).unwrap();
        let mut v = view_of(&track, &theme);
        let measured = drawn(40, 12, |f| f.render_widget(SidePlot(&v), f.area()));
        assert!(
            measured.contains("moves to solved: not known yet"),
            "{measured}"
        );
        v.measured = false;
        let not = drawn(40, 12, |f| f.render_widget(SidePlot(&v), f.area()));
        assert!(not.contains("nothing to plot yet"), "{not}");
    }
}
