//! Named solver presets stored in `assets/presets/`, embedded in the binary.
//!
//! Each preset is a TOML serialisation of a [`SolverConfig`]
//! (`solver = "sa"` plus that solver's parameters). To add one, drop the file
//! in `assets/presets/` and add one line to [`PRESETS`].

use serde::Deserialize;

use super::{SolveError, SolverConfig};

/// (name, TOML text) of every preset.
const PRESETS: &[(&str, &str)] = &[
    (
        "seed-000",
        include_str!("../../assets/presets/seed-000.toml"),
    ),
    (
        "seed-001",
        include_str!("../../assets/presets/seed-001.toml"),
    ),
    (
        "seed-002",
        include_str!("../../assets/presets/seed-002.toml"),
    ),
    (
        "seed-002-ga",
        include_str!("../../assets/presets/seed-002-ga.toml"),
    ),
    (
        "seed-003",
        include_str!("../../assets/presets/seed-003.toml"),
    ),
    (
        "mws-short",
        include_str!("../../assets/presets/mws-short.toml"),
    ),
    (
        "seed-004",
        include_str!("../../assets/presets/seed-004.toml"),
    ),
];

/// The preset a solver uses when none is named.
pub fn default_for(solver: &str) -> Option<&'static str> {
    match solver {
        "sa" => Some("seed-001"),
        "ga" => Some("seed-002-ga"),
        "woc" => Some("seed-004"),
        "mws" => Some("seed-003"),
        _ => None,
    }
}

/// Names of every preset.
pub fn list() -> Vec<&'static str> {
    PRESETS.iter().map(|(n, _)| *n).collect()
}

/// The TOML text of preset `name`.
pub fn source(name: &str) -> Result<&'static str, SolveError> {
    PRESETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| SolveError::UnknownPreset {
            name: name.to_string(),
            available: list().join(", "),
        })
}

/// The TOML table of preset `name`, for editing before [`from_table`].
pub fn table(name: &str) -> Result<toml::Table, SolveError> {
    source(name)?
        .parse::<toml::Table>()
        .map_err(|e| asset_error(name, &e.to_string()))
}

/// Deserialises a (possibly edited) preset table.
pub fn from_table(table: toml::Table) -> Result<SolverConfig, SolveError> {
    SolverConfig::deserialize(table).map_err(|e| SolveError::Config(e.to_string().trim().into()))
}

/// The solver configuration of preset `name`.
pub fn get(name: &str) -> Result<SolverConfig, SolveError> {
    let table = table(name)?;
    SolverConfig::deserialize(table).map_err(|e| asset_error(name, &e.to_string()))
}

fn asset_error(name: &str, message: &str) -> SolveError {
    SolveError::Asset {
        file: format!("assets/presets/{name}.toml"),
        line: 0,
        message: message.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn unknown_preset_lists_the_available_ones() {
        let e = get("nope").unwrap_err().to_string();
        assert!(e.contains("seed-001"), "{e}");
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let mut t = table("seed-001").unwrap();
        t.insert("bogus".into(), toml::Value::Integer(1));
        assert!(from_table(t).unwrap_err().to_string().contains("bogus"));
    }
}
