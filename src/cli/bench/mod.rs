//! `cubetui bench`: many cubes, each seeded from the base seed and its index,
//! spread over worker threads (results independent of the thread count).
//!
//! Cubes are drawn as workers become free, never all up front. Results go to
//! `--jsonl` in index order, each line written and flushed as soon as its
//! cube and every earlier one have finished (so the file does not depend on
//! `--jobs`). Ctrl-C stops the runs in progress, writes the lines of every
//! finished cube, prints their summary and exits 130.
//!
//! The cube loop lives in [`engine`] (shared with `sweep`), the text in
//! [`report`] (shared with `sweep` and `merge`). `--shard i/n` runs one
//! shard ([`shard`]).
//!
//! `--preset a,b,c` compares presets: every cube runs through each preset in
//! turn, from the same start with the same seed (so a preset's lines are those
//! of a bench of it alone), and is also solved by the exact reference where
//! the size has one (two-phase on the 3×3, optimal on the 2×2).
//! The output is one table, a row per preset; `--jsonl` has a line per cube
//! and preset, in `--preset` order, each with `reference_htm`.
//!
//! Every size runs here (`--size N`): the same engine, table, JSONL (whose
//! lines past the 3×3 carry `size`), shards, test sets and plots.

use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_cube::nxn::Size;
use cubetui_solve::preset::Presets;

use super::common::check_preset_list;
use super::config::{Resolved, SolverArgs};
use super::exit::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, UsageError};

pub mod args;
pub mod compare;
pub mod engine;
pub mod json;
mod order;
pub mod report;
mod resume;
pub mod shard;
pub mod source;
mod states;

use args::{BatchArgs, MAX_JOBS};
use engine::{Lane, Plan};
use shard::{Shard, ShardArg};
use source::Source;

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub size: super::common::SizeArg,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The presets a bench runs: `--preset a,b,c` (each resolved with the other
/// options), else the one `--preset` or the solver's default; names are
/// looked up in `table`.
pub(crate) fn resolve_all(args: &SolverArgs, table: &Presets) -> Result<Vec<Resolved>, Report> {
    let Some(list) = args.preset.as_deref().filter(|p| p.contains(',')) else {
        return Ok(vec![args.resolve(table)?]);
    };
    let entries: Vec<&str> = list.split(',').map(str::trim).collect();
    check_preset_list("--preset", &entries)?;
    let mut names: Vec<String> = Vec::new();
    for raw in entries {
        let name = table
            .canonical(raw)
            .map_err(|e| UsageError(e.to_string()))?;
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
            one.resolve(table)
                .map_err(|e| match e.downcast::<UsageError>() {
                    Ok(UsageError(m)) => UsageError(format!("preset `{name}`: {m}")).into(),
                    Err(e) => e,
                })
        })
        .collect()
}

/// Runs the bench: 0 when every cube was solved (by every preset), 4 when
/// some cube was not, 130 when interrupted.
pub fn run(args: BenchArgs, table: &Presets) -> Result<ExitCode, Report> {
    let presets =
        resolve_all(&args.solver.on_size(args.size.get(), table), table).map_err(|e| {
            let listed = args
                .solver
                .set
                .iter()
                .any(|kv| kv.contains(',') || kv.contains(".."));
            match e.downcast::<UsageError>() {
                Ok(UsageError(m)) if listed => UsageError(format!(
                    "{m} (bench takes one value per key; `cubetui sweep` runs several: \
                 --set KEY=a,b,c or KEY=lo..hi/N)"
                ))
                .into(),
                Ok(u) => u.into(),
                Err(e) => e,
            }
        })?;
    let compare = presets.len() > 1;
    let lanes: Vec<Lane> = presets
        .into_iter()
        .map(|p| Lane::new(p.preset.clone(), p, None))
        .collect();
    let size = args.size.get();
    let batch = Batch::of(&args.batch, size)?;
    let seed = args.solver.seed;
    let out = batch.run(seed, &lanes, compare && engine::has_reference(size))?;
    let what = if compare {
        format!(
            "{} presets on the same cubes one after another",
            lanes.len()
        )
    } else {
        let neighbourhood = out
            .outcome
            .neighbourhood
            .as_ref()
            .map(|n| format!(", neighbourhood {n}"))
            .unwrap_or_default();
        format!(
            "solver {} preset {}{neighbourhood}",
            lanes[0].resolved.config.name(),
            lanes[0].label
        )
    };
    out.print(&batch, &what, seed, "preset", &lanes)
}

/// A batch of cubes as the options name it, checked before any solving.
pub struct Batch<'a> {
    pub args: &'a BatchArgs,
    pub source: Source,
    /// Cubes in the whole run.
    pub cubes: u64,
    pub shard: Shard,
}

/// A finished batch.
pub struct Finished {
    pub outcome: engine::Outcome,
    pub jobs: u64,
    /// Whether the reference solved every cube.
    pub reference: bool,
}

