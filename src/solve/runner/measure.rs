//! Moves to solved: one progress measure every solver shares, computed here
//! in the runner (the solvers know nothing of it). It is the length in face
//! turns (HTM) of a two-phase solution ([`crate::solve::reference`]) from the
//! solver's *best* state, upright (whole-cube turns do not count).
//!
//! The search is short and capped, so the length is an upper bound, *not*
//! the optimum: the first two-phase solution found, improved for the rest
//! of that slice (stopping early at [`TARGET`] moves). On a random state it
//! is typically 20–22 moves where the optimum is 17–20.
//!
//! - A solved best state is 0 at once, without a search (or the tables).
//! - Until the process-wide reference tables are in memory
//!   ([`cache::ready`]; this module never loads them, someone else starts
//!   that, see [`cache::warm_up`]), or when no solution turned up within
//!   [`GIVE_UP`] nodes, the measure is unknown: `NaN` (the plots show
//!   nothing rather than a guess).
//! - A search runs in slices between step batches, on the solver's thread;
//!   one search is in flight at a time, for the best state it started on
//!   (its length is published when it ends, even if the best has moved on
//!   since). A new search starts only when the best state changed.
//! - Slices are rate-limited:
//!   - timed (the [`super::Runner`]'s thread): at most every [`EVERY`]
//!     (≈ 5 a second), and only once the solver's steps have had
//!     [`COST_SHARE`] times the previous slice's CPU time (so the slices
//!     take ≤ 1 % of the solver's CPU time, however busy the machine) or,
//!     at a set speed (which leaves the thread idle between frames), once
//!     that much wall time has passed; a slice stops after [`TIME_CAP`] of
//!     wall time. This time is not counted in the CPU time
//!     the runner reports for the steps (what a race compares);
//!   - untimed (the [`super::Inline`] driver, only when asked with
//!     [`super::Inline::with_measure`]): at most every [`INLINE_EVERY`]
//!     calls, each slice [`SLICE_NODES`] nodes, so it is deterministic once
//!     the tables are loaded.
//!
//! The headless race ([`crate::solve::race::run_lane`]) measures each
//! lane's final best state once, if the tables are loaded.
//!
//! Between results the latest value stands (the length of an earlier best
//! state, never a guess about the new one).
//!
//! Other sizes: on the 2×2 the measure is exact, the optimal distance of
//! the best state from the pocket table ([`crate::solve::pocket`], built or
//! loaded on first use, about 0.2 s at worst), at once; past the 3×3 there is
//! no reference and it is always unknown (`NaN`, "no reference for NxN").

use std::time::{Duration, Instant};

use super::cpu::thread_cpu_time;
use crate::cube::nxn::Size;
use crate::cube::{AnyCube, Cube};
use crate::solve::pocket;
use crate::solve::reference::{MultiSearch, Tables, cache};

/// Longest solution the search accepts.
const MAX_LEN: usize = 30;
/// The search stops as soon as it has a solution this short.
pub const TARGET: usize = 20;
/// Nodes between two looks at the clock (a few tens of µs).
const CHUNK: u64 = 2_000;
/// Nodes of one untimed slice.
pub const SLICE_NODES: u64 = 150_000;
/// Nodes after which a search without a solution gives up (unknown).
pub const GIVE_UP: u64 = 5_000_000;
/// Most wall time one slice takes (timed runners).
pub const TIME_CAP: Duration = Duration::from_millis(5);
/// Timed runners run a slice at most this often.
pub const EVERY: Duration = Duration::from_millis(200);
/// ... and only once the solver's steps have taken this many times the
/// previous slice's CPU time since it.
pub const COST_SHARE: u32 = 100;
/// The inline driver runs a slice at most every this many calls (a call is
/// a frame: about 5 a second at 60 frames per second).
pub const INLINE_EVERY: u32 = 12;

