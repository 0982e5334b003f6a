//! `sa-short` (the move-sequence annealer): every reported solution
//! solves its cube and is never longer than the sequence it started from,
//! both length metrics match a hand count, a seeded run repeats, every
//! table insertion makes the cycle it was drawn for (and a short
//! commutator what it claims at the end), parameters are
//! checked against their ranges.

use cubetui_cube::nxn::random::random_moves;
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::random::rng_from_seed;
use cubetui_cube::{AnyAlg, Cube};
use cubetui_solve::api::{Outcome, Solver, Status};
use cubetui_solve::short::comms::{Comms, best_short};
use cubetui_solve::short::insert::best_insertion;
use cubetui_solve::short::seq::{Misplaced, Mv, Turns, merged, of_move};
use cubetui_solve::short::table::Table;
use cubetui_solve::short::{ShortParams, build, build_nxn, metrics};

fn small() -> ShortParams {
    ShortParams {
        max_steps: 40_000,
        ..ShortParams::default()
    }
}

/// An N×N cube after 30 random layer turns drawn from `seed` (also the
/// start of `sa_short_halt`'s runs).
pub(crate) fn scrambled(n: usize, seed: u64) -> NxnCube {
    let size = Size::new(n).unwrap();
    let mut rng = rng_from_seed(seed);
    NxnCube::solved(size)
        .after(&random_moves(&mut rng, size, 30))
        .unwrap()
}

fn run(p: &ShortParams, start: &NxnCube, seed: u64) -> (Outcome, Box<dyn Solver>) {
    let mut s = build_nxn(p, start, seed).unwrap();
    while s.step(50) == Status::Running {}
    (s.outcome(), s)
}

#[test]
fn every_reported_solution_solves_its_cube_and_is_never_longer_than_the_start() {
    for n in [2, 4, 5, 6] {
        let start = scrambled(n, n as u64);
        let (out, s) = run(&small(), &start, 7);
        assert!(out.solved, "{n}");
        let AnyAlg::Nxn(alg, _) = &out.solution else {
            panic!("an N×N sequence on {n}");
        };
        assert!(start.after(alg).unwrap().is_solved(), "{n}: {alg}");
        let first = out.extra["start_length"].as_u64().unwrap() as usize;
        assert!(metrics(&out.solution).0 <= first, "{n}");
        let snap = s.snapshot();
        let best = snap.values[0];
        assert!(best <= first as f64, "{n}");
    }
}

#[test]
fn the_three_by_three_reports_face_turns_that_solve_it() {
    let cube = Cube::solved().after(&"R U F' L2 D B' R' U2 F D' L B2".parse().unwrap());
    let mut s = build(&small(), cube, 3).unwrap();
    while s.step(50) == Status::Running {}
    let out = s.outcome();
    let AnyAlg::Three(alg) = &out.solution else {
        panic!("a 3×3 sequence");
    };
    assert!(out.solved && cube.after(alg).is_solved(), "{alg}");
}

#[test]
fn on_the_three_by_three_phase_solutions_start_it_when_shorter() {
    let cube = Cube::solved().after(
        &"R U F' L2 D B' R' U2 F D' L B2 U R2 F' D2 L' B U'"
            .parse()
            .unwrap(),
    );
    let start = |phase_runs| {
        let p = ShortParams {
            max_steps: 1,
            phase_runs,
            ..ShortParams::default()
        };
        let mut s = build(&p, cube, 3).unwrap();
        while s.step(50) == Status::Running {}
        let out = s.outcome();
        assert!(out.solved, "{phase_runs}");
        let by = out.extra["seed_solver"].as_str().unwrap().to_string();
        (out.extra["start_length"].as_u64().unwrap(), by)
    };
    let (alone, by) = start(0);
    assert_eq!(by, "sa-comm");
    let (with, by) = start(8);
    assert!(with <= alone, "{with} > {alone}");
    // sa-comm's 3×3 solutions are about 120 face turns, phases-sa's 35–50.
    assert_eq!(by, "phases-sa");
    assert!(with < 60, "{with}");
}

