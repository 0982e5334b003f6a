//! The two-phase reference solver: coordinates, move and pruning tables against
//! the cube model, solutions replayed on the cube, the table cache, and the
//! `reference` preset behind the `Solver` trait.

use std::path::PathBuf;
use std::sync::OnceLock;

use cubetui_cube::random::{random_cubies, random_moves, random_state, rng_from_seed};
use cubetui_cube::{Alg, Cube, CubieCube, Move};
use cubetui_solve::reference::cache::{self, CacheError, CacheEvent, Source, Stored};
use cubetui_solve::reference::coord::{self, N_CPERM, N_FLIP, N_SLICE, N_TWIST, N_UDEDGE};
use cubetui_solve::reference::tables::P2_MOVES;
use cubetui_solve::reference::{ReferenceError, SearchLimits, Tables, cubies, solve_with};
use cubetui_solve::{Status, preset};
use rand::RngExt;

/// Tables built once for the whole file (no cache involved).
fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(Tables::build)
}

/// The cubie state after the face turn with index `m`, through the sticker model.
fn turn(c: &CubieCube, m: usize) -> CubieCube {
    let mv = Move::face_turns()[m];
    CubieCube::from_cube(&c.to_cube().permuted(mv.perm())).expect("a turned cube reads back")
}

type Get = fn(&CubieCube) -> usize;
type Set = fn(&mut CubieCube, usize);

#[test]
fn every_coordinate_value_round_trips() {
    let coords: [(&str, usize, Set, Get); 5] = [
        ("twist", N_TWIST, coord::set_twist, coord::twist),
        ("flip", N_FLIP, coord::set_flip, coord::flip),
        ("slice", N_SLICE, coord::set_slice, coord::slice),
        ("cperm", N_CPERM, coord::set_cperm, coord::cperm),
        ("udedge", N_UDEDGE, coord::set_udedge, coord::udedge),
    ];
    for (name, n, set, get) in coords {
        for x in 0..n {
            let mut c = CubieCube::SOLVED;
            set(&mut c, x);
            assert_eq!(get(&c), x, "{name} {x}");
            // Every value is a legal cube part: twist and flip sums, no
            // repeated piece.
            c.check().unwrap_or_else(|e| {
                assert!(
                    matches!(e, cubetui_cube::FaceletError::Parity { .. }),
                    "{name} {x}: {e}"
                )
            });
        }
        assert_eq!(get(&CubieCube::SOLVED), 0, "{name} of the solved cube");
    }
}

#[test]
fn coordinates_of_random_cubes_round_trip_and_stay_legal() {
    let mut rng = rng_from_seed(11);
    for _ in 0..300 {
        let c = random_cubies(&mut rng);
        let mut d = CubieCube::SOLVED;
        coord::set_twist(&mut d, coord::twist(&c));
        coord::set_flip(&mut d, coord::flip(&c));
        assert_eq!(
            (d.co, d.eo),
            (c.co, c.eo),
            "orientations rebuilt from coordinates"
        );
        coord::set_cperm(&mut d, coord::cperm(&c));
        assert_eq!(d.cp, c.cp);
        coord::set_slice(&mut d, coord::slice(&c));
        for j in 0..12 {
            // The slice coordinate fixes exactly where the slice edges are.
            assert_eq!(d.ep[j] >= 8, c.ep[j] >= 8, "slice edge at {j}");
            if c.ep[j] >= 8 {
                assert_eq!(d.ep[j], c.ep[j]);
            }
        }
    }
}

#[test]
fn move_tables_agree_with_the_sticker_model() {
    let t = tables();
    let mut rng = rng_from_seed(5);
    for _ in 0..200 {
        let c = random_cubies(&mut rng);
        for m in 0..18 {
            let d = turn(&c, m);
            assert_eq!(
                t.twist_mv[coord::twist(&c) * 18 + m] as usize,
                coord::twist(&d)
            );
            assert_eq!(
                t.flip_mv[coord::flip(&c) * 18 + m] as usize,
                coord::flip(&d)
            );
            assert_eq!(
                t.slice_mv[coord::slice(&c) * 18 + m] as usize,
                coord::slice(&d)
            );
            assert_eq!(
                t.cperm_mv[coord::cperm(&c) * 18 + m] as usize,
                coord::cperm(&d)
            );
        }
    }
    // U/D edges only within G1: states made of G1 moves.
    for _ in 0..200 {
        let mut c = CubieCube::SOLVED;
        for _ in 0..30 {
            c = turn(&c, P2_MOVES[rng.random_range(0..P2_MOVES.len())]);
        }
        for (k, &m) in P2_MOVES.iter().enumerate() {
            let d = turn(&c, m);
            assert_eq!(
                t.udedge_mv[coord::udedge(&c) * 10 + k] as usize,
                coord::udedge(&d)
            );
            assert!(coord::slice(&d) < 24, "G1 moves keep the slice edges home");
        }
    }
}

