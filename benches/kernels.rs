//! The annealer's inner step: apply one move (or one precomputed operator) and
//! count misplaced stickers. Run with `cargo bench --bench kernels`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use cubetui_cube::kernel;
use cubetui_cube::random::{random_moves, random_state, rng_from_seed};
use cubetui_cube::state::{misplaced_scalar, permuted_scalar};
use cubetui_cube::{Alg, Perm};

/// Steps per measured iteration; throughput is reported per step.
const STEPS: usize = 1024;

fn move_perms() -> Vec<Perm> {
    let alg = random_moves(&mut rng_from_seed(1), STEPS);
    alg.moves().iter().map(|m| *m.perm()).collect()
}

fn bench_kernels(c: &mut Criterion) {
    let start = random_state(&mut rng_from_seed(2));
    let moves = move_perms();
    let t_perm: Alg = "R U R' U' R' F R2 U' R' U' R U R' F'"
        .parse()
        .expect("T perm");
    let composed = t_perm.perm();

    let mut g = c.benchmark_group("kernel");
    g.throughput(Throughput::Elements(STEPS as u64));
    g.bench_function(format!("move+energy ({})", kernel::backend()), |b| {
        b.iter(|| {
            let (mut cube, mut sum) = (black_box(start), 0u32);
            for p in &moves {
                cube = cube.permuted(p);
                sum += cube.misplaced();
            }
            (cube, sum)
        })
    });
    g.bench_function("move+energy fused", |b| {
        b.iter(|| {
            let (mut cube, mut sum) = (black_box(start), 0u32);
            for p in &moves {
                let (next, e) = cube.permuted_misplaced(p);
                cube = next;
                sum += e;
            }
            (cube, sum)
        })
    });
    g.bench_function("proposals from one state (fused)", |b| {
        b.iter(|| {
            let (cube, mut sum) = (black_box(start), 0u32);
            for p in &moves {
                sum += cube.permuted_misplaced(p).1;
            }
            sum
        })
    });
    g.bench_function("move+energy scalar", |b| {
        b.iter(|| {
            let (mut cube, mut sum) = (black_box(start), 0u32);
            for p in &moves {
                cube = permuted_scalar(&cube, p);
                sum += misplaced_scalar(&cube);
            }
            (cube, sum)
        })
    });
    g.bench_function("composed perm (T perm) apply+energy", |b| {
        b.iter(|| {
            let (mut cube, mut sum) = (black_box(start), 0u32);
            for _ in 0..STEPS {
                let (next, e) = cube.permuted_misplaced(black_box(&composed));
                cube = next;
                sum += e;
            }
            (cube, sum)
        })
    });
    g.finish();

    c.bench_function("compile T perm (14 moves) to one Perm", |b| {
        b.iter(|| black_box(&t_perm).perm())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench_kernels
}
criterion_main!(benches);
