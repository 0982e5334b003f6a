//! `cubetui solve`: one cube, headless.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use super::common::StartArgs;
use super::config::SolverArgs;
use super::run::run_one;
use super::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED};

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

/// Solves one cube: 0 when solved, 4 when not, 130 when interrupted.
pub fn run(args: SolveArgs) -> Result<ExitCode, Report> {
    // Ctrl-C stops the search and prints the best result so far (exit 130).
    let interrupted = super::interrupt::install();
    let resolved = args.solver.resolve()?;
    let start = args.start.resolve(args.solver.seed)?;
    let r = run_one(&resolved, &start, args.solver.seed, Some(&interrupted))?;
    let mut text = String::new();
    if args.json {
        text = serde_json::to_string(&r.json)?;
        text.push('\n');
    } else {
        let sol = if r.solution.is_empty() {
            "(empty)".to_string()
        } else {
            r.solution.to_string()
        };
        let neighbourhood = r
            .json
            .neighbourhood
            .as_deref()
            .map(|n| format!(", neighbourhood {n}"))
            .unwrap_or_default();
        let _ = write!(
            text,
            "{}\nsolution:   {sol}\nlength:     {} HTM after simplification ({} raw moves)\n\
             energy:     {}\niterations: {}\ntime:       {:.1} ms\nsolver:     {} (preset {}{neighbourhood})\n",
            match (r.solved, r.cancelled) {
                (true, _) => "solved",
                (false, false) => "NOT solved",
                (false, true) => "NOT solved (interrupted)",
            },
            r.solution.len(),
            r.moves_raw,
            r.energy,
            r.iterations,
            r.elapsed.as_secs_f64() * 1e3,
            r.json.solver,
            resolved.preset,
        );
    }
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::from(if r.solved {
        EXIT_OK
    } else if r.cancelled {
        EXIT_INTERRUPTED
    } else {
        EXIT_UNSOLVED
    }))
}
