//! Solver selection shared by `solve` and `bench`: `--solver`, `--preset`,
//! `--neighbourhood`, `--max-steps`, `--time-limit`, `--seed` and generic
//! `--set KEY=VALUE` overrides applied to the preset's TOML table.

use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_solve::SolverConfig;
use cubetui_solve::neighbourhood::{Formulas, NAMES};
use cubetui_solve::preset::{self, Presets};

mod set;
pub use set::{apply_sets, lookup};
use set::{full_table, set_all, set_key, usage};

/// Which solver runs, with which parameters and budget.
#[derive(Debug, Clone, Default, Args)]
pub struct SolverArgs {
    /// Solver (default: the preset's, else the first listed).
    #[arg(long, value_name = "NAME", help = solver_help())]
    pub solver: Option<String>,
    /// Preset (default: the solver's seed preset). `bench` takes several,
    /// comma-separated, to compare them on the same cubes.
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Neighbourhood generator, for solvers that have them.
    #[arg(long, value_name = "NAME", help = neighbourhood_help())]
    pub neighbourhood: Option<String>,
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many elementary steps, 1 to 2^63-1 (for solvers with a
    /// step budget of their own, such as an annealing schedule, also that budget).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_STEPS))]
    pub max_steps: Option<u64>,
    /// Stop after this many seconds (per cube), more than 0 and at most 1000000;
    /// checked between elementary steps.
    #[arg(long, value_name = "SECS", allow_negative_numbers = true,
          value_parser = time_limit_arg)]
    pub time_limit: Option<f64>,
    /// Override any preset parameter, e.g. `--set schedule.t0=5000` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Formula catalogue for pll and pll-conj, replacing assets/formulas.txt
    /// (`name: algorithm` per line; at most 1 MiB and 500 formulas of at most
    /// 100 moves, each touching only U-layer pieces).
    #[arg(long, value_name = "FILE")]
    pub formulas: Option<std::path::PathBuf>,
}

/// Largest `--max-steps` (and integer `--set` value): TOML integers are i64.
pub const MAX_STEPS: u64 = i64::MAX as u64;
/// Largest `--time-limit`, in seconds.
pub const MAX_TIME_LIMIT: f64 = 1_000_000.0;

/// Checks a time limit in seconds: more than 0 and at most [`MAX_TIME_LIMIT`]
/// (the one rule of every command that takes `--time-limit`).
pub fn time_limit(secs: f64) -> Result<Duration, String> {
    if secs > 0.0 && secs <= MAX_TIME_LIMIT {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(format!(
            "must be more than 0 and at most {MAX_TIME_LIMIT} seconds"
        ))
    }
}

/// Clap's parser of `--time-limit SECS`: a number within [`time_limit`]'s
/// bounds, else a usage error (exit 2) showing the value as given.
pub fn time_limit_arg(raw: &str) -> Result<f64, String> {
    let secs: f64 = raw
        .trim()
        .parse()
        .map_err(|_| "not a number of seconds".to_string())?;
    time_limit(secs).map(|_| secs)
}

/// The solvers of the built-in presets (every registered solver has
/// one; a user preset runs one of them, after them in the list).
fn solver_help() -> String {
    let builtin = Presets::builtin();
    format!(
        "Solver: {} (default: the preset's, else {})",
        builtin.solvers().join(", "),
        builtin.default_solver()
    )
}

fn neighbourhood_help() -> String {
    format!(
        "Neighbourhood generator, for solvers that have them: {}",
        NAMES.join(", ")
    )
}

/// The catalogue of `--formulas FILE`, if given, else the built-in one; a
/// bad file is a usage error.
pub fn formulas(path: Option<&std::path::Path>) -> Result<Formulas, Report> {
    match path {
        Some(path) => Formulas::load(path).map_err(|e| usage(e.to_string())),
        None => Ok(Formulas::Builtin),
    }
}

/// A fully resolved solver configuration and budget.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub preset: String,
    pub config: SolverConfig,
    pub max_steps: Option<u64>,
    pub time_limit: Option<Duration>,
}

