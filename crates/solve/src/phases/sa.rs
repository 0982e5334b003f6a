//! The paper 000/002 face-turn annealer for one phase: Metropolis acceptance
//! under a geometric schedule (T ← alpha·T every `per_temperature`
//! proposals, from `t0`, frozen below `t_min`), each phase with its own
//! schedule. The temperature, its schedule, its keys and the acceptance
//! rule are the cube annealer's ([`Cooling`] under [`Schedule::Geometric`],
//! the keys declared once in `anneal`'s schedule); this file holds what a
//! phase adds: its sequence, its proposals, its reheat and its polish.
//! The state is a move sequence of the phase's move set, fixed length
//! `length`, judged by its best prefix; a proposal replaces, inserts
//! or deletes one face turn. Energy = phase fitness + used length / (length + 1),
//! so fitness comes first and length second. A frozen run outside the group
//! reheats from its best sequence; once inside, `polish` more proposals
//! shorten it.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::knobs::{self, Knobs};
use super::ladder::Ladder;
use super::search::{Candidate, PhaseSearch, common_prefix};
use super::seq::{random_move, random_moves};
use crate::anneal::{ALPHA_KEY, Cooling, PER_TEMPERATURE_KEY, Schedule, T_MIN_KEY, T0_KEY};
use crate::api::SolveError;
use crate::chromosome::seeded_rng;
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;

declare_params! {
    /// Parameters of one phase of `phases-sa`. The schedule's keys
    /// (`phase1.t0`, `phase1.alpha`, `phase1.per_temperature`,
    /// `phase1.t_min`, …) are the annealer's, declared once
    /// ([`T0_KEY`], [`ALPHA_KEY`], [`PER_TEMPERATURE_KEY`], [`T_MIN_KEY`]):
    /// a phase cools geometrically, a restart being the reheat of a phase
    /// frozen outside its group.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct SaPhase {
        /// Moves in the annealed sequence.
        length: usize => int(2, 200, Linear), Yes,
            "moves in the annealed sequence (live: cut, or filled with random moves)",
        /// Starting temperature.
        t0: f64 => T0_KEY,
        /// Cooling factor per temperature level.
        alpha: f64 => ALPHA_KEY,
        /// Proposals per temperature level.
        per_temperature: u64 => PER_TEMPERATURE_KEY,
        /// The phase is frozen below this temperature.
        t_min: f64 => T_MIN_KEY,
        /// Proposals spent shortening once the sequence reaches the group.
        polish: u64 => int(0, i64::MAX, Linear), Yes,
            "proposals spent shortening once the sequence reaches the group",
    }
}

impl SaPhase {
    /// Checks the phase's parameters; `n` names the phase in messages.
    pub fn validate(&self, n: usize) -> Result<(), SolveError> {
        knobs::ranges(self, n)?;
        // The schedule's own rule, in this phase's words.
        if self.t_min > self.t0 {
            return Err(SolveError::Parameter(format!(
                "phase{n}.t_min ({}) must be at most t0 ({})",
                self.t_min, self.t0
            )));
        }
        Ok(())
    }

    /// The phase's temperature schedule.
    pub fn schedule(&self) -> Schedule {
        Schedule::Geometric {
            t0: self.t0,
            alpha: self.alpha,
            per_temperature: self.per_temperature,
            t_min: self.t_min,
        }
    }
}

/// The declaration of one phase's parameters, keys prefixed with `p`
/// (`phase1.`), defaults from `d`.
pub fn params(p: &str, d: &SaPhase) -> Vec<ParamSpec> {
    d.declare(p)
}

/// One phase of the annealer, on ladder `L`.
pub struct Sa<L: Ladder> {
    p: SaPhase,
    ladder: L,
    phase: usize,
    set: &'static [u8],
    start: L::State,
    rng: Xoshiro256PlusPlus,
    current: Candidate<L>,
    best: Candidate<L>,
    /// `p`'s schedule (rebuilt when a live key changes).
    schedule: Schedule,
    cooling: Cooling,
    proposals: u64,
    hit: Option<u64>,
    restarts: u64,
}

fn energy<L: Ladder>(c: &Candidate<L>, length: usize) -> f64 {
    f64::from(c.score.wrong) + c.score.used as f64 / (length as f64 + 1.0)
}

impl<L: Ladder> Sa<L> {
    /// A random sequence of `ladder`'s `phase` (its moves) from `start`, at
    /// temperature `t0`.
    pub fn new(p: SaPhase, ladder: &L, phase: usize, start: L::State, seed: u64) -> Sa<L> {
        let mut rng = seeded_rng(seed);
        let set = ladder.moves(phase - 1);
        let current = Candidate::new(ladder, &start, phase, random_moves(&mut rng, set, p.length));
        let schedule = p.schedule();
        let mut sa = Sa {
            best: Candidate::empty(ladder, &start, phase),
            ladder: ladder.clone(),
            // A geometric schedule has no step budget.
            cooling: Cooling::new(&schedule, 0),
            schedule,
            proposals: 0,
            hit: None,
            restarts: 0,
            current,
            rng,
            p,
            phase,
            set,
            start,
        };
        sa.record();
        sa
    }

    fn record(&mut self) {
        if self.current.score < self.best.score {
            self.best = self.current.clone();
            if self.best.score.wrong == 0 && self.hit.is_none() {
                self.hit = Some(self.proposals);
            }
        }
    }

