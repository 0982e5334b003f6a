//! Annealer throughput: proposals per second per generator.
//!
//! The start is a cube with one corner twisted in place, which no generator can
//! solve, so every iteration of the measurement runs the full step budget at
//! seed 001's temperatures.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

use cubetui::cube::Cube;
use cubetui::cube::random::{random_state, rng_from_seed};
use cubetui::solve::Solver;
use cubetui::solve::anneal::{Annealer, SaParams};

const STEPS: u64 = 200_000;

/// A random state with the URF corner twisted: unreachable, so never solved.
fn unsolvable() -> Cube {
    let c = random_state(&mut rng_from_seed(1));
    let mut s = *c.stickers();
    // URF corner stickers: U9 (8), R1 (9), F3 (20).
    let (a, b, d) = (s[8], s[9], s[20]);
    s[8] = b;
    s[9] = d;
    s[20] = a;
    Cube::from_stickers(s).expect("colours stay in range")
}

fn throughput(c: &mut Criterion) {
    let start = unsolvable();
    let mut g = c.benchmark_group("anneal");
    g.throughput(Throughput::Elements(STEPS));
    g.sample_size(10);
    for name in ["pll-conj", "pll", "faces", "comm"] {
        let p = SaParams {
            neighbourhood: name.into(),
            max_steps: u64::MAX,
            ..SaParams::default()
        };
        let steps = if name == "comm" { STEPS / 20 } else { STEPS };
        g.throughput(Throughput::Elements(steps));
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut a = Annealer::new(&p, start, 7).expect("valid params");
                a.step(steps);
                a.snapshot().iteration
            })
        });
    }
    g.finish();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
