//! `cubetui race`: 2–6 presets on one start state and seed, each in a
//! thread of its own, compared by their own CPU time; on every size
//! (`--size N`: the solvers that run there, `reference` on the 2×2 and 3×3).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_run::numbers;
use cubetui_run::record::{Header, Live, beside};
use cubetui_solve::Solver;
use cubetui_solve::preset::Presets;

use serde::Serialize;

use cubetui_cube::AnyCube;
use cubetui_cube::nxn::Size;
use cubetui_run::race::{LaneResult, Race, Results, run_lane, run_lane_streamed};

use super::common::{StartArgs, check_preset_list};
use super::config::{time_limit, time_limit_arg};
use super::exit::{EXIT_INTERRUPTED, EXIT_OK, OutputError, UsageError};
use super::out::summary;
use super::plot::LaneCurves;
use super::table::{self, Column};

#[derive(Debug, Args)]
pub struct RaceArgs {
    /// The presets that race, 2 to 6, comma-separated (e.g. sa-pll-conj,mws,reference).
    #[arg(long, value_name = "A,B,…", value_delimiter = ',', required = true)]
    pub presets: Vec<String>,
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub size: super::common::SizeArg,
    /// Seed of every lane (and of --random-state).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Stop a lane after this many seconds of its own CPU time, more than 0
    /// and at most 1000000.
    #[arg(long, value_name = "SECS", default_value_t = 20.0,
          allow_negative_numbers = true, value_parser = time_limit_arg)]
    pub time_limit: f64,
    /// Print exactly one JSON object (with a `lanes` array) on stdout.
    #[arg(long)]
    pub json: bool,
    /// With --json, print an unsolved lane's walk in full even when it is
    /// longer than 200 moves (by default: the first and last 20 moves, with
    /// `solution_truncated` true; `htm` keeps the length). Solutions of
    /// solved lanes are always whole.
    #[arg(long)]
    pub full: bool,
    /// Draw each lane's moves to solved from its best state against its
    /// CPU time to FILE as SVG (as the race screen does), its best energy
    /// so far (as its solver counts it) beside it: the convergence curves.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
    /// Write each lane's run to a run file (see `cubetui replay`): FILE
    /// with the preset's name before the extension (race.mws.jsonl, …).
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// Override a parameter of the first preset's lane, as in `solve`
    /// (repeatable): a race the screen's `w` opened after the knobs were
    /// turned runs its first lane so, and `y` prints it so.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

/// One lane of `race --json`: its results, its solution maybe summarised.
#[derive(Serialize)]
struct LaneJson {
    #[serde(flatten)]
    lane: LaneResult,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    solution_truncated: bool,
}

/// `race --json`: the results, each unsolved lane's walk summarised unless `full`.
#[derive(Serialize)]
struct RaceJson {
    seed: u64,
    facelets: String,
    lanes: Vec<LaneJson>,
}

impl RaceJson {
    fn of(results: Results, full: bool) -> RaceJson {
        let lanes = results
            .lanes
            .into_iter()
            .map(|mut lane| {
                let short = (!full && !lane.solved)
                    .then(|| summary(&lane.solution))
                    .flatten();
                let solution_truncated = short.is_some();
                if let Some(s) = short {
                    lane.solution = s;
                }
                LaneJson {
                    lane,
                    solution_truncated,
                }
            })
            .collect();
        RaceJson {
            seed: results.seed,
            facelets: results.facelets,
            lanes,
        }
    }
}

