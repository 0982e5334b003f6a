//! Parameters that describe themselves: every solver declares each of its
//! parameters once ([`ParamSpec`]: dotted key as in the preset TOML and
//! `--set`, value type and range, default, scale, whether it may change
//! during a run, one-line meaning). The registry hands out each solver's
//! list ([`crate::SolverConfig::params`]); `--set`, `cubetui presets
//! NAME` and the screen read it.
//!
//! Ranges are per key; rules that tie two keys together (population ×
//! length, `t_min` at most `t0`, …) stay in each solver's `validate`.

use std::fmt;

use crate::api::SolveError;
pub use crate::renamed::{added, canonical, fill_before, names_now, renamed};

/// What values a parameter takes.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Int { min: i64, max: i64 },
    /// A number in `min..=max`.
    Float { min: f64, max: f64 },
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Choice(&'static [&'static str]),
}

/// How a parameter is best stepped and plotted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    Linear,
    /// Multiplicative steps; such a parameter's range starts above 0.
    Log,
}

/// A parameter's default (the solver's `Default`, or its default preset's
/// value where a solver has none).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(&'static str),
}

/// One declared parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamSpec {
    /// Dotted key, as in the preset TOML and `--set` (`schedule.t0`).
    pub key: String,
    pub kind: Kind,
    pub default: Value,
    pub scale: Scale,
    /// Whether it may change during a run (the knobs panel offers these).
    pub live: bool,
    /// Whether it is a field of the preset (`false`: a value of the run
    /// only, such as the annealer's temperature now, set from the knobs
    /// panel, never by `--set`).
    pub in_preset: bool,
    /// One line saying what it does.
    pub meaning: &'static str,
    /// Earlier names of the key, still read wherever a key is (`--set`,
    /// preset, config and run files, a change during a run) as this key
    /// ([`renamed`]); most keys have none.
    pub aliases: Vec<&'static str>,
    /// The value runs recorded before the key existed had: a run file
    /// without the key replays with it, not with the default
    /// ([`crate::renamed::added`]); `None` for most keys.
    pub before: Option<toml::Value>,
}

/// Whether a parameter may change during a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Live {
    Yes,
    No,
}

