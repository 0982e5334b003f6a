//! The paper 000/002 face-turn annealer for one phase: the cube
//! annealer's one loop (`Chain::run` in `anneal/chain.rs`: Metropolis acceptance under a
//! geometric schedule, T ← alpha·T every `per_temperature` proposals, from
//! `t0`, frozen below `t_min`) over a phase problem, each phase with its
//! own schedule (the keys declared once in `anneal`'s schedule). This file
//! holds what a phase is: the state is a move sequence of the phase's move
//! set, fixed length `length`, judged by its best prefix; a proposal
//! replaces, inserts or deletes one face turn. Energy = phase fitness +
//! used length / (length + 1), so fitness comes first and length second
//! (a fractional change, judged by the exact Metropolis rule). The
//! problem's policy when the schedule freezes: outside the group it
//! reheats from its best sequence; once inside, `polish` more proposals
//! shorten it, and the phase ends when they are made or the schedule
//! freezes.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::knobs::{self, Knobs};
use super::ladder::Ladder;
use super::search::{Candidate, PhaseSearch, common_prefix};
use super::seq::{random_move, random_moves};
use crate::anneal::{ALPHA_KEY, Chain, PER_TEMPERATURE_KEY, Problem, Schedule, T_MIN_KEY, T0_KEY};
use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;
use cubetui_cube::random::CubeRng;

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

/// One phase of the annealer, on ladder `L`: the one loop over the
/// phase's sequence.
pub struct Sa<L: Ladder> {
    walk: Walk<L>,
    /// The random numbers, proposals made and the temperature.
    chain: Chain,
    /// The phase's schedule (rebuilt when a live key changes).
    schedule: Schedule,
}

/// The phase problem the loop anneals: a fixed-length sequence of the
/// phase's moves, the best one so far, and when the group was first
/// reached.
struct Walk<L: Ladder> {
    p: SaPhase,
    ladder: L,
    phase: usize,
    set: &'static [u8],
    start: L::State,
    current: Candidate<L>,
    best: Candidate<L>,
    /// Proposals made (as the loop counts them).
    proposals: u64,
    /// The proposal whose sequence first reached the group.
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
        let schedule = p.schedule();
        // A geometric schedule has no step budget.
        let mut chain = Chain::new(seed, &schedule, 0);
        let set = ladder.moves(phase - 1);
        let genes = random_moves(&mut chain.rng, set, p.length);
        let current = Candidate::new(ladder, &start, phase, genes);
        let mut walk = Walk {
            best: Candidate::empty(ladder, &start, phase),
            ladder: ladder.clone(),
            proposals: 0,
            hit: None,
            restarts: 0,
            current,
            p,
            phase,
            set,
            start,
        };
        walk.record();
        Sa {
            walk,
            chain,
            schedule,
        }
    }

    /// The current temperature.
    pub fn temperature(&self) -> f64 {
        self.chain.cooling.temperature()
    }
}

