//! Solvers on cubes of every size through the one entry
//! ([`cubetui_solve::build_any`]): the annealer, `ga` and `woc` on N×N
//! starts in any orientation, the 2×2's exact reference, the refusals of
//! 3×3-only solvers, `runs_on` agreeing with a build, the move sets and the
//! descriptions that name them.

use rand::SeedableRng;
use rand::rngs::StdRng;

use cubetui_cube::AnyCube;
use cubetui_cube::nxn::random::{random_2x2, random_moves};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_run::budget;
use cubetui_solve::anneal::{SaParams, Schedule};
use cubetui_solve::api::{Outcome, Solver, Status};
use cubetui_solve::moveset::{moves, upright};
use cubetui_solve::preset::PresetInfo;
use cubetui_solve::{SolveError, SolverConfig, build_any};

/// [`build_any`] on an N×N start.
fn build(config: &SolverConfig, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    build_any(config, &AnyCube::from(start.clone()), seed)
}

fn sa() -> SolverConfig {
    SolverConfig::Sa(SaParams {
        neighbourhood: "faces".into(),
        zero_delta_as_one: false,
        max_steps: 2_000_000,
        schedule: Schedule::Geometric {
            t0: 1.5,
            alpha: 0.99,
            per_temperature: 1000,
            t_min: 0.1,
        },
        restart_after: 10_000,
        ..SaParams::default()
    })
}

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

#[test]
fn the_move_sets_have_the_documented_sizes_and_keep_the_cube_upright() {
    for (n, count) in [(2, 9), (3, 18), (4, 27), (5, 36), (6, 45), (7, 54)] {
        let ms = moves(size(n));
        assert_eq!(ms.len(), count, "{n}");
        for m in ms {
            let c = NxnCube::solved(size(n))
                .after(&NxnAlg::new(vec![m]))
                .unwrap();
            assert!(c.is_upright(), "{n}: {m}");
        }
    }
    assert!(moves(size(4)).iter().any(|m| m.to_string() == "2R"));
}

#[test]
fn annealing_solves_a_2x2_and_the_solution_replays_from_any_orientation() {
    let mut rng = StdRng::seed_from_u64(5);
    let rotation: NxnAlg = "x y'".parse().unwrap();
    for k in 0..3 {
        let start = random_2x2(&mut rng).after(&rotation).unwrap();
        let mut s = build(&sa(), &start, k).unwrap();
        while s.step(10_000) == Status::Running {}
        let out = s.outcome();
        assert!(out.solved, "{start:?}");
        assert_eq!(out.energy, 0.0);
        assert!(replayed(&start, &out).is_solved());
    }
}

#[test]
fn annealing_on_a_4x4_lowers_the_energy_and_reports_a_replayable_walk() {
    let mut rng = StdRng::seed_from_u64(2);
    let start = NxnCube::solved(size(4))
        .after(&random_moves(&mut rng, size(4), 40))
        .unwrap();
    let e0 = start.upright().misplaced() as f64;
    let mut s = build(&sa(), &start, 1).unwrap();
    s.step(50_000);
    let out = s.outcome();
    assert!(out.energy < e0, "{} vs {e0}", out.energy);
    let reached = replayed(&start, &out);
    assert_eq!(reached.upright().misplaced() as f64, out.energy);
}

#[test]
fn the_ga_runs_on_a_2x2_and_its_best_chromosome_replays() {
    let p = cubetui_solve::ga::GaParams {
        length: 14,
        max_generations: 20,
        fitness: cubetui_solve::ga::Fitness::Prefix,
        ..Default::default()
    };
    let start = random_2x2(&mut StdRng::seed_from_u64(8));
    let mut s = build(&SolverConfig::Ga(p), &start, 3).unwrap();
    assert_ne!(s.step(100), Status::Running);
    let out = s.outcome();
    assert!(out.iterations <= 20);
    let (rotation, _) = upright(&start);
    assert!(out.solution.len() <= rotation.len() + 14);
    let reached = replayed(&start, &out);
    assert_eq!(reached.upright().misplaced() as f64, out.energy);
    assert!(out.energy < start.misplaced() as f64);
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let start = NxnCube::solved(size(5))
        .after(&"R 2U F' 2L D2 B".parse().unwrap())
        .unwrap();
    let run = || {
        let mut s = build(&sa(), &start, 9).unwrap();
        s.step(5_000);
        s.outcome().solution.to_string()
    };
    assert_eq!(run(), run());
}

