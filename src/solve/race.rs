//! A race: 2–6 solver presets on one start state and one seed, side by
//! side. No threads and no terminal here: each lane is fed the [`Update`]s
//! of whatever drives its solver (an inline [`super::runner::Inline`] in
//! tests, one [`super::runner::Runner`] per lane on the screen, or
//! [`run_lane`] in a thread of its own headless).
//!
//! Lanes are compared by their own CPU time (the solver thread's, see
//! [`super::runner::thread_cpu_time`]), so the comparison is fair on any
//! number of cores. Ranking ([`compare`]): solved lanes first; among them
//! the shorter solution (HTM after [`simplify`]), then less CPU time; among
//! unsolved lanes the lower best energy, then less CPU time. Ties keep the
//! lanes' order.

use std::cmp::Ordering;
use std::time::Duration;

use serde::Serialize;
use thiserror::Error;

use super::runner::{RunState, Update, thread_cpu_time};
use crate::cube::Cube;
use crate::cube::simplify::simplify;
use crate::solve::api::{Outcome, Profile, Snapshot, SolveError, Solver, Status};
use crate::solve::preset;

/// Fewest lanes in a race.
pub const MIN_LANES: usize = 2;
/// Most lanes in a race.
pub const MAX_LANES: usize = 6;
/// Plot points kept per lane (older ones are thinned, never the latest).
pub const LANE_POINTS: usize = 2048;

/// Why a race cannot start.
#[derive(Debug, Error)]
pub enum RaceError {
    #[error("a race takes {MIN_LANES} to {MAX_LANES} presets, got {0}")]
    LaneCount(usize),
    #[error("preset `{0}` is named twice")]
    Duplicate(String),
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// One lane: what its solver has reported so far.
#[derive(Clone, Debug)]
pub struct Lane {
    /// The preset's name.
    pub preset: String,
    pub state: RunState,
    pub profile: Option<Profile>,
    pub snapshot: Option<Snapshot>,
    pub outcome: Option<Outcome>,
    /// The solver thread's CPU time so far.
    pub cpu: Duration,
    /// Elementary steps so far.
    pub steps: u64,
    /// 0 for the first lane to finish, 1 for the next, …
    pub finished: Option<usize>,
    /// (CPU seconds, misplaced-sticker energy), oldest first.
    pub points: Vec<(f64, f64)>,
    /// The (steps, CPU time) of the previous update, to place the points of
    /// the next one on the CPU-time axis.
    last: (u64, Duration),
}

impl Lane {
    fn new(preset: String) -> Lane {
        Lane {
            preset,
            state: RunState::Idle,
            profile: None,
            snapshot: None,
            outcome: None,
            cpu: Duration::ZERO,
            steps: 0,
            finished: None,
            points: Vec::new(),
            last: (0, Duration::ZERO),
        }
    }

    /// This lane's line of the results table.
    pub fn result(&self) -> LaneResult {
        let (solved, htm, energy, solution) = match &self.outcome {
            Some(o) => {
                let s = simplify(&o.solution);
                (o.solved, s.len(), o.energy, s.to_string())
            }
            None => (
                false,
                0,
                self.snapshot.as_ref().map_or(f64::NAN, |s| s.best_energy),
                String::new(),
            ),
        };
        LaneResult {
            rank: 0,
            preset: self.preset.clone(),
            state: self.state.name().to_string(),
            solved,
            htm,
            cpu_ms: self.cpu.as_secs_f64() * 1e3,
            steps: self.steps,
            step: self.profile.as_ref().map_or("step", |p| p.step).to_string(),
            energy,
            solution,
        }
    }

    /// Keeps at most [`LANE_POINTS`] points: drops every other old one.
    fn thin(&mut self) {
        if self.points.len() > LANE_POINTS {
            let last = self.points.pop();
            let mut i = 0;
            self.points.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.points.extend(last);
        }
    }
}

/// One line of the results table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LaneResult {
    /// 1 for the winner.
    pub rank: usize,
    pub preset: String,
    /// The lane's run state ("solved", "exhausted", "stopped", …).
    pub state: String,
    pub solved: bool,
    /// Solution length in HTM after simplification (0 when unsolved and no
    /// outcome came yet).
    pub htm: usize,
    /// The solver thread's CPU time, in ms.
    pub cpu_ms: f64,
    pub steps: u64,
    /// What one step is for this solver ("iteration", "generation", …).
    pub step: String,
    /// Best misplaced-sticker energy.
    pub energy: f64,
    /// The simplified solution.
    pub solution: String,
}

