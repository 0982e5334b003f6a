//! The one reading of a number typed for a parameter: `--set KEY=VALUE`
//! and the knobs panel's field both go through [`read_value`], so they
//! take and refuse the same texts with the same words. A whole-number
//! parameter takes an integer written as one (an optional sign, digits,
//! `_` between digits as in TOML): `1e3` and `2.0` are refused, and so is
//! anything past the 64-bit range. A real parameter takes any finite
//! number. A value the run's knobs carry (as `f64`) must also be exact
//! there ([`exact_on_a_knob`]): whole numbers past 2⁵³ may not be.

use super::params::{Kind, ParamSpec};

/// `text` read for `spec`, as TOML would hold it (an `Integer` for a
/// whole-number parameter, a `Float` for a real one); the range is not
/// checked here ([`ParamSpec::check`] does).
///
/// # Errors
/// Text that is not a number of the parameter's kind, in words.
pub fn read_value(spec: &ParamSpec, text: &str) -> Result<toml::Value, String> {
    let raw = text.trim();
    match spec.kind {
        Kind::Int { .. } => {
            let digits = raw.strip_prefix(['-', '+']).unwrap_or(raw);
            let well_formed = !digits.is_empty()
                && !digits.starts_with('_')
                && !digits.ends_with('_')
                && !digits.contains("__")
                && digits.chars().all(|c| c.is_ascii_digit() || c == '_');
            if !well_formed {
                return Err(format!("expected a whole number, got {raw}"));
            }
            raw.replace('_', "")
                .parse::<i64>()
                .map(toml::Value::Integer)
                .map_err(|_| {
                    format!(
                        "{raw} is out of range (integers go from {} to {})",
                        i64::MIN,
                        i64::MAX
                    )
                })
        }
        Kind::Float { .. } => match raw.replace('_', "").parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(toml::Value::Float(v)),
            Ok(_) => Err(format!("expected a finite number, got {raw}")),
            Err(_) => Err(format!("expected a number, got {raw}")),
        },
        Kind::Bool | Kind::Choice(_) => Err(format!(
            "`{}` takes {}, not a number",
            spec.key,
            spec.expects()
        )),
    }
}

/// `v` as the `f64` a knob carries, when it carries it exactly (every real
/// number; a whole number up to 2⁵³, or past it when it happens to be a
/// float); why not otherwise.
pub fn exact_on_a_knob(key: &str, v: &toml::Value) -> Result<f64, String> {
    match v {
        toml::Value::Integer(i) => {
            let f = *i as f64;
            if f as i128 == i128::from(*i) {
                Ok(f)
            } else {
                Err(format!(
                    "`{key}` = {i}: a knob holds whole numbers exactly only up to \
                     9007199254740992 (2^53) and at the floats past it (this one would \
                     become {}); `--set {key}={i}` holds it",
                    f as i128
                ))
            }
        }
        toml::Value::Float(f) => Ok(*f),
        _ => Err(format!("`{key}` takes a number")),
    }
}

/// The largest `f64` that is at most `max`: the knob's top for a
/// whole-number parameter whose top is `max` (`i64::MAX` as `f64` would be
/// 2⁶³, past it).
pub fn int_top(max: i64) -> f64 {
    let f = max as f64;
    if f as i128 > i128::from(max) {
        f64::from_bits(f.to_bits() - 1)
    } else {
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Live, Scale};

    fn int() -> ParamSpec {
        ParamSpec::int("max_steps", (1, i64::MAX), 10, Scale::Log, Live::Yes, "")
    }

    #[test]
    fn whole_numbers_are_read_as_integers_only() {
        let s = int();
        assert_eq!(read_value(&s, "1_000"), Ok(toml::Value::Integer(1000)));
        assert_eq!(
            read_value(&s, "9223372036854775807"),
            Ok(toml::Value::Integer(i64::MAX))
        );
        assert!(read_value(&s, "1e3").unwrap_err().contains("whole number"));
        assert!(read_value(&s, "2.0").is_err());
        assert!(
            read_value(&s, "9223372036854775808")
                .unwrap_err()
                .contains("out of range")
        );
        let big = read_value(&s, "9007199254740993").unwrap();
        assert!(exact_on_a_knob("max_steps", &big).is_err());
        let ok = read_value(&s, "9007199254740992").unwrap();
        assert_eq!(exact_on_a_knob("max_steps", &ok), Ok(9007199254740992.0));
        assert_eq!(int_top(i64::MAX) as i128, 9223372036854774784);
        assert_eq!(int_top(100), 100.0);
    }
}
