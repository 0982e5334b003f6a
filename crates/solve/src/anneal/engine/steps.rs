//! One generator's proposals on the annealer's state as a [`Problem`] of
//! the one loop ([`super::Chain::run`]): what is cube-shaped (the space's
//! operators, the path of accepted operators, links, the prelude after a
//! restart) stays here and in [`super::Annealer`].

use super::Annealer;
use crate::anneal::chain::Problem;
use crate::anneal::space::{Proposer, Space};
use crate::api::{Halt, Status};
use cubetui_cube::random::CubeRng;

/// The annealer's state with generator proposer `P`, for one call of the
/// loop.
pub(super) struct Steps<'a, S: Space, P> {
    a: &'a mut Annealer<S>,
    p: &'a P,
    halt: Halt<'a>,
    /// Paper 001's switch: ΔE = 0 judged as ΔE = 1.
    zero_as_one: bool,
    /// Proposals without improvement before a restart from the best (0: never).
    restart_after: u64,
    /// The last proposal: its operator, its energy change, its verdict.
    last: Option<(u64, i32, bool)>,
}

impl<'a, S: Space, P: Proposer<S>> Steps<'a, S, P> {
    #[inline(always)]
    pub(super) fn new(a: &'a mut Annealer<S>, p: &'a P, halt: Halt<'a>) -> Steps<'a, S, P> {
        Steps {
            zero_as_one: a.params.zero_delta_as_one,
            restart_after: a.params.restart_after,
            a,
            p,
            halt,
            last: None,
        }
    }

    /// The last proposal made (operator, energy change, verdict).
    pub(super) fn last(&self) -> Option<(u64, i32, bool)> {
        self.last
    }
}

impl<S: Space, P: Proposer<S>> Problem for Steps<'_, S, P> {
    type Delta = i32;
    /// The operator's energy change and code, and the candidate state
    /// where the proposal built it.
    type Move = (i32, u64, Option<S::State>);

    #[inline(always)]
    fn running(&self) -> bool {
        self.a.status == Status::Running
    }

    #[inline(always)]
    fn propose(&mut self, rng: &mut CubeRng) -> (i32, Self::Move) {
        let (d, code, cand) = self.p.propose(&self.a.space, rng, &self.a.current);
        let delta = if d == 0 && self.zero_as_one { 1 } else { d };
        (delta, (d, code, cand))
    }

    #[inline(always)]
    fn settle(&mut self, (d, code, cand): Self::Move, accepted: bool, iteration: u64) {
        self.last = Some((code, d, accepted));
        if accepted {
            let a = &mut *self.a;
            let e = (S::energy(&a.current) as i32 + d) as u32;
            self.p.accept(&a.space, &mut a.current, code, cand, e);
            debug_assert_eq!(e, S::energy(&a.space.prepare(S::state(&a.current))));
            a.note_accepted(e, code, iteration, self.halt);
        }
    }

    #[inline(always)]
    fn stalled(&self, iteration: u64) -> bool {
        self.restart_after > 0
            && self.a.status == Status::Running
            && iteration - self.a.last_improvement >= self.restart_after
    }

    fn restart(&mut self, iteration: u64) {
        self.a.restart(iteration, self.halt);
    }
}
