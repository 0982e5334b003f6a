//! What the population searches (`phases-es`, `phases-ga`) share: the
//! population bookkeeping (best so far, hit, stagnation restarts, polish) and
//! the [`PhaseSearch`] plumbing. Each search supplies only its operators
//! ([`Operators`]).

use rand_xoshiro::Xoshiro256PlusPlus;

use super::knobs::{self, Knobs};
use super::ladder::Ladder;
use super::search::{Candidate, PhaseSearch};
use super::seq::random_moves;
use crate::api::SolveError;
use crate::chromosome::seeded_rng;
use crate::popstats::PopStats;

/// The sizes a population search's bookkeeping needs.
#[derive(Clone, Copy, Debug)]
pub struct PopulationSizes {
    /// Sequences in a fresh population.
    pub size: usize,
    /// Length of the random sequences a population starts from.
    pub init_length: usize,
    /// Generations spent shortening once a sequence reaches the group.
    pub polish: u64,
    /// Generations without a better sequence before the population restarts.
    pub stagnation: u64,
}

/// The operators of one population search, and its [`PopulationSizes`].
pub trait Operators: Send {
    /// The search's sizes.
    fn sizes(&self) -> PopulationSizes;
    /// The next generation from `pop`, sorted by score, best first.
    fn next_generation<L: Ladder>(&self, pop: &mut Population<L>) -> Vec<Candidate<L>>;
    /// Brings `pop` in line with parameters changed during the run (its
    /// size, its sequences' length) before a generation, sorted again;
    /// whether it changed anything. Draws nothing when nothing changed.
    fn adjust<L: Ladder>(&self, pop: &mut Population<L>) -> bool {
        let _ = pop;
        false
    }
}

/// A population of one phase of ladder `L`, sorted by score, with its
/// search state.
pub struct Population<L: Ladder> {
    /// The ladder climbed.
    pub ladder: L,
    /// The phase searched (1..=the ladder's phases).
    pub phase: usize,
    /// The phase's move set.
    pub set: &'static [u8],
    /// The phase's start state.
    pub start: L::State,
    /// The search's random source.
    pub rng: Xoshiro256PlusPlus,
    /// Sorted by score, best first.
    pub pop: Vec<Candidate<L>>,
    best: Candidate<L>,
    generation: u64,
    last_better: u64,
    hit: Option<u64>,
    restarts: u64,
}

impl<L: Ladder> Population<L> {
    /// Replaces the population with `size` random sequences of `length` moves.
    fn populate(&mut self, size: usize, length: usize) {
        let mut pop: Vec<Candidate<L>> = (0..size)
            .map(|_| {
                let genes = random_moves(&mut self.rng, self.set, length);
                Candidate::new(&self.ladder, &self.start, self.phase, genes)
            })
            .collect();
        pop.sort_by_key(|c| c.score);
        self.pop = pop;
        self.record();
    }

    fn record(&mut self) {
        if let Some(top) = self.pop.first()
            && top.score < self.best.score
        {
            self.best = top.clone();
            self.last_better = self.generation;
            if top.score.wrong == 0 && self.hit.is_none() {
                self.hit = Some(self.generation);
            }
        }
    }
}

/// A population search of one phase of ladder `L`: [`Population`] driven
/// by operators `O`.
pub struct Evolution<O, L: Ladder> {
    ops: O,
    state: Population<L>,
}

impl<O: Operators, L: Ladder> Evolution<O, L> {
    /// A fresh population for `ladder`'s `phase` (its moves) from `start`.
    pub fn new(ops: O, ladder: &L, phase: usize, start: L::State, seed: u64) -> Evolution<O, L> {
        let mut state = Population {
            best: Candidate::empty(ladder, &start, phase),
            ladder: ladder.clone(),
            set: ladder.moves(phase - 1),
            pop: Vec::new(),
            rng: seeded_rng(seed),
            generation: 0,
            last_better: 0,
            hit: None,
            restarts: 0,
            phase,
            start,
        };
        let b = ops.sizes();
        state.populate(b.size, b.init_length);
        Evolution { ops, state }
    }

    /// The population now, sorted by score, best first.
    pub fn population(&self) -> &[Candidate<L>] {
        &self.state.pop
    }
}

impl<O: Operators + Knobs, L: Ladder> PhaseSearch<L> for Evolution<O, L> {
    fn step(&mut self) {
        if self.finished() {
            return;
        }
        if self.ops.adjust(&mut self.state) {
            self.state.record();
        }
        let next = self.ops.next_generation(&mut self.state);
        let b = self.ops.sizes();
        let s = &mut self.state;
        s.pop = next;
        s.generation += 1;
        s.record();
        if s.hit.is_none() && s.generation - s.last_better >= b.stagnation {
            s.restarts += 1;
            s.last_better = s.generation;
            s.populate(b.size, b.init_length);
        }
    }

    fn best(&self) -> &Candidate<L> {
        &self.state.best
    }

    fn current(&self) -> &Candidate<L> {
        self.state.pop.first().unwrap_or(&self.state.best)
    }

    fn finished(&self) -> bool {
        self.state
            .hit
            .is_some_and(|h| self.state.generation.saturating_sub(h) >= self.ops.sizes().polish)
    }

    fn restarts(&self) -> u64 {
        self.state.restarts
    }

    fn population(&self) -> Option<PopStats> {
        let pop = &self.state.pop;
        let fitness = pop.iter().map(|c| f64::from(c.score.wrong));
        Some(PopStats::of(fitness, pop, Candidate::useful))
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        knobs::values(&self.ops, self.state.phase)
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        knobs::set(&mut self.ops, self.state.phase, key, value)
    }
}
