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
        }
    }
}

/// [`SearchLimits::past_target`]'s default.
pub const PAST_TARGET: u64 = 10;

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
