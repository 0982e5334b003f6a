//! `cubetui solve`: one cube, headless.

use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use super::common::StartArgs;
use super::config::SolverArgs;
use super::run::run_one;
use super::{EXIT_OK, EXIT_UNSOLVED};

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: SolveArgs) -> Result<ExitCode, Report> {
    let resolved = args.solver.resolve()?;
    let start = args.start.resolve(args.solver.seed)?;
    let r = run_one(&resolved, &start, args.solver.seed)?;
    if args.json {
        println!("{}", serde_json::Value::Object(r.json.clone()));
    } else {
        let sol = if r.solution.is_empty() {
            "(empty)".to_string()
        } else {
            r.solution.to_string()
        };
        println!("{}", if r.solved { "solved" } else { "NOT solved" });
        println!("solution:   {sol}");
        println!(
            "length:     {} HTM after simplification ({} raw moves)",
            r.solution.len(),
            r.moves_raw
        );
        println!("energy:     {}", r.energy);
        println!("iterations: {}", r.iterations);
        println!("time:       {:.1} ms", r.elapsed.as_secs_f64() * 1e3);
        println!(
            "solver:     {} (preset {}{})",
            resolved.config.name(),
            resolved.preset,
            r.json
                .get("neighbourhood")
                .and_then(|v| v.as_str())
                .map(|n| format!(", neighbourhood {n}"))
                .unwrap_or_default()
        );
    }
    Ok(ExitCode::from(if r.solved {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    }))
}
