//! What the phase searches share: a scored candidate sequence and the stepping
//! interface the phase driver runs.

use super::seq::{Score, score_and_state};
use crate::cube::CubieCube;

/// A move sequence of one phase and its score from the phase's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The genes (face turns of the phase's move set).
    pub genes: Vec<u8>,
    /// Best-prefix score of `genes`.
    pub score: Score,
    /// The state after the prefix that counts.
    pub end: CubieCube,
}

impl Candidate {
    /// Scores `genes` from `start` in `phase`.
    pub fn new(start: &CubieCube, phase: usize, genes: Vec<u8>) -> Candidate {
        let (score, end) = score_and_state(start, phase, &genes);
        Candidate { genes, score, end }
    }

    /// The empty sequence (the phase's start state).
    pub fn empty(start: &CubieCube, phase: usize) -> Candidate {
        Candidate::new(start, phase, Vec::new())
    }

    /// The prefix that counts.
    pub fn useful(&self) -> &[u8] {
        &self.genes[..self.score.used]
    }
}

/// A metaheuristic searching one phase, one elementary step (a generation or
/// a proposal) at a time.
pub trait PhaseSearch: Send {
    /// One elementary step; does nothing once finished.
    fn step(&mut self);
    /// The best sequence found so far.
    fn best(&self) -> &Candidate;
    /// The sequence the search is looking at now (the population's best, or
    /// the annealer's current state).
    fn current(&self) -> &Candidate;
    /// Whether the best sequence reaches the phase's group and the search has
    /// finished shortening it.
    fn finished(&self) -> bool;
    /// How many times the search started afresh.
    fn restarts(&self) -> u64;
}
