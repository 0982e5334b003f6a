//! The race's shared plot: every lane's moves to solved (the default) or,
//! after `m`, its misplaced-sticker energy, against the lane's own CPU
//! time, one colour each. A pure function of the race's screen data.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Chart, Dataset};

use crate::tui::panels::chart::{Framed, axes, frame_for, series_line};
use crate::tui::panels::legend::{LONG_TITLE, SHORT_TITLE, TO_SOLVED_TITLES, legend_titled};
use crate::tui::race::RaceMeasure;
use crate::tui::race::screen::RaceScreen;
use crate::tui::theme::{Depth, Theme};

/// One colour per lane, in lane order.
pub const LANE_COLOURS: [Color; 6] = [
    Color::Cyan,
    Color::Yellow,
    Color::Magenta,
    Color::Green,
    Color::LightRed,
    Color::LightBlue,
];

/// The colour of lane `i` (none on a terminal without colours).
pub(in crate::tui) fn lane_style(theme: &Theme, i: usize) -> Style {
    if theme.depth == Depth::None {
        Style::default()
    } else {
        Style::default().fg(LANE_COLOURS[i % LANE_COLOURS.len()])
    }
}

/// Every lane's moves to solved (or, after `m`, misplaced stickers) against
/// its own CPU time, one colour each; a lane shows nothing where its
/// measure is not known.
pub(in crate::tui) fn draw_plot(buf: &mut Buffer, s: &RaceScreen<'_>, area: Rect) {
    let view = s.view;
    let lanes = &view.race().lanes();
    let plotted = view.plotted();
    // The x axis spans every lane's run, whatever is known of the measure.
    let xmax = lanes
        .iter()
        .flat_map(|l| l.points().iter().map(|p| p.0))
        .fold(0.0f64, f64::max);
    // CPU time in ms when the race is short.
    let (unit, k) = if xmax < 1.0 {
        ("CPU ms", 1e3)
    } else {
        ("CPU s", 1.0)
    };
    let mut data: Vec<Vec<(f64, f64)>> = plotted
        .iter()
        .map(|p| p.iter().map(|&(x, y)| (x * k, y)).collect())
        .collect();
    let known = data.iter().any(|d| !d.is_empty());
    // The guide: every lane's first and last x, without a y.
    let guide: Vec<(f64, f64)> = lanes
        .iter()
        .flat_map(|l| l.points().first().into_iter().chain(l.points().last()))
        .map(|&(x, _)| (x * k, f64::NAN))
        .collect();
    data.push(guide);
    let sets: Vec<&[(f64, f64)]> = data.iter().map(Vec::as_slice).collect();
    let Framed {
        frame: fr,
        points: shown,
        note,
    } = frame_for(&sets, s.plot, 0.0, true, unit);
    let mut fr = fr;
    if !known {
        fr.y = None;
    }
    // The focused lane is drawn last, on top of the others.
    let mut order: Vec<usize> = (0..lanes.len()).collect();
    if let Some(f) = view.focus() {
        order.retain(|&i| i != f);
        order.push(f);
    }
    let datasets: Vec<Dataset> = order
        .iter()
        .filter_map(|&i| shown.get(i).map(|d| (i, d)))
        .map(|(i, d)| series_line(lane_style(s.theme, i), d))
        .collect();
    // The legend sits in the title, clear of the lines; every lane gets an
    // entry, names abbreviated to fit (after the zoom note, if any).
    let note = note.map(|n| format!(" {n} │"));
    let room = (area.width.saturating_sub(2) as usize)
        .saturating_sub(note.as_ref().map_or(0, |n| n.chars().count()));
    let names: Vec<&str> = lanes.iter().map(|l| l.preset()).collect();
    let titles = match view.measure() {
        RaceMeasure::ToSolved => TO_SOLVED_TITLES,
        RaceMeasure::Misplaced => (LONG_TITLE, SHORT_TITLE),
    };
    let (head, labels) = legend_titled(&names, room, titles);
    let mut title: Vec<Span> = note.into_iter().map(Span::raw).collect();
    title.push(Span::raw(head));
    for (i, label) in labels.into_iter().enumerate() {
        title.push(Span::styled("■ ", lane_style(s.theme, i)));
        title.push(Span::raw(format!("{label} ")));
    }
    let chart = Chart::new(datasets).block(
        Block::bordered()
            .title(Line::from(title))
            .title_bottom(Line::from(format!(" {unit} ")).right_aligned())
            .border_style(Style::default().fg(s.theme.accent)),
    );
    let y_title = match view.measure() {
        RaceMeasure::ToSolved => "HTM",
        RaceMeasure::Misplaced => "E",
    };
    axes(chart, fr, false, y_title).render(area, buf);
}
