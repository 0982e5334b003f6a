//! `phases-sa` on the 2×2 (preset `2x2-phases`): the one phase search over
//! the 2×2's ladder ⟨U,R,F⟩ ⊃ ⟨U,R2,F2⟩ ⊃ {solved}, built by the one entry.
//! It solves random 2×2s in any orientation in few turns, repeats by seed,
//! reports its phases as on the 3×3, and keeps the best moves so far when
//! its budget runs out.

use rand::SeedableRng;
use rand::rngs::StdRng;

use cubetui_cube::nxn::random::random_2x2;
use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnKind, Size};
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_solve::phases::urf::ALL;
use cubetui_solve::phases::{Ladder, SaParams, UrfLadder};
use cubetui_solve::{Outcome, SolveError, Solver, SolverConfig, Status, build_any};

fn config() -> SaParams {
    let Ok(SolverConfig::PhasesSa(p)) = crate::shipped().get("2x2-phases") else {
        panic!("2x2-phases is a phases-sa preset");
    };
    p
}

fn build(p: &SaParams, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    build_any(
        &SolverConfig::PhasesSa(p.clone()),
        &AnyCube::from(start.clone()),
        seed,
    )
}

fn alg(out: &Outcome) -> &NxnAlg {
    match &out.solution {
        AnyAlg::Nxn(a, size) if *size == Size::TWO => a,
        other => panic!("not a 2x2 sequence: {other}"),
    }
}

fn turns(alg: &NxnAlg) -> usize {
    let rotation = |k| matches!(k, NxnKind::Rotation(_));
    alg.moves().iter().filter(|m| !rotation(m.kind)).count()
}

fn finish(s: &mut Box<dyn Solver>) -> Outcome {
    while s.step(10_000) == Status::Running {}
    s.outcome()
}

#[test]
fn the_preset_solves_random_2x2s_in_any_orientation_in_few_turns() {
    let mut rng = StdRng::seed_from_u64(19);
    let rotation: NxnAlg = "x y'".parse().unwrap();
    let mut lengths = Vec::new();
    for k in 0..6 {
        let start = random_2x2(&mut rng).after(&rotation).unwrap();
        let mut s = build(&config(), &start, k).unwrap();
        let out = finish(&mut s);
        assert!(out.solved, "{start:?}");
        assert_eq!(out.energy, 0.0);
        assert!(start.after(alg(&out)).unwrap().is_solved());
        lengths.push(turns(alg(&out)));
        // Its phases, as the 3x3's are reported: two of them here.
        let phases = out.extra["phase_lengths"].as_array().unwrap();
        assert_eq!(phases.len(), 2, "{:?}", out.extra);
        let sum: u64 = phases.iter().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(sum as usize, turns(alg(&out)));
        assert!(out.extra["climbs"].as_u64().unwrap() >= 1);
    }
    // God's number is 11; the two phases' sum is longer, but not by much.
    assert!(lengths.iter().all(|&l| l <= 18), "{lengths:?}");
    assert!(lengths.iter().sum::<usize>() <= 6 * 14, "{lengths:?}");
}

#[test]
fn the_same_seed_gives_the_same_solution() {
    let start = random_2x2(&mut StdRng::seed_from_u64(3));
    let run = |seed| {
        let mut s = build(&config(), &start, seed).unwrap();
        finish(&mut s).solution.to_string()
    };
    assert_eq!(run(7), run(7));
}

