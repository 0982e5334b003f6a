//! The one cube loop of `bench` and `sweep`: every cube of the run (or of
//! its shard) through every lane in turn, from the same start with the same
//! seed, spread over worker threads (results independent of the thread
//! count), optionally also solved once by the exact reference of its size
//! (two-phase on the 3×3, the optimal distance table on the 2×2). Every
//! size runs here.
//!
//! Cubes are drawn as workers become free, never all up front. Results go to
//! `--jsonl` in index order, each line written and flushed as soon as its
//! cube and every earlier one have finished (so the file does not depend on
//! `--jobs`). Ctrl-C stops the runs in progress, writes the lines of every
//! finished cube and returns what finished.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use color_eyre::eyre::Report;
use indicatif::{ProgressBar, ProgressStyle};

use cubetui_cube::AnyCube;
use cubetui_cube::random::cube_seed;
use cubetui_run::trace::Trace;
use cubetui_solve::yardstick::{self, Yardstick};

use super::super::common::Start;
use super::super::config::Resolved;
use super::super::exit::{InvalidInput, UsageError};
use super::super::out::LineFile;
use super::super::progress::{self, Ticker};
use super::super::run::{RunReport, run_one};
use super::super::schema::Reference;
use super::super::summary::Sample;
use super::order::InOrder;
use super::shard::Shard;
use super::source::Source;

/// One configuration every cube runs through: a preset (bench) or one
/// combination of a sweep.
#[derive(Debug, Clone)]
pub struct Lane {
    /// The table's row name: the preset, or the combination `k=v k2=v2`.
    pub label: String,
    pub resolved: Resolved,
    /// A sweep's combination, as `--set` arguments (`k=v`).
    pub combination: Option<Vec<String>>,
    /// A fingerprint of the configuration and budget (CRC-32, hex), so
    /// `merge` can tell lines of different settings apart.
    pub config: String,
}

impl Lane {
    pub fn new(label: String, resolved: Resolved, combination: Option<Vec<String>>) -> Lane {
        let text = format!(
            "{}\nmax_steps={:?}\ntime_limit={:?}",
            toml::to_string(&resolved.config).unwrap_or_default(),
            resolved.max_steps,
            resolved.time_limit
        );
        let config = format!("{:08x}", crc32fast::hash(text.as_bytes()));
        Lane {
            label,
            resolved,
            combination,
            config,
        }
    }
}

/// What a run does.
pub struct Plan<'a> {
    pub source: &'a Source,
    /// The base seed (cube k's seed is `cube_seed(seed, k)`).
    pub seed: u64,
    /// Cubes in the whole run.
    pub cubes: u64,
    pub shard: Shard,
    pub lanes: &'a [Lane],
    /// Whether the exact reference solves every cube once (the 2×2 and
    /// 3×3 only: see [`has_reference`]).
    pub reference: bool,
    pub jobs: u64,
    pub jsonl: Option<&'a Path>,
    /// Go on with the `--jsonl` file: keep its cubes, run the others.
    pub resume: bool,
    /// The scramble depth, written in the JSONL lines.
    pub depth: Option<u64>,
    /// Whether each run records its convergence trace (in its JSONL line
    /// and [`Outcome::traces`]).
    pub trace: bool,
}

/// What a run gives back.
pub struct Outcome {
    /// Per lane, in the order the cubes finished (the same for every lane).
    pub samples: Vec<Vec<Sample>>,
    /// Per lane, the runs' traces in the same order (empty untraced).
    pub traces: Vec<Vec<Trace>>,
    /// The reference length of each finished cube, in the same order.
    pub reference: Vec<usize>,
    /// The first lane's neighbourhood generator, if it has one.
    pub neighbourhood: Option<String>,
    pub interrupted: bool,
    /// Cubes this run (shard) was to run.
    pub count: u64,
}

/// One finished cube: its place among the cubes to run (the order of its
/// lines), index, one report per lane and, with the reference, its length.
struct Done {
    k: u64,
    index: u64,
    reports: Vec<RunReport>,
    reference: Option<usize>,
}

