//! A `phases-sa` run on an upright 2×2: phase 1 then phase 2, again and
//! again from fresh random sequences until the budget is spent, keeping the
//! shortest whole solution.

use crate::cube::nxn::NxnMove;
use crate::cube::random::{CubeRng, rng_from_seed};
use crate::solve::api::{SolveError, Status};
use crate::solve::phases::SaParams;
use crate::solve::phases::seq::merge_same_face;

use super::kit::{ALL, Goal, HALF, Kit, State, gene_move};
use super::phase::Phase;

/// Where a run stands.
enum Stage {
    First(Phase),
    Second { first: Vec<u8>, phase: Phase },
}

/// A run on an upright 2×2.
pub struct Run {
    p: SaParams,
    kit: Kit,
    rng: CubeRng,
    start: State,
    stage: Stage,
    /// The shortest whole solution so far (genes).
    best: Option<Vec<u8>>,
    /// Whole solutions found.
    finished: u64,
    steps: u64,
    status: Status,
}

impl Run {
    /// A run from the upright 2×2 `start` (24 stickers) whose faces are
    /// solved in colours `home`, fully determined by (`p`, `seed`, `start`).
    pub fn new(p: &SaParams, start: State, home: [u8; 6], seed: u64) -> Result<Run, SolveError> {
        p.validate()?;
        let kit = Kit::new(home);
        let mut rng = rng_from_seed(seed);
        let solved = kit.fitness(Goal::Solved, &start) == 0;
        let stage = Stage::First(Phase::new(
            &p.phase1,
            Goal::Oriented,
            ALL,
            &kit,
            start,
            &mut rng,
        ));
        Ok(Run {
            p: p.clone(),
            kit,
            rng,
            start,
            stage,
            best: solved.then(Vec::new),
            finished: 0,
            steps: 0,
            status: if solved {
                Status::Solved
            } else {
                Status::Running
            },
        })
    }

    /// Runs up to `n` proposals; stops when the budget is spent (solved if
    /// a whole solution was found by then).
    pub fn step(&mut self, n: u64) -> Status {
        let limit = self.steps.saturating_add(n);
        while self.status == Status::Running && self.steps < limit {
            self.propose();
            self.steps += 1;
            if self.status == Status::Running && self.steps >= self.p.max_steps {
                self.status = if self.best.is_some() {
                    Status::Solved
                } else {
                    Status::Exhausted
                };
            }
        }
        self.status
    }

    fn propose(&mut self) {
        match &mut self.stage {
            Stage::First(phase) => {
                phase.propose(&self.kit, &mut self.rng);
                if phase.failed() {
                    self.again();
                } else if phase.done() {
                    let first = phase.best().to_vec();
                    let mid = self.kit.after(&self.start, &first);
                    let phase = Phase::new(
                        &self.p.phase2,
                        Goal::Solved,
                        HALF,
                        &self.kit,
                        mid,
                        &mut self.rng,
                    );
                    self.stage = Stage::Second { first, phase };
                }
            }
            Stage::Second { first, phase } => {
                phase.propose(&self.kit, &mut self.rng);
                if phase.failed() {
                    self.again();
                } else if phase.done() {
                    let mut whole = first.clone();
                    whole.extend_from_slice(phase.best());
                    merge_same_face(&mut whole);
                    if self.best.as_ref().is_none_or(|b| whole.len() < b.len()) {
                        self.best = Some(whole);
                    }
                    self.finished += 1;
                    self.again();
                }
            }
        }
    }

    /// Starts again from phase 1 with a fresh random sequence.
    fn again(&mut self) {
        self.stage = Stage::First(Phase::new(
            &self.p.phase1,
            Goal::Oriented,
            ALL,
            &self.kit,
            self.start,
            &mut self.rng,
        ));
    }

