//! Drawing: a pure function of the app state.

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::app::{App, Net};
use super::help;
use super::keys::BINDINGS;
use super::knobs_ui;
use super::layout;
use super::net::{self, CubeView, Scale};
use super::plot;
use super::population;
use super::progress;
use super::status;
use crate::cube::AnyCube;
use crate::cube::nxn::NxnCube;

/// The smallest terminal the main screen needs.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    draw_screen(f, app);
    if app.theme().ascii {
        super::terminal::asciify(f.buffer_mut());
    }
}

fn draw_screen(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        draw_too_small(f, area);
        return;
    }
    if app.race().is_some() {
        super::race_ui::draw(f, app);
        if app.knobs().is_some() {
            // Over the lanes, right-aligned, above the note and the keys.
            let w = super::layout::STATUS_WIDTH.min(area.width);
            let top = Rect::new(area.right() - w, area.y + 1, w, 3);
            let panel = knobs_ui::area(app, top, area, area.bottom().saturating_sub(2));
            knobs_ui::draw(f, app, panel);
        }
        if app.help() {
            help::draw(f, help_view(app), area);
        }
        return;
    }
    let a = main_areas(app, area);
    let status_lines = status::lines_in(app, a.status.height.saturating_sub(2));
    draw_cube(f, app, a.cube, a.net, a.scale);
    draw_log(f, app, a.moves);
    f.render_widget(
        Paragraph::new(status_lines).block(block(" status ", app)),
        a.status,
    );
    if a.plots_folded.height > 0 {
        super::folded::draw(f, app, a.plots_folded);
    } else if population::shown(app) {
        let (energy, band, diversity) = population::areas(a.energy.union(a.aux));
        plot::draw_energy(f, app, energy);
        population::draw_band(f, app, band);
        population::draw_diversity(f, app, diversity);
    } else {
        plot::draw_energy(f, app, a.energy);
        progress::draw_side(f, app, a.aux);
    }
    if app.knobs().is_some() {
        // Over the status panel, widened to the left for its rows, unless
        // that covers the cube: then under the cube panel, as wide.
        let mut panel = knobs_ui::area(app, a.status, area, a.message.y);
        let under = a.message.y.saturating_sub(a.cube.bottom());
        if panel.intersects(a.cube) && under >= 6 {
            panel = Rect::new(panel.x, a.cube.bottom(), panel.width, under);
        }
        knobs_ui::draw(f, app, panel);
    }
    draw_message(f, app, a.message);
    draw_keys(f, app, a.keys);
    if app.help() {
        help::draw(f, help_view(app), area);
    }
}

/// The help popup's view data.
fn help_view(app: &App) -> help::HelpView {
    help::HelpView {
        scroll: app.help_scroll(),
        accent: app.theme().accent,
    }
}

/// The main screen's panels in `area`, as [`draw`] places them (the
/// status panel's height depends on the app): what the mouse is mapped by.
pub fn main_areas(app: &App, area: Rect) -> layout::Areas {
    let marks = app.letters() || app.overlay();
    let shape = net::Shape::on_screen(app.net(), app.cube_size(), app.theme(), marks);
    let lines = status::lines(app).len() as u16;
    layout::areas_with(area, shape, lines, app.plots_kept())
}

fn draw_too_small(f: &mut Frame, area: Rect) {
    let text = format!("too small: need {MIN_WIDTH}×{MIN_HEIGHT}");
    let y = area.height / 2;
    let line = Rect::new(area.x, area.y + y, area.width, area.height.min(1));
    f.render_widget(
        Paragraph::new(text).alignment(Alignment::Center),
        line.intersection(area),
    );
}

pub(super) fn block<'a>(title: impl Into<Line<'a>>, app: &App) -> Block<'a> {
    Block::bordered()
        .title(title)
        .border_style(Style::default().fg(app.theme().accent))
}

fn draw_cube(f: &mut Frame, app: &App, area: Rect, net: Net, scale: Scale) {
    let title = match (&app.playback(), &app.snapshot()) {
        _ if app.replay().is_some_and(|r| !r.has_states()) => " start ".to_string(),
        _ if app.replay().is_some() => " recorded state ".to_string(),
        (Some(p), _) => format!(" playback {}/{} ", p.pos, p.moves.len()),
        (None, Some(_)) if app.state() != crate::solve::runner::RunState::Idle => {
            " current state ".to_string()
        }
        _ => " cube ".to_string(),
    };
    let view = match net {
        Net::Strip if scale.fold => "folded strip",
        Net::Strip => "strip",
        Net::Cross => "cross",
    };
    let pose = if app.upright() { "upright" } else { "raw" };
    let b = block(title, app).title_bottom(Line::from(format!(" {pose} {view} ")).right_aligned());
    let inner = b.inner(area);
    f.render_widget(b, area);
    let marks = app.letters() || app.overlay();
    let shape = net::Shape::on_screen(net, app.cube_size(), app.theme(), marks);
    let inner = net::centred(inner, scale.extent(shape));
    let cube = match app.shown_cube() {
        AnyCube::Three(c) => NxnCube::from(&c),
        AnyCube::Nxn(c) => c,
    };
    f.render_widget(
        CubeView {
            cube: &cube,
            net,
            scale,
            theme: app.theme(),
            letters: app.letters(),
            overlay: app.overlay(),
        },
        inner,
    );
}

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

