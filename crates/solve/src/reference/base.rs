//! What every part of the two-phase search shares: its budget, its error,
//! and the conversions between the sticker cube, the cubie view and move
//! indices.

use std::time::Duration;

use thiserror::Error;

use super::cubie;
use cubetui_cube::{Alg, Cube, CubieCube, FaceletError};

/// Nodes expanded between two checks of the clock.
pub(super) const CLOCK_EVERY: u64 = 20_000;

/// How long to keep looking for shorter solutions. The soft limits (`nodes`,
/// `time`) end the search only once some solution is known; `give_up` ends
/// it regardless.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
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
}

impl Default for Budget {
    /// The `reference` preset's budget: stop at 20 moves, or after 150 000
    /// nodes (about 6 ms on one core) with the best found by then.
    fn default() -> Self {
        Budget {
            target: 20,
            nodes: 150_000,
            time: None,
            give_up: 50_000_000,
        }
    }
}

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

/// The cubie view of a reachable cube, or why it is not one.
pub fn cubies(cube: &Cube) -> Result<CubieCube, FaceletError> {
    let c = CubieCube::from_cube(cube)?;
    c.check()?;
    Ok(c)
}

/// Move indices (0..18) as an [`Alg`] of face turns.
pub fn to_alg(moves: &[u8]) -> Alg {
    moves.iter().map(|&m| cubie::to_move(m as usize)).collect()
}
