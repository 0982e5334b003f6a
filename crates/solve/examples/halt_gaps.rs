//! How long `sa-short` goes without looking at its caller's limit: runs
//! the default preset on a random N×N state (seed 1) for S seconds,
//! stepping one sweep at a time under a limit that never says stop, and
//! prints the longest time between two looks (at a step's edge or inside
//! it), with the step it was in. That is how late a time limit, Ctrl-C or
//! `q` can be seen, set-up included.
//!
//! `cargo run --release -p cubetui-solve --example halt_gaps -- N S`

use std::cell::Cell;
use std::time::Instant;

use cubetui_cube::nxn::{Size, random::random_state};
use cubetui_cube::random::rng_from_seed;
use cubetui_solve::Status;
use cubetui_solve::short::{ShortParams, build_nxn};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(secs)) = (
        args.first().and_then(|a| a.parse::<usize>().ok()),
        args.get(1).and_then(|a| a.parse::<f64>().ok()),
    ) else {
        eprintln!("usage: halt_gaps N SECONDS");
        std::process::exit(2);
    };
    let Ok(size) = Size::new(n) else {
        eprintln!("no {n}x{n} cube");
        std::process::exit(2);
    };
    let start = random_state(&mut rng_from_seed(1), size);
    let Ok(mut s) = build_nxn(&ShortParams::default(), &start, 1) else {
        eprintln!("sa-short does not take it");
        std::process::exit(2);
    };
    let t0 = Instant::now();
    let last = Cell::new(t0);
    let step = Cell::new(0u64);
    // (gap in seconds, step, seconds into the run)
    let worst = Cell::new((0.0f64, 0u64, 0.0f64));
    let look = || {
        let now = Instant::now();
        let gap = (now - last.get()).as_secs_f64();
        if gap > worst.get().0 {
            worst.set((gap, step.get(), (now - t0).as_secs_f64()));
        }
        last.set(now);
        false
    };
    while t0.elapsed().as_secs_f64() < secs {
        step.set(s.snapshot().iteration);
        look();
        if s.step_within(1, &look) != Status::Running {
            break;
        }
    }
    look();
    let (gap, at, when) = worst.get();
    println!(
        "{n}x{n}: longest between two looks {:.0} ms (step {at}, {when:.1} s in); {} steps in {:.1} s",
        gap * 1e3,
        s.snapshot().iteration,
        t0.elapsed().as_secs_f64()
    );
}
