//! `cubetui bench`: many cubes, each seeded from the base seed and its index,
//! spread over worker threads (results independent of the thread count).
//!
//! Cubes are drawn as workers become free, never all up front. Results go to
//! `--jsonl` in index order, each line written and flushed as soon as its
//! cube and every earlier one have finished (so the file does not depend on
//! `--jobs`). Ctrl-C stops the runs in progress, writes the lines of every
//! finished cube, prints their summary and exits 130.
//!
//! `--preset a,b,c` compares presets: every cube runs through each preset in
//! turn, from the same start with the same seed (so a preset's lines are those
//! of a bench of it alone), and is also solved by the two-phase reference.
//! The output is one table, a row per preset; `--jsonl` has a line per cube
//! and preset, in `--preset` order, each with `reference_htm`.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;
use indicatif::{ProgressBar, ProgressStyle};

use cubetui::cube::random::cube_seed;
use cubetui::solve::{preset, reference_htm};

use super::common::{Start, check_preset_list, random_scramble, random_start};
use super::config::{Resolved, SolverArgs};
use super::exit::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, InvalidInput, UsageError};
use super::out::LineFile;
use super::run::{RunReport, run_one};
use super::summary::{Sample, Summary};

pub(crate) mod compare;
mod order;
mod states;

use compare::{Comparison, Row};
use order::InOrder;

/// Most cubes one bench runs.
pub const MAX_CUBES: u64 = 1_000_000;
/// Longest random scramble.
pub const MAX_DEPTH: u64 = 10_000;
/// Most worker threads.
pub const MAX_JOBS: u64 = 256;

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub size: super::common::SizeArg,
    /// Number of cubes, 1 to 1000000 (with --states: the file's first N;
    /// default: all of them).
    #[arg(long, value_name = "N", required_unless_present = "states",
          value_parser = clap::value_parser!(u64).range(1..=MAX_CUBES))]
    pub cubes: Option<u64>,
    /// Scramble each cube with D random face turns, 1 to 10000.
    #[arg(long, value_name = "D", group = "bench_start",
          value_parser = clap::value_parser!(u64).range(1..=MAX_DEPTH))]
    pub depth: Option<u64>,
    /// Start each cube from a uniformly random state.
    #[arg(long, group = "bench_start")]
    pub random_state: bool,
    /// Run the cubes of a test set: one per line, a 54-letter facelet string
    /// or a WCA scramble; blank lines and `#` comments are skipped. The k-th
    /// cube of the file (from 0) gets the seed cube k of a random bench gets.
    /// `cubetui scramble --count N --facelets` writes such a file.
    #[arg(long, value_name = "FILE", group = "bench_start")]
    pub states: Option<std::path::PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u64).range(1..=MAX_JOBS))]
    pub jobs: Option<u64>,
    /// Write one `solve --json --full` line per cube to FILE (with `index`),
    /// in index order, each flushed as soon as its cube and all earlier ones
    /// finish. Solutions are written whole, however long (a file to replay
    /// and analyse, not the screen).
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<std::path::PathBuf>,
}

/// One finished cube: its index, one report per preset (in `--preset`
/// order) and, when several presets are compared, its reference length.
struct Done {
    index: u64,
    reports: Vec<RunReport>,
    reference: Option<usize>,
}

/// The presets a bench runs: `--preset a,b,c` (each resolved with the other
/// options), else the one `--preset` or the solver's default.
pub(crate) fn resolve_all(args: &SolverArgs) -> Result<Vec<Resolved>, Report> {
    let Some(list) = args.preset.as_deref().filter(|p| p.contains(',')) else {
        return Ok(vec![args.resolve()?]);
    };
    let entries: Vec<&str> = list.split(',').map(str::trim).collect();
    check_preset_list("--preset", &entries)?;
    let mut names: Vec<String> = Vec::new();
    for raw in entries {
        let name = preset::canonical(raw).map_err(|e| UsageError(e.to_string()))?;
        if names.iter().any(|n| n == name) {
            return Err(UsageError(format!(
                "--preset `{list}`: `{raw}` is preset `{name}`, given twice"
            ))
            .into());
        }
        names.push(name.to_string());
    }
    names
        .into_iter()
        .map(|name| {
            let one = SolverArgs {
                preset: Some(name.clone()),
                ..args.clone()
            };
            one.resolve().map_err(|e| match e.downcast::<UsageError>() {
                Ok(UsageError(m)) => UsageError(format!("preset `{name}`: {m}")).into(),
                Err(e) => e,
            })
        })
        .collect()
}

