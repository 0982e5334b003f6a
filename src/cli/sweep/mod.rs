//! `cubetui sweep --preset P --set key=a,b,c [--set other=lo..hi/N] …`:
//! every combination of the values on the same cubes, one row each, with
//! the exact reference (solved once per cube: two-phase on the 3×3,
//! optimal on the 2×2; none past the 3×3) as the yardstick. Every size
//! (`--size N`), as bench.
//!
//! Combinations are taken as nested loops in `--set` order: the first
//! swept key varies slowest, the last fastest. Keys, types and ranges come
//! from the solver's parameter declaration, and every combination is
//! resolved (as `solve --set` would) before any solving, so an unknown key
//! or an out-of-range value is a usage error (exit 2) up front. The cube
//! loop, `--jsonl` (each line tagged with its `combination`), `--shard` and
//! the table are bench's; `cubetui merge` reads a sweep's files too.

use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_solve::params;
use cubetui_solve::preset::Presets;

use super::bench::args::BatchArgs;
use super::bench::engine::{Lane, has_reference};
use super::bench::{Batch, report};
use super::config::SolverArgs;
use super::exit::UsageError;

mod values;

use values::{Axis, combinations};

/// Most combinations one sweep runs.
pub const MAX_COMBINATIONS: usize = 10_000;

#[derive(Debug, Args)]
pub struct SweepArgs {
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub size: super::common::SizeArg,
    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Runs the sweep: 0 when every combination solved every cube, 4 when
/// some did not, 130 when interrupted.
pub fn run(mut args: SweepArgs, presets: &Presets) -> Result<ExitCode, Report> {
    // Any size, as bench: a preset made for another size than `--size` is
    // refused, and so is a solver that does not run on it (as it resolves).
    args.size.settle(args.solver.preset.as_deref(), presets)?;
    let size = args.size.get();
    let lanes = lanes(&args.solver.on_size(size, presets), presets)?;
    let batch = Batch::of(&args.batch, size)?;
    let seed = args.solver.seed;
    let keys = report::keys_of(lanes[0].combination.as_deref().unwrap_or(&[]));
    // The exact reference, where the size has one, is the yardstick; past
    // the 3×3 the table says there is none.
    let out = batch.run(seed, &lanes, has_reference(size))?;
    let what = report::sweep_what(&lanes[0].resolved.preset, lanes.len(), &keys);
    out.print(&batch, &what, seed, "combination", &lanes)
}

/// One lane per combination, each resolved (in `presets`) and checked.
fn lanes(solver: &SolverArgs, presets: &Presets) -> Result<Vec<Lane>, Report> {
    let usage = |m: String| -> Report { UsageError(m).into() };
    let base = SolverArgs {
        set: Vec::new(),
        ..solver.clone()
    }
    .resolve(presets)?;
    let declared = base.config.params();
    let axes: Vec<Axis> = solver
        .set
        .iter()
        .map(|kv| values::parse(kv, |k| params::find(declared, k)))
        .collect::<Result<_, _>>()
        .map_err(usage)?;
    // A key given twice would run only one of its values: refused.
    for (i, a) in axes.iter().enumerate() {
        if axes[..i].iter().any(|b| b.key == a.key) {
            return Err(usage(format!(
                "sweep: --set {} is given twice; give its values once (KEY=a,b,…)",
                a.key
            )));
        }
    }
    if axes.iter().all(|a| a.values.len() < 2) {
        return Err(usage(
            "sweep: give at least one --set KEY=a,b,… or KEY=lo..hi/N with several values".into(),
        ));
    }
    let total = axes
        .iter()
        .try_fold(1usize, |n, a| n.checked_mul(a.values.len()))
        .filter(|n| *n <= MAX_COMBINATIONS)
        .ok_or_else(|| {
            usage(format!(
                "sweep: more than {MAX_COMBINATIONS} combinations ({})",
                axes.iter()
                    .map(|a| format!("{} values of {}", a.values.len(), a.key))
                    .collect::<Vec<_>>()
                    .join(" × ")
            ))
        })?;
    let swept: Vec<bool> = axes.iter().map(|a| a.values.len() > 1).collect();
    let mut lanes = Vec::with_capacity(total);
    for combo in combinations(&axes) {
        let tag: Vec<String> = combo
            .iter()
            .zip(&swept)
            .filter(|(_, s)| **s)
            .map(|(kv, _)| kv.clone())
            .collect();
        let label = tag.join(" ");
        let resolved = SolverArgs {
            set: combo,
            ..solver.clone()
        }
        .resolve(presets)
        .map_err(|e| usage(format!("sweep combination `{label}`: {e}")))?;
        lanes.push(Lane::new(label, resolved, Some(tag)));
    }
    Ok(lanes)
}
