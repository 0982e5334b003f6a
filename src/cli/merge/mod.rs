//! `cubetui merge A.jsonl B.jsonl …`: the summary (or table) of a bench or
//! sweep from its `--jsonl` files, e.g. one per `--shard i/n`, exactly as
//! the whole run prints it (times aside, which were measured where each
//! shard ran). Lines are checked ([`read`], [`solves`]): a garbage line, a
//! cube given twice, lines of different runs, or a line whose fields do
//! not hold (start, scramble, solution and its lengths, solved, energy,
//! `stopped_by`) are refused naming the file, line and field (exit 3);
//! what cannot be recomputed is said, on the summary's last line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use super::bench::report;
use super::exit::{EXIT_OK, EXIT_UNSOLVED};

pub(super) mod read;
pub(super) mod solves;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The `bench --jsonl` (or `sweep --jsonl`) files, in any order. Every
    /// line is checked against what can be recomputed: its start and
    /// scramble (drawn again from the base seed and the cube's index), its
    /// solution replayed on it (solved, moves_htm, moves_layers,
    /// moves_santa), its energy (0 exactly when solved, never negative)
    /// and stopped_by (a reason a run gives, agreeing with solved and the
    /// time limit); an edited line is refused (exit 3) naming the file,
    /// line and field. Not checked: iterations, moves_raw, the times, the
    /// solver's own fields, and an unsolved line's energy past its being
    /// above 0 (each solver measures it its own way).
    #[arg(value_name = "FILE.jsonl", required = true)]
    pub files: Vec<PathBuf>,
    /// Draw the distribution of solution lengths and of times to solve,
    /// one line per preset (or combination), to FILE as SVG, and the
    /// convergence curves when the lines carry traces (`bench --trace`).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Print the summary (or table) as one JSON object on stdout instead of
    /// text, as `bench --json` does (`"command": "merge"`).
    #[arg(long)]
    pub json: bool,
}

/// Most missing indices listed by name.
const LISTED: usize = 10;

/// Prints the merged summary: 0 when every cube of the run is present and
/// solved, 4 otherwise.
pub fn run(args: MergeArgs) -> Result<ExitCode, Report> {
    let m = read::read(&args.files)?;
    if let Some(path) = &args.plot {
        super::plot::check(path)?;
    }
    let present = m.present.len() as u64;
    let count = if present == m.cubes {
        format!("{} cubes", m.cubes)
    } else {
        let mut missing: Vec<String> = (0..m.cubes)
            .filter(|k| m.present.binary_search(k).is_err())
            .take(LISTED + 1)
            .map(|k| k.to_string())
            .collect();
        if missing.len() > LISTED {
            missing[LISTED] = "…".into();
        }
        format!(
            "{present} of {} cubes (missing: {})",
            m.cubes,
            missing.join(", ")
        )
    };
    let set = m.test_set.then_some("a test set");
    let start = super::bench::source::describe(set, m.depth, m.size);
    let (what, first) = match &m.combinations {
        Some(c) => (
            report::sweep_what(&m.preset, c.len(), &report::keys_of(&c[0])),
            "combination",
        ),
        // Presets compared (with the reference where the size has one).
        None if m.labels.len() > 1 => (
            format!(
                "{} presets on the same cubes one after another",
                m.labels.len()
            ),
            "preset",
        ),
        None => {
            let neighbourhood = m
                .neighbourhood
                .as_ref()
                .map(|n| format!(", neighbourhood {n}"))
                .unwrap_or_default();
            (
                format!("solver {} preset {}{neighbourhood}", m.solver, m.preset),
                "preset",
            )
        }
    };
    let (body, all_solved) =
        report::body(first, &m.labels, &m.samples, m.reference.as_deref(), m.size);
    let files = args.files.len();
    let mut text = format!(
        "{count} ({start}), {what}, seed {}, merged from {files} file(s)\n{body}",
        m.base_seed
    );
    let title = text.lines().next().unwrap_or_default().to_string();
    text.push_str(&format!(
        "not checked (taken as written): {}\n",
        solves::UNCHECKED
    ));
    if args.json {
        text = json(&m, start)?;
    }
    if let Some(path) = &args.plot {
        if let Some(n) = m.some_traced {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "cubetui: only {n} of the lines carry a trace (bench --trace): \
                 the convergence curves are left out of {}",
                path.display()
            );
        }
        let series = super::plot::Series::lanes(&m.labels, &m.samples, &m.traces);
        let name = super::bench::compare::reference_name(m.size);
        let reference = m.reference.as_deref().map(|r| (r, name));
        super::plot::draw(path, &title, &series, reference)?;
    }
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::from(if all_solved && present == m.cubes {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    }))
}

/// `merge --json`: the summary as `bench --json` prints it, and a newline.
fn json(m: &read::Merged, start: String) -> Result<String, Report> {
    use super::bench::json;
    let lanes: Vec<json::Lane<'_>> = m
        .labels
        .iter()
        .zip(&m.samples)
        .enumerate()
        .map(|(i, (label, samples))| {
            let combination = m.combinations.as_ref().map(|c| &c[i][..]);
            json::Lane {
                label,
                // Presets compared are the rows; a sweep's rows share one.
                preset: if combination.is_none() && m.labels.len() > 1 {
                    label
                } else {
                    &m.preset
                },
                combination,
                samples,
            }
        })
        .collect();
    let head = json::Head {
        command: "merge",
        size: m.size,
        seed: m.base_seed,
        start,
        cubes: m.cubes,
        shard: super::bench::shard::Shard::ALL,
        interrupted: false,
    };
    let mut text = serde_json::to_string(&json::summary(head, &lanes, m.reference.as_deref()))?;
    text.push('\n');
    Ok(text)
}