/// Runs the bench: 0 when every cube was solved (by every preset), 4 when
/// some cube was not, 130 when interrupted.
pub fn run(args: BenchArgs) -> Result<ExitCode, Report> {
    let presets = resolve_all(&args.solver)?;
    let source = Source::of(&args)?;
    let cubes = source.cubes(args.cubes)?;
    let compare = presets.len() > 1;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let jobs = args.jobs.unwrap_or(cores.min(MAX_JOBS)).min(cubes);
    let mut jsonl = args
        .jsonl
        .as_deref()
        .map(LineFile::create)
        .transpose()?
        .map(InOrder::new);
    let interrupted = super::interrupt::install();
    let bar = progress(cubes);
    // Raised on Ctrl-C or a failed write: workers stop at their next batch.
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    // Per preset, in the order the cubes finished (the same for every preset).
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); presets.len()];
    let mut reference: Vec<usize> = Vec::new();
    let mut neighbourhood: Option<String> = None;
    let mut failure: Option<Report> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Result<Done, Report>>(2 * jobs as usize);
        for _ in 0..jobs {
            let tx = tx.clone();
            let (stop, next, presets) = (&stop, &next, &presets);
            let (source, seed) = (&source, args.solver.seed);
            scope.spawn(move || worker(source, seed, cubes, presets, next, stop, &tx));
        }
        drop(tx);
        loop {
            if interrupted.load(Ordering::SeqCst) {
                stop.store(true, Ordering::SeqCst);
            }
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
            for report in &mut done.reports {
                report.json.index = Some(done.index);
                report.json.depth = args.depth;
                report.json.line = source.line(done.index);
                if let Some(r) = done.reference {
                    report.json.extra.insert("reference_htm".into(), r.into());
                }
            }
            if let Some(w) = jsonl.as_mut()
                && failure.is_none()
            {
                let lines: Result<Vec<String>, _> = done
                    .reports
                    .iter()
                    .map(|r| serde_json::to_string(&r.json))
                    .collect();
                if let Err(e) = lines
                    .map_err(Report::from)
                    .and_then(|l| w.push(done.index, l))
                {
                    stop.store(true, Ordering::SeqCst);
                    failure = Some(e);
                }
            }
            if neighbourhood.is_none() {
                neighbourhood = done.reports[0].json.neighbourhood.clone();
            }
            for (s, r) in samples.iter_mut().zip(&done.reports) {
                s.push(Sample::from(r));
            }
            reference.extend(done.reference);
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(w) = jsonl.as_mut() {
        // After Ctrl-C: the finished cubes behind an unfinished one.
        w.finish()?;
    }
    let was_interrupted = interrupted.load(Ordering::SeqCst);
    let finished = samples[0].len();
    let start_desc = match (&args.states, args.depth) {
        (Some(path), _) => format!("from {}", path.display()),
        (None, Some(d)) => format!("random {d}-move scrambles"),
        (None, None) => "uniformly random states".to_string(),
    };
    let count = if was_interrupted {
        format!("interrupted: {finished} of {cubes} cubes finished")
    } else {
        format!("{cubes} cubes")
    };
    let seed = args.solver.seed;
    let (text, all_solved) = if compare {
        let rows: Vec<Row> = presets
            .iter()
            .zip(&samples)
            .map(|(p, s)| Row::of(&p.preset, s, &reference))
            .collect();
        let all = rows.iter().all(|r| r.solved == r.cubes);
        let table = Comparison { rows, reference };
        let text = format!(
            "{count} ({start_desc}), {} presets on the same cubes one after another, seed {seed}, \
             {jobs} job(s)\n{table}",
            presets.len()
        );
        (text, all)
    } else {
        let neighbourhood = neighbourhood
            .map(|n| format!(", neighbourhood {n}"))
            .unwrap_or_default();
        let summary = Summary::of(&samples[0]);
        let text = format!(
            "{count} ({start_desc}), solver {} preset {}{neighbourhood}, seed {seed}, {jobs} job(s)\n{summary}",
            presets[0].config.name(),
            presets[0].preset,
        );
        (text, summary.solved == summary.cubes)
    };
    super::out::stdout(text.as_bytes())?;
    let code = if was_interrupted {
        EXIT_INTERRUPTED
    } else if all_solved && finished as u64 == cubes {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    };
    Ok(ExitCode::from(code))
}

