//! The knobs panel's logic: its rows (the run's live parameters, as the
//! solver reports them, with their declarations from the registry), the
//! steps `←`/`→` take, the check of a typed value, and what each panel
//! action does to the app ([`reduce`], called by the reducer). Drawing is
//! `knobs_ui.rs`. Nothing here names a solver: the rows come from
//! [`crate::solve::runner::Track::params`] and
//! [`crate::solve::SolverConfig::declared`].
//!
//! In a race the rows are every live key of any lane (the value shown is
//! the first such lane's); a change goes to every lane that has the key.

use super::app::{App, Knobs};
use super::keys::Action;
use super::reducer::Effect;
use crate::numbers::knob;
use crate::solve::SolverConfig;
use crate::solve::params::{Kind, ParamSpec, Scale, find};
use crate::solve::runner::Track;

/// A log-scale parameter's step: ×/÷ 10^(1/8), eight steps a decade.
pub const LOG_STEP: f64 = 1.333_521_432_163_324;

/// A linear parameter's step: its range over this.
pub const LINEAR_STEPS: f64 = 20.0;

/// Characters a typed value may hold.
const TYPED_MAX: usize = 32;

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
        Kind::Int { min, max } => (min as f64, max as f64, true),
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
    tidy(next.clamp(min, max))
}

/// `value` if `key` takes it, else why not (naming the key and the range).
pub fn checked(row: &Row, value: f64) -> Result<f64, String> {
    if !value.is_finite() {
        return Err(format!("`{}` takes a finite number", row.key));
    }
    let Some(spec) = row.spec else {
        return Ok(value);
    };
    let v = if matches!(spec.kind, Kind::Int { .. }) && value.fract() == 0.0 {
        toml::Value::Integer(value as i64)
    } else {
        toml::Value::Float(value)
    };
    spec.check(&v).map(|()| value)
}

/// A typed value, checked.
pub fn parse(row: &Row, text: &str) -> Result<f64, String> {
    let text = text.trim();
    let v: f64 = text
        .parse()
        .map_err(|_| format!("`{}`: `{text}` is not a number", row.key))?;
    checked(row, v)
}