    /// The current sequence with one face turn replaced, inserted or deleted
    /// (the length stays `length`: an insertion drops the last move, a
    /// deletion appends a random one).
    fn neighbour(&mut self) -> Candidate<L> {
        let mut g = self.current.genes.clone();
        let len = g.len();
        let i = self.rng.random_range(0..len);
        let around = |g: &[u8], i: usize| (i.checked_sub(1).map(|j| g[j]), g.get(i + 1).copied());
        match self.rng.random_range(0..4u8) {
            0 => {
                let (prev, _) = around(&g, i);
                let m = random_move(&mut self.rng, self.set, prev, g.get(i).copied());
                g.insert(i, m);
                g.pop();
            }
            1 => {
                g.remove(i);
                let m = random_move(&mut self.rng, self.set, g.last().copied(), None);
                g.push(m);
            }
            _ => {
                let (prev, next) = around(&g, i);
                g[i] = random_move(&mut self.rng, self.set, prev, next);
            }
        }
        let same = common_prefix(&g, &self.current.genes);
        Candidate::derive(
            &self.ladder,
            &self.start,
            self.phase,
            Some(&self.current),
            g,
            same,
        )
    }

    /// The current temperature.
    pub fn temperature(&self) -> f64 {
        self.cooling.temperature()
    }

    /// After `length` changed during the run: the current sequence cut, or
    /// filled with random moves. Draws nothing at the length.
    fn fit_length(&mut self) {
        let k = self.p.length;
        if self.current.genes.len() == k {
            return;
        }
        let mut g = self.current.genes.clone();
        g.truncate(k);
        let same = g.len();
        while g.len() < k {
            let m = random_move(&mut self.rng, self.set, g.last().copied(), None);
            g.push(m);
        }
        self.current = Candidate::derive(
            &self.ladder,
            &self.start,
            self.phase,
            Some(&self.current),
            g,
            same,
        );
        self.record();
    }
}

impl<L: Ladder> PhaseSearch<L> for Sa<L> {
    fn step(&mut self) {
        if self.finished() {
            return;
        }
        self.fit_length();
        let cand = self.neighbour();
        let delta = energy(&cand, self.p.length) - energy(&self.current, self.p.length);
        if self.cooling.accepts(delta, &mut self.rng) {
            self.current = cand;
            self.record();
        }
        self.proposals += 1;
        self.cooling.advance(&self.schedule);
        if self.cooling.frozen(&self.schedule) && self.hit.is_none() {
            // Frozen outside the group: reheat from the best sequence.
            self.restarts += 1;
            self.cooling.restart(&self.schedule);
            let mut g = self.best.genes.clone();
            g.resize_with(self.p.length, || 0);
            for k in self.best.genes.len()..self.p.length {
                g[k] = random_move(
                    &mut self.rng,
                    self.set,
                    k.checked_sub(1).map(|j| g[j]),
                    None,
                );
            }
            self.current = Candidate::new(&self.ladder, &self.start, self.phase, g);
        }
    }

    fn best(&self) -> &Candidate<L> {
        &self.best
    }

    fn current(&self) -> &Candidate<L> {
        &self.current
    }

    fn finished(&self) -> bool {
        self.hit.is_some_and(|h| {
            self.proposals.saturating_sub(h) >= self.p.polish || self.cooling.frozen(&self.schedule)
        })
    }

    fn restarts(&self) -> u64 {
        self.restarts
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        knobs::values(&self.p, self.phase)
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        knobs::set(&mut self.p, self.phase, key, value)?;
        // A shorter level ends by the new length; the temperature stays.
        self.schedule = self.p.schedule();
        self.cooling.retune(&self.schedule, 0);
        Ok(())
    }
}

impl Knobs for SaPhase {
    fn check(&self, n: usize) -> Result<(), SolveError> {
        self.validate(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anneal::SaParams;

    #[test]
    fn a_phases_schedule_keys_are_the_annealers() {
        let phase = SaPhase {
            length: 10,
            t0: 2.0,
            alpha: 0.9,
            per_temperature: 50,
            t_min: 0.1,
            polish: 0,
        };
        let ours = phase.declare("phase3.");
        let annealer = SaParams::default().declare("");
        for key in ["t0", "alpha", "per_temperature", "t_min"] {
            let p = ours.iter().find(|s| s.key == format!("phase3.{key}"));
            let a = annealer.iter().find(|s| s.key == format!("schedule.{key}"));
            let (p, a) = (p.expect("phase key"), a.expect("annealer key"));
            assert_eq!(
                (&p.kind, p.scale, p.live, p.meaning),
                (&a.kind, a.scale, a.live, a.meaning),
                "{key}"
            );
        }
        let numbers: Vec<(String, f64)> = phase.numbers();
        assert_eq!(
            numbers[1..5],
            [
                ("t0".to_string(), 2.0),
                ("alpha".to_string(), 0.9),
                ("per_temperature".to_string(), 50.0),
                ("t_min".to_string(), 0.1),
            ]
        );
        let mut p = phase.clone();
        assert!(p.set_number("per_temperature", 70.0) && p.per_temperature == 70);
        assert!(p.set_number("t0", 3.0) && p.t0 == 3.0);
    }
}
