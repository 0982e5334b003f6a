//! The annealer's step in words: the last proposal, which budget ran out,
//! the acceptance rate (what a snapshot shows).

use super::Annealer;
use crate::anneal::space::Space;
use crate::api::Status;
use crate::stop::StopReason;

/// The last proposal of a step, kept to describe it (see [`crate::api::Solver::snapshot`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Proposal {
    pub(super) generator: u8,
    pub(super) code: u64,
    /// Energy change the operator would make.
    pub(super) delta: i32,
    pub(super) accepted: bool,
    /// Whether the step ended in a restart from the best state.
    pub(super) restarted: bool,
}

impl<S: Space> Annealer<S> {
    /// The last proposal in words: the operator, its energy change and
    /// whether it was accepted.
    pub(super) fn last_step(&self) -> Option<String> {
        let p = self.last?;
        let op = self.space.describe(p.generator, p.code);
        let name = self
            .space
            .names()
            .get(p.generator as usize)
            .copied()
            .unwrap_or("?");
        let verdict = if p.accepted { "accepted" } else { "rejected" };
        let restart = if p.restarted {
            ", then restarted from the best state"
        } else {
            ""
        };
        Some(format!(
            "proposed {op} ({name}): Δenergy {:+}, {verdict} at T {:.4}{restart}",
            p.delta,
            self.temperature()
        ))
    }

    /// Which budget ran out, once exhausted.
    pub(super) fn exhausted_by(&self) -> Option<StopReason> {
        (self.status == Status::Exhausted).then_some({
            if self.chain.iteration >= self.params.max_steps {
                StopReason::StepLimit(self.params.max_steps)
            } else {
                StopReason::Frozen {
                    temperature: self.temperature(),
                }
            }
        })
    }

    /// Acceptance rate over the last 1024 to 2048 proposals.
    pub(super) fn acceptance(&self) -> Option<f64> {
        self.chain.acceptance()
    }
}
