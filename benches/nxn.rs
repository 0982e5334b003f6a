//! N×N move application: moves per second on 4×4 and 5×5 (sticker cycles
//! rotated in place on 96 / 150 stickers), the 3×3 kernel beside it. Run
//! with `cargo bench --bench nxn`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use cubetui_cube::nxn::{MovePerm, NxnCube, NxnKind, NxnMove, Size, tables};
use cubetui_cube::random::{random_moves, random_state, rng_from_seed};
use cubetui_cube::{Cube, Perm};
use rand::RngExt;

/// Moves per measured iteration; throughput is reported per move.
const STEPS: usize = 1024;

/// `STEPS` random moves of `size`: with `wide`, every layer turn (single
/// layers, wide turns up to the whole cube, middles; no rotations), else the
/// single layers alone (outer and inner: the moves a sticker-energy solver
/// proposes).
fn moves(size: Size, wide: bool) -> Vec<NxnMove> {
    let all: Vec<NxnMove> = NxnMove::all(size)
        .filter(|m| match m.kind {
            NxnKind::Rotation(_) => false,
            NxnKind::Turn { wide: w, .. } => wide || !w,
            NxnKind::Middle(_) => true,
        })
        .collect();
    let mut rng = rng_from_seed(size.get() as u64);
    (0..STEPS)
        .map(|_| all[rng.random_range(0..all.len())])
        .collect()
}

fn bench_nxn(c: &mut Criterion) {
    let mut g = c.benchmark_group("nxn");
    g.throughput(Throughput::Elements(STEPS as u64));
    for n in [4, 5] {
        let size = Size::new(n).expect("4 and 5 are sizes");
        let start = NxnCube::solved(size);
        for (wide, what) in [(false, "single layers"), (true, "every layer turn")] {
            let perms: Vec<&MovePerm> = moves(size, wide)
                .into_iter()
                .map(|m| tables(size).perm(m).expect("moves of this size"))
                .collect();
            g.bench_function(format!("{n}x{n} move, {what} (table in hand)"), |b| {
                let mut s = start.stickers().to_vec();
                b.iter(|| {
                    for p in &perms {
                        p.apply(black_box(&mut s));
                    }
                    s[0]
                })
            });
        }
        let ms = moves(size, false);
        g.bench_function(
            format!("{n}x{n} move, single layers (NxnCube::apply_move)"),
            |b| {
                let mut cube = start.clone();
                b.iter(|| {
                    for &m in &ms {
                        let _ = cube.apply_move(black_box(m));
                    }
                    cube.stickers()[0]
                })
            },
        );
    }
    let three: Vec<Perm> = random_moves(&mut rng_from_seed(1), STEPS)
        .moves()
        .iter()
        .map(|m| *m.perm())
        .collect();
    let start = random_state(&mut rng_from_seed(2));
    g.bench_function("3x3 kernel move (Cube::permuted)", |b| {
        b.iter(|| {
            let mut cube: Cube = black_box(start);
            for p in &three {
                cube = cube.permuted(p);
            }
            cube
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = bench_nxn
}
criterion_main!(benches);
