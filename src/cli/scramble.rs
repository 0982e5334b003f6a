//! `cubetui scramble`: random-move scrambles or uniformly random states.

use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_cube::Cube;
use cubetui_cube::random::{random_moves, random_state, start_rng};

/// Moves in a scramble when neither `--depth` nor `--random-state` is given.
pub const DEFAULT_DEPTH: usize = 25;

#[derive(Debug, Args)]
pub struct ScrambleArgs {
    /// Print uniformly random reachable states as facelet strings instead of moves.
    #[arg(long, conflicts_with = "depth")]
    random_state: bool,
    /// Number of random face turns (never the same face twice in a row)
    /// [default: 25; other sizes: 11 on the 2x2, 20(N - 2) past the 3x3].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
    depth: Option<u32>,
    /// Seed for reproducible output: scramble k is cube k of the seed, the
    /// cube `bench --seed` draws k-th (and, for k = 0, `solve`, `race` and
    /// the screen); without it a fresh random seed is used.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Print each scramble as the facelet string of the state it reaches (one
    /// cube per line: a test set for `bench --states`).
    #[arg(long)]
    facelets: bool,
    #[command(flatten)]
    size: super::common::SizeArg,
    /// How many scrambles to print, one per line.
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    count: u32,
}

pub fn run(args: ScrambleArgs) -> Result<ExitCode, Report> {
    let seed = args.seed.unwrap_or_else(rand::random);
    let size = args.size.get();
    let depth = args.depth.map_or(DEFAULT_DEPTH, |d| d as usize);
    if size != cubetui_cube::nxn::Size::THREE {
        return sized(&args, seed, size);
    }
    // Streamed: count × depth can be far more text than is worth holding.
    let mut out = super::out::StdoutLines::new();
    for k in 0..u64::from(args.count) {
        let mut rng = start_rng(seed, k);
        let line = if args.random_state {
            random_state(&mut rng).facelets()
        } else if args.facelets {
            Cube::solved()
                .after(&random_moves(&mut rng, depth))
                .facelets()
        } else {
            random_moves(&mut rng, depth).to_string()
        };
        if !out.line(&line)? {
            return Ok(ExitCode::SUCCESS);
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Scrambles of another size: uniformly random states (`--random-state`),
/// random-move scrambles of WCA's length for the size (`--depth` to choose).
fn sized(
    args: &ScrambleArgs,
    seed: u64,
    size: cubetui_cube::nxn::Size,
) -> Result<ExitCode, Report> {
    use cubetui_cube::nxn::NxnCube;
    use cubetui_cube::nxn::random as nxn;
    let depth = args
        .depth
        .map_or(nxn::scramble_length(size), |d| d as usize);
    let mut out = super::out::StdoutLines::new();
    for k in 0..u64::from(args.count) {
        let mut rng = start_rng(seed, k);
        let line = if args.random_state {
            nxn::random_state(&mut rng, size).facelets()
        } else if args.facelets {
            NxnCube::solved(size)
                .after(&nxn::random_moves(&mut rng, size, depth))
                .expect("scramble kinds fit the size")
                .facelets()
        } else {
            nxn::random_moves(&mut rng, size, depth).to_string()
        };
        if !out.line(&line)? {
            return Ok(ExitCode::SUCCESS);
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
