//! The phase driver as a [`Solver`].

use super::driver::{MakeSearch, Phased, phase_label};
use crate::cube::Cube;
use crate::solve::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::solve::popstats::POPULATION_SERIES;

/// A phase run: the solver behind `phases-es`, `phases-ga` and `phases-sa`.
pub struct PhaseSolver {
    step_name: &'static str,
    /// The searches have populations (reported as population series).
    population: bool,
    run: Phased,
}

impl PhaseSolver {
    /// A run from `start`; fails on a cube that cannot be solved.
    /// `population`: the searches `make` builds have populations.
    pub fn new(
        step_name: &'static str,
        population: bool,
        make: MakeSearch,
        start: Cube,
        seed: u64,
        max_steps: u64,
    ) -> Result<PhaseSolver, SolveError> {
        Ok(PhaseSolver {
            step_name,
            population,
            run: Phased::new(make, start, seed, max_steps)?,
        })
    }

    /// The phase driver.
    pub fn run(&self) -> &Phased {
        &self.run
    }

    /// The snapshot's values: phase fitness (best), length and current
    /// fitness, then the population series (NaN once no phase runs).
    fn values(&self, fitness: u32, now: u32) -> Vec<f64> {
        let mut v = vec![
            f64::from(fitness),
            self.run.phase_length() as f64,
            f64::from(now),
        ];
        if self.population {
            let stats = self.run.population().map(|p| p.values());
            v.extend(stats.unwrap_or([f64::NAN; POPULATION_SERIES.len()]));
        }
        v
    }

    /// What one elementary step is.
    pub fn step_name(&self) -> &'static str {
        self.step_name
    }
}

impl Solver for PhaseSolver {
    fn step(&mut self, n: u64) -> Status {
        self.run.step(n)
    }

    fn status(&self) -> Status {
        self.run.status()
    }

    fn snapshot(&self) -> Snapshot {
        let (current, _) = self.run.state(false);
        let (best, len) = self.run.state(true);
        let (fitness, now) = self.run.phase_fitness();
        Snapshot {
            iteration: self.run.iteration(),
            energy: f64::from(current.misplaced()),
            best_energy: f64::from(best.misplaced()),
            current: current.into(),
            best: best.into(),
            sequence_len: len,
            generator: None,
            phase: Some(phase_label(self.run.phase())),
            status: self.run.status(),
            last_step: self.run.last_step(),
            exhausted_by: self.run.exhausted_by(),
            rows: Vec::new(),
            values: self.values(fitness, now),
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: self.step_name,
            series: [
                // What the phase's search minimises (its best so far, and
                // the current sequence's): the main plot.
                SeriesSpec::new("phase fitness", 0).main().no_plot(),
                SeriesSpec::new("phase length", 0),
                SeriesSpec::new("current fitness", 0)
                    .main_current()
                    .no_plot()
                    .no_row(),
            ]
            .into_iter()
            .chain(POPULATION_SERIES.into_iter().filter(|_| self.population))
            .collect(),
        }
    }

    fn outcome(&self) -> Outcome {
        let (best, _) = self.run.state(true);
        let solved = self.run.status() == Status::Solved;
        let solution = self.run.best_solution();
        let mut extra = serde_json::Map::new();
        let lengths: Vec<serde_json::Value> = self
            .run
            .phase_lengths()
            .iter()
            .map(|&l| (l as u64).into())
            .collect();
        let steps: Vec<serde_json::Value> =
            self.run.phase_steps().iter().map(|&s| s.into()).collect();
        let restarts: Vec<serde_json::Value> = self
            .run
            .phase_restarts()
            .iter()
            .map(|&s| s.into())
            .collect();
        extra.insert("phase_lengths".into(), lengths.into());
        extra.insert("phase_steps".into(), steps.into());
        extra.insert("phase_restarts".into(), restarts.into());
        Outcome {
            solved,
            solution: solution.into(),
            energy: f64::from(best.misplaced()),
            iterations: self.run.iteration(),
            extra,
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.run.live_values()
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.run.set_param(key, value)
    }
}
