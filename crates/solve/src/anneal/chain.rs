//! The one annealing loop: propose → energy change → the Metropolis
//! verdict at the temperature now → the problem keeps the accepted move
//! (and its best) → cool → frozen? It runs over a [`Problem`], a small
//! trait: the cube annealer's spaces ([`super::engine::Annealer`], one
//! problem per neighbourhood generator), a phase of `phases-sa` (a
//! fixed-length move sequence) and `sa-short`'s move sequence (a stretch
//! of its proposals between two of its own events) are the three. What a problem does when the
//! schedule freezes (end, or reheat from its best) or when it stalls
//! (restart from its best) is its own; the loop only restarts the schedule.

use super::accept::{AcceptTable, metropolis};
use super::cooling::Cooling;
use super::schedule::{Schedule, T_FLOOR};
use cubetui_cube::random::{CubeRng, rng_from_seed};

/// Proposals the acceptance rate is measured over.
pub(crate) const WINDOW: u64 = 1024;

/// An energy change, as the Metropolis rule judges it: accepted at once
/// when it is no worse, else with probability exp(−ΔE/T), drawing one
/// number from the run's generator.
pub(crate) trait Delta: Copy {
    /// The verdict at temperature `t` (`table`: the acceptance table of
    /// whole changes).
    fn accepted(self, table: &mut AcceptTable, t: f64, rng: &mut CubeRng) -> bool;
}

/// Whole energies (misplaced stickers): small uphill changes through the
/// acceptance table.
impl Delta for i32 {
    #[inline(always)]
    fn accepted(self, table: &mut AcceptTable, t: f64, rng: &mut CubeRng) -> bool {
        self <= 0 || table.accepts(self, t, rng)
    }
}

/// Fractional energies (a phase's fitness plus its used length): the exact
/// rule.
impl Delta for f64 {
    #[inline(always)]
    fn accepted(self, _table: &mut AcceptTable, t: f64, rng: &mut CubeRng) -> bool {
        self <= 0.0 || metropolis(self, t, rng)
    }
}

/// A proposal that may have found no move (`None`): rejected, drawing
/// nothing; a fractional change by the exact rule.
impl Delta for Option<f64> {
    #[inline(always)]
    fn accepted(self, table: &mut AcceptTable, t: f64, rng: &mut CubeRng) -> bool {
        self.is_some_and(|d| d.accepted(table, t, rng))
    }
}

/// What the loop anneals: a current state that proposals change, and the
/// best one so far.
pub(crate) trait Problem {
    /// The energy change of a proposal, as the rule judges it.
    type Delta: Delta;
    /// A proposed move, as [`Problem::settle`] takes it back.
    type Move;

    /// Whether the run goes on (not solved, not done).
    fn running(&self) -> bool;
    /// Draws a move from the current state: its energy change and the move.
    fn propose(&mut self, rng: &mut CubeRng) -> (Self::Delta, Self::Move);
    /// The rule's verdict on move `m` of proposal number `iteration`: an
    /// accepted move makes the current state (and the best, when better).
    fn settle(&mut self, m: Self::Move, accepted: bool, iteration: u64);
    /// Whether the run should go back to its best now, `iteration`
    /// proposals in (too long without improvement). Never by default.
    #[inline(always)]
    fn stalled(&self, _iteration: u64) -> bool {
        false
    }
    /// Goes back to the best state (stalled); the loop restarts the schedule.
    #[inline(always)]
    fn restart(&mut self, _iteration: u64) {}
    /// The schedule froze: whether the problem goes on from a state of its
    /// choice (drawing from `rng`), the loop reheating; else the loop ends.
    /// It ends by default.
    #[inline(always)]
    fn frozen(&mut self, _rng: &mut CubeRng) -> bool {
        false
    }
}

/// Where an annealing run stands whatever it anneals: its random numbers,
/// the proposals made, the temperature on its schedule, and the
/// acceptances counted for the rate.
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub(crate) rng: CubeRng,
    /// Proposals made.
    pub(crate) iteration: u64,
    pub(crate) cooling: Cooling,
    /// Acceptances in the current block of [`WINDOW`] proposals, and in
    /// the last full one.
    pub(crate) block_accepted: u32,
    pub(crate) last_block_accepted: u32,
}

impl Chain {
    /// The start of a run seeded `seed` on `schedule`, over a budget of
    /// `max_steps` proposals (an exponential schedule cools over them).
    pub(crate) fn new(seed: u64, schedule: &Schedule, max_steps: u64) -> Chain {
        Chain {
            rng: rng_from_seed(seed),
            iteration: 0,
            cooling: Cooling::new(schedule, max_steps),
            block_accepted: 0,
            last_block_accepted: 0,
        }
    }

