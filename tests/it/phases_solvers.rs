//! The phase solvers `phases-es`, `phases-ga`, `phases-sa` through the
//! library: every run solves, every phase ends inside its group using only
//! the previous group's moves, solutions replay, seeded runs repeat.

use crate::phases_support;

use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_cube::{Alg, Cube, CubieCube};
use cubetui_solve::phases::cubie::GROUP_MOVES;
use cubetui_solve::phases::group::in_group;
use cubetui_solve::{Outcome, Solver, SolverConfig, Status, preset};
use phases_support::random_passing;

const PRESETS: [&str; 3] = ["phases-es", "phases-ga", "phases-sa"];

fn build(name: &str, start: Cube, seed: u64) -> Box<dyn Solver> {
    crate::shipped()
        .get(name)
        .unwrap()
        .build(start, seed)
        .unwrap()
}

fn run(name: &str, start: Cube, seed: u64) -> Outcome {
    let mut s = build(name, start, seed);
    while s.step(500) == Status::Running {}
    s.outcome()
}

fn u64s(o: &Outcome, key: &str) -> Vec<u64> {
    o.extra[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is an array"))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Checks a solved outcome phase by phase: phase i's moves are G(i−1)'s and
/// it ends inside Gi; the whole solution solves `start`.
fn check_phases(name: &str, start: &Cube, o: &Outcome) {
    assert!(o.solved, "{name}: not solved");
    assert_eq!(o.energy, 0.0);
    assert!(
        start.after(o.solution.three().unwrap()).is_solved(),
        "{name}: replay"
    );
    let lengths = u64s(o, "phase_lengths");
    assert_eq!(lengths.len(), 4);
    assert_eq!(u64s(o, "phase_steps").len(), 4);
    assert_eq!(lengths.iter().sum::<u64>() as usize, o.solution.len());
    let moves = o.solution.three().unwrap().moves();
    let mut at = 0;
    let mut cube = *start;
    for (i, &len) in lengths.iter().enumerate() {
        let part = &moves[at..at + len as usize];
        for m in part {
            let g = face_gene(m);
            assert!(
                GROUP_MOVES[i].contains(&g),
                "{name}: {m} in phase {}",
                i + 1
            );
        }
        cube = cube.after(&Alg::new(part.to_vec()));
        let cc = CubieCube::from_cube(&cube).unwrap();
        assert!(
            in_group(i + 1, &cc),
            "{name}: phase {} ends outside G{}",
            i + 1,
            i + 1
        );
        at += len as usize;
    }
}

/// The gene number of a face turn (`face * 3 + turns - 1`).
fn face_gene(m: &cubetui_cube::Move) -> u8 {
    let f = m.as_face().expect("a face turn");
    (f.index() * 3 + m.turns() as usize - 1) as u8
}

#[test]
fn every_preset_solves_random_states_phase_by_phase() {
    for name in PRESETS {
        assert!(matches!(
            crate::shipped().get(name).unwrap(),
            SolverConfig::PhasesEs(_) | SolverConfig::PhasesGa(_) | SolverConfig::PhasesSa(_)
        ));
        for seed in 0..3 {
            let start = random_state(&mut rng_from_seed(100 + seed));
            let o = run(name, start, seed);
            check_phases(name, &start, &o);
        }
    }
}

#[test]
fn seeded_runs_repeat_exactly() {
    let start = random_state(&mut rng_from_seed(7));
    for name in PRESETS {
        let a = run(name, start, 11);
        let b = run(name, start, 11);
        assert_eq!(a.solution, b.solution, "{name}");
        assert_eq!(a.iterations, b.iterations, "{name}");
        assert_eq!(a.extra, b.extra, "{name}");
    }
}

#[test]
fn states_passing_gi_are_finished_with_gi_moves_only() {
    for i in 1..=3 {
        for seed in 0..4 {
            let cc = random_passing(i, 1000 * i as u64 + seed);
            let start = cc.to_cube();
            let o = run("phases-es", start, seed);
            check_phases("phases-es", &start, &o);
            let lengths = u64s(&o, "phase_lengths");
            assert!(lengths[..i].iter().all(|&l| l == 0), "G{i}: {lengths:?}");
            for m in o.solution.three().unwrap().moves() {
                assert!(GROUP_MOVES[i].contains(&face_gene(m)), "G{i}: {m}");
            }
        }
    }
}

#[test]
fn a_turned_cube_is_solved_in_its_own_frame() {
    let turned: Alg = "R U2 F' L D B2 x y'".parse().unwrap();
    let start = Cube::solved().after(&turned);
    for name in PRESETS {
        let o = run(name, start, 5);
        assert!(o.solved, "{name}");
        assert!(
            start.after(o.solution.three().unwrap()).is_solved(),
            "{name}"
        );
    }
}

#[test]
fn an_unsolvable_cube_is_refused() {
    let mut cc = random_passing(1, 3);
    cc.co[0] = (cc.co[0] + 1) % 3;
    for name in PRESETS {
        let err = crate::shipped()
            .get(name)
            .unwrap()
            .build(cc.to_cube(), 1)
            .err();
        let msg = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("not solvable"), "{name}: {msg}");
    }
}

#[test]
fn a_spent_budget_reports_the_best_state_reached() {
    let start = random_state(&mut rng_from_seed(9));
    for name in PRESETS {
        let mut table = crate::shipped().table(name).unwrap();
        table.insert("max_steps".into(), toml::Value::Integer(3));
        let mut s = preset::from_table(table).unwrap().build(start, 1).unwrap();
        assert_eq!(s.step(10), Status::Exhausted, "{name}");
        let o = s.outcome();
        assert!(!o.solved);
        assert_eq!(o.iterations, 3);
        assert_eq!(
            f64::from(start.after(o.solution.three().unwrap()).misplaced()),
            o.energy
        );
        assert!(s.snapshot().phase.unwrap().starts_with("phase 1/4"));
        assert_eq!(
            s.snapshot()
                .exhausted_by
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("step limit 3"),
            "{name}"
        );
    }
}

#[test]
fn each_step_says_the_phases_best_fitness_or_the_phase_it_finished() {
    let start = random_state(&mut rng_from_seed(21));
    for name in PRESETS {
        let mut s = build(name, start, 2);
        assert_eq!(s.snapshot().last_step, None, "{name}: no step yet");
        let profile = s.profile();
        let mut finished = 0;
        for i in 1..=100_000u64 {
            let st = s.step(1);
            let snap = s.snapshot();
            let text = snap.last_step.clone().unwrap();
            assert!(text.starts_with(&format!("step {i}: ")), "{name}: {text}");
            if text.contains("done with") {
                finished += 1;
            } else {
                let fitness = profile.value(&snap.values, "phase fitness").unwrap();
                assert!(
                    text.contains(&format!("best fitness {fitness} ")),
                    "{name}: {text}"
                );
                assert!(
                    text.contains(snap.phase.as_deref().unwrap()),
                    "{name}: {text}"
                );
            }
            assert_eq!(snap.exhausted_by, None, "{name}");
            if st != Status::Running {
                assert_eq!(st, Status::Solved, "{name}");
                assert!(text.ends_with("; solved"), "{name}: {text}");
                break;
            }
        }
        assert!(finished >= 1, "{name}: a phase end is reported");
    }
}
