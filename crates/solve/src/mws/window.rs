//! The moving window (Steitz, Golle, Rothlauf 2009): a fixed-length random
//! turn sequence; a window of `w` turns is improved at each position, judged
//! on every prefix, then slides one turn, fixing the turn it leaves behind.

use crate::declare::declare_params;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::pieces::{Block, pieces};
use crate::chromosome::{GENES, face_of, gene_perms};
use cubetui_cube::Cube;

/// How the window's turns are improved at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Improvement {
    /// The seed's rule: mutate the window `trials` times, keep the best.
    Mutate,
    /// Try every canonical window (no two turns of one face in a row, opposite
    /// faces in one order) and keep the best, ties broken at random.
    Exhaustive,
}

/// Upper bound on trials x window for `search = "mutate"`: one window move,
/// the elementary step, evaluates up to that many turns in each of twelve runs.
pub const MAX_TRIAL_TURNS: usize = 10_000;

declare_params! {
    /// Settings of one phase of the moving window.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct WindowParams {
        /// Turns in the sequence (l); the phase restarts when they are all fixed.
        length: usize => int(1, 10_000, Log), No,
            "turns in the sequence (at least window); the phase restarts when all are fixed",
        /// Turns in the window (w).
        window: usize => int(1, 16, Linear), Yes,
            "turns in the moving window (live: from each run's next window move)",
        /// Mutations tried at each position (`mutate` only).
        trials: usize => int(1, MAX_TRIAL_TURNS as i64, Log), Yes,
            "mutations tried at each position (mutate; trials × window at most 10000)",
        /// How the window's turns are improved at each position.
        search: Improvement => choice(&["mutate", "exhaustive"]), No,
            "mutate the window `trials` times, or try every canonical window",
    }
}

/// A phase's objective: higher is better, `goal` when the phase is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Phase 1: `pairs` on the block.
    Block,
    /// Phase 2: block pairs, edges oriented for the free faces, corners in the
    /// free faces' arrangements.
    TwoGen,
    /// Phase 3: adjacent same-coloured pairs outside the block (the unsolved part).
    Finish,
}

impl Objective {
    pub fn goal(self) -> u32 {
        match self {
            Objective::Block => 22,
            Objective::TwoGen => 22 * 4 + 12 * 2 + 1,
            Objective::Finish => 50,
        }
    }

    #[inline]
    pub fn score(self, block: &Block, cube: &Cube) -> u32 {
        match self {
            Objective::Block => block.pairs(cube),
            Objective::TwoGen => {
                let pairs = block.pairs(cube);
                let Some(p) = pieces(cube) else { return 0 };
                let good = block.good_edges(&p);
                let corners = pairs == 22 && good == 12 && block.corners_ok(&p);
                4 * pairs + 2 * good + u32::from(corners)
            }
            Objective::Finish => block.rest_pairs(cube),
        }
    }
}

/// Whether gene `g` may follow gene `p`: another face, and for opposite faces
/// only the higher face after the lower.
const fn follows(p: u8, g: u8) -> bool {
    let (a, b) = (face_of(p), face_of(g));
    a != b && !(b == (a + 3) % 6 && b < a)
}

/// `FOLLOWS[p][g]`: [`follows`] for every pair of genes.
static FOLLOWS: [[bool; GENES as usize]; GENES as usize] = {
    let mut t = [[false; GENES as usize]; GENES as usize];
    let mut p = 0;
    while p < GENES {
        let mut g = 0;
        while g < GENES {
            t[p as usize][g as usize] = follows(p, g);
            g += 1;
        }
        p += 1;
    }
    t
};

/// Whether `g` may follow `prev`: another face, and for opposite faces only
/// the higher face after the lower.
#[inline]
pub fn may_follow(prev: Option<u8>, g: u8) -> bool {
    match prev {
        None => true,
        Some(p) => FOLLOWS[p as usize % GENES as usize][g as usize % GENES as usize],
    }
}

