//! A throwaway solver for the tests (no shipped preset names it), registered by the
//! steps in the registry's module doc (its own module, one `solvers!` line,
//! its preset file `assets/test-presets/throwaway.toml`), so the suite proves
//! those steps are enough. Its algorithm: try every single face turn in
//! order, one per step, and stop at the first that solves the start. Its
//! one parameter is live (the runner's and the knobs panel's tests change
//! it during a run).

use serde::{Deserialize, Serialize};

use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use cubetui_cube::{Alg, Cube};

/// The 18 face turns the solver tries, in order.
const TURNS: [&str; 18] = [
    "U", "U'", "U2", "D", "D'", "D2", "L", "L'", "L2", "R", "R'", "R2", "F", "F'", "F2", "B", "B'",
    "B2",
];

/// Its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// Turns to try before giving up (at most 18).
    pub tries: u64,
}

/// Its one parameter, declared.
pub fn params() -> Vec<crate::params::ParamSpec> {
    use crate::params::{Live, ParamSpec, Scale};
    vec![ParamSpec::int(
        "tries",
        (0, 18),
        18,
        Scale::Linear,
        Live::Yes,
        "turns to try before giving up",
    )]
}

/// Builds a run for `start`.
pub fn build(p: &Params, start: Cube, _seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    if p.tries > TURNS.len() as u64 {
        return Err(SolveError::Parameter(format!("tries {} > 18", p.tries)));
    }
    Ok(Box::new(Throwaway {
        start,
        tries: p.tries,
        tried: 0,
        found: start.is_solved().then(Alg::default),
    }))
}

struct Throwaway {
    start: Cube,
    tries: u64,
    tried: u64,
    found: Option<Alg>,
}

impl Solver for Throwaway {
    fn profile(&self) -> Profile {
        Profile {
            step: "try",
            series: vec![SeriesSpec::new("tried", 0)],
        }
    }

    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status() != Status::Running {
                break;
            }
            let Some(turn) = TURNS.get(self.tried as usize) else {
                break;
            };
            self.tried += 1;
            let alg: Alg = turn.parse().unwrap_or_default();
            if self.start.after(&alg).is_solved() {
                self.found = Some(alg);
            }
        }
        self.status()
    }

    fn status(&self) -> Status {
        match (&self.found, self.tried >= self.tries) {
            (Some(_), _) => Status::Solved,
            (None, true) => Status::Exhausted,
            (None, false) => Status::Running,
        }
    }

    fn snapshot(&self) -> Snapshot {
        let best = self
            .found
            .as_ref()
            .map_or(self.start, |a| self.start.after(a));
        let energy = f64::from(best.misplaced());
        Snapshot {
            iteration: self.tried,
            energy,
            best_energy: energy,
            current: best.into(),
            best: best.into(),
            sequence_len: self.found.as_ref().map_or(0, Alg::len),
            generator: None,
            phase: None,
            status: self.status(),
            last_step: None,
            exhausted_by: None,
            rows: Vec::new(),
            values: vec![self.tried as f64],
        }
    }

    fn outcome(&self) -> Outcome {
        let snap = self.snapshot();
        Outcome {
            solved: self.found.is_some(),
            solution: self.found.clone().unwrap_or_default().into(),
            energy: snap.best_energy,
            iterations: self.tried,
            extra: serde_json::Map::new(),
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        vec![("tries".into(), self.tries as f64)]
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        if key != "tries" {
            return Err(SolveError::Parameter(format!(
                "unknown key `{key}` (valid keys: tries)"
            )));
        }
        if value.fract() != 0.0 || !(0.0..=18.0).contains(&value) {
            return Err(SolveError::Parameter(format!(
                "`tries` takes a whole number from 0 to 18, got {value}"
            )));
        }
        self.tries = value as u64;
        Ok(())
    }
}
