//! Solver selection shared by `solve` and `bench`: `--solver`, `--preset`,
//! `--neighbourhood`, `--max-steps`, `--time-limit`, `--seed` and generic
//! `--set KEY=VALUE` overrides applied to the preset's TOML table.

use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui::solve::neighbourhood::Catalogue;
use cubetui::solve::{SolverConfig, preset};

use super::UsageError;

/// Which solver runs, with which parameters and budget.
#[derive(Debug, Clone, Default, Args)]
pub struct SolverArgs {
    /// Solver: sa, ga, woc or mws (default: the preset's, else sa).
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,
    /// Preset (default: the solver's seed preset, e.g. seed-001 for sa).
    #[arg(long, value_name = "NAME")]
    pub preset: Option<String>,
    /// Neighbourhood generator (sa): faces, pll, pll-conj, comm.
    #[arg(long, value_name = "NAME")]
    pub neighbourhood: Option<String>,
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stop after this many elementary steps (sa: proposals; also the length
    /// of its exponential schedule).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Stop after this many seconds (per cube).
    #[arg(long, value_name = "SECS")]
    pub time_limit: Option<f64>,
    /// Override any preset parameter, e.g. `--set schedule.t0=5000` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Formula catalogue for pll and pll-conj, replacing assets/formulas.txt
    /// (`name: algorithm` per line).
    #[arg(long, value_name = "FILE")]
    pub formulas: Option<std::path::PathBuf>,
}

/// Installs the catalogue of `--formulas FILE`, if given; a bad file is a usage error.
pub fn install_formulas(path: Option<&std::path::Path>) -> Result<(), Report> {
    if let Some(path) = path {
        let catalogue = Catalogue::load(path).map_err(|e| usage(e.to_string()))?;
        Catalogue::install(catalogue).map_err(|e| usage(e.to_string()))?;
    }
    Ok(())
}

/// A fully resolved solver configuration and budget.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub preset: String,
    pub config: SolverConfig,
    pub max_steps: Option<u64>,
    pub time_limit: Option<Duration>,
}

fn usage(msg: impl Into<String>) -> Report {
    UsageError(msg.into()).into()
}

impl SolverArgs {
    /// Resolves preset, overrides and budget; every mistake is a usage error.
    pub fn resolve(&self) -> Result<Resolved, Report> {
        install_formulas(self.formulas.as_deref())?;
        let solver_hint = self.solver.as_deref().unwrap_or("sa");
        let preset_name = match &self.preset {
            Some(p) => preset::canonical(p)
                .map_err(|e| usage(e.to_string()))?
                .to_string(),
            None => preset::default_for(solver_hint)
                .ok_or_else(|| {
                    usage(format!(
                        "unknown solver `{solver_hint}` (available: {})",
                        preset::solvers().join(", ")
                    ))
                })?
                .to_string(),
        };
        let base = preset::get(&preset_name).map_err(|e| usage(e.to_string()))?;
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
        if let Some(m) = self.max_steps {
            if m == 0 {
                return Err(usage("--max-steps must be at least 1"));
            }
            if table.contains_key("max_steps") {
                table = set_key(table, "max_steps", &m.to_string(), "--max-steps")?;
            }
        }
        for kv in &self.set {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| usage(format!("--set `{kv}`: expected KEY=VALUE")))?;
            table = set_key(table, k.trim(), v.trim(), k.trim())?;
        }
        let config = preset::from_table(table).map_err(|e| usage(e.to_string()))?;
        let time_limit = match self.time_limit {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
            Some(t) => return Err(usage(format!("--time-limit {t}: must be positive"))),
        };
        // Check the parameters now, so a bad value is a usage error up front.
        config
            .build(cubetui::cube::Cube::solved(), 0)
            .map_err(|e| usage(e.to_string()))?;
        Ok(Resolved {
            preset: preset_name,
            config,
            max_steps: self.max_steps,
            time_limit,
        })
    }
}

/// The configuration as a TOML table with every field present.
fn full_table(cfg: &SolverConfig) -> Result<toml::Table, Report> {
    toml::Table::try_from(cfg).map_err(|e| usage(format!("cannot edit preset: {e}")))
}

