//! Solvers with scripted behaviour for the runner tests: slow, blocked,
//! panicking, and one with spikes, dips and phase changes at known
//! iterations. Their snapshots start from the toy's and change only the
//! fields under test.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use cubetui_cube::{Alg, Cube};
use cubetui_solve::{Outcome, Profile, Snapshot, Solver, Status};

use super::Toy;

/// A toy to borrow snapshots and outcomes from.
fn base() -> Toy {
    let alg: Alg = "R U".parse().unwrap();
    Toy::new(Cube::solved().after(&alg), &alg)
}

fn snapshot_at(iteration: u64) -> Snapshot {
    let mut s = base().snapshot();
    s.iteration = iteration;
    s
}

/// A solver whose step panics.
pub struct Broken;

impl Solver for Broken {
    fn profile(&self) -> Profile {
        base().profile()
    }
    fn step(&mut self, _n: u64) -> Status {
        panic!("broken solver (expected by the test)");
    }
    fn status(&self) -> Status {
        Status::Running
    }
    fn snapshot(&self) -> Snapshot {
        snapshot_at(0)
    }
    fn outcome(&self) -> Outcome {
        base().outcome()
    }
}

/// A solver whose steps are slow (100 µs each) and never finish.
pub struct Slow(pub u64);

impl Solver for Slow {
    fn profile(&self) -> Profile {
        base().profile()
    }
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            std::thread::sleep(Duration::from_micros(100));
            self.0 += 1;
        }
        Status::Running
    }
    fn status(&self) -> Status {
        Status::Running
    }
    fn snapshot(&self) -> Snapshot {
        snapshot_at(self.0)
    }
    fn outcome(&self) -> Outcome {
        base().outcome()
    }
}

/// A solver whose first step never returns: it waits on a barrier nobody
/// else reaches. `entered` is set once the step has begun.
pub struct Blocked {
    pub entered: Arc<AtomicBool>,
    gate: Arc<Barrier>,
}

impl Blocked {
    /// A blocked solver that sets `entered` when its step begins.
    pub fn new(entered: Arc<AtomicBool>) -> Blocked {
        Blocked {
            entered,
            gate: Arc::new(Barrier::new(2)),
        }
    }
}

impl Solver for Blocked {
    fn profile(&self) -> Profile {
        base().profile()
    }
    fn step(&mut self, _n: u64) -> Status {
        self.entered.store(true, Ordering::SeqCst);
        self.gate.wait();
        Status::Running
    }
    fn status(&self) -> Status {
        Status::Running
    }
    fn snapshot(&self) -> Snapshot {
        snapshot_at(0)
    }
    fn outcome(&self) -> Outcome {
        base().outcome()
    }
}

/// Iterations between spikes (energy [`HIGH`]).
pub const SPIKE: u64 = 997;
/// Iterations between dips (energy [`LOW`]), where there is no spike.
pub const DIP: u64 = 1499;
/// Iterations per phase: the phase label is `phase {iteration / PHASE}`.
pub const PHASE: u64 = 1000;
pub const HIGH: f64 = 1000.0;
pub const LOW: f64 = 0.0;

/// The scripted energy at an iteration: 10 (give or take a little noise),
/// with spikes and dips.
pub fn energy_at(it: u64) -> f64 {
    if it > 0 && it.is_multiple_of(SPIKE) {
        HIGH
    } else if it > 0 && it.is_multiple_of(DIP) {
        LOW
    } else {
        10.0 + (it % 7) as f64 * 0.1
    }
}

/// Advances one iteration per `step` call (whatever `n` asks) until `end`,
/// so every runner batch is one known point; energy from [`energy_at`],
/// phase from [`PHASE`]. `done` is set when it is exhausted.
pub struct Scripted {
    iteration: u64,
    end: u64,
    pub done: Arc<AtomicBool>,
}

impl Scripted {
    pub fn new(end: u64) -> Scripted {
        Scripted {
            iteration: 0,
            end,
            done: Arc::new(AtomicBool::new(false)),
        }
    }
}

impl Solver for Scripted {
    fn profile(&self) -> Profile {
        base().profile()
    }
    fn step(&mut self, _n: u64) -> Status {
        if self.iteration < self.end {
            self.iteration += 1;
        }
        let s = self.status();
        if s != Status::Running {
            self.done.store(true, Ordering::SeqCst);
        }
        s
    }
    fn status(&self) -> Status {
        if self.iteration >= self.end {
            Status::Exhausted
        } else {
            Status::Running
        }
    }
    fn snapshot(&self) -> Snapshot {
        let mut s = snapshot_at(self.iteration);
        s.energy = energy_at(self.iteration);
        s.best_energy = s.energy;
        s.phase = Some(format!("phase {}", self.iteration / PHASE));
        s.status = self.status();
        s
    }
    fn outcome(&self) -> Outcome {
        base().outcome()
    }
}
