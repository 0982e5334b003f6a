//! The annealer: determinism, generator swap, acceptance switch, solutions.

use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_cube::simplify::simplify;
use cubetui_cube::{Alg, Cube};
use cubetui_solve::anneal::{Annealer, SaParams, Schedule, Three};
use cubetui_solve::{Snapshot, Solver, SolverConfig, Status};

fn paper001() -> SaParams {
    match crate::shipped().get("seed-001").unwrap() {
        SolverConfig::Sa(p) => p,
        other => panic!("seed-001 is {}", other.name()),
    }
}

fn random_cube(seed: u64) -> Cube {
    random_state(&mut rng_from_seed(seed))
}

/// The annealer's temperature, as its snapshot reports it.
fn temperature(a: &Annealer<Three>) -> f64 {
    let values = a.snapshot().values;
    a.profile()
        .value(&values, "temperature")
        .expect("sa reports a temperature")
}

/// The fields of a snapshot that must be reproducible.
fn key(s: &Snapshot) -> String {
    format!(
        "{} {:?} {} {} {} {} {} {:?} {:?}",
        s.iteration,
        s.values.iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
        s.energy,
        s.best_energy,
        s.current.facelets(),
        s.best.facelets(),
        s.sequence_len,
        s.generator,
        s.status
    )
}

fn trace(p: &SaParams, start: Cube, seed: u64) -> (Vec<String>, String) {
    let mut a = Annealer::new(Three::default(), p, start, seed).unwrap();
    let mut snaps = Vec::new();
    for _ in 0..20 {
        a.step(2_000);
        snaps.push(key(&a.snapshot()));
    }
    (snaps, a.outcome().solution.to_string())
}

#[test]
fn same_inputs_give_identical_runs() {
    let start = random_cube(7);
    let p = paper001();
    let (s1, sol1) = trace(&p, start, 42);
    let (s2, sol2) = trace(&p, start, 42);
    assert_eq!(s1, s2);
    assert_eq!(sol1, sol2);
    let (s3, _) = trace(&p, start, 43);
    assert_ne!(s1, s3, "a different seed should give a different run");
}

#[test]
fn seed_001_solves_random_states_and_the_solution_checks_out() {
    let p = paper001();
    for i in 0..5 {
        let start = random_cube(100 + i);
        let mut a = Annealer::new(Three::default(), &p, start, i).unwrap();
        let status = a.step(u64::MAX);
        assert_eq!(status, Status::Solved, "cube {i}");
        let out = a.outcome();
        assert!(out.solved);
        assert_eq!(out.energy, 0.0);
        assert!(start.after(out.solution.three().unwrap()).is_solved());
        let simple = simplify(out.solution.three().unwrap());
        assert!(simple.moves().iter().all(|m| m.as_face().is_some()));
        let after = start.after(&simple);
        assert_eq!(
            after,
            Cube::solved(),
            "simplified solution must solve with centres fixed"
        );
        assert!(simple.len() <= out.solution.len());
    }
}

#[test]
fn solved_start_is_solved_at_once_with_an_empty_solution() {
    for name in crate::shipped().list() {
        let SolverConfig::Sa(p) = crate::shipped().get(name).unwrap() else {
            continue;
        };
        let mut a = Annealer::new(Three::default(), &p, Cube::solved(), 1).unwrap();
        assert_eq!(a.status(), Status::Solved);
        assert_eq!(a.step(1000), Status::Solved);
        let out = a.outcome();
        assert!(out.solved && out.solution.is_empty() && out.iterations == 0);
    }
}

