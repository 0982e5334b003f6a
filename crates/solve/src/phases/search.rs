//! What the phase searches share: a scored candidate sequence and the stepping
//! interface the phase driver runs, both over any [`Ladder`].

use super::ladder::Ladder;
use super::seq::Score;
use crate::api::SolveError;
use crate::popstats::PopStats;

/// A move sequence of one phase and its score from the phase's start.
#[derive(Clone, Debug)]
pub struct Candidate<L: Ladder> {
    /// The genes (face turns of the phase's move set).
    pub genes: Vec<u8>,
    /// Best-prefix score of `genes`.
    pub score: Score,
    /// The state after the prefix that counts.
    pub end: L::State,
    /// State and phase fitness after each gene, up to the first that reaches
    /// the group (children reuse a parent's for their common prefix).
    trace: Vec<(L::State, u32)>,
}

impl<L: Ladder> Candidate<L> {
    /// Scores `genes` from `start` in `phase` of `ladder`.
    pub fn new(ladder: &L, start: &L::State, phase: usize, genes: Vec<u8>) -> Candidate<L> {
        Candidate::derive(ladder, start, phase, None, genes, 0)
    }

    /// Scores `genes`, whose first `same` genes are `parent`'s, reusing the
    /// parent's states for them. Gives the same result as [`Candidate::new`].
    pub fn derive(
        ladder: &L,
        start: &L::State,
        phase: usize,
        parent: Option<&Candidate<L>>,
        genes: Vec<u8>,
        same: usize,
    ) -> Candidate<L> {
        let mut trace: Vec<(L::State, u32)> = Vec::with_capacity(genes.len());
        if let Some(p) = parent {
            let same = same.min(p.trace.len()).min(genes.len());
            trace.extend_from_slice(&p.trace[..same]);
        }
        let start_wrong = ladder.fitness(phase, start);
        if !trace.iter().any(|&(_, w)| w == 0) && start_wrong > 0 {
            let mut c = trace.last().map_or(*start, |t| t.0);
            for &g in &genes[trace.len()..] {
                c = ladder.turn(&c, g);
                let w = ladder.fitness(phase, &c);
                trace.push((c, w));
                if w == 0 {
                    break;
                }
            }
        }
        let mut score = Score {
            wrong: start_wrong,
            used: 0,
        };
        let mut end = *start;
        for (i, &(c, w)) in trace.iter().enumerate() {
            if w < score.wrong {
                score = Score {
                    wrong: w,
                    used: i + 1,
                };
                end = c;
            }
        }
        Candidate {
            genes,
            score,
            end,
            trace,
        }
    }

    /// The empty sequence (the phase's start state).
    pub fn empty(ladder: &L, start: &L::State, phase: usize) -> Candidate<L> {
        Candidate::new(ladder, start, phase, Vec::new())
    }

    /// The prefix that counts.
    pub fn useful(&self) -> &[u8] {
        &self.genes[..self.score.used]
    }
}

impl<L: Ladder> PartialEq for Candidate<L> {
    fn eq(&self, other: &Self) -> bool {
        self.genes == other.genes
            && self.score == other.score
            && self.end == other.end
            && self.trace == other.trace
    }
}

impl<L: Ladder> Eq for Candidate<L> {}

/// How many leading genes `a` and `b` share.
pub fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A metaheuristic searching one phase, one elementary step (a generation or
/// a proposal) at a time.
pub trait PhaseSearch<L: Ladder>: Send {
    /// One elementary step; does nothing once finished.
    fn step(&mut self);
    /// The best sequence found so far.
    fn best(&self) -> &Candidate<L>;
    /// The sequence the search is looking at now (the population's best, or
    /// the annealer's current state).
    fn current(&self) -> &Candidate<L>;
    /// Whether the best sequence reaches the phase's group and the search has
    /// finished shortening it.
    fn finished(&self) -> bool;
    /// How many times the search started afresh.
    fn restarts(&self) -> u64;
    /// The population's statistics, for a search with a population.
    fn population(&self) -> Option<PopStats> {
        None
    }
    /// The current values of this phase's live parameters, keys as declared
    /// (`phase2.mutation_rate`).
    fn live_values(&self) -> Vec<(String, f64)> {
        Vec::new()
    }
    /// Changes a live parameter of this phase; it applies from the next step.
    ///
    /// # Errors
    /// A key this phase does not declare live, or a value outside its range
    /// or breaking a rule between the phase's keys.
    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let _ = value;
        Err(SolveError::Parameter(format!(
            "`{key}` cannot change during a run"
        )))
    }
}