/// Applies a knobs-panel action (or `p`) to the app; the change to send,
/// if any. The message line says what happened.
pub fn reduce(app: &mut App, action: &Action) -> Option<Effect> {
    if *action == Action::Knobs {
        app.view.knobs = match app.view.knobs {
            Some(_) => None,
            None => Some(Knobs::default()),
        };
        return None;
    }
    if *action == Action::CloseKnobs && app.view.help {
        app.view.help = false;
        return None;
    }
    let rows = rows(app);
    let knobs = app.view.knobs.as_mut()?;
    let i = selected(knobs, rows.len());
    let row = rows.get(i);
    let mut target = None;
    match action {
        Action::CloseKnobs => app.view.knobs = None,
        Action::KnobPrev => knobs.selected = i.saturating_sub(1),
        Action::KnobNext => knobs.selected = (i + 1).min(rows.len().saturating_sub(1)),
        Action::KnobLess | Action::KnobMore => {
            let row = row?;
            target = Some(Ok(stepped(row.value, row.spec, *action == Action::KnobMore)));
        }
        Action::KnobEdit => {
            row?;
            knobs.typing = Some(String::new());
        }
        Action::KnobChar(c) => {
            if let Some(t) = knobs.typing.as_mut()
                && t.chars().count() < TYPED_MAX
            {
                t.push(*c);
            }
        }
        Action::KnobErase => {
            if let Some(t) = knobs.typing.as_mut() {
                t.pop();
            }
        }
        Action::KnobCancel => knobs.typing = None,
        Action::KnobSubmit => {
            let text = knobs.typing.take()?;
            let row = row?;
            if text.trim().is_empty() {
                app.message = Some(format!("`{}` left at {}", row.key, knob(row.value)));
                return None;
            }
            target = Some(parse(row, &text));
        }
        Action::KnobReset => {
            let row = row?;
            target = Some(match row.initial {
                Some(v) => Ok(v),
                None => Err(format!("`{}` has no preset value to go back to", row.key)),
            });
        }
        _ => {}
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
            Some(Effect::SetParam {
                key: row.key.clone(),
                value: v,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::preset;
    use crate::solve::runner::{Inline, RunState, Speed};
    use crate::tui::app::Choice;
    use crate::tui::reducer::{reduce, update};

    /// An app running the test-only `throwaway` solver (one live
    /// parameter, `tries`, 0..=18, preset 18) inline on the start `R`.
    fn app() -> App {
        let choice = Choice {
            preset: "throwaway".into(),
            solver: "throwaway".into(),
            description: "tries each face turn".into(),
            build: Box::new(|start, seed| preset::get("throwaway")?.build(start, seed)),
        };
        let mut a = App::new(
            vec![choice],
            0,
            1,
            Box::new(Inline::new(Speed::PerFrame(1))),
        );
        update(&mut a, Action::ApplyAlg("R".into()));
        a
    }

    fn tries(a: &App) -> Option<f64> {
        a.track().param("tries")
    }

    #[test]
    fn p_opens_the_panel_with_the_runs_live_parameters_and_closes_it() {
        let mut a = app();
        assert_eq!(tries(&a), Some(18.0), "the runner sends them after Replace");
        assert!(reduce(&mut a, Action::Knobs).is_empty());
        assert_eq!(a.knobs(), Some(&Knobs::default()));
        let r = rows(&a);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].key.as_str(), r[0].value), ("tries", 18.0));
        assert_eq!(r[0].range(), "0..=18");
        assert_eq!(r[0].initial, Some(18.0));
        assert_eq!(r[0].spec.map(|s| s.meaning), Some("turns to try before giving up"));
        reduce(&mut a, Action::Knobs);
        assert_eq!(a.knobs(), None, "p again closes it");
        reduce(&mut a, Action::Knobs);
        reduce(&mut a, Action::CloseKnobs);
        assert_eq!(a.knobs(), None, "esc closes it");
    }

    #[test]
    fn arrows_step_the_selected_value_and_the_runner_applies_it() {
        let mut a = app();
        update(&mut a, Action::Knobs);
        // Up and down stay on the one row.
        update(&mut a, Action::KnobNext);
        update(&mut a, Action::KnobPrev);
        assert_eq!(a.knobs().unwrap().selected, 0);
        // Linear 0..=18: a step of 18/20, rounded to a whole 1.
        assert_eq!(
            reduce(&mut a, Action::KnobLess),
            [Effect::SetParam {
                key: "tries".into(),
                value: 17.0
            }]
        );
        assert_eq!(a.message(), Some("tries 18 → 17"));
        update(&mut a, Action::KnobLess);
        assert_eq!(tries(&a), Some(17.0), "sent and answered at once inline");
        let marks = a.track().marks();
        assert_eq!(marks.last().map(|m| m.label.as_str()), Some("tries 18→17"));
        assert_eq!(a.state(), RunState::Idle, "a change starts nothing");
        // At the top of the range a step up stays and says so.
        update(&mut a, Action::KnobReset);
        assert_eq!(tries(&a), Some(18.0), "backspace: the preset's value");
        assert!(reduce(&mut a, Action::KnobMore).is_empty());
        assert_eq!(a.message(), Some("tries stays at 18"));
    }

    #[test]
    fn enter_types_a_value_and_a_bad_one_is_refused_with_the_reason() {
        let mut a = app();
        update(&mut a, Action::Knobs);
        update(&mut a, Action::StartPause);
        update(&mut a, Action::KnobEdit);
        assert_eq!(a.knobs().unwrap().typing.as_deref(), Some(""));
        for c in "40".chars() {
            update(&mut a, Action::KnobChar(c));
        }
        assert_eq!(reduce(&mut a, Action::KnobSubmit), []);
        let m = a.message().unwrap();
        assert!(m.starts_with("refused: `tries` takes a whole number from 0 to 18"), "{m}");
        assert_eq!(a.knobs().unwrap().typing, None, "the field closes");
        assert_eq!(a.state(), RunState::Running, "the run goes on");
        update(&mut a, Action::KnobEdit);
        for c in "x2".chars() {
            update(&mut a, Action::KnobChar(c));
        }
        update(&mut a, Action::KnobSubmit);
        assert_eq!(a.message(), Some("refused: `tries`: `x2` is not a number"));
        update(&mut a, Action::KnobEdit);
        update(&mut a, Action::KnobChar('9'));
        update(&mut a, Action::KnobChar('9'));
        update(&mut a, Action::KnobErase);
        update(&mut a, Action::KnobSubmit);
        assert_eq!(tries(&a), Some(9.0), "typed 99, erased one: 9");
        // Esc while typing gives up the value only.
        update(&mut a, Action::KnobEdit);
        update(&mut a, Action::KnobChar('3'));
        update(&mut a, Action::KnobCancel);
        assert!(a.knobs().is_some() && a.knobs().unwrap().typing.is_none());
        assert_eq!(tries(&a), Some(9.0));
        // The run (R undone by R' at try 11) now gives up at try 9.
        for _ in 0..20 {
            update(&mut a, Action::Tick);
        }
        assert_eq!(a.state(), RunState::Exhausted);
        assert!(reduce(&mut a, Action::KnobMore).is_empty());
        assert!(a.message().unwrap().starts_with("the run is exhausted"));
    }

    #[test]
    fn a_value_the_solver_refuses_comes_back_as_an_error() {
        let mut a = app();
        update(&mut a, Action::Knobs);
        // Sent past the panel's check: the solver's own check speaks.
        crate::tui::race_glue::set_param(&mut a, "tries".into(), 2.5);
        update(&mut a, Action::Tick);
        let m = a.message().unwrap();
        assert!(m.contains("`tries` takes a whole number"), "{m}");
        crate::tui::race_glue::set_param(&mut a, "nope".into(), 1.0);
        update(&mut a, Action::Tick);
        assert!(a.message().unwrap().contains("unknown key `nope`"));
        assert_eq!(tries(&a), Some(18.0));
    }

    #[test]
    fn steps_are_logarithmic_or_a_twentieth_of_the_range() {
        use crate::solve::params::Live;
        let unit = ParamSpec::unit("m", 0.2, Live::Yes, "m");
        assert_eq!(stepped(0.2, Some(&unit), true), 0.25);
        assert_eq!(stepped(0.2, Some(&unit), false), 0.15);
        assert_eq!(stepped(1.0, Some(&unit), true), 1.0, "clamped");
        let pop = ParamSpec::int("p", (2, 100_000), 100, Scale::Log, Live::Yes, "p");
        assert_eq!(stepped(100.0, Some(&pop), true), 133.0);
        assert_eq!(stepped(2.0, Some(&pop), true), 3.0, "whole numbers move");
        assert_eq!(stepped(2.0, Some(&pop), false), 2.0);
        let t = ParamSpec::float("t", (1e-6, 1e3), 1.0, Scale::Log, Live::Yes, "t");
        let up8 = (0..8).fold(1.0, |v, _| stepped(v, Some(&t), true));
        assert!((up8 - 10.0).abs() < 1e-9, "eight steps a decade: {up8}");
        let open = ParamSpec::int("s", (1, i64::MAX), 200, Scale::Linear, Live::Yes, "s");
        assert_eq!(stepped(200.0, Some(&open), true), 220.0);
        assert_eq!(stepped(3.0, Some(&open), false), 2.0);
    }
}