/// The best non-empty prefix of `genes` from `state`: (score, length).
/// Higher score wins, then the shorter prefix.
pub fn best_prefix(obj: Objective, block: &Block, state: &Cube, genes: &[u8]) -> (u32, usize) {
    let perms = gene_perms();
    let mut c = *state;
    let mut best = (0, 0);
    for (i, &g) in genes.iter().enumerate() {
        c.apply_perm(&perms[g as usize]);
        let s = obj.score(block, &c);
        if s > best.0 || best.1 == 0 {
            best = (s, i + 1);
        }
        if s == obj.goal() {
            break;
        }
    }
    best
}

/// A random canonical gene from `moves` that may follow `prev` and precede `next`.
pub fn random_gene(rng: &mut impl Rng, moves: &[u8], prev: Option<u8>, next: Option<u8>) -> u8 {
    let fits = |g: u8| may_follow(prev, g) && next.is_none_or(|n| may_follow(Some(g), n));
    for _ in 0..64 {
        let g = moves[rng.random_range(0..moves.len())];
        if fits(g) {
            return g;
        }
    }
    // Rare: list the candidates; if nothing fits both neighbours, satisfy the left one.
    let ok: Vec<u8> = moves.iter().copied().filter(|&g| fits(g)).collect();
    if let Some(&g) = ok.choose(rng) {
        return g;
    }
    let left: Vec<u8> = moves
        .iter()
        .copied()
        .filter(|&g| may_follow(prev, g))
        .collect();
    left.choose(rng).copied().unwrap_or(moves[0])
}

/// `n` random canonical genes following `prev`.
pub fn random_sequence(rng: &mut impl Rng, moves: &[u8], prev: Option<u8>, n: usize) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::with_capacity(n);
    for _ in 0..n {
        let p = v.last().copied().or(prev);
        v.push(random_gene(rng, moves, p, None));
    }
    v
}

/// Where a window sits: what judges it and what it may hold.
#[derive(Clone, Copy)]
pub struct Site<'a> {
    /// The phase's objective, scored on `block`.
    pub obj: Objective,
    pub block: &'a Block,
    /// The cube before the window's first turn.
    pub state: &'a Cube,
    /// The gene just before the window, if any.
    pub prev: Option<u8>,
    /// The genes the window may use.
    pub moves: &'a [u8],
}

/// Improves `window` (at `site`) by the seed's mutation rule: `trials` times,
/// change one or two turns and keep the window if its best prefix is no
/// worse. Returns the best prefix of the kept window. The states after each
/// turn of the kept window are cached, so a trial re-applies only the turns
/// from its first change.
pub fn mutate_window(
    rng: &mut impl Rng,
    site: Site<'_>,
    window: &mut [u8],
    trials: usize,
) -> (u32, usize) {
    let Site {
        obj,
        block,
        state,
        prev,
        moves,
    } = site;
    let n = window.len();
    let perms = gene_perms();
    let goal = obj.goal();
    // Scores after each turn of the kept window, and the states before each turn.
    let mut states = vec![*state; n + 1];
    let mut scores = vec![0u32; n];
    let eval_from = |w: &[u8], from: usize, states: &mut [Cube], scores: &mut [u32]| {
        for i in from..w.len() {
            states[i + 1] = states[i].permuted(&perms[w[i] as usize]);
            scores[i] = obj.score(block, &states[i + 1]);
            if scores[i] == goal {
                return i + 1;
            }
        }
        w.len()
    };
    let best_of = |scores: &[u32], upto: usize| {
        let mut best = (scores[0], 1);
        for (i, &s) in scores[..upto].iter().enumerate() {
            if s > best.0 {
                best = (s, i + 1);
            }
        }
        best
    };
    let upto = eval_from(window, 0, &mut states, &mut scores);
    let mut best = best_of(&scores, upto);
    let mut trial = window.to_vec();
    // A trial's states: only those from its first change on are (re)computed
    // and read, so only they are copied back when it is kept.
    let mut t_states = states.clone();
    let mut t_scores = scores.clone();
    for _ in 0..trials {
        if best.0 == goal {
            break;
        }
        trial.copy_from_slice(window);
        let changes = rng.random_range(1..=2.min(n));
        let mut first = n;
        for _ in 0..changes {
            let i = rng.random_range(0..n);
            let p = if i == 0 { prev } else { Some(trial[i - 1]) };
            let next = trial.get(i + 1).copied();
            trial[i] = random_gene(rng, moves, p, next);
            first = first.min(i);
        }
        t_states[first] = states[first];
        t_scores[..first].copy_from_slice(&scores[..first]);
        let upto = eval_from(&trial, first, &mut t_states, &mut t_scores);
        let r = best_of(&t_scores, upto);
        if r.0 > best.0 || (r.0 == best.0 && r.1 <= best.1) {
            best = r;
            window.copy_from_slice(&trial);
            states[first + 1..=upto].copy_from_slice(&t_states[first + 1..=upto]);
            scores[first..upto].copy_from_slice(&t_scores[first..upto]);
        }
    }
    best
}