#[test]
fn pruning_tables_never_overestimate() {
    let t = tables();
    let mut rng = rng_from_seed(8);
    assert_eq!(t.phase1_bound(0, 0, 0), 0);
    for k in 0..=12 {
        for _ in 0..40 {
            let mut c = CubieCube::SOLVED;
            let mut g1 = CubieCube::SOLVED;
            for _ in 0..k {
                c = turn(&c, rng.random_range(0..18));
                g1 = turn(&g1, P2_MOVES[rng.random_range(0..P2_MOVES.len())]);
            }
            let h1 = t.phase1_bound(coord::twist(&c), coord::flip(&c), coord::slice(&c));
            assert!(h1 as usize <= k, "phase 1 bound {h1} after {k} moves");
            let s = coord::slice(&g1);
            let h2 = t
                .phase2_corner_bound(coord::cperm(&g1), s)
                .max(t.phase2_edge_bound(coord::udedge(&g1), s));
            assert!(h2 as usize <= k, "phase 2 bound {h2} after {k} G1 moves");
        }
    }
    // One quarter turn of R leaves G1, so the bound is exactly 1.
    let r = turn(&CubieCube::SOLVED, 3);
    assert_eq!(
        t.phase1_bound(coord::twist(&r), coord::flip(&r), coord::slice(&r)),
        1
    );
}

fn budget() -> SearchLimits {
    SearchLimits::default()
}

#[test]
fn solutions_of_random_states_replay_to_solved_within_24_moves() {
    let mut rng = rng_from_seed(2026);
    let mut lengths = Vec::new();
    for _ in 0..40 {
        let cube = random_state(&mut rng);
        let alg = solve_with(tables(), &cube, 30, budget()).expect("a random state solves");
        assert!(
            cube.after(&alg).is_solved(),
            "{alg} does not solve the cube"
        );
        assert!(
            alg.moves().iter().all(|m| m.as_face().is_some()),
            "{alg}: face turns only"
        );
        lengths.push(alg.len());
    }
    assert!(lengths.iter().all(|&l| l <= 24), "{lengths:?}");
    lengths.sort_unstable();
    assert!(lengths[lengths.len() / 2] <= 21, "median of {lengths:?}");
}

#[test]
fn short_scrambles_turned_and_sliced_cubes_and_the_solved_cube() {
    let solved = solve_with(tables(), &Cube::SOLVED, 30, budget()).unwrap();
    assert!(
        solved.is_empty(),
        "solved cube needs no moves, got {solved}"
    );
    let mut rng = rng_from_seed(4);
    for depth in [1, 2, 5, 8] {
        let scramble = random_moves(&mut rng, depth);
        let cube = Cube::SOLVED.after(&scramble);
        // Asked for `depth` moves, the search finds the scramble's length or better.
        let exact = SearchLimits {
            target: depth,
            nodes: 5_000_000,
            ..budget()
        };
        let alg = solve_with(tables(), &cube, 30, exact).unwrap();
        assert!(cube.after(&alg).is_solved());
        assert!(alg.len() <= depth, "{scramble} solved by longer {alg}");
    }
    // Centres away from home: the solution is in the cube's own face letters.
    for text in ["x U R M' F", "y2 S E2 R' D", "z' Rw U2 M B"] {
        let cube = Cube::SOLVED.after(&text.parse::<Alg>().unwrap());
        let alg = solve_with(tables(), &cube, 30, budget()).unwrap();
        assert!(
            cube.after(&alg).is_solved(),
            "{text}: {alg} does not solve it"
        );
    }
}

