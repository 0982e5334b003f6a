//! Simulated annealing on an N×N: the `sa` solver's parameters (schedule,
//! proposal budget, restarts, the ΔE = 0 rule, loop cutting) over the move
//! set [`super::moves`], energy [`NxnCube::misplaced`] of the upright state.
//! A proposal is one move; the energy change is counted on the stickers that
//! move alone.

use std::collections::{HashMap, HashSet};

use rand::RngExt;

use super::api::{SizedOutcome, SizedProgress, SizedSolver, misplaced, moves_and_perms, upright};
use crate::cube::nxn::simplify::simplify_sized;
use crate::cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnMove, Size};
use crate::cube::random::{CubeRng, rng_from_seed};
use crate::solve::anneal::SaParams;
use crate::solve::api::{Profile, SeriesSpec, SolveError, Status};

/// `path` from `start` with every loop (a return to a state seen before)
/// cut out: the same end state, each state on the way visited once.
pub fn cut_loops(start: &NxnCube, path: &NxnAlg) -> NxnAlg {
    // `states[i]` is the state after `out[..i]`; `seen` maps each to `i`.
    let mut seen: HashMap<NxnCube, usize> = HashMap::new();
    let mut states = vec![start.clone()];
    let mut out: Vec<NxnMove> = Vec::new();
    seen.insert(start.clone(), 0);
    for &m in path.moves() {
        let mut c = states[out.len()].clone();
        if c.apply_move(m).is_err() {
            return path.clone();
        }
        match seen.get(&c) {
            Some(&at) => {
                out.truncate(at);
                for gone in states.drain(at + 1..) {
                    seen.remove(&gone);
                }
            }
            None => {
                out.push(m);
                seen.insert(c.clone(), out.len());
                states.push(c);
            }
        }
    }
    out.into()
}

/// The shortest way from `start` to the end of `path` that passes only
/// through states `path` visits or states of `also` (states the run reached
/// from `start` another way), with moves of `moves` (breadth-first over
/// those states): loops cut, and also every detour between two visited
/// states one move apart. Never longer than [`cut_loops`].
pub fn shortcut(
    start: &NxnCube,
    path: &NxnAlg,
    moves: &[NxnMove],
    also: &HashSet<NxnCube>,
) -> NxnAlg {
    let mut visited: HashMap<NxnCube, usize> = HashMap::new();
    let mut states = vec![start.clone()];
    visited.insert(start.clone(), 0);
    let mut c = start.clone();
    for &m in path.moves() {
        if c.apply_move(m).is_err() {
            return path.clone();
        }
        if !visited.contains_key(&c) {
            visited.insert(c.clone(), states.len());
            states.push(c.clone());
        }
    }
    let goal = visited[&c];
    for a in also {
        if !visited.contains_key(a) {
            visited.insert(a.clone(), states.len());
            states.push(a.clone());
        }
    }
    // parent[i]: (state it was reached from, move), breadth-first from 0.
    let mut parent: Vec<Option<(usize, NxnMove)>> = vec![None; states.len()];
    let mut queue = std::collections::VecDeque::from([0usize]);
    let mut reached = vec![false; states.len()];
    reached[0] = true;
    while let Some(i) = queue.pop_front() {
        if i == goal {
            break;
        }
        for &m in moves {
            let mut next = states[i].clone();
            if next.apply_move(m).is_err() {
                continue;
            }
            if let Some(&j) = visited.get(&next)
                && !reached[j]
            {
                reached[j] = true;
                parent[j] = Some((i, m));
                queue.push_back(j);
            }
        }
    }
    let mut out = Vec::new();
    let mut at = goal;
    while let Some((from, m)) = parent[at] {
        out.push(m);
        at = from;
    }
    out.reverse();
    out.into()
}

/// Memory the states kept for the shortcut may take, roughly.
const SEEN_BYTES: usize = 96 << 20;
/// Work the shortcut may do, in sticker copies (states × moves × stickers):
/// about half a second, so a run's time limit is not overrun by much.
const SEEN_WORK: usize = 500_000_000;