impl SolverArgs {
    /// These arguments for a cube of `size`: with neither `--preset` nor
    /// `--solver`, and the default preset made of 3×3 sequences, the first
    /// preset (in list order) of `presets` that runs on `size` instead —
    /// `sa-short` past the 3×3 (and on the 2×2).
    pub fn on_size(&self, size: cubetui_cube::nxn::Size, presets: &Presets) -> SolverArgs {
        let mut out = self.clone();
        if out.preset.is_none() && out.solver.is_none() {
            let default = presets
                .default_for(&presets.default_solver())
                .unwrap_or_default();
            if presets.runs_on(default, size).is_err() {
                out.preset = presets
                    .list()
                    .into_iter()
                    .find(|p| presets.runs_on(p, size).is_ok())
                    .map(str::to_string);
            }
        }
        out
    }

    /// Resolves preset (looked up in `presets`), overrides and budget;
    /// every mistake is a usage error.
    pub fn resolve(&self, presets: &Presets) -> Result<Resolved, Report> {
        let formulas = formulas(self.formulas.as_deref())?;
        let default_solver = presets.default_solver();
        let solver_hint = self.solver.as_deref().unwrap_or(&default_solver);
        let preset_name = match &self.preset {
            Some(p) if p.contains(',') => {
                return Err(usage(format!(
                    "--preset `{p}`: one preset here (`bench --preset a,b,c` and \
                     `race --presets a,b,c` compare several)"
                )));
            }
            Some(p) => presets
                .canonical(p)
                .map_err(|e| usage(e.to_string()))?
                .to_string(),
            None => presets
                .default_for(solver_hint)
                .ok_or_else(|| {
                    usage(format!(
                        "unknown solver `{solver_hint}` (available: {})",
                        presets.solvers().join(", ")
                    ))
                })?
                .to_string(),
        };
        let base = presets
            .get(&preset_name)
            .map_err(|e| usage(e.to_string()))?;
        if let Some(s) = &self.solver
            && s != base.name()
        {
            return Err(usage(format!(
                "preset `{preset_name}` is for solver `{}`, not `{s}`",
                base.name()
            )));
        }
        let mut table = full_table(&base)?;
        if let Some(n) = &self.neighbourhood {
            if !table.contains_key("neighbourhood") {
                return Err(usage(format!(
                    "solver `{}` has no neighbourhood generators",
                    base.name()
                )));
            }
            table = set_key(table, "neighbourhood", n, "--neighbourhood")?;
        }
        if let Some(m) = self.max_steps
            && table.contains_key("max_steps")
        {
            table = set_key(table, "max_steps", &m.to_string(), "--max-steps")?;
        }
        let (table, _) = set_all(table, &self.set)?;
        let config = preset::from_table(table)
            .map_err(|e| usage(e.to_string()))?
            .with_formulas(&formulas);
        let time_limit = self
            .time_limit
            .map(|t| time_limit(t).map_err(|e| usage(format!("--time-limit {t}: {e}"))))
            .transpose()?;
        // Check the parameters now, so a bad value is a usage error up front
        // (the reference builds its search on the tables: obtained first,
        // saying so on stderr).
        if config.name() == "reference" {
            super::table_cache::obtain_on_stderr(false);
        }
        config
            .build(cubetui_cube::Cube::solved(), 0)
            .map_err(|e| usage(e.to_string()))?;
        Ok(Resolved {
            preset: preset_name,
            config,
            max_steps: self.max_steps,
            time_limit,
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::cli::exit::UsageError;

    /// The built-in preset table, once for the tests of this file.
    pub(super) fn builtin() -> &'static Presets {
        static P: std::sync::LazyLock<Presets> = std::sync::LazyLock::new(Presets::builtin);
        &P
    }

    fn args(set: &[&str]) -> SolverArgs {
        SolverArgs {
            set: set.iter().map(|s| s.to_string()).collect(),
            ..SolverArgs::default()
        }
    }

    /// The resolved configuration as TOML, so tests read any solver's fields.
    fn table(r: &Resolved) -> toml::Table {
        full_table(&r.config).unwrap()
    }

    fn at<'a>(t: &'a toml::Table, path: &str) -> &'a toml::Value {
        let mut parts = path.split('.');
        let mut v = &t[parts.next().unwrap()];
        for p in parts {
            v = &v[p];
        }
        v
    }

