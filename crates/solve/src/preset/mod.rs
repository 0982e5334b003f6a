//! Named solver presets stored in `assets/presets/`, embedded in the binary.
//!
//! Each preset is a TOML serialisation of a [`SolverConfig`]
//! (`solver = "sa"` plus that solver's parameters) and a `[preset]` table
//! that describes it (one-line description, the paper or work it follows,
//! older names, its place in the screen's cycle). To add one, drop the file
//! in `assets/presets/`: the build script lists the folder.

use serde::Deserialize;

mod info;
mod user;
pub use info::{LAST_ORDER, PresetInfo};
pub use user::{UserPresetError, line_at};

use crate::api::SolveError;
use crate::neighbourhood::Formulas;
use crate::registry::SolverConfig;
use cubetui_cube::nxn::Size;

/// (file name, TOML text) of every file in `assets/presets/` (and, in the
/// test build, `assets/test-presets/`), listed by `build.rs`, in file-name order.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/presets.rs"));

/// A preset table: `(name, TOML text)` in the order the screen cycles
/// them, the built-in ones by their `[preset] order` key, then the user's
/// ([`Presets::with_user`]) by theirs (one without it last,
/// [`LAST_ORDER`]). The program builds one at start and hands it to
/// whoever looks presets up by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Presets {
    all: Vec<(String, String)>,
}

impl Presets {
    /// The presets shipped with the program.
    pub fn builtin() -> Presets {
        let mut all: Vec<(String, String)> = FILES
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        all.sort_by_key(|(_, text)| order_of(text));
        Presets { all }
    }

    /// The built-in presets and the user's, `(name, TOML text)` in the
    /// format of the built-in ones, after them in the cycle. Each is
    /// checked like a `--set` (unknown keys and out-of-range values are
    /// refused, with the line), may not take a built-in name or alias, and
    /// the refused ones are returned; the others join.
    pub fn with_user(texts: Vec<(String, String)>) -> (Presets, Vec<UserPresetError>) {
        let mut presets = Presets::builtin();
        let mut taken: Vec<String> = Vec::new();
        for (name, text) in &presets.all {
            taken.push(name.clone());
            if let Ok(t) = text.parse::<toml::Table>()
                && let Some(a) = t
                    .get("preset")
                    .and_then(|p| p.get("aliases"))
                    .and_then(|a| a.as_array())
            {
                taken.extend(a.iter().filter_map(|v| v.as_str().map(String::from)));
            }
        }
        let mut errors = Vec::new();
        let mut accepted: Vec<(String, String)> = Vec::new();
        for (name, text) in texts {
            match user::check(&name, &text, &taken) {
                Ok(info) => {
                    taken.push(name.clone());
                    taken.extend(info.aliases);
                    accepted.push((name, text));
                }
                Err(e) => errors.push(e),
            }
        }
        accepted.sort_by_key(|(_, text)| order_of(text));
        presets.all.extend(accepted);
        (presets, errors)
    }

