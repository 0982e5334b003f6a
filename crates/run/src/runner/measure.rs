//! Moves to solved: one progress measure every solver shares, computed here
//! in the runner (the solvers know nothing of it). It is the length in face
//! turns (HTM) of a two-phase solution ([`cubetui_solve::reference`]) from the
//! solver's *best* state, upright (whole-cube turns do not count).
//!
//! The search is short and capped, so the length is an upper bound, *not*
//! the optimum: the first two-phase solution found, improved until the
//! slice of [`SLICE_NODES`] nodes it turned up in is spent (stopping early
//! at [`TARGET`] moves). On a random state it
//! is typically 20–22 moves where the optimum is 17–20.
//!
//! - A solved best state is 0 at once, without a search (or the tables).
//! - Until the process-wide reference tables are in memory
//!   ([`cache::ready`]; this module never loads them, someone else starts
//!   that, see [`cache::warm_up`]), or when no solution turned up within
//!   [`GIVE_UP`] nodes, the measure is unknown: `NaN` (the plots show
//!   nothing rather than a guess).
//! - Timed runners (the [`super::Runner`]'s) measure on a thread of their
//!   own ([`super::measurer`]), so the solver never waits for a search: each
//!   new best state is measured whole ([`settled`]), at most one a frame
//!   ([`super::measurer::EVERY`]) and within a CPU budget
//!   ([`super::measurer::COST_SHARE`]); a state handed over while a search
//!   runs replaces any older one still waiting. A result reaches the
//!   points recorded after it arrives (a paused runner records it at once).
//! - Untimed (the [`super::Inline`] driver, only when asked with
//!   [`super::Inline::with_measure`]): the search runs in slices between
//!   step batches, on the caller's thread, at most every [`INLINE_EVERY`]
//!   calls, each slice [`SLICE_NODES`] nodes; its length is published when
//!   it ends, even if the best has moved on since, and a new search starts
//!   only then. Deterministic once the tables are loaded, and the same value
//!   the thread finds for that state.
//!
//! The headless race ([`crate::race::run_lane`]) measures each
//! lane's final best state once, if the tables are loaded; traced
//! ([`crate::race::run_lane_traced`]) also at each traced point
//! ([`settled_any`]).
//!
//! Between results the latest value stands (the length of an earlier best
//! state, never a guess about the new one).
//!
//! Other sizes: on the 2×2 the measure is exact, the optimal distance of
//! the best state from the pocket table ([`cubetui_solve::pocket`], built or
//! loaded on first use, about 0.2 s at worst), at once; past the 3×3 there is
//! no reference and it is always unknown (`NaN`, "no reference for NxN").

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use super::measurer::Measurer;
use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyCube, Cube};
use cubetui_solve::pocket;
use cubetui_solve::reference::{MultiSearch, Tables, cache};

/// Longest solution the search accepts.
const MAX_LEN: usize = 30;
/// The search stops as soon as it has a solution this short.
pub const TARGET: usize = 20;
/// Nodes between two looks at the clock (a few tens of µs).
const CHUNK: u64 = 2_000;
/// Nodes of one slice of search.
pub const SLICE_NODES: u64 = 150_000;
/// Nodes after which a search without a solution gives up (unknown).
pub const GIVE_UP: u64 = 5_000_000;
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

/// Moves to solved from `cube` as the runner measures it: slices of
/// [`SLICE_NODES`] nodes until one ends with a solution (or the search is
/// over, or has spent [`GIVE_UP`] nodes); `Some(0)` when solved, `None`
/// when no solution turned up.
pub fn settled(t: &Tables, cube: &Cube) -> Option<usize> {
    if cube.is_solved() {
        return Some(0);
    }
    let mut search = MultiSearch::new(t, &cube.upright(), MAX_LEN, TARGET).ok()?;
    while !slice(&mut search, SLICE_NODES, None) && search.nodes() < GIVE_UP {}
    search.best().map(|a| a.len())
}

/// [`settled`] with the process-wide tables (the caller checked that they
/// are loaded: [`cache::ready`]).
fn loaded(cube: &Cube) -> Option<usize> {
    settled(cache::tables(), cube)
}

/// [`settled`] for `cube` of any size: on the 3×3 once the reference
/// tables are loaded, on the 2×2 the optimal distance
/// ([`pocket::distance`]), elsewhere (or for a state that is no cube)
/// `None`.
pub fn settled_any(cube: &AnyCube) -> Option<usize> {
    match cube {
        AnyCube::Three(c) => cache::ready()
            .then(|| settled(cache::tables(), c))
            .flatten(),
        other => moves_to_solved_any(other, 0),
    }
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
    /// Timed: the measuring thread, once a 3×3 state needed it, and what
    /// wakes the runner when it has a result.
    thread: Option<Measurer>,
    wake: Option<Arc<Notify>>,
    /// The best state last looked at.
    last: Option<AnyCube>,
    /// Untimed: the search in flight.
    search: Option<MultiSearch<'static>>,
    /// The latest result (`NaN`: unknown).
    value: f64,
    /// Untimed: calls to wait before the next slice.
    wait: u32,
}