    #[test]
    fn overrides_edit_the_preset() {
        let r = args(&["schedule.t_max=0.5", "zero_delta_as_one=false"])
            .resolve(builtin())
            .unwrap();
        assert_eq!(r.preset, "sa-pll-conj");
        let t = table(&r);
        assert_eq!(at(&t, "zero_delta_as_one").as_bool(), Some(false));
        assert_eq!(at(&t, "schedule.t_max").as_float(), Some(0.5));
        assert_eq!(at(&t, "schedule.t_min").as_float(), Some(0.355));
        let r = SolverArgs {
            preset: Some("seed-002".into()),
            ..args(&["schedule.t0=5000", "neighbourhood=comm"])
        }
        .resolve(builtin())
        .unwrap();
        let t = table(&r);
        assert_eq!(at(&t, "neighbourhood").as_str(), Some("comm"));
        assert_eq!(at(&t, "schedule.t0").as_float(), Some(5000.0));
        let r = args(&["schedule.kind=geometric", "schedule.t0=7"])
            .resolve(builtin())
            .unwrap();
        let t = table(&r);
        assert_eq!(at(&t, "schedule.kind").as_str(), Some("geometric"));
        assert_eq!(at(&t, "schedule.t0").as_float(), Some(7.0));
    }

    #[test]
    fn named_flags_win_over_the_preset() {
        let r = SolverArgs {
            neighbourhood: Some("faces".into()),
            max_steps: Some(99),
            ..SolverArgs::default()
        }
        .resolve(builtin())
        .unwrap();
        let t = table(&r);
        assert_eq!(at(&t, "neighbourhood").as_str(), Some("faces"));
        assert_eq!(at(&t, "max_steps").as_integer(), Some(99));
    }

    #[test]
    fn mistakes_are_usage_errors_naming_the_key() {
        for (set, word) in [
            (vec!["bogus=1"], "bogus"),
            (vec!["schedule.nope=1"], "schedule.nope"),
            (vec!["max_steps=abc"], "max_steps"),
            (vec!["neighbourhood=nope"], "nope"),
            (vec!["schedule.t_max=-1"], "t_max"),
            (vec!["noequals"], "noequals"),
            (
                vec!["max_steps=18446744073709551615"],
                "18446744073709551615 is out of range",
            ),
        ] {
            let e = args(&set).resolve(builtin()).unwrap_err();
            assert!(e.is::<UsageError>(), "{set:?}");
            assert!(e.to_string().contains(word), "{set:?}: {e}");
        }
        let e = SolverArgs {
            preset: Some("nope".into()),
            ..SolverArgs::default()
        }
        .resolve(builtin())
        .unwrap_err();
        assert!(e.is::<UsageError>());
        let e = SolverArgs {
            solver: Some("ga".into()),
            preset: Some("seed-001".into()),
            ..SolverArgs::default()
        }
        .resolve(builtin())
        .unwrap_err();
        assert!(e.to_string().contains("not `ga`"), "{e}");
    }

    #[test]
    fn time_limits_outside_the_bounds_are_usage_errors() {
        for t in [
            0.0,
            -1.0,
            1e20,
            f64::INFINITY,
            f64::NAN,
            MAX_TIME_LIMIT * 1.5,
        ] {
            let e = SolverArgs {
                time_limit: Some(t),
                ..SolverArgs::default()
            }
            .resolve(builtin())
            .unwrap_err();
            assert!(e.is::<UsageError>(), "{t}");
            assert!(
                e.to_string().contains("at most 1000000 seconds"),
                "{t}: {e}"
            );
        }
        let r = SolverArgs {
            time_limit: Some(MAX_TIME_LIMIT),
            ..SolverArgs::default()
        }
        .resolve(builtin())
        .unwrap();
        assert_eq!(r.time_limit, Some(Duration::from_secs(1_000_000)));
    }

    /// Keys of every preset (dotted), to aim arbitrary values at real parameters.
    fn known_keys() -> Vec<String> {
        fn walk(t: &toml::Table, prefix: &str, out: &mut Vec<String>) {
            for (k, v) in t {
                let key = format!("{prefix}{k}");
                if let toml::Value::Table(inner) = v {
                    walk(inner, &format!("{key}."), out);
                }
                out.push(key);
            }
        }
        let mut out = Vec::new();
        for name in builtin().list() {
            walk(&builtin().table(name).unwrap(), "", &mut out);
        }
        out.sort();
        out.dedup();
        out
    }

