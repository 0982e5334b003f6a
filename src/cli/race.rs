//! `cubetui race`: 2–6 presets on one start state and seed, each in a
//! thread of its own, compared by their own CPU time.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui::solve::race::{Race, Results, run_lane};

use super::common::StartArgs;
use super::exit::{EXIT_OK, UsageError};
use super::table::{self, Column};

#[derive(Debug, Args)]
pub struct RaceArgs {
    /// The presets that race, 2 to 6, comma-separated (e.g. sa-pll-conj,mws,reference).
    #[arg(long, value_name = "A,B,…", value_delimiter = ',', required = true)]
    pub presets: Vec<String>,
    #[command(flatten)]
    pub start: StartArgs,
    /// Seed of every lane (and of --random-state).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stop a lane after this many seconds of its own CPU time.
    #[arg(long, value_name = "SECS", default_value_t = 20.0)]
    pub time_limit: f64,
    /// Print exactly one JSON object (with a `lanes` array) on stdout.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: RaceArgs) -> Result<ExitCode, Report> {
    if !(args.time_limit.is_finite() && args.time_limit > 0.0) {
        return Err(UsageError(format!(
            "--time-limit must be a positive number of seconds, got {}",
            args.time_limit
        ))
        .into());
    }
    let limit = Duration::from_secs_f64(args.time_limit);
    let start = args.start.resolve(args.seed)?;
    let presets: Vec<&str> = args.presets.iter().map(String::as_str).collect();
    // A wrong count, a repeated or unknown preset: all usage errors.
    let (mut race, solvers) =
        Race::of_presets(&presets, start.cube, args.seed).map_err(|e| UsageError(e.to_string()))?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        for (i, solver) in solvers.into_iter().enumerate() {
            let tx = tx.clone();
            s.spawn(move || {
                let _ = tx.send((i, run_lane(solver, Some(limit))));
            });
        }
        drop(tx);
        // In finishing order.
        for (i, u) in rx {
            race.absorb(i, u);
        }
    });
    let results = race.results();
    let text = if args.json {
        format!("{}\n", serde_json::to_string(&results)?)
    } else {
        text_table(&results)
    };
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::from(EXIT_OK))
}

/// The results as text: rank, preset, solved, HTM, CPU time, steps.
fn text_table(results: &Results) -> String {
    let columns = [
        Column::right("rank"),
        Column::left("preset"),
        Column::left("solved"),
        Column::right("HTM").min(4),
        Column::right("CPU ms").min(10),
        Column::right("steps").min(10),
    ];
    let rows: Vec<Vec<String>> = results
        .lanes
        .iter()
        .map(|l| {
            vec![
                l.rank.to_string(),
                l.preset.clone(),
                if l.solved { "yes" } else { "no" }.to_string(),
                if l.solved {
                    l.htm.to_string()
                } else {
                    "-".into()
                },
                format!("{:.1}", l.cpu_ms),
                l.steps.to_string(),
            ]
        })
        .collect();
    table::render(&columns, &rows)
}

#[cfg(test)]
mod tests {
    use cubetui::solve::race::LaneResult;

    use super::*;

    fn lane(
        rank: usize,
        preset: &str,
        solved: bool,
        htm: usize,
        cpu_ms: f64,
        steps: u64,
    ) -> LaneResult {
        LaneResult {
            rank,
            preset: preset.into(),
            state: if solved { "solved" } else { "stopped" }.into(),
            solved,
            htm,
            cpu_ms,
            steps,
            step: "step".into(),
            energy: 0.0,
            solution: String::new(),
        }
    }

    #[test]
    fn the_table_keeps_its_fixed_columns() {
        let results = Results {
            seed: 1,
            facelets: String::new(),
            lanes: vec![
                lane(1, "reference", true, 6, 0.1234, 1),
                lane(2, "sa-pll-conj", true, 588, 1234.56, 5175),
                lane(3, "ga", false, 0, 20000.0, 1_234_567_890),
            ],
        };
        assert_eq!(
            text_table(&results),
            "rank  preset       solved   HTM      CPU ms       steps\n\
             \x20  1  reference    yes        6         0.1           1\n\
             \x20  2  sa-pll-conj  yes      588      1234.6        5175\n\
             \x20  3  ga           no         -     20000.0  1234567890\n"
        );
    }
}
