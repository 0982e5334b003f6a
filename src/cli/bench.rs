//! `cubetui bench`: many cubes, each seeded from the base seed and its index,
//! spread over rayon threads (results independent of the thread count).

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{Report, WrapErr};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use cubetui::cube::random::derive_seed;

use super::common::{random_scramble, random_start};
use super::config::SolverArgs;
use super::run::{RunReport, run_one};
use super::summary::Summary;
use super::{EXIT_OK, UsageError};

#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Number of cubes.
    #[arg(long, value_name = "N")]
    pub cubes: usize,
    /// Scramble each cube with D random face turns.
    #[arg(long, value_name = "D", group = "bench_start")]
    pub depth: Option<usize>,
    /// Start each cube from a uniformly random state.
    #[arg(long, group = "bench_start")]
    pub random_state: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "J")]
    pub jobs: Option<usize>,
    /// Write one `solve --json` line per cube to FILE.
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<std::path::PathBuf>,
}

pub fn run(args: BenchArgs) -> Result<ExitCode, Report> {
    let resolved = args.solver.resolve()?;
    if args.depth.is_none() && !args.random_state {
        return Err(UsageError("give --depth D or --random-state".into()).into());
    }
    if args.cubes == 0 {
        return Err(UsageError("--cubes must be at least 1".into()).into());
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err(UsageError("--jobs must be at least 1".into()).into());
    }
    let mut jsonl = match &args.jsonl {
        Some(path) => {
            Some(BufWriter::new(File::create(path).wrap_err_with(|| {
                format!("cannot create {}", path.display())
            })?))
        }
        None => None,
    };
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(args.cubes as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} cubes  {elapsed_precise} eta {eta}")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .wrap_err("cannot start worker threads")?;
    let base = args.solver.seed;
    let results: Vec<Result<RunReport, Report>> = pool.install(|| {
        (0..args.cubes)
            .into_par_iter()
            .map(|i| {
                let seed = derive_seed(base, i as u64);
                let start = match args.depth {
                    Some(d) => random_scramble(seed, d),
                    None => random_start(seed),
                };
                let mut r = run_one(&resolved, &start, seed);
                if let Ok(rep) = &mut r {
                    rep.json.insert("index".into(), i.into());
                    if let Some(d) = args.depth {
                        rep.json.insert("depth".into(), d.into());
                    }
                }
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut reports = Vec::with_capacity(results.len());
    for r in results {
        reports.push(r?);
    }
    if let Some(w) = jsonl.as_mut() {
        for r in &reports {
            writeln!(w, "{}", serde_json::Value::Object(r.json.clone()))?;
        }
        w.flush()?;
    }
    let start_desc = match args.depth {
        Some(d) => format!("random {d}-move scrambles"),
        None => "uniformly random states".to_string(),
    };
    let neighbourhood = reports
        .first()
        .and_then(|r| r.json.get("neighbourhood"))
        .and_then(|v| v.as_str())
        .map(|n| format!(", neighbourhood {n}"))
        .unwrap_or_default();
    println!(
        "{} cubes ({start_desc}), solver {} preset {}{neighbourhood}, seed {base}, {jobs} job(s)",
        args.cubes,
        resolved.config.name(),
        resolved.preset,
    );
    print!("{}", Summary::of(&reports));
    Ok(ExitCode::from(EXIT_OK))
}
