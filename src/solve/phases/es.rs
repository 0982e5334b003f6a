//! The evolution strategy of El-Sourani, Hauke and Borschbach (EvoApplications
//! 2010) for one phase: a (μ + λ) population of move sequences from the
//! phase's move set; each child is a uniformly drawn parent changed by one to
//! `mutations` random operations (insert, delete or replace a move, or append
//! a few); selection by phase fitness, then length, duplicates dropped. After
//! `stagnation` generations without a better sequence the population is drawn
//! afresh; once inside the target group the search spends `polish` more
//! generations shortening.

use rand::RngExt;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::cubie::pack;
use super::search::{Candidate, PhaseSearch, common_prefix};
use super::seq::{merge_same_face, random_move, random_moves};
use crate::cube::CubieCube;
use crate::solve::SolveError;
use crate::solve::chromosome::seeded_rng;

/// Parameters of one phase of `phases-es`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EsPhase {
    /// Parents kept each generation (μ).
    pub parents: usize,
    /// Children made each generation (λ).
    pub offspring: usize,
    /// Length of the random sequences a population starts from.
    pub init_length: usize,
    /// Longest sequence kept.
    pub max_length: usize,
    /// Most mutation operations applied to one child.
    pub mutations: usize,
    /// Most moves one append operation adds.
    pub block: usize,
    /// Generations spent shortening once a sequence reaches the group.
    pub polish: u64,
    /// Generations without a better sequence before the population restarts.
    pub stagnation: u64,
}

impl EsPhase {
    /// Checks the phase's parameters; `n` names the phase in messages.
    pub fn validate(&self, n: usize) -> Result<(), SolveError> {
        let bad = |m: &str| Err(SolveError::Parameter(format!("phase{n}.{m}")));
        if !(1..=10_000).contains(&self.parents) {
            return bad("parents must be 1..=10000");
        }
        if !(1..=10_000).contains(&self.offspring) {
            return bad("offspring must be 1..=10000");
        }
        if !(1..=200).contains(&self.max_length) || self.init_length > self.max_length {
            return bad("max_length must be 1..=200 and at least init_length");
        }
        if !(1..=20).contains(&self.mutations) {
            return bad("mutations must be 1..=20");
        }
        if !(1..=20).contains(&self.block) {
            return bad("block must be 1..=20");
        }
        if self.stagnation == 0 {
            return bad("stagnation must be at least 1");
        }
        Ok(())
    }
}

/// One phase of the evolution strategy.
pub struct Es {
    p: EsPhase,
    phase: usize,
    set: &'static [u8],
    start: CubieCube,
    rng: Xoshiro256PlusPlus,
    /// Sorted by score, best first.
    pop: Vec<Candidate>,
    best: Candidate,
    generation: u64,
    last_better: u64,
    hit: Option<u64>,
    restarts: u64,
}

impl Es {
    /// A fresh population for `phase` (1..=4) from `start`.
    pub fn new(p: EsPhase, phase: usize, set: &'static [u8], start: CubieCube, seed: u64) -> Es {
        let mut es = Es {
            best: Candidate::empty(&start, phase),
            pop: Vec::new(),
            rng: seeded_rng(seed),
            generation: 0,
            last_better: 0,
            hit: None,
            restarts: 0,
            p,
            phase,
            set,
            start,
        };
        es.populate();
        es
    }

    fn populate(&mut self) {
        let mut pop: Vec<Candidate> = (0..self.p.parents)
            .map(|_| {
                let genes = random_moves(&mut self.rng, self.set, self.p.init_length);
                Candidate::new(&self.start, self.phase, genes)
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

    /// A mutated copy of `parent`'s useful prefix.
    fn child(&mut self, parent: usize) -> Candidate {
        let src = &self.pop[parent];
        let mut g = src.genes[..src.score.used].to_vec();
        let ops = self.rng.random_range(1..=self.p.mutations);
        for _ in 0..ops {
            let len = g.len();
            let op = if len == 0 {
                3
            } else {
                self.rng.random_range(0..4u8)
            };
            match op {
                0 => {
                    let i = self.rng.random_range(0..=len);
                    let m = random_move(
                        &mut self.rng,
                        self.set,
                        i.checked_sub(1).map(|j| g[j]),
                        g.get(i).copied(),
                    );
                    g.insert(i, m);
                }
                1 => {
                    let i = self.rng.random_range(0..len);
                    g.remove(i);
                }
                2 => {
                    let i = self.rng.random_range(0..len);
                    let prev = i.checked_sub(1).map(|j| g[j]);
                    g[i] = random_move(&mut self.rng, self.set, prev, g.get(i + 1).copied());
                }
                _ => {
                    let k = self.rng.random_range(1..=self.p.block);
                    for _ in 0..k {
                        let m = random_move(&mut self.rng, self.set, g.last().copied(), None);
                        g.push(m);
                    }
                }
            }
        }
        merge_same_face(&mut g);
        g.truncate(self.p.max_length);
        let parent = &self.pop[parent];
        let same = common_prefix(&g, &parent.genes);
        Candidate::derive(&self.start, self.phase, Some(parent), g, same)
    }
}

impl PhaseSearch for Es {
    fn step(&mut self) {
        if self.finished() {
            return;
        }
        let mut next: Vec<Candidate> = Vec::with_capacity(self.p.parents + self.p.offspring);
        for _ in 0..self.p.offspring {
            let parent = self.rng.random_range(0..self.pop.len());
            next.push(self.child(parent));
        }
        next.append(&mut self.pop);
        // One candidate per end state: the best-scored.
        next.sort_by_cached_key(|c| (pack(&c.end), c.score));
        next.dedup_by_key(|c| pack(&c.end));
        next.sort_by_key(|c| c.score);
        next.truncate(self.p.parents);
        self.pop = next;
        self.generation += 1;
        self.record();
        if self.hit.is_none() && self.generation - self.last_better >= self.p.stagnation {
            self.restarts += 1;
            self.last_better = self.generation;
            self.populate();
        }
    }

    fn best(&self) -> &Candidate {
        &self.best
    }

    fn current(&self) -> &Candidate {
        self.pop.first().unwrap_or(&self.best)
    }

    fn finished(&self) -> bool {
        self.hit
            .is_some_and(|h| self.generation.saturating_sub(h) >= self.p.polish)
    }

    fn restarts(&self) -> u64 {
        self.restarts
    }
}