/// `past_target` searches past targets up to `past_target_max` only: at a
/// looser target the first solution is final, the same as with no search
/// past it; lifting `past_target_max` makes the search past it again
/// (never longer, some cube shorter or with more nodes).
#[test]
fn the_search_past_the_target_stops_at_past_target_max() {
    let mut rng = rng_from_seed(47);
    let with = |percent: u64, max: usize| SearchLimits {
        target: 21,
        nodes: u64::MAX,
        past_target: percent,
        past_target_max: max,
        ..budget()
    };
    assert_eq!(budget().past_target_max, 20);
    assert_eq!(with(10, 20).past_percent(), 0);
    assert_eq!(with(10, 21).past_percent(), 10);
    let mut shorter = 0;
    for _ in 0..12 {
        let cube = random_state(&mut rng);
        let at_21 = solve_with(tables(), &cube, 21, with(10, 20)).unwrap();
        let first = solve_with(tables(), &cube, 21, with(0, 20)).unwrap();
        assert_eq!(at_21, first, "past_target at a target over past_target_max");
        let past = solve_with(tables(), &cube, 21, with(100, 21)).unwrap();
        assert!(cube.after(&past).is_solved() && past.len() <= first.len());
        shorter += usize::from(past.len() < first.len());
    }
    assert!(shorter > 0, "lifting past_target_max made no cube shorter");
    // A run file from before the key replays with `past_target` at every
    // target.
    let specs = cubetui_solve::reference::params();
    let spec = specs.iter().find(|s| s.key == "past_target_max").unwrap();
    assert_eq!(spec.before, Some(toml::Value::Integer(1000)));
}

#[test]
fn unsolvable_cubes_are_errors_not_panics() {
    let mut c = CubieCube::SOLVED;
    c.co[0] = 1;
    let e = solve_with(tables(), &c.to_cube(), 30, budget()).unwrap_err();
    assert!(matches!(e, ReferenceError::Invalid(_)), "{e}");
    assert!(cubies(&c.to_cube()).is_err());
    // A length limit the cube cannot meet is reported, not looped on.
    let cube = Cube::SOLVED.after(&"R U F D L B R U".parse::<Alg>().unwrap());
    let tight = SearchLimits {
        give_up: 2_000_000,
        ..budget()
    };
    let e = solve_with(tables(), &cube, 3, tight).unwrap_err();
    assert!(
        matches!(e, ReferenceError::NotFound { max_len: 3, .. }),
        "{e}"
    );
}

#[test]
fn a_spent_time_budget_still_returns_the_first_solution() {
    let cube = random_state(&mut rng_from_seed(31));
    let hurried = SearchLimits {
        target: 0,
        nodes: u64::MAX,
        time: Some(std::time::Duration::ZERO),
        ..budget()
    };
    let alg = solve_with(tables(), &cube, 30, hurried).unwrap();
    assert!(cube.after(&alg).is_solved(), "{alg}");
    assert!(alg.len() <= 30);
}

/// A fresh file path under the temporary directory.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cubetui-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn cache_file_round_trips() {
    let path = temp_file("round-trip.bin");
    cache::store(&path, tables()).unwrap();
    let back = cache::load(&path).unwrap();
    assert!(
        back == *tables(),
        "loaded tables differ from the stored ones"
    );
    let (again, source) = cache::load_or_build(Some(&path), &mut |e| panic!("loaded: {e}"));
    assert_eq!(source, Source::Loaded);
    assert!(again == *tables());
}