/// The ranking rule (see the module doc): `Less` when `a` ranks before `b`.
pub fn compare(a: &LaneResult, b: &LaneResult) -> Ordering {
    b.solved.cmp(&a.solved).then_with(|| {
        let by_quality = if a.solved {
            a.htm.cmp(&b.htm)
        } else {
            a.energy.total_cmp(&b.energy)
        };
        by_quality.then_with(|| a.cpu_ms.total_cmp(&b.cpu_ms))
    })
}

/// Sorts by [`compare`] (stable) and numbers the ranks from 1.
pub fn rank(mut lanes: Vec<LaneResult>) -> Vec<LaneResult> {
    lanes.sort_by(compare);
    for (i, l) in lanes.iter_mut().enumerate() {
        l.rank = i + 1;
    }
    lanes
}

/// The results table of a race.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    pub seed: u64,
    /// The start state (URFDLB facelets).
    pub facelets: String,
    /// Sorted by rank.
    pub lanes: Vec<LaneResult>,
}

impl Results {
    /// The table as text: rank, preset, solved, HTM, CPU time, steps.
    pub fn table(&self) -> String {
        let w = self
            .lanes
            .iter()
            .map(|l| l.preset.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut out = format!(
            "{:>4}  {:<w$}  {:<6}  {:>4}  {:>10}  {:>10}\n",
            "rank", "preset", "solved", "HTM", "CPU ms", "steps"
        );
        for l in &self.lanes {
            let htm = if l.solved {
                l.htm.to_string()
            } else {
                "-".into()
            };
            out.push_str(&format!(
                "{:>4}  {:<w$}  {:<6}  {:>4}  {:>10.1}  {:>10}\n",
                l.rank,
                l.preset,
                if l.solved { "yes" } else { "no" },
                htm,
                l.cpu_ms,
                l.steps
            ));
        }
        out
    }
}

/// A race in progress: its lanes and the order they finished in.
#[derive(Clone, Debug)]
pub struct Race {
    pub start: Cube,
    pub seed: u64,
    pub lanes: Vec<Lane>,
    finished: usize,
}

impl Race {
    /// A race of these lanes (names only; the caller drives the solvers).
    pub fn new(names: Vec<String>, start: Cube, seed: u64) -> Result<Race, RaceError> {
        if !(MIN_LANES..=MAX_LANES).contains(&names.len()) {
            return Err(RaceError::LaneCount(names.len()));
        }
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) {
                return Err(RaceError::Duplicate(n.clone()));
            }
        }
        Ok(Race {
            start,
            seed,
            lanes: names.into_iter().map(Lane::new).collect(),
            finished: 0,
        })
    }

    /// A race of presets (names or aliases) and each lane's solver, built
    /// on the start state with the race's seed.
    pub fn of_presets(
        presets: &[&str],
        start: Cube,
        seed: u64,
    ) -> Result<(Race, Vec<Box<dyn Solver>>), RaceError> {
        let names = presets
            .iter()
            .map(|p| preset::canonical(p.trim()).map(str::to_string))
            .collect::<Result<Vec<_>, _>>()?;
        let race = Race::new(names, start, seed)?;
        let solvers = race
            .lanes
            .iter()
            .map(|l| preset::get(&l.preset)?.build(start, seed))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((race, solvers))
    }

    /// Takes in lane `i`'s news from its driver.
    pub fn absorb(&mut self, i: usize, u: Update) {
        let Some(lane) = self.lanes.get_mut(i) else {
            return;
        };
        if u.profile.is_some() {
            lane.profile = u.profile;
        }
        if let Some(s) = u.snapshot {
            lane.steps = s.iteration;
            lane.snapshot = Some(s);
        }
        if u.outcome.is_some() {
            lane.outcome = u.outcome;
        }
        // Points between the previous update and this one are spread over
        // the CPU time spent in between, in proportion to their steps.
        let (it0, cpu0) = lane.last;
        let it1 = lane.steps.max(it0);
        let cpu1 = u.cpu.max(cpu0);
        for p in &u.points {
            let f = if it1 > it0 {
                (p.iteration.clamp(it0, it1) - it0) as f64 / (it1 - it0) as f64
            } else {
                1.0
            };
            let x = cpu0.as_secs_f64() + f * (cpu1 - cpu0).as_secs_f64();
            lane.points.push((x, p.energy));
        }
        lane.thin();
        lane.last = (it1, cpu1);
        lane.cpu = cpu1;
        lane.state = u.state;
        if lane.state.finished() && lane.finished.is_none() {
            lane.finished = Some(self.finished);
            self.finished += 1;
        }
    }

    /// Whether every lane has finished.
    pub fn is_over(&self) -> bool {
        self.lanes.iter().all(|l| l.state.finished())
    }

    /// The rank of lane `i` among the finished lanes (1 = best so far), or
    /// `None` while it runs. Final once the race is over.
    pub fn rank_of(&self, i: usize) -> Option<usize> {
        self.lanes.get(i)?.finished?;
        let mine = self.lanes[i].result();
        let before = self
            .lanes
            .iter()
            .enumerate()
            .filter(|(j, l)| {
                *j != i && l.finished.is_some() && {
                    let c = compare(&l.result(), &mine);
                    c == Ordering::Less || (c == Ordering::Equal && *j < i)
                }
            })
            .count();
        Some(before + 1)
    }

    /// The results table, sorted by rank.
    pub fn results(&self) -> Results {
        Results {
            seed: self.seed,
            facelets: self.start.facelets(),
            lanes: rank(self.lanes.iter().map(Lane::result).collect()),
        }
    }
}

