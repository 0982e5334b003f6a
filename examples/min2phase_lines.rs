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
use std::time::Instant;

use cubetui_cube::Alg;

#[path = "support/lines.rs"]
mod lines;

fn main() {
    let (path, bound) = lines::args("min2phase_lines", 25);
    let cubes = lines::cubes(&path);
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
    lines::report(times, &lens);
}
