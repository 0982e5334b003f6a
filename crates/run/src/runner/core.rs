//! [`Core`]: the runner's logic (commands, stepping, what to report),
//! independent of threads, channels and clocks other than its own timer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use super::cpu::read_bias;
use super::cpu::thread_cpu_time;
use super::measure::ToSolved;
use super::protocol::{Change, Command, Mark, Point, RunState, Speed, Update};
use crate::numbers::knob;
use cubetui_solve::api::{Solver, Status};

/// The runner's logic, independent of threads and clocks.
pub struct Core {
    solver: Option<Box<dyn Solver>>,
    state: RunState,
    speed: Speed,
    out: Update,
    dirty: bool,
    timed: bool,
    started: Option<Instant>,
    elapsed: Duration,
    /// Thread CPU time spent in `step` (timed cores only).
    cpu: Duration,
    /// What reading the thread clock adds to an interval (see `read_bias`).
    cpu_bias: Duration,
    /// When a running, timed core may next build an outcome (it can cost
    /// time proportional to the sequence length).
    next_outcome: Option<Instant>,
    /// The phase label of the last point, to mark changes.
    phase: Option<String>,
    /// Moves to solved from the best state (see [`super::measure`]), if
    /// measured.
    to_solved: Option<ToSolved>,
    /// Woken by the measuring thread with each result (timed cores).
    wake: Arc<Notify>,
}

/// A running solver's outcome is rebuilt at most this often, and never
/// more often than 200 times its own cost, so it takes ≤ 0.5 % of the time.
const OUTCOME_EVERY: Duration = Duration::from_millis(1000);

impl Core {
    /// A core with no solver; `timed` measures running wall time.
    pub fn new(speed: Speed, timed: bool) -> Core {
        Core {
            solver: None,
            state: RunState::Idle,
            speed,
            out: Update::new(0, RunState::Idle),
            dirty: false,
            timed,
            started: None,
            elapsed: Duration::ZERO,
            cpu: Duration::ZERO,
            cpu_bias: if timed { read_bias() } else { Duration::ZERO },
            next_outcome: None,
            phase: None,
            to_solved: None,
            wake: Arc::new(Notify::new()),
        }
        .measure(timed)
    }

    /// Measures moves to solved or not (timed cores do by default, untimed
    /// ones do not: see [`super::measure`]).
    pub fn measure(mut self, on: bool) -> Core {
        self.to_solved = on.then(|| self.new_measure());
        self
    }

    /// A fresh measure: on a thread of its own for timed cores.
    fn new_measure(&self) -> ToSolved {
        ToSolved::new(self.timed.then(|| Arc::clone(&self.wake)))
    }

    /// What the measuring thread wakes with each result (timed cores; see
    /// [`Core::measured`]).
    pub(super) fn measure_wake(&self) -> Arc<Notify> {
        Arc::clone(&self.wake)
    }

    /// Records the measuring thread's latest result, if one came in since
    /// the last point, as a point of its own, when not running (so a paused
    /// run shows it; a running one records it with its next batch).
    pub(super) fn measured(&mut self) {
        if self.state == RunState::Running {
            return;
        }
        let (cpu, throttled) = (self.cpu, self.speed != Speed::Unthrottled);
        let (Some(m), Some(solver)) = (self.to_solved.as_mut(), self.solver.as_ref()) else {
            return;
        };
        if let Some(v) = m.collect(cpu, throttled) {
            self.out.points.push(Point::of(&solver.snapshot(), v));
            self.dirty = true;
        }
    }

    /// The latest moves to solved (`NaN`: unknown or not measured).
    fn observe(&mut self, best: &cubetui_cube::AnyCube) -> f64 {
        let cpu = self.cpu;
        let throttled = self.speed != Speed::Unthrottled;
        self.to_solved
            .as_mut()
            .map_or(f64::NAN, |m| m.observe(best, cpu, throttled))
    }

    pub fn state(&self) -> RunState {
        self.state
    }

    pub fn speed(&self) -> Speed {
        self.speed
    }

    fn set_state(&mut self, s: RunState) {
        if self.timed {
            if s == RunState::Running && self.started.is_none() {
                self.started = Some(Instant::now());
            } else if s != RunState::Running
                && let Some(t) = self.started.take()
            {
                self.elapsed += t.elapsed();
            }
        }
        self.state = s;
    }

