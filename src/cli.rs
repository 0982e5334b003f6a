//! Command line: parses the arguments and dispatches to the subcommands, the
//! TUI (default), `state`, `scramble`, `solve`, `bench`, `sweep`, `merge`,
//! `presets`, `race`, `replay` and `config`, one module each (`plot` draws their `--plot`).
//! Exit codes and the errors that choose them live in the leaf module
//! [`exit`], which the subcommands import.

mod bench;
mod common;
mod config;
pub mod exit;
mod interrupt;
mod merge;
mod out;
mod plot;
mod presets;
mod race;
mod replay;
mod run;
mod scramble;
mod sized;
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

use cubetui::cube::nxn::Size;
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
    /// List the solver presets: what each runs and the seed it follows;
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

/// Runs the parsed command line; `warnings` are the user presets refused
/// by [`userconf::load_presets`], which runs before the parser (whose help
/// texts read the presets).
pub fn run(cli: Cli, warnings: Vec<String>) -> Result<ExitCode, Report> {
    if let Some(c) = &cli.command {
        // `solve`, `bench`, `sweep` and `replay` have their own Ctrl-C
        // handling (`interrupt`).
        table_cache::report_on_stderr(!matches!(
            c,
            Command::Solve(_) | Command::Bench(_) | Command::Sweep(_) | Command::Replay(_)
        ));
    }
    // A refused user preset is a warning; the others and the built-in ones run.
    if cli.command.is_some() {
        let mut err = std::io::stderr();
        for w in &warnings {
            let _ = writeln!(err, "warning: {w}");
        }
    }
    match cli.command {
        None => tui::run(cli.tui, warnings),
        Some(Command::State(a)) => state::run(a),
        Some(Command::Scramble(a)) => scramble::run(a),
        Some(Command::Solve(mut a)) => {
            a.size.settle(a.solver.preset.as_deref())?;
            if a.size.get() == Size::THREE {
                solve::run(a)
            } else if a.record.is_some() {
                Err(exit::UsageError("--record: the 3x3 only".into()).into())
            } else {
                sized::solve(&a)
            }
        }
        Some(Command::Bench(mut a)) => {
            a.size.settle(a.solver.preset.as_deref())?;
            if a.size.get() == Size::THREE {
                bench::run(a)
            } else {
                sized::bench(&a)
            }
        }
        Some(Command::Presets(a)) => presets::run(a),
        Some(Command::Race(a)) => race::run(a),
        Some(Command::Merge(a)) => merge::run(a),
        Some(Command::Replay(a)) => replay::run(a),
        Some(Command::Sweep(a)) => sweep::run(a),
        Some(Command::Config(a)) => userconf::run(a),
    }
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

    /// The `cubetui` lines of `sh` blocks, comments, redirections and pipes
    /// cut, loop variables set.
    fn commands(readme: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut inside = false;
        for line in readme.lines() {
            if line.starts_with("```") {
                inside = line == "```sh";
                continue;
            }
            // Comments and shell redirections or pipes are not arguments.
            let line = line.split(" #").next().unwrap_or("");
            let line = line.split(['>', '|']).next().unwrap_or("").trim();
            if inside && line.starts_with("cubetui") {
                out.push(line.replace("$d", "4").replace("$k", "22"));
            }
        }
        out
    }

    #[test]
    fn every_readme_command_parses_and_names_real_presets() {
        let readme = include_str!("../README.md");
        let cmds = commands(readme);
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
                        // A user preset the README writes to `presets/NAME.toml`.
                        let written = readme.contains(&format!("/presets/{name}.toml"));
                        assert!(
                            written || cubetui::solve::preset::canonical(name).is_ok(),
                            "`{cmd}`: no preset `{name}`"
                        );
                    }
                }
            }
        }
    }
}
