//! Presets the user brings (texts the command line found in files): each
//! is checked as a built-in one is, with the messages `--set` gives, and a
//! refused one says why and on which line. Knows no file system: it takes
//! `(name, text)` pairs.

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::info::PresetInfo;
use crate::params;
use crate::registry::SolverConfig;
use cubetui_cube::Cube;

/// Why a user preset was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", line.map(|l| format!("line {l}: ")).unwrap_or_default())]
pub struct UserPresetError {
    /// The preset's name (its file name without `.toml`).
    pub name: String,
    /// The line (from 1) the problem is on, when one can be named.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// Checks one user preset's text; `taken` are the names and aliases already
/// in use (the built-in ones and the user presets accepted before).
pub fn check(name: &str, text: &str, taken: &[String]) -> Result<PresetInfo, UserPresetError> {
    let fail = |line: Option<usize>, message: String| UserPresetError {
        name: name.to_string(),
        line,
        message,
    };
    if name.is_empty() || name.contains(',') || name.chars().any(char::is_whitespace) {
        return Err(fail(
            None,
            format!("`{name}` cannot be a preset name (no commas or spaces)"),
        ));
    }
    if taken.iter().any(|t| t == name) {
        return Err(fail(
            None,
            format!(
                "`{name}` is taken (a built-in preset's name or alias, or another preset's alias); rename the file"
            ),
        ));
    }
    let mut table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        fail(
            e.span().map(|s| line_at(text, s.start)),
            e.message().trim().to_string(),
        )
    })?;
    let at = |path: &[&str]| key_line(text, path);
    // The `[preset]` table and each of its keys may be left out.
    let meta = table
        .remove("preset")
        .unwrap_or_else(|| toml::Value::Table(toml::Table::new()));
    let mut info = PresetInfo::deserialize(meta)
        .map_err(|e| fail(at(&["preset"]), format!("[preset]: {}", e.message().trim())))?;
    for a in &info.aliases {
        if taken.iter().any(|t| t == a) || a == name {
            return Err(fail(
                at(&["preset", "aliases"]),
                format!("alias `{a}` is already a preset's name"),
            ));
        }
    }
    let solver = match table.get("solver") {
        Some(toml::Value::String(s)) => s.clone(),
        Some(_) => {
            return Err(fail(
                at(&["solver"]),
                "`solver` takes a solver's name".into(),
            ));
        }
        None => {
            return Err(fail(
                None,
                format!(
                    "missing `solver` (one of {})",
                    SolverConfig::NAMES.join(", ")
                ),
            ));
        }
    };
    let declared = SolverConfig::declared(&solver).ok_or_else(|| {
        fail(
            at(&["solver"]),
            format!(
                "unknown solver `{solver}` (available: {})",
                SolverConfig::NAMES.join(", ")
            ),
        )
    })?;
    let mut held = Vec::new();
    leaves(&table, "", &mut held);
    for (key, value) in &held {
        let path: Vec<&str> = key.split('.').collect();
        let line = at(&path);
        match params::find(declared, key) {
            None => {
                return Err(fail(
                    line,
                    format!(
                        "unknown parameter `{key}`; the parameters of solver `{solver}` are: {}",
                        params::keys(declared)
                    ),
                ));
            }
            Some(s) if !s.in_preset => {
                return Err(fail(
                    line,
                    format!(
                        "parameter `{key}` of solver `{solver}` is set only during a run \
                         (the knobs panel), not in a preset"
                    ),
                ));
            }
            Some(s) => {
                if s.check(value).is_err() {
                    let why = match s.kind {
                        params::Kind::Choice(_) => format!("`{value}` is not one of its choices"),
                        _ => format!("{value} is outside its range"),
                    };
                    return Err(fail(
                        line,
                        format!("bad value for `{key}`: {why} (it takes {})", s.expects()),
                    ));
                }
            }
        }
    }
    let table = super::names_now(table).map_err(|e| fail(None, e.to_string()))?;
    let cfg =
        SolverConfig::deserialize(table).map_err(|e| fail(None, e.message().trim().to_string()))?;
    cfg.build(Cube::solved(), 0)
        .map_err(|e| fail(None, e.to_string()))?;
    info.name = name.to_string();
    info.solver = solver;
    Ok(info)
}

/// Dotted keys and values of every leaf of `t` (not `solver`).
fn leaves(t: &toml::Table, prefix: &str, out: &mut Vec<(String, toml::Value)>) {
    for (k, v) in t {
        match v {
            toml::Value::Table(inner) => leaves(inner, &format!("{prefix}{k}."), out),
            _ if prefix.is_empty() && k == "solver" => {}
            _ => out.push((format!("{prefix}{k}"), v.clone())),
        }
    }
}

/// The line (from 1) of byte `offset` of `text` (where a TOML error's span
/// starts, for its message).
pub fn line_at(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .unwrap_or(text)
        .bytes()
        .filter(|b| *b == b'\n')
        .count()
        + 1
}

