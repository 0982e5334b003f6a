//! Live parameters of the phase searches: each phase's parameter table says
//! which values it holds ([`Knobs`]); the running phase's search checks a
//! change against the phase's declaration and the phase's `validate`, and
//! reads its parameters afresh at every step.

use crate::api::SolveError;
use crate::declare::Declared;
use crate::params;

/// One phase's parameters as the knobs see them: declared once
/// ([`Declared`], from `declare_params!`), with the phase's own checks.
pub trait Knobs: Declared + Clone {
    /// The phase's own checks (rules between keys); `n` names the phase.
    fn check(&self, n: usize) -> Result<(), SolveError>;
}

/// The live values of phase `phase`'s parameters `k`, keys prefixed.
pub fn values<K: Knobs>(k: &K, phase: usize) -> Vec<(String, f64)> {
    let prefix = format!("phase{phase}.");
    let keyed: Vec<(String, f64)> = k
        .numbers()
        .into_iter()
        .map(|(leaf, v)| (format!("{prefix}{leaf}"), v))
        .collect();
    let refs: Vec<(&str, f64)> = keyed.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    params::live_values(&k.declare(&prefix), &refs)
}

/// Changes `key` (`phase2.mutation_rate`) of phase `phase`'s parameters `k`
/// to `value`: declared and live for this phase, inside its range, and the
/// phase's rules between keys still hold; else `k` is unchanged.
pub fn set<K: Knobs>(k: &mut K, phase: usize, key: &str, value: f64) -> Result<(), SolveError> {
    let prefix = format!("phase{phase}.");
    let v = params::check_live(&k.declare(&prefix), key, value)?;
    let leaf = key.strip_prefix(&prefix).unwrap_or(key);
    let mut next = k.clone();
    next.set_number(leaf, v);
    next.check(phase).map_err(|e| params::refused(key, v, e))?;
    *k = next;
    Ok(())
}

/// Checks every numeric value of phase `n`'s parameters `k` against its
/// declared range (each phase's `validate` starts here, then checks the
/// rules between its keys).
pub fn ranges<K: Knobs>(k: &K, n: usize) -> Result<(), SolveError> {
    let prefix = format!("phase{n}.");
    let declared = k.declare(&prefix);
    k.numbers()
        .into_iter()
        .try_for_each(|(leaf, v)| params::within(&declared, &format!("{prefix}{leaf}"), v))
}
