//! The two-phase reference beside min2phase (the crate, the official Rust
//! port of cs0x7f's min2phase), each timed alone on the same random states.
//!
//! Solves cubes `0..N` of seed S (the states `bench --random-state --seed S`
//! draws) at most 21 face turns (HTM) and at most 20: min2phase's first
//! solution within the bound; cubetui's at `max_len = target = bound`, no
//! node limit, and `past_target` and `past_target_max` as its preset has
//! them (at a target of at most `past_target_max`, 20, the search goes on
//! for `past_target` per cent of its nodes past the first solution within
//! the bound; at 21 the first solution is final) or as `past=P` and
//! `past_max=M` set them (`past=0`: the first solution at both bounds;
//! `past_max=21`: `past_target` at both). A pass runs one solver over all N states, after a warm-up on 20
//! other states (its tables in the caches, min2phase's built); passes never
//! interleave, so neither solver starts a cube right after the other has
//! evicted its tables. Each mode runs R repetitions (3 by default), the
//! order of the solvers rotated from one repetition to the next.
//!
//! Rows: `reference` is the direct call (`solve_with`); `reference via
//! runner` (≤ 21 only) is the path `cubetui bench` takes for a cube (the
//! solver built from its config, stepped by the runner's batching loop,
//! its outcome, snapshot, simplified solution and metrics), so its median
//! beside the direct call's is the runner's per-cube cost; `min2phase` is
//! `min2phase::solve` on the facelet string, its text parsed.
//!
//! Every solution is applied to its cube and must solve it within the
//! bound (the bench exits 1 otherwise). Prints the machine (CPU model,
//! caches), the load average before and after, and per solver and mode
//! the median of each repetition, the median, mean, p90 and max over all
//! of them, the median CPU time of the thread (what a shared machine's load
//! disturbs least) and the mean and max length; then the ratios of the
//! medians (cubetui ÷ min2phase) per repetition, over all, and of the
//! medians of each cube's fastest repetition (on a VM whose slow spells
//! slow a whole pass by up to a third, what the code itself costs: the
//! passes alternate, so the spells fall on both solvers alike).
//!
//! `cargo bench --bench reference_speed -- [N] [seed=S] [reps=R] [past=P] [past_max=M] [only=TEXT]`
//! (N = 200 by default, about 10 s; `only=TEXT` runs the rows whose name
//! contains TEXT, e.g. `only=min2phase`).

use std::str::FromStr;
use std::time::{Duration, Instant};

use cubetui_cube::random::start_state;
use cubetui_cube::{Alg, AnyCube, Cube};
use cubetui_run::budget::{self, Budget};
use cubetui_solve::reference::{SearchLimits, Tables, cache, solve_with};
use cubetui_solve::short::metrics;
use cubetui_solve::{SolverConfig, preset};

/// Warm-up states before each pass (of another seed).
const WARM: u64 = 20;

/// The search past the target: `percent` per cent more nodes
/// (`past_target`) at bounds up to `max` (`past_target_max`).
#[derive(Clone, Copy)]
struct Past {
    percent: u64,
    max: usize,
}

/// Who solves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    /// `solve_with`, the direct call.
    Direct,
    /// The solver stepped by the runner, as `cubetui bench` runs a cube.
    Runner,
    Min2phase,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Direct => "reference",
            Who::Runner => "reference via runner",
            Who::Min2phase => "min2phase",
        }
    }
}

/// cubetui's reference: a solution of at most `len` HTM, however many
/// nodes it takes, searched `past.percent` per cent of them more for a
/// shorter one when `len` is at most `past.max`.
fn direct(t: &Tables, cube: &Cube, len: usize, past: Past) -> Result<Alg, String> {
    let budget = SearchLimits {
        target: len,
        nodes: u64::MAX,
        time: None,
        give_up: u64::MAX,
        past_target: past.percent,
        past_target_max: past.max,
    };
    solve_with(t, cube, len, budget).map_err(|e| e.to_string())
}

