//! The phase driver as a [`Solver`].

use super::driver::{MakeSearch, Phased};
use super::ladder::Ladder;
use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::popstats::POPULATION_SERIES;

/// A phase run up ladder `L`: the solver behind `phases-es`, `phases-ga`
/// and `phases-sa`.
pub struct PhaseSolver<L: Ladder> {
    step_name: &'static str,
    /// The searches have populations (reported as population series).
    population: bool,
    run: Phased<L>,
}

impl<L: Ladder> PhaseSolver<L> {
    /// A run up `ladder` from its upright `start` state.
    /// `population`: the searches `make` builds have populations.
    pub fn new(
        step_name: &'static str,
        population: bool,
        ladder: L,
        make: MakeSearch<L>,
        start: L::State,
        seed: u64,
        max_steps: u64,
    ) -> PhaseSolver<L> {
        PhaseSolver {
            step_name,
            population,
            run: Phased::new(ladder, make, start, seed, max_steps),
        }
    }

    /// The phase driver.
    pub fn run(&self) -> &Phased<L> {
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

impl<L: Ladder> Solver for PhaseSolver<L> {
    fn step(&mut self, n: u64) -> Status {
        self.run.step(n)
    }

    fn status(&self) -> Status {
        self.run.status()
    }

    fn snapshot(&self) -> Snapshot {
        let (current, energy, _) = self.run.state(false);
        let (best, best_energy, len) = self.run.state(true);
        let (fitness, now) = self.run.phase_fitness();
        Snapshot {
            iteration: self.run.iteration(),
            energy: f64::from(energy),
            best_energy: f64::from(best_energy),
            current,
            best,
            sequence_len: len,
            generator: None,
            phase: Some(self.run.phase_label()),
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
                SeriesSpec::new("phase length", 0).short("length"),
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
        let (_, energy, _) = self.run.state(true);
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
        if self.run.ladder().repeats() {
            extra.insert("climbs".into(), self.run.climbs().into());
            extra.insert("climbs_given_up".into(), self.run.abandoned().into());
        }
        Outcome {
            solved,
            solution,
            energy: f64::from(energy),
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
