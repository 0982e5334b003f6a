//! Renamed and added keys: a solver declares the earlier names of some of
//! its keys once, beside its declaration ([`renamed`]), and every lookup
//! reads them as the keys now ([`crate::params::find`], [`canonical`],
//! [`names_now`]), so a rename keeps `--set`, preset, config and run files
//! working; and, for a key added later whose default changes what a run
//! does, the value runs had before it existed ([`added`]), so a run file
//! recorded then replays as it ran ([`fill_before`]).

use crate::api::SolveError;
use crate::params::{ParamSpec, find};

/// `key`'s name now: the declared key it names (by an earlier name too),
/// else `key` as given.
pub fn canonical<'a>(specs: &'a [ParamSpec], key: &'a str) -> &'a str {
    find(specs, key).map_or(key, |s| s.key.as_str())
}

/// `specs` with the earlier names of some keys, `(earlier, now)`: the one
/// table of a solver's renamed keys, beside its declaration. Every lookup
/// of a key reads it: [`find`] (so `--set`, the checks of preset and run
/// files, a change during a run), [`names_now`] (a TOML table before it is
/// read into parameters).
pub fn renamed(mut specs: Vec<ParamSpec>, earlier: &[(&'static str, &str)]) -> Vec<ParamSpec> {
    for (old, now) in earlier {
        if let Some(s) = specs.iter_mut().find(|s| s.key == *now) {
            s.aliases.push(old);
        }
    }
    specs
}

/// `specs` with the values runs recorded before some keys existed had,
/// `(key, value)`: the one table of a solver's added keys, beside its
/// declaration, read by [`fill_before`].
pub fn added(mut specs: Vec<ParamSpec>, before: &[(&str, toml::Value)]) -> Vec<ParamSpec> {
    for (key, value) in before {
        if let Some(s) = specs.iter_mut().find(|s| s.key == *key) {
            s.before = Some(value.clone());
        }
    }
    specs
}

/// Puts into `table` (the parameters of a run file) the value runs had
/// before each added key of `specs` existed, where the table has not the
/// key (by any name); whether it put any.
pub fn fill_before(specs: &[ParamSpec], table: &mut toml::Table) -> bool {
    let mut filled = false;
    for spec in specs {
        let Some(value) = &spec.before else {
            continue;
        };
        let names = std::iter::once(spec.key.as_str()).chain(spec.aliases.iter().copied());
        if names.into_iter().any(|k| lookup(table, k).is_some()) {
            continue;
        }
        if put(table, &spec.key, value.clone()) {
            filled = true;
        }
    }
    filled
}

/// Sets dotted `key` in `table` to `value`, making the groups on its way;
/// whether it could (a group's name taken by a value: not).
fn put(table: &mut toml::Table, key: &str, value: toml::Value) -> bool {
    match key.split_once('.') {
        None => {
            table.insert(key.to_string(), value);
            true
        }
        Some((head, rest)) => match table
            .entry(head)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
        {
            toml::Value::Table(t) => put(t, rest, value),
            _ => false,
        },
    }
}

/// The value under dotted `key` in `table`.
fn lookup<'t>(table: &'t toml::Table, key: &str) -> Option<&'t toml::Value> {
    match key.split_once('.') {
        None => table.get(key),
        Some((head, rest)) => match table.get(head)? {
            toml::Value::Table(t) => lookup(t, rest),
            _ => None,
        },
    }
}

/// Moves every value `table` (a solver's parameters, as in a preset
/// file) holds under an earlier name of a key of `specs` to the key's name
/// now; both given is an error naming the two.
pub fn names_now(specs: &[ParamSpec], table: &mut toml::Table) -> Result<(), SolveError> {
    for spec in specs {
        for old in &spec.aliases {
            let Some(value) = take(table, old) else {
                continue;
            };
            if lookup(table, &spec.key).is_some() {
                return Err(SolveError::Parameter(format!(
                    "`{old}` is the earlier name of `{}`: give one of them",
                    spec.key
                )));
            }
            if !put(table, &spec.key, value) {
                let group = spec.key.rsplit_once('.').map_or("", |(g, _)| g);
                return Err(SolveError::Parameter(format!(
                    "`{group}` is not a group of parameters"
                )));
            }
        }
    }
    Ok(())
}