/// Preset `reference` at `max_len = target = len`, `past_target =
/// past.percent` and `past_target_max = past.max` (as `--set`), node
/// limits lifted.
fn config(len: usize, past: Past) -> SolverConfig {
    let mut t = preset::Presets::builtin()
        .table("reference")
        .expect("preset reference");
    for (key, value) in [
        ("max_len", len as i64),
        ("target", len as i64),
        ("max_nodes", i64::MAX),
        ("give_up_nodes", i64::MAX),
        ("past_target", past.percent as i64),
        ("past_target_max", past.max as i64),
    ] {
        t.insert(key.into(), toml::Value::Integer(value));
    }
    preset::from_table(t).expect("reference config")
}

/// What `cubetui bench` does for one cube, but the result line: build,
/// step under the runner's batching loop, outcome, snapshot, simplify,
/// metrics.
fn runner(cfg: &SolverConfig, cube: &Cube) -> Result<Alg, String> {
    let start = AnyCube::Three(*cube);
    let mut solver =
        cubetui_solve::registry::build_any(cfg, &start, 0).map_err(|e| e.to_string())?;
    budget::run(solver.as_mut(), Budget::default(), None);
    let out = solver.outcome();
    let snap = solver.snapshot();
    let solution = out.solution.simplified();
    let (layers, santa) = metrics(&solution);
    std::hint::black_box((snap, layers, santa, solution.to_string()));
    solution
        .three()
        .cloned()
        .ok_or_else(|| "not a 3x3 solution".to_string())
}

/// min2phase's solution of at most `len` HTM, parsed.
fn min2phase(cube: &Cube, len: usize) -> Result<Alg, String> {
    let text = min2phase::solve(&cube.facelets(), len.min(25) as u8);
    Alg::from_str(text.trim()).map_err(|e| format!("min2phase said {text:?}: {e}"))
}

