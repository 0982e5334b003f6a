//! The reference's direct call on a file of facelet lines, in a process of
//! its own: what `cubetui bench --preset reference --states FILE --jobs 1
//! --set max_len=B --set target=B` does per cube without the runner
//! (scripts/reference-vs-min2phase.sh runs the three side by side).
//!
//! Obtains the tables first (off the clock, as `bench` does before its
//! first cube) and solves one other cube, then times `solve_with(tables,
//! cube, B, target B, no node limit)` on each line (building the searches, the search, the
//! solution); every solution is applied to its cube and must solve it
//! within B moves (exit 1 otherwise). Prints one line: `cubes N median_ms
//! M mean_ms A p90_ms P max_ms X mean_htm L`.
//!
//! `cargo run --release --example reference_lines -- FILE [B]`
//! (B = 21 by default).

use std::time::Instant;

use cubetui_cube::Cube;
use cubetui_solve::reference::{SearchLimits, cache, solve_with};

#[path = "support/lines.rs"]
mod lines;

fn main() {
    let (path, bound) = lines::args("reference_lines", 30);
    let cubes = lines::cubes(&path);
    let t = cache::tables();
    // However many nodes it takes, as min2phase (the preset's `max_nodes`
    // would end the search past the target on the slowest cubes).
    let limits = SearchLimits {
        target: bound,
        nodes: u64::MAX,
        ..SearchLimits::default()
    };
    let warm = Cube::solved().after(&"R U F' L D2 B R' U2 F".parse().unwrap_or_default());
    let _ = solve_with(t, &warm, bound, limits);
    let mut times = Vec::with_capacity(cubes.len());
    let mut lens = Vec::with_capacity(cubes.len());
    for (k, (_, cube)) in cubes.iter().enumerate() {
        let t0 = Instant::now();
        let got = solve_with(t, cube, bound, limits);
        times.push(t0.elapsed());
        match got {
            Ok(alg) if alg.len() <= bound && cube.after(&alg).is_solved() => lens.push(alg.len()),
            other => {
                eprintln!("cube {k}: {other:?}: not a solution within {bound}");
                std::process::exit(1);
            }
        }
    }
    lines::report(times, &lens);
}
