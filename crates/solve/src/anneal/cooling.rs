//! The temperature of an annealing run and the Metropolis rule it accepts
//! by: one [`Cooling`] for every annealer (the cube annealer's engine and
//! the phase annealer of `phases-sa`), under a [`Schedule`] that says how
//! the temperature falls. The engine's hot loop steps the same fields by
//! the same laws ([`Schedule::advance`], the acceptance table) in locals of
//! its own.

use super::accept::{AcceptTable, metropolis};
use super::schedule::Schedule;
use cubetui_cube::random::CubeRng;

/// Where a run stands on its schedule: the temperature now, the proposals
/// left at this temperature level, the exponential schedule's per-step
/// factor, and the acceptance table of the temperature. The schedule's
/// constants stay with the run's parameters; every method takes them.
#[derive(Clone, Copy, Debug)]
pub struct Cooling {
    pub(super) temperature: f64,
    /// Proposals left at the current temperature level (geometric schedule).
    pub(super) level_left: u64,
    /// The exponential schedule's per-step factor.
    pub(super) ratio: f64,
    pub(super) table: AcceptTable,
}

impl Cooling {
    /// The start of `schedule`, over a budget of `max_steps` proposals (the
    /// exponential schedule cools over exactly that many).
    pub fn new(schedule: &Schedule, max_steps: u64) -> Cooling {
        let t = schedule.initial();
        Cooling {
            temperature: t,
            level_left: schedule.level_len(),
            ratio: schedule.ratio(max_steps),
            table: AcceptTable::new(t),
        }
    }

    /// The temperature now.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// Whether a move of real energy change `delta` is accepted now: at once
    /// when it is no worse, else with probability exp(−delta/T), drawing one
    /// number from `rng`.
    #[inline]
    pub fn accepts(&self, delta: f64, rng: &mut CubeRng) -> bool {
        delta <= 0.0 || metropolis(delta, self.temperature, rng)
    }

    /// One proposal made: the temperature follows `schedule`.
    #[inline(always)]
    pub fn advance(&mut self, schedule: &Schedule) {
        self.temperature = schedule.advance(self.temperature, &mut self.level_left, self.ratio);
    }

    /// Whether `schedule` has ended (geometric: the temperature fell below
    /// its `t_min`).
    #[inline(always)]
    pub fn frozen(&self, schedule: &Schedule) -> bool {
        schedule.frozen(self.temperature)
    }

    /// Back to the start of `schedule` (a reheat).
    pub fn restart(&mut self, schedule: &Schedule) {
        self.temperature = schedule.initial();
        self.level_left = schedule.level_len();
    }

    /// `schedule`'s constants changed during the run (to `next`, over
    /// `max_steps`): the exponential factor follows, and a shorter level
    /// ends by the new length. The temperature stays.
    pub fn retune(&mut self, next: &Schedule, max_steps: u64) {
        self.ratio = next.ratio(max_steps);
        self.level_left = self.level_left.min(next.level_len());
    }
}
