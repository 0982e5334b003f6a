//! The status panel: what runs, where it stands, and the solver's own rows
//! (from its profile). A pure function of the app.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::app::App;
use crate::numbers::{si, thousands};
use crate::solve::runner::Speed;

/// Speed as shown in the status panel.
pub fn speed_label(s: Speed) -> String {
    match s {
        Speed::PerFrame(n) => format!("{} / frame", thousands(n)),
        Speed::Unthrottled => "unthrottled".into(),
    }
}

/// Splits `text` into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The rows of the status panel, most important first.
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let dim = Style::default().add_modifier(Modifier::DIM);
    // Labels take 12 columns; a longer one keeps a space before its value.
    let row = |k: &str, v: String| {
        let w = (k.chars().count() + 1).max(12);
        Line::from(vec![Span::styled(format!("{k:<w$}"), dim), Span::raw(v)])
    };
    let dash = || "—".to_string();
    let s = app.snapshot();
    let choice = app.current_choice();
    let (solver, preset) =
        choice.map_or((dash(), dash()), |c| (c.solver.clone(), c.preset.clone()));
    let secs = app.track().elapsed().as_secs_f64();
    let iters = s.map_or(0, |s| s.iteration);
    let rate = if secs >= 0.5 {
        format!("{}/s", si(iters as f64 / secs, 2))
    } else {
        dash()
    };
    let name = if solver == preset {
        preset
    } else {
        format!("{preset}  ({solver})")
    };
    let mut lines = vec![row("preset", name)];
    if let Some(c) = choice {
        for l in wrap(&c.description, 34).into_iter().take(2) {
            lines.push(Line::from(Span::styled(l, dim)));
        }
    }
    lines.push(row("state", app.state().name().to_string()));
    if let Some(p) = s.and_then(|s| s.phase.clone()) {
        lines.push(row("phase", p));
    }
    if let Some(g) = s.and_then(|s| s.generator.clone()) {
        lines.push(row("generator", g));
    }
    lines.push(row(app.step_name(), thousands(iters)));
    lines.push(row(
        "energy",
        s.map_or_else(dash, |s| format!("{} (best {})", s.energy, s.best_energy)),
    ));
    if let (Some(profile), Some(s)) = (&app.profile(), s) {
        for (spec, &v) in profile.series.iter().zip(&s.values) {
            if spec.status_row {
                lines.push(row(spec.name, spec.format(v)));
            }
        }
    }
    lines.extend([
        row(
            "sequence",
            s.map_or_else(dash, |s| format!("{} moves", s.sequence_len)),
        ),
        row("elapsed", format!("{secs:.1} s")),
        row("speed", format!("{}  {rate}", speed_label(app.speed()))),
        row(
            "view",
            if app.upright() {
                "upright (a: raw)".to_string()
            } else {
                "raw (a: upright)".to_string()
            },
        ),
        row(
            "scramble",
            match app.depth() {
                None => "random state (0-9)".to_string(),
                Some(d) => format!("{d} moves (0-9)"),
            },
        ),
        row("seed", app.seed().to_string()),
    ]);
    lines
}
