//! Drawing the race: a header, the lanes (one line each on small
//! terminals, a card with an upright net each on large ones), one shared
//! plot against each lane's own CPU time (`plot.rs`), and the results
//! table once every lane has finished. A pure function of the race's
//! screen data ([`RaceScreen`], taken from the app in one place).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use crate::tui::app::{App, Net};
use crate::tui::panels::net::{self as fit, CubeView, SCALES, Shape};
use crate::tui::panels::status::speed_label;
use crate::tui::race::plot::lane_style;
use crate::tui::race::{RaceMeasure, RaceView};
use crate::tui::theme::Theme;
use cubetui_cube::AnyCube;
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_run::numbers::{self, cpu_time, thousands};
use cubetui_run::race::Lane;

pub use crate::tui::race::plot::LANE_COLOURS;
pub use crate::tui::race::screen::{RaceScreen, X_NOTE};

/// Rows of a lane card (border, and the 3 rows of a strip net).
const CARD_H: u16 = 5;
/// Width a card needs: the smallest strip net and its text.
const CARD_MIN_W: u16 = 76;
/// Rows the plot keeps at least.
const PLOT_MIN: u16 = 10;

fn block<'a>(title: impl Into<Line<'a>>, theme: &Theme) -> Block<'a> {
    Block::bordered()
        .title(title)
        .border_style(Style::default().fg(theme.accent))
}

/// Where the race screen's parts go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regions {
    pub header: Rect,
    pub lanes: Rect,
    pub plot: Rect,
    pub note: Rect,
    pub keys: Rect,
    /// Lanes as cards (else one line each), in this many columns.
    pub cards: Option<u16>,
}

/// The race screen's parts in `area`: a pure function of the race and
/// the area, what [`draw`] draws and the mouse is mapped by.
pub fn regions(view: &RaceView, area: Rect) -> Regions {
    let n = view.race().lanes().len() as u16;
    let cols = if area.width >= 2 * CARD_MIN_W { 2 } else { 1 };
    let card_rows = n.div_ceil(cols);
    let cards =
        area.height.saturating_sub(4 + card_rows * CARD_H) >= PLOT_MIN && area.width >= CARD_MIN_W;
    let cards = cards && !view.race().is_over();
    let lanes_h = if cards { card_rows * CARD_H } else { n + 3 };
    let [header, lanes, plot, note, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(lanes_h),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    Regions {
        header,
        lanes,
        plot,
        note,
        keys,
        cards: cards.then_some(cols),
    }
}

/// Lane `i`'s card within the lanes' region `area` (`cols` columns).
fn card_rect(area: Rect, cols: u16, i: usize) -> Rect {
    let w = area.width / cols;
    let (r, c) = (i as u16 / cols, i as u16 % cols);
    Rect::new(area.x + c * w, area.y + r * CARD_H, w, CARD_H).intersection(area)
}

/// The lane whose card or line is at (`column`, `row`) while the race
/// runs (the results table, once over, is sorted by rank: no lane there).
pub fn lane_at(view: &RaceView, area: Rect, column: u16, row: u16) -> Option<usize> {
    let r = regions(view, area);
    let at = ratatui::layout::Position::new(column, row);
    if view.race().is_over() || !r.lanes.contains(at) {
        return None;
    }
    let n = view.race().lanes().len();
    match r.cards {
        Some(cols) => (0..n).find(|&i| card_rect(r.lanes, cols, i).contains(at)),
        // The table: its border, its header, then one line per lane.
        None => {
            let i = usize::from(row.checked_sub(r.lanes.y + 2)?);
            let inside = column > r.lanes.x && column + 1 < r.lanes.right();
            (inside && i < n).then_some(i)
        }
    }
}

/// Draws the race screen, when a race is open.
pub fn draw(f: &mut Frame, app: &App) {
    if let Some(s) = RaceScreen::of(app) {
        f.render_widget(&s, f.area());
    }
}

/// The race screen, a widget over its data.
impl Widget for &RaceScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_race(buf, self, area);
    }
}