#[test]
fn corrupt_truncated_or_foreign_cache_files_are_rebuilt() {
    let good = cache::to_bytes(tables());
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x40;
    let truncated = good[..good.len() - 1000].to_vec();
    let foreign = b"not a table file at all".to_vec();
    let cases: [(&str, Vec<u8>); 4] = [
        ("flipped", flipped),
        ("truncated", truncated),
        ("foreign", foreign),
        ("empty", Vec::new()),
    ];
    for (name, bytes) in cases {
        let path = temp_file(&format!("{name}.bin"));
        std::fs::write(&path, &bytes).unwrap();
        let err = cache::load(&path).expect_err(name);
        assert!(
            matches!(
                err,
                CacheError::BadChecksum { .. }
                    | CacheError::BadSize { .. }
                    | CacheError::BadHeader { .. }
            ),
            "{name}: {err}"
        );
        let mut events = Vec::new();
        let (rebuilt, source) = cache::load_or_build(Some(&path), &mut |e| events.push(e));
        assert_eq!(source, Source::Built, "{name}");
        // Reported, in order: why the file was refused, the build and its
        // rising progress up to 100 %, where the tables went.
        assert!(
            matches!(events.first(), Some(CacheEvent::Rejected(_))),
            "{name}: {events:?}"
        );
        assert!(matches!(events[1], CacheEvent::Building), "{name}");
        let progress: Vec<u8> = events
            .iter()
            .filter_map(|e| match e {
                CacheEvent::Progress(n) => Some(*n),
                _ => None,
            })
            .collect();
        assert!(
            progress.is_sorted() && progress.last() == Some(&100),
            "{progress:?}"
        );
        assert!(
            matches!(events.last(), Some(CacheEvent::Built { stored: Stored::Cached(p), .. }) if *p == path),
            "{name}: {events:?}"
        );
        assert!(rebuilt == *tables(), "{name}: rebuilt tables differ");
        assert!(
            cache::load(&path).is_ok(),
            "{name}: the rebuilt file is valid"
        );
    }
    // A missing file is built and written.
    let path = temp_file("missing/deeper/tables.bin");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        cache::load_or_build(Some(&path), &mut |_| {}).1,
        Source::Built
    );
    assert!(cache::load(&path).is_ok());
}

#[test]
fn the_reference_preset_steps_in_slices_and_solves() {
    let cfg = crate::shipped().get("reference").unwrap();
    assert_eq!(cfg.name(), "reference");
    let cube = random_state(&mut rng_from_seed(99));
    let mut solver = cfg.build(cube, 1).unwrap();
    assert_eq!(solver.status(), Status::Running);
    assert_eq!(
        solver.step(1),
        Status::Running,
        "one step is a slice, not the whole search"
    );
    assert_eq!(solver.snapshot().iteration, 1);
    let mut steps = 1;
    while solver.step(1) == Status::Running {
        steps += 1;
        assert!(steps < 10_000, "the search ends");
        let snap = solver.snapshot();
        let text = snap.last_step.unwrap();
        let nodes = solver.profile().value(&snap.values, "nodes").unwrap();
        assert!(
            text.starts_with(&format!("slice {steps}: {nodes} nodes searched, ")),
            "{text}"
        );
        match snap.sequence_len {
            0 => assert!(text.ends_with("no solution yet"), "{text}"),
            n => assert!(text.ends_with(&format!("best {n} moves")), "{text}"),
        }
    }
    let out = solver.outcome();
    assert!(out.solved);
    assert!(cube.after(out.solution.three().unwrap()).is_solved());
    assert!(out.solution.len() <= 24, "{}", out.solution);
    assert_eq!(solver.snapshot().sequence_len, out.solution.len());
    // Deterministic: a second run gives the same solution after the same steps.
    let mut again = cfg.build(cube, 7).unwrap();
    again.step(u64::MAX);
    assert_eq!(again.outcome().solution, out.solution);
    assert_eq!(again.outcome().iterations, out.iterations);
}

#[test]
fn an_impossible_length_limit_ends_exhausted() {
    let mut table = crate::shipped().table("reference").unwrap();
    table.insert("max_len".into(), toml::Value::Integer(3));
    let cfg = preset::from_table(table).unwrap();
    let cube = Cube::SOLVED.after(&"R U F D L B R U".parse::<Alg>().unwrap());
    let mut solver = cfg.build(cube, 1).unwrap();
    assert_eq!(solver.step(u64::MAX), Status::Exhausted);
    assert_eq!(
        solver
            .snapshot()
            .exhausted_by
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("search complete: no solution within 3 moves")
    );
    let out = solver.outcome();
    assert!(!out.solved);
    assert!(out.solution.is_empty());
    assert_eq!(
        solver.snapshot().best,
        cube.into(),
        "nothing applied without a solution"
    );
}

#[test]
fn the_reference_preset_rejects_unsolvable_cubes() {
    let mut c = CubieCube::SOLVED;
    c.eo[0] = 1;
    let cfg = crate::shipped().get("reference").unwrap();
    let e = cfg
        .build(c.to_cube(), 1)
        .err()
        .expect("a flipped edge is refused");
    assert!(e.to_string().contains("reference"), "{e}");
}