    /// Names of every preset (not the aliases), in cycle order.
    pub fn list(&self) -> Vec<&str> {
        self.all.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// Every preset's own description, in [`Presets::list`] order.
    pub fn all(&self) -> Vec<PresetInfo> {
        self.list()
            .into_iter()
            .filter_map(|n| self.info(n).ok())
            .collect()
    }

    /// The entry named `name` exactly (no alias).
    fn entry(&self, name: &str) -> Option<&(String, String)> {
        self.all.iter().find(|(n, _)| n == name)
    }

    /// The preset's name for `name`, which may be an alias.
    pub fn canonical(&self, name: &str) -> Result<&str, SolveError> {
        if let Some((n, _)) = self.entry(name) {
            return Ok(n);
        }
        for (n, _) in &self.all {
            if self
                .info(n)
                .is_ok_and(|i| i.aliases.iter().any(|a| a == name))
            {
                return Ok(n);
            }
        }
        Err(SolveError::UnknownPreset {
            name: name.to_string(),
            available: self.list().join(", "),
        })
    }

    /// The TOML text of preset `name` (or an alias).
    pub fn source(&self, name: &str) -> Result<&str, SolveError> {
        let name = self.canonical(name)?;
        Ok(self
            .entry(name)
            .map(|(_, t)| t.as_str())
            .unwrap_or_default())
    }

    /// The whole TOML table of a preset file, `[preset]` included.
    fn file_table(&self, name: &str) -> Result<toml::Table, SolveError> {
        let text = self
            .entry(name)
            .map(|(_, t)| t.as_str())
            .unwrap_or_default();
        text.parse::<toml::Table>()
            .map_err(|e| asset_error(name, &e.to_string()))
    }

    /// The description of preset `name` (or an alias).
    pub fn info(&self, name: &str) -> Result<PresetInfo, SolveError> {
        let name = match self.entry(name) {
            Some((n, _)) => n.as_str(),
            None => self.canonical(name)?,
        };
        let mut t = self.file_table(name)?;
        // A user preset may leave out its `[preset]` table: every key has a default.
        let meta = match t.remove("preset") {
            Some(m) => m,
            None if !is_builtin(name) => toml::Value::Table(toml::Table::new()),
            None => return Err(asset_error(name, "missing [preset] table")),
        };
        let mut info =
            PresetInfo::deserialize(meta).map_err(|e| asset_error(name, &e.to_string()))?;
        info.name = name.to_string();
        info.solver = t
            .get("solver")
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string();
        Ok(info)
    }

    /// The preset a solver uses when only the solver is named.
    pub fn default_for(&self, solver: &str) -> Option<&str> {
        let all = self.all();
        let pick = all
            .iter()
            .find(|i| i.solver == solver && i.default)
            .or_else(|| all.iter().find(|i| i.solver == solver))?;
        self.list().into_iter().find(|n| *n == pick.name)
    }

    /// The solvers the presets run, each once, in preset order.
    pub fn solvers(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for i in self.all() {
            if !out.contains(&i.solver) {
                out.push(i.solver);
            }
        }
        out
    }

    /// The solver used when none is named: the first preset's.
    pub fn default_solver(&self) -> String {
        self.solvers().into_iter().next().unwrap_or_default()
    }

    /// The solver parameters of preset `name` as a TOML table (without its
    /// `[preset]` description), for editing before [`from_table`].
    pub fn table(&self, name: &str) -> Result<toml::Table, SolveError> {
        let mut t = self.file_table(self.canonical(name)?)?;
        t.remove("preset");
        names_now(t).map_err(|e| asset_error(self.canonical(name).unwrap_or(name), &e.to_string()))
    }

    /// The solver configuration of preset `name`.
    pub fn get(&self, name: &str) -> Result<SolverConfig, SolveError> {
        let table = self.table(name)?;
        SolverConfig::deserialize(table)
            .map_err(|e| asset_error(self.canonical(name).unwrap_or(name), &e.to_string()))
    }

    /// Whether preset `name` (or an alias) runs on a cube of `size`, without
    /// building it: made for that size (or for none in particular,
    /// [`PresetInfo::fits`]) and its solver runs there
    /// ([`SolverConfig::runs_on`], the check a build makes).
    ///
    /// # Errors
    /// An unknown preset, or why it does not run on `size`.
    pub fn runs_on(&self, name: &str, size: Size) -> Result<(), SolveError> {
        let info = self.info(name)?;
        let n = size.get();
        if !info.fits(n as u32) {
            let made = info.size.unwrap_or(3);
            return Err(SolveError::Config(format!(
                "preset `{}` is made for the {made}x{made}, not the {size}",
                info.name
            )));
        }
        self.get(name)?.runs_on(size)
    }
}

/// Whether `name` is a preset shipped with the program.
pub fn is_builtin(name: &str) -> bool {
    FILES.iter().any(|(n, _)| *n == name)
}

/// The `[preset] order` key of a preset's text.
fn order_of(text: &str) -> i64 {
    text.parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("preset")?.get("order")?.as_integer())
        .unwrap_or(LAST_ORDER)
}

/// Deserialises a (possibly edited) preset table, keys given by an
/// earlier name read as their name now ([`names_now`]).
pub fn from_table(table: toml::Table) -> Result<SolverConfig, SolveError> {
    SolverConfig::deserialize(names_now(table)?)
        .map_err(|e| SolveError::Config(e.to_string().trim().into()))
}

/// `table` (a solver's parameters, as a preset file holds them) with every
/// key given by an earlier name under its name now, as the declaration of
/// its `solver` says ([`crate::params::names_now`]).
///
/// # Errors
/// A key given by both names.
pub fn names_now(mut table: toml::Table) -> Result<toml::Table, SolveError> {
    let solver = table
        .get("solver")
        .and_then(toml::Value::as_str)
        .unwrap_or_default()
        .to_string();
    if let Some(declared) = SolverConfig::declared(&solver) {
        crate::params::names_now(declared, &mut table)?;
    }
    Ok(table)
}

