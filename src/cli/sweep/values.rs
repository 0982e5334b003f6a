//! The values of a sweep's `--set`: `KEY=a,b,c` (a list), `KEY=lo..hi/N`
//! (N values from lo to hi, ends included: evenly spaced, or evenly in
//! ratio for a parameter declared on a log scale; whole numbers rounded,
//! repeats dropped), or `KEY=v` (one value, the same in every combination).
//! A range needs the key's declaration ([`ParamSpec`]) to know its type.

use cubetui_solve::params::{Kind, ParamSpec, Scale};

/// Most values one key takes.
pub const MAX_VALUES: usize = 1000;

/// One `--set` of a sweep: the key and its values in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Axis {
    pub key: String,
    pub values: Vec<String>,
}

/// Parses `KEY=…`; `spec` finds a key's declaration. Errors are worded for
/// the user (usage errors).
pub fn parse<'a>(kv: &str, spec: impl Fn(&str) -> Option<&'a ParamSpec>) -> Result<Axis, String> {
    let (key, raw) = kv
        .split_once('=')
        .ok_or_else(|| format!("--set `{kv}`: expected KEY=VALUE, KEY=a,b,c or KEY=lo..hi/N"))?;
    let (key, raw) = (key.trim().to_string(), raw.trim());
    let values = if raw.contains(',') {
        let v: Vec<String> = raw.split(',').map(|s| s.trim().to_string()).collect();
        if let Some(i) = v.iter().position(String::is_empty) {
            return Err(format!(
                "--set `{kv}`: value {} is empty (two commas in a row, or a comma at an end)",
                i + 1
            ));
        }
        v
    } else if let Some((lo, rest)) = raw.split_once("..") {
        let (hi, n) = rest.split_once('/').ok_or_else(|| {
            format!("--set `{kv}`: a range needs its number of values, e.g. {key}={lo}..{rest}/5")
        })?;
        let s = spec(&key).ok_or_else(|| {
            format!(
                "--set `{kv}`: `{key}` is not a declared number parameter, so it takes no range"
            )
        })?;
        range(s, lo.trim(), hi.trim(), n.trim()).map_err(|e| format!("--set `{kv}`: {e}"))?
    } else {
        vec![raw.to_string()]
    };
    if values.len() > MAX_VALUES {
        return Err(format!(
            "--set `{kv}`: {} values, more than the {MAX_VALUES} a key may take",
            values.len()
        ));
    }
    let mut seen: Vec<&String> = Vec::new();
    for v in &values {
        if seen.contains(&v) {
            return Err(format!("--set `{kv}`: {v} is given twice"));
        }
        seen.push(v);
    }
    Ok(Axis { key, values })
}

/// `n` values from `lo` to `hi` (ends as typed) for a declared number.
fn range(s: &ParamSpec, lo: &str, hi: &str, n: &str) -> Result<Vec<String>, String> {
    if matches!(s.kind, Kind::Bool | Kind::Choice(_)) {
        return Err(format!(
            "`{}` takes {}: list its values with commas",
            s.key,
            s.expects()
        ));
    }
    let n: usize = n
        .parse()
        .ok()
        .filter(|n| (2..=MAX_VALUES).contains(n))
        .ok_or_else(|| format!("the number of values `{n}` must be from 2 to {MAX_VALUES}"))?;
    let num = |t: &str| {
        t.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("`{t}` is not a number"))
    };
    let (a, b) = (num(lo)?, num(hi)?);
    if a >= b {
        return Err(format!("the range must go up: {lo} is not below {hi}"));
    }
    let log = s.scale == Scale::Log && a > 0.0;
    let at = |i: usize| {
        let u = i as f64 / (n - 1) as f64;
        if log {
            (a.ln() + u * (b.ln() - a.ln())).exp()
        } else {
            a + u * (b - a)
        }
    };
    let mut out: Vec<String> = Vec::with_capacity(n);
    for i in 0..n {
        let v = match (&s.kind, i) {
            (_, 0) => lo.to_string(),
            (_, i) if i == n - 1 => hi.to_string(),
            (Kind::Int { .. }, i) => format!("{}", at(i).round() as i64),
            (_, i) => tidy(at(i)),
        };
        if !out.contains(&v) {
            out.push(v);
        }
    }
    Ok(out)
}

/// A number with at most 6 significant digits, as short as it goes.
fn tidy(x: f64) -> String {
    let short: f64 = format!("{x:.5e}").parse().unwrap_or(x);
    format!("{short}")
}

/// Every combination of the axes' values, the first axis slowest (as
/// nested loops written in `--set` order).
pub fn combinations(axes: &[Axis]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = vec![Vec::new()];
    for axis in axes {
        out = out
            .into_iter()
            .flat_map(|head| {
                axis.values.iter().map(move |v| {
                    let mut c = head.clone();
                    c.push(format!("{}={v}", axis.key));
                    c
                })
            })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use cubetui_solve::params::Live;

    use super::*;

    fn specs() -> Vec<ParamSpec> {
        vec![
            ParamSpec::int("n", (1, 100), 5, Scale::Linear, Live::No, "m"),
            ParamSpec::float("t", (0.001, 1000.0), 1.0, Scale::Log, Live::No, "m"),
            ParamSpec::unit("r", 0.5, Live::No, "m"),
            ParamSpec::bool("b", true, "m"),
        ]
    }

    fn axis(kv: &str) -> Result<Vec<String>, String> {
        let s = specs();
        parse(kv, |k| s.iter().find(|p| p.key == k)).map(|a| a.values)
    }

    #[test]
    fn lists_ranges_and_single_values() {
        assert_eq!(axis("n=1, 2,3").unwrap(), ["1", "2", "3"]);
        assert_eq!(axis("n=7").unwrap(), ["7"]);
        assert_eq!(axis("n=1..10/4").unwrap(), ["1", "4", "7", "10"]);
        // Rounded whole numbers that repeat are dropped.
        assert_eq!(axis("n=1..3/5").unwrap(), ["1", "2", "3"]);
        assert_eq!(
            axis("r=0.1..0.5/5").unwrap(),
            ["0.1", "0.2", "0.3", "0.4", "0.5"]
        );
        // A log-scale key steps by ratio.
        assert_eq!(axis("t=1..1000/4").unwrap(), ["1", "10", "100", "1000"]);
    }

    #[test]
    fn mistakes_name_the_fault() {
        for (kv, said) in [
            ("n=1,,2", "value 2 is empty"),
            ("n=1..5", "needs its number of values"),
            ("n=1..5/1", "from 2 to"),
            ("n=5..1/3", "must go up"),
            ("n=a..5/3", "`a` is not a number"),
            ("b=0..1/2", "list its values with commas"),
            ("x=0..1/2", "`x` is not a declared"),
            ("n=1,1", "1 is given twice"),
            ("novalue", "expected KEY=VALUE"),
        ] {
            let e = axis(kv).unwrap_err();
            assert!(e.contains(said), "{kv}: {e}");
        }
    }

    #[test]
    fn the_first_key_varies_slowest() {
        let a = Axis {
            key: "a".into(),
            values: vec!["1".into(), "2".into()],
        };
        let b = Axis {
            key: "b".into(),
            values: vec!["x".into(), "y".into(), "z".into()],
        };
        let c = combinations(&[a, b]);
        let joined: Vec<String> = c.iter().map(|c| c.join(" ")).collect();
        assert_eq!(
            joined,
            [
                "a=1 b=x", "a=1 b=y", "a=1 b=z", "a=2 b=x", "a=2 b=y", "a=2 b=z"
            ]
        );
    }
}
