//! The two-phase reference beside min2phase (the crate, the official Rust
//! port of cs0x7f's min2phase), on the same random states in one run.
//!
//! Solves cubes `0..N` of seed S (the states `bench --random-state --seed S`
//! draws) with both solvers, in two modes: at most 21 face turns (HTM) and at
//! most 20, each the first solution within the bound. cubetui's modes are
//! `max_len = target = 21` (or 20) with no soft node limit; its default
//! budget (target 20, 150 000 nodes, `solve --reference`) is a third row.
//! Every solution of both is applied to its cube and must solve it, and none
//! may be longer than its bound (the run fails otherwise). Prints, per solver
//! and mode, the median, p90 and max wall time per solve (tables loaded and
//! warmed first), the median and p90 CPU time of the thread (what a shared
//! machine's load disturbs least) and the mean and max length.
//!
//! `cargo bench --bench reference_speed -- [N] [seed=S] [only=TEXT]` (N =
//! 100 by default, a few seconds; `REFERENCE_SPEED_STATES=200` or `-- 200`
//! for the 200 states; `only=TEXT` runs the rows whose solver and
//! mode contain TEXT, e.g. `only="reference ≤ 21"` to profile one).

use std::str::FromStr;
use std::time::{Duration, Instant};

use cubetui_cube::random::start_state;
use cubetui_cube::{Alg, Cube};
use cubetui_solve::reference::{SearchLimits, Tables, cache, solve_with};

/// One way to solve a cube: a name, a mode and the solver.
struct Entry {
    solver: &'static str,
    mode: &'static str,
    /// Longest solution allowed.
    bound: usize,
    run: fn(&Tables, &Cube) -> Alg,
}

/// cubetui's reference: first solution of at most `len` HTM, however many
/// nodes it takes.
fn ours(t: &Tables, cube: &Cube, len: usize) -> Alg {
    let budget = SearchLimits {
        target: len,
        nodes: u64::MAX,
        time: None,
        give_up: u64::MAX,
    };
    solve_with(t, cube, len, budget).expect("the reference solves every random state")
}

/// min2phase's solution of at most `len` HTM, parsed.
fn theirs(cube: &Cube, len: u8) -> Alg {
    let text = min2phase::solve(&cube.facelets(), len);
    Alg::from_str(text.trim()).unwrap_or_else(|e| panic!("min2phase said {text:?}: {e}"))
}

const ENTRIES: [Entry; 5] = [
    Entry {
        solver: "cubetui reference",
        mode: "≤ 21",
        bound: 21,
        run: |t, c| ours(t, c, 21),
    },
    Entry {
        solver: "min2phase",
        mode: "≤ 21",
        bound: 21,
        run: |_, c| theirs(c, 21),
    },
    Entry {
        solver: "cubetui reference",
        mode: "≤ 20",
        bound: 20,
        run: |t, c| ours(t, c, 20),
    },
    Entry {
        solver: "min2phase",
        mode: "≤ 20",
        bound: 20,
        run: |_, c| theirs(c, 20),
    },
    Entry {
        solver: "cubetui reference",
        mode: "default",
        bound: 30,
        run: |t, c| solve_with(t, c, 30, SearchLimits::default()).expect("default budget solves"),
    },
];

/// The `q`-quantile of sorted `xs` (nearest rank).
fn quantile(xs: &[Duration], q: f64) -> Duration {
    let i = ((xs.len() as f64 * q).ceil() as usize).clamp(1, xs.len()) - 1;
    xs[i]
}

/// CPU time of this thread (the machine may be shared: wall time then
/// counts the waits for a core too).
fn cpu_now() -> Duration {
    #[cfg(unix)]
    {
        let ts = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Duration::new(
            u64::try_from(ts.tv_sec).unwrap_or(0),
            u32::try_from(ts.tv_nsec.clamp(0, 999_999_999)).unwrap_or(0),
        )
    }
    #[cfg(not(unix))]
    Duration::ZERO
}

