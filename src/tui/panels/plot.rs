//! The live plots: energy (current and best, generator switches marked) and
//! an auxiliary plot (temperature, or the solver's own metrics); the
//! moves-to-solved plot is in [`crate::tui::panels::progress`], the frame
//! they draw in in [`crate::tui::panels::chart`]. Each shows
//! the view's zoom and log scale ([`crate::tui::panels::scale`]), its legend in the title
//! line and rows above the data (never over it, never cut) and the x axis'
//! name, or the zoom note, in the bottom border.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::widgets::{Block, Chart, Dataset, GraphType, Paragraph, Widget};

use crate::tui::history::Series;
use crate::tui::panels::chart::{
    Entry, Framed, axes, colour, entry, frame_for, label, render_plot, series_line,
};
use crate::tui::panels::scale::{self, PlotView};
use crate::tui::theme::Theme;
use cubetui_run::runner::Track;
use cubetui_solve::{MainRole, SeriesSpec};

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
                short: None,
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
pub fn aux_series(p: &Track) -> Vec<(&SeriesSpec, &Series)> {
    /// The misplaced stickers of the best state, as a series of its own.
    const MISPLACED: SeriesSpec = SeriesSpec::new("misplaced", 0);
    let mut series: Vec<(&SeriesSpec, &Series)> = Vec::new();
    if let Some(profile) = p.profile() {
        if profile.main(MainRole::Best).is_some() {
            series.push((&MISPLACED, p.best()));
        }
        series.extend(
            profile
                .series
                .iter()
                .zip(p.values())
                .filter(|(spec, _)| spec.side_plot),
        );
    }
    series.truncate(3);
    series
}

/// The side plot of `series`.
fn draw_series(buf: &mut Buffer, v: &PlotsView, area: Rect, series: &[(&SeriesSpec, &Series)]) {
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
        .map(|(((spec, _), c), d)| {
            entries.push(entry("■", colour(v.theme, c), spec.name.to_string()).short(spec.short));
            series_line(colour(v.theme, c), d)
        })
        .collect();
    // The first series is drawn last, on top: where two share a cell (a
    // best length under the current one) the one the solver put first
    // keeps its colour.
    sets.reverse();
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

    /// Two side-plot series on the same values: the cells show the first
    /// one's colour (drawn last, on top), as a best length under the
    /// current one stays visible.
    #[test]
    fn the_side_plots_first_series_is_drawn_on_top() {
        use cubetui_solve::{Profile, SeriesSpec};
        let mut track = Track::new(Axis::Steps, 256);
        let mut u = Update::new(0, RunState::Running);
        u.profile = Some(Profile {
            step: "sweep",
            series: vec![SeriesSpec::new("length", 0), SeriesSpec::new("current", 0)],
        });
        u.points = (0..40)
            .map(|i| Point {
                iteration: i,
                energy: 1.0,
                best: 1.0,
                values: vec![(80 - i) as f64, (80 - i) as f64],
                to_solved: f64::NAN,
            })
            .collect();
        track.absorb(u);
        let theme = Theme::load("classic", Depth::Ansi256).unwrap();
        let v = view_of(&track, &theme);
        let mut t = Terminal::new(TestBackend::new(50, 14)).unwrap();
        t.draw(|f| f.render_widget(AuxPlot(&v), f.area())).unwrap();
        let first = colour(&theme, theme.temperature).fg.unwrap();
        let second = colour(&theme, theme.best).fg.unwrap();
        assert_ne!(first, second);
        let buf = t.backend().buffer();
        let braille = |c: &ratatui::buffer::Cell| {
            c.symbol()
                .chars()
                .next()
                .is_some_and(|ch| ('\u{2801}'..='\u{28ff}').contains(&ch))
        };
        let fgs: Vec<_> = buf
            .content()
            .iter()
            .filter(|c| braille(c))
            .map(|c| c.fg)
            .collect();
        assert!(!fgs.is_empty(), "the lines are drawn");
        assert!(fgs.iter().all(|&c| c == first), "{fgs:?}");
        assert!(!fgs.contains(&second));
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
}
