//! The `woc` solver on an N×N: the 3×3's GA + wisdom of crowds
//! ([`crate::solve::woc`], the same [`WocParams`] and declaration) with
//! genes drawn from the move set [`super::moves`] and the energy
//! [`NxnCube::misplaced`] of the upright state.
//!
//! The redundancy filter, generalised from faces to layers: a sequence
//! scores 2 when two consecutive moves turn the same layer, 3 when two
//! moves of different layers on one axis are followed by a third on that
//! axis, else 1 (the first offending triple decides). Score = energy ×
//! filter; each generation is made wholly of children (four distinct
//! parents from the best `parents_from`, one-point crossover, best with
//! second and third with worst), mutated with probability `mutation_rate`
//! when they pass the filter (one gene redrawn until it passes again). The
//! GA stops at energy 0, after `stagnation` generations without a better
//! score or at `max_generations`; then the crowd step (one more step) polls
//! the best `crowd_fraction` of every kept generation for the most frequent
//! pair of genes at positions (2i, 2i + 1) and cuts that sequence where it
//! first solves. The better of the GA's best and the crowd's is the answer
//! (the GA's on a tie).

use rand::RngExt;
use rand::seq::index::sample;

use super::api::{SizedOutcome, SizedProgress, SizedSolver, misplaced, moves, upright};
use crate::cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnKind, NxnMove, tables};
use crate::cube::random::{CubeRng, rng_from_seed};
use crate::solve::api::{Profile, SolveError, Status};
use crate::solve::woc::WocParams;

/// A chromosome, its energy (0 when a prefix solves) and how many of its
/// genes count (up to the first that solves, else all).
#[derive(Clone, Debug)]
struct Member {
    genes: Vec<u16>,
    energy: u32,
    used: usize,
}

/// A running `woc` on an N×N.
pub struct SizedWoc {
    p: WocParams,
    rng: CubeRng,
    /// The rotation that turned the start upright (leads the solution).
    rotation: NxnAlg,
    /// The upright start.
    start: NxnCube,
    home: [u8; 6],
    moves: Vec<NxnMove>,
    perms: Vec<&'static MovePerm>,
    /// Per gene: its layer (same kind) and its axis.
    layer: Vec<u16>,
    axis: Vec<u8>,
    /// Ranked by score, best first.
    pop: Vec<Member>,
    scores: Vec<u32>,
    generation: u64,
    since_better: u64,
    best: Member,
    best_score: u32,
    kept: u64,
    /// `crowd[i][a * genes + b]`: how often genes (a, b) sit at (2i, 2i + 1).
    crowd: Vec<Vec<u32>>,
    ga_done: bool,
    /// The crowd's sequence (cut) and its energy, once the crowd step ran.
    wisdom: Option<Member>,
    status: Status,
}

