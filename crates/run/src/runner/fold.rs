//! The one fold of runner [`Update`]s into what a reader shows: the latest
//! state, snapshot, outcome and profile, and the plotted history (bounded
//! by the one thinning policy, [`super::thin`]). The screen's single run
//! and every race lane ([`crate::race`]) are a [`Track`] each.

use std::time::Duration;

use super::protocol::{Mark, RunState, Update};
use super::thin::Series;
use cubetui_solve::api::{Outcome, Profile, Snapshot};

/// Where a point is placed on the x axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// At its iteration.
    Steps,
    /// At the CPU time (in seconds) the run had spent when it was taken:
    /// points between two updates are spread over the CPU time spent in
    /// between, in proportion to their steps.
    Cpu,
}

/// What a run has reported so far.
#[derive(Clone, Debug)]
pub struct Track {
    axis: Axis,
    cap: usize,
    state: RunState,
    profile: Option<Profile>,
    snapshot: Option<Snapshot>,
    outcome: Option<Outcome>,
    generators: Vec<String>,
    elapsed: Duration,
    cpu: Duration,
    /// Steps when the previous update came (to place points on CPU time).
    steps: u64,
    energy: Series,
    best: Series,
    /// The solver's own series, one per [`cubetui_solve::SeriesSpec`].
    values: Vec<Series>,
    /// Moves to solved (unknown points left out).
    to_solved: Series,
    /// The latest point's moves to solved (`NaN`: unknown).
    latest_to_solved: f64,
    marks: Vec<Mark>,
    /// The solver's live parameters now ([`Update::params`]).
    params: Vec<(String, f64)>,
    /// Each live parameter's value when it was first reported in this run
    /// (the preset's, as built): what a reset goes back to.
    initial: Vec<(String, f64)>,
}

impl Track {
    /// An idle run whose plotted series keep at most `cap` points each.
    pub fn new(axis: Axis, cap: usize) -> Track {
        Track {
            axis,
            cap,
            state: RunState::Idle,
            profile: None,
            snapshot: None,
            outcome: None,
            generators: Vec::new(),
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            steps: 0,
            energy: Series::new(cap),
            best: Series::new(cap),
            values: Vec::new(),
            to_solved: Series::new(cap),
            latest_to_solved: f64::NAN,
            marks: Vec::new(),
            params: Vec::new(),
            initial: Vec::new(),
        }
    }

    /// Starts over as an idle run with empty plots (the generators stay
    /// until the runner sends the new solver's).
    pub fn reset(&mut self) {
        let generators = std::mem::take(&mut self.generators);
        *self = Track {
            generators,
            ..Track::new(self.axis, self.cap)
        };
    }

