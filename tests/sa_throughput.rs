//! Manual throughput probe (ignored by default; no timing assertions):
//! `cargo test --release --test sa_throughput -- --ignored --nocapture`,
//! ideally under `perf stat -e cycles:u` to count cycles per proposal.

use std::time::Instant;

use cubetui::cube::Cube;
use cubetui::cube::random::{random_state, rng_from_seed, with_corner_twisted};
use cubetui::solve::Solver;
use cubetui::solve::anneal::{Annealer, SaParams};

/// A random state with the URF corner twisted: unreachable, so never solved.
fn unsolvable() -> Cube {
    with_corner_twisted(&random_state(&mut rng_from_seed(1)))
}

#[test]
#[ignore]
fn probe() {
    let name = std::env::var("SA_GEN").unwrap_or_else(|_| "pll-conj".into());
    let steps: u64 = std::env::var("SA_STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000_000);
    let p = SaParams {
        neighbourhood: name.clone(),
        max_steps: u64::MAX,
        ..SaParams::default()
    };
    let mut a = Annealer::new(&p, unsolvable(), 7).unwrap();
    let t = Instant::now();
    a.step(steps);
    let secs = t.elapsed().as_secs_f64();
    let s = a.snapshot();
    println!(
        "{name}: {} proposals in {secs:.3} s = {:.2} M/s (energy {}, best {})",
        s.iteration,
        s.iteration as f64 / secs / 1e6,
        s.energy,
        s.best_energy
    );
    assert_eq!(s.iteration, steps);
}