/// A whole-number bound as TOML (and `--set`) reads it: past 99 999 in
/// groups of three (`1_000_000_000`).
fn int_text(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    if digits.len() <= 5 {
        return n.to_string();
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('_');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// A number bound as TOML (and `--set`) reads it: very large or very
/// small ones in exponent form (`1e9`, `1e-9`), others as written.
fn float_text(x: f64) -> String {
    if x != 0.0 && !(1e-4..1e6).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

impl ParamSpec {
    /// A whole-number parameter in `min..=max`.
    pub fn int(
        key: impl Into<String>,
        (min, max): (i64, i64),
        default: impl TryInto<i64>,
        scale: Scale,
        live: Live,
        meaning: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            key: key.into(),
            kind: Kind::Int { min, max },
            default: Value::Int(default.try_into().unwrap_or(i64::MAX)),
            scale,
            live: live == Live::Yes,
            in_preset: true,
            meaning,
            aliases: Vec::new(),
            before: None,
        }
    }

    /// A number in `min..=max`.
    pub fn float(
        key: impl Into<String>,
        (min, max): (f64, f64),
        default: f64,
        scale: Scale,
        live: Live,
        meaning: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            key: key.into(),
            kind: Kind::Float { min, max },
            default: Value::Float(default),
            scale,
            live: live == Live::Yes,
            in_preset: true,
            meaning,
            aliases: Vec::new(),
            before: None,
        }
    }

    /// A probability or fraction, `0..=1`, linear.
    pub fn unit(
        key: impl Into<String>,
        default: f64,
        live: Live,
        meaning: &'static str,
    ) -> ParamSpec {
        ParamSpec::float(key, (0.0, 1.0), default, Scale::Linear, live, meaning)
    }

    /// A number that exists only while a run goes on (no preset field):
    /// live, in `min..=max`.
    pub fn run_value(
        key: impl Into<String>,
        (min, max): (f64, f64),
        default: f64,
        scale: Scale,
        meaning: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            in_preset: false,
            ..ParamSpec::float(key, (min, max), default, scale, Live::Yes, meaning)
        }
    }

    pub fn bool(key: impl Into<String>, default: bool, meaning: &'static str) -> ParamSpec {
        ParamSpec {
            key: key.into(),
            kind: Kind::Bool,
            default: Value::Bool(default),
            scale: Scale::Linear,
            live: false,
            in_preset: true,
            meaning,
            aliases: Vec::new(),
            before: None,
        }
    }

    pub fn choice(
        key: impl Into<String>,
        choices: &'static [&'static str],
        default: &'static str,
        live: Live,
        meaning: &'static str,
    ) -> ParamSpec {
        ParamSpec {
            key: key.into(),
            kind: Kind::Choice(choices),
            default: Value::Text(default),
            scale: Scale::Linear,
            live: live == Live::Yes,
            in_preset: true,
            meaning,
            aliases: Vec::new(),
            before: None,
        }
    }

    /// The range as people read it: `1 – 100`, `≥ 1` (no bound but the
    /// largest TOML integer), `0.01 – 0.99`, `true|false`, `a|b|c`.
    pub fn range(&self) -> String {
        match &self.kind {
            Kind::Int { min, max: i64::MAX } => format!("≥ {}", int_text(*min)),
            Kind::Int { min, max } => format!("{} – {}", int_text(*min), int_text(*max)),
            Kind::Float { min, max } => format!("{} – {}", float_text(*min), float_text(*max)),
            Kind::Bool => "true|false".into(),
            Kind::Choice(c) => c.join("|"),
        }
    }

    /// What `--set` accepts, in words: "a whole number in 1 – 100", "a
    /// whole number ≥ 1", "a number in 0 – 1".
    pub fn expects(&self) -> String {
        let log = if self.scale == Scale::Log {
            ", log scale"
        } else {
            ""
        };
        match &self.kind {
            Kind::Int { max: i64::MAX, .. } => format!("a whole number {}{log}", self.range()),
            Kind::Int { .. } => format!("a whole number in {}{log}", self.range()),
            Kind::Float { .. } => format!("a number in {}{log}", self.range()),
            Kind::Bool => "true or false".into(),
            Kind::Choice(c) => format!("one of {}", c.join(", ")),
        }
    }

    /// Checks a value given as TOML against the type and range; the error
    /// names the key and what it takes.
    pub fn check(&self, v: &toml::Value) -> Result<(), String> {
        let ok = match (&self.kind, v) {
            (Kind::Int { min, max }, toml::Value::Integer(i)) => (min..=max).contains(&i),
            (Kind::Float { min, max }, toml::Value::Float(f)) => (min..=max).contains(&f),
            (Kind::Float { min, max }, toml::Value::Integer(i)) => {
                (min..=max).contains(&&(*i as f64))
            }
            (Kind::Bool, toml::Value::Boolean(_)) => true,
            (Kind::Choice(c), toml::Value::String(s)) => c.contains(&s.as_str()),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "`{}` takes {}, got {}",
                self.key,
                self.expects(),
                shown(v)
            ))
        }
    }
}

impl ParamSpec {
    /// Checks a number for this parameter (a change during a run, or a value
    /// a solver's `validate` holds): finite and inside the declared range; a
    /// whole-number parameter takes the nearest whole number. Returns the
    /// value to use; the error names the key and what it takes.
    pub fn check_number(&self, v: f64) -> Result<f64, String> {
        let refuse = || format!("`{}` takes {}, got {v}", self.key, self.expects());
        match self.kind {
            _ if !v.is_finite() => Err(refuse()),
            Kind::Int { min, max } => {
                let r = v.round();
                // `as f64` rounds i64::MAX up to 2^63, which no u64 we hold reaches.
                if r < min as f64 || r > max as f64 {
                    Err(refuse())
                } else {
                    Ok(r)
                }
            }
            Kind::Float { min, max } if (min..=max).contains(&v) => Ok(v),
            Kind::Float { .. } => Err(refuse()),
            Kind::Bool | Kind::Choice(_) => Err(format!(
                "`{}` takes {}, not a number",
                self.key,
                self.expects()
            )),
        }
    }
}

/// The declared parameter `key` if it may change during a run; else why not
/// (an unknown key lists the live ones).
pub fn live<'a>(specs: &'a [ParamSpec], key: &str) -> Result<&'a ParamSpec, SolveError> {
    match find(specs, key) {
        Some(s) if s.live => Ok(s),
        Some(_) => Err(SolveError::Parameter(format!(
            "`{key}` cannot change during a run"
        ))),
        None => {
            let live: Vec<ParamSpec> = specs.iter().filter(|s| s.live).cloned().collect();
            Err(SolveError::Parameter(format!(
                "unknown parameter `{key}`; the live parameters are: {}",
                keys(&live)
            )))
        }
    }
}

/// Checks a change of `key` to `v` during a run against the declaration:
/// declared, live, numeric and inside its range. Returns the value to use
/// (whole numbers rounded); the error names the key and its range.
pub fn check_live(specs: &[ParamSpec], key: &str, v: f64) -> Result<f64, SolveError> {
    live(specs, key)?
        .check_number(v)
        .map_err(SolveError::Parameter)
}