    /// Folds `u` in (its epoch is the caller's business); returns the
    /// error it carried, if any.
    pub fn absorb(&mut self, u: Update) -> Option<String> {
        self.state = u.state;
        self.elapsed = u.elapsed;
        if u.profile.is_some() {
            self.profile = u.profile;
        }
        if let Some(g) = u.generators {
            self.generators = g;
        }
        if let Some(p) = u.params {
            for (k, v) in &p {
                if !self.initial.iter().any(|(i, _)| i == k) {
                    self.initial.push((k.clone(), *v));
                }
            }
            self.params = p;
        }
        if u.snapshot.is_some() {
            self.snapshot = u.snapshot;
        }
        if u.outcome.is_some() {
            self.outcome = u.outcome;
        }
        let (it0, cpu0) = (self.steps, self.cpu);
        let it1 = self.steps().max(it0);
        let cpu1 = u.cpu.max(cpu0);
        for p in &u.points {
            let x = match self.axis {
                Axis::Steps => p.iteration as f64,
                Axis::Cpu => {
                    let f = if it1 > it0 {
                        (p.iteration.clamp(it0, it1) - it0) as f64 / (it1 - it0) as f64
                    } else {
                        1.0
                    };
                    cpu0.as_secs_f64() + f * (cpu1 - cpu0).as_secs_f64()
                }
            };
            self.energy.push(x, p.energy);
            self.best.push(x, p.best);
            if self.values.len() < p.values.len() {
                let cap = self.cap;
                self.values.resize_with(p.values.len(), || Series::new(cap));
            }
            for (s, &v) in self.values.iter_mut().zip(&p.values) {
                s.push(x, v);
            }
            if !p.to_solved.is_nan() {
                self.to_solved.push(x, p.to_solved);
            }
            self.latest_to_solved = p.to_solved;
        }
        self.steps = it1;
        self.cpu = cpu1;
        self.marks.extend(u.marks);
        u.error
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    pub fn profile(&self) -> Option<&Profile> {
        self.profile.as_ref()
    }

    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.snapshot.as_ref()
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Generators the solver can switch between.
    pub fn generators(&self) -> &[String] {
        &self.generators
    }

    /// Wall time spent running.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The solver thread's CPU time so far (never decreasing).
    pub fn cpu(&self) -> Duration {
        self.cpu
    }

    /// Elementary steps so far (the latest snapshot's iteration).
    pub fn steps(&self) -> u64 {
        self.snapshot.as_ref().map_or(0, |s| s.iteration)
    }

    /// What one step is called ("step" until the profile came).
    pub fn step_name(&self) -> &'static str {
        self.profile.as_ref().map_or("step", |p| p.step)
    }

    pub fn energy(&self) -> &Series {
        &self.energy
    }

    pub fn best(&self) -> &Series {
        &self.best
    }

    /// The solver's own series, one per [`cubetui_solve::SeriesSpec`] of its profile.
    pub fn values(&self) -> &[Series] {
        &self.values
    }

    /// Moves to solved from the best state, as measured (see
    /// [`super::measure`]); points where it was unknown are left out.
    pub fn to_solved(&self) -> &Series {
        &self.to_solved
    }

    /// The latest moves to solved, if known.
    pub fn latest_to_solved(&self) -> Option<f64> {
        Some(self.latest_to_solved).filter(|v| !v.is_nan())
    }

    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The solver's live parameters and their current values, as it
    /// reported them last.
    pub fn params(&self) -> &[(String, f64)] {
        &self.params
    }

    /// The current value of live parameter `key`.
    pub fn param(&self, key: &str) -> Option<f64> {
        self.params.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
    }

    /// The value live parameter `key` had when the run first reported it
    /// (the preset's, as built).
    pub fn initial_param(&self, key: &str) -> Option<f64> {
        self.initial.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::protocol::Point;

    fn point(iteration: u64, energy: f64) -> Point {
        Point {
            iteration,
            energy,
            best: energy,
            values: vec![energy * 2.0],
            to_solved: f64::NAN,
        }
    }

    #[test]
    fn points_go_on_steps_or_on_cpu_time() {
        let mut u = Update::new(1, RunState::Running);
        u.points = vec![point(0, 40.0), point(50, 30.0)];
        u.cpu = Duration::from_millis(100);
        u.error = Some("oops".into());
        let mut steps = Track::new(Axis::Steps, 64);
        assert_eq!(steps.absorb(u.clone()), Some("oops".into()));
        assert_eq!(steps.energy().points(), [(0.0, 40.0), (50.0, 30.0)]);
        assert_eq!(steps.values()[0].points(), [(0.0, 80.0), (50.0, 60.0)]);
        // No snapshot says how far the run got: the points sit at the new CPU time.
        let mut cpu = Track::new(Axis::Cpu, 64);
        cpu.absorb(u);
        assert_eq!(cpu.energy().points(), [(0.1, 40.0), (0.1, 30.0)]);
        assert_eq!(cpu.state(), RunState::Running);
        assert_eq!(cpu.cpu(), Duration::from_millis(100));
    }
}
