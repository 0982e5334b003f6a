//! `sa-short` on the one annealing loop ([`Chain::run`], `anneal/chain.rs`):
//! a stretch of a sweep's proposals is a [`Problem`] — draw a proposal and
//! judge it (length + weight × misplaced pieces), the loop's Metropolis verdict
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
use crate::anneal::{Chain, Cooling, Problem};
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
        // Counted once drawn and judged: proposal `iteration` of the run
        // was judged at its own place in the cycle.
        self.short.proposals = iteration + 1;
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
        Chain::new(seed, &p.schedule(), p.cycle)
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
            .min(next_multiple(k, p.cycle));
        if p.restart_after > 0 {
            let stuck_from = self.last_better.max(self.restarted);
            at = at.min(stuck_from.saturating_add(p.restart_after));
        }
        // A live `restart_after` may already be due: one proposal first.
        at.max(k + 1)
    }

    /// A cooling cycle ended with the last proposal: the next starts hot.
    pub(super) fn reheat(&mut self) {
        self.chain.cooling = Cooling::new(&self.p.schedule(), self.p.cycle);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Short, ShortParams};
    use crate::api::{Solver, never};
    use cubetui_cube::nxn::random::random_moves;
    use cubetui_cube::nxn::{NxnCube, Size};
    use cubetui_cube::random::rng_from_seed;

    /// Every proposal of a cooling cycle is judged at the temperature of
    /// its place in the cycle: the first at t_max, the last one step above
    /// t_min (not at t_max again), and the next cycle starts at t_max.
    #[test]
    fn each_cycle_cools_from_t_max_towards_t_min_over_its_proposals() {
        let size = Size::new(4).unwrap();
        let start = NxnCube::solved(size)
            .after(&random_moves(&mut rng_from_seed(3), size, 40))
            .unwrap();
        let c = 8;
        let p = ShortParams {
            max_steps: 1_000,
            cycle: c,
            sweep: 1,
            ..ShortParams::default()
        };
        let mut s = Short::new(&p, &start, 3).unwrap();
        while s.proposals == 0 {
            s.step(1);
        }
        let (t_max, t_min) = (p.t_max, p.t_min);
        let mut seen_last = 0;
        for _ in 0..3 * c {
            let k = s.proposals;
            let t = s.chain.cooling.temperature();
            let want = t_max * (t_min / t_max).powf((k % c) as f64 / c as f64);
            assert!(
                (t - want).abs() < 1e-9 * want,
                "proposal {k}: {t} vs {want}"
            );
            if k % c == c - 1 {
                assert!(t < t_max, "proposal {k}, a cycle's last, judged hot");
                seen_last += 1;
            }
            s.sweep(&never);
            assert_eq!(s.proposals, k + 1, "one proposal a sweep");
        }
        assert!(seen_last >= 2);
    }
}