/// A change of `key` to `v` refused by a rule between keys (`e`, from the
/// solver's `validate`), in words that name the key first.
pub fn refused(key: &str, v: f64, e: SolveError) -> SolveError {
    let why = match e {
        SolveError::Parameter(m) => m,
        other => other.to_string(),
    };
    SolveError::Parameter(format!("`{key}` = {v} refused: {why}"))
}

/// Checks a value a solver holds against the declared range of `key` (for
/// `validate`, so ranges are written once, in the declaration). A key not
/// declared passes.
pub fn within(specs: &[ParamSpec], key: &str, v: f64) -> Result<(), SolveError> {
    match find(specs, key) {
        Some(s) => match s.check_number(v) {
            Ok(r) if r == v => Ok(()),
            Ok(_) => Err(SolveError::Parameter(format!(
                "`{key}` takes {}, got {v}",
                s.expects()
            ))),
            Err(e) => Err(SolveError::Parameter(e)),
        },
        None => Ok(()),
    }
}

/// The current values of the declared live numeric parameters among
/// `values` (key, value), in declaration order: what
/// [`crate::api::Solver::live_values`] returns.
pub fn live_values<K: AsRef<str>>(specs: &[ParamSpec], values: &[(K, f64)]) -> Vec<(String, f64)> {
    specs
        .iter()
        .filter(|s| s.live && matches!(s.kind, Kind::Int { .. } | Kind::Float { .. }))
        .filter_map(|s| {
            values
                .iter()
                .find(|(k, _)| k.as_ref() == s.key)
                .map(|&(_, v)| (s.key.clone(), v))
        })
        .collect()
}

/// A TOML value as typed (strings without quotes).
fn shown(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(t) => f.write_str(t),
        }
    }
}

impl fmt::Display for Scale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scale::Linear => "linear",
            Scale::Log => "log",
        })
    }
}

/// The spec of `key` in `specs`, found by its name or an earlier one
/// ([`ParamSpec::aliases`]).
pub fn find<'a>(specs: &'a [ParamSpec], key: &str) -> Option<&'a ParamSpec> {
    specs
        .iter()
        .find(|s| s.key == key)
        .or_else(|| specs.iter().find(|s| s.aliases.contains(&key)))
}

/// Every key of `specs`, comma-separated, for "valid keys are …" messages;
/// keys every phase shares are written once (`phase1…phase4.{window, trials}`).
pub fn keys(specs: &[ParamSpec]) -> String {
    let phase_of = |k: &str| -> Option<(usize, String)> {
        let (head, leaf) = k.split_once('.')?;
        let n = head.strip_prefix("phase")?.parse().ok()?;
        Some((n, leaf.to_string()))
    };
    let leaves = |n: usize| -> Vec<String> {
        specs
            .iter()
            .filter_map(|s| phase_of(&s.key))
            .filter(|(m, _)| *m == n)
            .map(|(_, l)| l)
            .collect()
    };
    let phases = specs
        .iter()
        .filter_map(|s| phase_of(&s.key))
        .map(|(n, _)| n)
        .max()
        .unwrap_or(0);
    let shared = phases > 1 && (2..=phases).all(|n| leaves(n) == leaves(1));
    let mut out: Vec<String> = Vec::new();
    for s in specs {
        match phase_of(&s.key) {
            Some((1, _)) if shared && out.iter().all(|o| !o.starts_with("phase1…")) => {
                out.push(format!("phase1…phase{phases}.{{{}}}", leaves(1).join(", ")));
            }
            Some(_) if shared => {}
            _ => out.push(s.key.clone()),
        }
    }
    out.join(", ")
}

