//! The temperature of an annealing run: one [`Cooling`] for every run of
//! the one loop (`chain`: the cube annealer, each phase of `phases-sa`),
//! under a [`Schedule`] that says how the temperature falls. The loop
//! steps these fields by the schedule's laws ([`Schedule::advance`], the
//! acceptance table) in locals of its own.

use super::accept::AcceptTable;
use super::schedule::Schedule;

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

    /// Whether `schedule` has ended (geometric: the temperature fell below
    /// its `t_min`).
    #[inline(always)]
    pub fn frozen(&self, schedule: &Schedule) -> bool {
        schedule.frozen(self.temperature)
    }

    /// `schedule`'s constants changed during the run (to `next`, over
    /// `max_steps`): the exponential factor follows, and a shorter level
    /// ends by the new length. The temperature stays.
    pub fn retune(&mut self, next: &Schedule, max_steps: u64) {
        self.ratio = next.ratio(max_steps);
        self.level_left = self.level_left.min(next.level_len());
    }
}
