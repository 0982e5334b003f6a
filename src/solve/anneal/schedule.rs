//! Temperature schedules.
//!
//! The temperature is updated after every proposal. Acceptance probabilities
//! exp(−ΔE/T) for ΔE ≤ 12 come from a table that the engine recomputes
//! whenever T has moved by more than 10⁻⁵ of its value since the last
//! recomputation (so the geometric schedule is exact, and the exponential one
//! uses a T within 10⁻⁵ relative of the exact value).

use serde::{Deserialize, Serialize};

use crate::solve::api::SolveError;

/// How the temperature falls.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Schedule {
    /// T(step) = t_max · exp(−ln(t_max/t_min) · step / max_steps) (seed 001).
    Exponential {
        #[serde(default = "default_t_max")]
        t_max: f64,
        #[serde(default = "default_t_min")]
        t_min: f64,
    },
    /// T ← alpha · T after each block of `per_temperature` proposals, from
    /// `t0`; the run is frozen (ends) when T falls below `t_min` (seeds 000, 002).
    Geometric {
        #[serde(default = "default_t0")]
        t0: f64,
        #[serde(default = "default_alpha")]
        alpha: f64,
        #[serde(default = "default_per_temperature")]
        per_temperature: u64,
        #[serde(default = "default_frozen")]
        t_min: f64,
    },
}

fn default_t_max() -> f64 {
    0.37
}
fn default_t_min() -> f64 {
    0.355
}
fn default_t0() -> f64 {
    1000.0
}
fn default_alpha() -> f64 {
    0.95
}
fn default_per_temperature() -> u64 {
    5000
}
fn default_frozen() -> f64 {
    0.01
}

impl Schedule {
    /// The geometric schedule's defaults: (t0, alpha, per_temperature).
    pub fn geometric_defaults() -> (f64, f64, u64) {
        (default_t0(), default_alpha(), default_per_temperature())
    }
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule::Exponential {
            t_max: default_t_max(),
            t_min: default_t_min(),
        }
    }
}

fn bad(msg: &str) -> SolveError {
    SolveError::Parameter(msg.to_string())
}

impl Schedule {
    /// The constants by their declared keys (`schedule.t_max`, …).
    pub fn values(&self) -> Vec<(&'static str, f64)> {
        match *self {
            Schedule::Exponential { t_max, t_min } => {
                vec![("schedule.t_max", t_max), ("schedule.t_min", t_min)]
            }
            Schedule::Geometric {
                t0,
                alpha,
                per_temperature,
                t_min,
            } => vec![
                ("schedule.t0", t0),
                ("schedule.alpha", alpha),
                ("schedule.per_temperature", per_temperature as f64),
                ("schedule.t_min", t_min),
            ],
        }
    }

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