impl SizedWoc {
    /// A run from `start`, fully determined by (`p`, `seed`, `start`).
    pub fn new(p: &WocParams, start: &NxnCube, seed: u64) -> Result<SizedWoc, SolveError> {
        p.validate()?;
        let (rotation, start) = upright(start);
        let size = start.size();
        let moves = moves(size);
        let t = tables(size);
        let perms = moves
            .iter()
            .map(|&m| t.perm(m).map_err(|e| SolveError::Parameter(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let mut kinds: Vec<NxnKind> = Vec::new();
        let mut layer = Vec::with_capacity(moves.len());
        let mut axis = Vec::with_capacity(moves.len());
        for m in &moves {
            let k = kinds.iter().position(|&k| k == m.kind).unwrap_or_else(|| {
                kinds.push(m.kind);
                kinds.len() - 1
            });
            layer.push(k as u16);
            axis.push(match m.kind {
                NxnKind::Turn { face, .. } => (face.index() % 3) as u8,
                NxnKind::Middle(s) => (s.like().index() % 3) as u8,
                NxnKind::Rotation(r) => (r.like().index() % 3) as u8,
            });
        }
        let home = start.face_colours();
        let genes = moves.len();
        let mut w = SizedWoc {
            rng: rng_from_seed(seed),
            rotation,
            home,
            moves,
            perms,
            layer,
            axis,
            pop: Vec::new(),
            scores: Vec::new(),
            generation: 0,
            since_better: 0,
            best: Member {
                genes: Vec::new(),
                energy: u32::MAX,
                used: 0,
            },
            best_score: u32::MAX,
            kept: 0,
            crowd: vec![vec![0; genes * genes]; p.length / 2],
            ga_done: false,
            wisdom: None,
            status: Status::Running,
            p: p.clone(),
            start,
        };
        w.pop = (0..p.population)
            .map(|_| {
                let g: Vec<u16> = (0..p.length)
                    .map(|_| w.rng.random_range(0..genes) as u16)
                    .collect();
                w.judge(g)
            })
            .collect();
        w.rank_and_record();
        w.ga_done = w.best_score == 0;
        Ok(w)
    }

    /// The redundancy filter (1, 2 or 3) of `genes`.
    fn filter(&self, genes: &[u16]) -> u32 {
        for w in genes.windows(3) {
            let (a, b, c) = (w[0] as usize, w[1] as usize, w[2] as usize);
            let (la, lb, lc) = (self.layer[a], self.layer[b], self.layer[c]);
            if la != lb && self.axis[a] == self.axis[b] && self.axis[c] == self.axis[a] {
                return 3;
            }
            if la == lb || lb == lc {
                return 2;
            }
        }
        1
    }

    fn score(&self, m: &Member) -> u32 {
        m.energy * self.filter(&m.genes)
    }

    /// Evaluates `genes` from the start: the final energy, 0 (and the
    /// genes that count) when a prefix solves.
    fn judge(&self, genes: Vec<u16>) -> Member {
        let per_face = self.start.size().face_stickers();
        let mut s = self.start.stickers().to_vec();
        let mut energy = misplaced(&s, &self.home, per_face);
        let mut used = genes.len();
        for (i, &g) in genes.iter().enumerate() {
            self.perms[g as usize].apply(&mut s);
            energy = misplaced(&s, &self.home, per_face);
            if energy == 0 {
                used = i + 1;
                break;
            }
        }
        Member {
            genes,
            energy,
            used,
        }
    }

    /// The upright start after the genes of `m` that count.
    fn state_of(&self, m: &Member) -> NxnCube {
        let mut s = self.start.stickers().to_vec();
        for &g in &m.genes[..m.used] {
            self.perms[g as usize].apply(&mut s);
        }
        NxnCube::from_stickers(self.start.size(), s).unwrap_or_else(|| self.start.clone())
    }

    fn rank_and_record(&mut self) {
        let mut ranked: Vec<(u32, Member)> = std::mem::take(&mut self.pop)
            .into_iter()
            .map(|m| (self.score(&m), m))
            .collect();
        // Stable: equal scores keep their order, as on the 3×3.
        ranked.sort_by_key(|(s, _)| *s);
        self.scores = ranked.iter().map(|(s, _)| *s).collect();
        self.pop = ranked.into_iter().map(|(_, m)| m).collect();
        let s = self.scores[0];
        if s <= self.best_score {
            if s < self.best_score {
                self.since_better = 0;
                self.best = self.pop[0].clone();
                self.best_score = s;
            }
            self.keep();
        }
    }

    /// Adds the best fraction of the population to the crowd's counts.
    fn keep(&mut self) {
        self.kept += 1;
        let genes = self.moves.len();
        let n = (self.pop.len() as f64 * self.p.crowd_fraction) as usize;
        for m in &self.pop[..n] {
            for (i, pair) in m.genes.chunks_exact(2).enumerate() {
                self.crowd[i][pair[0] as usize * genes + pair[1] as usize] += 1;
            }
        }
    }

    fn generation(&mut self) {
        let (n, k, genes) = (self.p.population, self.p.length, self.moves.len());
        let from = self.p.parents_from.min(self.pop.len());
        let mut children = Vec::with_capacity(n + 3);
        while children.len() < n {
            let mut idx = sample(&mut self.rng, from, 4).into_vec();
            idx.sort_unstable();
            let a = self.rng.random_range(0..k);
            for (x, y) in [(0, 1), (1, 0), (2, 3), (3, 2)] {
                let mut g = self.pop[idx[x]].genes[..a].to_vec();
                g.extend_from_slice(&self.pop[idx[y]].genes[a..]);
                children.push(g);
            }
        }
        let children = children
            .into_iter()
            .map(|mut g| {
                if self.rng.random::<f64>() < self.p.mutation_rate && self.filter(&g) == 1 {
                    let i = self.rng.random_range(0..k);
                    let old = g[i];
                    let mut ok = false;
                    for _ in 0..1000 {
                        g[i] = self.rng.random_range(0..genes) as u16;
                        if self.filter(&g) == 1 {
                            ok = true;
                            break;
                        }
                    }
                    if !ok {
                        g[i] = old;
                    }
                }
                self.judge(g)
            })
            .collect();
        self.pop = children;
        self.generation += 1;
        self.since_better += 1;
        self.rank_and_record();
        self.ga_done = self.best_score == 0
            || self.since_better >= self.p.stagnation
            || self.generation >= self.p.max_generations;
    }

    /// The crowd step: the most frequent pair at each even position.
    fn crowd_step(&mut self) {
        let n = self.moves.len();
        let mut genes = Vec::with_capacity(self.p.length);
        for counts in &self.crowd {
            let mut best = (0, 0u16, 0u16);
            for a in 0..n {
                for b in 0..n {
                    let c = counts[a * n + b];
                    if c > best.0 {
                        best = (c, a as u16, b as u16);
                    }
                }
            }
            genes.extend([best.1, best.2]);
        }
        let mut w = self.judge(genes);
        w.genes.truncate(w.used);
        self.status = if self.best_score == 0 || w.energy == 0 {
            Status::Solved
        } else {
            Status::Exhausted
        };
        self.wisdom = Some(w);
    }

    /// The answer: the crowd's when it is better, else the GA's best.
    fn answer(&self) -> &Member {
        match &self.wisdom {
            Some(w) if w.energy < self.best.energy => w,
            _ => &self.best,
        }
    }
}

impl SizedSolver for SizedWoc {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            if self.ga_done {
                self.crowd_step();
            } else {
                self.generation();
            }
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn outcome(&self) -> SizedOutcome {
        let a = self.answer();
        let solution = self
            .rotation
            .moves()
            .iter()
            .copied()
            .chain(a.genes[..a.used].iter().map(|&g| self.moves[g as usize]))
            .collect();
        SizedOutcome {
            solved: a.energy == 0,
            solution,
            energy: f64::from(a.energy),
            iterations: self.generation,
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "generation",
            series: Vec::new(),
        }
    }

    fn progress(&self) -> Option<SizedProgress> {
        let current = self.wisdom.as_ref().unwrap_or(&self.pop[0]);
        let best = self.answer();
        Some(SizedProgress {
            iteration: self.generation,
            energy: f64::from(current.energy),
            best_energy: f64::from(best.energy.min(current.energy)),
            current: self.state_of(current),
            best: self.state_of(best),
            sequence_len: current.used,
            values: Vec::new(),
        })
    }

    fn exhausted_by(&self) -> Option<String> {
        let why = if self.since_better >= self.p.stagnation {
            format!("stagnation {} generations", self.p.stagnation)
        } else {
            format!("generation limit {}", self.p.max_generations)
        };
        Some(format!("{why}, and the crowd's sequence did not solve"))
    }
}