impl<'a> Batch<'a> {
    /// Reads the test set (if any) of cubes of `size` and checks the
    /// counts: a usage error before any solving.
    pub fn of(args: &'a BatchArgs, size: Size) -> Result<Batch<'a>, Report> {
        let source = Source::of(args.states.as_deref(), args.depth, args.random_state, size)?;
        let cubes = source.cubes(args.cubes)?;
        let shard = match args.shard {
            None => Shard::ALL,
            Some(ShardArg::Fixed(s)) => s,
            Some(ShardArg::Auto { n }) => {
                let (s, from) =
                    shard::from_env(n, |k| std::env::var(k).ok()).map_err(UsageError)?;
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "cubetui: --shard auto/{n}: shard {s} ({from})"
                );
                s
            }
        };
        if let Some(path) = &args.plot {
            super::plot::check(path)?;
        }
        if args.trace && args.jsonl.is_none() && args.plot.is_none() {
            return Err(UsageError(
                "--trace records into the --jsonl lines: give --jsonl FILE (or --plot FILE.svg)"
                    .into(),
            )
            .into());
        }
        if shard.count(cubes) == 0 {
            return Err(UsageError(format!(
                "--shard {shard}: a run of {cubes} cubes has no cube for shard {}",
                shard.i
            ))
            .into());
        }
        Ok(Batch {
            args,
            source,
            cubes,
            shard,
        })
    }

    /// Runs every cube of the batch (its shard) through `lanes`.
    pub fn run(&self, seed: u64, lanes: &[Lane], reference: bool) -> Result<Finished, Report> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
        let count = self.shard.count(self.cubes);
        let jobs = self.args.jobs.unwrap_or(cores.min(MAX_JOBS)).min(count);
        let trace = self.args.trace || self.args.plot.is_some();
        if trace {
            // Moves to solved needs the reference tables (the 2x2's distance
            // table): loaded (or built) before any cube, not on one's time.
            // Past the 3x3 there is no such measure.
            match self.source.size.get() {
                3 => {
                    super::table_cache::obtain_on_stderr(false);
                }
                2 => {
                    cubetui_solve::pocket::table::table();
                }
                _ => {}
            }
        }
        let plan = Plan {
            source: &self.source,
            seed,
            cubes: self.cubes,
            shard: self.shard,
            lanes,
            reference,
            jobs,
            jsonl: self.args.jsonl.as_deref(),
            resume: self.args.resume,
            depth: self.args.depth,
            trace,
        };
        let outcome = engine::run(&plan)?;
        Ok(Finished {
            outcome,
            jobs,
            reference,
        })
    }
}

impl Finished {
    /// Prints the first line (`what` ran) and the summary or table; draws
    /// `--plot`; the exit code.
    pub fn print(
        &self,
        batch: &Batch<'_>,
        what: &str,
        seed: u64,
        first: &str,
        lanes: &[Lane],
    ) -> Result<ExitCode, Report> {
        let o = &self.outcome;
        let finished = o.samples[0].len();
        let count = report::count_text(finished, o.count, batch.cubes, batch.shard, o.interrupted);
        let shown = batch.args.states.as_ref().map(|p| p.display().to_string());
        let size = batch.source.size;
        let start = source::describe(shown.as_deref(), batch.args.depth, size);
        let labels: Vec<String> = lanes.iter().map(|l| l.label.clone()).collect();
        let reference = self.reference.then_some(&o.reference[..]);
        let (body, all_solved) = report::body(first, &labels, &o.samples, reference, size);
        let mut text = format!(
            "{count} ({start}), {what}, seed {seed}, {} job(s)\n{body}",
            self.jobs
        );
        let title = text.lines().next().unwrap_or_default().to_string();
        if batch.args.json {
            let rows: Vec<json::Lane<'_>> = lanes
                .iter()
                .zip(&o.samples)
                .map(|(l, samples)| json::Lane {
                    label: &l.label,
                    preset: &l.resolved.preset,
                    combination: l.combination.as_deref(),
                    samples,
                })
                .collect();
            let head = json::Head {
                // A sweep's rows are its combinations.
                command: if first == "combination" {
                    "sweep"
                } else {
                    "bench"
                },
                size,
                seed,
                start: start.clone(),
                cubes: batch.cubes,
                shard: batch.shard,
                interrupted: o.interrupted,
            };
            text = serde_json::to_string(&json::summary(head, &rows, reference))?;
            text.push('\n');
        }
        if let Some(path) = &batch.args.plot {
            let series = super::plot::Series::lanes(&labels, &o.samples, &o.traces);
            let name = compare::reference_name(size);
            super::plot::draw(path, &title, &series, reference.map(|r| (r, name)))?;
        }
        super::out::stdout(text.as_bytes())?;
        Ok(ExitCode::from(if o.interrupted {
            EXIT_INTERRUPTED
        } else if all_solved && finished as u64 == o.count {
            EXIT_OK
        } else {
            EXIT_UNSOLVED
        }))
    }
}