/// An annealing run on an N×N.
pub struct SizedAnnealer {
    params: SaParams,
    rng: CubeRng,
    /// The rotation that turned the start upright (leads the solution).
    rotation: NxnAlg,
    moves: Vec<NxnMove>,
    perms: Vec<&'static MovePerm>,
    /// The upright start.
    start: NxnCube,
    /// Colour each face has when solved (upright: fixed by the moves).
    home: [u8; 6],
    current: NxnCube,
    /// The best state so far (kept for the snapshots).
    best: NxnCube,
    energy: u32,
    best_energy: u32,
    /// Accepted moves (indices into `moves`); the best state is a prefix.
    history: Vec<u16>,
    /// Every state accepted so far (up to [`SEEN_BYTES`] of stickers), for
    /// the shortcut of the reported path (with `cut_loops`).
    seen: HashSet<NxnCube>,
    /// Most states `seen` keeps (by [`SEEN_BYTES`] and [`SEEN_WORK`]).
    seen_cap: usize,
    best_prefix: usize,
    iteration: u64,
    last_improvement: u64,
    temperature: f64,
    ratio: f64,
    level_left: u64,
    /// Proposals accepted and restarts so far (the 3×3 annealer's extras).
    accepted: u64,
    restarts: u64,
    status: Status,
}

/// Whether the annealer of `params` runs on an N×N of `size`: its
/// neighbourhood must be `faces` (the others are 3×3 sequences).
///
/// # Errors
/// [`SolveError::Parameter`] naming the neighbourhood.
pub fn faces_only(params: &SaParams, size: Size) -> Result<(), SolveError> {
    if params.neighbourhood == "faces" {
        return Ok(());
    }
    Err(SolveError::Parameter(format!(
        "neighbourhood `{}` is made of 3x3 sequences; on a {size} use `faces` \
         (outer and inner layer turns)",
        params.neighbourhood
    )))
}

impl SizedAnnealer {
    /// A run from `start`, fully determined by (`params`, `seed`, `start`).
    /// The neighbourhood must be `faces` (the others are 3×3 sequences).
    pub fn new(params: &SaParams, start: &NxnCube, seed: u64) -> Result<SizedAnnealer, SolveError> {
        params.validate()?;
        faces_only(params, start.size())?;
        let (rotation, current) = upright(start);
        let size = start.size();
        let (moves, perms) = moves_and_perms(size)?;
        let seen_cap = (SEEN_BYTES / (size.stickers() + 48))
            .min(SEEN_WORK / (size.stickers() * moves.len().max(1)));
        let home = current.face_colours();
        let energy = current.misplaced() as u32;
        Ok(SizedAnnealer {
            rng: rng_from_seed(seed),
            rotation,
            moves,
            perms,
            home,
            start: current.clone(),
            best: current.clone(),
            current,
            energy,
            best_energy: energy,
            history: Vec::new(),
            seen: HashSet::new(),
            seen_cap,
            best_prefix: 0,
            iteration: 0,
            last_improvement: 0,
            temperature: params.schedule.initial(),
            ratio: params.schedule.ratio(params.max_steps),
            level_left: params.schedule.level_len(),
            accepted: 0,
            restarts: 0,
            status: if energy == 0 {
                Status::Solved
            } else {
                Status::Running
            },
            params: params.clone(),
        })
    }

    /// Misplaced stickers of `s`.
    fn energy_of(&self, s: &[u8]) -> u32 {
        misplaced(s, &self.home, self.current.size().face_stickers())
    }

    /// Goes back to the best state and restarts the schedule.
    fn restart(&mut self) {
        let mut c = self.current.clone();
        // Undo the moves past the best prefix.
        for &k in self.history[self.best_prefix..].iter().rev() {
            c.apply_move(self.moves[k as usize].inverse())
                .expect("a move of this size");
        }
        self.current = c;
        self.energy = self.best_energy;
        self.history.truncate(self.best_prefix);
        self.last_improvement = self.iteration;
        self.temperature = self.params.schedule.initial();
        self.level_left = self.params.schedule.level_len();
        self.restarts += 1;
    }
}

