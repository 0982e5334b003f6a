//! `--set KEY=VALUE`: one override applied to a solver's TOML table, each
//! key checked against the solver's declaration (range, kind, group), with
//! a message that names the key and what it accepts.

use color_eyre::eyre::Report;

use cubetui_solve::SolverConfig;
use cubetui_solve::params::{self, ParamSpec};
use cubetui_solve::preset;

use super::super::exit::UsageError;

/// A usage error (exit 2) saying `msg`.
pub(super) fn usage(msg: impl Into<String>) -> Report {
    UsageError(msg.into()).into()
}

/// `base` with `--set KEY=VALUE` overrides applied (as `solve --set`
/// applies them: every key checked against the solver's declaration), and
/// the overrides as (key, value) pairs; every mistake is a usage error.
pub fn apply_sets(
    base: &SolverConfig,
    sets: &[String],
) -> Result<(SolverConfig, Vec<(String, String)>), Report> {
    let (table, pairs) = set_all(full_table(base)?, sets)?;
    let config = preset::from_table(table).map_err(|e| usage(e.to_string()))?;
    config
        .build(cubetui_cube::Cube::solved(), 0)
        .map_err(|e| usage(e.to_string()))?;
    Ok((config, pairs))
}

/// The configuration as a TOML table with every field present.
pub(super) fn full_table(cfg: &SolverConfig) -> Result<toml::Table, Report> {
    toml::Table::try_from(cfg).map_err(|e| usage(format!("cannot edit preset: {e}")))
}

/// Parses `raw` as a TOML value, falling back to a string, and shaped like
/// `old`. An integer TOML cannot hold is an error naming the range.
fn parse_value(raw: &str, old: &toml::Value) -> Result<toml::Value, String> {
    let parsed = format!("v = {raw}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"));
    let digits = raw.strip_prefix(['-', '+']).unwrap_or(raw);
    if parsed.is_none()
        && !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && raw.parse::<i64>().is_err()
    {
        return Err(format!(
            "{raw} is out of range (integers go from {} to {})",
            i64::MIN,
            i64::MAX
        ));
    }
    // A value of the wrong kind is named as given (serde would print `1e308`
    // as 309 digits, or name a Rust type).
    let wanted = match (old, &parsed) {
        (toml::Value::Integer(_), Some(toml::Value::Integer(_)))
        | (toml::Value::Float(_), Some(toml::Value::Integer(_) | toml::Value::Float(_)))
        | (toml::Value::Boolean(_), Some(toml::Value::Boolean(_)))
        | (toml::Value::String(_) | toml::Value::Table(_), _) => None,
        (toml::Value::Integer(_), _) => Some("a whole number"),
        (toml::Value::Float(_), _) => Some("a number"),
        (toml::Value::Boolean(_), _) => Some("true or false"),
        _ => None,
    };
    if let Some(wanted) = wanted {
        return Err(format!("expected {wanted}, got {raw}"));
    }
    Ok(match (old, parsed) {
        (toml::Value::Float(_), Some(toml::Value::Integer(i))) => toml::Value::Float(i as f64),
        (toml::Value::String(_), Some(toml::Value::String(s))) => toml::Value::String(s),
        (toml::Value::String(_), _) => toml::Value::String(raw.to_string()),
        (_, Some(v)) => v,
        (_, None) => toml::Value::String(raw.to_string()),
    })
}

/// `table` with every `--set KEY=VALUE` of `sets` applied in order (a key
/// given twice: the last value), and the overrides as (key, value) pairs.
/// One key under two names (its name now and an earlier one) is a usage
/// error naming both, as it is in a preset file.
pub(super) fn set_all(
    mut table: toml::Table,
    sets: &[String],
) -> Result<(toml::Table, Vec<(String, String)>), Report> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for kv in sets {
        let (k, v) = kv
            .split_once('=')
            .ok_or_else(|| usage(format!("--set `{kv}`: expected KEY=VALUE")))?;
        let (k, v) = (k.trim(), v.trim());
        let solver = table.get("solver").and_then(toml::Value::as_str);
        let declared = solver.and_then(SolverConfig::declared).unwrap_or(&[]);
        let now = params::canonical(declared, k);
        if let Some((other, _)) = pairs
            .iter()
            .find(|(o, _)| o != k && params::canonical(declared, o) == now)
        {
            return Err(usage(format!(
                "--set gives `{now}` twice, as `{other}` and as `{k}` (its name \
                 now and an earlier one): give one of them"
            )));
        }
        table = set_key(table, k, v, k)?;
        pairs.retain(|(old, _)| old != k);
        pairs.push((k.to_string(), v.to_string()));
    }
    Ok((table, pairs))
}

