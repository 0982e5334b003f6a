//! Drawing: a pure function of the app state.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use super::app::{App, Net};
use super::keys::BINDINGS;
use super::net::{self, CubeView};
use super::plot;
use crate::solve::runner::Speed;

/// The smallest terminal the main screen needs.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        draw_too_small(f, area);
        return;
    }
    let [top, charts, message, keys] = Layout::vertical([
        Constraint::Length(14),
        Constraint::Min(6),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [left, status] =
        Layout::horizontal([Constraint::Min(44), Constraint::Length(36)]).areas(top);
    let cube_h = net::extent(app.net).1 + 2;
    let [cube_area, log_area] =
        Layout::vertical([Constraint::Length(cube_h), Constraint::Min(0)]).areas(left);
    draw_cube(f, app, cube_area);
    draw_log(f, app, log_area);
    draw_status(f, app, status);
    let [energy, aux] =
        Layout::horizontal([Constraint::Percentage(64), Constraint::Percentage(36)]).areas(charts);
    plot::draw_energy(f, app, energy);
    plot::draw_aux(f, app, aux);
    draw_message(f, app, message);
    draw_keys(f, app, keys);
    if app.help {
        draw_help(f, app, area);
    }
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

fn block<'a>(title: impl Into<Line<'a>>, app: &App) -> Block<'a> {
    Block::bordered()
        .title(title)
        .border_style(Style::default().fg(app.theme.accent))
}

fn draw_cube(f: &mut Frame, app: &App, area: Rect) {
    let title = match (&app.playback, &app.snapshot) {
        (Some(p), _) => format!(" playback {}/{} ", p.pos, p.moves.len()),
        (None, Some(_)) if app.state != crate::solve::runner::RunState::Idle => {
            " current state ".to_string()
        }
        _ => " cube ".to_string(),
    };
    let view = match app.net {
        Net::Strip => "strip",
        Net::Cross => "cross",
    };
    let b = block(title, app).title_bottom(Line::from(format!(" {view} ")).right_aligned());
    let inner = b.inner(area);
    f.render_widget(b, area);
    let (w, _) = net::extent(app.net);
    let x = inner.x + inner.width.saturating_sub(w) / 2;
    let inner = Rect::new(x, inner.y, inner.width.min(w), inner.height).intersection(area);
    let cube = app.shown_cube();
    f.render_widget(
        CubeView {
            cube: &cube,
            net: app.net,
            theme: &app.theme,
            letters: app.letters,
            overlay: app.overlay,
        },
        inner,
    );
}

/// At most this many moves of a long sequence are printed.
const LOG_MOVES: usize = 120;

fn moves_text(moves: &[crate::cube::Move]) -> String {
    let shown = &moves[moves.len().saturating_sub(LOG_MOVES)..];
    let mut s = String::new();
    if shown.len() < moves.len() {
        s.push_str("… ");
    }
    let body: Vec<String> = shown.iter().map(|m| m.to_string()).collect();
    s.push_str(&body.join(" "));
    s
}