/// Runs the plan; `Err` for a failed write or a solver that cannot be built.
pub fn run(plan: &Plan<'_>) -> Result<Outcome, Report> {
    let count = plan.shard.count(plan.cubes);
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); plan.lanes.len()];
    let mut traces: Vec<Vec<Trace>> = vec![Vec::new(); plan.lanes.len()];
    let mut reference: Vec<usize> = Vec::new();
    let mut neighbourhood: Option<String> = None;
    let (mut finished, mut runs_solved) = (0u64, 0u64);
    // The positions (in the shard) of the cubes to run, ascending.
    let mut todo: Vec<u64> = Vec::new();
    let file = match plan.jsonl {
        Some(path) if plan.resume => {
            let kept = super::resume::open(path, plan, count)?;
            (samples, traces, reference) = (kept.samples, kept.traces, kept.reference);
            neighbourhood = kept.neighbourhood;
            (finished, runs_solved) = (kept.cubes, kept.solved);
            todo.extend((0..count).filter(|&p| !kept.done[p as usize]));
            Some(kept.file)
        }
        path => {
            todo.extend(0..count);
            path.map(LineFile::create).transpose()?
        }
    };
    let todo = &todo[..];
    let mut jsonl = file.map(InOrder::new);
    let jobs = plan.jobs.min(todo.len() as u64).max(1);
    let interrupted = crate::signals::ctrl_c_flag(super::super::exit::EXIT_INTERRUPTED);
    let bar = progress(count);
    bar.inc(finished);
    let mut ticker = Ticker::new();
    // Raised on Ctrl-C or a failed write: workers stop at their next batch.
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let mut failure: Option<Report> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Result<Done, Report>>(2 * jobs as usize);
        for _ in 0..jobs {
            let tx = tx.clone();
            let (stop, next) = (&stop, &next);
            scope.spawn(move || worker(plan, todo, next, stop, &tx));
        }
        drop(tx);
        loop {
            if interrupted.load(Ordering::SeqCst) {
                stop.store(true, Ordering::SeqCst);
            }
            ticker.tick(|secs| progress_line(plan, count, finished, runs_solved, secs));
            let mut done = match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(done)) => done,
                Ok(Err(e)) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(e);
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            for (report, lane) in done.reports.iter_mut().zip(plan.lanes) {
                let j = &mut report.json.run;
                j.index = Some(done.index);
                j.depth = plan.depth;
                j.line = plan.source.line(done.index);
                j.base_seed = Some(plan.seed);
                j.cubes = Some(plan.cubes);
                j.shard = (!plan.shard.is_all()).then(|| plan.shard.to_string());
                j.config = Some(lane.config.clone());
                j.combination = lane.combination.clone();
                if let Some(r) = done.reference {
                    report.json.tail.reference = Reference::Htm(r);
                }
            }
            if let Some(w) = jsonl.as_mut()
                && failure.is_none()
            {
                let lines: Result<Vec<String>, _> =
                    done.reports.iter().map(|r| r.json.to_line()).collect();
                if let Err(e) = lines.map_err(Report::from).and_then(|l| w.push(done.k, l)) {
                    stop.store(true, Ordering::SeqCst);
                    failure = Some(e);
                }
            }
            if neighbourhood.is_none() {
                neighbourhood = done.reports[0].json.run.neighbourhood.clone();
            }
            for (s, r) in samples.iter_mut().zip(&done.reports) {
                s.push(Sample::from(r));
            }
            for (t, r) in traces.iter_mut().zip(&mut done.reports) {
                t.extend(r.json.trace.take());
            }
            reference.extend(done.reference);
            finished += 1;
            runs_solved += done.reports.iter().filter(|r| r.solved).count() as u64;
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    if failure.is_none() {
        let end = if interrupted.load(Ordering::SeqCst) {
            "interrupted"
        } else {
            "done"
        };
        ticker.last(|secs| {
            let line = progress_line(plan, count, finished, runs_solved, secs);
            format!("{line}, {end}")
        });
    }
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(w) = jsonl.as_mut() {
        // After Ctrl-C: the finished cubes behind an unfinished one.
        w.finish()?;
    }
    Ok(Outcome {
        samples,
        traces,
        reference,
        neighbourhood,
        interrupted: interrupted.load(Ordering::SeqCst),
        count,
    })
}