/// Where a bench's cubes come from.
enum Source {
    /// `--depth D`: random scrambles.
    Depth(usize),
    /// `--random-state`.
    Random,
    /// `--states FILE`, read and checked.
    Set(Vec<states::Entry>),
}

impl Source {
    /// The source the options name; a test set is read and checked whole
    /// here, before any solving.
    fn of(args: &BenchArgs) -> Result<Source, Report> {
        Ok(match (&args.states, args.depth) {
            (Some(path), _) => Source::Set(states::load(path)?),
            (None, Some(d)) => Source::Depth(d as usize),
            (None, None) if args.random_state => Source::Random,
            (None, None) => {
                return Err(
                    UsageError("give --depth D, --random-state or --states FILE".into()).into(),
                );
            }
        })
    }

    /// How many cubes run: `--cubes` (for a test set at most its size,
    /// default all of it).
    fn cubes(&self, asked: Option<u64>) -> Result<u64, Report> {
        match (self, asked) {
            (Source::Set(set), Some(n)) if n > set.len() as u64 => Err(UsageError(format!(
                "--cubes {n}: the --states file has only {} cubes",
                set.len()
            ))
            .into()),
            (Source::Set(set), None) => Ok(set.len() as u64),
            (_, Some(n)) => Ok(n),
            // Clap requires --cubes without --states.
            (_, None) => Err(UsageError("give --cubes N".into()).into()),
        }
    }

    /// The start of cube `index` under base seed `seed`.
    fn start(&self, seed: u64, index: u64) -> Start {
        match self {
            Source::Depth(d) => random_scramble(seed, index, *d),
            Source::Random => random_start(seed, index),
            Source::Set(set) => set[index as usize].start.clone(),
        }
    }

    /// The line of cube `index` in the test set.
    fn line(&self, index: u64) -> Option<u64> {
        match self {
            Source::Set(set) => set.get(index as usize).map(|e| e.line),
            _ => None,
        }
    }
}

/// Runs cubes until none are left or `stop` is raised; each cube through
/// every preset in turn, all from the same start and seed.
fn worker(
    source: &Source,
    base_seed: u64,
    cubes: u64,
    presets: &[Resolved],
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &mpsc::SyncSender<Result<Done, Report>>,
) {
    while !stop.load(Ordering::SeqCst) {
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= cubes {
            return;
        }
        let seed = cube_seed(base_seed, index);
        let start = source.start(base_seed, index);
        let done = one_cube(presets, &start, seed, index, stop);
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

/// Cube `index` through every preset; `None` when `stop` cut a run short.
fn one_cube(
    presets: &[Resolved],
    start: &Start,
    seed: u64,
    index: u64,
    stop: &AtomicBool,
) -> Result<Option<Done>, Report> {
    let reference = if presets.len() > 1 {
        let htm = reference_htm(&start.cube).map_err(|e| InvalidInput(e.to_string()))?;
        Some(htm)
    } else {
        None
    };
    let mut reports = Vec::with_capacity(presets.len());
    for p in presets {
        let report = run_one(p, start, seed, Some(stop))?;
        if report.cancelled {
            return Ok(None);
        }
        reports.push(report);
    }
    Ok(Some(Done {
        index,
        reports,
        reference,
    }))
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
