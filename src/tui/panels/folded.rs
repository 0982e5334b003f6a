//! The plots folded to one line, when the net needs their rows to part
//! its stickers (see [`crate::tui::layout`]): a sparkline of the best energy so
//! far, its last value, and the key that brings the plots back.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::widgets::Widget;

use crate::tui::panels::plot::PlotsView;

/// Levels of the sparkline, lowest first.
const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The values `width` columns show: the mean of each column's share of
/// `values` (all of them when there are fewer values than columns).
fn columns(values: &[f64], width: usize) -> Vec<f64> {
    if values.len() <= width {
        return values.to_vec();
    }
    (0..width)
        .filter_map(|i| {
            let (a, b) = (i * values.len() / width, (i + 1) * values.len() / width);
            let part = values.get(a..b.max(a + 1))?;
            Some(part.iter().sum::<f64>() / part.len() as f64)
        })
        .collect()
}

/// `values` as bars scaled between their least and greatest.
pub fn sparkline(values: &[f64], width: usize) -> String {
    let shown = columns(values, width);
    let lo = shown.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = shown.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    shown
        .iter()
        .map(|&v| {
            let level = if hi > lo {
                ((v - lo) / (hi - lo) * 7.0).round() as usize
            } else {
                0
            };
            BARS[level.min(7)]
        })
        .collect()
}

/// Draws the folded plots in `area` (one line).
fn draw(buf: &mut Buffer, v: &PlotsView, area: Rect) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let accent = Style::default().fg(v.theme.accent);
    let hint = " plots folded to give the cube room: t shows them";
    let best: Vec<f64> = v.track.best().points().iter().map(|p| p.1).collect();
    let mut spans = vec![Span::styled("best energy ", dim)];
    let room = usize::from(area.width)
        .saturating_sub(spans[0].width() + hint.chars().count() + 12)
        .min(48);
    if let Some(last) = best.last() {
        spans.push(Span::styled(sparkline(&best, room), accent));
        spans.push(Span::raw(format!(" {last}")));
    } else {
        spans.push(Span::raw("—"));
    }
    spans.push(Span::styled(hint, dim));
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// The plots folded to one line, a widget over the run's plot data.
pub struct FoldedPlots<'v, 'a>(pub &'v PlotsView<'a>);

impl Widget for FoldedPlots<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw(buf, self.0, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sparkline_spans_the_values_in_as_many_columns() {
        assert_eq!(sparkline(&[4.0, 2.0, 0.0], 10), "█▅▁");
        assert_eq!(sparkline(&[3.0; 5], 10), "▁▁▁▁▁");
        let long: Vec<f64> = (0..100).rev().map(f64::from).collect();
        let s = sparkline(&long, 10);
        assert_eq!(s.chars().count(), 10);
        assert!(s.starts_with('█') && s.ends_with('▁'), "{s}");
        assert_eq!(sparkline(&[], 10), "");
    }
}
