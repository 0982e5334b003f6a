//! One phase of the 2×2 phase annealer: the `phases-sa` idea (a move
//! sequence of fixed length judged by its best prefix; a proposal replaces,
//! inserts or deletes one turn; Metropolis acceptance under geometric
//! cooling; energy = phase fitness + used length / (length + 1)) on the 2×2's
//! stickers. Once the best sequence reaches the target group, `polish` more
//! proposals shorten it (a frozen run reheats from its best); a run that
//! freezes outside the group has failed (the caller starts afresh).

use rand::RngExt;

use crate::cube::random::CubeRng;
use crate::solve::phases::sa::SaPhase;
use crate::solve::phases::seq::{random_move, random_moves};

use super::kit::{Goal, Kit, State};

/// A sequence and how it does: the lowest fitness over its prefixes and the
/// shortest prefix reaching it.
#[derive(Clone, Debug)]
struct Candidate {
    genes: Vec<u8>,
    wrong: u32,
    used: usize,
}

impl Candidate {
    fn new(kit: &Kit, goal: Goal, start: &State, genes: Vec<u8>) -> Candidate {
        let (wrong, used) = kit.best_prefix(goal, start, &genes);
        Candidate { genes, wrong, used }
    }

    fn energy(&self, length: usize) -> f64 {
        f64::from(self.wrong) + self.used as f64 / (length as f64 + 1.0)
    }

    /// Fitness first, then length.
    fn key(&self) -> (u32, usize) {
        (self.wrong, self.used)
    }
}

/// The annealer of one phase from one start.
pub struct Phase {
    p: SaPhase,
    goal: Goal,
    set: &'static [u8],
    start: State,
    current: Candidate,
    best: Candidate,
    temperature: f64,
    level_left: u64,
    /// Proposals left to shorten, once the best reaches the group.
    polish_left: Option<u64>,
    /// Frozen outside the group.
    failed: bool,
}

impl Phase {
    /// A random sequence of `set`'s moves towards `goal` from `start`.
    pub fn new(
        p: &SaPhase,
        goal: Goal,
        set: &'static [u8],
        kit: &Kit,
        start: State,
        rng: &mut CubeRng,
    ) -> Phase {
        let current = Candidate::new(kit, goal, &start, random_moves(rng, set, p.length));
        let best = current.clone();
        let mut phase = Phase {
            temperature: p.t0,
            level_left: p.per_temperature,
            polish_left: None,
            failed: false,
            p: p.clone(),
            goal,
            set,
            start,
            current,
            best,
        };
        phase.note_hit();
        phase
    }

    fn note_hit(&mut self) {
        if self.best.wrong == 0 && self.polish_left.is_none() {
            self.polish_left = Some(self.p.polish);
        }
    }

    /// Whether the phase is done: inside the group and polished.
    pub fn done(&self) -> bool {
        self.polish_left == Some(0)
    }

    /// Whether the run froze outside the group (it proposes nothing more).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The best sequence's prefix that counts (inside the group once
    /// [`Phase::done`]).
    pub fn best(&self) -> &[u8] {
        &self.best.genes[..self.best.used]
    }

    /// The current sequence with one turn replaced, inserted or deleted (the
    /// length stays: an insertion drops the last move, a deletion appends one).
    fn neighbour(&self, rng: &mut CubeRng) -> Vec<u8> {
        let mut g = self.current.genes.clone();
        let i = rng.random_range(0..g.len());
        let prev = i.checked_sub(1).map(|j| g[j]);
        match rng.random_range(0..4u8) {
            0 => {
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
                g[i] = random_move(rng, self.set, prev, g.get(i + 1).copied());
            }
        }
        g
    }

    /// One proposal (none once failed).
    pub fn propose(&mut self, kit: &Kit, rng: &mut CubeRng) {
        if self.failed {
            return;
        }
        let genes = self.neighbour(rng);
        let next = Candidate::new(kit, self.goal, &self.start, genes);
        let length = self.p.length;
        let delta = next.energy(length) - self.current.energy(length);
        if delta <= 0.0 || rng.random::<f64>() < (-delta / self.temperature).exp() {
            self.current = next;
            if self.current.key() < self.best.key() {
                self.best = self.current.clone();
                self.note_hit();
            }
        }
        if let Some(left) = &mut self.polish_left {
            *left = left.saturating_sub(1);
        }
        self.level_left = self.level_left.saturating_sub(1);
        if self.level_left == 0 {
            self.level_left = self.p.per_temperature;
            self.temperature *= self.p.alpha;
            if self.temperature < self.p.t_min {
                // Frozen: reheat from the best sequence, inside the group;
                // outside, give up.
                self.failed = self.polish_left.is_none();
                self.temperature = self.p.t0;
                self.current = self.best.clone();
            }
        }
    }
}