#[test]
fn the_reference_is_exact_on_the_2x2_and_refused_past_the_3x3() {
    let reference = SolverConfig::Reference(Default::default());
    let start = NxnCube::solved(Size::TWO)
        .after(&"R U F' R2 U'".parse().unwrap())
        .unwrap();
    let mut s = build(&reference, &start, 0).unwrap();
    assert_eq!(s.step(1), Status::Solved);
    assert!(s.outcome().solution.len() <= 5);
    assert!(replayed(&start, &s.outcome()).is_solved());
    for n in [4, 5, 7] {
        let err = build(&reference, &NxnCube::solved(size(n)), 0)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains(&format!("no reference for {n}x{n}")), "{err}");
    }
}

#[test]
fn three_by_three_only_solvers_and_neighbourhoods_say_so() {
    let mws = SolverConfig::Mws(Default::default());
    let err = build(&mws, &NxnCube::solved(size(4)), 0).err().unwrap();
    assert!(
        err.to_string().contains("`mws` runs on the 3x3 only"),
        "{err}"
    );
    let pll = SolverConfig::Sa(SaParams::default());
    let err = build(&pll, &NxnCube::solved(size(4)), 0).err().unwrap();
    assert!(err.to_string().contains("pll-conj"), "{err}");
}

fn woc() -> SolverConfig {
    SolverConfig::Woc(cubetui_solve::woc::WocParams {
        population: 200,
        length: 14,
        parents_from: 60,
        stagnation: 30,
        ..Default::default()
    })
}

/// Runs `config` on `start` through the one entry and the one batching
/// loop, as the command line does.
fn run_any(config: &SolverConfig, start: &NxnCube, seed: u64, max: Option<u64>) -> Outcome {
    let mut s = build_any(config, &AnyCube::from(start.clone()), seed).unwrap();
    let ran = budget::run(
        s.as_mut(),
        budget::Budget {
            max_steps: max,
            deadline: None,
        },
        None,
    );
    assert_ne!(ran.stop, budget::Stop::Stalled);
    let snap = s.snapshot();
    let out = s.outcome();
    assert_eq!(snap.best_energy, out.energy);
    assert_eq!(snap.best.size(), start.size());
    out
}

fn replayed(start: &NxnCube, out: &Outcome) -> NxnCube {
    match &out.solution {
        cubetui_cube::AnyAlg::Nxn(a, s) => {
            assert_eq!(*s, start.size());
            start.after(a).unwrap()
        }
        other => panic!("a 3x3 sequence for a {}: {other}", start.size()),
    }
}

#[test]
fn woc_solves_2x2s_from_any_orientation_and_its_answer_replays() {
    let mut rng = StdRng::seed_from_u64(11);
    let rotation: NxnAlg = "z y".parse().unwrap();
    for k in 0..3 {
        let start = random_2x2(&mut rng).after(&rotation).unwrap();
        let out = run_any(&woc(), &start, k, None);
        let end = replayed(&start, &out);
        assert_eq!(end.upright().misplaced() as f64, out.energy);
        assert_eq!(out.solved, end.is_solved());
    }
}

#[test]
fn woc_on_a_4x4_lowers_the_energy_replays_and_repeats_by_seed() {
    let start = NxnCube::solved(size(4))
        .after(&random_moves(&mut StdRng::seed_from_u64(4), size(4), 40))
        .unwrap();
    let out = run_any(&woc(), &start, 2, Some(20));
    assert!(out.iterations <= 20);
    let end = replayed(&start, &out);
    assert_eq!(end.upright().misplaced() as f64, out.energy);
    assert!(out.energy < start.upright().misplaced() as f64);
    assert_eq!(run_any(&woc(), &start, 2, Some(20)).solution, out.solution);
}

#[test]
fn every_sized_solver_runs_through_the_one_entry_and_the_3x3_keeps_its_own() {
    let start = NxnCube::solved(Size::TWO)
        .after(&"R U2 F' R".parse().unwrap())
        .unwrap();
    let reference = SolverConfig::Reference(Default::default());
    let out = run_any(&reference, &start, 0, None);
    assert!(out.solved && out.solution.len() == 4, "{}", out.solution);
    for config in [sa(), woc()] {
        let out = run_any(&config, &start, 1, Some(200_000));
        assert_eq!(
            replayed(&start, &out).upright().misplaced() as f64,
            out.energy
        );
    }
    let three = build_any(&woc(), &AnyCube::from(cubetui_cube::Cube::solved()), 0).unwrap();
    assert!(three.snapshot().best.three().is_some());
    assert_eq!(three.profile().step, "generation");
}

#[test]
fn loops_are_cut_and_the_end_state_kept() {
    let start = NxnCube::solved(Size::TWO);
    let path: NxnAlg = "R U U' R' F R2 R2 U".parse().unwrap();
    let cut = cubetui_solve::anneal::cut_loops(&start, &path);
    assert_eq!(cut.to_string(), "F U");
    assert_eq!(start.after(&cut).unwrap(), start.after(&path).unwrap());
}

