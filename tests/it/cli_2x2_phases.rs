//! `2x2-phases` (`phases-sa` on the 2×2) through the real binary: listed by
//! `presets`, solves a random 2×2 near the optimal length, the same seed
//! gives the same solution, and `bench` compares it with the reference.

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
fn presets_lists_it_as_a_2x2_phases_sa_preset() {
    let o = cubetui(&["presets"]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let out = text(&o);
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("2x2-phases"))
        .unwrap_or_else(|| panic!("2x2-phases missing:\n{out}"));
    assert!(line.contains("phases-sa"), "{line}");
}

#[test]
fn it_solves_random_2x2s_near_the_optimal_length_and_repeats_by_seed() {
    for seed in ["4", "11"] {
        let args = [
            "solve",
            "--preset",
            "2x2-phases",
            "--random-state",
            "--seed",
            seed,
            "--reference",
            "--json",
        ];
        let o = cubetui(&args);
        assert_eq!(code(&o), 0, "{}", err(&o));
        let v = json(&o);
        assert_eq!(v["size"], 2);
        assert_eq!(v["solver"], "phases-sa");
        let reference = v["reference_htm"].as_u64().unwrap();
        let htm = v["moves_htm"].as_u64().unwrap();
        assert!(
            htm >= reference && htm <= 18,
            "{htm} vs optimal {reference}"
        );
        let start = NxnCube::from_facelets(Size::TWO, v["facelets"].as_str().unwrap()).unwrap();
        let sol = NxnAlg::parse_sized(v["solution"].as_str().unwrap(), Size::TWO).unwrap();
        assert!(start.after(&sol).unwrap().is_solved());
        let again = json(&cubetui(&args));
        assert_eq!(again["solution"], v["solution"], "seed {seed}");
    }
}

#[test]
fn bench_compares_it_with_the_optimal_reference() {
    let o = cubetui(&[
        "bench",
        "--size",
        "2",
        "--preset",
        "2x2-phases,reference",
        "--random-state",
        "--cubes",
        "3",
    ]);
    assert_eq!(code(&o), 0, "{}", err(&o));
    let out = text(&o);
    let row = out
        .lines()
        .find(|l| l.starts_with("2x2-phases"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(row.contains("3/3 100.0 %"), "{out}");
}