    /// Applies a command; returns false on `Stop`.
    pub fn apply(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Start => {
                if self.solver.is_some() && matches!(self.state, RunState::Idle | RunState::Paused)
                {
                    self.set_state(RunState::Running);
                }
            }
            Command::Pause => {
                if self.state == RunState::Running {
                    self.set_state(RunState::Paused);
                    // The reader gets the paused run's snapshot and outcome.
                    self.dirty = true;
                }
            }
            Command::Step(n) => {
                if self.solver.is_some() && !self.state.finished() {
                    self.set_state(RunState::Paused);
                    self.run(n);
                }
            }
            Command::Speed(s) => self.speed = s,
            Command::Generator(name) => {
                if let Some(solver) = self.solver.as_mut() {
                    let from = solver.snapshot().generator;
                    match solver.set_generator(&name) {
                        Ok(()) => {
                            let iteration = solver.snapshot().iteration;
                            self.out.marks.push(Mark {
                                iteration,
                                label: format!("generator → {name}"),
                            });
                            self.out.changes.push(Change::Generator {
                                iteration,
                                from,
                                to: name,
                            });
                            self.dirty = true;
                        }
                        Err(e) => self.out.push_error(e.to_string()),
                    }
                }
            }
            Command::SetParam { key, value } => self.set_param(&key, value),
            Command::Replace(solver, epoch) => {
                self.set_state(RunState::Idle);
                self.started = None;
                self.elapsed = Duration::ZERO;
                self.cpu = Duration::ZERO;
                self.solver = solver;
                self.out = Update::new(epoch, RunState::Idle);
                self.phase = None;
                if self.to_solved.is_some() {
                    self.to_solved = Some(self.new_measure());
                }
                if let Some(s) = &self.solver {
                    let snap = s.snapshot();
                    self.phase = snap.phase.clone();
                    let to_solved = self.observe(&snap.best);
                    self.out.points.push(Point::of(&snap, to_solved));
                }
                self.out.generators =
                    Some(self.solver.as_ref().map_or(Vec::new(), |s| s.generators()));
                self.out.profile = self.solver.as_ref().map(|s| s.profile());
                self.out.params =
                    Some(self.solver.as_ref().map_or(Vec::new(), |s| s.live_values()));
                self.dirty = true;
            }
            Command::Stop => {
                self.set_state(RunState::Stopped);
                return false;
            }
        }
        true
    }

    /// Changes a live parameter: a mark `key old→new` (the key's last
    /// dotted segment) and the new values on success, an error otherwise.
    fn set_param(&mut self, key: &str, value: f64) {
        let Some(solver) = self.solver.as_mut() else {
            self.out.push_error(format!("no run to change `{key}` in"));
            return;
        };
        let value_of =
            |values: &[(String, f64)]| values.iter().find(|(k, _)| k == key).map(|&(_, v)| v);
        let old = value_of(&solver.live_values());
        match solver.set_param(key, value) {
            Ok(()) => {
                let now = solver.live_values();
                let new = value_of(&now).unwrap_or(value);
                let leaf = key.rsplit('.').next().unwrap_or(key);
                let iteration = solver.snapshot().iteration;
                self.out.changes.push(Change::Knob {
                    iteration,
                    key: key.to_string(),
                    from: old,
                    to: value,
                });
                let old = old.map_or_else(|| "?".to_string(), knob);
                self.out.marks.push(Mark {
                    iteration,
                    label: format!("{leaf} {old}→{}", knob(new)),
                });
                self.out.params = Some(now);
                self.dirty = true;
            }
            Err(e) => self.out.push_error(e.to_string()),
        }
    }

    /// Runs up to `n` steps and records one point, and a mark if the
    /// phase label changed since the previous point (a change back to no
    /// phase is not marked: there is no label to draw).
    pub fn run(&mut self, n: u64) {
        self.run_within(n, &cubetui_solve::api::never);
    }

    /// [`Core::run`], the solver's long work inside a step (a big size's
    /// commutator catalogue, the searches that keep its history bounded)
    /// ending early once `halt` says so ([`cubetui_solve::Solver::step_within`]):
    /// the task stops it when a command comes.
    pub fn run_within(&mut self, n: u64, halt: cubetui_solve::Halt<'_>) {
        let Some(solver) = self.solver.as_mut() else {
            return;
        };
        let cpu0 = self.timed.then(thread_cpu_time);
        let status = solver.step_within(n, halt);
        if let Some(c) = cpu0 {
            self.cpu += thread_cpu_time()
                .saturating_sub(c)
                .saturating_sub(self.cpu_bias);
        }
        let snap = solver.snapshot();
        if snap.phase != self.phase {
            if let Some(label) = &snap.phase {
                self.out.marks.push(Mark {
                    iteration: snap.iteration,
                    label: label.clone(),
                });
            }
            self.phase = snap.phase.clone();
            // The live parameters may be the phase's own.
            self.out.params = Some(solver.live_values());
        }
        let to_solved = self.observe(&snap.best);
        self.out.points.push(Point::of(&snap, to_solved));
        self.dirty = true;
        match status {
            Status::Running => {}
            Status::Solved => self.set_state(RunState::Solved),
            Status::Exhausted => self.set_state(RunState::Exhausted),
        }
    }

    /// One frame's worth of work at the current speed, if running
    /// (unthrottled counts as `unthrottled_batch` steps).
    pub fn frame(&mut self, unthrottled_batch: u64) {
        if self.state == RunState::Running {
            match self.speed {
                Speed::PerFrame(n) => self.run(n),
                Speed::Unthrottled => self.run(unthrottled_batch),
            }
        }
    }

    /// Everything since the last call.
    pub fn take(&mut self) -> Update {
        let epoch = self.out.epoch;
        let mut u = std::mem::replace(&mut self.out, Update::new(epoch, self.state));
        u.state = self.state;
        if self.dirty {
            if let Some(s) = &self.solver {
                u.snapshot = Some(s.snapshot());
                let now = self.timed.then(Instant::now);
                let due = match (now, self.next_outcome) {
                    (Some(now), Some(next)) => self.state != RunState::Running || now >= next,
                    _ => true,
                };
                if due {
                    u.outcome = Some(s.outcome());
                    if let Some(now) = now {
                        let cost = now.elapsed();
                        self.next_outcome = Some(now + OUTCOME_EVERY.max(cost * 200));
                    }
                }
            }
            self.dirty = false;
        }
        u.cpu = self.cpu;
        u.elapsed = self.elapsed + self.started.map_or(Duration::ZERO, |t| t.elapsed());
        u
    }
}