pub fn run(mut args: RaceArgs, table: &Presets) -> Result<ExitCode, Report> {
    let limit = time_limit(args.time_limit)
        .map_err(|e| UsageError(format!("--time-limit {}: {e}", args.time_limit)))?;
    let presets: Vec<&str> = args.presets.iter().map(String::as_str).collect();
    check_preset_list("--presets", &presets)?;
    let mut size_arg = args.size;
    size_arg.settle(Some(&args.presets.join(",")), table)?;
    args.size = size_arg;
    let size = args.size.get();
    let start: AnyCube = args.start.resolve(args.seed, size)?.cube;
    // A wrong count, a repeated or unknown preset, a solver that does not
    // run on this size, `reference` past the 3×3: all usage errors.
    // A `reference` lane builds its search on the tables (the 3×3's; its
    // `--set` is checked on a 3×3): obtained first, saying so on stderr.
    let is_reference = |p: &str| table.get(p.trim()).is_ok_and(|c| c.name() == "reference");
    if size == Size::THREE && presets.iter().any(|p| is_reference(p)) {
        super::table_cache::obtain_on_stderr(true);
    }
    let (mut race, mut solvers) = Race::of_presets(table, &presets, start, args.seed)
        .map_err(|e| UsageError(e.to_string()))?;
    let first_config = match race.lanes().first() {
        Some(lane) if !args.set.is_empty() => {
            let base = table
                .get(lane.preset())
                .map_err(|e| UsageError(e.to_string()))?;
            if base.name() == "reference" {
                super::table_cache::obtain_on_stderr(true);
            }
            let (config, _) = super::config::apply_sets(&base, &args.set)?;
            solvers[0] = cubetui_solve::build_any(&config, race.start(), args.seed)
                .map_err(|e| UsageError(e.to_string()))?;
            Some(config)
        }
        _ => None,
    };
    // Each lane's final moves to solved needs the reference tables (read
    // from the cache; built once, on stderr, if there is none): the
    // two-phase tables on the 3×3, the distance table on the 2×2; none
    // past the 3×3 (the column says `-`).
    if let Some(y) = cubetui_solve::yardstick::Yardstick::of(size) {
        if size == Size::THREE {
            super::table_cache::obtain_on_stderr(true);
        }
        y.prepare();
    }
    if let Some(path) = &args.plot {
        super::plot::check(path)?;
    }
    let mut records = match &args.record {
        Some(path) => lane_records(path, table, &race, &solvers, args.seed, limit, first_config)?,
        None => Vec::new(),
    };
    let traced = args.plot.is_some() || args.record.is_some();
    // Ctrl-C stops every lane at its next batch; the results so far are
    // printed and the race exits 130.
    let interrupted = crate::signals::ctrl_c_flag(EXIT_INTERRUPTED);
    let (tx, rx) = std::sync::mpsc::channel();
    let failed = std::thread::scope(|s| {
        let mut lanes = Vec::new();
        for (i, solver) in solvers.into_iter().enumerate() {
            let tx = tx.clone();
            let mut record = records.get_mut(i).map(|r| r.take());
            let cancel = Some(&*interrupted);
            lanes.push(s.spawn(move || {
                let mut failed = None;
                // Each update goes to the lane's run file as it is made.
                let mut emit = |u: cubetui_run::runner::Update| {
                    if let Some((path, live)) = record.as_mut().and_then(Option::as_mut)
                        && let Err(e) = {
                            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                                live.interrupt();
                            }
                            live.absorb(&u)
                        }
                    {
                        failed = Some(format!("{}: {e}", path.display()));
                        record = None;
                    }
                    let _ = tx.send((i, u));
                };
                if traced {
                    run_lane_streamed(solver, Some(limit), cancel, &mut emit);
                } else {
                    emit(run_lane(solver, Some(limit), cancel));
                }
                failed
            }));
        }
        drop(tx);
        // In finishing order; a progress line now and then when stderr is
        // not a terminal.
        let mut ticker = super::progress::Ticker::new();
        loop {
            match rx.recv_timeout(Duration::from_millis(100)) {
                Ok((i, u)) => race.absorb(i, u),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
            let done = lanes.iter().filter(|l| l.is_finished()).count();
            ticker.tick(|secs| {
                let elapsed = super::progress::elapsed(secs);
                format!("race: {done}/{} lanes finished, {elapsed}", lanes.len())
            });
        }
        lanes.into_iter().find_map(|l| l.join().ok().flatten())
    });
    if let Some(why) = failed {
        return Err(OutputError(why).into());
    }
    if let Some(path) = &args.plot {
        let curves = plot_curves(&race);
        let title = format!(
            "race of {} presets, seed {}, CPU limit {} s per lane",
            curves.len(),
            args.seed,
            args.time_limit
        );
        super::plot::draw_curves(path, &title, &curves)?;
    }
    let results = race.results();
    let text = if args.json {
        format!(
            "{}\n",
            serde_json::to_string(&RaceJson::of(results, args.full))?
        )
    } else {
        text_table(&results)
    };
    super::out::stdout(text.as_bytes())?;
    if interrupted.load(Ordering::Relaxed) {
        eprintln!("race: interrupted (Ctrl-C); the lanes stopped where they were");
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    Ok(ExitCode::from(EXIT_OK))
}

/// What `--plot` draws of each lane, CPU seconds made ms: its moves to
/// solved (the race screen's measure; only where it was known) and its best
/// energy so far.
fn plot_curves(race: &Race) -> Vec<LaneCurves> {
    let ms = |points: &[(f64, f64)]| points.iter().map(|&(t, v)| (t * 1e3, v)).collect();
    race.lanes()
        .iter()
        .map(|l| LaneCurves {
            label: l.preset().to_string(),
            to_solved: ms(l.to_solved()),
            best: ms(l.track().best().points()),
        })
        .collect()
}

/// A lane's run file: where it is, and its writer.
type LaneRecord = (PathBuf, Live<File>);

/// One run file per lane, `path` with the preset's name before the
/// extension, each begun with its header (exit 5 when one cannot be); the
/// first lane's configuration is `first_config` when `--set` changed it,
/// the others' their preset's in `table`.
fn lane_records(
    path: &Path,
    table: &Presets,
    race: &Race,
    solvers: &[Box<dyn Solver>],
    seed: u64,
    limit: Duration,
    first_config: Option<cubetui_solve::SolverConfig>,
) -> Result<Vec<Option<LaneRecord>>, Report> {
    race.lanes()
        .iter()
        .zip(solvers)
        .enumerate()
        .map(|(i, (lane, solver))| {
            let name = lane.preset();
            let file = beside(path, name);
            let config = match (&first_config, i) {
                (Some(c), 0) => c.clone(),
                _ => table.get(name).map_err(|e| UsageError(e.to_string()))?,
            };
            let header = Header::new(
                name,
                &config,
                seed,
                race.start(),
                None,
                Some(limit),
                &solver.profile(),
            )
            .map_err(|e| OutputError(format!("{}: {e}", file.display())))?;
            let live = Live::create(&file, &header).map_err(OutputError)?;
            Ok(Some((file, live)))
        })
        .collect()
}

/// The results as text: rank, preset, solved, HTM, best energy (what
/// ranks unsolved lanes), moves to solved, CPU time, steps.
fn text_table(results: &Results) -> String {
    let columns = [
        Column::right("rank"),
        Column::left("preset"),
        Column::left("solved"),
        Column::right("HTM").min(4),
        Column::right("energy").min(6),
        Column::right("to solved"),
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
                numbers::energy(l.energy),
                l.to_solved.map_or_else(|| "-".into(), |n| n.to_string()),
                format!("{:.1}", l.cpu_ms),
                l.steps.to_string(),
            ]
        })
        .collect();
    table::render(&columns, &rows)
}