/// Draws the race screen from its data in `area`.
fn draw_race(buf: &mut Buffer, s: &RaceScreen<'_>, area: Rect) {
    let view = s.view;
    let Regions {
        header,
        lanes,
        plot,
        note,
        keys,
        cards,
    } = regions(view, area);
    Paragraph::new(header_line(s)).render(header, buf);
    if view.race().is_over() {
        draw_results(buf, s, lanes);
    } else if let Some(cols) = cards {
        draw_cards(buf, s, lanes, cols);
    } else {
        draw_lines(buf, s, lanes);
    }
    crate::tui::race::plot::draw_plot(buf, s, plot);
    Paragraph::new(Line::from(s.note.clone()).style(Style::default().add_modifier(Modifier::DIM)))
        .render(note, buf);
    // At most 80 columns (the smallest screen).
    let keys_text = match view.measure() {
        _ if !view.measured() => {
            "space pause  n step  +- speed  p knobs  w/esc leave  y cmd  q quit"
        }
        RaceMeasure::ToSolved => {
            "space pause  n step  +- speed  p knobs  m misplaced  w/esc leave  y cmd  q quit"
        }
        RaceMeasure::Misplaced => {
            "space pause  n step  +- speed  p knobs  m to solved  w/esc leave  y cmd  q quit"
        }
    };
    Paragraph::new(keys_text).render(keys, buf);
}

fn header_line(s: &RaceScreen<'_>) -> Line<'static> {
    let view = s.view;
    let start = match s.scramble {
        Some(a) if a.is_empty() => "solved cube".to_string(),
        Some(a) => format!("{}-move scramble", a.len()),
        None => "random state".to_string(),
    };
    let state = if view.race().is_over() {
        "finished"
    } else if view.running() {
        "running"
    } else {
        "paused"
    };
    Line::from(vec![
        Span::styled(
            format!(" race · {} lanes ", view.race().lanes().len()),
            Style::default()
                .fg(s.theme.accent)
                .add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!(
            "· {start} · seed {}{} · {} · {state}",
            s.seed,
            match s.cube {
                0 => String::new(),
                k => format!(" · cube {k}"),
            },
            speed_label(s.speed)
        )),
        // The clicked lane (its curve is drawn on top).
        Span::raw(
            view.focus()
                .and_then(|i| view.race().lanes().get(i))
                .map_or(String::new(), |l| format!(" · focus: {}", l.preset())),
        ),
    ])
}

fn energy(l: &Lane) -> String {
    match &l.track().snapshot() {
        Some(s) => format!("E {:.0}/{:.0}", s.energy, s.best_energy),
        None => "E -".into(),
    }
}

/// The lane's moves to solved as the runner last measured it (`-`:
/// unknown, or no reference on this size).
fn to_solved(l: &Lane) -> String {
    l.track()
        .latest_to_solved()
        .map_or_else(|| "-".into(), |n| format!("{n:.0}"))
}

fn rank_text(view: &RaceView, i: usize) -> String {
    view.race()
        .rank_of(i)
        .map_or(String::new(), |r| format!("#{r}"))
}

/// The swatch and name of lane `i`.
fn name_spans(theme: &Theme, l: &Lane, i: usize) -> [Span<'static>; 2] {
    [
        Span::styled("■", lane_style(theme, i)),
        Span::styled(
            l.preset().to_string(),
            Style::default().add_modifier(Modifier::BOLD),
        ),
    ]
}

fn name_width(view: &RaceView) -> usize {
    view.race()
        .lanes()
        .iter()
        .map(|l| l.preset().chars().count())
        .max()
        .unwrap_or(0)
}

/// A cell aligned right.
fn right<'a>(text: String) -> Cell<'a> {
    Cell::from(Line::from(text).alignment(Alignment::Right))
}

/// A table's header row, dimmed.
fn header<'a>(cells: Vec<Cell<'a>>) -> Row<'a> {
    Row::new(cells).style(Style::default().add_modifier(Modifier::DIM))
}

