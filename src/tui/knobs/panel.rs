//! Drawing the knobs panel: one row per live parameter (key, value,
//! range), the selected one's meaning and preset value, the value being
//! typed, and the panel's keys. A pure function of its view data
//! ([`KnobsView`], taken from the app in one place: `single_view.rs`); the
//! panel lies over the status area, widened to the left when its rows need
//! it, and over the race's lanes in a race.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::tui::app::Knobs;
use crate::tui::knobs::{Row, selected};
use cubetui_run::numbers::knob;

/// What the knobs panel draws from.
pub struct KnobsView<'a> {
    /// The panel's state: the selected row, the value being typed.
    pub knobs: &'a Knobs,
    /// The run's live parameters (in a race: every lane's).
    pub rows: Vec<Row>,
    /// Whether the rows are a race's.
    pub race: bool,
    /// The border's colour.
    pub accent: Color,
}

/// The panel's keys, on its bottom border.
const KEYS: &str = " ↑↓ pick ←→ step ⏎ type ⌫ preset esc ";
/// The same with no rows.
const EMPTY_KEYS: &str = " p or esc closes ";
/// The same while a value is typed.
const TYPING_KEYS: &str = " ⏎ apply esc cancel ";

/// Columns a row's key, value and range take (with two spaces between).
fn widths(rows: &[Row]) -> (usize, usize, usize) {
    let w = |f: &dyn Fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0);
    (
        w(&|r| r.key.chars().count()).min(28),
        w(&|r| knob(r.value).chars().count()).max(5),
        w(&|r| r.range().chars().count()),
    )
}

/// Where the panel goes: `status` (the status panel's area, or the race's
/// lanes), widened to the left within `screen` to the width the `rows`
/// want, and taller (down to `bottom`) when they want more rows.
pub fn area(rows: &[Row], status: Rect, screen: Rect, bottom: u16) -> Rect {
    let (k, v, r) = widths(rows);
    let want_w = (2 + k + 2 + v + 2 + r + 2).max(KEYS.chars().count() + 2);
    let right = status.x + status.width;
    let w = (want_w as u16).clamp(status.width, right.saturating_sub(screen.x));
    let want_h = rows.len() as u16 + 5;
    let h = want_h.clamp(
        status.height,
        bottom.saturating_sub(status.y).max(status.height),
    );
    Rect::new(right - w, status.y, w, h)
}

/// Draws the panel in `area`.
fn draw(buf: &mut Buffer, view: &KnobsView, area: Rect) {
    let knobs = view.knobs;
    let dim = Style::default().add_modifier(Modifier::DIM);
    let accent = Style::default().fg(view.accent);
    let rows = &view.rows;
    let keys = if rows.is_empty() {
        EMPTY_KEYS
    } else if knobs.typing.is_some() {
        TYPING_KEYS
    } else {
        KEYS
    };
    let b = Block::bordered()
        .title(" knobs ")
        .border_style(accent)
        .title_bottom(Line::from(keys).right_aligned());
    let inner = b.inner(area);
    Clear.render(area, buf);
    b.render(area, buf);
    if rows.is_empty() {
        let text = if view.race {
            "no lane's solver has parameters that can change during a run"
        } else {
            "this solver has no parameters that can change during a run (--set changes the others before a run)"
        };
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    }
    let i = selected(knobs, rows.len());
    let row = &rows[i];
    // The selected row's details under the rows: its meaning (wrapped to
    // at most two lines), its preset value, and what is being typed.
    let mut details: Vec<Line> = Vec::new();
    if let Some(t) = &knobs.typing {
        details.push(Line::from(vec![
            Span::styled(format!("{} = ", row.key), accent),
            Span::raw(format!("{t}█")),
        ]));
    }
    let preset = row
        .initial
        .map(|v| format!(" (preset {})", knob(v)))
        .unwrap_or_default();
    let meaning = row.spec.map_or("", |s| s.meaning);
    details.push(Line::from(vec![
        Span::raw(meaning.to_string()),
        Span::styled(preset, dim),
    ]));
    let w = inner.width.max(1) as usize;
    let detail_h: u16 = details
        .iter()
        .map(|l| (l.width().div_ceil(w)).clamp(1, 2) as u16)
        .sum();
    let list_h = inner
        .height
        .saturating_sub(detail_h + 1)
        .max(1)
        .min(rows.len() as u16);
    // The rows that fit, keeping the selected one in view.
    let first = (i + 1).saturating_sub(list_h as usize);
    let (kw, vw, _) = widths(rows);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(first)
        .take(list_h as usize)
        .map(|(j, r)| {
            let key: String = r.key.chars().take(kw).collect();
            let mark = if j == i { "▸ " } else { "  " };
            let text = format!("{mark}{key:<kw$}  {:>vw$}  ", knob(r.value));
            let mut spans = vec![Span::raw(text), Span::styled(r.range(), dim)];
            if j == i {
                spans[0] = spans[0].clone().bold();
            }
            Line::from(spans)
        })
        .collect();
    let [list, gap, detail] = ratatui::layout::Layout::vertical([
        ratatui::layout::Constraint::Length(list_h),
        ratatui::layout::Constraint::Length(1),
        ratatui::layout::Constraint::Min(0),
    ])
    .areas(inner);
    let _ = gap;
    Paragraph::new(lines).render(list, buf);
    Paragraph::new(details)
        .wrap(Wrap { trim: true })
        .render(detail, buf);
}

impl Widget for &KnobsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(buf, self, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn drawn(view: &KnobsView, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| f.render_widget(view, f.area())).unwrap();
        format!("{}", t.backend())
    }

    fn row(key: &str, value: f64, initial: Option<f64>) -> Row {
        Row {
            key: key.into(),
            value,
            initial,
            spec: None,
        }
    }

    /// The panel drawn and placed from a view made by hand, no app.
    #[test]
    fn the_panel_draws_from_its_own_view() {
        let knobs = Knobs {
            selected: 1,
            typing: Some("0.5".into()),
        };
        let mut view = KnobsView {
            knobs: &knobs,
            rows: vec![row("temperature", 2.0, Some(3.0)), row("tries", 4.0, None)],
            race: false,
            accent: Color::Reset,
        };
        let text = drawn(&view, 50, 10);
        assert!(text.contains("  temperature"), "{text}");
        assert!(text.contains("▸ tries"), "the selected row: {text}");
        assert!(text.contains("tries = 0.5█"), "what is typed: {text}");
        assert!(text.contains(TYPING_KEYS.trim()), "{text}");
        // Over the status panel's area, widened to the left for the keys,
        // a row taller than the two rows and their details.
        let status = Rect::new(40, 2, 20, 4);
        let at = area(&view.rows, status, Rect::new(0, 0, 60, 20), 20);
        assert_eq!((at.right(), at.y), (60, 2));
        assert_eq!(at.width, KEYS.chars().count() as u16 + 2);
        assert_eq!(at.height, 2 + 5);
        // No rows: what a race says, and what a single run says.
        view.rows.clear();
        view.race = true;
        assert!(drawn(&view, 50, 8).contains("no lane's solver"));
        view.race = false;
        assert!(drawn(&view, 50, 8).contains("this solver has no parameters"));
    }
}