impl ToSolved {
    /// A measure on a thread of its own that wakes `wake` with each result
    /// (`Some`: timed runners), or in untimed slices (`None`).
    pub(super) fn new(wake: Option<Arc<Notify>>) -> ToSolved {
        ToSolved {
            thread: None,
            wake,
            last: None,
            search: None,
            value: f64::NAN,
            wait: 0,
        }
    }

    /// The latest value, with the measuring thread's result if one came in
    /// since the last call (`None`: nothing new).
    pub(super) fn collect(&mut self, steps_cpu: Duration, throttled: bool) -> Option<f64> {
        let v = self.thread.as_ref()?.exchange(None, steps_cpu, throttled)?;
        self.value = v;
        Some(v)
    }

    /// Looks at the best state now: a solved one is 0 at once; otherwise a
    /// new best state goes to the measuring thread (timed), or a slice of
    /// search runs when the rate limit and the tables allow (untimed: the
    /// search in flight, or a new one if the best state changed). Returns
    /// the latest value.
    ///
    /// `steps_cpu` is the CPU time the solver's steps have taken so far
    /// (timed runners; measures are spaced by it); `throttled`: the run
    /// steps at a set speed, so it has idle time between frames and
    /// measures are spaced by wall time too.
    pub(super) fn observe(&mut self, best: &AnyCube, steps_cpu: Duration, throttled: bool) -> f64 {
        self.wait = self.wait.saturating_sub(1);
        let changed = self.last.as_ref() != Some(best);
        if changed && best.is_solved() {
            self.last = Some(best.clone());
            self.search = None;
            // A search in flight would overwrite the 0.
            self.thread = None;
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
        if let Some(wake) = &self.wake {
            if self.thread.is_none() && changed && cache::ready() {
                self.thread = Measurer::spawn(Arc::clone(wake), loaded);
            }
            if let Some(m) = &self.thread {
                let want = changed.then_some(*best);
                if changed {
                    self.last = Some(AnyCube::Three(*best));
                }
                if let Some(v) = m.exchange(want, steps_cpu, throttled) {
                    self.value = v;
                }
            }
            return self.value;
        }
        if !(changed || self.search.is_some()) || !cache::ready() || self.wait > 0 {
            return self.value;
        }
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
            let over = slice(search, SLICE_NODES, None);
            if over || search.nodes() >= GIVE_UP {
                self.value = search.best().map_or(f64::NAN, |a| a.len() as f64);
                self.search = None;
            }
        }
        self.wait = INLINE_EVERY;
        self.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::random::{random_state, rng_from_seed};

    #[test]
    fn a_solved_state_is_zero_without_tables() {
        let mut m = ToSolved::new(None);
        assert_eq!(
            m.observe(&Cube::solved().into(), Duration::ZERO, false),
            0.0
        );
    }

    #[test]
    fn the_2x2_is_measured_exactly_at_once_and_bigger_cubes_not_at_all() {
        use cubetui_cube::nxn::NxnCube;
        let two = NxnCube::solved(Size::TWO)
            .after(&"R U2 F' R' U".parse().unwrap())
            .unwrap();
        let d = pocket::distance(&two).unwrap();
        let mut m = ToSolved::new(None);
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
            let mut m = ToSolved::new(None);
            (0..2_000)
                .map(|_| m.observe(&c.into(), Duration::ZERO, false))
                .find(|v| !v.is_nan())
                .expect("known within 2000 calls")
        };
        let first = run();
        assert_eq!(first, run());
        // What the timed runners' thread finds for the state.
        assert_eq!(Some(first), settled(cache::tables(), &c).map(|n| n as f64));
        let exact = moves_to_solved(cache::tables(), &c, GIVE_UP, None).unwrap();
        assert!(first >= exact as f64 - 2.0 && first <= MAX_LEN as f64);
    }

    /// Exchanges until a result comes, for at most 10 s.
    fn result(m: &Measurer, cpu: Duration) -> Option<f64> {
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(10) {
            if let Some(v) = m.exchange(None, cpu, false) {
                return Some(v);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        None
    }

    #[test]
    fn a_state_is_measured_as_the_untimed_slices_would_and_the_next_waits_its_turn() {
        cache::tables();
        let wake = Arc::new(Notify::new());
        let m = Measurer::spawn(Arc::clone(&wake), loaded).expect("a thread");
        let mut rng = rng_from_seed(3);
        let (a, b) = (random_state(&mut rng), random_state(&mut rng));
        assert_eq!(m.exchange(Some(a), Duration::ZERO, false), None);
        let first = result(&m, Duration::ZERO).expect("a result");
        assert_eq!(Some(first), settled(cache::tables(), &a).map(|n| n as f64));
        // The solver's steps have not had their share since: b waits.
        m.exchange(Some(b), Duration::ZERO, false);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(m.exchange(None, Duration::ZERO, false), None);
        // Now they have (a minute of CPU time): b is measured.
        let second = result(&m, Duration::from_secs(60)).expect("b in its turn");
        assert_eq!(Some(second), settled(cache::tables(), &b).map(|n| n as f64));
    }
}