impl SizedSolver for SizedAnnealer {
    fn step(&mut self, n: u64) -> Status {
        let limit = self.iteration.saturating_add(n).min(self.params.max_steps);
        let schedule = self.params.schedule.clone();
        let mut scratch = self.current.stickers().to_vec();
        while self.iteration < limit
            && self.status == Status::Running
            && !schedule.frozen(self.temperature)
        {
            let k = self.rng.random_range(0..self.moves.len());
            scratch.copy_from_slice(self.current.stickers());
            self.perms[k].apply(&mut scratch);
            let e = self.energy_of(&scratch);
            let d = e as i64 - self.energy as i64;
            let delta = if d == 0 && self.params.zero_delta_as_one {
                1
            } else {
                d
            };
            let ok =
                delta <= 0 || self.rng.random::<f64>() < (-(delta as f64) / self.temperature).exp();
            if ok {
                self.current
                    .apply_move(self.moves[k])
                    .expect("a move of this size");
                self.energy = e;
                self.accepted += 1;
                self.history.push(k as u16);
                if self.params.cut_loops && self.seen.len() < self.seen_cap {
                    self.seen.insert(self.current.clone());
                }
                if e < self.best_energy {
                    self.best_energy = e;
                    self.best.clone_from(&self.current);
                    self.best_prefix = self.history.len();
                    self.last_improvement = self.iteration;
                    if e == 0 {
                        self.status = Status::Solved;
                    }
                }
            }
            self.temperature = schedule.advance(self.temperature, &mut self.level_left, self.ratio);
            self.iteration += 1;
            if self.params.restart_after > 0
                && self.status == Status::Running
                && self.iteration - self.last_improvement >= self.params.restart_after
            {
                self.restart();
            }
        }
        if self.status == Status::Running
            && (self.iteration >= self.params.max_steps || schedule.frozen(self.temperature))
        {
            self.status = Status::Exhausted;
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn outcome(&self) -> SizedOutcome {
        let size = self.current.size();
        let path: NxnAlg = self.history[..self.best_prefix]
            .iter()
            .map(|&k| self.moves[k as usize])
            .collect();
        let path = if self.params.cut_loops {
            simplify_sized(&shortcut(&self.start, &path, &self.moves, &self.seen), size)
        } else {
            path
        };
        let solution = self
            .rotation
            .moves()
            .iter()
            .chain(path.moves())
            .copied()
            .collect();
        SizedOutcome {
            solved: self.best_energy == 0,
            solution,
            energy: self.best_energy as f64,
            iterations: self.iteration,
        }
    }

    fn profile(&self) -> Profile {
        // The 3x3 annealer's temperature plot, the same on every size.
        Profile {
            step: "iteration",
            series: vec![SeriesSpec::new("temperature", 4)],
        }
    }

    fn generator(&self) -> Option<String> {
        Some(self.params.neighbourhood.clone())
    }

    fn extra(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut extra = serde_json::Map::new();
        extra.insert("accepted".into(), self.accepted.into());
        extra.insert("restarts".into(), self.restarts.into());
        extra
    }

    fn progress(&self) -> Option<SizedProgress> {
        Some(SizedProgress {
            iteration: self.iteration,
            energy: f64::from(self.energy),
            best_energy: f64::from(self.best_energy),
            current: self.current.clone(),
            best: self.best.clone(),
            sequence_len: self.history.len(),
            values: vec![self.temperature],
        })
    }

    fn exhausted_by(&self) -> Option<String> {
        Some(if self.iteration >= self.params.max_steps {
            format!("step limit {}", self.params.max_steps)
        } else {
            format!("temperature frozen at {:.4}", self.temperature)
        })
    }
}