fn solve(
    who: Who,
    t: &Tables,
    cfg: &SolverConfig,
    cube: &Cube,
    (len, past): (usize, Past),
) -> Result<Alg, String> {
    match who {
        Who::Direct => direct(t, cube, len, past),
        Who::Runner => runner(cfg, cube),
        Who::Min2phase => min2phase(cube, len),
    }
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

/// One pass's measures: per cube, wall and CPU time and length.
#[derive(Default)]
struct Pass {
    wall: Vec<Duration>,
    cpu: Vec<Duration>,
    len: Vec<usize>,
}

/// Warms `who` on other states, then times it alone on `cubes`; `Err` for
/// a solution that does not solve its cube or is too long.
fn pass(
    who: Who,
    t: &Tables,
    (cubes, warm): (&[Cube], &[Cube]),
    len: usize,
    past: Past,
) -> Result<Pass, String> {
    let cfg = config(len, past);
    for c in warm {
        solve(who, t, &cfg, c, (len, past))?;
    }
    let mut p = Pass::default();
    for (k, cube) in cubes.iter().enumerate() {
        let (t0, c0) = (Instant::now(), cpu_now());
        let alg = solve(who, t, &cfg, cube, (len, past)).map_err(|e| format!("cube {k}: {e}"))?;
        p.wall.push(t0.elapsed());
        p.cpu.push(cpu_now().saturating_sub(c0));
        if !cube.after(&alg).is_solved() {
            return Err(format!("cube {k}: {alg} does not solve it"));
        }
        if alg.len() > len {
            return Err(format!("cube {k}: {} moves, over {len}", alg.len()));
        }
        p.len.push(alg.len());
    }
    Ok(p)
}

/// The `q`-quantile of `xs` (nearest rank), in ms.
fn quantile(xs: &[Duration], q: f64) -> f64 {
    let mut v = xs.to_vec();
    v.sort_unstable();
    let i = ((v.len() as f64 * q).ceil() as usize).clamp(1, v.len().max(1)) - 1;
    v.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
}

fn mean_ms(xs: &[Duration]) -> f64 {
    xs.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / xs.len().max(1) as f64
}

/// The first line of /proc/cpuinfo with `key`, its value.
fn cpuinfo(key: &str) -> Option<String> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

/// CPU 0's caches from sysfs: `L1d 32K, L1i 32K, L2 512K, L3 16384K
/// (shared by 0-1)`.
fn caches() -> String {
    let dir = "/sys/devices/system/cpu/cpu0/cache";
    let read = |i: usize, f: &str| {
        std::fs::read_to_string(format!("{dir}/index{i}/{f}"))
            .ok()
            .map(|s| s.trim().to_string())
    };
    let mut out = Vec::new();
    for i in 0..8 {
        let (Some(level), Some(kind), Some(size)) =
            (read(i, "level"), read(i, "type"), read(i, "size"))
        else {
            break;
        };
        let kind = match kind.as_str() {
            "Data" => "d",
            "Instruction" => "i",
            _ => "",
        };
        let shared = read(i, "shared_cpu_list").unwrap_or_default();
        out.push(format!("L{level}{kind} {size} (cpus {shared})"));
    }
    if out.is_empty() {
        "caches unknown".into()
    } else {
        out.join(", ")
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let (mut n, mut seed, mut reps, mut only) = (200usize, 1u64, 3usize, String::new());
    let limits = SearchLimits::default();
    let mut past = Past {
        percent: limits.past_target,
        max: limits.past_target_max,
    };
    for arg in std::env::args().skip(1) {
        if let Some(p) = arg.strip_prefix("past=") {
            past.percent = p.parse().expect("past=P takes a number");
            continue;
        }
        if let Some(m) = arg.strip_prefix("past_max=") {
            past.max = m.parse().expect("past_max=M takes a number");
            continue;
        }
        if let Some(o) = arg.strip_prefix("only=") {
            only = o.to_string();
        } else if let Some(s) = arg.strip_prefix("seed=") {
            seed = s.parse().expect("seed=S takes a number");
        } else if let Some(r) = arg.strip_prefix("reps=") {
            reps = r.parse().expect("reps=R takes a number");
        } else if let Ok(k) = arg.parse() {
            n = k;
        }
    }
    let (n, reps) = (n.max(1), reps.max(1));
    println!(
        "machine: {}, {} logical cpus; {}",
        cpuinfo("model name").unwrap_or_else(|| "cpu unknown".into()),
        std::thread::available_parallelism().map_or(0, |p| p.get()),
        caches()
    );
    println!("load average at the start: {}", load());
    let started = Instant::now();
    let t = cache::tables();
    let tables = started.elapsed();
    let cubes: Vec<Cube> = (0..n as u64).map(|k| start_state(seed, k)).collect();
    let warm: Vec<Cube> = (0..WARM).map(|k| start_state(seed ^ 0x5eed, k)).collect();
    println!(
        "{n} random states (seed {seed}), {reps} repetitions, each pass alone after {WARM} warm-up solves; reference past_target {} % at bounds up to {}; tables obtained in {:.2} s",
        past.percent,
        past.max,
        tables.as_secs_f64()
    );
    let mut failed = false;
    for len in [21, 20] {
        let mut whos = vec![Who::Direct, Who::Min2phase];
        if len == 21 {
            whos.push(Who::Runner);
        }
        whos.retain(|w| format!("{} ≤ {len}", w.name()).contains(&only));
        if whos.is_empty() {
            continue;
        }
        // passes[i][r]: solver `whos[i]`, repetition r.
        let mut passes: Vec<Vec<Pass>> = whos.iter().map(|_| Vec::new()).collect();
        let mut orders = Vec::new();
        for r in 0..reps {
            let mut order: Vec<usize> = (0..whos.len()).collect();
            order.rotate_left(r % whos.len());
            orders.push(
                order
                    .iter()
                    .map(|&i| whos[i].name())
                    .collect::<Vec<_>>()
                    .join(", "),
            );
            for i in order {
                match pass(whos[i], t, (&cubes, &warm), len, past) {
                    Ok(p) => passes[i].push(p),
                    Err(e) => {
                        eprintln!("{} ≤ {len}: {e}", whos[i].name());
                        failed = true;
                        passes[i].push(Pass::default());
                    }
                }
            }
        }
        println!();
        println!(
            "≤ {len} HTM; pass order per repetition: {}",
            orders.join(" | ")
        );
        println!(
            "{:<21} {:>22} {:>9} {:>8} {:>8} {:>8} {:>8} {:>9} {:>4}",
            "solver",
            "median ms per rep",
            "median",
            "mean",
            "p90",
            "max",
            "cpu med",
            "mean HTM",
            "max"
        );
        let all = |ps: &[Pass], f: fn(&Pass) -> &Vec<Duration>| -> Vec<Duration> {
            ps.iter().flat_map(|p| f(p).iter().copied()).collect()
        };
        for (who, ps) in whos.iter().zip(&passes) {
            let wall = all(ps, |p| &p.wall);
            let cpu = all(ps, |p| &p.cpu);
            let lens: Vec<usize> = ps.iter().flat_map(|p| p.len.iter().copied()).collect();
            let per_rep: Vec<String> = ps
                .iter()
                .map(|p| format!("{:.3}", quantile(&p.wall, 0.5)))
                .collect();
            println!(
                "{:<21} {:>22} {:>9.3} {:>8.3} {:>8.3} {:>8.2} {:>8.3} {:>9.2} {:>4}",
                who.name(),
                per_rep.join(" "),
                quantile(&wall, 0.5),
                mean_ms(&wall),
                quantile(&wall, 0.9),
                quantile(&wall, 1.0),
                quantile(&cpu, 0.5),
                lens.iter().sum::<usize>() as f64 / lens.len().max(1) as f64,
                lens.iter().max().unwrap_or(&0)
            );
        }
        let find = |w: Who| whos.iter().position(|&x| x == w);
        let ratio = |a: usize, b: usize, what: &str| {
            let per: Vec<String> = (0..reps)
                .map(|r| {
                    let m = |i: usize| quantile(&passes[i][r].wall, 0.5);
                    format!("{:.2}", m(a) / m(b))
                })
                .collect();
            let pooled = |i: usize| quantile(&all(&passes[i], |p| &p.wall), 0.5);
            let cpu = |i: usize| quantile(&all(&passes[i], |p| &p.cpu), 0.5);
            // Each cube's fastest repetition: the VM's slow spells (both
            // solvers' passes alternate through them) left out.
            let best = |i: usize| -> Vec<Duration> {
                (0..n)
                    .filter_map(|k| passes[i].iter().filter_map(|p| p.wall.get(k)).min())
                    .copied()
                    .collect()
            };
            let (ba, bb) = (quantile(&best(a), 0.5), quantile(&best(b), 0.5));
            println!(
                "≤ {len}: {what}: {} per repetition; {:.2} over all (wall), {:.2} (cpu); each cube's fastest of the repetitions: {ba:.3} against {bb:.3} ms, {:.2}",
                per.join(" "),
                pooled(a) / pooled(b),
                cpu(a) / cpu(b),
                ba / bb
            );
        };
        if let (Some(a), Some(b)) = (find(Who::Direct), find(Who::Min2phase)) {
            ratio(a, b, "reference ÷ min2phase medians");
        }
        if let (Some(a), Some(b)) = (find(Who::Runner), find(Who::Direct)) {
            ratio(a, b, "via runner ÷ direct medians");
        }
    }
    println!();
    println!("load average at the end: {}", load());
    if failed {
        eprintln!("some solution was wrong or over its bound");
        std::process::exit(1);
    }
    println!("every solution verified: it solves its cube within its bound");
}
