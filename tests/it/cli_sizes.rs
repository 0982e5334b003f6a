//! `--size N` through the real binary: `state`, `scramble`, `solve`,
//! `bench` and `race` on sizes other than 3.

use crate::cli_support;

use cli_support::{code, cubetui, json};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn state_prints_the_net_and_ends_with_the_facelet_string_on_every_size() {
    for n in [2usize, 4, 5, 7] {
        let size = Size::new(n).unwrap();
        let o = cubetui(&["state", "--size", &n.to_string(), "--scramble", "R U F'"]);
        assert_eq!(code(&o), 0, "{}", err(&o));
        let want = NxnCube::solved(size)
            .after(&NxnAlg::parse_sized("R U F'", size).unwrap())
            .unwrap()
            .facelets();
        let out = text(&o);
        assert_eq!(out.lines().last(), Some(want.as_str()));
        assert_eq!(want.len(), 6 * n * n);
        let back = cubetui(&["state", "--size", &n.to_string(), "--facelets", &want]);
        assert_eq!(text(&back).lines().last(), Some(want.as_str()));
    }
}

#[test]
fn bad_cubes_and_notation_of_a_size_exit_3_naming_what_is_wrong() {
    let o = cubetui(&["state", "--size", "4", "--scramble", "M"]);
    assert_eq!(code(&o), 3);
    assert!(err(&o).contains("4x4"), "{}", err(&o));
    let o = cubetui(&["solve", "--size", "2", "--facelets", "UUUU"]);
    assert_eq!(code(&o), 3);
    assert!(err(&o).contains("expected 24"), "{}", err(&o));
    let o = cubetui(&["state", "--size", "1", "--scramble", "R"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn scramble_draws_moves_of_the_size_and_random_2x2_states() {
    let o = cubetui(&["scramble", "--size", "4", "--seed", "3"]);
    assert_eq!(code(&o), 0);
    let line = text(&o);
    let alg = NxnAlg::parse_sized(line.trim(), Size::new(4).unwrap()).unwrap();
    assert_eq!(alg.len(), 40, "WCA's 4x4 random-move length");
    let o = cubetui(&["scramble", "--size", "5", "--depth", "7", "--seed", "3"]);
    assert_eq!(text(&o).split_whitespace().count(), 7);
    let o = cubetui(&[
        "scramble",
        "--size",
        "2",
        "--random-state",
        "--count",
        "3",
        "--seed",
        "1",
    ]);
    let lines: Vec<String> = text(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    for l in lines {
        NxnCube::from_facelets(Size::TWO, &l).unwrap();
    }
}

#[test]
fn the_2x2_reference_is_optimal_and_its_solution_solves_the_start() {
    let scramble = "R U F' R2 U' F";
    let o = cubetui(&[
        "solve",
        "--size",
        "2",
        "--preset",
        "reference",
        "--scramble",
        scramble,
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let v = json(&o);
    assert_eq!(v["size"], 2);
    assert_eq!(v["solved"], true);
    let sol = NxnAlg::parse_sized(v["solution"].as_str().unwrap(), Size::TWO).unwrap();
    let start = NxnCube::solved(Size::TWO)
        .after(&scramble.parse::<NxnAlg>().unwrap())
        .unwrap();
    assert!(start.after(&sol).unwrap().is_solved());
    assert!(sol.len() <= 6);
}

#[test]
fn a_metaheuristic_solves_a_2x2_and_reports_the_optimal_length_beside_it() {
    let o = cubetui(&[
        "solve",
        "--size",
        "2",
        "--preset",
        "2x2-sa",
        "--random-state",
        "--seed",
        "4",
        "--reference",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let v = json(&o);
    assert_eq!(v["preset"], "2x2-sa");
    let reference = v["reference_htm"].as_u64().unwrap();
    assert!((1..=11).contains(&reference));
    assert!(v["moves_htm"].as_u64().unwrap() >= reference);
    let start = NxnCube::from_facelets(Size::TWO, v["facelets"].as_str().unwrap()).unwrap();
    let sol = NxnAlg::parse_sized(v["solution"].as_str().unwrap(), Size::TWO).unwrap();
    assert!(start.after(&sol).unwrap().is_solved());
}

#[test]
fn sizes_past_the_3x3_have_no_reference_and_say_so() {
    for args in [
        &[
            "solve",
            "--size",
            "4",
            "--preset",
            "reference",
            "--random-state",
        ][..],
        &[
            "race",
            "--size",
            "4",
            "--presets",
            "sa-faces,reference",
            "--random-state",
        ],
    ] {
        let o = cubetui(args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(
            err(&o).contains("no reference for"),
            "{args:?}: {}",
            err(&o)
        );
    }
    let o = cubetui(&["solve", "--size", "4", "--preset", "mws", "--random-state"]);
    assert_eq!(code(&o), 2);
    assert!(err(&o).contains("3x3 only"), "{}", err(&o));
    let o = cubetui(&[
        "race",
        "--size",
        "4",
        "--presets",
        "4x4-sa,mws",
        "--random-state",
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        err(&o).contains("`mws` runs on the 3x3 only"),
        "{}",
        err(&o)
    );
}

/// `woc` on the 2×2 and the 4×4: its answer replays from the start to the
/// energy it reports (and the 2×2 one solves).
#[test]
fn woc_runs_on_other_sizes_and_its_answer_replays() {
    for (n, max) in [(2usize, None), (4, Some("30"))] {
        let size = Size::new(n).unwrap();
        let mut args = vec![
            "solve".to_string(),
            "--size".into(),
            n.to_string(),
            "--preset".into(),
            "woc".into(),
            "--random-state".into(),
            "--seed".into(),
            "3".into(),
            "--json".into(),
            // An unsolved walk is summarised without it.
            "--full".into(),
        ];
        if let Some(m) = max {
            args.extend(["--max-steps".to_string(), m.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = cubetui(&args);
        assert!(matches!(code(&o), 0 | 4), "{}", err(&o));
        let v = json(&o);
        assert_eq!(v["solver"], "woc");
        let start = NxnCube::parse_facelets(size, v["facelets"].as_str().unwrap()).unwrap();
        let sol = NxnAlg::parse_sized(v["solution"].as_str().unwrap(), size).unwrap();
        let reached = start.after(&sol).unwrap();
        assert_eq!(
            reached.upright().misplaced() as f64,
            v["energy"].as_f64().unwrap(),
            "{n}"
        );
        if n == 2 {
            assert_eq!(v["solved"], true, "{v}");
            assert!(reached.is_solved());
        } else {
            assert!(v["iterations"].as_u64().unwrap() <= 30);
        }
    }
}

/// `race --size 2`: woc, an annealer and the optimal reference on one 2×2;
/// the reference lane is optimal, every lane's moves to solved is measured
/// with the distance table, and every solved lane's solution solves the start.
#[test]
fn a_2x2_race_runs_with_the_optimal_reference() {
    let o = cubetui(&[
        "race",
        "--size",
        "2",
        "--presets",
        "woc,2x2-sa,reference",
        "--random-state",
        "--seed",
        "4",
        "--time-limit",
        "10",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let v = json(&o);
    let size = Size::TWO;
    let start = NxnCube::parse_facelets(size, v["facelets"].as_str().unwrap()).unwrap();
    let optimal = cubetui_solve::pocket::distance(&start).unwrap();
    let lanes = v["lanes"].as_array().unwrap();
    assert_eq!(lanes.len(), 3);
    for lane in lanes {
        let sol = NxnAlg::parse_sized(lane["solution"].as_str().unwrap(), size).unwrap();
        let reached = start.after(&sol).unwrap();
        if lane["solved"] == true {
            assert!(reached.is_solved(), "{lane}");
            assert_eq!(lane["to_solved"], 0, "{lane}");
            assert!(lane["htm"].as_u64().unwrap() as usize >= optimal, "{lane}");
        } else {
            let d = cubetui_solve::pocket::distance(&reached).unwrap();
            assert_eq!(lane["to_solved"].as_u64(), Some(d as u64), "{lane}");
        }
        if lane["preset"] == "reference" {
            assert_eq!(lane["solved"], true);
            assert_eq!(lane["htm"].as_u64(), Some(optimal as u64), "{lane}");
        }
    }
}

#[test]
fn a_4x4_run_reports_a_walk_that_replays_to_its_energy() {
    let o = cubetui(&[
        "solve",
        "--size",
        "4",
        "--preset",
        "4x4-sa",
        "--random-state",
        "--seed",
        "2",
        "--max-steps",
        "20000",
        "--json",
        // An unsolved walk is summarised without it.
        "--full",
    ]);
    assert!(matches!(code(&o), 0 | 4), "{}", err(&o));
    let v = json(&o);
    let size = Size::new(4).unwrap();
    let start = NxnCube::parse_facelets(size, v["facelets"].as_str().unwrap()).unwrap();
    let sol = NxnAlg::parse_sized(v["solution"].as_str().unwrap(), size).unwrap();
    let reached = start.after(&sol).unwrap();
    assert_eq!(
        reached.upright().misplaced() as f64,
        v["energy"].as_f64().unwrap()
    );
    assert!(v["iterations"].as_u64().unwrap() <= 20_000);
}

#[test]
fn bench_compares_2x2_presets_with_the_optimal_reference() {
    let o = cubetui(&[
        "bench",
        "--size",
        "2",
        "--preset",
        "2x2-sa,reference",
        "--random-state",
        "--cubes",
        "3",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let out = text(&o);
    assert!(
        out.contains("2x2-sa") && out.contains("3/3 100.0 %"),
        "{out}"
    );
    assert!(out.contains("optimal (the 2x2 distance table)"), "{out}");
}

#[test]
fn a_preset_made_for_a_size_brings_it_and_refuses_another() {
    // Without --size, `2x2-sa` runs on the 2x2 it is made for.
    let o = cubetui(&[
        "solve",
        "--preset",
        "2x2-sa",
        "--random-state",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let facelets = json(&o)["facelets"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(facelets.len(), 24, "a 2x2 start: {facelets}");
    // Another size, another preset's size, a race, a sweep, the screen: refused.
    for args in [
        &[
            "solve",
            "--size",
            "3",
            "--preset",
            "2x2-sa",
            "--random-state",
        ][..],
        &[
            "bench",
            "--preset",
            "2x2-sa,4x4-sa",
            "--random-state",
            "--cubes",
            "1",
        ],
        &[
            "sweep",
            "--size",
            "3",
            "--preset",
            "2x2-sa",
            "--set",
            "restart_after=1000,2000",
            "--cubes",
            "1",
            "--random-state",
        ],
        // The screen opens a preset's own size, and refuses another.
        &["--size", "2", "--preset", "4x4-sa"],
    ] {
        let o = cubetui(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", err(&o));
        assert!(err(&o).contains("is made for the"), "{args:?}: {}", err(&o));
    }
    // The 3x3 presets still run on other sizes.
    let o = cubetui(&[
        "solve",
        "--size",
        "2",
        "--preset",
        "sa-faces-hot",
        "--random-state",
        "--max-steps",
        "1000",
    ]);
    assert!(matches!(code(&o), 0 | 4), "{}", err(&o));
}

#[test]
fn a_layer_off_the_cube_is_said_once() {
    let o = cubetui(&["state", "--size", "4", "--scramble", "5R"]);
    assert_eq!(code(&o), 3);
    assert_eq!(err(&o).matches("out of range").count(), 1, "{}", err(&o));
}