/// Runs cubes until none are left or `stop` is raised; each cube through
/// every lane in turn, all from the same start and seed.
fn worker(
    plan: &Plan<'_>,
    todo: &[u64],
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &mpsc::SyncSender<Result<Done, Report>>,
) {
    while !stop.load(Ordering::SeqCst) {
        let k = next.fetch_add(1, Ordering::SeqCst);
        let Some(&pos) = todo.get(k as usize) else {
            return;
        };
        let index = plan.shard.index(pos);
        let seed = cube_seed(plan.seed, index);
        let start = plan.source.start(plan.seed, index);
        let done = one_cube(plan, &start, seed, stop).map(|d| {
            d.map(|(reports, reference)| Done {
                k,
                index,
                reports,
                reference,
            })
        });
        let sent = match done {
            // Stopped: the unfinished cube is not reported.
            Ok(None) => return,
            Ok(Some(done)) => tx.send(Ok(done)),
            Err(e) => tx.send(Err(e)),
        };
        if sent.is_err() {
            return;
        }
    }
}

/// One cube through every lane; `None` when `stop` cut a run short.
#[allow(clippy::type_complexity)]
fn one_cube(
    plan: &Plan<'_>,
    start: &Start,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Option<(Vec<RunReport>, Option<usize>)>, Report> {
    let reference = if plan.reference {
        Some(exact_htm(&start.cube)?)
    } else {
        None
    };
    let mut reports = Vec::with_capacity(plan.lanes.len());
    for lane in plan.lanes {
        let report = run_one(&lane.resolved, start, seed, Some(stop), plan.trace)?;
        if report.cancelled {
            return Ok(None);
        }
        reports.push(report);
    }
    Ok(Some((reports, reference)))
}

/// Whether cubes of `size` have an exact reference ([`Yardstick::of`]).
pub fn has_reference(size: cubetui_cube::nxn::Size) -> bool {
    Yardstick::of(size).is_some()
}

/// The exact reference's length of `cube` ([`yardstick::length`]: `bench`,
/// `sweep` and `solve --reference`); a size without one is a usage error
/// (exit 2), a cube it cannot solve bad input (exit 3).
pub fn exact_htm(cube: &AnyCube) -> Result<usize, Report> {
    if let AnyCube::Three(_) = cube {
        // Two-phase reads the tables: obtained first, saying so on stderr.
        super::super::table_cache::obtain_on_stderr(false);
    }
    yardstick::length(cube).map_err(|e| match e {
        cubetui_solve::SolveError::Config(m) => UsageError(m).into(),
        other => InvalidInput(other.to_string()).into(),
    })
}

/// The progress line when stderr is not a terminal: `bench: 37/200
/// cubes, 36 solved, 12.4 s elapsed`; with several lanes `sweep: 37/200
/// cubes × 6 combinations, 210/222 runs solved, …`.
fn progress_line(plan: &Plan<'_>, count: u64, finished: u64, solved: u64, secs: f64) -> String {
    let lanes = plan.lanes.len();
    let sweep = plan.lanes.first().is_some_and(|l| l.combination.is_some());
    let what = if sweep { "sweep" } else { "bench" };
    let elapsed = progress::elapsed(secs);
    if lanes == 1 {
        format!("{what}: {finished}/{count} cubes, {solved} solved, {elapsed}")
    } else {
        let rows = if sweep { "combinations" } else { "presets" };
        let runs = finished * lanes as u64;
        format!(
            "{what}: {finished}/{count} cubes × {lanes} {rows}, {solved}/{runs} runs solved, {elapsed}"
        )
    }
}

/// A progress bar on stderr when it is a terminal.
fn progress(cubes: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(cubes);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} cubes  {elapsed_precise} eta {eta}")
    {
        b.set_style(style);
    }
    b
}

#[cfg(test)]
mod tests {
    use cubetui_solve::preset::Presets;

    use super::super::super::config::SolverArgs;
    use super::*;

    fn lane(name: &str, set: &[&str]) -> Lane {
        let r = SolverArgs {
            preset: Some(name.to_string()),
            set: set.iter().map(|s| s.to_string()).collect(),
            ..SolverArgs::default()
        }
        .resolve(&Presets::builtin())
        .unwrap();
        assert!(toml::to_string(&r.config).is_ok(), "{name}");
        Lane::new(name.to_string(), r, None)
    }

    #[test]
    fn every_preset_has_a_fingerprint_of_its_own_that_follows_its_settings() {
        let mut seen: Vec<String> = Presets::builtin()
            .list()
            .into_iter()
            .map(|name| lane(name, &[]).config)
            .collect();
        let n = seen.len();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), n, "two presets share a fingerprint");
        let a = lane("sa-pll-conj", &[]);
        assert_eq!(a.config, lane("sa-pll-conj", &[]).config);
        assert_ne!(
            a.config,
            lane("sa-pll-conj", &["schedule.t_max=0.5"]).config
        );
    }
}