fn draw_log(f: &mut Frame, app: &App, area: Rect) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let b = block(" moves ", app);
    let inner = b.inner(area);
    let w = usize::from(inner.width.max(1));
    // Room on `lines` wrapped lines, leaving slack for words pushed to the next line.
    let room = |lines: usize, label: usize| (lines * w).saturating_sub(label + lines * 4);
    let mut lines = Vec::new();
    let scramble = match &app.scramble() {
        _ if app.replay().is_some() => "as recorded".to_string(),
        Some(a) if a.is_empty() => "(solved)".to_string(),
        Some(a) => format!(
            "{} move{}: {}",
            a.len(),
            if a.len() == 1 { "" } else { "s" },
            tail_text(&a.words(), room(1, 20))
        ),
        None => match app.after_random() {
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
    if let Some(p) = &app.playback() {
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
    } else if let Some(o) = app.replay().and_then(|r| r.result()) {
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
    } else if let Some(o) = &app.outcome() {
        let words = o.solution.words();
        // The wheel over the panel scrolls back a line at a time, down to
        // the first panelful.
        let full = room(rows, 40);
        let mut end = words.len();
        for _ in 0..app.moves_scroll() {
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
    f.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(b),
        area,
    );
}

fn draw_message(f: &mut Frame, app: &App, area: Rect) {
    let line = match (&app.prompt(), &app.message()) {
        (Some(p), _) => {
            // Long input scrolls: the end (where typing goes) stays in view.
            let hint = "  (enter apply, esc cancel)";
            let room = usize::from(area.width).saturating_sub(5 + 1 + hint.len() + 16);
            let n = p.chars().count();
            let shown: String = if n > room {
                let tail: String = p.chars().skip(n - room.saturating_sub(1)).collect();
                format!("…{tail}")
            } else {
                p.to_string()
            };
            let count = if n > room {
                format!(" ({n} chars)")
            } else {
                String::new()
            };
            Line::from(vec![
                Span::styled("alg: ", Style::default().fg(app.theme().accent)),
                Span::raw(format!("{shown}█")),
                Span::styled(
                    format!("{hint}{count}"),
                    Style::default().add_modifier(Modifier::DIM),
                ),
            ])
        }
        (None, Some(m)) => Line::from(m.to_string()),
        (None, None) => Line::from(""),
    };
    f.render_widget(Paragraph::new(line), area);
}

/// Hint labels in the order the hint bar shows them, the keys a newcomer
/// needs first; hints not listed follow in the key table's order. `?` is
/// not here: it always ends the bar, as `? help`, or `? more` when the bar
/// is cut (the help popup lists every key).
const HINT_ORDER: &[&str] = &[
    "solve", "step", "gen", "speed", "scramble", "reset", "preset", "race", "quit", "alg",
];

/// The hints of the key table as (key, label), most important first, and
/// the `?` key last.
fn hints() -> (Vec<(String, &'static str)>, String) {
    let key_of = |keys: &str| keys.split("  ").next().unwrap_or(keys).replace(' ', "");
    let mut help_key = "?".to_string();
    let mut hints: Vec<(String, &'static str)> = Vec::new();
    for b in BINDINGS {
        match b.hint {
            Some("help") => help_key = key_of(b.keys),
            Some(h) => hints.push((key_of(b.keys), h)),
            None => {}
        }
    }
    let rank = |h: &str| {
        HINT_ORDER
            .iter()
            .position(|&o| o == h)
            .unwrap_or(HINT_ORDER.len())
    };
    hints.sort_by_key(|&(_, h)| rank(h));
    (hints, help_key)
}

/// The hint bar of a replay: (the row of the key table, the keys shown,
/// what they do in a replay).
pub const REPLAY_HINTS: &[(&str, &str, &str)] = &[
    ("← →  home end", "←→", "point"),
    ("← →  home end", "home end", "ends"),
    ("PgUp PgDn", "PgUp/PgDn", "tenth"),
    ("space", "space", "play"),
    ("+ -", "+-", "rate"),
    ("q  Ctrl-C", "q", "quit"),
];

/// The replay's hints as (keys, label), from [`REPLAY_HINTS`] (a row the
/// key table lost is left out).
fn replay_hints() -> Vec<(String, &'static str)> {
    REPLAY_HINTS
        .iter()
        .filter(|(row, ..)| BINDINGS.iter().any(|b| b.keys == *row))
        .map(|&(_, keys, label)| (keys.to_string(), label))
        .collect()
}

/// The hint bar: the most important keys that fit the width, then `? help`,
/// or `? more` when some were left out.
fn draw_keys(f: &mut Frame, app: &App, area: Rect) {
    let (mut hints, help_key) = hints();
    if app.replay().is_some() {
        hints = replay_hints();
    }
    let cell = |k: &str, h: &str, sep: usize| k.chars().count() + 1 + h.chars().count() + sep;
    let width = |sep: usize, n: usize, last: &str| -> usize {
        hints[..n]
            .iter()
            .map(|(k, h)| cell(k, h, sep))
            .sum::<usize>()
            + cell(&help_key, last, 0)
    };
    let room = usize::from(area.width);
    // Two spaces between hints where they fit, else one; else drop the
    // least important ones and say so.
    let (sep, n, last) = if width(2, hints.len(), "help") <= room {
        (2, hints.len(), "help")
    } else if width(1, hints.len(), "help") <= room {
        (1, hints.len(), "help")
    } else {
        let n = (0..hints.len())
            .rev()
            .find(|&n| width(1, n, "more") <= room)
            .unwrap_or(0);
        (1, n, "more")
    };
    let key_style = Style::default()
        .fg(app.theme().accent)
        .add_modifier(Modifier::REVERSED);
    let mut spans = Vec::new();
    for (key, h) in &hints[..n] {
        spans.push(Span::styled(key.clone(), key_style));
        spans.push(Span::raw(format!(" {h}{}", " ".repeat(sep))));
    }
    spans.push(Span::styled(help_key, key_style));
    spans.push(Span::raw(format!(" {last}")));
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}