    /// Where the run stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Proposals so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The best moves so far: the shortest solution once one is found, else
    /// the running phase's best (phase 1's, then phase 2's after it); and
    /// the misplaced stickers they leave.
    pub fn best(&self) -> (Vec<NxnMove>, u32) {
        let genes = match (&self.best, &self.stage) {
            (Some(b), _) => b.clone(),
            (None, Stage::First(phase)) => phase.best().to_vec(),
            (None, Stage::Second { first, phase }) => {
                let mut g = first.clone();
                g.extend_from_slice(phase.best());
                g
            }
        };
        let end = self.kit.after(&self.start, &genes);
        let energy = self.kit.fitness(Goal::Solved, &end);
        (genes.into_iter().map(gene_move).collect(), energy)
    }
}

#[cfg(test)]
mod experiment {
    use super::*;
    use crate::cube::nxn::NxnAlg;
    use crate::cube::nxn::random::random_2x2;
    use crate::solve::pocket;
    use crate::solve::preset;
    use crate::solve::registry::SolverConfig;

    fn params() -> SaParams {
        let Ok(SolverConfig::PhasesSa(mut p)) = preset::get("2x2-phases") else {
            panic!("2x2-phases is a phases-sa preset");
        };
        if let Ok(v) = std::env::var("MAXSTEPS") {
            p.max_steps = v.parse().unwrap();
        }
        for kv in std::env::var("SET").unwrap_or_default().split(',') {
            let Some((k, v)) = kv.split_once('=') else {
                continue;
            };
            let (ph, leaf) = k.split_once('.').unwrap();
            let ph = if ph == "phase1" {
                &mut p.phase1
            } else {
                &mut p.phase2
            };
            let v: f64 = v.parse().unwrap();
            match leaf {
                "length" => ph.length = v as usize,
                "t0" => ph.t0 = v,
                "alpha" => ph.alpha = v,
                "per_temperature" => ph.per_temperature = v as u64,
                "t_min" => ph.t_min = v,
                "polish" => ph.polish = v as u64,
                _ => panic!("{leaf}"),
            }
        }
        p
    }

    #[test]
    #[ignore]
    fn measure() {
        let p = params();
        let n: usize = std::env::var("CUBES").map_or(50, |v| v.parse().unwrap());
        let mut rng = rng_from_seed(1);
        let (mut total, mut opt, mut found, mut unsolved) = (0, 0, 0u64, 0);
        let mut lens = Vec::new();
        let t0 = std::time::Instant::now();
        for k in 0..n {
            let c = random_2x2(&mut rng);
            let s: State = c.stickers().try_into().unwrap();
            let mut r = Run::new(&p, s, c.face_colours(), k as u64).unwrap();
            let mut first = None;
            let one = std::env::var("ONE").is_ok();
            while r.step(if one { 1 } else { 1000 }) == Status::Running {
                if one && r.finished > 0 {
                    break;
                }
                if first.is_none() && r.finished > 0 {
                    first = Some(r.steps);
                }
            }
            if std::env::var("VERBOSE").is_ok() {
                eprintln!(
                    "cube {k}: first solution after {first:?}, {} solutions",
                    r.finished
                );
            }
            let (moves, e) = r.best();
            if e != 0 {
                unsolved += 1;
            }
            let alg = NxnAlg::new(moves);
            assert_eq!(c.after(&alg).unwrap().is_solved(), e == 0);
            total += alg.len();
            lens.push(alg.len());
            found += r.finished;
            opt += pocket::distance(&c).unwrap();
        }
        lens.sort();
        eprintln!(
            "{n} cubes: unsolved {unsolved}, mean {:.2} (opt {:.2}), median {}, max {}, solutions/cube {:.1}, {:.1} ms/cube",
            total as f64 / n as f64,
            opt as f64 / n as f64,
            lens[n / 2],
            lens[n - 1],
            found as f64 / n as f64,
            t0.elapsed().as_secs_f64() * 1e3 / n as f64
        );
    }
}
