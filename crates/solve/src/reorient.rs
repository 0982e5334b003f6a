//! Starts whose centres are not at home (given after `y`, `M`, `E2`, `Rw`, …):
//! the whole-cube rotation that brings the centres home is applied to the start,
//! any solver runs on that centred state, and the rotation is prefixed to the
//! reported solution, so the solution still replays on the state as given.

use crate::api::{Outcome, Profile, Snapshot, SolveError, Solver, Status};
use cubetui_cube::{Alg, Cube};

/// The 24 whole-cube rotations as algorithms (`""`, `y`, `x y2`, …).
fn rotation_algs() -> impl Iterator<Item = Alg> {
    const TILTS: [&str; 6] = ["", "x", "x2", "x'", "z", "z'"];
    const TURNS: [&str; 4] = ["", "y", "y2", "y'"];
    TILTS.into_iter().flat_map(|t| {
        TURNS.into_iter().map(move |y| {
            format!("{t} {y}")
                .parse::<Alg>()
                .expect("rotation notation is valid")
        })
    })
}

/// The rotation (empty when the centres are already home) that brings the
/// centres of `start` home, and the centred state; `None` when no rotation
/// does (repeated or mirrored centres).
pub fn reorient(start: &Cube) -> Option<(Alg, Cube)> {
    rotation_algs()
        .map(|r| {
            let c = start.after(&r);
            (r, c)
        })
        .find(|(_, c)| c.centres_home())
}

/// A solver running on the centred state; its solutions start with the rotation.
pub struct Reoriented {
    rotation: Alg,
    inner: Box<dyn Solver>,
}

impl Reoriented {
    /// Wraps `inner`, which was built on `start` after `rotation`.
    pub fn new(rotation: Alg, inner: Box<dyn Solver>) -> Reoriented {
        Reoriented { rotation, inner }
    }
}

impl Solver for Reoriented {
    fn profile(&self) -> Profile {
        self.inner.profile()
    }

    fn step(&mut self, n: u64) -> Status {
        self.inner.step(n)
    }

    fn step_within(&mut self, n: u64, halt: crate::api::Halt<'_>) -> Status {
        self.inner.step_within(n, halt)
    }

    fn status(&self) -> Status {
        self.inner.status()
    }

    fn snapshot(&self) -> Snapshot {
        self.inner.snapshot()
    }

    fn iteration(&self) -> u64 {
        self.inner.iteration()
    }

    fn outcome(&self) -> Outcome {
        let mut out = self.inner.outcome();
        if let Some(solution) = out.solution.three() {
            let moves = self
                .rotation
                .moves()
                .iter()
                .chain(solution.moves())
                .copied()
                .collect();
            out.solution = Alg::new(moves).into();
        }
        out.extra
            .insert("reoriented".into(), self.rotation.to_string().into());
        out
    }

    fn generators(&self) -> Vec<String> {
        self.inner.generators()
    }

    fn set_generator(&mut self, name: &str) -> Result<(), SolveError> {
        self.inner.set_generator(name)
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.inner.live_values()
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.inner.set_param(key, value)
    }
}
