//! How long the two-phase search keeps looking ([`SearchLimits`]) and why
//! it may come back without a solution ([`ReferenceError`]).

use std::time::Duration;

use thiserror::Error;

use cubetui_cube::FaceletError;

/// Nodes expanded between two checks of the clock.
pub(super) const CLOCK_EVERY: u64 = 20_000;

/// How long to keep looking for shorter solutions. The soft limits (`nodes`,
/// `time`) end the search only once some solution is known; `give_up` ends
/// it regardless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Stop as soon as a solution this short is found.
    pub target: usize,
    /// Stop after this many search nodes once a solution is known
    /// (deterministic).
    pub nodes: u64,
    /// Stop after this much wall time once a solution is known, if set (not
    /// deterministic).
    pub time: Option<Duration>,
    /// Stop after this many nodes even without a solution.
    pub give_up: u64,
    /// Once a solution within `target` is found, look for a shorter one
    /// for this many more nodes, in per cent of those spent until then
    /// (0: stop at once).
    pub past_target: u64,
    /// Longest `target` the search past it is made for: at a looser
    /// target the first solution within it is final (see
    /// [`PAST_TARGET_MAX`]).
    pub past_target_max: usize,
}

impl SearchLimits {
    /// The per cent searched past the target at this `target`:
    /// `past_target` up to `past_target_max` moves, else 0.
    pub fn past_percent(&self) -> u64 {
        if self.target <= self.past_target_max {
            self.past_target
        } else {
            0
        }
    }
}

impl Default for SearchLimits {
    /// The `reference` preset's limits: stop at 20 moves, or after 150 000
    /// nodes (about 6 ms on one core) with the best found by then.
    fn default() -> Self {
        SearchLimits {
            target: 20,
            nodes: 150_000,
            time: None,
            give_up: 50_000_000,
            past_target: PAST_TARGET,
            past_target_max: PAST_TARGET_MAX,
        }
    }
}

/// [`SearchLimits::past_target`]'s default.
pub const PAST_TARGET: u64 = 10;

/// [`SearchLimits::past_target_max`]'s default, 20 moves (God's number).
/// At a target of 21 and more the first solution is already as short as
/// min2phase's at the same bound on average (200 random states of seeds
/// 1–3), and the 10 % more nodes cost about a tenth of the median time;
/// at 20 and less the search past the target is what makes the solutions
/// as short.
pub const PAST_TARGET_MAX: usize = 20;

/// Why no solution came back.
#[derive(Debug, Error)]
pub enum ReferenceError {
    #[error("the cube cannot be solved: {0}")]
    Invalid(#[from] FaceletError),
    #[error("no solution of at most {max_len} moves found within {nodes} search nodes")]
    NotFound { max_len: usize, nodes: u64 },
    #[error("internal error: a view of the cube could not be built")]
    Internal,
}