/// Removes dotted `key` from `table`, returning its value.
fn take(table: &mut toml::Table, key: &str) -> Option<toml::Value> {
    match key.split_once('.') {
        None => table.remove(key),
        Some((head, rest)) => match table.get_mut(head)? {
            toml::Value::Table(t) => take(t, rest),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Live, check_live};

    /// A key by its earlier name is found, named now and moved in a
    /// table, wherever it sits; both names at once are refused.
    #[test]
    fn an_earlier_name_reads_as_the_key_now() {
        let specs = renamed(
            vec![
                ParamSpec::unit("weight", 0.5, Live::Yes, "m"),
                ParamSpec::unit("g.rate", 0.5, Live::Yes, "m"),
                ParamSpec::unit("alpha", 0.5, Live::Yes, "m"),
            ],
            &[("w", "weight"), ("g.r", "g.rate"), ("x", "nope")],
        );
        assert_eq!(specs[0].aliases, ["w"]);
        assert!(specs[2].aliases.is_empty(), "no key `nope`");
        assert_eq!(find(&specs, "w").map(|s| s.key.as_str()), Some("weight"));
        assert_eq!(canonical(&specs, "g.r"), "g.rate");
        assert_eq!(canonical(&specs, "alpha"), "alpha");
        assert_eq!(canonical(&specs, "other"), "other");
        assert!(find(&specs, "r").is_none(), "an alias is a whole key");
        let e = check_live(&specs, "w", 2.0).unwrap_err().to_string();
        assert!(e.contains("`weight` takes a number in 0 – 1"), "{e}");
        let mut t: toml::Table = "w = 0.25\n[g]\nr = 0.75\n".parse().unwrap();
        names_now(&specs, &mut t).unwrap();
        let now: toml::Table = "weight = 0.25\n[g]\nrate = 0.75\n".parse().unwrap();
        assert_eq!(t, now);
        let mut both: toml::Table = "w = 0.25\nweight = 0.5".parse().unwrap();
        let e = names_now(&specs, &mut both).unwrap_err().to_string();
        assert!(e.contains("`w` is the earlier name of `weight`"), "{e}");
    }

    /// A run file without an added key gets the value runs had before
    /// it; a file with it (by any name), or a key without such a value,
    /// is left as it is.
    #[test]
    fn a_file_without_an_added_key_gets_the_value_runs_had_before_it() {
        let specs = added(
            renamed(
                vec![
                    ParamSpec::unit("seeds", 0.5, Live::No, "m"),
                    ParamSpec::unit("g.tries", 0.5, Live::No, "m"),
                    ParamSpec::unit("plain", 0.5, Live::No, "m"),
                ],
                &[("old_seeds", "seeds")],
            ),
            &[
                ("seeds", toml::Value::Float(1.0)),
                ("g.tries", toml::Value::Float(0.25)),
            ],
        );
        let mut old: toml::Table = "plain = 0.5".parse().unwrap();
        assert!(fill_before(&specs, &mut old));
        let want: toml::Table = "plain = 0.5\nseeds = 1.0\n[g]\ntries = 0.25"
            .parse()
            .unwrap();
        assert_eq!(old, want);
        let mut now: toml::Table = "old_seeds = 0.75\n[g]\ntries = 0.5".parse().unwrap();
        let kept = now.clone();
        assert!(!fill_before(&specs, &mut now), "present by an earlier name");
        assert_eq!(now, kept);
        let mut clash: toml::Table = "seeds = 0.5\ng = 3".parse().unwrap();
        assert!(!fill_before(&specs, &mut clash), "`g` is not a group");
    }
}
