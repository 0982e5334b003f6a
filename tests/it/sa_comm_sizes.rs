//! The commutator machine (`comm`, preset `sa-comm`) on every size: it
//! solves, every reported solution replays to solved on the cube model, the
//! same seed gives the same run, parity and stages work as documented.

use rand::SeedableRng;
use rand::rngs::StdRng;

use cubetui_cube::nxn::random::random_moves;
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::{AnyAlg, AnyCube, Cube};
use cubetui_solve::api::{Outcome, Solver, Status};
use cubetui_solve::{SolverConfig, build_any};

fn sa_comm() -> SolverConfig {
    crate::shipped().get("sa-comm").unwrap()
}

fn scrambled(n: usize, seed: u64) -> AnyCube {
    let size = Size::new(n).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let c = NxnCube::solved(size)
        .after(&random_moves(&mut rng, size, 20 * n))
        .unwrap();
    match c.to_three() {
        Some(three) if n == 3 => three.into(),
        _ => c.into(),
    }
}

fn run(s: &mut dyn Solver, limit: u64) -> Outcome {
    let mut steps = 0;
    while s.status() == Status::Running && steps < limit {
        s.step(100);
        steps += 100;
    }
    s.outcome()
}

#[test]
fn sa_comm_solves_every_size_and_every_solution_replays_to_solved() {
    for n in 2..=7 {
        for seed in 1..=3 {
            let start = scrambled(n, seed);
            let mut s = build_any(&sa_comm(), &start, seed).unwrap();
            let out = run(s.as_mut(), 200_000);
            assert!(out.solved, "{n}x{n} seed {seed}: energy {}", out.energy);
            let end = start.after(&out.solution).expect("a sequence of its size");
            assert!(end.is_solved(), "{n}x{n} seed {seed}: {}", out.solution);
            assert_eq!(out.energy, 0.0);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_run_and_another_seed_another() {
    let start = scrambled(5, 4);
    let solve = |seed| {
        let mut s = build_any(&sa_comm(), &start, seed).unwrap();
        run(s.as_mut(), 100_000).solution.to_string()
    };
    assert_eq!(solve(7), solve(7));
    assert_ne!(solve(7), solve(8));
}

#[test]
fn odd_orbits_get_their_parity_turn_first() {
    // One inner slice: a 4x4's wings 1 are odd; one outer turn: corners odd.
    for (n, scramble, turns) in [(4, "2R", 1), (4, "U", 1), (4, "U 2R", 2), (5, "R2 U", 1)] {
        let size = Size::new(n).unwrap();
        let start = NxnCube::solved(size)
            .after(&scramble.parse::<NxnAlg>().unwrap())
            .unwrap();
        let mut s = build_any(&sa_comm(), &start.clone().into(), 1).unwrap();
        // Applied once the catalogue is there (built by the first step),
        // before any proposal: the current sequence.
        s.step(0);
        assert_eq!(s.snapshot().iteration, 0);
        assert_eq!(s.snapshot().sequence_len, turns, "{n} {scramble}");
        let out = run(s.as_mut(), 100_000);
        assert!(out.solved, "{n} {scramble}");
        let AnyAlg::Nxn(alg, _) = &out.solution else {
            panic!("an N×N sequence");
        };
        assert!(start.after(alg).unwrap().is_solved());
    }
    // Even orbits need none.
    let start = NxnCube::solved(Size::new(4).unwrap())
        .after(&"U2 2R2".parse::<NxnAlg>().unwrap())
        .unwrap();
    let mut s = build_any(&sa_comm(), &start.into(), 1).unwrap();
    s.step(0);
    assert_eq!(s.snapshot().sequence_len, 0);
}

#[test]
fn stages_go_centres_then_edges_then_corners() {
    let start = scrambled(5, 2);
    let mut s = build_any(&sa_comm(), &start, 3).unwrap();
    let mut seen: Vec<String> = Vec::new();
    while s.status() == Status::Running {
        s.step(1);
        if let Some(p) = s.snapshot().phase
            && seen.last() != Some(&p)
        {
            seen.push(p);
        }
    }
    assert_eq!(s.status(), Status::Solved);
    assert_eq!(seen, ["centres", "edges", "corners"]);
}

#[test]
fn each_step_says_which_commutator_it_proposed_and_what_it_cycles() {
    let start = scrambled(4, 5);
    let mut s = build_any(&sa_comm(), &start, 1).unwrap();
    s.step(1);
    let words = s.snapshot().last_step.unwrap();
    assert!(words.starts_with("proposed "), "{words}");
    assert!(words.contains("(comm): Δenergy"), "{words}");
    assert!(
        words.contains("3-cycle of ") || words.contains("parity turn"),
        "{words}"
    );
}

#[test]
fn on_a_4x4_knobs_and_generators_work_as_on_the_3x3() {
    let start = scrambled(4, 6);
    let mut s = build_any(&sa_comm(), &start, 1).unwrap();
    assert_eq!(s.generators(), ["faces", "comm"]);
    let keys: Vec<String> = s.live_values().into_iter().map(|(k, _)| k).collect();
    assert!(keys.contains(&"comm.candidates".to_string()), "{keys:?}");
    assert!(keys.contains(&"temperature".to_string()), "{keys:?}");
    s.set_param("comm.candidates", 5.0).unwrap();
    assert!(s.set_param("comm.candidates", 0.0).is_err());
    s.step(10);
    let before = s.snapshot();
    s.set_generator("faces").unwrap();
    let after = s.snapshot();
    assert_eq!(after.generator.as_deref(), Some("faces"));
    assert_eq!(after.current, before.current, "the state is kept");
    assert!(!s.live_values().iter().any(|(k, _)| k == "comm.candidates"));
    assert!(s.set_generator("pll").is_err(), "3x3 formulas on a 4x4");
    // The 3x3 offers all four, comm among them.
    let three = build_any(&sa_comm(), &Cube::solved().into(), 1).unwrap();
    assert_eq!(three.generators(), ["faces", "pll", "pll-conj", "comm"]);
}