/// Sets dotted `key` in `table` to `raw`, then re-normalises the table (every
/// field present) so later overrides can name fields a changed `kind` brings.
/// `shown` names the key in error messages. The value's type and range come
/// from the solver's declaration ([`SolverConfig::declared`]).
pub(super) fn set_key(
    mut table: toml::Table,
    key: &str,
    raw: &str,
    shown: &str,
) -> Result<toml::Table, Report> {
    if key.is_empty() || key == "solver" {
        return Err(usage(format!("parameter `{shown}` cannot be set")));
    }
    let solver = table
        .get("solver")
        .and_then(toml::Value::as_str)
        .unwrap_or_default()
        .to_string();
    let declared = SolverConfig::declared(&solver).unwrap_or(&[]);
    // A key by an earlier name is set under its name now.
    let key = params::canonical(declared, key);
    let spec = params::find(declared, key);
    let unknown_msg = match spec {
        // A value of the run only (the annealer's temperature now).
        Some(s) if !s.in_preset => format!(
            "parameter `{shown}` of solver `{solver}` is set only during a run (the \
             knobs panel), not in a preset"
        ),
        // Declared, but not a field of this configuration (another `kind`'s).
        Some(_) => format!(
            "parameter `{shown}` of solver `{solver}` is not used with these settings \
             (set {} to the kind that uses it first); its parameters here are: {}",
            key.rsplit_once('.')
                .map(|(group, _)| format!("`{group}.kind`"))
                .unwrap_or_else(|| "its group's `kind`".into()),
            present_keys(&table, declared)
        ),
        None => format!(
            "unknown parameter `{shown}`; the parameters of solver `{solver}` are: {}",
            params::keys(declared)
        ),
    };
    let unknown = || usage(unknown_msg.clone());
    let table_before = &table.clone();
    let path: Vec<&str> = key.split('.').collect();
    let (last, parents) = path.split_last().ok_or_else(unknown)?;
    let mut node = &mut table;
    for p in parents {
        node = match node.get_mut(*p) {
            Some(toml::Value::Table(t)) => t,
            _ => return Err(unknown()),
        };
    }
    let old = node.get(*last).ok_or_else(unknown)?;
    if let toml::Value::Table(group) = old
        && !raw.trim_start().starts_with('{')
    {
        let group = group.clone();
        return Err(usage(group_message(table_before, key, &group, shown)));
    }
    let bad = |e: String| match spec {
        Some(spec) if !e.contains(&spec.expects()) => usage(format!(
            "bad value for `{shown}`: {e} (it takes {})",
            spec.expects()
        )),
        _ => usage(format!("bad value for `{shown}`: {e}")),
    };
    // A number is read as the knobs panel reads it (one parser for both).
    let value = match spec {
        Some(s)
            if matches!(
                s.kind,
                params::Kind::Int { .. } | params::Kind::Float { .. }
            ) =>
        {
            cubetui_solve::typed::read_value(s, raw).map_err(bad)?
        }
        _ => parse_value(raw, old).map_err(bad)?,
    };
    let outside = spec.filter(|s| s.check(&value).is_err());
    if let Some(spec) = outside
        && let params::Kind::Choice(_) = spec.kind
    {
        return Err(bad(format!("`{raw}` is not one of its choices")));
    }
    if *last == "kind" {
        // A new variant: drop the old variant's fields so it takes its defaults.
        node.clear();
    }
    node.insert(last.to_string(), value);
    if let Some(spec) = outside {
        return Err(usage(format!(
            "bad value for `{shown}`: {raw} is outside its range (it takes {}){}",
            spec.expects(),
            tighter_rule(table, last, declared)
        )));
    }
    let cfg = preset::from_table(table).map_err(|e| bad(e.to_string()))?;
    full_table(&cfg)
}