/// The same per-phase parameters declared for `phase1` … `phaseN`, with
/// each phase's defaults from `defaults` (phase 1 first).
pub fn per_phase<P>(
    defaults: &[P],
    declare: impl Fn(&str, &P) -> Vec<ParamSpec>,
) -> Vec<ParamSpec> {
    defaults
        .iter()
        .enumerate()
        .flat_map(|(i, d)| declare(&format!("phase{}.", i + 1), d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_shared_by_every_phase_are_listed_once() {
        let spec = |k: &str| ParamSpec::bool(k, true, "m");
        let specs = [
            spec("max_steps"),
            spec("phase1.a"),
            spec("phase1.b"),
            spec("phase2.a"),
            spec("phase2.b"),
            spec("best_of"),
        ];
        assert_eq!(keys(&specs), "max_steps, phase1…phase2.{a, b}, best_of");
        // Phases that differ are listed key by key.
        let specs = [spec("phase1.a"), spec("phase2.b")];
        assert_eq!(keys(&specs), "phase1.a, phase2.b");
    }

    #[test]
    fn check_refuses_the_wrong_type_and_values_outside_the_range() {
        let s = ParamSpec::int("a.b", (1, 10), 5, Scale::Linear, Live::No, "m");
        assert!(s.check(&toml::Value::Integer(1)).is_ok());
        assert!(s.check(&toml::Value::Integer(10)).is_ok());
        let e = s.check(&toml::Value::Integer(11)).unwrap_err();
        assert!(
            e.contains("`a.b` takes a whole number in 1 – 10, got 11"),
            "{e}"
        );
        let open = ParamSpec::int("n", (1, i64::MAX), 5, Scale::Log, Live::No, "m");
        assert_eq!(open.range(), "≥ 1");
        let e = open.check(&toml::Value::Integer(0)).unwrap_err();
        assert_eq!(e, "`n` takes a whole number ≥ 1, log scale, got 0");
        let alpha = ParamSpec::float("a", (0.01, 0.999_999), 0.5, Scale::Linear, Live::No, "m");
        assert_eq!(alpha.range(), "0.01 – 0.999999");
        // Far bounds in the forms --set takes back.
        let t = ParamSpec::float("t", (1e-9, 1e9), 1.0, Scale::Log, Live::Yes, "m");
        assert_eq!(t.range(), "1e-9 – 1e9");
        let n = ParamSpec::int("n", (1, 1_000_000_000), 5, Scale::Log, Live::No, "m");
        assert_eq!(n.range(), "1 – 1_000_000_000");
        assert_eq!(ParamSpec::unit("u", 0.5, Live::No, "m").range(), "0 – 1");
        assert!(s.check(&toml::Value::Float(2.0)).is_err());
        let c = ParamSpec::choice("k", &["x", "y"], "x", Live::No, "m");
        assert!(c.check(&toml::Value::String("y".into())).is_ok());
        let e = c.check(&toml::Value::String("z".into())).unwrap_err();
        assert!(e.contains("one of x, y") && e.contains("got z"), "{e}");
        let f = ParamSpec::unit("r", 0.5, Live::Yes, "m");
        assert!(f.check(&toml::Value::Integer(1)).is_ok());
        assert!(f.check(&toml::Value::Float(1.0000001)).is_err());
        assert!(f.check(&toml::Value::Float(f64::NAN)).is_err());
    }

    #[test]
    fn a_live_change_is_checked_against_the_declaration() {
        let specs = [
            ParamSpec::int("n", (2, 100), 10, Scale::Log, Live::Yes, "m"),
            ParamSpec::unit("rate", 0.5, Live::Yes, "m"),
            ParamSpec::int("len", (1, 9), 5, Scale::Linear, Live::No, "m"),
            ParamSpec::choice("kind", &["a", "b"], "a", Live::Yes, "m"),
        ];
        assert_eq!(check_live(&specs, "n", 7.4).unwrap(), 7.0, "rounded");
        assert_eq!(check_live(&specs, "n", 100.0).unwrap(), 100.0);
        assert_eq!(check_live(&specs, "rate", 0.25).unwrap(), 0.25);
        let e = check_live(&specs, "n", 1.0).unwrap_err().to_string();
        assert!(e.contains("`n`") && e.contains("in 2 – 100"), "{e}");
        let e = check_live(&specs, "rate", f64::INFINITY)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`rate`") && e.contains("in 0 – 1"), "{e}");
        let e = check_live(&specs, "len", 3.0).unwrap_err().to_string();
        assert!(e.contains("`len` cannot change during a run"), "{e}");
        let e = check_live(&specs, "kind", 1.0).unwrap_err().to_string();
        assert!(e.contains("one of a, b"), "{e}");
        let e = check_live(&specs, "what", 1.0).unwrap_err().to_string();
        assert!(
            e.contains("unknown parameter `what`") && e.contains("n, rate, kind"),
            "{e}"
        );
        // What a solver holds: whole numbers exactly, ranges as declared.
        assert!(within(&specs, "len", 9.0).is_ok());
        assert!(within(&specs, "len", 10.0).is_err());
        assert!(within(&specs, "n", 2.5).is_err());
        assert!(within(&specs, "undeclared", -1.0).is_ok());
        // Only live numeric keys are reported, in declaration order.
        let v = live_values(&specs, &[("rate", 0.3), ("len", 4.0), ("n", 9.0)]);
        assert_eq!(v, [("n".to_string(), 9.0), ("rate".to_string(), 0.3)]);
    }
}
