//! Command line: the TUI (default), `state`, `scramble`, `solve`, `bench`,
//! `presets`.
//!
//! Exit codes: 0 ok or solved, 2 usage error, 3 invalid cube or notation,
//! 4 not solved within the budget, 5 cannot write output, 130 interrupted
//! (1 only for an internal error).

mod bench;
mod common;
mod config;
mod interrupt;
mod out;
mod presets;
mod race;
mod run;
mod scramble;
mod solve;
mod state;
mod summary;
mod tables;
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
/// A solver ran out of budget without solving (`bench`: not every cube solved).
pub const EXIT_UNSOLVED: u8 = 4;
/// Output could not be written (stdout or a `--jsonl` file).
pub const EXIT_IO: u8 = 5;
/// Interrupted by Ctrl-C (SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The exit codes, for `--help`.
const EXIT_CODES: &str = "\
Exit codes:
  0    ok (solve: solved; bench: every cube solved)
  2    usage error (unknown option, bad or out-of-range value)
  3    invalid cube or notation
  4    not solved within the budget (bench: some cube not solved)
  5    cannot write output (stdout or --jsonl file)
  130  interrupted (Ctrl-C)";

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
    /// List the solver presets: what each runs and the seed it follows.
    #[command(after_help = EXIT_CODES)]
    Presets(presets::PresetsArgs),
    /// Race 2-6 presets on one start state, compared by their own CPU time.
    #[command(after_help = EXIT_CODES)]
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

/// Output that could not be written (exit code 5).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OutputError(pub String);

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, Report> {
    if let Some(c) = &cli.command {
        // `solve` and `bench` have their own Ctrl-C handling (`interrupt`).
        tables::report_on_stderr(!matches!(c, Command::Solve(_) | Command::Bench(_)));
    }
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

/// The exit code for an error: 3 for invalid cubes or notation, 2 for usage,
/// 5 for output that cannot be written.
pub fn exit_code(err: &Report) -> u8 {
    for cause in err.chain() {
        if cause.is::<OutputError>() {
            return EXIT_IO;
        }
        if cause.is::<NotationError>() || cause.is::<FaceletError>() || cause.is::<InvalidInput>() {
            return EXIT_INVALID;
        }
        if cause.is::<UsageError>() {
            return EXIT_USAGE;
        }
    }
    1
}

#[cfg(test)]
mod readme_commands {
    //! Every `cubetui …` command line in the README's `sh` blocks is accepted
    //! by the parser as written (the `console` blocks are run whole by
    //! tests/cli_readme.rs; these ones take minutes, so they are only parsed),
    //! and every preset it names exists.

    use clap::Parser;

    use super::Cli;

    /// Splits on spaces, keeping "double-quoted" words together.
    fn words(line: &str) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                ' ' if !quoted => {
                    if !out.last().is_some_and(String::is_empty) {
                        out.push(String::new());
                    }
                }
                c => out.last_mut().expect("one word").push(c),
            }
        }
        out.retain(|w| !w.is_empty());
        out
    }

    /// The `cubetui` lines of `sh` blocks, comments cut, loop variables set.
    fn commands(readme: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut inside = false;
        for line in readme.lines() {
            if line.starts_with("```") {
                inside = line == "```sh";
                continue;
            }
            let line = line.split(" #").next().unwrap_or("").trim();
            if inside && line.starts_with("cubetui") {
                out.push(line.replace("$d", "4").replace("$k", "22"));
            }
        }
        out
    }

    #[test]
    fn every_readme_command_parses_and_names_real_presets() {
        let cmds = commands(include_str!("../README.md"));
        assert!(cmds.len() >= 10, "found {}", cmds.len());
        for cmd in cmds {
            let args = words(&cmd);
            let cli = Cli::try_parse_from(&args);
            assert!(
                cli.is_ok(),
                "`{cmd}`: {}",
                cli.err().map(|e| e.to_string()).unwrap_or_default()
            );
            for (i, a) in args.iter().enumerate() {
                if a == "--preset" || a == "--presets" || a == "--race" {
                    for name in args[i + 1].split(',') {
                        assert!(
                            cubetui::solve::preset::canonical(name).is_ok(),
                            "`{cmd}`: no preset `{name}`"
                        );
                    }
                }
            }
        }
    }
}