#[test]
fn a_run_shows_its_phase_and_fitness_as_on_the_3x3() {
    let start = random_2x2(&mut StdRng::seed_from_u64(6));
    let mut s = build(&config(), &start, 2).unwrap();
    let phase = s.snapshot().phase.unwrap();
    assert!(phase.starts_with("phase 1/2"), "{phase}");
    assert_eq!(s.profile().step, "proposal");
    assert_eq!(s.snapshot().values.len(), s.profile().series.len());
    s.step(10);
    let words = s.snapshot().last_step.unwrap();
    assert!(words.starts_with("step 10: phase 1/2"), "{words}");
    let keys: Vec<String> = s.live_values().into_iter().map(|(k, _)| k).collect();
    assert!(keys.contains(&"phase1.t0".to_string()), "{keys:?}");
    s.set_param("phase1.t0", 2.0).unwrap();
    let e = s.set_param("phase2.t0", 2.0).unwrap_err().to_string();
    assert!(e.contains("phase 2 is not running"), "{e}");
}

#[test]
fn a_spent_budget_reports_the_best_moves_so_far_and_their_energy() {
    let mut p = config();
    p.max_steps = 50;
    let start = random_2x2(&mut StdRng::seed_from_u64(4));
    let mut s = build(&p, &start, 1).unwrap();
    assert_eq!(s.step(1_000), Status::Exhausted);
    let out = s.outcome();
    assert!(!out.solved && out.iterations == 50);
    let reached = start.after(alg(&out)).unwrap();
    assert_eq!(reached.misplaced() as f64, out.energy);
    // The 3x3's own phases-sa preset runs on the 2x2 by the same path.
    let Ok(SolverConfig::PhasesSa(p)) = crate::shipped().get("phases-sa") else {
        panic!("phases-sa");
    };
    let mut s = build(&p, &start, 1).unwrap();
    assert_eq!(s.step(100), Status::Running);
    let four = build(&config(), &NxnCube::solved(Size::new(4).unwrap()), 1);
    let Err(SolveError::Config(e)) = four else {
        panic!("phases-sa on a 4x4");
    };
    assert!(e.contains("runs on the 2x2 and 3x3"), "{e}");
}

#[test]
fn a_solved_start_is_solved_at_once() {
    let mut s = build(&config(), &NxnCube::solved(Size::TWO), 1).unwrap();
    assert_eq!(s.status(), Status::Solved);
    let out = finish(&mut s);
    assert!(out.solved && alg(&out).is_empty() && out.iterations == 0);
}

#[test]
fn a_climb_whose_phase_freezes_outside_its_group_is_given_up_for_a_fresh_one() {
    use cubetui_solve::phases::sa::SaPhase;
    // Phase 1 freezes after one proposal, with two moves: from a start no
    // two turns orient, every climb is given up and a fresh one begins.
    let frozen = SaPhase {
        length: 2,
        t0: 1.0,
        alpha: 0.01,
        per_temperature: 1,
        t_min: 0.5,
        polish: 3,
    };
    let mut p = config();
    p.phase1 = frozen;
    p.max_steps = 40;
    let far = NxnCube::solved(Size::TWO)
        .after(&"R F U R' F2".parse::<NxnAlg>().unwrap())
        .unwrap();
    // No sequence of two turns orients it (checked by trying them).
    let (ladder, upright) = UrfLadder::for_start(&far).unwrap();
    for &a in ALL {
        for &b in ALL {
            let two = ladder.turn(&ladder.turn(&upright, a), b);
            assert!(ladder.fitness(1, &two) > 0, "{a} {b}");
        }
    }
    let mut s = build(&p, &far, 1).unwrap();
    let mut climbs = std::collections::HashSet::new();
    while s.step(1) == Status::Running {
        climbs.insert(format!("{:?}", s.snapshot().current));
        let phase = s.snapshot().phase.unwrap();
        assert!(phase.starts_with("phase 1/2"), "{phase}");
    }
    let out = s.outcome();
    assert_eq!(s.status(), Status::Exhausted);
    assert!(!out.solved && out.extra["climbs"] == 0);
    let given_up = out.extra["climbs_given_up"].as_u64().unwrap();
    assert!(given_up >= 20, "{:?}", out.extra);
    // Each fresh climb draws its own sequence.
    assert!(climbs.len() > 3, "{climbs:?}");
}