/// One line per lane.
fn draw_lines(buf: &mut Buffer, s: &RaceScreen<'_>, area: Rect) {
    let view = s.view;
    let w = name_width(view) as u16;
    let rows = view.race().lanes().iter().enumerate().map(|(i, l)| {
        let [swatch, name] = name_spans(s.theme, l, i);
        let focus = if view.focus() == Some(i) {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        Row::new(vec![
            Cell::from(swatch),
            Cell::from(name),
            Cell::from(l.state().name()),
            Cell::from(energy(l)),
            right(
                l.track()
                    .snapshot()
                    .map_or(0, |s| s.sequence_len)
                    .to_string(),
            ),
            right(to_solved(l)),
            right(cpu_time(l.cpu())),
            right(thousands(l.steps())),
            right(rank_text(view, i)),
        ])
        .style(focus)
    });
    let widths = [1, w, 9, 9, 5, 9, 10, 11, 4].map(Constraint::Length);
    let table = Table::new(rows, widths)
        .header(header(vec![
            Cell::from(""),
            Cell::from("preset"),
            Cell::from("state"),
            Cell::from("energy"),
            right("len".into()),
            right("to solved".into()),
            right("CPU".into()),
            right("steps".into()),
            right("rank".into()),
        ]))
        .column_spacing(1)
        .block(block(" lanes ", s.theme));
    table.render(area, buf);
}

/// A card per lane: an upright strip net and the lane's numbers.
fn draw_cards(buf: &mut Buffer, s: &RaceScreen<'_>, area: Rect, cols: u16) {
    let view = s.view;
    for (i, l) in view.race().lanes().iter().enumerate() {
        let card = card_rect(area, cols, i);
        let [swatch, name] = name_spans(s.theme, l, i);
        let focused = view.focus() == Some(i);
        let title = vec![
            Span::raw(if focused { "▶" } else { " " }),
            swatch,
            Span::raw(" "),
            name,
            Span::raw(format!(" {} ", rank_text(view, i))),
        ];
        let mut b = block(Line::from(title), s.theme);
        if focused {
            b = b.border_type(ratatui::widgets::BorderType::Thick);
        }
        let inner = b.inner(card);
        b.render(card, buf);
        let start = view.race().start();
        let size = start.size();
        let cube = l
            .track()
            .snapshot()
            .as_ref()
            .map(|s| s.current.clone())
            .filter(|c| c.size() == size)
            .unwrap_or_else(|| start.clone())
            .upright();
        let cube = match cube {
            AnyCube::Three(c) => NxnCube::from(&c),
            AnyCube::Nxn(c) => c,
        };
        // The largest scale whose stickers stand apart in half the card
        // (the numbers get the rest); else, as when none does, the 3×3 at
        // the first roomy scale and other sizes at the largest that fits
        // (cut if none does).
        let shape = Shape::on_screen(Net::Strip, size, s.theme, s.letters);
        let scale = fit::fit_apart(shape, inner.width / 2, inner.height).unwrap_or_else(|| {
            if size == Size::THREE {
                SCALES[0]
            } else {
                fit::fit_any(shape, inner.width / 2, inner.height)
                    .unwrap_or_else(|| fit::smallest(shape))
            }
        });
        let (nw, nh) = scale.extent(shape);
        let net = Rect::new(inner.x, inner.y, nw, nh).intersection(inner);
        (CubeView {
            cube: &cube,
            net: Net::Strip,
            scale,
            theme: s.theme,
            letters: s.letters,
            overlay: false,
        })
        .render(net, buf);
        let text = Rect::new(
            inner.x + nw + 2,
            inner.y,
            inner.width.saturating_sub(nw + 2),
            inner.height,
        )
        .intersection(inner);
        let step = l.track().profile().as_ref().map_or("step", |p| p.step);
        let lines = vec![
            Line::from(format!(
                "{:<10} {:<10} to solved {}",
                l.state().name(),
                energy(l),
                to_solved(l)
            )),
            Line::from(format!(
                "len {}  CPU {}",
                l.track().snapshot().as_ref().map_or(0, |s| s.sequence_len),
                cpu_time(l.cpu())
            )),
            Line::from(format!("{} × {step}", thousands(l.steps()))),
        ];
        Paragraph::new(lines).render(text, buf);
    }
}

/// The results table, sorted by rank.
fn draw_results(buf: &mut Buffer, s: &RaceScreen<'_>, area: Rect) {
    let view = s.view;
    let results = view.race().results();
    let lanes = view.race().lanes();
    let rows = results.lanes.iter().map(|r| {
        let i = lanes
            .iter()
            .position(|l| l.preset() == r.preset)
            .unwrap_or(0);
        let htm = if r.solved {
            r.htm.to_string()
        } else {
            "-".into()
        };
        Row::new(vec![
            right(r.rank.to_string()),
            Cell::from(""),
            Cell::from(Span::styled(r.preset.clone(), lane_style(s.theme, i))),
            Cell::from(""),
            Cell::from(if r.solved { "yes" } else { "no" }),
            right(htm),
            right(numbers::energy(r.energy)),
            right(r.to_solved.map_or_else(|| "-".into(), |n| n.to_string())),
            right(cpu_time(lanes[i].cpu())),
            right(thousands(r.steps)),
        ])
    });
    // The empty columns widen the gaps after the rank and the preset.
    let widths = [4, 0, name_width(view) as u16, 0, 6, 5, 7, 11, 10, 12].map(Constraint::Length);
    let title = " results: solved first, then fewer moves (HTM) or less energy, then less CPU ";
    let table = Table::new(rows, widths)
        .header(header(vec![
            right("rank".into()),
            Cell::from(""),
            Cell::from("preset"),
            Cell::from(""),
            Cell::from("solved"),
            right("HTM".into()),
            right("energy".into()),
            right("to solved".into()),
            right("CPU".into()),
            right("steps".into()),
        ]))
        .column_spacing(1)
        .block(block(title, s.theme));
    table.render(area, buf);
}
