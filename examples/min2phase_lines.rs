//! min2phase on a file of facelet lines, in a process of its own: the other
//! side of `cubetui bench --preset reference --states FILE --jobs 1 --set
//! max_len=B --set target=B` (scripts/reference-vs-min2phase.sh runs both).
//!
//! Builds min2phase's tables first (one solve of another cube, off the
//! clock, as `bench` obtains the reference tables before its first cube),
//! then solves each line with `min2phase::solve(line, B)`, timing the call
//! and the parsing of its answer; every solution is applied to its cube and
//! must solve it within B moves (exit 1 otherwise). Prints one line: `cubes
//! N median_ms M mean_ms A p90_ms P max_ms X mean_htm L`.
//!
//! `cargo run --release --example min2phase_lines -- FILE [B]` (B = 21 by
//! default).

use std::str::FromStr;
use std::time::{Duration, Instant};

use cubetui_cube::{Alg, Cube};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: min2phase_lines FILE [MAX_LEN]");
        std::process::exit(2);
    };
    let bound: usize = match args.next().map(|s| s.parse()) {
        None => 21,
        Some(Ok(b)) if (1..=25).contains(&b) => b,
        Some(_) => {
            eprintln!("MAX_LEN must be 1 – 25");
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
            Ok(c) => cubes.push((line.to_string(), c)),
            Err(e) => {
                eprintln!("{path}:{}: {e}", i + 1);
                std::process::exit(3);
            }
        }
    }
    // min2phase builds its tables on first use.
    let _ = min2phase::solve(
        &"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".to_string(),
        21,
    );
    let mut times = Vec::with_capacity(cubes.len());
    let mut lens = Vec::with_capacity(cubes.len());
    for (k, (facelets, cube)) in cubes.iter().enumerate() {
        let t0 = Instant::now();
        let answer = min2phase::solve(facelets, bound as u8);
        let alg = Alg::from_str(answer.trim());
        times.push(t0.elapsed());
        let solved = alg
            .as_ref()
            .is_ok_and(|a| cube.after(a).is_solved() && a.len() <= bound);
        if !solved {
            eprintln!("cube {k}: min2phase said {answer:?}: not a solution within {bound}");
            std::process::exit(1);
        }
        lens.push(alg.map_or(0, |a| a.len()));
    }
    times.sort_unstable();
    let q = |p: f64| {
        let i = ((times.len() as f64 * p).ceil() as usize).clamp(1, times.len().max(1)) - 1;
        times.get(i).map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    let n = times.len().max(1) as f64;
    println!(
        "cubes {} median_ms {:.3} mean_ms {:.3} p90_ms {:.3} max_ms {:.3} mean_htm {:.2}",
        times.len(),
        q(0.5),
        times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1e3 / n,
        q(0.9),
        q(1.0),
        lens.iter().sum::<usize>() as f64 / n
    );
}
