//! The knobs panel's logic: its rows (the run's live parameters, as the
//! solver reports them, with their declarations from the registry), the
//! steps `←`/`→` take, the check of a typed value, and what each panel
//! action does to the app ([`reduce`], called by the reducer). Drawing is
//! `panel.rs`. Nothing here names a solver: the rows come from
//! [`cubetui_run::runner::Track::params`] and
//! [`cubetui_solve::SolverConfig::declared`].
//!
//! In a race the rows are every live key of any lane (the value shown is
//! the first such lane's); a change goes to every lane that has the key.

pub mod keys;
pub mod panel;

use super::app::{App, Knobs};
use super::knobs::keys::KnobKey;
use cubetui_run::numbers::knob;
use cubetui_run::runner::Track;
use cubetui_solve::SolverConfig;
use cubetui_solve::params::{Kind, ParamSpec, Scale, find};
use cubetui_solve::typed::{exact_on_a_knob, int_top, read_value};

/// A log-scale parameter's step: ×/÷ 10^(1/8), eight steps a decade.
pub const LOG_STEP: f64 = 1.333_521_432_163_324;

/// A linear parameter's step: its range over this.
pub const LINEAR_STEPS: f64 = 20.0;

/// Characters a typed value may hold.
pub(crate) const TYPED_MAX: usize = 32;

/// One row of the panel.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The declared key (`mutation_rate`, `phase2.window`).
    pub key: String,
    /// Its value now.
    pub value: f64,
    /// Its value when the run started (the preset's), if known.
    pub initial: Option<f64>,
    /// Its declaration, if the solver's registry entry has one.
    pub spec: Option<&'static ParamSpec>,
}

impl Row {
    /// The range as people read it, with the scale when logarithmic.
    pub fn range(&self) -> String {
        match self.spec {
            Some(s) if s.scale == Scale::Log => format!("{} log", s.range()),
            Some(s) => s.range(),
            None => "?".into(),
        }
    }
}

/// The declaration of `key` for the solver of preset `preset`.
fn spec_of(app: &App, preset: &str, key: &str) -> Option<&'static ParamSpec> {
    let solver = app.choices().iter().find(|c| c.preset == preset)?;
    find(SolverConfig::declared(&solver.solver)?, key)
}

/// A change made before the single run's first step is part of how the
/// run starts: `y` then prints it as `--set KEY=VALUE` (for keys a preset
/// holds; a run-only one such as the annealer's temperature now has no
/// `--set`). The value is written in full (Rust's shortest exact form).
pub fn note_before_start(app: &mut App, key: &str, value: f64) {
    if app.race().is_some() || app.track().steps() > 0 {
        return;
    }
    let Some(preset) = app.current_choice().map(|c| c.preset.clone()) else {
        return;
    };
    let Some(spec) = spec_of(app, &preset, key) else {
        return;
    };
    // Whole numbers as integers, reals in Rust's shortest exact form.
    let shown = match spec.kind {
        Kind::Int { .. } => format!("{}", value as i128),
        _ => format!("{value:?}"),
    };
    if spec.in_preset {
        app.note_override(key, &shown);
    } else {
        app.note_run_only(key, &shown);
    }
}

/// The single run's knobs turned away from the values its run started
/// with, for keys a preset holds (a run-only one such as the annealer's
/// temperature now changes by itself): (key, value, the value as `--set`
/// writes it). A race the `w` key opens runs its first lane so.
pub(crate) fn turned(app: &App) -> Vec<(String, f64, String)> {
    let Some(preset) = app.current_choice().map(|c| c.preset.clone()) else {
        return Vec::new();
    };
    let track = app.track();
    let mut out = Vec::new();
    for (key, value) in track.params() {
        let Some(spec) = spec_of(app, &preset, key) else {
            continue;
        };
        if !spec.in_preset || track.initial_param(key) == Some(*value) {
            continue;
        }
        let shown = match spec.kind {
            Kind::Int { .. } => format!("{}", *value as i128),
            _ => format!("{value:?}"),
        };
        out.push((key.clone(), *value, shown));
    }
    out
}

/// The panel's rows: the single run's live parameters, or in a race every
/// lane's (each key once, valued as in the first lane that has it).
pub fn rows(app: &App) -> Vec<Row> {
    let tracks: Vec<(&str, &Track)> = match app.race() {
        Some(view) => view
            .race()
            .lanes()
            .iter()
            .map(|l| (l.preset(), l.track()))
            .collect(),
        None => match app.current_choice() {
            Some(c) => vec![(c.preset.as_str(), app.track())],
            None => Vec::new(),
        },
    };
    let mut rows: Vec<Row> = Vec::new();
    for (preset, track) in tracks {
        for (key, value) in track.params() {
            if rows.iter().any(|r| &r.key == key) {
                continue;
            }
            rows.push(Row {
                key: key.clone(),
                value: *value,
                initial: track.initial_param(key),
                spec: spec_of(app, preset, key),
            });
        }
    }
    rows
}

/// The selected row's index among `n` rows.
pub fn selected(knobs: &Knobs, n: usize) -> usize {
    knobs.selected.min(n.saturating_sub(1))
}

/// Rounds away the last bits of float noise (`0.1 + 0.05`).
fn tidy(v: f64) -> f64 {
    format!("{v:.12e}").parse().unwrap_or(v)
}

