//! Manual throughput probe (ignored by default; no timing assertions):
//! `cargo test --release --test sa_throughput -- --ignored --nocapture`,
//! ideally under `perf stat -e cycles:u` to count cycles per proposal.

use std::time::Instant;

use cubetui::cube::Cube;
use cubetui::cube::random::{random_state, rng_from_seed};
use cubetui::solve::Solver;
use cubetui::solve::anneal::{Annealer, SaParams};

/// A random state with one corner twisted: no generator can solve it.
fn unsolvable() -> Cube {
    let c = random_state(&mut rng_from_seed(1));
    let mut s = *c.stickers();
    let (a, b, d) = (s[8], s[9], s[20]);
    s[8] = b;
    s[9] = d;
    s[20] = a;
    Cube::from_stickers(s).expect("colours stay in range")
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
