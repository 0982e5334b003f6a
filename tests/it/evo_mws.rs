//! The moving-window solver: piece tables, the two-generator membership test,
//! and whole runs through the library API.

use cubetui_cube::cubie::CubieCube;
use cubetui_cube::{Alg, Cube, Face, Move};
use cubetui_solve::Status;
use cubetui_solve::mws::pieces::{CORNERS, EDGES, blocks, is_valid, pieces};
use cubetui_solve::mws::{self, MwsParams};
use proptest::prelude::*;

fn swap_stickers(c: &Cube, a: &[usize], b: &[usize]) -> Cube {
    let mut s = *c.stickers();
    for (&i, &j) in a.iter().zip(b) {
        s.swap(i, j);
    }
    Cube::from_stickers(s).unwrap()
}

fn word(faces: [Face; 2], turns: &[(bool, u8)]) -> Alg {
    Alg::new(
        turns
            .iter()
            .map(|&(second, t)| Move::face(faces[usize::from(second)], t))
            .collect(),
    )
}

proptest! {
    /// The pair counts (bit masks over `Cube::equal_neighbours`) agree with
    /// counting the listed sticker pairs one by one, on arbitrary colourings.
    #[test]
    fn pair_counts_match_the_pair_lists(colours in prop::collection::vec(0u8..6, 54)) {
        let c = Cube::from_stickers(colours.clone().try_into().unwrap()).unwrap();
        let count = |pairs: &[(u8, u8)]| {
            pairs.iter().filter(|&&(i, j)| colours[i as usize] == colours[j as usize]).count() as u32
        };
        for b in blocks().iter() {
            prop_assert_eq!(b.pairs(&c), count(&b.pairs));
            prop_assert_eq!(b.rest_pairs(&c), count(&b.rest_pairs));
        }
    }
}

#[test]
fn every_block_has_22_pairs_seven_pieces_and_is_solved_when_solved() {
    let bs = blocks();
    let mut seen = std::collections::HashSet::new();
    for b in bs.iter() {
        assert_eq!(b.pairs.len(), 22);
        assert_eq!(b.rest_pairs.len(), 50);
        assert_eq!(b.rest_pairs(&Cube::solved()), 50);
        assert_eq!((b.corners.len(), b.edges.len()), (2, 5));
        assert_eq!(b.pairs(&Cube::solved()), 22);
        assert!(b.is_member(&Cube::solved()));
        assert_ne!(b.free[0].opposite(), b.free[1]);
        assert!(seen.insert(b.free));
        // A turn of a face outside the free pair breaks the block.
        let other = Face::ALL.into_iter().find(|f| !b.free.contains(f)).unwrap();
        let c = Cube::solved().after(&Alg::new(vec![Move::face(other, 1)]));
        assert!(b.pairs(&c) < 22);
        assert!(!b.is_member(&c));
    }
    assert_eq!(seen.len(), 12);
}

#[test]
fn one_twisted_corner_is_not_a_member() {
    let s = Cube::solved();
    let mut st = *s.stickers();
    let [a, b, c] = CORNERS[0];
    (st[a], st[b], st[c]) = (st[c], st[a], st[b]);
    let twisted = Cube::from_stickers(st).unwrap();
    let p = pieces(&twisted).unwrap();
    assert!(!is_valid(&p));
    for b in blocks().iter() {
        assert!(!b.is_member(&twisted), "{:?}", b.free);
    }
}