/// Runs a solver in the calling thread until it solves, exhausts its
/// budget or has used `cpu_limit` of this thread's CPU time; returns what
/// a driver would report at the end (state, snapshot, outcome, CPU time).
pub fn run_lane(mut solver: Box<dyn Solver>, cpu_limit: Option<Duration>) -> Update {
    let t0 = std::time::Instant::now();
    let mut cpu = Duration::ZERO;
    let mut chunk = 64u64;
    let profile = solver.profile();
    let state = loop {
        match solver.status() {
            Status::Solved => break RunState::Solved,
            Status::Exhausted => break RunState::Exhausted,
            Status::Running => {}
        }
        if cpu_limit.is_some_and(|l| cpu >= l) {
            break RunState::Stopped;
        }
        let before = solver.snapshot().iteration;
        let c0 = thread_cpu_time();
        solver.step(chunk);
        let dt = thread_cpu_time().saturating_sub(c0);
        cpu += dt;
        if solver.snapshot().iteration == before && solver.status() == Status::Running {
            // A solver that cannot advance is out of budget.
            break RunState::Exhausted;
        }
        if dt < Duration::from_millis(5) && chunk < 1 << 24 {
            chunk *= 2;
        } else if dt > Duration::from_millis(40) && chunk > 1 {
            chunk /= 2;
        }
    };
    let snap = solver.snapshot();
    let mut u = Update::new(0, state);
    u.points.push(super::runner::Point {
        iteration: snap.iteration,
        energy: snap.energy,
        best: snap.best_energy,
        values: Vec::new(),
    });
    u.snapshot = Some(snap);
    u.outcome = Some(solver.outcome());
    u.profile = Some(profile);
    u.cpu = cpu;
    u.elapsed = t0.elapsed();
    u
}

/// The presets the screen races by default beside `current`: the moving
/// window, the two-phase reference and the GA, up to four lanes in all
/// (names that are not presets are skipped by the caller).
pub fn default_presets(current: &str) -> Vec<String> {
    let mut out = vec![current.to_string()];
    for p in ["mws", "reference", "ga", "sa-pll-conj"] {
        if out.len() < 4 && !out.iter().any(|o| o == p) {
            out.push(p.to_string());
        }
    }
    out
}
