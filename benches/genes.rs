//! Gene applications per second for the evolutionary solvers' cached-state
//! chromosomes: re-evaluating a 50-gene chromosome from a random gene re-applies
//! only the genes after it (one sticker permutation and one `facelets` energy each).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use cubetui_cube::Cube;
use cubetui_solve::chromosome::{Chromosome, genes_alg, random_genes, seeded_rng};
use cubetui_solve::genome::FaceTurns;
use cubetui_solve::mws::pieces::blocks;
use cubetui_solve::mws::window::{Objective, best_prefix};
use rand::RngExt;

fn genes(c: &mut Criterion) {
    let mut rng = seeded_rng(1);
    let start = Cube::solved().after(&genes_alg(&random_genes(&mut rng, 40)));
    let set = FaceTurns::new();
    let mut chrom = Chromosome::new(&set, &start, random_genes(&mut rng, 50));
    let mut g = c.benchmark_group("genes");
    // Full re-evaluation: 50 gene applications per iteration.
    g.throughput(Throughput::Elements(50));
    g.bench_function("chromosome re-evaluate 50 genes", |b| {
        b.iter(|| {
            chrom.reevaluate_from(&set, black_box(&start), 0);
            black_box(chrom.energy(&set, &start))
        })
    });
    // A mutation near the middle: 25 gene applications.
    g.throughput(Throughput::Elements(25));
    g.bench_function("chromosome set gene 25 of 50", |b| {
        b.iter(|| {
            let v = rng.random_range(0..18);
            chrom.set_gene(&set, &start, 25, v);
            black_box(chrom.energy(&set, &start))
        })
    });
    // The moving window's phase-1 evaluation (`pairs` on a block) over 10 turns.
    let window = random_genes(&mut rng, 10);
    let block = &blocks()[0];
    g.throughput(Throughput::Elements(10));
    g.bench_function("mws window of 10, pairs", |b| {
        b.iter(|| best_prefix(Objective::Block, block, black_box(&start), &window))
    });
    g.finish();
}

criterion_group!(benches, genes);
criterion_main!(benches);
