//! GA + wisdom of crowds (paper 004) through the library API.

use cubetui_cube::{Alg, Cube};
use cubetui_solve::genome::FaceTurns;
use cubetui_solve::woc::{self, WocParams};
use cubetui_solve::{SolverConfig, Status};

fn filter(genes: &[u8]) -> u32 {
    woc::filter(&FaceTurns::new(), genes)
}

#[test]
fn the_redundancy_filter_scores_like_the_seed() {
    // Genes: face * 3 + turns - 1; faces U R F D L B = 0..6.
    let (u, u2, r, f, d, l, b) = (0u8, 1u8, 3u8, 6u8, 9u8, 12u8, 15u8);
    assert_eq!(filter(&[u, r, f, d, l, b]), 1);
    assert_eq!(filter(&[u, u2, r]), 2, "same face twice");
    assert_eq!(filter(&[r, f, f]), 2, "same face twice at the end");
    assert_eq!(filter(&[u, d, u]), 3, "U D U");
    assert_eq!(filter(&[r, l, r + 1]), 3, "R L R2");
    assert_eq!(filter(&[f, b, f, u]), 3);
    assert_eq!(
        filter(&[u, f, b, u, f]),
        1,
        "an opposite pair between other faces is fine"
    );
}

#[test]
fn preset_is_the_seed_and_a_short_scramble_runs_through_both_phases() {
    let SolverConfig::Woc(p) = crate::shipped().get("seed-004").unwrap() else {
        panic!("seed-004 is a woc preset")
    };
    // Paper 004's numbers: 1000 sequences of 20 moves, parents from the best
    // 300, stop after 200 generations without progress, mutation on 2 of 3
    // children (`rand() % 3 > 0`), the crowd polls the best 10 %.
    assert_eq!(
        (p.population, p.length, p.parents_from, p.stagnation),
        (1000, 20, 300, 200)
    );
    assert!(
        (p.mutation_rate - 2.0 / 3.0).abs() < 1e-12,
        "{}",
        p.mutation_rate
    );
    assert_eq!(p.crowd_fraction, 0.1);
    let p = WocParams {
        population: 200,
        parents_from: 60,
        stagnation: 30,
        ..p
    };
    let start = Cube::solved().after(&"R U".parse::<Alg>().unwrap());
    let mut s = woc::build(&p, start, 4).unwrap();
    assert_eq!(s.snapshot().phase.as_deref(), Some("ga"));
    let st = s.step(u64::MAX);
    assert_ne!(st, Status::Running);
    let snap = s.snapshot();
    assert_eq!(snap.phase.as_deref(), Some("crowd"));
    let out = s.outcome();
    let ga = &out.extra["ga_best"];
    let crowd = &out.extra["crowd"];
    // Both sequences are reported with energies that match replaying them.
    for part in [ga, crowd] {
        let seq: Alg = part["sequence"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            u64::from(start.after(&seq).misplaced()),
            part["energy"].as_u64().unwrap()
        );
        assert!(seq.len() <= 20);
    }
    assert_eq!(
        start.after(out.solution.three().unwrap()).misplaced() as f64,
        out.energy
    );
    assert_eq!(out.solved, st == Status::Solved);
    assert_eq!(out.solved, out.energy == 0.0);
    // Deterministic.
    let mut again = woc::build(&p, start, 4).unwrap();
    again.step(u64::MAX);
    assert_eq!(again.outcome().solution, out.solution);
    assert_eq!(again.outcome().iterations, out.iterations);
}

#[test]
fn stops_after_the_stagnation_limit() {
    let p = WocParams {
        population: 40,
        parents_from: 20,
        stagnation: 5,
        ..WocParams::default()
    };
    let start = Cube::solved().after(
        &"R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2"
            .parse::<Alg>()
            .unwrap(),
    );
    let mut s = woc::build(&p, start, 1).unwrap();
    // Step generation by generation until the GA stops; the crowd step follows.
    let mut steps = 0;
    assert_eq!(s.snapshot().last_step, None, "no step yet");
    while s.snapshot().phase.as_deref() == Some("ga") && s.status() == Status::Running {
        s.step(1);
        steps += 1;
        let snap = s.snapshot();
        let text = snap.last_step.unwrap();
        if snap.phase.as_deref() == Some("ga") {
            assert!(
                text.starts_with(&format!("generation {steps}: best of the new generation ")),
                "{text}"
            );
            assert_eq!(snap.exhausted_by, None);
        }
    }
    assert_eq!(s.snapshot().phase.as_deref(), Some("crowd"));
    assert_eq!(s.status(), Status::Exhausted);
    let snap = s.snapshot();
    let text = snap.last_step.unwrap();
    assert!(
        text.starts_with("crowd step: the most frequent pairs make ")
            && text.ends_with(&format!("{} stickers misplaced", snap.energy)),
        "{text}"
    );
    assert_eq!(
        snap.exhausted_by
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("stagnation 5 generations, and the crowd's sequence did not solve")
    );
    assert_eq!(
        steps as u64,
        s.outcome().iterations + 1,
        "one step per generation, plus the crowd step"
    );
    assert_eq!(s.step(u64::MAX), Status::Exhausted);
    let out = s.outcome();
    assert!(out.iterations >= 5);
    assert!(out.extra["kept_generations"].as_u64().unwrap() >= 1);
    assert!(!out.solved);
    assert!(
        woc::build(
            &WocParams {
                parents_from: 2,
                ..p
            },
            start,
            1
        )
        .is_err()
    );
}

#[test]
fn a_generation_too_large_for_one_short_step_is_rejected_naming_the_limit() {
    let p = WocParams {
        population: 100_000,
        length: 1000,
        ..WocParams::default()
    };
    let Err(cubetui_solve::SolveError::Parameter(e)) = woc::build(&p, Cube::solved(), 1) else {
        panic!("a generation of 100 M genes accepted")
    };
    assert!(
        e.contains(&woc::MAX_GENES_PER_GENERATION.to_string()),
        "{e}"
    );
    let p = WocParams {
        population: 5_000,
        length: 20,
        ..WocParams::default()
    };
    assert!(woc::build(&p, Cube::solved(), 1).is_ok());
}
