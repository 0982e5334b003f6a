//! The parameters of an annealing run, as a preset stores them.

use serde::{Deserialize, Serialize};

use super::schedule::Schedule;
use crate::solve::api::SolveError;
use crate::solve::declare::{Declared, declare_params};
use crate::solve::neighbourhood::Formulas;
use crate::solve::neighbourhood::cycles::STAGINGS;
use crate::solve::params::{Live, ParamSpec, Scale, within};
use crate::solve::{energy, neighbourhood};

/// Every parameter of an annealing run. Missing fields take the defaults of
/// seed 001's preset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SaParams {
    /// Neighbourhood generator: `faces`, `pll`, `pll-conj` or `comm`.
    pub neighbourhood: String,
    /// Energy function: `facelets`.
    pub energy: String,
    /// Treat ΔE = 0 as ΔE = 1 (seed 001): sideways moves accepted only with
    /// probability exp(−1/T).
    pub zero_delta_as_one: bool,
    /// Proposal budget. The exponential schedule cools over exactly this many.
    pub max_steps: u64,
    /// Temperature schedule.
    pub schedule: Schedule,
    /// Report the path with every loop (a return to a state seen before, up
    /// to a whole-cube rotation) cut out. Changes only the reported solution,
    /// never the search.
    pub cut_loops: bool,
    /// When the best energy has not improved for this many proposals, go back
    /// to the best state and restart the schedule (reheat). 0 = off.
    pub restart_after: u64,
    /// The commutator generator's settings (used by `comm` only).
    pub comm: CommParams,
    /// The formula catalogue `pll` and `pll-conj` draw from: not a preset
    /// key but a value the program hands over (`--formulas FILE`); a run
    /// file records its path and digest.
    #[serde(skip)]
    pub formulas: Formulas,
}

declare_params! {
    /// How the commutator generator (`comm`) proposes.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct CommParams {
        /// Which orbits a proposal may cycle: `one` (every unsolved orbit) or
        /// `centres-edges-corners` (Chen & Ding's stages: the centres first,
        /// then the edges, then the corners).
        stages: String = "one".into() => choice(&STAGINGS), No,
            "comm: which orbits a proposal cycles: every unsolved one, or centres, then \
             edges, then corners (Chen & Ding's stages)",
        /// Commutators drawn per proposal; the one of lowest ΔE (then fewest
        /// moves) is proposed. 1 = seed 001's single random operator.
        candidates: u32 = 1 => int(1, 1000, Log), Yes,
            "comm: commutators drawn per proposal; the one of lowest Δenergy (then fewest \
             moves) is proposed",
    }
}

impl CommParams {
    /// Whether proposals go in stages.
    pub fn staged(&self) -> bool {
        self.stages != "one"
    }
}

impl Default for SaParams {
    fn default() -> Self {
        SaParams {
            neighbourhood: "pll-conj".into(),
            energy: "facelets".into(),
            zero_delta_as_one: true,
            max_steps: 500_000,
            schedule: Schedule::default(),
            restart_after: 0,
            cut_loops: true,
            comm: CommParams::default(),
            formulas: Formulas::Builtin,
        }
    }
}

impl SaParams {
    /// Checks every parameter, naming the first bad one: each against its
    /// declared range, then the schedule's rule between its keys.
    pub fn validate(&self) -> Result<(), SolveError> {
        neighbourhood::Generator::get(&self.neighbourhood, &self.formulas)?;
        energy::check(&self.energy)?;
        if !STAGINGS.contains(&self.comm.stages.as_str()) {
            return Err(SolveError::Parameter(format!(
                "`comm.stages` must be one of {}, got `{}`",
                STAGINGS.join(", "),
                self.comm.stages
            )));
        }
        let declared = params();
        let own = [
            ("max_steps", self.max_steps as f64),
            ("restart_after", self.restart_after as f64),
            ("comm.candidates", f64::from(self.comm.candidates)),
        ];
        for (key, v) in own.into_iter().chain(self.schedule.values()) {
            within(&declared, key, v)?;
        }
        self.schedule.validate()
    }
}

