//! The evolution strategy of El-Sourani, Hauke and Borschbach (EvoApplications
//! 2010) for one phase: a (μ + λ) population of move sequences from the
//! phase's move set; each child is a uniformly drawn parent changed by one to
//! `mutations` random operations (insert, delete or replace a move, or append
//! a few); selection by phase fitness, then length, duplicates dropped. After
//! `stagnation` generations without a better sequence the population is drawn
//! afresh; once inside the target group the search spends `polish` more
//! generations shortening.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use super::knobs::{self, Knobs};
use super::ladder::Ladder;
use super::population::{Evolution, Operators, Population, PopulationSizes};
use super::search::{Candidate, common_prefix};
use super::seq::{merge_same_face, random_move};
use crate::api::SolveError;
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;

declare_params! {
    /// Parameters of one phase of `phases-es`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct EsPhase {
        /// Parents kept each generation (μ).
        parents: usize => int(1, 10_000, Log), Yes, "parents kept each generation (μ)",
        /// Children made each generation (λ).
        offspring: usize => int(1, 10_000, Log), Yes, "children made each generation (λ)",
        /// Length of the random sequences a population starts from.
        init_length: usize => int(1, 200, Linear), Yes,
            "length of the random sequences a population starts from (at most max_length)",
        /// Longest sequence kept.
        max_length: usize => int(1, 200, Linear), Yes, "longest sequence kept",
        /// Most mutation operations applied to one child.
        mutations: usize => int(1, 20, Linear), Yes, "most mutation operations on one child",
        /// Most moves one append operation adds.
        block: usize => int(1, 20, Linear), Yes, "most moves one append operation adds",
        /// Generations spent shortening once a sequence reaches the group.
        polish: u64 => int(0, i64::MAX, Linear), Yes,
            "generations spent shortening once a sequence reaches the group",
        /// Generations without a better sequence before the population restarts.
        stagnation: u64 => int(1, i64::MAX, Log), Yes,
            "generations without a better sequence before the population restarts",
    }
}

impl EsPhase {
    /// Checks the phase's parameters; `n` names the phase in messages.
    pub fn validate(&self, n: usize) -> Result<(), SolveError> {
        knobs::ranges(self, n)?;
        if self.init_length > self.max_length {
            return Err(SolveError::Parameter(format!(
                "phase{n}.init_length ({}) must be at most max_length ({})",
                self.init_length, self.max_length
            )));
        }
        Ok(())
    }
}

/// The declaration of one phase's parameters, keys prefixed with `p`
/// (`phase1.`), defaults from `d`.
pub fn params(p: &str, d: &EsPhase) -> Vec<ParamSpec> {
    d.declare(p)
}

/// `phases-es`'s search of one phase, on ladder `L`.
pub type Es<L> = Evolution<EsPhase, L>;

/// A mutated copy of `parent`'s useful prefix.
fn child<L: Ladder>(p: &EsPhase, s: &mut Population<L>, parent: usize) -> Candidate<L> {
    let src = &s.pop[parent];
    let mut g = src.genes[..src.score.used].to_vec();
    let ops = s.rng.random_range(1..=p.mutations);
    for _ in 0..ops {
        let len = g.len();
        let op = if len == 0 {
            3
        } else {
            s.rng.random_range(0..4u8)
        };
        match op {
            0 => {
                let i = s.rng.random_range(0..=len);
                let m = random_move(
                    &mut s.rng,
                    s.set,
                    i.checked_sub(1).map(|j| g[j]),
                    g.get(i).copied(),
                );
                g.insert(i, m);
            }
            1 => {
                let i = s.rng.random_range(0..len);
                g.remove(i);
            }
            2 => {
                let i = s.rng.random_range(0..len);
                let prev = i.checked_sub(1).map(|j| g[j]);
                g[i] = random_move(&mut s.rng, s.set, prev, g.get(i + 1).copied());
            }
            _ => {
                let k = s.rng.random_range(1..=p.block);
                for _ in 0..k {
                    let m = random_move(&mut s.rng, s.set, g.last().copied(), None);
                    g.push(m);
                }
            }
        }
    }
    merge_same_face(&mut g);
    g.truncate(p.max_length);
    let parent = &s.pop[parent];
    let same = common_prefix(&g, &parent.genes);
    Candidate::derive(&s.ladder, &s.start, s.phase, Some(parent), g, same)
}

impl Operators for EsPhase {
    fn sizes(&self) -> PopulationSizes {
        PopulationSizes {
            size: self.parents,
            init_length: self.init_length,
            polish: self.polish,
            stagnation: self.stagnation,
        }
    }

    fn next_generation<L: Ladder>(&self, s: &mut Population<L>) -> Vec<Candidate<L>> {
        let mut next: Vec<Candidate<L>> = Vec::with_capacity(self.parents + self.offspring);
        for _ in 0..self.offspring {
            let parent = s.rng.random_range(0..s.pop.len());
            next.push(child(self, s, parent));
        }
        next.append(&mut s.pop);
        // One candidate per end state: the best-scored.
        next.sort_by_cached_key(|c| (s.ladder.key(&c.end), c.score));
        next.dedup_by_key(|c| s.ladder.key(&c.end));
        next.sort_by_key(|c| c.score);
        next.truncate(self.parents);
        next
    }
}

impl Knobs for EsPhase {
    fn check(&self, n: usize) -> Result<(), SolveError> {
        self.validate(n)
    }
}
