//! Command line: the TUI (default), `state`, `scramble`, `solve`, `bench`,
//! `presets`.
//!
//! Exit codes: 0 ok, 1 internal error, 2 usage error, 3 invalid cube or
//! notation, 4 not solved within the budget.

mod bench;
mod common;
mod config;
mod presets;
mod race;
mod run;
mod scramble;
mod solve;
mod state;
mod summary;
mod tui;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use color_eyre::eyre::Report;

use cubetui::cube::{FaceletError, NotationError};

/// Success.
pub const EXIT_OK: u8 = 0;
/// Bad command-line usage (clap also exits with 2).
pub const EXIT_USAGE: u8 = 2;
/// Invalid cube state or move notation.
pub const EXIT_INVALID: u8 = 3;
/// A solver ran out of budget without solving.
pub const EXIT_UNSOLVED: u8 = 4;

/// Watch metaheuristic Rubik's cube solvers think.
#[derive(Debug, Parser)]
#[command(name = "cubetui", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    tui: tui::TuiArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a cube state: its facelet string and net.
    State(state::StateArgs),
    /// Print random scrambles.
    Scramble(scramble::ScrambleArgs),
    /// Solve one cube headless.
    Solve(solve::SolveArgs),
    /// Solve many cubes and summarise.
    Bench(bench::BenchArgs),
    /// List the solver presets: what each runs and the seed it follows.
    Presets(presets::PresetsArgs),
    /// Race 2-6 presets on one start state, compared by their own CPU time.
    Race(race::RaceArgs),
}

/// A command-line usage error found after parsing (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// A cube or notation the user gave that is not valid (exit code 3).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InvalidInput(pub String);

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, Report> {
    match cli.command {
        None => tui::run(cli.tui),
        Some(Command::State(a)) => state::run(a),
        Some(Command::Scramble(a)) => scramble::run(a),
        Some(Command::Solve(a)) => solve::run(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Presets(a)) => presets::run(a),
        Some(Command::Race(a)) => race::run(a),
    }
}

/// The exit code for an error: 3 for invalid cubes or notation, 2 for usage.
pub fn exit_code(err: &Report) -> u8 {
    for cause in err.chain() {
        if cause.is::<NotationError>() || cause.is::<FaceletError>() || cause.is::<InvalidInput>() {
            return EXIT_INVALID;
        }
        if cause.is::<UsageError>() {
            return EXIT_USAGE;
        }
    }
    1
}