/// The issue's `sa-long` walk for tests: `faces`, T = 1 that never cools,
/// no step budget — a random walk that accepts for ever.
#[cfg(test)]
pub(super) fn hot_walk() -> SaParams {
    SaParams {
        neighbourhood: "faces".into(),
        zero_delta_as_one: false,
        max_steps: i64::MAX as u64,
        schedule: Schedule::Geometric {
            t0: 1.0,
            alpha: 0.99,
            per_temperature: 1_000_000_000,
            t_min: 0.05,
        },
        ..SaParams::default()
    }
}

/// Largest temperature any schedule key takes.
const T_MAX: f64 = 1e9;
/// Smallest temperature any schedule key takes.
const T_LEAST: f64 = 1e-6;
/// Smallest temperature a run reports or takes: a geometric run freezes at
/// most one level (alpha at least 0.01) below its `t_min`, and the engine
/// keeps the temperature at least this (no uphill move is accepted this
/// cold anyway: exp(−1/10⁻⁹) is 0).
pub const T_FLOOR: f64 = 1e-9;

/// The key of the temperature now: a run-time value, not a preset field.
pub const TEMPERATURE: &str = "temperature";

/// The declaration of `sa`'s parameters (the schedule's keys for both kinds).
pub fn params() -> Vec<ParamSpec> {
    use Live::{No, Yes};
    use Scale::{Linear, Log};
    let d = SaParams::default();
    let (t_max, t_min) = match d.schedule {
        Schedule::Exponential { t_max, t_min } => (t_max, t_min),
        Schedule::Geometric { t0, t_min, .. } => (t0, t_min),
    };
    let geo = Schedule::geometric_defaults();
    let mut out = vec![
        ParamSpec::choice(
            "neighbourhood",
            &neighbourhood::NAMES,
            "pll-conj",
            Yes,
            "neighbourhood generator: the moves a proposal may make",
        ),
        ParamSpec::choice(
            "energy",
            &energy::NAMES,
            "facelets",
            No,
            "energy function the annealer lowers",
        ),
        ParamSpec::bool(
            "zero_delta_as_one",
            d.zero_delta_as_one,
            "treat ΔE = 0 as ΔE = 1: sideways moves accepted with probability exp(−1/T)",
        ),
        ParamSpec::int(
            "max_steps",
            (1, i64::MAX),
            d.max_steps,
            Log,
            No,
            "proposal budget (the exponential schedule cools over exactly this many)",
        ),
        ParamSpec::choice(
            "schedule.kind",
            &["exponential", "geometric"],
            "exponential",
            No,
            "how the temperature falls: exponential over the budget, or geometric in levels",
        ),
        ParamSpec::run_value(
            TEMPERATURE,
            (T_FLOOR, T_MAX),
            t_max,
            Log,
            "the temperature now; the schedule goes on from the value set (a value of \
             the run, not a preset key)",
        ),
        ParamSpec::float(
            "schedule.t_max",
            (T_LEAST, T_MAX),
            t_max,
            Log,
            Yes,
            "exponential: starting temperature, and the one a restart reheats to \
             (live: with t_min, sets the cooling rate from now on)",
        ),
        ParamSpec::float(
            "schedule.t_min",
            (T_LEAST, T_MAX),
            t_min,
            Log,
            Yes,
            "final temperature (exponential: live, sets the cooling rate) or the frozen \
             level that ends the run (geometric)",
        ),
        ParamSpec::float(
            "schedule.t0",
            (T_LEAST, T_MAX),
            geo.0,
            Log,
            Yes,
            "geometric: starting temperature, and the one a restart reheats to",
        ),
        ParamSpec::float(
            "schedule.alpha",
            (0.01, 0.999_999),
            geo.1,
            Linear,
            Yes,
            "geometric: T ← alpha·T after each level",
        ),
        ParamSpec::int(
            "schedule.per_temperature",
            (1, 1_000_000_000),
            geo.2,
            Log,
            Yes,
            "geometric: proposals per temperature level (live: the level now ends by then)",
        ),
        ParamSpec::bool(
            "cut_loops",
            d.cut_loops,
            "report the path with loops cut out (changes only the reported solution)",
        ),
        ParamSpec::int(
            "restart_after",
            (0, i64::MAX),
            d.restart_after,
            Linear,
            Yes,
            "reheat from the best state after this many proposals without a better one (0 = off)",
        ),
    ];
    out.extend(d.comm.declare("comm."));
    out
}
