//! Temperature schedules.
//!
//! The temperature is updated after every proposal. Acceptance probabilities
//! exp(−ΔE/T) for ΔE ≤ 12 come from a table that the engine recomputes
//! whenever T has moved by more than 10⁻⁵ of its value since the last
//! recomputation (so the geometric schedule is exact, and the exponential one
//! uses a T within 10⁻⁵ relative of the exact value).

use serde::{Deserialize, Serialize};

use crate::api::SolveError;
use crate::declare::SharedKey;
use crate::declare_variants::declare_variants;
use crate::params::Live::Yes;
use crate::params::Scale::{Linear, Log};

/// Largest temperature any schedule key takes.
pub const T_MAX: f64 = 1e9;
/// Smallest temperature any schedule key takes.
pub const T_LEAST: f64 = 1e-6;
/// The range of the geometric schedule's cooling factor `alpha`.
pub const ALPHA_RANGE: (f64, f64) = (0.01, 0.999_999);
/// The most proposals a geometric temperature level takes.
pub const LEVEL_MAX: i64 = 1_000_000_000;
/// Smallest temperature a run reports or takes: a geometric run freezes at
/// most one level (alpha at least 0.01) below its `t_min`, and the engine
/// keeps the temperature at least this (no uphill move is accepted this
/// cold anyway: exp(−1/10⁻⁹) is 0).
pub const T_FLOOR: f64 = 1e-9;

/// The key of the temperature now: a run-time value, not a preset field.
pub const TEMPERATURE: &str = "temperature";

/// `t0`, declared once for every geometric schedule (`sa`'s
/// `schedule.t0`, each phase's `phase1.t0` of `phases-sa`).
pub const T0_KEY: SharedKey = SharedKey::float(
    (T_LEAST, T_MAX),
    Log,
    Yes,
    "geometric: starting temperature, and the one a restart reheats to",
);
/// `alpha`, declared once for every geometric schedule.
pub const ALPHA_KEY: SharedKey = SharedKey::float(
    ALPHA_RANGE,
    Linear,
    Yes,
    "geometric: T ← alpha·T after each level",
);
/// `per_temperature`, declared once for every geometric schedule.
pub const PER_TEMPERATURE_KEY: SharedKey = SharedKey::int(
    (1, LEVEL_MAX),
    Log,
    Yes,
    "geometric: proposals per temperature level (live: the level now ends by then)",
);
/// `t_max`, declared once for every exponential schedule (`sa`'s
/// `schedule.t_max`, `sa-short`'s `t_max`, where each cooling cycle starts
/// there).
pub const T_MAX_KEY: SharedKey = SharedKey::float(
    (T_LEAST, T_MAX),
    Log,
    Yes,
    "exponential: starting temperature, and the one a restart reheats to \
     (live: with t_min, sets the cooling rate from now on)",
);
/// `t_min`, declared once for every schedule: the exponential's final
/// temperature (`sa-short`'s: each cycle's), the geometric's frozen level
/// (what freezing does is the solver's: `sa` ends, a phase of `phases-sa`
/// reheats or ends).
pub const T_MIN_KEY: SharedKey = SharedKey::float(
    (T_LEAST, T_MAX),
    Log,
    Yes,
    "final temperature (exponential: live, sets the cooling rate) or the level a \
     geometric schedule is frozen below (at most t0)",
);

declare_variants! {
    /// How the temperature falls.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(from = "Stored", into = "Stored")]
    pub enum Schedule as Stored {
        "kind": No,
            "how the temperature falls: exponential over the budget, or geometric in levels",
        run: [
            TEMPERATURE => (T_FLOOR, T_MAX, Log) = Schedule::initial,
                "the temperature now; the schedule goes on from the value set (a value of \
                 the run, not a preset key)",
        ],
        /// T(step) = t_max · exp(−ln(t_max/t_min) · step / max_steps) (paper 001).
        Exponential = "exponential" {
            t_max: f64 = 0.37 => T_MAX_KEY,
            t_min: f64 = 0.355 => T_MIN_KEY,
        }
        /// T ← alpha · T after each block of `per_temperature` proposals, from
        /// `t0`; the run is frozen (ends) when T falls below `t_min` (papers 000, 002).
        Geometric = "geometric" {
            t0: f64 = 1000.0 => T0_KEY,
            alpha: f64 = 0.95 => ALPHA_KEY,
            per_temperature: u64 = 5000 => PER_TEMPERATURE_KEY,
            t_min: f64 = 0.01,
        }
    }
}

fn bad(msg: &str) -> SolveError {
    SolveError::Parameter(msg.to_string())
}

impl Schedule {
    /// Checks the rule between the constants (each one's range is declared,
    /// see `SaParams::validate`): the run ends at `t_min`, so it is at most
    /// the starting temperature.
    pub fn validate(&self) -> Result<(), SolveError> {
        match *self {
            Schedule::Exponential { t_max, t_min } if t_min > t_max => {
                Err(bad("schedule.t_min must be positive and at most t_max"))
            }
            // Frozen below t_min: a larger one would end the run at once.
            Schedule::Geometric { t0, t_min, .. } if t_min > t0 => {
                Err(bad("schedule.t_min must be positive and at most t0"))
            }
            _ => Ok(()),
        }
    }

    /// The temperature at the start of a run (or after a restart).
    pub fn initial(&self) -> f64 {
        match *self {
            Schedule::Exponential { t_max, .. } => t_max,
            Schedule::Geometric { t0, .. } => t0,
        }
    }

    /// The temperature after one more proposal, given the temperature `t`
    /// before it; `left` counts the proposals still to make at this temperature
    /// (geometric schedule) and is reset when the level ends.
    #[inline(always)]
    pub fn advance(&self, t: f64, left: &mut u64, ratio: f64) -> f64 {
        match *self {
            Schedule::Exponential { .. } => t * ratio,
            Schedule::Geometric {
                alpha,
                per_temperature,
                ..
            } => {
                *left = left.saturating_sub(1);
                if *left == 0 {
                    *left = per_temperature;
                    t * alpha
                } else {
                    t
                }
            }
        }
    }

    /// Proposals per temperature level (1 for the exponential schedule).
    pub fn level_len(&self) -> u64 {
        match *self {
            Schedule::Exponential { .. } => 1,
            Schedule::Geometric {
                per_temperature, ..
            } => per_temperature,
        }
    }

    /// The per-step factor of the exponential schedule over `steps` proposals.
    pub fn ratio(&self, steps: u64) -> f64 {
        match *self {
            Schedule::Exponential { t_max, t_min } => {
                (-(t_max / t_min).ln() / steps.max(1) as f64).exp()
            }
            Schedule::Geometric { .. } => 1.0,
        }
    }

    /// Whether the schedule has ended (geometric: frozen).
    #[inline(always)]
    pub fn frozen(&self, t: f64) -> bool {
        match *self {
            Schedule::Exponential { .. } => false,
            Schedule::Geometric { t_min, .. } => t < t_min,
        }
    }
}
