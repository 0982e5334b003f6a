//! The annealing engine as a stepping state machine.

use rand::Rng;

use super::SaParams;
use crate::cube::random::{rng_from_seed, CubeRng};
use crate::cube::{Alg, Cube};
use crate::solve::energy::{Energy, Facelets};
use crate::solve::neighbourhood::{Generator, NAMES};
use crate::solve::{Outcome, Snapshot, SolveError, Solver, Status};

/// Proposals the acceptance rate is measured over.
const WINDOW: u64 = 1024;

/// One accepted operator: which generator, and its code there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    generator: u8,
    code: u64,
}

/// A simulated-annealing run.
#[derive(Debug)]
pub struct Annealer {
    params: SaParams,
    generator: &'static Generator,
    rng: CubeRng,
    current: Cube,
    current_energy: u32,
    best: Cube,
    best_energy: u32,
    /// Accepted operators from the start to the current state. The best state
    /// is always reached by a prefix of it.
    history: Vec<Record>,
    current_moves: usize,
    best_prefix: usize,
    best_moves: usize,
    iteration: u64,
    /// Proposals since the start or the last restart.
    since_restart: u64,
    last_improvement: u64,
    temperature: f64,
    ratio: f64,
    window: [u64; (WINDOW / 64) as usize],
    window_accepted: u32,
    accepted: u64,
    restarts: u64,
    status: Status,
}

impl Annealer {
    /// A run from `start`, fully determined by (`params`, `seed`, `start`).
    pub fn new(params: &SaParams, start: Cube, seed: u64) -> Result<Annealer, SolveError> {
        params.validate()?;
        let generator = Generator::get(&params.neighbourhood)?;
        let e = Facelets.eval(&start);
        Ok(Annealer {
            generator,
            rng: rng_from_seed(seed),
            current: start,
            current_energy: e,
            best: start,
            best_energy: e,
            history: Vec::new(),
            current_moves: 0,
            best_prefix: 0,
            best_moves: 0,
            iteration: 0,
            since_restart: 0,
            last_improvement: 0,
            temperature: params.schedule.initial(),
            ratio: params.schedule.ratio(params.max_steps),
            window: [0; (WINDOW / 64) as usize],
            window_accepted: 0,
            accepted: 0,
            restarts: 0,
            status: if e == 0 {
                Status::Solved
            } else {
                Status::Running
            },
            params: params.clone(),
        })
    }

    /// The parameters of this run (the generator may since have been swapped).
    pub fn params(&self) -> &SaParams {
        &self.params
    }

    /// The current temperature.
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// Goes back to the best state and restarts the schedule.
    fn restart(&mut self) {
        self.current = self.best;
        self.current_energy = self.best_energy;
        self.history.truncate(self.best_prefix);
        self.current_moves = self.best_moves;
        self.since_restart = 0;
        self.last_improvement = self.iteration;
        self.temperature = self.params.schedule.initial();
        self.restarts += 1;
    }

    #[inline(always)]
    fn record_window(&mut self, accepted: bool) {
        let pos = self.iteration % WINDOW;
        let (w, b) = ((pos / 64) as usize, pos % 64);
        let old = (self.window[w] >> b) & 1;
        self.window[w] = (self.window[w] & !(1 << b)) | ((accepted as u64) << b);
        self.window_accepted = self.window_accepted + accepted as u32 - old as u32;
    }

    fn accept(&mut self, cand: Cube, e: u32, code: u64) {
        self.current = cand;
        self.current_energy = e;
        self.accepted += 1;
        self.history.push(Record {
            generator: self.generator.index(),
            code,
        });
        self.current_moves += self.generator.moves(code);
        if e < self.best_energy {
            self.best = cand;
            self.best_energy = e;
            self.best_prefix = self.history.len();
            self.best_moves = self.current_moves;
            self.last_improvement = self.iteration;
            if e == 0 {
                self.status = Status::Solved;
            }
        }
    }

    fn acceptance(&self) -> Option<f64> {
        let seen = self.iteration.min(WINDOW);
        (seen > 0).then(|| self.window_accepted as f64 / seen as f64)
    }
}

impl Solver for Annealer {
    fn step(&mut self, n: u64) -> Status {
        let schedule = self.params.schedule.clone();
        let zero_as_one = self.params.zero_delta_as_one;
        let generator = self.generator;
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            if self.iteration >= self.params.max_steps || schedule.frozen(self.temperature) {
                self.status = Status::Exhausted;
                break;
            }
            let (cand, code) = generator.propose(&mut self.rng, &self.current);
            let e = Facelets.eval(&cand);
            let mut delta = e as i32 - self.current_energy as i32;
            if delta == 0 && zero_as_one {
                delta = 1;
            }
            let ok =
                delta <= 0 || self.rng.gen::<f64>() < (-(delta as f64) / self.temperature).exp();
            self.record_window(ok);
            if ok {
                self.accept(cand, e, code);
            }
            self.temperature = schedule.advance(self.temperature, self.since_restart, self.ratio);
            self.iteration += 1;
            self.since_restart += 1;
            let restart_after = self.params.restart_after;
            if restart_after > 0
                && self.status == Status::Running
                && self.iteration - self.last_improvement >= restart_after
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

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            solver: "sa",
            iteration: self.iteration,
            phase: None,
            temperature: Some(self.temperature),
            energy: self.current_energy as f64,
            best_energy: self.best_energy as f64,
            acceptance: self.acceptance(),
            current: self.current,
            best: self.best,
            sequence_len: self.current_moves,
            generator: Some(self.generator.name().to_string()),
            status: self.status,
            metrics: Vec::new(),
        }
    }

    fn outcome(&self) -> Outcome {
        let mut moves = Vec::with_capacity(self.best_moves);
        for r in &self.history[..self.best_prefix] {
            let g = Generator::get(NAMES[r.generator as usize]).expect("recorded generator exists");
            moves.extend_from_slice(g.alg(r.code).moves());
        }
        let mut extra = serde_json::Map::new();
        extra.insert("accepted".into(), self.accepted.into());
        extra.insert("restarts".into(), self.restarts.into());
        Outcome {
            solved: self.best_energy == 0,
            solution: Alg::new(moves),
            energy: self.best_energy as f64,
            iterations: self.iteration,
            extra,
        }
    }

    fn generators(&self) -> Vec<String> {
        NAMES.iter().map(|s| s.to_string()).collect()
    }

    fn set_generator(&mut self, name: &str) -> Result<(), SolveError> {
        self.generator = Generator::get(name)?;
        self.params.neighbourhood = name.to_string();
        Ok(())
    }
}
