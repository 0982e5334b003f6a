//! The paper 002 genetic algorithm through the library API.

use cubetui_cube::{Alg, Cube};
use cubetui_solve::Status;
use cubetui_solve::ga::{self, GaParams};

fn scrambled(s: &str) -> Cube {
    Cube::solved().after(&s.parse::<Alg>().unwrap())
}

#[test]
fn solves_a_short_scramble_and_the_solution_checks_out() {
    let start = scrambled("R U F' D2 L");
    let p = GaParams {
        length: 22,
        fitness: ga::Fitness::Prefix,
        ..GaParams::default()
    };
    let mut s = ga::build(&p, start, 2).unwrap();
    let status = s.step(2000);
    assert_eq!(status, Status::Solved);
    let out = s.outcome();
    assert!(out.solved);
    assert_eq!(out.energy, 0.0);
    assert!(out.solution.len() <= 22);
    assert!(start.after(out.solution.three().unwrap()).is_solved());
    assert!(out.extra["generations"].as_u64().unwrap() >= 1);
}

#[test]
fn same_seed_same_run_and_snapshots_are_consistent() {
    let start = scrambled("R U2 F' D L2 B U' R2 F D'");
    let p = GaParams {
        length: 30,
        max_generations: 40,
        ..GaParams::default()
    };
    let run = |seed| {
        let mut s = ga::build(&p, start, seed).unwrap();
        s.step(40);
        (
            s.outcome().solution.to_string(),
            s.outcome().energy,
            s.snapshot(),
            s.profile(),
        )
    };
    let (a, ea, snap, profile) = run(5);
    let (b, eb, _, _) = run(5);
    assert_eq!((a.clone(), ea), (b, eb));
    assert_eq!(profile.step, "generation");
    assert_eq!(snap.iteration, 40);
    assert_eq!(snap.values.len(), profile.series.len());
    let m = |name: &str| profile.value(&snap.values, name).unwrap();
    assert!(snap.energy <= m("mean") && m("mean") <= m("worst"));
    assert!((0.0..=1.0).contains(&m("diversity")));
    assert!(snap.best_energy <= snap.energy);
    assert_eq!(
        snap.best.three().unwrap().misplaced() as f64,
        snap.best_energy
    );
    assert_eq!(
        start.after(&a.parse::<Alg>().unwrap()).misplaced() as f64,
        ea
    );
}

#[test]
fn exhausts_at_the_generation_cap_and_rejects_bad_parameters() {
    let start = scrambled("R U F D L B R' U' F' D' L' B' R2 U2 F2 D2 L2 B2 R U");
    let p = GaParams {
        length: 22,
        max_generations: 3,
        ..GaParams::default()
    };
    let mut s = ga::build(&p, start, 9).unwrap();
    assert_eq!(s.step(100), Status::Exhausted);
    assert_eq!(s.outcome().iterations, 3);
    let bad = GaParams {
        population: 0,
        ..GaParams::default()
    };
    assert!(ga::build(&bad, start, 1).is_err());
    let bad = GaParams {
        mutation_rate: 1.5,
        ..GaParams::default()
    };
    assert!(ga::build(&bad, start, 1).is_err());
}

/// The preset carries paper 002's parameters (its Table 3 and text):
/// population 100, crossover 0.8, mutation 0.2, top 10 % elitism, chromosome
/// size between 22 and 50, fitness after the whole chromosome.
#[test]
fn preset_seed_002_ga_has_the_seeds_parameters() {
    let cubetui_solve::SolverConfig::Ga(p) = crate::shipped().get("seed-002-ga").unwrap() else {
        panic!("seed-002-ga is a ga preset")
    };
    assert_eq!(
        (
            p.population,
            p.crossover_rate,
            p.mutation_rate,
            p.elite_fraction
        ),
        (100, 0.8, 0.2, 0.1)
    );
    assert!((22..=50).contains(&p.length), "{}", p.length);
    assert_eq!(p.fitness, cubetui_solve::ga::Fitness::Final);
}

#[test]
fn chromosomes_never_hold_a_turn_next_to_its_inverse() {
    let start = scrambled("F2 U' R B D2 L' U F R2 D' B2 L U2");
    for seed in 0..4 {
        let p = GaParams {
            length: 30,
            max_generations: 30,
            ..GaParams::default()
        };
        let mut s = ga::build(&p, start, seed).unwrap();
        s.step(30);
        let sol = s.outcome().solution.three().unwrap().clone();
        assert_eq!(sol.len(), 30, "unsolved: the whole chromosome is reported");
        for w in sol.moves().windows(2) {
            assert_ne!(w[1], w[0].inverse(), "{sol}");
        }
    }
}

#[test]
fn a_generation_too_large_for_one_short_step_is_rejected_naming_the_limit() {
    let p = GaParams {
        population: 100_000,
        length: 1000,
        ..GaParams::default()
    };
    let Err(cubetui_solve::SolveError::Parameter(e)) = ga::build(&p, Cube::solved(), 1) else {
        panic!("a generation of 100 M genes accepted")
    };
    assert!(e.contains(&ga::MAX_GENES_PER_GENERATION.to_string()), "{e}");
    let p = GaParams {
        population: 2_000,
        length: 100,
        ..GaParams::default()
    };
    assert!(ga::build(&p, Cube::solved(), 1).is_ok());
}