#[test]
fn swapping_generators_keeps_state_and_history() {
    let start = random_cube(3);
    let p = paper001();
    let mut a = Annealer::new(Three::default(), &p, start, 9).unwrap();
    a.step(3_000);
    let before = a.snapshot();
    let sol_before = a.outcome().solution;
    a.set_generator("faces").unwrap();
    let after = a.snapshot();
    assert_eq!(after.generator.as_deref(), Some("faces"));
    assert_eq!(after.current, before.current);
    assert_eq!(after.best, before.best);
    assert_eq!(after.iteration, before.iteration);
    assert_eq!(after.sequence_len, before.sequence_len);
    assert_eq!(a.outcome().solution, sol_before);
    a.step(3_000);
    a.set_generator("comm").unwrap();
    a.step(500);
    a.set_generator("pll").unwrap();
    a.step(3_000);
    // The recorded history, expanded across generators, still leads to the best state.
    let snap = a.snapshot();
    let out = a.outcome();
    assert_eq!(
        start.after(out.solution.three().unwrap()).misplaced(),
        snap.best.three().unwrap().misplaced()
    );
    assert_eq!(
        Some(&start.after(out.solution.three().unwrap())),
        snap.best.three()
    );
    assert!(a.set_generator("nope").is_err());
    assert_eq!(a.generators(), ["faces", "pll", "pll-conj", "comm"]);
}

#[test]
fn current_sequence_length_matches_the_moves_to_the_current_state() {
    let start = random_cube(11);
    let mut p = paper001();
    p.neighbourhood = "faces".into();
    p.zero_delta_as_one = false;
    let mut a = Annealer::new(Three::default(), &p, start, 5).unwrap();
    a.step(700);
    let s = a.snapshot();
    // With `faces` every accepted operator is one move; at least the best
    // prefix is no longer than the whole sequence.
    assert!(a.outcome().solution.len() <= s.sequence_len);
    let acceptance = a.profile().value(&s.values, "acceptance").unwrap();
    assert!((0.0..=1.0).contains(&acceptance));
}

/// At a tiny temperature, ΔE = 0 proposals are accepted without the switch and
/// (with probability exp(−1/T) ≈ 0) never with it, so with the switch every
/// accepted operator lowers the energy by at least 1.
#[test]
fn zero_delta_switch_controls_sideways_moves() {
    let start = Cube::solved().after(&"R U R' U' F2 D L2 B'".parse::<Alg>().unwrap());
    let cold = Schedule::Exponential {
        t_max: 1e-6,
        t_min: 1e-6,
    };
    let run = |zero_as_one: bool| {
        let p = SaParams {
            neighbourhood: "pll-conj".into(),
            zero_delta_as_one: zero_as_one,
            schedule: cold.clone(),
            max_steps: 20_000,
            ..SaParams::default()
        };
        let mut a = Annealer::new(Three::default(), &p, start, 1).unwrap();
        a.step(20_000);
        a.outcome().extra["accepted"].as_u64().unwrap()
    };
    let with_switch = run(true);
    let without = run(false);
    assert!(with_switch <= u64::from(start.misplaced()), "{with_switch}");
    assert!(without > with_switch + 20, "{without} vs {with_switch}");
}

#[test]
fn geometric_schedule_freezes_and_exponential_spends_its_budget() {
    let start = random_cube(1);
    let p = SaParams {
        neighbourhood: "faces".into(),
        schedule: Schedule::Geometric {
            t0: 10.0,
            alpha: 0.5,
            per_temperature: 100,
            t_min: 1.0,
        },
        max_steps: 1_000_000,
        ..SaParams::default()
    };
    let mut a = Annealer::new(Three::default(), &p, start, 1).unwrap();
    assert_eq!(a.step(u64::MAX), Status::Exhausted);
    // 10 → 5 → 2.5 → 1.25 → 0.625: frozen after 4 blocks of 100.
    assert_eq!(a.snapshot().iteration, 400);
    let q = SaParams {
        max_steps: 1234,
        ..paper001()
    };
    let mut b = Annealer::new(Three::default(), &q, random_cube(2), 1).unwrap();
    b.step(100);
    let t = temperature(&b);
    assert!(t < 0.37 && t > 0.355);
    // 1234 proposals cannot solve a random state: the run spends its whole
    // budget and ends exactly at t_min.
    assert_eq!(b.step(u64::MAX), Status::Exhausted);
    let snap = b.snapshot();
    assert_eq!(snap.iteration, 1234);
    assert!(snap.best_energy > 0.0, "{}", snap.best_energy);
    assert!((temperature(&b) - 0.355).abs() < 1e-9);
}