#[test]
fn two_corners_the_free_faces_cannot_swap_are_not_members() {
    // Swap corners URF and UFL, and edges UF and UL so the parity is even:
    // a valid cube, with U and R free, that U and R cannot make.
    let c = swap_stickers(&Cube::solved(), &CORNERS[0], &CORNERS[1]);
    let c = swap_stickers(&c, &EDGES[1], &EDGES[2]);
    let p = pieces(&c).unwrap();
    assert!(is_valid(&p));
    let ur = blocks()
        .iter()
        .find(|b| b.free == [Face::U, Face::R])
        .unwrap();
    assert_eq!(ur.pairs(&c), 22);
    assert_eq!(ur.good_edges(&p), 12);
    assert!(!ur.corners_ok(&p));
    assert!(!ur.is_member(&c));
    // Scrambling with the free faces afterwards does not help.
    let c2 = c.after(&"R U R' U R U2 R'".parse().unwrap());
    assert!(!ur.is_member(&c2));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_words_in_the_free_faces_are_members(
        b in 0usize..12,
        turns in prop::collection::vec((any::<bool>(), 1u8..4), 0..40),
    ) {
        let block = &blocks()[b];
        let c = Cube::solved().after(&word(block.free, &turns));
        prop_assert!(block.is_member(&c));
    }

    #[test]
    fn pieces_of_reachable_states_are_valid_and_match_the_cubie_view(
        turns in prop::collection::vec(0usize..18, 0..40),
    ) {
        let ft = Move::face_turns();
        let c = Cube::solved().after(&Alg::new(turns.iter().map(|&i| ft[i]).collect()));
        let p = pieces(&c).unwrap();
        prop_assert!(is_valid(&p));
        let q = CubieCube::from_cube(&c).unwrap();
        prop_assert_eq!((p.cp, p.co, p.ep, p.eo), (q.cp, q.co, q.ep, q.eo));
    }

    #[test]
    fn a_quarter_turn_of_the_third_axis_leaves_the_group(b in 0usize..12, t in prop::sample::select(vec![1u8, 3])) {
        let block = &blocks()[b];
        let third = Face::ALL
            .into_iter()
            .find(|&f| !block.free.contains(&f) && !block.free.contains(&f.opposite()))
            .unwrap();
        // Undo the block damage with the opposite face? No: any third-axis quarter
        // turn flips four edges, so the state is out whatever else holds.
        let c = Cube::solved().after(&Alg::new(vec![Move::face(third, t)]));
        prop_assert!(!block.is_member(&c));
    }
}

fn scramble(seed: u64, n: usize) -> Cube {
    let ft = Move::face_turns();
    let mut x = seed;
    let moves = (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ft[(x >> 33) as usize % 18]
        })
        .collect();
    Cube::solved().after(&Alg::new(moves))
}

#[test]
fn solves_a_random_scramble_deterministically() {
    let start = scramble(3, 25);
    let p = MwsParams::default();
    let run = |seed| {
        let mut s = mws::build(&p, start, seed).unwrap();
        let st = s.step(u64::MAX);
        (st, s.outcome())
    };
    let (st, out) = run(11);
    assert_eq!(st, Status::Solved);
    assert!(out.solved);
    assert!(start.after(out.solution.three().unwrap()).is_solved());
    let lens = out.extra["phase_lengths"].as_array().unwrap();
    let total: u64 = lens.iter().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(total as usize, out.solution.len());
    let (_, again) = run(11);
    assert_eq!(again.solution, out.solution);
}

#[test]
fn snapshots_show_the_leaders_phase_fitness_and_progress() {
    let start = scramble(5, 30);
    let mut s = mws::build(&MwsParams::default(), start, 2).unwrap();
    s.step(3);
    let snap = s.snapshot();
    let profile = s.profile();
    assert_eq!(profile.step, "window move");
    assert_eq!(snap.iteration, 3);
    assert!(snap.phase.as_deref().unwrap().starts_with("phase "));
    let v = |name: &str| profile.value(&snap.values, name).unwrap();
    assert!((0.0..=1.0).contains(&v("phase fitness")));
    assert!((0.0..=3.0).contains(&v("leader progress")));
    // Progress is phases done plus the fitness in the current phase.
    assert!((v("leader progress") - v("phase fitness")).fract().abs() < 1e-9);
    assert_eq!(
        snap.current.three().unwrap().misplaced() as f64,
        snap.energy
    );
}

