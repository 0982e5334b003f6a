//! `Measurer`: the thread that measures moves to solved for a timed
//! runner, so the solver's thread never waits for a search (see
//! [`super::measure`] for what is measured).
//!
//! The runner hands over its newest best state at most once per step
//! batch (`Measurer::exchange`); a state not yet started is replaced by a
//! newer one. The thread measures one state at a time, whole
//! (with the runner's measure, `measure::settled`: the same value the
//! untimed slices reach for that state),
//! then publishes the length and wakes the runner's task (which records it
//! even while paused). Its budget:
//!
//! - at most one measure every [`EVERY`] (one screen frame);
//! - after a measure that took `c` of the thread's CPU time, the next waits
//!   until the solver's steps have had [`COST_SHARE`]`·c` of CPU time more
//!   (or, at a set speed, which leaves the solver idle between frames, that
//!   much wall time): the measure takes at most 1/[`COST_SHARE`] of the
//!   solver's CPU time, on another core when the machine has one.
//!
//! With the reference at about 1–2 ms a state, a solver that improves its
//! best state every frame is measured every frame; a slow measure (a hard
//! state) only spaces the next one out. Dropping the measurer ends the
//! thread after the search in progress (it is never joined).

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use super::cpu::thread_cpu_time;
use cubetui_cube::Cube;

/// How a state is measured: its moves to solved, `None` when unknown.
pub(super) type Measure = fn(&Cube) -> Option<usize>;

/// At most one measure this often (a screen frame).
pub const EVERY: Duration = super::protocol::FRAME;
/// The solver's steps get this many times a measure's CPU time before the
/// next measure starts.
pub const COST_SHARE: u32 = 5;
/// How often a measure waiting for the solver's CPU time looks again.
const POLL: Duration = Duration::from_millis(4);

/// What the runner and the thread share.
#[derive(Default)]
struct Slot {
    /// The newest best state not yet started.
    want: Option<Cube>,
    /// The latest length not yet collected (`NaN`: no solution found).
    done: Option<f64>,
    /// The solver's steps' CPU time so far.
    steps_cpu: Duration,
    /// The run steps at a set speed (idle between frames).
    throttled: bool,
    /// The runner dropped the measurer.
    closed: bool,
}

struct Shared {
    slot: Mutex<Slot>,
    cv: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Slot> {
        // A panic while holding the lock leaves plain data: go on with it.
        self.slot.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The runner's handle on its measuring thread (see the module doc).
pub(super) struct Measurer {
    shared: Arc<Shared>,
}

impl Measurer {
    /// Starts the thread, which measures each state with `measure` and
    /// wakes `wake` after each result; `None` when the OS refuses a thread
    /// (the measure then stays unknown).
    pub(super) fn spawn(wake: Arc<Notify>, measure: Measure) -> Option<Measurer> {
        let shared = Arc::new(Shared {
            slot: Mutex::new(Slot::default()),
            cv: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("to-solved".into())
            .spawn(move || work(&theirs, &wake, measure))
            .ok()?;
        Some(Measurer { shared })
    }

    /// Hands over `want` (the newest best state, when it changed), says how
    /// much CPU time the solver's steps have had, and collects the latest
    /// result, if one came since the last call.
    pub(super) fn exchange(
        &self,
        want: Option<Cube>,
        steps_cpu: Duration,
        throttled: bool,
    ) -> Option<f64> {
        let mut s = self.shared.lock();
        s.steps_cpu = steps_cpu;
        s.throttled = throttled;
        if want.is_some() {
            s.want = want;
            self.shared.cv.notify_one();
        }
        s.done.take()
    }
}

impl Drop for Measurer {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.cv.notify_one();
    }
}

/// When the next measure may start.
#[derive(Clone, Copy)]
struct Pace {
    /// Not before this ([`EVERY`] after the last).
    at: Instant,
    /// Once the solver's steps reached this CPU time …
    cpu: Duration,
    /// … or, at a set speed, from this instant.
    idle: Instant,
}

impl Pace {
    /// How long to wait before the next measure (`None`: start now).
    fn wait(&self, now: Instant, s: &Slot) -> Option<Duration> {
        if now < self.at {
            Some(self.at - now)
        } else if s.steps_cpu >= self.cpu || (s.throttled && now >= self.idle) {
            None
        } else if s.throttled {
            Some(POLL.min(self.idle - now))
        } else {
            Some(POLL)
        }
    }
}

/// The thread: waits for a state and its turn, measures, publishes.
fn work(shared: &Shared, wake: &Notify, measure: Measure) {
    let mut pace: Option<Pace> = None;
    loop {
        let cube = {
            let mut s = shared.lock();
            loop {
                if s.closed {
                    return;
                }
                if s.want.is_none() {
                    s = shared.cv.wait(s).unwrap_or_else(|e| e.into_inner());
                    continue;
                }
                match pace.and_then(|p| p.wait(Instant::now(), &s)) {
                    None => break,
                    Some(d) => {
                        s = shared
                            .cv
                            .wait_timeout(s, d)
                            .unwrap_or_else(|e| e.into_inner())
                            .0
                    }
                }
            }
            match s.want.take() {
                Some(c) => c,
                None => continue,
            }
        };
        let (t0, cpu0) = (Instant::now(), thread_cpu_time());
        let value = measure(&cube).map_or(f64::NAN, |n| n as f64);
        let cost = thread_cpu_time().saturating_sub(cpu0) * COST_SHARE;
        let mut s = shared.lock();
        s.done = Some(value);
        pace = Some(Pace {
            at: t0 + EVERY,
            cpu: s.steps_cpu + cost,
            idle: Instant::now() + cost,
        });
        drop(s);
        wake.notify_one();
    }
}
