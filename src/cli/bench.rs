//! `cubetui bench`: many cubes, each seeded from the base seed and its index,
//! spread over worker threads (results independent of the thread count).
//!
//! Cubes are drawn as workers become free, never all up front. Results go to
//! `--jsonl` in index order, each line written and flushed as soon as its
//! cube and every earlier one have finished (so the file does not depend on
//! `--jobs`). Ctrl-C stops the runs in progress, writes the lines of every
//! finished cube, prints their summary and exits 130.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;
use indicatif::{ProgressBar, ProgressStyle};

use cubetui::cube::random::derive_seed;

use super::common::{random_scramble, random_start};
use super::config::{Resolved, SolverArgs};
use super::out::LineFile;
use super::run::{RunReport, run_one};
use super::summary::{Sample, Summary};
use super::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, UsageError};

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
    /// Number of cubes, 1 to 1000000.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_CUBES))]
    pub cubes: u64,
    /// Scramble each cube with D random face turns, 1 to 10000.
    #[arg(long, value_name = "D", group = "bench_start",
          value_parser = clap::value_parser!(u64).range(1..=MAX_DEPTH))]
    pub depth: Option<u64>,
    /// Start each cube from a uniformly random state.
    #[arg(long, group = "bench_start")]
    pub random_state: bool,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u64).range(1..=MAX_JOBS))]
    pub jobs: Option<u64>,
    /// Write one `solve --json` line per cube to FILE (with `index`), in
    /// index order, each flushed as soon as its cube and all earlier ones finish.
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<std::path::PathBuf>,
}

/// What a worker sends back.
type Done = Result<(u64, RunReport), Report>;

/// Runs the bench: 0 when every cube was solved, 4 when some cube was not,
/// 130 when interrupted.
pub fn run(args: BenchArgs) -> Result<ExitCode, Report> {
    let resolved = args.solver.resolve()?;
    if args.depth.is_none() && !args.random_state {
        return Err(UsageError("give --depth D or --random-state".into()).into());
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let jobs = args.jobs.unwrap_or(cores.min(MAX_JOBS)).min(args.cubes);
    let mut jsonl = args
        .jsonl
        .as_deref()
        .map(LineFile::create)
        .transpose()?
        .map(InOrder::new);
    let interrupted = super::interrupt::install();
    let bar = progress(args.cubes);
    // Raised on Ctrl-C or a failed write: workers stop at their next batch.
    let stop = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let mut samples: Vec<Sample> = Vec::new();
    let mut neighbourhood: Option<String> = None;
    let mut failure: Option<Report> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Done>(2 * jobs as usize);
        for _ in 0..jobs {
            let tx = tx.clone();
            let (stop, next, resolved) = (&stop, &next, &resolved);
            let args = &args;
            scope.spawn(move || worker(args, resolved, next, stop, &tx));
        }
        drop(tx);
        loop {
            if interrupted.load(Ordering::SeqCst) {
                stop.store(true, Ordering::SeqCst);
            }
            let (i, mut report) = match rx.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(done)) => done,
                Ok(Err(e)) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(e);
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => break,
            };
            report.json.index = Some(i);
            report.json.depth = args.depth;
            if let Some(w) = jsonl.as_mut()
                && failure.is_none()
            {
                let line = serde_json::to_string(&report.json);
                if let Err(e) = line.map_err(Report::from).and_then(|l| w.push(i, l)) {
                    stop.store(true, Ordering::SeqCst);
                    failure = Some(e);
                }
            }
            if neighbourhood.is_none() {
                neighbourhood = report.json.neighbourhood.clone();
            }
            samples.push(Sample::from(&report));
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
    let start_desc = match args.depth {
        Some(d) => format!("random {d}-move scrambles"),
        None => "uniformly random states".to_string(),
    };
    let neighbourhood = neighbourhood
        .map(|n| format!(", neighbourhood {n}"))
        .unwrap_or_default();
    let count = if was_interrupted {
        format!(
            "interrupted: {} of {} cubes finished",
            samples.len(),
            args.cubes
        )
    } else {
        format!("{} cubes", args.cubes)
    };
    let summary = Summary::of(&samples);
    let text = format!(
        "{count} ({start_desc}), solver {} preset {}{neighbourhood}, seed {}, {jobs} job(s)\n{summary}",
        resolved.config.name(),
        resolved.preset,
        args.solver.seed,
    );
    super::out::stdout(text.as_bytes())?;
    let code = if was_interrupted {
        EXIT_INTERRUPTED
    } else if summary.solved as u64 == args.cubes {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    };
    Ok(ExitCode::from(code))
}

/// JSONL lines in index order: a line is written (and flushed) as soon as
/// the lines of every earlier index have been.
struct InOrder {
    file: LineFile,
    next: u64,
    waiting: BTreeMap<u64, String>,
}

impl InOrder {
    fn new(file: LineFile) -> InOrder {
        InOrder {
            file,
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes the line of cube `i`; writes every line now in order.
    fn push(&mut self, i: u64, line: String) -> Result<(), Report> {
        self.waiting.insert(i, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            self.file.line(&line)?;
            self.next += 1;
        }
        Ok(())
    }

    /// Writes the lines still waiting for an earlier one that never came.
    fn finish(&mut self) -> Result<(), Report> {
        for line in std::mem::take(&mut self.waiting).into_values() {
            self.file.line(&line)?;
        }
        Ok(())
    }
}

/// Runs cubes until none are left or `stop` is raised.
fn worker(
    args: &BenchArgs,
    resolved: &Resolved,
    next: &AtomicU64,
    stop: &AtomicBool,
    tx: &mpsc::SyncSender<Done>,
) {
    while !stop.load(Ordering::SeqCst) {
        let i = next.fetch_add(1, Ordering::SeqCst);
        if i >= args.cubes {
            return;
        }
        let seed = derive_seed(args.solver.seed, i);
        let start = match args.depth {
            Some(d) => random_scramble(seed, d as usize),
            None => random_start(seed),
        };
        let sent = match run_one(resolved, &start, seed, Some(stop)) {
            // Stopped: the unfinished cube is not reported.
            Ok(report) if report.cancelled => return,
            Ok(report) => tx.send(Ok((i, report))),
            Err(e) => tx.send(Err(e)),
        };
        if sent.is_err() {
            return;
        }
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
