//! The parameters of `sa-short`, as a preset stores them, and their
//! declaration.

use serde::{Deserialize, Serialize};

use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::{ParamSpec, within};

declare_params! {
    /// Parameters of `sa-short`; the defaults are preset `sa-short`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct ShortParams {
        /// Proposal budget; the temperature and α move over exactly this many.
        max_steps: u64 = 3_000_000 => int(1, i64::MAX, Log), No,
            "proposal budget (temperature and α move from their start to their end over it)",
        /// Proposals per step (one sweep, what the screen's speed counts).
        sweep: u64 = 1000 => int(1, 1_000_000, Log), Yes,
            "proposals per step (a sweep; what the screen's speed counts)",
        /// Stop when the best solved length has not fallen for this many
        /// proposals (0 = off).
        stagnation: u64 = 0 => int(0, i64::MAX, Linear), Yes,
            "stop when the best solved length has not fallen for this many proposals (0 = off)",
        /// Temperature at the start.
        t_max: f64 = 2.0 => float(0.001, 1000.0, Log), Yes,
            "temperature at the start (in turns)",
        /// Temperature at the end (exponential cooling).
        t_min: f64 = 0.2 => float(0.001, 1000.0, Log), Yes,
            "temperature at the end (exponential cooling)",
        /// Weight of a misplaced piece at the start: energy = length + α × misplaced pieces.
        alpha: f64 = 1.0 => float(0.01, 1000.0, Log), Yes,
            "weight α of a misplaced piece at the start (energy = length + α × misplaced pieces)",
        /// Weight of a misplaced piece at the end (α moves exponentially).
        alpha_end: f64 = 3.0 => float(0.01, 1000.0, Log), Yes,
            "weight α of a misplaced piece at the end (α moves exponentially from its start)",
        /// Share of proposals that insert a commutator from the table.
        insert_rate: f64 = 0.1 => unit(), Yes,
            "share of proposals that insert a commutator from the table where it cancels most",
        /// Share of proposals that place a short commutator ([X, Y] of two
        /// layer turns) where it puts most stickers right per turn.
        short_rate: f64 = 0.01 => unit(), Yes,
            "share of proposals that place a four-turn commutator [X, Y] of two layers where it \
             puts most stickers right per turn (also used by completions when above 0)",
        /// Cycles drawn per insertion; the one that lowers the misplaced
        /// stickers most is inserted.
        insert_candidates: u32 = 32 => int(1, 1000, Log), Yes,
            "cycles drawn per insertion; the one that lowers the misplaced stickers most is inserted",
        /// Farthest apart the two turns of an inserted or deleted pair are.
        pair_span: u32 = 6 => int(1, 64, Linear), Yes,
            "farthest apart the two turns of an inserted or deleted pair are",
        /// Longest segment a deletion removes.
        segment: u32 = 24 => int(2, 1000, Log), Yes,
            "longest run of turns one deletion removes (the pieces it leaves are put back by \
             insertions)",
        /// Every this many proposals, a current sequence with few misplaced
        /// pieces is completed by insertions, to see if it beats the best.
        repair_every: u64 = 100 => int(1, i64::MAX, Log), Yes,
            "every this many proposals, complete the current sequence by insertions (if it has \
             few misplaced pieces) to see if it beats the best",
        /// Go back to the best solved sequence after this many proposals
        /// without a shorter one (0 = never).
        restart_after: u64 = 30_000 => int(0, i64::MAX, Linear), Yes,
            "go back to the best solved sequence after this many proposals without a shorter \
             one (0 = never)",
        /// The most misplaced pieces a completion is tried with.
        repair_pieces: u32 = 30 => int(0, 10_000, Linear), Yes,
            "the most misplaced pieces a completion is tried with",
    }
}

impl ShortParams {
    /// Checks every parameter against its declared range, then the
    /// temperatures' order.
    pub fn validate(&self) -> Result<(), SolveError> {
        let declared = params();
        for (key, v) in self.numbers() {
            within(&declared, &key, v)?;
        }
        if self.insert_rate + self.short_rate > 1.0 {
            return Err(SolveError::Parameter(format!(
                "insert_rate + short_rate ({} + {}) must not exceed 1",
                self.insert_rate, self.short_rate
            )));
        }
        if self.t_min > self.t_max {
            return Err(SolveError::Parameter(format!(
                "t_min ({}) must not exceed t_max ({})",
                self.t_min, self.t_max
            )));
        }
        Ok(())
    }
}

/// The declaration of `sa-short`'s parameters.
pub fn params() -> Vec<ParamSpec> {
    ShortParams::default().declare("")
}