fn sorted(xs: &[Duration]) -> Vec<Duration> {
    let mut v = xs.to_vec();
    v.sort_unstable();
    v
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn main() {
    let mut n: usize = std::env::var("REFERENCE_SPEED_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let mut seed = 1u64;
    let mut only = String::new();
    for arg in std::env::args().skip(1) {
        if let Some(o) = arg.strip_prefix("only=") {
            only = o.to_string();
        } else if let Some(s) = arg.strip_prefix("seed=") {
            seed = s.parse().expect("seed=S takes a number");
        } else if let Ok(k) = arg.parse() {
            n = k;
        }
    }
    let started = Instant::now();
    let t = cache::tables();
    let tables = started.elapsed();
    let n = n.max(1);
    let cubes: Vec<Cube> = (0..n as u64).map(|k| start_state(seed, k)).collect();
    // min2phase builds its tables on first use: warm both up off the clock.
    let warm = start_state(seed ^ 0x5eed, 0);
    let _ = theirs(&warm, 21);
    let _ = ours(t, &warm, 21);
    let chosen: Vec<bool> = ENTRIES
        .iter()
        .map(|e| format!("{} {}", e.solver, e.mode).contains(&only))
        .collect();

    // Interleaved per cube, so a change in machine load hits every row alike.
    let mut times = vec![Vec::with_capacity(n); ENTRIES.len()];
    let mut cpu = vec![Vec::with_capacity(n); ENTRIES.len()];
    let mut lengths = vec![Vec::with_capacity(n); ENTRIES.len()];
    for (k, cube) in cubes.iter().enumerate() {
        for (i, e) in ENTRIES.iter().enumerate().filter(|&(i, _)| chosen[i]) {
            let (t0, c0) = (Instant::now(), cpu_now());
            let alg = (e.run)(t, cube);
            times[i].push(t0.elapsed());
            cpu[i].push(cpu_now().saturating_sub(c0));
            assert!(
                cube.after(&alg).is_solved(),
                "{} {}: cube {k}: {alg} does not solve it",
                e.solver,
                e.mode
            );
            assert!(
                alg.len() <= e.bound,
                "{} {}: cube {k}: {} moves",
                e.solver,
                e.mode,
                alg.len()
            );
            lengths[i].push(alg.len());
        }
    }

    println!(
        "{n} random states (seed {seed}); reference tables obtained in {:.2} s; every solution verified",
        tables.as_secs_f64()
    );
    println!(
        "{:<18} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>4}",
        "solver", "mode", "median ms", "p90 ms", "max ms", "cpu med", "cpu p90", "mean HTM", "max"
    );
    for (i, e) in ENTRIES.iter().enumerate().filter(|&(i, _)| chosen[i]) {
        let (ts, cs) = (sorted(&times[i]), sorted(&cpu[i]));
        let mean = lengths[i].iter().sum::<usize>() as f64 / n as f64;
        println!(
            "{:<18} {:<8} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9.2} {:>4}",
            e.solver,
            e.mode,
            ms(quantile(&ts, 0.5)),
            ms(quantile(&ts, 0.9)),
            ms(quantile(&ts, 1.0)),
            ms(quantile(&cs, 0.5)),
            ms(quantile(&cs, 0.9)),
            mean,
            lengths[i].iter().max().unwrap_or(&0)
        );
    }
    for mode in ["≤ 21", "≤ 20"] {
        let median = |solver: &str, of: &[Vec<Duration>]| {
            let i = ENTRIES
                .iter()
                .position(|e| e.solver == solver && e.mode == mode)
                .filter(|&i| chosen[i])?;
            Some(quantile(&sorted(&of[i]), 0.5).as_secs_f64())
        };
        if let (Some(a), Some(b), Some(ca), Some(cb)) = (
            median("cubetui reference", &times),
            median("min2phase", &times),
            median("cubetui reference", &cpu),
            median("min2phase", &cpu),
        ) {
            println!(
                "{mode}: cubetui median / min2phase median = {:.2} (wall), {:.2} (cpu)",
                a / b,
                ca / cb
            );
        }
    }
}