impl<L: Ladder> Walk<L> {
    /// Keeps the current sequence as the best when it scores better.
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
    fn neighbour(&self, rng: &mut CubeRng) -> Candidate<L> {
        let mut g = self.current.genes.clone();
        let len = g.len();
        let i = rng.random_range(0..len);
        let around = |g: &[u8], i: usize| (i.checked_sub(1).map(|j| g[j]), g.get(i + 1).copied());
        match rng.random_range(0..4u8) {
            0 => {
                let (prev, _) = around(&g, i);
                let m = random_move(rng, self.set, prev, g.get(i).copied());
                g.insert(i, m);
                g.pop();
            }
            1 => {
                g.remove(i);
                let m = random_move(rng, self.set, g.last().copied(), None);
                g.push(m);
            }
            _ => {
                let (prev, next) = around(&g, i);
                g[i] = random_move(rng, self.set, prev, next);
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

    /// After `length` changed during the run: the current sequence cut, or
    /// filled with random moves. Draws nothing at the length.
    fn fit_length(&mut self, rng: &mut CubeRng) {
        let k = self.p.length;
        if self.current.genes.len() == k {
            return;
        }
        let mut g = self.current.genes.clone();
        g.truncate(k);
        let same = g.len();
        while g.len() < k {
            let m = random_move(rng, self.set, g.last().copied(), None);
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

    /// Whether the `polish` proposals after reaching the group are made.
    fn polished(&self) -> bool {
        self.hit
            .is_some_and(|h| self.proposals.saturating_sub(h) >= self.p.polish)
    }
}

impl<L: Ladder> Problem for Walk<L> {
    type Delta = f64;
    type Move = Candidate<L>;

    fn running(&self) -> bool {
        !self.polished()
    }

    fn propose(&mut self, rng: &mut CubeRng) -> (f64, Candidate<L>) {
        let cand = self.neighbour(rng);
        let delta = energy(&cand, self.p.length) - energy(&self.current, self.p.length);
        (delta, cand)
    }

    fn settle(&mut self, cand: Candidate<L>, accepted: bool, iteration: u64) {
        self.proposals = iteration;
        if accepted {
            self.current = cand;
            self.record();
        }
        self.proposals = iteration + 1;
    }

    /// Frozen outside the group: reheat from the best sequence (filled to
    /// `length` with random moves). Inside it: the phase ends.
    fn frozen(&mut self, rng: &mut CubeRng) -> bool {
        if self.hit.is_some() {
            return false;
        }
        self.restarts += 1;
        let mut g = self.best.genes.clone();
        g.resize_with(self.p.length, || 0);
        for k in self.best.genes.len()..self.p.length {
            g[k] = random_move(rng, self.set, k.checked_sub(1).map(|j| g[j]), None);
        }
        self.current = Candidate::new(&self.ladder, &self.start, self.phase, g);
        true
    }
}

impl<L: Ladder> PhaseSearch<L> for Sa<L> {
    /// One proposal of the one loop (after a live `length` change, the
    /// sequence fitted first).
    fn step(&mut self) {
        if self.finished() {
            return;
        }
        self.walk.fit_length(&mut self.chain.rng);
        let limit = self.chain.iteration + 1;
        self.chain.run(&self.schedule, &mut self.walk, limit);
    }

    fn best(&self) -> &Candidate<L> {
        &self.walk.best
    }

    fn current(&self) -> &Candidate<L> {
        &self.walk.current
    }

    fn finished(&self) -> bool {
        self.walk.polished()
            || (self.walk.hit.is_some() && self.chain.cooling.frozen(&self.schedule))
    }

    fn restarts(&self) -> u64 {
        self.walk.restarts
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        knobs::values(&self.walk.p, self.walk.phase)
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        knobs::set(&mut self.walk.p, self.walk.phase, key, value)?;
        // A shorter level ends by the new length; the temperature stays.
        self.schedule = self.walk.p.schedule();
        self.chain.cooling.retune(&self.schedule, 0);
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

    #[test]
    fn a_phase_frozen_by_a_live_t_min_reheats_at_its_next_step() {
        use super::super::ladder::Thistlethwaite;
        let start = cubetui_cube::Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        let (ladder, upright) = Thistlethwaite::for_start(&start).unwrap();
        let phase = SaPhase {
            length: 12,
            t0: 2.0,
            alpha: 0.5,
            per_temperature: 10,
            t_min: 0.1,
            polish: 0,
        };
        let mut sa = Sa::new(phase, &ladder, 1, upright, 5);
        for _ in 0..10 {
            sa.step();
        }
        assert_eq!(sa.temperature(), 1.0, "one level cooled");
        assert!(sa.best().score.wrong > 0, "still outside G1");
        // Above the temperature now, at most t0: frozen before the next
        // proposal, outside the group.
        sa.set_param("phase1.t_min", 1.5).unwrap();
        sa.step();
        assert_eq!(sa.restarts(), 1, "reheated, not stuck");
        assert_eq!(sa.temperature(), 2.0);
        assert!(!sa.finished());
    }
}