    fn check_set(preset: &str, kv: String) -> Result<(), TestCaseError> {
        let a = SolverArgs {
            preset: Some(preset.to_string()),
            set: vec![kv.clone()],
            ..SolverArgs::default()
        };
        match a.resolve(builtin()) {
            // Accepted: the value reads back from the configuration.
            Ok(r) => {
                let (k, _) = kv.split_once('=').expect("accepted means KEY=VALUE");
                let t = table(&r);
                let mut v = Some(&t[k.trim().split('.').next().unwrap_or("")]);
                for p in k.trim().split('.').skip(1) {
                    v = v.and_then(|v| v.get(p));
                }
                prop_assert!(v.is_some(), "{} accepted but not in {:?}", kv, t);
            }
            Err(e) => prop_assert!(e.is::<UsageError>(), "{}: {}", kv, e),
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        #[test]
        fn set_with_arbitrary_text_never_panics(kv in any::<String>()) {
            check_set("seed-001", kv)?;
        }

        #[test]
        fn set_with_real_keys_and_arbitrary_values_never_panics(
            key in prop::sample::select(known_keys()),
            value in prop_oneof![
                any::<String>(),
                any::<i64>().prop_map(|i| i.to_string()),
                any::<u64>().prop_map(|i| i.to_string()),
                any::<f64>().prop_map(|f| f.to_string()),
                "[-+0-9.eE_a-z\\[\\]{}\"',=]{0,12}",
            ],
            preset in prop::sample::select(builtin().list()),
        ) {
            check_set(preset, format!("{key}={value}"))?;
        }
    }
}

/// The declaration read by `--set`: every key at both ends of its range is
/// accepted, just outside refused with the key and the range named.
#[cfg(test)]
mod declared_tests {
    use proptest::prelude::*;

    use super::tests::builtin;
    use super::*;
    use crate::cli::exit::UsageError;
    use cubetui_solve::params::{Kind, ParamSpec};

    fn resolve(preset: &str, set: &[String]) -> Result<Resolved, Report> {
        SolverArgs {
            preset: Some(preset.to_string()),
            set: set.to_vec(),
            ..SolverArgs::default()
        }
        .resolve(builtin())
    }

    /// The declared parameters a preset holds, with its solver's declaration.
    fn present(preset: &str) -> (Vec<ParamSpec>, &'static [ParamSpec]) {
        let cfg = builtin().get(preset).unwrap();
        let t = full_table(&cfg).unwrap();
        let held = cfg
            .params()
            .iter()
            .filter(|s| lookup(&t, &s.key).is_some())
            .cloned()
            .collect();
        (held, cfg.params())
    }

    /// A refusal for a rule between keys names at least two of them (the
    /// leaves of the declared keys, e.g. `population` and `length`).
    fn is_cross_field(msg: &str, declared: &[ParamSpec]) -> bool {
        let mut leaves: Vec<&str> = declared
            .iter()
            .map(|s| s.key.rsplit('.').next().unwrap_or(&s.key))
            .filter(|l| set::names_key(msg, l))
            .collect();
        leaves.sort();
        leaves.dedup();
        leaves.len() >= 2
    }

    /// Values at the ends of the range (or every choice) and just outside.
    fn ends(spec: &ParamSpec) -> (Vec<String>, Vec<String>) {
        match &spec.kind {
            Kind::Int { min, max } => (
                vec![min.to_string(), max.to_string()],
                vec![
                    (i128::from(*min) - 1).to_string(),
                    (i128::from(*max) + 1).to_string(),
                ],
            ),
            Kind::Float { min, max } => (
                vec![min.to_string(), max.to_string()],
                vec![min.next_down().to_string(), max.next_up().to_string()],
            ),
            Kind::Bool => (vec!["true".into(), "false".into()], vec!["maybe".into()]),
            Kind::Choice(c) => (
                c.iter().map(|s| s.to_string()).collect(),
                vec!["no-such-choice".into()],
            ),
        }
    }