/// The value one step up (`up`) or down from `value`, within the range:
/// log scale ×/÷ [`LOG_STEP`]; linear, the range over [`LINEAR_STEPS`]
/// (whole numbers: at least 1; an open range: a tenth of the value);
/// whole numbers always move by at least 1 while they can.
pub fn stepped(value: f64, spec: Option<&ParamSpec>, up: bool) -> f64 {
    let sign = if up { 1.0 } else { -1.0 };
    let Some(spec) = spec else {
        // Undeclared: a multiplicative step, or 1 away from 0.
        return if value == 0.0 {
            sign
        } else if up {
            value * 1.25
        } else {
            value / 1.25
        };
    };
    let (min, max, int) = match spec.kind {
        Kind::Int { min, max } => (min as f64, int_top(max), true),
        Kind::Float { min, max } => (min, max, false),
        Kind::Bool => (0.0, 1.0, true),
        Kind::Choice(c) => (0.0, c.len().saturating_sub(1) as f64, true),
    };
    let mut next = if spec.scale == Scale::Log && value > 0.0 {
        if up {
            value * LOG_STEP
        } else {
            value / LOG_STEP
        }
    } else {
        let span = max - min;
        let step = if span.is_finite() && span <= 1e6 {
            span / LINEAR_STEPS
        } else {
            value.abs() / 10.0
        };
        let step = if int { step.round().max(1.0) } else { step };
        if step > 0.0 && span.is_finite() && span <= 1e6 {
            // On the grid of steps from the range's start.
            min + (((value - min) / step).round() + sign) * step
        } else {
            value + sign * step.max(f64::MIN_POSITIVE)
        }
    };
    if int {
        next = next.round();
        if next == value {
            next = value + sign;
        }
    }
    let next = tidy(next).clamp(min, max);
    // A value past the top a knob holds (set from the command line) stays.
    if (up && next < value) || (!up && next > value) {
        value
    } else {
        next
    }
}

/// `value` if `key` takes it, else why not (naming the key and the range).
pub fn checked(row: &Row, value: f64) -> Result<f64, String> {
    if !value.is_finite() {
        return Err(format!("`{}` takes a finite number", row.key));
    }
    let Some(spec) = row.spec else {
        return Ok(value);
    };
    // Whole numbers as integers, compared exactly (`as i64` would make
    // 2^63 into i64::MAX, inside the range).
    let v = match i64::try_from(value as i128) {
        Ok(i) if matches!(spec.kind, Kind::Int { .. }) && value.fract() == 0.0 => {
            toml::Value::Integer(i)
        }
        _ => toml::Value::Float(value),
    };
    spec.check(&v).map(|()| value)
}

/// A typed value, checked: read as `--set` reads it ([`read_value`]: a
/// whole-number knob takes digits only), in its range, and exact as the
/// number the run's knob carries.
pub fn parse(row: &Row, text: &str) -> Result<f64, String> {
    let text = text.trim();
    let Some(spec) = row.spec else {
        let v: f64 = text
            .parse()
            .map_err(|_| format!("`{}`: `{text}` is not a number", row.key))?;
        return checked(row, v);
    };
    let v = read_value(spec, text).map_err(|e| format!("`{}`: {e}", row.key))?;
    spec.check(&v)?;
    exact_on_a_knob(&row.key, &v)
}

/// Applies a knobs-panel action (or `p`) to the app; the change to send
/// (key and value), if any. The message line says what happened.
pub fn reduce(app: &mut App, action: KnobKey) -> Option<(String, f64)> {
    if action == KnobKey::Toggle {
        app.view.knobs = match app.view.knobs {
            Some(_) => None,
            None => Some(Knobs::default()),
        };
        return None;
    }
    if action == KnobKey::Close && app.view.help {
        app.view.help = false;
        return None;
    }
    let rows = rows(app);
    let knobs = app.view.knobs.as_mut()?;
    let i = selected(knobs, rows.len());
    let row = rows.get(i);
    let mut target = None;
    match action {
        KnobKey::Close => app.view.knobs = None,
        KnobKey::Prev => knobs.selected = i.saturating_sub(1),
        KnobKey::Next => knobs.selected = (i + 1).min(rows.len().saturating_sub(1)),
        KnobKey::Less | KnobKey::More => {
            let row = row?;
            target = Some(Ok(stepped(row.value, row.spec, action == KnobKey::More)));
        }
        KnobKey::Edit => {
            row?;
            knobs.typing = Some(String::new());
        }
        KnobKey::Char(c) => {
            if let Some(t) = knobs.typing.as_mut()
                && t.chars().count() < TYPED_MAX
            {
                t.push(c);
            }
        }
        KnobKey::Erase => {
            if let Some(t) = knobs.typing.as_mut() {
                t.pop();
            }
        }
        KnobKey::Cancel => knobs.typing = None,
        KnobKey::Submit => {
            let text = knobs.typing.take()?;
            let row = row?;
            if text.trim().is_empty() {
                app.message = Some(format!("`{}` left at {}", row.key, knob(row.value)));
                return None;
            }
            target = Some(parse(row, &text));
        }
        KnobKey::Reset => {
            let row = row?;
            target = Some(match row.initial {
                Some(v) => Ok(v),
                None => Err(format!("`{}` has no preset value to go back to", row.key)),
            });
        }
        KnobKey::Toggle => {}
    }
    let row = row?;
    match target? {
        Err(why) => {
            app.message = Some(format!("refused: {why}"));
            None
        }
        Ok(v) if v == row.value => {
            app.message = Some(format!("{} stays at {}", row.key, knob(v)));
            None
        }
        Ok(_) if app.race().is_none() && app.state().finished() => {
            app.message = Some(format!(
                "the run is {}: a change has nothing to act on (x, s or a turn starts over)",
                app.state().name()
            ));
            None
        }
        Ok(v) => {
            app.message = Some(format!("{} {} → {}", row.key, knob(row.value), knob(v)));
            Some((row.key.clone(), v))
        }
    }
}