#[test]
fn runs_on_says_without_building_what_a_build_says_on_every_size() {
    for name in crate::shipped().list() {
        let cfg = crate::shipped().get(name).unwrap();
        for n in 2..=7 {
            let size = Size::new(n).unwrap();
            let said = cfg.runs_on(size);
            let built = build_any(&cfg, &AnyCube::solved(size), 0);
            assert_eq!(said.is_ok(), built.is_ok(), "{name} on {size}: {said:?}");
            if let (Err(s), Err(b)) = (said, built) {
                assert_eq!(s.to_string(), b.to_string(), "{name} on {size}");
            }
        }
    }
}

#[test]
fn the_move_set_in_a_description_follows_the_size() {
    let info = PresetInfo {
        name: "p".into(),
        solver: "sa".into(),
        description: "annealing over {moves}, geometric cooling".into(),
        order: 1,
        follows: "f".into(),
        aliases: Vec::new(),
        default: false,
        size: None,
    };
    let on = |n| info.description_on(Size::new(n).unwrap());
    assert_eq!(on(3), "annealing over the 18 face turns, geometric cooling");
    assert_eq!(
        on(2),
        "annealing over the 9 turns of U R F, geometric cooling"
    );
    assert!(
        on(4).contains("the 27 outer and inner layer turns of U R F"),
        "{}",
        on(4)
    );
    assert!(on(5).contains("the 36 "), "{}", on(5));
    assert!(on(6).contains("the 45 "), "{}", on(6));
    assert!(on(7).contains("the 54 "), "{}", on(7));
    let plain = PresetInfo {
        description: "no move set named".into(),
        ..info.clone()
    };
    assert_eq!(
        plain.description_on(Size::new(4).unwrap()),
        "no move set named"
    );
}

fn four() -> NxnCube {
    NxnCube::solved(Size::new(4).unwrap())
        .after(&"R 2U F' 2L D2 B 2R' U 2F L' y".parse().unwrap())
        .unwrap()
}

fn ga() -> SolverConfig {
    SolverConfig::Ga(cubetui_solve::ga::GaParams {
        population: 30,
        length: 20,
        max_generations: 40,
        ..Default::default()
    })
}

#[test]
fn a_4x4_ga_snapshot_carries_the_population_statistics_and_step_words() {
    let mut s = build(&ga(), &four(), 1).unwrap();
    s.step(3);
    let snap = s.snapshot();
    let profile = s.profile();
    assert_eq!(snap.values.len(), profile.series.len());
    let population: Vec<f64> = profile
        .series
        .iter()
        .zip(&snap.values)
        .filter(|(spec, _)| spec.population.is_some())
        .map(|(_, &v)| v)
        .collect();
    assert_eq!(population.len(), 7, "{:?}", profile.series);
    assert!(population.iter().all(|v| v.is_finite()), "{population:?}");
    // The fitness min is the generation's best energy.
    assert_eq!(population[0], snap.energy);
    assert!(snap.last_step.unwrap().starts_with("generation 3: "));
    assert!(snap.current.size() == Size::new(4).unwrap());
}

#[test]
fn a_live_population_change_takes_effect_on_a_4x4() {
    let mut s = build(&ga(), &four(), 2).unwrap();
    s.step(2);
    let value = |s: &dyn cubetui_solve::api::Solver| {
        s.live_values()
            .into_iter()
            .find(|(k, _)| k == "population")
            .map(|(_, v)| v)
    };
    assert_eq!(value(s.as_ref()), Some(30.0));
    s.set_param("population", 60.0).unwrap();
    assert_eq!(value(s.as_ref()), Some(60.0));
    s.step(1);
    assert_eq!(s.snapshot().iteration, 3, "the run goes on");
    assert_eq!(s.outcome().extra["population"], 60);
    let e = s.set_param("length", 5.0).unwrap_err().to_string();
    assert!(e.contains("cannot change during a run"), "{e}");
}

#[test]
fn the_same_seed_gives_the_same_run_on_an_nxn() {
    for (config, n) in [(ga(), 4), (woc(), 4), (ga(), 5), (woc(), 2)] {
        let start = NxnCube::solved(Size::new(n).unwrap())
            .after(&"R U F' D2 L B' U2 x".parse().unwrap())
            .unwrap();
        let run = |seed| {
            let mut s = build(&config, &start, seed).unwrap();
            s.step(15);
            let out = s.outcome();
            (out.solution.to_string(), out.energy, out.iterations)
        };
        assert_eq!(run(7), run(7), "{} on {n}", config.name());
        assert_ne!(run(7).0, run(8).0, "{} on {n}", config.name());
    }
}