/// The length of a two-phase solution of `cube` (seen upright) found within
/// `nodes` search nodes and, if set, `time` (a solution found, it still
/// improves it until either is spent); `Some(0)` when solved, `None` when no
/// solution turned up (or the cube is not a reachable state).
pub fn moves_to_solved(
    t: &Tables,
    cube: &Cube,
    nodes: u64,
    time: Option<Duration>,
) -> Option<usize> {
    if cube.is_solved() {
        return Some(0);
    }
    let mut search = MultiSearch::new(t, &cube.upright(), MAX_LEN, TARGET).ok()?;
    slice(&mut search, nodes, time);
    search.best().map(|a| a.len())
}

/// Moves to solved from `cube` of any size, with what is at hand: on the
/// 3×3 [`moves_to_solved`] once the reference tables are loaded (`nodes`
/// search nodes), on the 2×2 the optimal distance ([`pocket::distance`]),
/// elsewhere (or for a state that is no cube) `None`.
pub fn moves_to_solved_any(cube: &AnyCube, nodes: u64) -> Option<usize> {
    if cube.is_solved() {
        return Some(0);
    }
    match cube {
        AnyCube::Three(c) => cache::ready()
            .then(|| moves_to_solved(cache::tables(), c, nodes, None))
            .flatten(),
        AnyCube::Nxn(c) if c.size() == Size::TWO => pocket::distance(c).ok(),
        AnyCube::Nxn(_) => None,
    }
}

/// Advances `search` by up to `nodes` nodes and `time`; returns whether it
/// is over (finished, or a solution is known).
fn slice(search: &mut MultiSearch<'_>, nodes: u64, time: Option<Duration>) -> bool {
    let started = Instant::now();
    let limit = search.nodes().saturating_add(nodes);
    while !search.finished() && search.nodes() < limit {
        if time.is_some_and(|cap| started.elapsed() >= cap) {
            break;
        }
        search.run(CHUNK.min(limit - search.nodes()));
    }
    search.finished() || search.best().is_some()
}

/// The measure's state for one run (see the module doc).
pub(super) struct ToSolved {
    timed: bool,
    /// The best state last searched (or found solved).
    last: Option<AnyCube>,
    /// The search in flight.
    search: Option<MultiSearch<'static>>,
    /// The latest result (`NaN`: unknown).
    value: f64,
    /// Timed: when the next slice may start, the CPU time the solver's
    /// steps must have reached by then, and when a throttled run may have
    /// the next slice whatever its steps took.
    next: Option<(Instant, Duration, Instant)>,
    /// Untimed: calls to wait before the next slice.
    wait: u32,
    /// Wall time the last call spent searching (zero when no slice ran).
    spent: Duration,
}

impl ToSolved {
    pub(super) fn new(timed: bool) -> ToSolved {
        ToSolved {
            timed,
            last: None,
            search: None,
            value: f64::NAN,
            next: None,
            wait: 0,
            spent: Duration::ZERO,
        }
    }

    /// Wall time the last [`ToSolved::observe`] spent searching (timed; zero
    /// when no slice ran).
    pub(super) fn spent(&self) -> Duration {
        self.spent
    }