/// The 3×3 seeds' windows replaced by shorter words: the start is never
/// longer than without, and the solution still solves the cube.
#[test]
fn on_the_three_by_three_shorter_words_shorten_the_start() {
    let cube = Cube::solved().after(
        &"R U F' L2 D B' R' U2 F D' L B2 U R2 F' D2 L' B U'"
            .parse()
            .unwrap(),
    );
    let start = |window| {
        let p = ShortParams {
            max_steps: 1,
            phase_runs: 8,
            window,
            wide_window: window,
            ..ShortParams::default()
        };
        let mut s = build(&p, cube, 3).unwrap();
        while s.step(50) == Status::Running {}
        let out = s.outcome();
        let AnyAlg::Three(alg) = &out.solution else {
            panic!("a 3×3 sequence");
        };
        assert!(out.solved && cube.after(alg).is_solved(), "{alg}");
        let lengths: Vec<u64> = out.extra["seed_lengths_in_order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_u64().unwrap())
            .collect();
        (out.extra["start_length"].as_u64().unwrap(), lengths)
    };
    let ((plain, before), (words, after)) = (start(0), start(10));
    assert!(words <= plain, "{words} > {plain}");
    // Seed by seed (the same runs) never longer, and shorter in all.
    assert_eq!(before.len(), after.len());
    assert!(
        before.iter().zip(&after).all(|(b, a)| a <= b),
        "{before:?} {after:?}"
    );
    assert!(
        after.iter().sum::<u64>() < before.iter().sum(),
        "{before:?} {after:?}"
    );
}

#[test]
fn a_seeded_run_is_deterministic() {
    let start = scrambled(4, 11);
    let (a, _) = run(&small(), &start, 5);
    let (b, _) = run(&small(), &start, 5);
    assert_eq!(a.solution, b.solution);
    assert_eq!(a.iterations, b.iterations);
}

#[test]
fn both_metrics_match_a_hand_count() {
    let size = Size::new(4).unwrap();
    let alg = |t: &str| AnyAlg::Nxn(NxnAlg::parse_sized(t, size).unwrap(), size);
    // R: 1 layer, quarter; 2R2: 1 layer, half (Santa 2); Rw: 2 layers
    // quarter (2, 2); 3Uw2: 3 layers half (3, 6); x: a rotation (0, 0).
    assert_eq!(metrics(&alg("R 2R2 Rw 3Uw2 x")), (7, 11));
    // Turns of one layer merge first: R R = R2 (1, 2); U U' cancel.
    assert_eq!(metrics(&alg("R R U U'")), (1, 2));
    let three = AnyAlg::Three("R U2 R' M2".parse().unwrap());
    // M2 is R2 L2 (and a rotation) in face turns: R U2 R' R2 L2 → R U2 R L2.
    assert_eq!(metrics(&three), (4, 6));
}

#[test]
fn merging_cancels_and_combines_across_a_run_about_one_axis() {
    let r = Mv {
        axis: 0,
        layer: 1,
        turns: 1,
    };
    let l = Mv {
        axis: 0,
        layer: 4,
        turns: 1,
    };
    let u = Mv {
        axis: 1,
        layer: 1,
        turns: 1,
    };
    assert_eq!(merged([r, l, r]), vec![Mv { turns: 2, ..r }, l]);
    assert_eq!(merged([r, u, u.inverse(), r.inverse()]), Vec::<Mv>::new());
}

#[test]
fn every_table_insertion_makes_the_cycle_it_was_drawn_for() {
    let size = Size::new(4).unwrap();
    let start = scrambled(4, 2);
    let turns = Turns::new(size);
    let table = Table::of(size);
    let home = start.face_colours();
    let mis = Misplaced::new(size, &home);
    let seq = merged(
        random_moves(&mut rng_from_seed(1), size, 20)
            .moves()
            .iter()
            .flat_map(|&m| of_move(m, size)),
    );
    let mut end = start.stickers().to_vec();
    turns.replay(&mut end, &seq, &mut Vec::new());
    let mut rng = rng_from_seed(4);
    let ins = best_insertion(table, &turns, &seq, &end, mis.want(), 16, &mut rng).unwrap();
    let mut got = start.stickers().to_vec();
    turns.replay(&mut got, &ins.seq, &mut Vec::new());
    let mut want = end.clone();
    for &[i, src] in &ins.at_end {
        want[i as usize] = end[src as usize];
    }
    assert_eq!(got, want);
    let pairs = table.cycles().pairs_of(ins.entry.unwrap() as usize);
    assert_eq!(pairs.len(), ins.at_end.len());
    assert!(ins.fixed > 0);
    // A short commutator placed by the scan: what it claims to do at the
    // end is what replaying the sequence with it does, and it puts
    // stickers right.
    let comms = Comms::of(size);
    assert!(!comms.is_empty());
    let ins = best_short(comms, &turns, &seq, &end, mis.want(), &mut rng).unwrap();
    assert_eq!(ins.word.len(), 4);
    let mut got = start.stickers().to_vec();
    turns.replay(&mut got, &ins.seq, &mut Vec::new());
    let mut want = end.clone();
    for &[i, src] in &ins.at_end {
        want[i as usize] = end[src as usize];
    }
    assert_eq!(got, want);
    let bad = |s: &[u8]| s.iter().zip(mis.want()).filter(|(a, b)| a != b).count();
    assert_eq!(bad(&end) - bad(&got), ins.fixed as usize);
}

#[test]
fn parameters_out_of_range_are_refused() {
    let start = scrambled(4, 1);
    let p = ShortParams {
        t_min: 5.0,
        t_max: 1.0,
        ..ShortParams::default()
    };
    assert!(build_nxn(&p, &start, 1).is_err());
    let p = ShortParams {
        insert_rate: 1.5,
        ..ShortParams::default()
    };
    assert!(build_nxn(&p, &start, 1).is_err());
    let mut s = build_nxn(&small(), &start, 1).unwrap();
    assert!(s.set_param("weight", 2.5).is_ok());
    assert!(s.set_param("weight", -1.0).is_err());
    assert!(s.set_param("max_steps", 10.0).is_err());
    // The earlier name sets the same knob (a run file recorded before it).
    assert!(s.set_param("alpha_end", 4.5).is_ok());
    assert!(s.live_values().contains(&("weight_end".to_string(), 4.5)));
    assert!(s.set_param("alpha", 0.0).is_err());
}

#[test]
fn uniformly_random_big_states_are_valid_and_solved_from_their_start() {
    use cubetui_cube::nxn::random::random_state;
    for n in [4, 5, 6, 7] {
        let size = Size::new(n).unwrap();
        for k in 0..3 {
            let mut rng = rng_from_seed(100 + k);
            let c = random_state(&mut rng, size);
            let again = random_state(&mut rng_from_seed(100 + k), size);
            assert_eq!(c, again, "{n}: seeded");
            NxnCube::from_facelets(size, &c.facelets()).unwrap_or_else(|e| panic!("{n} {k}: {e}"));
            if k == 0 {
                let (out, _) = run(&small(), &c, 1);
                let AnyAlg::Nxn(alg, _) = &out.solution else {
                    panic!("an N×N sequence");
                };
                assert!(out.solved && c.after(alg).unwrap().is_solved(), "{n}");
            }
        }
    }
}

/// The stickers of `cube` at rows and columns `keep` of every face.
fn part(cube: &NxnCube, keep: &[usize]) -> Vec<u8> {
    let size = cube.size();
    let mut out = Vec::new();
    for face in 0..6 {
        for &row in keep {
            for &col in keep {
                out.push(cube.stickers()[size.index(face, row, col)]);
            }
        }
    }
    out
}

#[test]
fn the_exact_part_solves_the_corners_or_the_reduced_three_by_three() {
    use cubetui_cube::nxn::random::random_state;
    use cubetui_solve::short::exact::{Part, prefix};
    use cubetui_solve::short::seq::to_alg;
    // The 3×3 has none: its corners solved as a 2×2 end solved only up to
    // a turn of the whole cube against its centres.
    assert_eq!(Part::of(Size::THREE), Part::None);
    for n in [4, 5, 6, 7] {
        let size = Size::new(n).unwrap();
        let start = random_state(&mut rng_from_seed(40 + n as u64), size).upright();
        let turns = prefix(&start);
        assert!(
            turns
                .iter()
                .all(|m| m.layer == 1 || usize::from(m.layer) == n),
            "{n}: outer turns only"
        );
        let after = start.after(&to_alg(&turns, size)).unwrap();
        let solved = NxnCube::solved(size);
        let keep = match Part::of(size) {
            Part::Reduction => {
                assert!(turns.len() <= 30, "{n}: {} turns", turns.len());
                vec![0, n / 2, n - 1]
            }
            Part::Corners => {
                // God's number of the 2×2 in face turns.
                assert!(turns.len() <= 11, "{n}: {} turns", turns.len());
                vec![0, n - 1]
            }
            Part::Whole | Part::None => unreachable!("{n}"),
        };
        assert_eq!(part(&after, &keep), part(&solved, &keep), "{n}");
    }
    // The 2×2's part is the whole cube, an optimal solution.
    let two = Size::new(2).unwrap();
    assert_eq!(Part::of(two), Part::Whole);
    let start = random_state(&mut rng_from_seed(3), two).upright();
    let turns = prefix(&start);
    assert!(turns.len() <= 11);
    assert!(start.after(&to_alg(&turns, two)).unwrap().is_solved());
}

#[test]
fn the_status_names_the_length_once_as_start_to_now() {
    let start = scrambled(4, 3);
    let (_, s) = run(&small(), &start, 2);
    let snap = s.snapshot();
    let rows: Vec<_> = snap
        .rows
        .iter()
        .filter(|(l, _)| l.contains("length"))
        .collect();
    assert_eq!(rows.len(), 1, "{:?}", snap.rows);
    assert_eq!(rows[0].0, "length");
    assert!(rows[0].1.contains('\u{2192}'), "{}", rows[0].1);
    let profile = s.profile();
    assert!(
        profile
            .series
            .iter()
            .all(|spec| !spec.status_row || !spec.name.contains("length")),
        "a series row repeats the length"
    );
}

#[test]
fn the_sequence_shortened_is_never_longer_than_sa_comms_own_solution() {
    use cubetui_cube::AnyCube;
    use cubetui_cube::nxn::random::random_state;
    use cubetui_solve::build_any;
    let comm = crate::shipped().get("sa-comm").unwrap();
    // (The 3×3's `sa-comm` is the 3×3 machine, not the one sa-short seeds
    // with, so it is not compared here.)
    for n in [4, 5, 6] {
        let size = Size::new(n).unwrap();
        let start = random_state(&mut rng_from_seed(60 + n as u64), size);
        let mut c = build_any(&comm, &AnyCube::from(start.clone()), 7).unwrap();
        while c.step(50) == Status::Running {}
        let own = metrics(&c.outcome().solution).0;
        let (out, _) = run(&small(), &start, 7);
        assert!(out.solved, "{n}");
        let first = out.extra["start_length"].as_u64().unwrap() as usize;
        assert!(
            first <= own,
            "{n}: started from {first}, sa-comm alone {own}"
        );
        assert!(metrics(&out.solution).0 <= first, "{n}");
    }
}

#[test]
fn a_finished_run_shows_the_cold_end_of_its_last_cycle() {
    // Four cycles: the budget ends on a cycle's edge, where the next cycle
    // would start hot; none starts, so the plots end at t_min and the weight's end.
    let p = ShortParams {
        max_steps: 20_000,
        cycle: 5_000,
        ..ShortParams::default()
    };
    let (out, s) = run(&p, &scrambled(4, 5), 3);
    assert_eq!(out.extra["proposals"].as_u64(), Some(20_000));
    let v = s.snapshot().values;
    assert_eq!((v[3], v[4]), (p.t_min, p.weight_end), "{v:?}");
}
