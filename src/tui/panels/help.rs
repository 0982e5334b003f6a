//! The `?` help popup: every row of the key table, then what each status
//! word means. When the terminal is too short for all of it, the popup
//! scrolls (↑ ↓ PgUp PgDn Home End, or the wheel over it) and its borders
//! say `↑ more` / `more ↓` where rows are hidden. Where it goes and how far
//! it scrolls are pure functions of the terminal's area, so the reducer
//! clamps the scroll with the geometry the screen draws.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Clear, Paragraph};

use crate::tui::keys::{BINDINGS, HelpScroll};
use crate::tui::panels::words::WORDS;

/// Columns the key column takes (with the space before it).
const KEY_COLUMN: u16 = 15;

/// Where the popup goes and how much of its content shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpGeometry {
    /// The popup, borders included.
    pub popup: Rect,
    /// Content rows that show at once.
    pub visible: u16,
    /// Content rows in all.
    pub total: u16,
}

impl HelpGeometry {
    /// The furthest the content scrolls.
    pub fn max_scroll(&self) -> u16 {
        self.total.saturating_sub(self.visible)
    }
}

/// The heading before the status words.
const WORDS_HEADING: &str = "status words:";

/// The rows of content for a popup `width` columns wide (borders
/// included): (key, text) for the bindings, the heading (no key), the
/// status words; a text too long for the width goes on under its key.
fn rows(width: u16) -> Vec<(&'static str, String)> {
    let room = usize::from(width.saturating_sub(KEY_COLUMN + 2)).max(8);
    let mut out = Vec::new();
    let entries = BINDINGS
        .iter()
        .map(|b| (b.keys, b.help))
        .chain(std::iter::once(("", WORDS_HEADING)))
        .chain(WORDS.iter().map(|(s, m)| (s.name(), *m)));
    for (key, text) in entries {
        let mut line = String::new();
        let mut key = key;
        for word in text.split(' ') {
            let len = line.chars().count();
            if len > 0 && len + 1 + word.chars().count() > room {
                out.push((key, std::mem::take(&mut line)));
                key = "";
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        out.push((key, line));
    }
    out
}

/// The popup's place in `area` (the whole screen): centred, as wide as
/// its longest row, as tall as its content or the screen.
pub fn geometry(area: Rect) -> HelpGeometry {
    let widest = BINDINGS
        .iter()
        .map(|b| b.help.chars().count())
        .chain(WORDS.iter().map(|(_, m)| m.chars().count()))
        .max()
        .unwrap_or(0) as u16;
    let w = (widest + KEY_COLUMN + 3).min(area.width);
    let total = rows(w).len() as u16;
    let h = (total + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    HelpGeometry {
        popup,
        visible: h.saturating_sub(2),
        total,
    }
}

/// The scroll offset after `how`, from `offset`, within `g`.
pub fn scrolled(offset: u16, how: HelpScroll, g: &HelpGeometry) -> u16 {
    let page = g.visible.saturating_sub(1).max(1);
    let to = match how {
        HelpScroll::Up => offset.saturating_sub(1),
        HelpScroll::Down => offset.saturating_add(1),
        HelpScroll::PageUp => offset.saturating_sub(page),
        HelpScroll::PageDown => offset.saturating_add(page),
        HelpScroll::Top => 0,
        HelpScroll::Bottom => g.max_scroll(),
    };
    to.min(g.max_scroll())
}

/// What the popup draws from (not the whole app).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpView {
    /// Rows scrolled past (clamped to the popup's last row).
    pub scroll: u16,
    /// The colour of the keys and the border.
    pub accent: Color,
}

/// Draws the popup over `area`, scrolled as `view` says.
fn draw(buf: &mut Buffer, view: HelpView, area: Rect) {
    let g = geometry(area);
    let offset = view.scroll.min(g.max_scroll());
    let lines: Vec<Line> = rows(g.popup.width)
        .into_iter()
        .map(|(key, text)| {
            if text == WORDS_HEADING {
                return Line::from(format!(" {text}")).bold();
            }
            Line::from(vec![
                Span::styled(
                    format!(" {key:<w$}", w = usize::from(KEY_COLUMN - 1)),
                    Style::default().fg(view.accent).bold(),
                ),
                Span::raw(text),
            ])
        })
        .collect();
    let mut b = Block::bordered()
        .title(" keys (? or esc to close) ")
        .border_style(Style::default().fg(view.accent));
    if offset > 0 {
        b = b.title(Line::from(" ↑ more ").right_aligned());
    }
    if offset < g.max_scroll() {
        b = b.title_bottom(Line::from(" more ↓  (↑ ↓ PgUp PgDn) ").right_aligned());
    }
    Clear.render(g.popup, buf);
    Paragraph::new(lines)
        .scroll((offset, 0))
        .block(b)
        .render(g.popup, buf);
}

impl Widget for HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(buf, self, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_goes_on_under_its_key() {
        let r = rows(80);
        assert!(r.iter().all(|(_, t)| t.chars().count() <= 80 - 17), "{r:?}");
        let i = r.iter().position(|(k, _)| *k == "exhausted").unwrap();
        assert_eq!(r[i + 1].0, "", "the text goes on under the key");
        assert!(r[i + 1].1.ends_with("unsolved"), "{r:?}");
    }

    #[test]
    fn the_help_scrolls_to_its_last_row_and_no_further() {
        let g = geometry(Rect::new(0, 0, 80, 24));
        assert_eq!(g.visible, 22);
        assert!(g.total > g.visible, "the help is longer than 80x24");
        assert_eq!(scrolled(0, HelpScroll::Up, &g), 0);
        assert_eq!(scrolled(0, HelpScroll::Down, &g), 1);
        assert_eq!(scrolled(0, HelpScroll::Bottom, &g), g.total - g.visible);
        assert_eq!(
            scrolled(g.max_scroll(), HelpScroll::Down, &g),
            g.max_scroll()
        );
        assert_eq!(
            scrolled(0, HelpScroll::PageDown, &g),
            21.min(g.max_scroll())
        );
        assert_eq!(scrolled(5, HelpScroll::Top, &g), 0);
        // Everything shows on a large screen: nothing to scroll.
        let big = geometry(Rect::new(0, 0, 160, 48));
        assert_eq!((big.visible, big.max_scroll()), (big.total, 0));
    }
}