    /// Runs proposals of `problem` under `schedule` until `limit`
    /// proposals are made, the problem stops running or the schedule
    /// freezes for good (frozen, and the problem does not go on: checked
    /// after each proposal's cooling, and before the first). The hot loop keeps the chain in locals: the
    /// cooling's fields stepped by the same laws as `Cooling`'s
    /// ([`Schedule::advance`], the table); as one struct the loop ran
    /// 2.5 % more instructions per proposal.
    #[inline(always)]
    pub(crate) fn run<P: Problem>(&mut self, schedule: &Schedule, problem: &mut P, limit: u64) {
        let mut rng = self.rng.clone();
        let mut it = self.iteration;
        let Cooling {
            mut temperature,
            mut level_left,
            ratio,
            mut table,
        } = self.cooling;
        let mut block = self.block_accepted;
        while it < limit && problem.running() {
            // Frozen before a proposal (a live change of the schedule): the
            // problem's policy, as after cooling below.
            if schedule.frozen(temperature) {
                if !problem.frozen(&mut rng) {
                    break;
                }
                temperature = schedule.initial();
                level_left = schedule.level_len();
            }
            let (delta, m) = problem.propose(&mut rng);
            let ok = delta.accepted(&mut table, temperature, &mut rng);
            block += ok as u32;
            problem.settle(m, ok, it);
            temperature = schedule.advance(temperature, &mut level_left, ratio);
            it += 1;
            if it.is_multiple_of(WINDOW) {
                self.last_block_accepted = block;
                block = 0;
            }
            if problem.stalled(it) {
                problem.restart(it);
                temperature = schedule.initial();
                level_left = schedule.level_len();
            }
            if schedule.frozen(temperature) && problem.frozen(&mut rng) {
                temperature = schedule.initial();
                level_left = schedule.level_len();
            }
        }
        self.rng = rng;
        self.iteration = it;
        self.cooling = Cooling {
            temperature: temperature.max(T_FLOOR),
            level_left,
            ratio,
            table,
        };
        self.block_accepted = block;
    }

    /// Acceptance rate over the last [`WINDOW`] to 2·[`WINDOW`] proposals.
    pub(crate) fn acceptance(&self) -> Option<f64> {
        let pos = self.iteration % WINDOW;
        if self.iteration == 0 {
            None
        } else if self.iteration < WINDOW {
            Some(self.block_accepted as f64 / pos as f64)
        } else {
            let n = WINDOW + pos;
            Some((self.last_block_accepted + self.block_accepted) as f64 / n as f64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    /// A walk on the integers towards 0 that never gets there (energy
    /// |x| + 1); frozen, it reheats from 40 while it has `reheats` left.
    struct Line {
        x: i32,
        reheats: u32,
        reheated: u32,
        proposals: u64,
    }

    impl Problem for Line {
        type Delta = i32;
        type Move = i32;

        fn running(&self) -> bool {
            true
        }

        fn propose(&mut self, rng: &mut CubeRng) -> (i32, i32) {
            let to = self.x + if rng.random::<bool>() { 1 } else { -1 };
            (to.abs() - self.x.abs(), to)
        }

        fn settle(&mut self, to: i32, accepted: bool, iteration: u64) {
            assert_eq!(iteration, self.proposals, "proposals are numbered in order");
            self.proposals += 1;
            if accepted {
                self.x = to;
            }
        }

        fn frozen(&mut self, _rng: &mut CubeRng) -> bool {
            if self.reheated == self.reheats {
                return false;
            }
            self.reheated += 1;
            self.x = 40;
            true
        }
    }

    fn line(reheats: u32) -> Line {
        Line {
            x: 40,
            reheats,
            reheated: 0,
            proposals: 0,
        }
    }

    /// Cools from 2 by half every 10 proposals; frozen below 0.1 (after
    /// five levels).
    fn geometric() -> Schedule {
        Schedule::Geometric {
            t0: 2.0,
            alpha: 0.5,
            per_temperature: 10,
            t_min: 0.1,
        }
    }

    #[test]
    fn a_frozen_schedule_ends_the_loop_unless_the_problem_reheats() {
        let s = geometric();
        let mut ends = line(0);
        let mut chain = Chain::new(1, &s, 0);
        chain.run(&s, &mut ends, 1_000);
        assert_eq!(chain.iteration, 50, "frozen after five levels");
        assert!(chain.cooling.frozen(&s));
        chain.run(&s, &mut ends, 1_000);
        assert_eq!(chain.iteration, 50, "a frozen chain proposes nothing");

        let mut goes_on = line(2);
        let mut chain = Chain::new(1, &s, 0);
        chain.run(&s, &mut goes_on, 1_000);
        assert_eq!(goes_on.reheated, 2);
        assert_eq!(chain.iteration, 150, "two reheats: three schedules");
        assert!(
            goes_on.x.abs() < 40,
            "the walk went downhill: {}",
            goes_on.x
        );
    }

    #[test]
    fn a_chain_frozen_before_its_first_proposal_asks_the_problem() {
        let s = geometric();
        let mut chain = Chain::new(1, &s, 0);
        // A live change: the temperature below t_min.
        chain.cooling.temperature = 0.05;
        let mut p = line(1);
        chain.run(&s, &mut p, 1);
        assert_eq!(
            (p.reheated, chain.iteration),
            (1, 1),
            "reheated, then one proposal"
        );
        assert_eq!(chain.cooling.temperature(), 2.0);
    }

    #[test]
    fn the_acceptance_rate_is_counted_over_the_last_window() {
        let s = Schedule::Geometric {
            t0: 1e9,
            alpha: 0.5,
            per_temperature: 1_000_000,
            t_min: 1.0,
        };
        let mut chain = Chain::new(3, &s, 0);
        assert_eq!(chain.acceptance(), None);
        chain.run(&s, &mut line(0), 3 * WINDOW + 7);
        // So hot that every proposal is accepted.
        assert_eq!(chain.acceptance(), Some(1.0));
    }
}