fn draw_log(f: &mut Frame, app: &App, area: Rect) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let mut lines = Vec::new();
    let scramble = match &app.scramble {
        Some(a) if a.is_empty() => "(solved)".to_string(),
        Some(a) => moves_text(a.moves()),
        None => "random state".to_string(),
    };
    lines.push(Line::from(vec![
        Span::styled("scramble ", dim),
        Span::raw(scramble),
    ]));
    if let Some(p) = &app.playback {
        let mut spans = vec![Span::styled(
            format!("solution {} HTM (raw {}) ", p.moves.len(), p.raw_len),
            dim,
        )];
        for (i, m) in p.moves.iter().enumerate() {
            let s = Span::raw(format!("{m} "));
            spans.push(if i < p.pos { s.bold() } else { s });
        }
        lines.push(Line::from(spans));
    } else if let Some(o) = &app.outcome {
        lines.push(Line::from(vec![
            Span::styled(format!("best sequence {} moves ", o.solution.len()), dim),
            Span::raw(moves_text(o.solution.moves())),
        ]));
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(block(" moves ", app)),
        area,
    );
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1234567.0` → `1.23M`.
pub fn compact(v: f64) -> String {
    if v >= 1e6 {
        format!("{:.2}M", v / 1e6)
    } else if v >= 1e4 {
        format!("{:.1}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

/// Speed as shown in the status panel.
pub fn speed_label(s: Speed) -> String {
    match s {
        Speed::PerFrame(n) => format!("{} / frame", thousands(n)),
        Speed::Unthrottled => "unthrottled".into(),
    }
}

fn draw_status(f: &mut Frame, app: &App, area: Rect) {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let row =
        |k: &str, v: String| Line::from(vec![Span::styled(format!("{k:<12}"), dim), Span::raw(v)]);
    let dash = || "—".to_string();
    let s = app.snapshot.as_ref();
    let (solver, preset) = app
        .current_choice()
        .map_or((dash(), dash()), |c| (c.solver.clone(), c.preset.clone()));
    let secs = app.elapsed.as_secs_f64();
    let iters = s.map_or(0, |s| s.iteration);
    let rate = if secs >= 0.5 {
        format!("{}/s", compact(iters as f64 / secs))
    } else {
        dash()
    };
    let mut lines = vec![row("solver", format!("{solver}  ({preset})"))];
    if let Some(g) = s.and_then(|s| s.generator.clone()) {
        lines.push(row("generator", g));
    }
    lines.push(row("seed", app.seed.to_string()));
    lines.push(row("state", app.state.name().to_string()));
    if let Some(p) = s.and_then(|s| s.phase.clone()) {
        lines.push(row("phase", p));
    }
    lines.push(row(app.step_name(), thousands(iters)));
    if let (Some(profile), Some(s)) = (&app.profile, s) {
        for (spec, &v) in profile.series.iter().zip(&s.values) {
            if spec.status_row {
                lines.push(row(spec.name, spec.format(v)));
            }
        }
    }
    lines.extend([
        row(
            "energy",
            s.map_or_else(dash, |s| format!("{} (best {})", s.energy, s.best_energy)),
        ),
        row(
            "sequence",
            s.map_or_else(dash, |s| format!("{} moves", s.sequence_len)),
        ),
        row("elapsed", format!("{secs:.1} s")),
        row("speed", format!("{}  {rate}", speed_label(app.speed()))),
    ]);
    f.render_widget(Paragraph::new(lines).block(block(" status ", app)), area);
}

fn draw_message(f: &mut Frame, app: &App, area: Rect) {
    let line = match (&app.prompt, &app.message) {
        (Some(p), _) => Line::from(vec![
            Span::styled("alg: ", Style::default().fg(app.theme.accent)),
            Span::raw(format!("{p}█")),
            Span::styled(
                "  (enter apply, esc cancel)",
                Style::default().add_modifier(Modifier::DIM),
            ),
        ]),
        (None, Some(m)) => Line::from(m.as_str()),
        (None, None) => Line::from(""),
    };
    f.render_widget(Paragraph::new(line), area);
}

fn draw_keys(f: &mut Frame, app: &App, area: Rect) {
    let mut spans = Vec::new();
    for b in BINDINGS {
        if let Some(h) = b.hint {
            let key = b.keys.split("  ").next().unwrap_or(b.keys).replace(' ', "");
            spans.push(Span::styled(
                key,
                Style::default()
                    .fg(app.theme.accent)
                    .add_modifier(Modifier::REVERSED),
            ));
            spans.push(Span::raw(format!(" {h}  ")));
        }
    }
    f.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn draw_help(f: &mut Frame, app: &App, area: Rect) {
    let widest = BINDINGS
        .iter()
        .map(|b| b.help.chars().count())
        .max()
        .unwrap_or(0);
    let h = (BINDINGS.len() as u16 + 2).min(area.height);
    let w = (widest as u16 + 18).min(area.width);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    let lines: Vec<Line> = BINDINGS
        .iter()
        .map(|b| {
            Line::from(vec![
                Span::styled(
                    format!(" {:<14}", b.keys),
                    Style::default().fg(app.theme.accent).bold(),
                ),
                Span::raw(b.help),
            ])
        })
        .collect();
    f.render_widget(Clear, popup);
    f.render_widget(
        Paragraph::new(lines).block(block(" keys (? or esc to close) ", app)),
        popup,
    );
}