/// The line where dotted key `path` is written, if the text parses.
fn key_line(text: &str, path: &[&str]) -> Option<usize> {
    let doc = DeTable::parse(text).ok()?;
    let mut table: &DeTable = doc.get_ref();
    let (last, parents) = path.split_last()?;
    for p in parents {
        match entry(table, p)?.1.get_ref() {
            DeValue::Table(t) => table = t,
            _ => return None,
        }
    }
    let (key, _) = entry(table, last)?;
    Some(line_at(text, key.span().start))
}

type Entry<'t, 'i> = (
    &'t Spanned<toml::de::DeString<'i>>,
    &'t Spanned<DeValue<'i>>,
);

fn entry<'t, 'i>(table: &'t DeTable<'i>, name: &str) -> Option<Entry<'t, 'i>> {
    table.iter().find(|(k, _)| k.get_ref().as_ref() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "solver = \"sa\"\nneighbourhood = \"faces\"\n\n[schedule]\nkind = \"geometric\"\nalpha = 0.99\n\n[preset]\ndescription = \"d\"\norder = 1\nfollows = \"f\"\n";

    fn err(name: &str, text: &str) -> UserPresetError {
        check(name, text, &["ga".into(), "seed-002".into()]).unwrap_err()
    }

    #[test]
    fn a_good_preset_is_described() {
        let info = check("mine", GOOD, &[]).unwrap();
        assert_eq!((info.name.as_str(), info.solver.as_str()), ("mine", "sa"));
    }

    #[test]
    fn mistakes_say_why_and_on_which_line() {
        let e = err(
            "m",
            &GOOD.replace("alpha = 0.99", "alpha = 0.99\nbogus = 1"),
        );
        assert_eq!(e.line, Some(7));
        assert!(
            e.message.starts_with("unknown parameter `schedule.bogus`"),
            "{e}"
        );
        let e = err("m", &GOOD.replace("0.99", "2.5"));
        assert_eq!(e.line, Some(6));
        assert!(
            e.message
                .contains("bad value for `schedule.alpha`: 2.5 is outside its range (it takes"),
            "{e}"
        );
        let e = err("m", &GOOD.replace("\"faces\"", "\"diagonal\""));
        assert_eq!(e.line, Some(2));
        assert!(e.message.contains("not one of its choices"), "{e}");
        let e = err("m", &GOOD.replace("[schedule]", "[schedule"));
        assert_eq!(e.line, Some(4));
        let e = err("m", &GOOD.replace("\"sa\"", "\"nope\""));
        assert_eq!(e.line, Some(1));
        assert!(e.message.contains("unknown solver `nope`"), "{e}");
        let e = err("m", &GOOD.replace("order = 1", "order = \"first\""));
        assert!(e.message.contains("invalid type"), "{e}");
        assert_eq!(e.to_string(), format!("line 8: {}", e.message));
    }

    /// sa-short's keys by their earlier names: read as the keys now, and
    /// checked as those are.
    #[test]
    fn a_key_by_its_earlier_name_is_read_and_checked() {
        let mine = "solver = \"sa-short\"\nalpha = 2.0\nbuild_alpha = 3.0\n";
        assert!(check("mine", mine, &[]).is_ok());
        let e = err("m", &mine.replace("2.0", "5000.0"));
        assert_eq!(e.line, Some(2));
        assert!(
            e.message
                .contains("bad value for `alpha`: 5000.0 is outside"),
            "{e}"
        );
        let e = err("m", &format!("{mine}weight = 1.0\n"));
        assert!(
            e.message
                .contains("`alpha` is the earlier name of `weight`"),
            "{e}"
        );
        let e = err("m", "solver = \"sa-short\"\nalphas = 2.0\n");
        assert!(e.message.starts_with("unknown parameter `alphas`"), "{e}");
    }

    #[test]
    fn a_preset_may_leave_out_its_description_order_and_follows() {
        let bare = GOOD.split("[preset]").next().unwrap();
        let info = check("mine", bare, &[]).unwrap();
        assert_eq!((info.name.as_str(), info.solver.as_str()), ("mine", "sa"));
        assert_eq!(info.order, super::super::info::LAST_ORDER);
        assert_eq!((info.description.as_str(), info.follows.as_str()), ("", ""));
        let some = format!("{bare}[preset]\ndescription = \"mine\"\n");
        let info = check("mine", &some, &[]).unwrap();
        assert_eq!((info.description.as_str(), info.order), ("mine", i64::MAX));
        // Only `solver` is needed.
        assert!(check("least", "solver = \"ga\"\n", &[]).is_ok());
    }

    #[test]
    fn a_taken_name_or_alias_is_refused() {
        assert!(err("ga", GOOD).message.contains("`ga` is taken"));
        let e = err(
            "m",
            &GOOD.replace("follows", "aliases = [\"seed-002\"]\nfollows"),
        );
        assert!(e.message.contains("alias `seed-002`"), "{e}");
        assert!(err("a,b", GOOD).message.contains("cannot be a preset name"));
    }
}