#[cfg(test)]
mod tests {
    use cubetui_run::race::LaneResult;

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
            energy: if solved { 0.0 } else { 14.0 },
            to_solved: if solved { Some(0) } else { Some(21) },
            solution: String::new(),
        }
    }

    #[test]
    fn the_plot_draws_moves_to_solved_and_the_energies_beside() {
        use cubetui_run::runner::{Point, RunState, Update};
        let start = AnyCube::Three(cubetui_cube::Cube::solved());
        let mut race = Race::new(vec!["a".into(), "b".into()], start, 1).unwrap();
        let point = |energy: f64, to_solved: f64| Point {
            iteration: 1,
            energy,
            best: energy,
            values: Vec::new(),
            to_solved,
        };
        let mut u = Update::new(0, RunState::Running);
        u.cpu = Duration::from_millis(2);
        // The phase solvers' energy climbs; moves to solved says 19 and 17.
        u.points = vec![point(40.0, 19.0), point(90.0, f64::NAN)];
        race.absorb(0, u);
        let mut u = Update::new(0, RunState::Running);
        u.cpu = Duration::from_millis(5);
        u.points = vec![point(12.0, 17.0)];
        race.absorb(0, u);
        let curves = plot_curves(&race);
        assert_eq!(curves.len(), 2);
        assert_eq!(curves[0].label, "a");
        // Moves to solved where it was known, on CPU ms.
        assert_eq!(curves[0].to_solved, [(2.0, 19.0), (5.0, 17.0)]);
        let best: Vec<f64> = curves[0].best.iter().map(|p| p.1).collect();
        assert!(best.contains(&90.0), "{best:?}");
        assert!(curves[1].to_solved.is_empty());
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
            "rank  preset       solved   HTM  energy  to solved      CPU ms       steps\n\
             \x20  1  reference    yes        6       0          0         0.1           1\n\
             \x20  2  sa-pll-conj  yes      588       0          0      1234.6        5175\n\
             \x20  3  ga           no         -      14         21     20000.0  1234567890\n"
        );
    }
}
