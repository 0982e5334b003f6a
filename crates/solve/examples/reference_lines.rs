//! The reference's direct call on a file of facelet lines, in a process of
//! its own: what `cubetui bench --preset reference --states FILE --jobs 1
//! --set max_len=B --set target=B` does per cube without the runner
//! (scripts/reference-vs-min2phase.sh runs the three side by side).
//!
//! Obtains the tables first (off the clock, as `bench` does before its
//! first cube) and solves one other cube, then times `solve_with(tables,
//! cube, B, target B)` on each line (building the searches, the search, the
//! solution); every solution is applied to its cube and must solve it
//! within B moves (exit 1 otherwise). Prints one line: `cubes N median_ms
//! M mean_ms A p90_ms P max_ms X mean_htm L`.
//!
//! `cargo run --release -p cubetui-solve --example reference_lines -- FILE [B]`
//! (B = 21 by default).

use std::time::{Duration, Instant};

use cubetui_cube::Cube;
use cubetui_solve::reference::{SearchLimits, cache, solve_with};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: reference_lines FILE [MAX_LEN]");
        std::process::exit(2);
    };
    let bound: usize = match args.next().map(|s| s.parse()) {
        None => 21,
        Some(Ok(b)) if (1..=30).contains(&b) => b,
        Some(_) => {
            eprintln!("MAX_LEN must be 1 – 30");
            std::process::exit(2);
        }
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(3);
        }
    };
    let mut cubes = Vec::new();
    for (i, line) in text.lines().map(str::trim).enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match Cube::from_facelets(line) {
            Ok(c) => cubes.push(c),
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                std::process::exit(3);
            }
        }
    }
    let t = cache::tables();
    let limits = SearchLimits {
        target: bound,
        ..SearchLimits::default()
    };
    let warm = Cube::solved().after(&"R U F' L D2 B R' U2 F".parse().unwrap_or_default());
    let _ = solve_with(t, &warm, bound, limits);
    let mut times = Vec::with_capacity(cubes.len());
    let mut lens = Vec::with_capacity(cubes.len());
    for (k, cube) in cubes.iter().enumerate() {
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
    times.sort_unstable();
    let q = |p: f64| {
        let i = ((times.len() as f64 * p).ceil() as usize).clamp(1, times.len().max(1)) - 1;
        times.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    let n = times.len().max(1) as f64;
    println!(
        "cubes {} median_ms {:.3} mean_ms {:.3} p90_ms {:.3} max_ms {:.3} mean_htm {:.3}",
        times.len(),
        q(0.5),
        times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / n,
        q(0.9),
        q(1.0),
        lens.iter().sum::<usize>() as f64 / n
    );
}