/// Canonical windows of 1..=`depth` turns over `moves` (following any turn):
/// the number of nodes a full exhaustive search of one window position visits.
pub fn exhaustive_nodes(moves: &[u8], depth: usize) -> u128 {
    // ways[g] = canonical sequences of the current length ending in g.
    let mut ways: Vec<u128> = moves.iter().map(|_| 1).collect();
    let mut total: u128 = ways.iter().sum();
    for _ in 1..depth {
        ways = moves
            .iter()
            .map(|&g| {
                moves
                    .iter()
                    .zip(&ways)
                    .filter(|&(&p, _)| may_follow(Some(p), g))
                    .map(|(_, &w)| w)
                    .sum()
            })
            .collect();
        total += ways.iter().sum::<u128>();
    }
    total
}

/// One level of the exhaustive search: the state reached, the turn that led
/// there, and the index of the next turn to try from it.
struct Frame {
    state: Cube,
    prev: Option<u8>,
    next: usize,
}

/// An exhaustive search over every canonical window of up to `depth` turns
/// from one state, run in slices of a node budget so one call stays short.
/// The best window has the highest score, then the fewest turns, then the
/// first found in a move order shuffled at the start (ties at random).
pub struct Exhaustive {
    obj: Objective,
    order: Vec<u8>,
    depth: usize,
    stack: Vec<Frame>,
    path: Vec<u8>,
    best: (u32, Vec<u8>),
}

impl Exhaustive {
    /// A search from `state` (following gene `prev`) over `moves`.
    pub fn new(
        rng: &mut impl Rng,
        obj: Objective,
        state: &Cube,
        prev: Option<u8>,
        moves: &[u8],
        depth: usize,
    ) -> Exhaustive {
        let mut order = moves.to_vec();
        order.shuffle(rng);
        Exhaustive {
            obj,
            order,
            depth,
            stack: vec![Frame {
                state: *state,
                prev,
                next: 0,
            }],
            path: Vec::with_capacity(depth),
            best: (0, Vec::new()),
        }
    }

    /// Visits up to `budget` more nodes; the best (score, window) once the
    /// search is complete, `None` while nodes remain.
    pub fn advance(&mut self, block: &Block, budget: usize) -> Option<(u32, Vec<u8>)> {
        let perms = gene_perms();
        let goal = self.obj.goal();
        let mut left = budget;
        while let Some(top) = self.stack.last_mut() {
            // Below the best goal's length nothing can improve: backtrack.
            let bounded = self.best.0 == goal && self.path.len() + 1 >= self.best.1.len();
            if top.next >= self.order.len() || bounded {
                self.stack.pop();
                self.path.pop();
                continue;
            }
            if left == 0 {
                return None;
            }
            let g = self.order[top.next];
            top.next += 1;
            if !may_follow(top.prev, g) {
                continue;
            }
            left -= 1;
            let c = top.state.permuted(&perms[g as usize]);
            self.path.push(g);
            let s = self.obj.score(block, &c);
            let better =
                s > self.best.0 || (s == self.best.0 && self.path.len() < self.best.1.len());
            if self.best.1.is_empty() || better {
                self.best = (s, self.path.clone());
            }
            if self.path.len() < self.depth && s != goal {
                self.stack.push(Frame {
                    state: c,
                    prev: Some(g),
                    next: 0,
                });
            } else {
                self.path.pop();
            }
        }
        Some(std::mem::take(&mut self.best))
    }
}
