//! Command line: parses the arguments and dispatches to the subcommands, the
//! TUI (default), `state`, `scramble`, `solve`, `bench`, `sweep`, `merge`,
//! `presets`, `race`, `replay` and `config`, one module each (`plot` draws their `--plot`).
//! Exit codes and the errors that choose them live in the leaf module
//! [`exit`], which the subcommands import.

mod bench;
mod common;
mod config;
pub mod exit;
mod merge;
pub mod out;
mod plot;
mod presets;
mod progress;
mod race;
mod replay;
mod run;
mod schema;
mod scramble;
mod solve;
mod state;
mod summary;
mod sweep;
mod table;
mod table_cache;
mod tui;
pub mod userconf;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use color_eyre::eyre::Report;

use exit::EXIT_CODES;

/// Watch metaheuristic Rubik's cube solvers think.
#[derive(Debug, Parser)]
#[command(name = "cubetui", version, about, long_about = None, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    tui: tui::TuiArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a cube state: its facelet string and net.
    #[command(after_help = EXIT_CODES)]
    State(state::StateArgs),
    /// Print random scrambles.
    #[command(after_help = EXIT_CODES)]
    Scramble(scramble::ScrambleArgs),
    /// Solve one cube headless.
    #[command(after_help = EXIT_CODES)]
    Solve(solve::SolveArgs),
    /// Solve many cubes and summarise.
    #[command(after_help = EXIT_CODES)]
    Bench(bench::BenchArgs),
    /// List the solver presets: what each runs and the paper or work it follows;
    /// `presets NAME` shows one preset's parameters (value, range, scale,
    /// live, meaning).
    #[command(after_help = EXIT_CODES)]
    Presets(presets::PresetsArgs),
    /// Race 2-6 presets on one start state, compared by their own CPU time.
    #[command(after_help = EXIT_CODES)]
    Race(race::RaceArgs),
    /// Every combination of parameter values (`--set KEY=a,b,c`,
    /// `--set KEY=lo..hi/N`; the first key varies slowest) on the same
    /// cubes: a row each, with the two-phase reference as the yardstick.
    #[command(after_help = EXIT_CODES, mut_arg("set", |a| a.help(
        "A swept parameter: KEY=a,b,c (a list), KEY=lo..hi/N (N values, ends included; \
         by ratio on a log-scale key), or KEY=v (fixed); repeatable, the first swept key \
         varies slowest"
    )))]
    Sweep(sweep::SweepArgs),
    /// Merge `bench --jsonl` files (e.g. one per `--shard i/n`) and print
    /// the summary of the whole run.
    #[command(after_help = EXIT_CODES)]
    Merge(merge::MergeArgs),
    /// A run file written by `solve --record FILE`: the screen on the
    /// recorded run (no solver running; ← → home end move, space plays
    /// back), `--summary` (the default when stdout is not a terminal) its
    /// header and result, or with `--verify` the run made again and compared.
    #[command(after_help = EXIT_CODES)]
    Replay(replay::ReplayArgs),
    /// Your own settings and presets: `config path` prints where they live
    /// (`CUBETUI_CONFIG_DIR` names another directory).
    #[command(after_help = EXIT_CODES)]
    Config(userconf::ConfigArgs),
}

/// Runs the parsed command line with the preset table `presets` (the
/// built-in ones and the user's); `warnings` are the user presets refused
/// by [`userconf::load_presets`].
pub fn run(
    cli: Cli,
    presets: &cubetui_solve::preset::Presets,
    warnings: Vec<String>,
) -> Result<ExitCode, Report> {
    // A refused user preset is a warning; the others and the built-in ones run.
    if cli.command.is_some() {
        let mut err = std::io::stderr();
        for w in &warnings {
            let _ = writeln!(err, "warning: {w}");
        }
    }
    match cli.command {
        None => tui::run(cli.tui, presets, warnings),
        Some(Command::State(a)) => state::run(a),
        Some(Command::Scramble(a)) => scramble::run(a),
        Some(Command::Solve(mut a)) => {
            a.size.settle(a.solver.preset.as_deref(), presets)?;
            solve::run(a, presets)
        }
        Some(Command::Bench(mut a)) => {
            a.size.settle(a.solver.preset.as_deref(), presets)?;
            bench::run(a, presets)
        }
        Some(Command::Presets(a)) => presets::run(a, presets),
        Some(Command::Race(a)) => race::run(a, presets),
        Some(Command::Merge(a)) => merge::run(a),
        Some(Command::Replay(a)) => replay::run(a, presets),
        Some(Command::Sweep(a)) => sweep::run(a, presets),
        Some(Command::Config(a)) => userconf::run(a),
    }
}