    /// Looks at the best state now: a solved one is 0 at once; otherwise a
    /// slice of search runs when the rate limit and the tables allow (the
    /// search in flight, or a new one if the best state changed). Returns
    /// the latest value.
    ///
    /// `steps_cpu` is the CPU time the solver's steps have taken so far
    /// (timed runners; slices are spaced by it); `throttled`: the run steps
    /// at a set speed, so it has idle time between frames and slices are
    /// spaced by wall time too.
    pub(super) fn observe(&mut self, best: &AnyCube, steps_cpu: Duration, throttled: bool) -> f64 {
        self.wait = self.wait.saturating_sub(1);
        self.spent = Duration::ZERO;
        let changed = self.last.as_ref() != Some(best);
        if changed && best.is_solved() {
            self.last = Some(best.clone());
            self.search = None;
            self.value = 0.0;
            return self.value;
        }
        let best = match best {
            AnyCube::Three(c) => c,
            // Exact at once on the 2×2; no reference past the 3×3.
            AnyCube::Nxn(_) => {
                if changed {
                    self.last = Some(best.clone());
                    self.value = moves_to_solved_any(best, 0).map_or(f64::NAN, |n| n as f64);
                }
                return self.value;
            }
        };
        if !(changed || self.search.is_some()) || !cache::ready() {
            return self.value;
        }
        let now = self.timed.then(Instant::now);
        match now {
            Some(now)
                if self.next.is_some_and(|(at, cpu, idle)| {
                    now < at || (steps_cpu < cpu && !(throttled && now >= idle))
                }) =>
            {
                return self.value;
            }
            None if self.wait > 0 => return self.value,
            _ => {}
        }
        let cpu0 = self.timed.then(thread_cpu_time);
        if self.search.is_none() {
            self.last = Some(AnyCube::Three(*best));
            match MultiSearch::new(cache::tables(), &best.upright(), MAX_LEN, TARGET) {
                Ok(s) => self.search = Some(s),
                Err(_) => {
                    self.value = f64::NAN;
                    return self.value;
                }
            }
        }
        if let Some(search) = self.search.as_mut() {
            let (nodes, time) = if self.timed {
                (GIVE_UP, Some(TIME_CAP))
            } else {
                (SLICE_NODES, None)
            };
            let over = slice(search, nodes, time);
            if over || search.nodes() >= GIVE_UP {
                self.value = search.best().map_or(f64::NAN, |a| a.len() as f64);
                self.search = None;
            }
        }
        match (now, cpu0) {
            (Some(now), Some(cpu0)) => {
                // The solver's steps get COST_SHARE times the slice's CPU
                // time before the next (on a busy machine wall time is
                // mostly other processes').
                let cost = thread_cpu_time().saturating_sub(cpu0);
                self.spent = now.elapsed();
                let spacing = cost * COST_SHARE;
                self.next = Some((now + EVERY, steps_cpu + spacing, now + spacing));
            }
            _ => self.wait = INLINE_EVERY,
        }
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::random::{random_state, rng_from_seed};

    #[test]
    fn a_solved_state_is_zero_without_tables() {
        let mut m = ToSolved::new(false);
        assert_eq!(
            m.observe(&Cube::solved().into(), Duration::ZERO, false),
            0.0
        );
    }

    #[test]
    fn the_2x2_is_measured_exactly_at_once_and_bigger_cubes_not_at_all() {
        use crate::cube::nxn::NxnCube;
        let two = NxnCube::solved(Size::TWO)
            .after(&"R U2 F' R' U".parse().unwrap())
            .unwrap();
        let d = pocket::distance(&two).unwrap();
        let mut m = ToSolved::new(false);
        assert_eq!(
            m.observe(&two.clone().into(), Duration::ZERO, false),
            d as f64
        );
        assert_eq!(moves_to_solved_any(&two.into(), 0), Some(d));
        let four = NxnCube::solved(Size::new(4).unwrap())
            .after(&"R 2U".parse().unwrap())
            .unwrap();
        assert!(
            m.observe(&four.clone().into(), Duration::ZERO, false)
                .is_nan()
        );
        assert_eq!(moves_to_solved_any(&four.into(), GIVE_UP), None);
        let solved = AnyCube::solved(Size::new(5).unwrap());
        assert_eq!(m.observe(&solved, Duration::ZERO, false), 0.0);
    }

    #[test]
    fn the_length_solves_the_state() {
        let t = cache::tables();
        let mut rng = rng_from_seed(5);
        for _ in 0..3 {
            let c = random_state(&mut rng);
            let n = moves_to_solved(t, &c, GIVE_UP, None).expect("a solution");
            assert!((15..=MAX_LEN).contains(&n), "{n}");
        }
    }

    #[test]
    fn an_untimed_measure_comes_in_slices_and_is_deterministic() {
        cache::tables();
        let c = random_state(&mut rng_from_seed(8));
        let run = || {
            let mut m = ToSolved::new(false);
            (0..2_000)
                .map(|_| m.observe(&c.into(), Duration::ZERO, false))
                .find(|v| !v.is_nan())
                .expect("known within 2000 calls")
        };
        let first = run();
        assert_eq!(first, run());
        let exact = moves_to_solved(cache::tables(), &c, GIVE_UP, None).unwrap();
        assert!(first >= exact as f64 - 2.0 && first <= MAX_LEN as f64);
    }
}