#[test]
fn restarts_go_back_to_the_best_state() {
    let start = random_cube(4);
    let p = SaParams {
        neighbourhood: "faces".into(),
        restart_after: 500,
        max_steps: 20_000,
        ..SaParams::default()
    };
    let mut a = Annealer::new(Three::default(), &p, start, 2).unwrap();
    a.step(20_000);
    let out = a.outcome();
    assert!(out.extra["restarts"].as_u64().unwrap() > 0);
    assert_eq!(
        Some(&start.after(out.solution.three().unwrap())),
        a.snapshot().best.three()
    );
}

#[test]
fn bad_parameters_are_rejected() {
    let bad = [
        SaParams {
            neighbourhood: "nope".into(),
            ..SaParams::default()
        },
        SaParams {
            energy: "pairs".into(),
            ..SaParams::default()
        },
        SaParams {
            max_steps: 0,
            ..SaParams::default()
        },
        SaParams {
            schedule: Schedule::Exponential {
                t_max: 0.3,
                t_min: 0.4,
            },
            ..SaParams::default()
        },
    ];
    for p in bad {
        assert!(
            Annealer::new(Three::default(), &p, Cube::solved(), 0).is_err(),
            "{p:?}"
        );
    }
}

#[test]
fn cutting_loops_keeps_the_end_state_and_never_lengthens() {
    for (generator, seed) in [
        ("pll-conj", 1u64),
        ("pll-conj", 2),
        ("faces", 3),
        ("comm", 4),
    ] {
        let start = random_cube(50 + seed);
        let run = |cut: bool| {
            let p = SaParams {
                neighbourhood: generator.into(),
                cut_loops: cut,
                max_steps: 3_000,
                ..paper001()
            };
            let mut a = Annealer::new(Three::default(), &p, start, seed).unwrap();
            a.step(u64::MAX);
            let out = a.outcome().solution.three().unwrap().clone();
            (out, *a.snapshot().best.three().unwrap())
        };
        let (cut, best) = run(true);
        let (plain, best2) = run(false);
        assert_eq!(
            best, best2,
            "{generator}: the search does not depend on the switch"
        );
        assert_eq!(start.after(&plain), best);
        // Shortcuts are exact: rotations and links end in the very same state.
        assert_eq!(start.after(&cut), best, "{generator}");
        assert!(cut.htm() <= plain.htm(), "{generator}");
    }
}

fn sa_preset(name: &str) -> SaParams {
    match crate::shipped().get(name).unwrap() {
        SolverConfig::Sa(p) => p,
        other => panic!("{name} is {}", other.name()),
    }
}

/// Paper 001's experiment: Tmax 0.37, Tmin 0.355, 500 000 steps, ΔE = 0
/// treated as 1, its best generator (pll-conj), the facelets energy.
#[test]
fn preset_seed_001_has_the_seeds_parameters() {
    let p = sa_preset("seed-001");
    assert_eq!(
        p.schedule,
        Schedule::Exponential {
            t_max: 0.37,
            t_min: 0.355
        }
    );
    assert_eq!(p.max_steps, 500_000);
    assert!(p.zero_delta_as_one);
    assert_eq!(
        (p.neighbourhood.as_str(), p.energy.as_str()),
        ("pll-conj", "facelets")
    );
}

/// Paper 002's annealer: the 18 face turns, T0 = 1000, cooling rate 0.05 per
/// temperature (α = 0.95), plain Metropolis acceptance. Paper 000 also anneals
/// over face turns with geometric cooling; both cool until frozen.
#[test]
fn presets_seed_000_and_002_anneal_face_turns_geometrically() {
    let p = sa_preset("seed-002");
    let Schedule::Geometric {
        t0, alpha, t_min, ..
    } = p.schedule
    else {
        panic!("seed-002 cools geometrically: {:?}", p.schedule)
    };
    assert_eq!((t0, alpha), (1000.0, 0.95));
    assert!(t_min > 0.0 && t_min < t0);
    assert_eq!(p.neighbourhood, "faces");
    assert!(!p.zero_delta_as_one);
    let p = sa_preset("seed-000");
    let Schedule::Geometric {
        t0, alpha, t_min, ..
    } = p.schedule
    else {
        panic!("seed-000 cools geometrically: {:?}", p.schedule)
    };
    assert!(alpha > 0.0 && alpha < 1.0 && 0.0 < t_min && t_min < t0);
    assert_eq!(p.neighbourhood, "faces");
}