/// Parses `raw` as a TOML value, falling back to a string, and shaped like `old`.
fn parse_value(raw: &str, old: &toml::Value) -> toml::Value {
    let parsed = format!("v = {raw}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"));
    match (old, parsed) {
        (toml::Value::Float(_), Some(toml::Value::Integer(i))) => toml::Value::Float(i as f64),
        (toml::Value::String(_), Some(toml::Value::String(s))) => toml::Value::String(s),
        (toml::Value::String(_), _) => toml::Value::String(raw.to_string()),
        (_, Some(v)) => v,
        (_, None) => toml::Value::String(raw.to_string()),
    }
}

/// Sets dotted `key` in `table` to `raw`, then re-normalises the table (every
/// field present) so later overrides can name fields a changed `kind` brings.
/// `shown` names the key in error messages.
fn set_key(
    mut table: toml::Table,
    key: &str,
    raw: &str,
    shown: &str,
) -> Result<toml::Table, Report> {
    let unknown = || usage(format!("unknown parameter `{shown}`"));
    if key.is_empty() || key == "solver" {
        return Err(usage(format!("parameter `{shown}` cannot be set")));
    }
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
    let value = parse_value(raw, old);
    if *last == "kind" {
        // A new variant: drop the old variant's fields so it takes its defaults.
        node.clear();
    }
    node.insert(last.to_string(), value);
    let cfg =
        preset::from_table(table).map_err(|e| usage(format!("bad value for `{shown}`: {e}")))?;
    full_table(&cfg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(set: &[&str]) -> SolverArgs {
        SolverArgs {
            set: set.iter().map(|s| s.to_string()).collect(),
            ..SolverArgs::default()
        }
    }

    fn sa(r: &Resolved) -> &cubetui::solve::anneal::SaParams {
        match &r.config {
            SolverConfig::Sa(p) => p,
            _ => panic!("not sa"),
        }
    }

    #[test]
    fn overrides_edit_the_preset() {
        let r = args(&["schedule.t_max=0.5", "zero_delta_as_one=false"])
            .resolve()
            .unwrap();
        assert_eq!(r.preset, "sa-pll-conj");
        let p = sa(&r);
        assert!(!p.zero_delta_as_one);
        assert_eq!(
            p.schedule,
            cubetui::solve::anneal::Schedule::Exponential {
                t_max: 0.5,
                t_min: 0.355
            }
        );
        let r = SolverArgs {
            preset: Some("seed-002".into()),
            ..args(&["schedule.t0=5000", "neighbourhood=comm"])
        }
        .resolve()
        .unwrap();
        assert_eq!(sa(&r).neighbourhood, "comm");
        assert!(format!("{:?}", sa(&r).schedule).contains("t0: 5000.0"));
        let r = args(&["schedule.kind=geometric", "schedule.t0=7"])
            .resolve()
            .unwrap();
        assert!(format!("{:?}", sa(&r).schedule).contains("t0: 7.0"));
    }

    #[test]
    fn named_flags_win_over_the_preset() {
        let r = SolverArgs {
            neighbourhood: Some("faces".into()),
            max_steps: Some(99),
            ..SolverArgs::default()
        }
        .resolve()
        .unwrap();
        assert_eq!(sa(&r).neighbourhood, "faces");
        assert_eq!(sa(&r).max_steps, 99);
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
        ] {
            let e = args(&set).resolve().unwrap_err();
            assert!(e.is::<UsageError>(), "{set:?}");
            assert!(e.to_string().contains(word), "{set:?}: {e}");
        }
        let e = SolverArgs {
            preset: Some("nope".into()),
            ..SolverArgs::default()
        }
        .resolve()
        .unwrap_err();
        assert!(e.is::<UsageError>());
        let e = SolverArgs {
            solver: Some("ga".into()),
            preset: Some("seed-001".into()),
            ..SolverArgs::default()
        }
        .resolve()
        .unwrap_err();
        assert!(e.to_string().contains("not `ga`"), "{e}");
    }
}