/// A rule between keys that also refuses the value just set in `table`
/// (e.g. trials x window: the message names `leaf` and another declared
/// key), as "; with these settings: …", else nothing.
fn tighter_rule(table: toml::Table, leaf: &str, declared: &[ParamSpec]) -> String {
    let other = |e: &str| {
        declared
            .iter()
            .map(|s| s.key.rsplit('.').next().unwrap_or(&s.key))
            .any(|l| l != leaf && names_key(e, l))
    };
    preset::from_table(table)
        .ok()
        .and_then(|cfg| cfg.build(cubetui_cube::Cube::solved(), 0).err())
        .map(|e| e.to_string())
        .filter(|e| names_key(e, leaf) && other(e))
        .map(|e| format!("; with these settings: {e}"))
        .unwrap_or_default()
}

/// Whether `msg` names `key` as a whole word: `cycle` is not named by a
/// message about `cycles`.
pub(super) fn names_key(msg: &str, key: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    msg.match_indices(key).any(|(i, _)| {
        !msg[..i].chars().next_back().is_some_and(word)
            && !msg[i + key.len()..].chars().next().is_some_and(word)
    })
}

/// The declared keys that `table` holds, comma-separated.
fn present_keys(table: &toml::Table, declared: &[ParamSpec]) -> String {
    declared
        .iter()
        .filter(|s| lookup(table, &s.key).is_some())
        .map(|s| s.key.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The value at dotted `key` in `table`.
pub fn lookup<'a>(table: &'a toml::Table, key: &str) -> Option<&'a toml::Value> {
    let mut parts = key.split('.');
    let mut v = table.get(parts.next()?)?;
    for p in parts {
        v = v.as_table()?.get(p)?;
    }
    Some(v)
}

/// Why `--set GROUP=VALUE` is refused: the group's fields, and for a
/// tagged group (`kind = …`) the kinds it can take.
fn group_message(table: &toml::Table, key: &str, group: &toml::Table, shown: &str) -> String {
    let fields: Vec<&str> = group.keys().map(String::as_str).collect();
    let mut msg = format!(
        "`{shown}` is a group of parameters ({}); set one at a time, e.g. `--set {shown}.{}=…`",
        fields.join(", "),
        fields.first().copied().unwrap_or("KEY")
    );
    if group.contains_key("kind") {
        // The kinds, as serde lists them for a kind that does not exist.
        let mut probe = table.clone();
        let mut node = &mut probe;
        for p in key.split('.') {
            match node.get_mut(p) {
                Some(toml::Value::Table(t)) => node = t,
                _ => return msg,
            }
        }
        node.clear();
        node.insert("kind".into(), toml::Value::String("\u{1}".into()));
        if let Err(e) = preset::from_table(probe) {
            let e = e.to_string();
            if let Some((_, kinds)) = e.split_once("expected ") {
                let kinds = kinds.lines().next().unwrap_or(kinds).trim();
                msg = format!(
                    "`{shown}` is a group of parameters ({}); choose its kind with \
                     `--set {shown}.kind=K`, K one of {kinds}, then set its other fields",
                    fields.join(", ")
                );
            }
        }
    }
    msg
}

#[cfg(test)]
mod tests {
    use super::names_key;

    #[test]
    fn a_key_is_named_only_as_a_whole_word() {
        let msg = "`cycles` takes a whole number in -1 – 1, got 2";
        assert!(names_key(msg, "cycles"));
        assert!(!names_key(msg, "cycle"));
        assert!(names_key(
            "t_min (0.3) must not exceed t_max (0.2)",
            "t_max"
        ));
        assert!(!names_key("build_steps must be ≥ 0", "steps"));
        assert!(names_key("steps", "steps"));
    }
}