    #[test]
    fn every_declared_key_round_trips_at_the_ends_of_its_range() {
        for name in builtin().list() {
            let (held, declared) = present(name);
            assert!(!held.is_empty(), "{name}");
            for spec in held {
                let (inside, outside) = ends(&spec);
                for v in inside {
                    match resolve(name, &[format!("{}={v}", spec.key)]) {
                        Ok(r) => {
                            let t = full_table(&r.config).unwrap();
                            let got = lookup(&t, &spec.key).unwrap_or_else(|| {
                                panic!("{name}: {}={v} accepted but gone", spec.key)
                            });
                            let back = match got {
                                toml::Value::String(s) => s.clone(),
                                toml::Value::Float(f) => f.to_string(),
                                other => other.to_string(),
                            };
                            let want = v.parse::<f64>().map_or(v.clone(), |f| f.to_string());
                            let back = back.parse::<f64>().map_or(back, |f| f.to_string());
                            assert_eq!(back, want, "{name}: {}", spec.key);
                        }
                        Err(e) => assert!(
                            is_cross_field(&e.to_string(), declared),
                            "{name}: {}={v} refused without a cross-field reason: {e}",
                            spec.key
                        ),
                    }
                }
                for v in outside {
                    let e = resolve(name, &[format!("{}={v}", spec.key)])
                        .expect_err(&format!("{name}: {}={v} accepted", spec.key));
                    assert!(e.is::<UsageError>());
                    let e = e.to_string();
                    assert!(e.contains(&format!("`{}`", spec.key)), "{e}");
                    assert!(e.contains(&spec.expects()), "{e}");
                }
            }
        }
    }

    #[test]
    fn an_unknown_key_lists_the_solvers_keys() {
        let e = resolve("ga", &["mutation=0.5".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("`mutation`") && e.contains("solver `ga`"), "{e}");
        assert!(e.contains("mutation_rate, elite_fraction"), "{e}");
        let e = resolve("sa-pll-conj", &["schedule.alpha=0.9".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("schedule.t_max"), "{e}");
        let e = resolve("ga", &["mutation_rate=1.5".into()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("a number in 0 – 1"), "{e}");
        // A value of the run only (the knobs panel sets it), not a preset key.
        let e = resolve("sa-pll-conj", &["temperature=1".into()])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`temperature`") && e.contains("only during a run"),
            "{e}"
        );
    }

    /// (preset, KEY=VALUE with a value inside the key's declared range).
    fn in_range_set() -> impl Strategy<Value = (String, Vec<String>)> {
        prop::sample::select(builtin().list()).prop_flat_map(|name| {
            let held = present(name).0;
            let one = prop::sample::select(held).prop_flat_map(|spec| {
                let key = spec.key.clone();
                let value: BoxedStrategy<String> = match spec.kind {
                    Kind::Int { min, max } => prop_oneof![
                        (min..=max).prop_map(|i| i.to_string()),
                        (min..=max.min(min.saturating_add(64))).prop_map(|i| i.to_string()),
                    ]
                    .boxed(),
                    Kind::Float { min, max } => (0.0..=1.0f64)
                        .prop_map(move |u| {
                            let v = if spec.scale == cubetui_solve::params::Scale::Log {
                                (min.ln() + u * (max.ln() - min.ln())).exp()
                            } else {
                                min + u * (max - min)
                            };
                            v.clamp(min, max).to_string()
                        })
                        .boxed(),
                    Kind::Bool => any::<bool>().prop_map(|b| b.to_string()).boxed(),
                    Kind::Choice(c) => prop::sample::select(c).prop_map(|s| s.to_string()).boxed(),
                };
                value.prop_map(move |v| format!("{key}={v}"))
            });
            (Just(name.to_string()), prop::collection::vec(one, 1..4))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn in_range_values_keep_validate_ok_or_name_a_cross_field_rule(
            (name, set) in in_range_set()
        ) {
            let declared = builtin().get(&name).unwrap().params();
            if let Err(e) = resolve(&name, &set) {
                let e = e.to_string();
                // A declared key absent after an earlier `kind` change is
                // refused by name, not by range.
                prop_assert!(
                    is_cross_field(&e, declared) || e.contains("is not used with these settings"),
                    "{:?} on {}: {}", set, name, e
                );
            }
        }
    }
}