/// Paper 003 gives no numbers, only the operator: each window is mutated
/// several times and the best kept. The preset uses that operator in every
/// phase, with windows that fit their sequences, and builds a solver.
#[test]
fn preset_seed_003_uses_the_seeds_window_search() {
    use cubetui_solve::mws::window::Improvement;
    let cubetui_solve::SolverConfig::Mws(p) = crate::shipped().get("seed-003").unwrap() else {
        panic!("seed-003 is an mws preset")
    };
    for (k, w) in [&p.phase1, &p.phase2, &p.phase3].into_iter().enumerate() {
        assert_eq!(w.search, Improvement::Mutate, "phase {}", k + 1);
        assert!(w.trials > 1, "phase {}: {} trials", k + 1, w.trials);
        assert!(
            0 < w.window && w.window <= w.length,
            "phase {}: {w:?}",
            k + 1
        );
    }
    assert!(mws::build(&p, Cube::solved().after(&"R U F".parse().unwrap()), 1).is_ok());
}

#[test]
fn a_two_generator_state_skips_to_phase_3_and_exhaustive_windows_finish_it() {
    use cubetui_solve::mws::window::Improvement;
    let start = Cube::solved().after(&"R U R' U R U2 R'".parse().unwrap());
    let mut p = MwsParams::default();
    p.phase3.search = Improvement::Exhaustive;
    p.phase3.window = 8;
    let mut s = mws::build(&p, start, 1).unwrap();
    // One window position: at most 19 680 windows of up to 8 turns, searched
    // NODES_PER_STEP at a time.
    let most = 19_680_u64.div_ceil(mws::NODES_PER_STEP as u64);
    assert_eq!(s.step(most), Status::Solved);
    let out = s.outcome();
    assert_eq!(out.extra["free_faces"], "UR");
    assert!(out.iterations <= most);
    assert!(start.after(out.solution.three().unwrap()).is_solved());
    assert!(out.solution.len() <= 7, "{}", out.solution);
    let lens: Vec<u64> = out.extra["phase_lengths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(lens[..2], [0, 0]);
    // Phase 3 alternates the two free faces.
    let faces: Vec<_> = out
        .solution
        .three()
        .unwrap()
        .moves()
        .iter()
        .map(|m| m.as_face().unwrap())
        .collect();
    assert!(faces.iter().all(|f| [Face::U, Face::R].contains(f)));
    assert!(faces.windows(2).all(|w| w[0] != w[1]));
}

#[test]
fn windows_are_canonical() {
    use cubetui_solve::mws::window::may_follow;
    // Genes: face * 3 + turns - 1; U = 0, R = 3, D = 9, L = 12.
    assert!(may_follow(None, 0));
    assert!(!may_follow(Some(0), 1), "U then U2");
    assert!(may_follow(Some(0), 9), "U then D");
    assert!(
        !may_follow(Some(9), 0),
        "D then U: only one order of opposite faces"
    );
    assert!(may_follow(Some(12), 0), "L then U");
}

#[test]
fn parameters_that_make_one_step_long_are_rejected_naming_the_limit() {
    use cubetui_solve::SolveError;
    use cubetui_solve::mws::window::Improvement;
    let mut p = MwsParams::default();
    p.phase1.search = Improvement::Exhaustive;
    p.phase1.window = 8;
    let Err(SolveError::Parameter(e)) = mws::build(&p, Cube::solved(), 1) else {
        panic!("window 8 exhaustive accepted")
    };
    assert!(
        e.contains("phase1.window") && e.contains("at most 6"),
        "{e}"
    );
    p.phase1.window = 6;
    assert!(mws::build(&p, Cube::solved(), 1).is_ok());
    // Phase 3 turns only two faces, so its windows may be longer.
    let mut p = MwsParams::default();
    p.phase3.search = Improvement::Exhaustive;
    p.phase3.window = 15;
    let Err(SolveError::Parameter(e)) = mws::build(&p, Cube::solved(), 1) else {
        panic!("window 15 exhaustive accepted")
    };
    assert!(e.contains("at most 14 in phase 3"), "{e}");
    let mut p = MwsParams::default();
    p.phase2.trials = 5_000;
    let Err(SolveError::Parameter(e)) = mws::build(&p, Cube::solved(), 1) else {
        panic!("5000 trials of 8 turns accepted")
    };
    assert!(e.contains("phase2.trials") && e.contains("10000"), "{e}");
}

#[test]
fn exhaustive_window_sizes_count_canonical_sequences() {
    use cubetui_solve::mws::window::{exhaustive_nodes, may_follow};
    // Brute force over all sequences of up to three of the 18 turns.
    let all: Vec<u8> = (0..18).collect();
    let mut count = 0u128;
    for a in 0..18u8 {
        count += 1;
        for b in (0..18u8).filter(|&b| may_follow(Some(a), b)) {
            count += 1;
            count += (0..18u8).filter(|&c| may_follow(Some(b), c)).count() as u128;
        }
    }
    assert_eq!(exhaustive_nodes(&all, 3), count);
    // Two adjacent faces, alternating: 6 + 6*3 + 6*9.
    assert_eq!(exhaustive_nodes(&[0, 1, 2, 3, 4, 5], 3), 78);
}

#[test]
fn an_exhaustive_search_in_slices_finds_the_best_window_of_a_search_in_one_go() {
    use cubetui_cube::random::{random_state, rng_from_seed};
    use cubetui_solve::mws::window::{Exhaustive, Objective, may_follow};
    let all: Vec<u8> = (0..18).collect();
    let perms = cubetui_solve::chromosome::gene_perms();
    for k in 0..4u64 {
        let state = random_state(&mut rng_from_seed(k));
        let b = &blocks()[k as usize];
        let mut whole = Exhaustive::new(
            &mut rng_from_seed(9),
            Objective::Block,
            &state,
            None,
            &all,
            3,
        );
        let (score, path) = whole.advance(b, usize::MAX).unwrap();
        let mut sliced = Exhaustive::new(
            &mut rng_from_seed(9),
            Objective::Block,
            &state,
            None,
            &all,
            3,
        );
        let mut calls = 1;
        let found = loop {
            if let Some(f) = sliced.advance(b, 50) {
                break f;
            }
            calls += 1;
        };
        assert_eq!(found, (score, path.clone()));
        assert!(calls > 10, "3 501 windows in slices of 50");
        // The best score is the best over every canonical window (brute force).
        let mut brute = 0;
        for a in 0..18u8 {
            let s1 = state.permuted(&perms[a as usize]);
            brute = brute.max(b.pairs(&s1));
            for c in (0..18u8).filter(|&c| may_follow(Some(a), c)) {
                let s2 = s1.permuted(&perms[c as usize]);
                brute = brute.max(b.pairs(&s2));
                for d in (0..18u8).filter(|&d| may_follow(Some(c), d)) {
                    brute = brute.max(b.pairs(&s2.permuted(&perms[d as usize])));
                }
            }
        }
        assert_eq!(score, brute);
        let mut end = state;
        path.iter()
            .for_each(|&g| end.apply_perm(&perms[g as usize]));
        assert_eq!(b.pairs(&end), score);
    }
}

#[test]
fn a_step_of_a_long_exhaustive_window_returns_and_the_run_goes_on() {
    use cubetui_solve::mws::window::Improvement;
    let mut p = MwsParams::default();
    p.phase1.search = Improvement::Exhaustive;
    p.phase1.window = 6;
    let mut s = mws::build(&p, scramble(8, 30), 1).unwrap();
    assert_eq!(s.step(1), Status::Running);
    assert_eq!(s.step(2), Status::Running);
    assert_eq!(s.snapshot().iteration, 3);
    // 8.3 M windows at 2 048 per step: the first window position is still open.
    assert_eq!(s.outcome().solution.len(), 0);
}

#[test]
fn keeping_the_best_of_three_finished_runs_is_never_longer_than_the_first() {
    // Runs do not interact, so the first run to finish is among the first three.
    let start = scramble(21, 12);
    let run = |best_of| {
        let p = MwsParams {
            best_of,
            ..MwsParams::default()
        };
        let mut s = mws::build(&p, start, 4).unwrap();
        assert_eq!(s.step(200_000), Status::Solved);
        let out = s.outcome();
        assert!(start.after(out.solution.three().unwrap()).is_solved());
        out
    };
    let first = run(1);
    let best = run(3);
    assert!(best.solution.len() <= first.solution.len());
    assert!(best.iterations >= first.iterations);
    let bad = MwsParams {
        best_of: 13,
        ..MwsParams::default()
    };
    assert!(mws::build(&bad, start, 1).is_err());
}

#[test]
fn preset_mws_short_changes_only_the_phase_lengths_of_seed_003() {
    let get = |name| match crate::shipped().get(name).unwrap() {
        cubetui_solve::SolverConfig::Mws(p) => p,
        _ => panic!("{name} is an mws preset"),
    };
    let (seed, short) = (get("seed-003"), get("mws-short"));
    assert!(short.phase2.length < seed.phase2.length);
    assert!(short.phase3.length < seed.phase3.length);
    let same = MwsParams {
        phase1: mws::window::WindowParams {
            length: seed.phase1.length,
            ..short.phase1.clone()
        },
        phase2: mws::window::WindowParams {
            length: seed.phase2.length,
            ..short.phase2.clone()
        },
        phase3: mws::window::WindowParams {
            length: seed.phase3.length,
            ..short.phase3.clone()
        },
        ..short.clone()
    };
    assert_eq!(same, seed);
    // It solves, deterministically, and every solution replays.
    for k in 0..2 {
        let start = scramble(40 + k, 25);
        let cfg = crate::shipped().get("mws-short").unwrap();
        let run = || {
            let mut s = cfg.build(start, k).unwrap();
            assert_eq!(s.step(200_000), Status::Solved);
            s.outcome().solution
        };
        let sol = run();
        assert!(start.after(sol.three().unwrap()).is_solved());
        assert_eq!(run(), sol);
    }
}

#[test]
fn a_step_describes_the_leaders_window_move_and_exhaustion_names_the_round_limit() {
    let start = scramble(5, 30);
    let p = MwsParams {
        max_rounds: 6,
        ..MwsParams::default()
    };
    let mut s = mws::build(&p, start, 2).unwrap();
    assert_eq!(s.snapshot().last_step, None, "no round yet");
    let profile = s.profile();
    for round in 1..=6 {
        s.step(1);
        let snap = s.snapshot();
        let text = snap.last_step.clone().unwrap();
        assert!(
            text.starts_with(&format!("round {round}: leader run ")),
            "{text}"
        );
        // The phase and fitness named are the snapshot's.
        let phase = snap.phase.as_deref().unwrap();
        let k = &phase["phase ".len()..="phase ".len()];
        assert!(text.contains(&format!("phase {k}/3")), "{text} / {phase}");
        let fit = text.split("fitness ").nth(1).unwrap();
        let (a, b) = fit.split_once('/').unwrap();
        let b = b.split(',').next().unwrap();
        let (a, b): (f64, f64) = (a.parse().unwrap(), b.parse().unwrap());
        let v = profile.value(&snap.values, "phase fitness").unwrap();
        assert!((a / b - v).abs() < 1e-9, "{text}: {v}");
        if round < 6 {
            assert_eq!(snap.exhausted_by, None);
        }
    }
    assert_eq!(s.status(), Status::Exhausted);
    assert_eq!(
        s.snapshot()
            .exhausted_by
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("round limit 6")
    );
}
