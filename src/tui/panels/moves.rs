//! The moves panel: the scramble (or "random state") and the solution
//! or the moves so far, cut to the panel from the end, scrolled by the
//! wheel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::status;
use crate::tui::single_view::MovesView;
use crate::tui::ui::block;

/// How many of `moves`, counted back from `end`, fit in `room` characters
/// (each move takes its text and a space).
fn fit_back(moves: &[String], end: usize, room: usize) -> usize {
    let mut used = 0;
    let mut n = 0;
    for m in moves[..end].iter().rev() {
        let w = m.chars().count() + 1;
        if used + w > room {
            break;
        }
        used += w;
        n += 1;
    }
    n
}

/// How many of `moves`, from the first, fit in `room` characters.
fn fit_forward(moves: &[String], room: usize) -> usize {
    let mut used = 0;
    moves
        .iter()
        .take_while(|m| {
            used += m.chars().count() + 1;
            used <= room
        })
        .count()
}

/// The last moves that fit in `room` characters, `… ` first when cut.
fn tail_text(moves: &[String], room: usize) -> String {
    let n = fit_back(moves, moves.len(), room.saturating_sub(2));
    let shown = &moves[moves.len() - n..];
    let cut = if n < moves.len() { "… " } else { "" };
    format!("{cut}{}", shown.join(" "))
}

fn draw_log(buf: &mut Buffer, v: &MovesView, area: Rect) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let b = block(" moves ", v.theme);
    let inner = b.inner(area);
    let w = usize::from(inner.width.max(1));
    // Room on `lines` wrapped lines, leaving slack for words pushed to the next line.
    let room = |lines: usize, label: usize| (lines * w).saturating_sub(label + lines * 4);
    let mut lines = Vec::new();
    let scramble = match v.scramble {
        _ if v.replay => "as recorded".to_string(),
        Some(a) if a.is_empty() => "(solved)".to_string(),
        Some(a) => format!(
            "{} move{}: {}",
            a.len(),
            if a.len() == 1 { "" } else { "s" },
            tail_text(&a.words(), room(1, 20))
        ),
        None => match v.after_random {
            Some(a) => format!(
                "random state, then {} typed move{}: {}",
                a.len(),
                if a.len() == 1 { "" } else { "s" },
                tail_text(&a.words(), room(1, 40))
            ),
            None => "random state".to_string(),
        },
    };
    lines.push(Line::from(vec![
        Span::styled("scramble ", dim),
        Span::raw(scramble),
    ]));
    let rows = usize::from(inner.height).saturating_sub(1).max(1);
    if let Some(p) = v.playback {
        let label = format!(
            "length {} HTM ({}), move {}: ",
            p.moves.len(),
            status::raw_moves(p.raw_len),
            p.pos
        );
        let room = room(rows, label.chars().count());
        let words = p.moves.words();
        // A window that keeps the current position in view.
        let end = (p.pos + fit_back(&words, words.len(), room / 2).min(room / 8)).min(words.len());
        let end = end.max(p.pos);
        let start = end - fit_back(&words, end, room);
        let mut spans = vec![Span::styled(label, dim)];
        if start > 0 {
            spans.push(Span::raw("… "));
        }
        for (i, m) in words.iter().enumerate().take(end).skip(start) {
            let s = Span::raw(format!("{m} "));
            spans.push(if i < p.pos { s.bold() } else { s });
        }
        if end < p.moves.len() {
            spans.push(Span::raw("…"));
        }
        lines.push(Line::from(spans));
    } else if let Some(o) = v.recorded {
        let label = format!("recorded solution, length {} HTM: ", o.htm);
        let moves: Vec<&str> = o.solution.split_whitespace().collect();
        let room = room(rows, label.chars().count());
        let mut text = String::new();
        for m in moves.iter().rev() {
            if text.chars().count() + m.chars().count() + 3 > room {
                text.insert_str(0, "… ");
                break;
            }
            text.insert_str(0, &format!("{m} "));
        }
        lines.push(Line::from(vec![Span::styled(label, dim), Span::raw(text)]));
    } else if let Some(o) = v.outcome {
        let words = o.solution.words();
        // The wheel over the panel scrolls back a line at a time, down to
        // the first panelful.
        let full = room(rows, 40);
        let mut end = words.len();
        for _ in 0..v.scroll {
            end -= fit_back(&words, end, w.saturating_sub(4)).max(1).min(end);
        }
        end = end.max(fit_forward(&words, full)).min(words.len());
        let label = match (words.len(), end < words.len()) {
            (0, _) => "length 0 raw moves".to_string(),
            (n, false) => format!("length {}: ", status::raw_moves(n)),
            (n, true) => format!("length {}, to move {end}: ", status::raw_moves(n)),
        };
        let cut = if end < words.len() { 2 } else { 0 };
        let mut text = tail_text(&words[..end], room(rows, label.chars().count() + cut));
        if end < words.len() {
            text.push_str(" …");
        }
        lines.push(Line::from(vec![Span::styled(label, dim), Span::raw(text)]));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(b)
        .render(area, buf);
}

/// The moves panel: the solution or the moves so far.
impl Widget for &MovesView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_log(buf, self, area);
    }
}
