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

#[cfg(test)]
mod readme_commands;

#[cfg(test)]
mod readme_tests {
    //! The command lines of the README, CONTRIBUTING.md and every
    //! docs/*.md ([`readme_commands`] finds them) against the real parser:
    //! a table's command that stops parsing fails here.

    use clap::Parser;

    use super::Cli;
    use super::readme_commands::{commands, faults, lines};

    /// The README, CONTRIBUTING.md and every docs/*.md: (path, text), read
    /// when the test runs.
    fn pages() -> Vec<(String, String)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut names = vec!["README.md".to_string(), "CONTRIBUTING.md".to_string()];
        let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
            .expect("docs/")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".md"))
            .map(|n| format!("docs/{n}"))
            .collect();
        docs.sort();
        names.extend(docs);
        names
            .into_iter()
            .map(|n| {
                let text =
                    std::fs::read_to_string(root.join(&n)).unwrap_or_else(|e| panic!("{n}: {e}"));
                (n, text)
            })
            .collect()
    }

    fn parse(args: &[String]) -> Result<(), clap::Error> {
        Cli::try_parse_from(args).map(|_| ())
    }

    #[test]
    fn every_documented_command_parses_and_names_real_presets() {
        let pages = pages();
        assert!(pages.len() >= 10, "README, CONTRIBUTING and docs/");
        let mut found = 0;
        let mut all = Vec::new();
        for (name, text) in &pages {
            let here = commands(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            if name == "README.md" {
                assert!(here.len() >= 10, "README: found only {}", here.len());
            }
            found += here.len();
            all.extend(faults(name, text, &parse).unwrap_or_else(|e| panic!("{name}: {e}")));
        }
        assert!(found >= 100, "found only {found}");
        assert!(all.is_empty(), "{}", all.join("\n"));
    }

    #[test]
    fn the_documented_tables_commands_are_among_those_checked() {
        let all: Vec<String> = pages().iter().flat_map(|(_, t)| lines(t)).collect();
        let has = |cmd: &str| assert!(all.iter().any(|c| c == cmd), "not checked: `{cmd}`");
        // The README's subcommand table (prose in a table), the 200-state
        // comparison, a loop of the annealing table expanded,
        // a `$ ` line of a `text` block, a prose run, a quoted command,
        // a continued Slurm line, a GNU parallel line and the loops beside
        // the annealing and evolutionary tables.
        has("cubetui replay tests/data/run-mws.jsonl --verify");
        has("cubetui config path");
        has(
            "cubetui bench --preset sa-pll-conj,sa-faces,sa-faces-hot,ga,woc,mws,mws-short,phases-es,phases-ga,phases-sa,reference --random-state --cubes 200 --jobs 1 --seed 1",
        );
        for d in ["1", "9", "20"] {
            has(&format!(
                "cubetui bench --preset sa-faces --cubes 20 --depth {d} --seed 1 --jobs 1 --time-limit 1"
            ));
        }
        has(
            "cubetui bench --size 2 --preset 2x2-sa,2x2-ga,2x2-phases,reference --random-state --cubes 200",
        );
        has(
            "cubetui bench --size 4 --preset sa-faces,sa-faces-hot,ga,woc,4x4-sa --random-state --cubes 20 --jobs 1",
        );
        has(
            "cubetui bench --preset sa-faces-hot --cubes 20 --random-state --seed 1 --jobs 1 --time-limit 1",
        );
        has("cubetui bench --solver mws --depth 50 --cubes 10 --jobs 1 --seed 1");
        has(
            "cubetui bench --solver ga --random-state --cubes 10 --jobs 1 --seed 1 --set length=30 --set fitness=prefix",
        );
        has(
            "cubetui bench --solver woc --depth 7 --cubes 10 --jobs 1 --seed 1 --jsonl woc-7.jsonl",
        );
        has("cubetui --race sa-pll-conj,mws,reference --seed 1");
        has(
            "cubetui bench --preset sa-pll-conj,phases-sa,reference --random-state --cubes 1000 --seed 1 --jobs 4 --shard 1/8 --jsonl bench-1.jsonl",
        );
        has(
            "cubetui bench --preset phases-sa --random-state --cubes 200 --seed 1 --jobs 1 --trace --shard 3/4 --jsonl shard-3.jsonl",
        );
    }

    #[test]
    fn a_command_that_stops_parsing_is_named_with_its_line() {
        let md = "# t\n```sh\ncubetui bench --cubes 3\ncubetui bench --cubez 3\n```\n\
                  ```text\n$ cubetui bnch\n```\n\
                  One run of `cubetui bench --preset no-such --cubes 2`; `cubetui nosub`;\n\
                  `cubetui bench … --jobz 1` (a synopsis may leave out required options only).\n";
        let faults = faults("README", md, &parse).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(faults.len(), 5, "{faults:#?}");
        assert!(
            faults[0].starts_with("README line 4: `cubetui bench --cubez 3`"),
            "{}",
            faults[0]
        );
        assert!(
            faults[1].starts_with("README line 7: `cubetui bnch`"),
            "{}",
            faults[1]
        );
        assert!(faults[2].contains("no preset `no-such`"), "{}", faults[2]);
        assert!(faults[3].contains("`cubetui nosub`"), "{}", faults[3]);
        assert!(faults[4].contains("--jobz"), "{}", faults[4]);
    }
}
