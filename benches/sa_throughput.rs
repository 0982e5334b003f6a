//! Steady-state annealer throughput: proposals per second of one long run.
//!
//! Unlike `anneal` (a fresh annealer for every sample, construction counted),
//! one annealer keeps stepping across all samples, as in a long search. The
//! start is a cube with one corner twisted in place, which no generator
//! solves, so every step is a proposal. `SA_GEN` picks the generator
//! (default `pll-conj`):
//!
//! ```sh
//! cargo bench --bench sa_throughput
//! SA_GEN=faces cargo bench --bench sa_throughput
//! # cycles per proposal: a fixed 10 s of stepping, no analysis
//! perf stat -e cycles:u cargo bench --bench sa_throughput -- --profile-time 10
//! ```

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use cubetui_cube::Cube;
use cubetui_cube::random::{random_state, rng_from_seed, with_corner_twisted};
use cubetui_solve::Solver;
use cubetui_solve::anneal::{Annealer, SaParams, Three};

/// Proposals per measured iteration.
const STEPS: u64 = 1_000_000;

/// A random state with the URF corner twisted: unreachable, so never solved.
fn unsolvable() -> Cube {
    with_corner_twisted(&random_state(&mut rng_from_seed(1)))
}

fn steady_state(c: &mut Criterion) {
    let name = std::env::var("SA_GEN").unwrap_or_else(|_| "pll-conj".into());
    let p = SaParams {
        neighbourhood: name.clone(),
        max_steps: i64::MAX as u64,
        ..SaParams::default()
    };
    let mut a = Annealer::new(Three::default(), &p, unsolvable(), 7).expect("valid params");
    let mut g = c.benchmark_group("sa_throughput");
    g.throughput(Throughput::Elements(STEPS));
    g.sample_size(10);
    g.bench_function(name, |b| {
        b.iter(|| {
            a.step(STEPS);
            a.snapshot().iteration
        })
    });
    g.finish();
}

criterion_group!(benches, steady_state);
criterion_main!(benches);
