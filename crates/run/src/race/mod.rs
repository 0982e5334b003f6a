//! A race: 2–6 solver presets on one start state and one seed, side by
//! side. No threads and no terminal here: each lane is fed the [`Update`]s
//! of whatever drives its solver (an inline [`super::runner::Inline`] in
//! tests, one [`super::runner::Runner`] per lane on the screen, or
//! [`run_lane`] in a thread of its own headless), folded by the one
//! [`Track`] of the crate.
//!
//! Lanes are compared by their own CPU time (the solver thread's, see
//! [`super::runner::thread_cpu_time`]), so the comparison is fair on any
//! number of cores. Ranking ([`compare`]): solved lanes first; among them
//! the shorter solution (layer turns after
//! [`AnyAlg::simplified`](cubetui_cube::AnyAlg::simplified)), then less
//! CPU time; among
//! unsolved lanes the lower best energy, then less CPU time. Ties keep the
//! lanes' order.
//!
//! - [`rank`](mod@rank): the results table as data and the ranking rule;
//! - [`lane`](mod@lane): the headless driver of one lane.

pub mod lane;
pub mod rank;

use std::cmp::Ordering;
use std::time::Duration;

use thiserror::Error;

use super::runner::{Axis, RunState, Track, Update};
use cubetui_cube::AnyCube;
use cubetui_solve::api::{SolveError, Solver};
use cubetui_solve::preset::Presets;
use cubetui_solve::registry::build_any;

pub use lane::{run_lane, run_lane_streamed, run_lane_traced};
pub use rank::{LaneResult, Results, compare, rank};

/// Fewest lanes in a race.
pub const MIN_LANES: usize = 2;
/// Most lanes in a race.
pub const MAX_LANES: usize = 6;
/// Plot points kept per lane (thinned by the one policy, keeping each
/// bucket's lowest and highest point and always the latest).
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
    preset: String,
    /// 0 for the first lane to finish, 1 for the next, …
    finished: Option<usize>,
    /// Points on the lane's own CPU time (seconds).
    track: Track,
}

impl Lane {
    fn new(preset: String) -> Lane {
        Lane {
            preset,
            finished: None,
            track: Track::new(Axis::Cpu, LANE_POINTS),
        }
    }

    /// The preset's name.
    pub fn preset(&self) -> &str {
        &self.preset
    }

    /// 0 for the first lane to finish, 1 for the next, … (`None` while it runs).
    pub fn finished(&self) -> Option<usize> {
        self.finished
    }

    /// Everything the lane's solver has reported (x of the plot: CPU seconds).
    pub fn track(&self) -> &Track {
        &self.track
    }

    pub fn state(&self) -> RunState {
        self.track.state()
    }

    /// The solver thread's CPU time so far.
    pub fn cpu(&self) -> Duration {
        self.track.cpu()
    }

    /// Elementary steps so far.
    pub fn steps(&self) -> u64 {
        self.track.steps()
    }

    /// (CPU seconds, misplaced-sticker energy), oldest first.
    pub fn points(&self) -> &[(f64, f64)] {
        self.track.energy().points()
    }

    /// (CPU seconds, moves to solved from the best state), oldest first;
    /// only where the runner knew it (see [`crate::runner::measure`]).
    pub fn to_solved(&self) -> &[(f64, f64)] {
        self.track.to_solved().points()
    }

    /// This lane's line of the results table.
    pub fn result(&self) -> LaneResult {
        let t = &self.track;
        let (solved, htm, energy, solution) = match t.outcome() {
            Some(o) => {
                let s = o.solution.simplified();
                (o.solved, s.turns(), o.energy, s.to_string())
            }
            None => (
                false,
                0,
                t.snapshot().map_or(f64::NAN, |s| s.best_energy),
                String::new(),
            ),
        };
        LaneResult {
            rank: 0,
            preset: self.preset.clone(),
            state: t.state().name().to_string(),
            solved,
            htm,
            cpu_ms: t.cpu().as_secs_f64() * 1e3,
            steps: t.steps(),
            step: t.step_name().to_string(),
            energy,
            to_solved: t.latest_to_solved().map(|v| v as usize),
            solution,
        }
    }
}

/// A race in progress: its lanes and the order they finished in.
#[derive(Clone, Debug)]
pub struct Race {
    start: AnyCube,
    seed: u64,
    lanes: Vec<Lane>,
    finished: usize,
}

impl Race {
    /// A race of these lanes (names only; the caller drives the solvers).
    pub fn new(names: Vec<String>, start: AnyCube, seed: u64) -> Result<Race, RaceError> {
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

    /// A race of presets (names or aliases, looked up in `table`) and each
    /// lane's solver, built on the start state (of any size) with the
    /// race's seed ([`build_any`]).
    pub fn of_presets(
        table: &Presets,
        presets: &[&str],
        start: AnyCube,
        seed: u64,
    ) -> Result<(Race, Vec<Box<dyn Solver>>), RaceError> {
        let names = presets
            .iter()
            .map(|p| table.canonical(p.trim()).map(str::to_string))
            .collect::<Result<Vec<_>, _>>()?;
        let race = Race::new(names, start, seed)?;
        let solvers = race
            .lanes
            .iter()
            .map(|l| build_any(&table.get(&l.preset)?, &race.start, seed))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((race, solvers))
    }

    /// The start state every lane solves.
    pub fn start(&self) -> &AnyCube {
        &self.start
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The lanes, in the order they were named.
    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// Takes in lane `i`'s news from its driver.
    pub fn absorb(&mut self, i: usize, u: Update) {
        let Some(lane) = self.lanes.get_mut(i) else {
            return;
        };
        lane.track.absorb(u);
        if lane.state().finished() && lane.finished.is_none() {
            lane.finished = Some(self.finished);
            self.finished += 1;
        }
    }

    /// Whether every lane has finished.
    pub fn is_over(&self) -> bool {
        self.lanes.iter().all(|l| l.state().finished())
    }

    /// Whether any lane is running.
    pub fn is_running(&self) -> bool {
        self.lanes.iter().any(|l| l.state() == RunState::Running)
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
