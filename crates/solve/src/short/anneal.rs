//! `sa-short` on the one annealing loop ([`Chain::run`], `anneal/chain.rs`):
//! a stretch of a sweep's proposals is a [`Problem`] — draw a proposal and
//! judge it (length + α × misplaced pieces), the loop's Metropolis verdict
//! at its temperature, commit the accepted one. The temperature follows the
//! exponential schedule of `t_max` and `t_min` ([`ShortParams::schedule`])
//! over each cooling cycle. What happens between proposals at given counts
//! is sa-short's policy around the loop ([`Short::sweep`]): completions,
//! cuts, going back to the best solved sequence (at a cycle's end, or after
//! `restart_after` proposals without a shorter one) and the reheat that
//! starts each cycle; a stretch ends where the next of them is due.
//!
//! [`ShortParams::schedule`]: super::ShortParams::schedule

use super::propose::Judged;
use super::{CUT_EVERY, STEP_WORK, Short, ShortParams};
use crate::anneal::{Chain, Cooling, Problem, Schedule};
use crate::api::Halt;
use cubetui_cube::random::CubeRng;

/// A sweep's proposals up to the next policy event, as the loop runs them.
struct Stretch<'s, 'h> {
    short: &'s mut Short,
    halt: Halt<'h>,
    /// Work done in the sweep so far (sticker moves).
    work: u64,
    /// The proposal count the stretch ends at.
    limit: u64,
    /// The sweep stops: after a proposal inside the stretch, its work
    /// passed [`STEP_WORK`] or the caller's limit said stop.
    stop: bool,
}

impl Problem for Stretch<'_, '_> {
    type Delta = Option<f64>;
    type Move = Option<Judged>;

    fn running(&self) -> bool {
        !self.stop && self.short.finished().is_none()
    }

    fn propose(&mut self, rng: &mut CubeRng) -> (Option<f64>, Option<Judged>) {
        let (delta, judged, work) = self.short.judge(rng);
        self.work += work;
        (delta, judged)
    }

    fn settle(&mut self, judged: Option<Judged>, accepted: bool, iteration: u64) {
        self.short.commit(judged, accepted);
        // After the stretch's last proposal the sweep looks, once its
        // events are done.
        if iteration + 1 < self.limit {
            self.stop = self.work > STEP_WORK || (self.halt)();
        }
    }
}

/// The first count past `k` that is a multiple of `every` (never for 0).
fn next_multiple(k: u64, every: u64) -> u64 {
    k.checked_div(every)
        .map_or(u64::MAX, |q| (q + 1).saturating_mul(every))
}

impl Short {
    /// The chain a run of `p` (sized) starts with, seeded `seed`: the
    /// first cycle's cooling.
    pub(super) fn chain(p: &ShortParams, seed: u64) -> Chain {
        let mut chain = Chain::new(seed, &p.schedule(), p.cycle);
        chain.cooling = first_cooling(p);
        chain
    }

    /// Runs the loop over the sweep's proposals from now until the next
    /// policy event or proposal `end`, whichever comes first (the
    /// sweep's `work` so far, its caller's `halt`); the work then, and
    /// whether the sweep stops here (the stretch ended early: the caller's
    /// limit or the work said stop, or the run is finished).
    pub(super) fn stretch(&mut self, end: u64, work: u64, halt: Halt<'_>) -> (u64, bool) {
        let limit = self.next_event(end);
        let schedule = self.p.schedule();
        let mut chain = self.chain.clone();
        let mut s = Stretch {
            short: self,
            halt,
            work,
            limit,
            stop: false,
        };
        chain.run(&schedule, &mut s, limit);
        let work = s.work;
        self.chain = chain;
        debug_assert_eq!(self.chain.iteration, self.proposals);
        (work, self.proposals < limit)
    }

    /// The next count past now where the sweep has something to do
    /// between proposals (or `end`).
    fn next_event(&self, end: u64) -> u64 {
        let k = self.proposals;
        let p = &self.p;
        let mut at = end
            .min(next_multiple(k, p.repair_every))
            .min(next_multiple(k, CUT_EVERY))
            .min(next_multiple(k, p.cycle))
            .min(reheat_after(k, p.cycle));
        if p.restart_after > 0 {
            let stuck_from = self.last_better.max(self.restarted);
            at = at.min(stuck_from.saturating_add(p.restart_after));
        }
        // A live `restart_after` may already be due: one proposal first.
        at.max(k + 1)
    }

    /// A new cooling cycle starts after proposal `self.proposals`: the
    /// chain is hot again.
    pub(super) fn reheat_if_due(&mut self) {
        let (c, k) = (self.p.cycle, self.proposals);
        if k > 0 && reheat_after(k - 1, c) == k {
            self.chain.cooling = Cooling::new(&self.p.schedule(), c);
        }
    }
}

/// The first count past `k` after which the chain reheats (cycle `c`):
/// one before each cycle's end, so the cycle's last proposal is judged at
/// `t_max`.
fn reheat_after(k: u64, c: u64) -> u64 {
    if c == 0 {
        return u64::MAX;
    }
    next_multiple(k + 1, c) - 1
}

/// The cooling of the first cycle: one proposal in, as the run counts a
/// proposal before judging it.
fn first_cooling(p: &ShortParams) -> Cooling {
    let schedule = p.schedule();
    if p.cycle <= 1 {
        return Cooling::new(&schedule, p.cycle);
    }
    let next = Schedule::Exponential {
        t_max: p.t_max * schedule.ratio(p.cycle),
        t_min: p.t_min,
    };
    Cooling::new(&next, p.cycle - 1)
}
