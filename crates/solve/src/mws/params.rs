//! The `mws` solver's parameters (preset `mws`: paper 003's
//! values), their ranges, and each phase's move set.

use serde::{Deserialize, Serialize};

use super::pieces::{Block, blocks};
use super::window::{self, Improvement, WindowParams};
use crate::api::SolveError;
use crate::declare::Declared;
use crate::params::{Live, ParamSpec, Scale, per_phase, within};
use cubetui_cube::Face;

/// Parameters of `mws`; the defaults are preset `seed-003`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MwsParams {
    /// Phase 1: solve the 2x2x3 block (all 18 turns, fitness `pairs`).
    pub phase1: WindowParams,
    /// Phase 2: reach the two free faces' group (all 18 turns).
    pub phase2: WindowParams,
    /// Phase 3: finish with the two free faces' 6 turns, alternating.
    pub phase3: WindowParams,
    /// Give up after this many rounds (window moves of every run).
    pub max_rounds: u64,
    /// Wait until this many runs have finished and keep the shortest solution
    /// (ties by block index); 1 is the seed's rule, the first run to finish.
    pub best_of: usize,
}

impl Default for MwsParams {
    fn default() -> Self {
        MwsParams {
            phase1: WindowParams {
                length: 15,
                window: 6,
                trials: 100,
                search: Improvement::Mutate,
            },
            phase2: WindowParams {
                length: 20,
                window: 8,
                trials: 200,
                search: Improvement::Mutate,
            },
            phase3: WindowParams {
                length: 40,
                window: 10,
                trials: 200,
                search: Improvement::Mutate,
            },
            max_rounds: 200_000,
            best_of: 1,
        }
    }
}

pub use super::window::MAX_TRIAL_TURNS;

/// Upper bound on the windows an exhaustive search visits at one position
/// (window at most 6 with all 18 turns, 14 with two faces' turns). The search
/// runs [`NODES_PER_STEP`] windows per run and step, so it spans many steps.
pub const MAX_EXHAUSTIVE_NODES: u128 = 20_000_000;

/// Windows each run's exhaustive search visits in one step.
pub const NODES_PER_STEP: usize = 2_048;

impl MwsParams {
    /// Checks ranges, and that no elementary step can run long.
    pub fn validate(&self) -> Result<(), SolveError> {
        let declared = params();
        for (i, w) in [&self.phase1, &self.phase2, &self.phase3]
            .iter()
            .enumerate()
        {
            let n = i + 1;
            within(&declared, &format!("phase{n}.window"), w.window as f64)?;
            if w.length < w.window || w.length > 10_000 {
                return Err(SolveError::Parameter(format!(
                    "phase{n}.length must be {} – 10000 (at least window)",
                    w.window
                )));
            }
            // At least one trial; trials x window bounded so one window move
            // (one step) stays short.
            let most = MAX_TRIAL_TURNS / w.window;
            if w.search == Improvement::Mutate && !(1..=most).contains(&w.trials) {
                return Err(SolveError::Parameter(format!(
                    "phase{n}.trials must be 1 – {most} (trials × window at most {MAX_TRIAL_TURNS})"
                )));
            }
            if w.search == Improvement::Exhaustive {
                let moves = phase_moves(&blocks()[0], i);
                let nodes = window::exhaustive_nodes(&moves, w.window);
                if nodes > MAX_EXHAUSTIVE_NODES {
                    let most = (1..=w.window)
                        .take_while(|&d| {
                            window::exhaustive_nodes(&moves, d) <= MAX_EXHAUSTIVE_NODES
                        })
                        .last()
                        .unwrap_or(0);
                    return Err(SolveError::Parameter(format!(
                        "phase{n}.window = {} with search = \"exhaustive\" visits {nodes} windows \
                         per position; the limit is {MAX_EXHAUSTIVE_NODES} (window at most {most} \
                         in phase {n})",
                        w.window
                    )));
                }
            }
        }
        within(&declared, "best_of", self.best_of as f64)?;
        within(&declared, "max_rounds", self.max_rounds as f64)
    }
}

/// `mws`'s declaration, read by the live changes.
static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

/// The live parameters: each phase's window and trials.
impl MwsParams {
    /// The live values, keyed as declared (`phase2.window`).
    pub fn live_values(&self) -> Vec<(String, f64)> {
        let phases = [&self.phase1, &self.phase2, &self.phase3];
        let keys: Vec<(String, f64)> = phases
            .iter()
            .enumerate()
            .flat_map(|(i, w)| {
                w.numbers()
                    .into_iter()
                    .map(move |(k, v)| (format!("phase{}.{k}", i + 1), v))
            })
            .collect();
        let values: Vec<(&str, f64)> = keys.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        crate::params::live_values(&DECLARED, &values)
    }

    /// These parameters with live `key` changed to `value`: checked against
    /// the declaration, then against [`MwsParams::validate`].
    pub fn changed(&self, key: &str, value: f64) -> Result<MwsParams, SolveError> {
        let v = crate::params::check_live(&DECLARED, key, value)?;
        let mut p = self.clone();
        let (head, leaf) = key.split_once('.').unwrap_or(("", key));
        let w = match head {
            "phase1" => &mut p.phase1,
            "phase2" => &mut p.phase2,
            _ => &mut p.phase3,
        };
        w.set_number(leaf, v);
        p.validate()
            .map_err(|e| crate::params::refused(key, v, e))?;
        Ok(p)
    }
}

/// The declaration of `mws`'s parameters (`phase1.` … `phase3.` each).
pub fn params() -> Vec<ParamSpec> {
    use Live::No;
    use Scale::{Linear, Log};
    let d = MwsParams::default();
    let mut out = per_phase(&[d.phase1, d.phase2, d.phase3], |p, w| w.declare(p));
    out.push(ParamSpec::int(
        "max_rounds",
        (1, i64::MAX),
        d.max_rounds,
        Log,
        No,
        "give up after this many rounds (window moves of every run)",
    ));
    out.push(ParamSpec::int(
        "best_of",
        (1, 12),
        d.best_of,
        Linear,
        No,
        "wait for this many of the twelve runs and keep the shortest solution",
    ));
    out
}

/// The turns (face index × 3 + quarter turns − 1) phase `phase` (0-based)
/// may use: all 18 in the first two, the free faces' six in the last.
pub(super) fn phase_moves(block: &Block, phase: usize) -> Vec<u8> {
    if phase < 2 {
        (0..18).collect()
    } else {
        let [a, b] = block.free;
        let f = |x: Face| (x.index() as u8) * 3;
        let (a, b) = (f(a), f(b));
        vec![a, a + 1, a + 2, b, b + 1, b + 2]
    }
}