impl SolverConfig {
    /// This configuration with the formula catalogue `formulas` (a value
    /// the program hands over, not a preset key; only the annealer reads
    /// one, for `pll` and `pll-conj`).
    pub fn with_formulas(self, formulas: &Formulas) -> SolverConfig {
        match self {
            SolverConfig::Sa(p) => SolverConfig::Sa(crate::anneal::SaParams {
                formulas: formulas.clone(),
                ..p
            }),
            other => other,
        }
    }

    /// The formula catalogue this configuration reads, if its solver reads one.
    pub fn formulas(&self) -> Option<&Formulas> {
        match self {
            SolverConfig::Sa(p) => Some(&p.formulas),
            _ => None,
        }
    }
}

fn asset_error(name: &str, message: &str) -> SolveError {
    let dir = if is_builtin(name) {
        "assets/presets"
    } else {
        "presets"
    };
    SolveError::Asset {
        file: format!("{dir}/{name}.toml"),
        line: 0,
        message: message.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Status;
    use crate::params;
    use cubetui_cube::{Alg, Cube};

    /// The built-in table, once for the whole test binary.
    fn builtin() -> &'static Presets {
        static P: std::sync::LazyLock<Presets> = std::sync::LazyLock::new(Presets::builtin);
        &P
    }
    fn list() -> Vec<&'static str> {
        builtin().list()
    }
    fn all() -> Vec<PresetInfo> {
        builtin().all()
    }
    fn get(name: &str) -> Result<SolverConfig, SolveError> {
        builtin().get(name)
    }
    fn info(name: &str) -> Result<PresetInfo, SolveError> {
        builtin().info(name)
    }
    fn canonical(name: &str) -> Result<&'static str, SolveError> {
        builtin().canonical(name)
    }
    fn source(name: &str) -> Result<&'static str, SolveError> {
        builtin().source(name)
    }
    fn table(name: &str) -> Result<toml::Table, SolveError> {
        builtin().table(name)
    }
    fn default_for(solver: &str) -> Option<&'static str> {
        builtin().default_for(solver)
    }
    fn solvers() -> Vec<String> {
        builtin().solvers()
    }
    fn runs_on(name: &str, size: Size) -> Result<(), SolveError> {
        builtin().runs_on(name, size)
    }

    #[test]
    fn every_preset_deserialises_and_round_trips() {
        for name in list() {
            let cfg = get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            let text = toml::to_string(&cfg).unwrap();
            let back: SolverConfig = toml::from_str(&text).unwrap();
            assert_eq!(toml::to_string(&back).unwrap(), text, "{name}");
        }
    }

    #[test]
    fn presets_cycle_in_the_order_of_their_order_keys() {
        let shipped: Vec<&str> = list().into_iter().filter(|n| *n != "throwaway").collect();
        assert_eq!(
            shipped,
            [
                "sa-pll-conj",
                "sa-short",
                "sa-comm",
                "sa-faces",
                "sa-faces-hot",
                "ga",
                "woc",
                "mws",
                "mws-short",
                "phases-es",
                "phases-ga",
                "phases-sa",
                "reference",
                "2x2-sa",
                "2x2-phases",
                "2x2-ga",
                "4x4-sa"
            ]
        );
        let orders: Vec<i64> = all().iter().map(|i| i.order).collect();
        assert!(orders.is_sorted(), "{orders:?}");
        // Every file in the folder is embedded, none twice.
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/presets"))
            .expect("read assets/presets")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "toml"))
            })
            .count();
        assert_eq!(shipped.len(), files);
    }

    #[test]
    fn every_builtin_preset_writes_its_description_order_and_follows() {
        // The keys a user preset may leave out (`PresetInfo`'s defaults).
        for (name, text) in FILES {
            let t: toml::Table = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            let meta = t.get("preset").and_then(|m| m.as_table());
            for key in ["description", "order", "follows"] {
                assert!(
                    meta.is_some_and(|m| m.contains_key(key)),
                    "{name}: [preset] {key}"
                );
            }
        }
    }

    #[test]
    fn unknown_preset_lists_the_available_ones() {
        let e = get("nope").unwrap_err().to_string();
        assert!(e.contains("sa-pll-conj"), "{e}");
    }

    #[test]
    fn every_preset_describes_itself_and_old_names_still_work() {
        let all = all();
        assert_eq!(all.len(), list().len());
        for i in &all {
            assert!(
                !i.description.is_empty() && !i.follows.is_empty(),
                "{}",
                i.name
            );
            assert!(!i.solver.is_empty(), "{}", i.name);
            assert_eq!(get(&i.name).unwrap().name(), i.solver, "{}", i.name);
            for a in &i.aliases {
                assert_eq!(canonical(a).unwrap(), i.name);
                assert_eq!(source(a).unwrap(), source(&i.name).unwrap());
            }
        }
        // Names and aliases never collide.
        let mut names: Vec<&str> = all
            .iter()
            .flat_map(|i| {
                std::iter::once(i.name.as_str()).chain(i.aliases.iter().map(|a| a.as_str()))
            })
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
        assert_eq!(canonical("seed-001").unwrap(), "sa-pll-conj");
        assert_eq!(canonical("seed-003").unwrap(), "mws");
    }

    #[test]
    fn every_registered_solver_has_a_default_preset() {
        for name in SolverConfig::NAMES {
            let d = default_for(name).unwrap_or_else(|| panic!("no preset runs `{name}`"));
            assert_eq!(get(d).unwrap().name(), *name);
        }
        assert_eq!(solvers().len(), SolverConfig::NAMES.len());
    }

    #[test]
    fn each_solver_has_exactly_one_default() {
        for solver in solvers() {
            let defaults = all()
                .into_iter()
                .filter(|i| i.solver == solver && i.default)
                .count();
            assert_eq!(defaults, 1, "{solver}");
            let d = default_for(&solver).unwrap();
            assert_eq!(info(d).unwrap().solver, solver);
        }
        assert_eq!(default_for("nope"), None);
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let mut t = table("sa-pll-conj").unwrap();
        t.insert("bogus".into(), toml::Value::Integer(1));
        assert!(from_table(t).unwrap_err().to_string().contains("bogus"));
    }

    /// The registry's "add a solver" steps are enough: the test-only
    /// `throwaway` solver (crates/solve/src/throwaway.rs, one `solvers!` line,
    /// assets/test-presets/throwaway.toml) is found, built and run.
    #[test]
    fn the_registered_throwaway_solver_runs_from_its_preset() {
        let cfg = get("throwaway").expect("its preset file is embedded");
        assert_eq!(cfg.name(), "throwaway");
        assert_eq!(default_for("throwaway"), Some("throwaway"));
        let start = Cube::solved().after(&"R'".parse::<Alg>().expect("notation"));
        let mut s = cfg.build(start, 1).expect("builds");
        assert_eq!(s.profile().step, "try");
        assert_eq!(s.step(5), Status::Running);
        assert_eq!(s.step(100), Status::Solved);
        let out = s.outcome();
        assert!(out.solved);
        assert_eq!(out.solution.to_string(), "R");
        assert_eq!(out.iterations, 10);
        // Its parameters go through the same checks as every other solver's.
        let mut t = table("throwaway").expect("table");
        t.insert("tries".into(), toml::Value::Integer(19));
        let e = from_table(t).expect("parses").build(start, 1);
        assert!(e.is_err());
    }

    /// Dotted keys of every leaf of `t` (not `solver`).
    fn leaves(t: &toml::Table, prefix: &str, out: &mut Vec<String>) {
        for (k, v) in t {
            match v {
                toml::Value::Table(inner) => leaves(inner, &format!("{prefix}{k}."), out),
                _ if prefix.is_empty() && k == "solver" => {}
                _ => out.push(format!("{prefix}{k}")),
            }
        }
    }

    /// Every field of every preset is declared, every declared key is a
    /// field of some preset of its solver, and the declared default is the
    /// value in the solver's default preset wherever that preset has the key.
    #[test]
    fn every_preset_field_is_declared_once_with_its_default() {
        for solver in SolverConfig::NAMES {
            let declared = SolverConfig::declared(solver).expect("registered");
            let mut keys: Vec<&str> = declared.iter().map(|s| s.key.as_str()).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), declared.len(), "{solver}: a key declared twice");
            for s in declared {
                assert!(!s.meaning.is_empty(), "{}", s.key);
                match s.kind {
                    params::Kind::Int { min, max } => assert!(min <= max, "{}", s.key),
                    params::Kind::Float { min, max } => assert!(min <= max, "{}", s.key),
                    _ => {}
                }
                if s.scale == params::Scale::Log {
                    let above_zero = match s.kind {
                        params::Kind::Int { min, .. } => min > 0,
                        params::Kind::Float { min, .. } => min > 0.0,
                        _ => false,
                    };
                    assert!(above_zero, "{solver}: log-scale {} starts at 0", s.key);
                }
            }
            let mut seen = Vec::new();
            for name in list() {
                let cfg = get(name).unwrap();
                if cfg.name() != *solver {
                    continue;
                }
                let t = toml::Table::try_from(&cfg).unwrap();
                let mut held = Vec::new();
                leaves(&t, "", &mut held);
                for k in &held {
                    let spec = params::find(declared, k)
                        .unwrap_or_else(|| panic!("{name}: `{k}` is not declared"));
                    let mut v = &t[k.split('.').next().unwrap()];
                    for p in k.split('.').skip(1) {
                        v = &v[p];
                    }
                    assert!(spec.check(v).is_ok(), "{name}: {k} = {v} outside its range");
                    if default_for(solver) == Some(name) {
                        let want = match &spec.default {
                            params::Value::Text(s) => toml::Value::String(s.to_string()),
                            params::Value::Int(i) => toml::Value::Integer(*i),
                            params::Value::Float(f) => toml::Value::Float(*f),
                            params::Value::Bool(b) => toml::Value::Boolean(*b),
                        };
                        assert_eq!(*v, want, "{name}: default of {k}");
                    }
                }
                seen.extend(held);
            }
            for s in declared.iter().filter(|s| s.in_preset) {
                assert!(seen.contains(&s.key), "{solver}: {} in no preset", s.key);
            }
        }
    }

    /// The user's presets join a table of their own, after the built-in
    /// ones in their order; a taken name or alias is refused; the built-in
    /// table is untouched (two tables live side by side).
    #[test]
    fn user_presets_join_a_table_of_their_own_in_order() {
        let text = |order: &str| {
            format!(
                "solver = \"sa\"\nneighbourhood = \"faces\"\n\n[schedule]\nkind = \"geometric\"\nalpha = 0.99\n\n[preset]\ndescription = \"d\"\n{order}"
            )
        };
        let (mine, refused) = Presets::with_user(vec![
            ("late".into(), text("")),
            ("early".into(), text("order = 1\n")),
            ("ga".into(), text("")),
            ("seed-003".into(), text("")),
        ]);
        let refused: Vec<(&str, &str)> = refused
            .iter()
            .map(|e| (e.name.as_str(), e.message.as_str()))
            .collect();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert!(
            refused.iter().all(|(_, m)| m.contains("is taken")),
            "{refused:?}"
        );
        let builtin = Presets::builtin();
        let names = mine.list();
        assert_eq!(names[..builtin.list().len()], builtin.list()[..]);
        assert_eq!(names[builtin.list().len()..], ["early", "late"]);
        assert_eq!(mine.canonical("late").unwrap(), "late");
        assert_eq!(mine.get("early").unwrap().name(), "sa");
        assert!(mine.runs_on("early", Size::THREE).is_ok());
        assert_eq!(mine.info("late").unwrap().description, "d");
        // The built-in table knows none of them.
        let e = builtin.get("late").unwrap_err().to_string();
        assert!(e.starts_with("unknown preset `late`"), "{e}");
        assert!(builtin.canonical("early").is_err());
    }

    #[test]
    fn runs_on_asks_the_size_a_preset_is_made_for_and_its_solver() {
        let four = Size::new(4).unwrap();
        assert!(runs_on("sa-faces", four).is_ok());
        assert!(runs_on("4x4-sa", four).is_ok());
        let err = runs_on("2x2-sa", four).unwrap_err().to_string();
        assert!(err.contains("made for the 2x2, not the 4x4"), "{err}");
        let err = runs_on("mws", four).unwrap_err().to_string();
        assert!(err.contains("`mws` runs on the 3x3 only"), "{err}");
        assert!(runs_on("reference", Size::TWO).is_ok());
        assert!(runs_on("no-such-preset", four).is_err());
    }
}
