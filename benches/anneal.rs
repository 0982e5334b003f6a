//! Annealer throughput: proposals per second per generator.
//!
//! The start is a cube with one corner twisted in place, which no generator can
//! solve, so every iteration of the measurement runs the full step budget at
//! paper 001's temperatures.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use cubetui_cube::Cube;
use cubetui_cube::random::{random_state, rng_from_seed, with_corner_twisted};
use cubetui_solve::Solver;
use cubetui_solve::anneal::{Annealer, SaParams, Three};

const STEPS: u64 = 200_000;

/// A random state with the URF corner twisted: unreachable, so never solved.
fn unsolvable() -> Cube {
    with_corner_twisted(&random_state(&mut rng_from_seed(1)))
}

fn throughput(c: &mut Criterion) {
    let start = unsolvable();
    let mut g = c.benchmark_group("anneal");
    g.throughput(Throughput::Elements(STEPS));
    g.sample_size(10);
    for name in ["pll-conj", "pll", "faces", "comm"] {
        let p = SaParams {
            neighbourhood: name.into(),
            max_steps: i64::MAX as u64,
            ..SaParams::default()
        };
        let steps = if name == "comm" { STEPS / 20 } else { STEPS };
        g.throughput(Throughput::Elements(steps));
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut a = Annealer::new(Three::default(), &p, start, 7).expect("valid params");
                a.step(steps);
                a.snapshot().iteration
            })
        });
    }
    g.finish();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
