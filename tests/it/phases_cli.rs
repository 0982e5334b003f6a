//! The phase solvers through `cubetui solve --json` and `cubetui bench`.

use crate::cli_support;

use cli_support::{bench_jsonl, code, cubetui, json};
use cubetui_cube::{Alg, Cube};

#[test]
fn solve_json_reports_phase_lengths_and_steps() {
    for preset in ["phases-es", "phases-ga", "phases-sa"] {
        let o = cubetui(&[
            "solve",
            "--preset",
            preset,
            "--random-state",
            "--seed",
            "4",
            "--json",
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(code(&o), 0, "{preset}: {err}");
        let j = json(&o);
        assert_eq!(j["solved"], true, "{preset}");
        assert_eq!(j["solver"], preset);
        let lengths = j["phase_lengths"].as_array().unwrap();
        let steps = j["phase_steps"].as_array().unwrap();
        assert_eq!((lengths.len(), steps.len()), (4, 4), "{preset}");
        let start = Cube::from_facelets(j["facelets"].as_str().unwrap()).unwrap();
        let solution: Alg = j["solution"].as_str().unwrap().parse().unwrap();
        assert!(start.after(&solution).is_solved(), "{preset}");
        let total: u64 = lengths.iter().map(|v| v.as_u64().unwrap()).sum();
        assert!(total >= solution.len() as u64, "{preset}");
    }
}

const BENCH: &[&str] = &[
    "--preset",
    "phases-es",
    "--random-state",
    "--cubes",
    "4",
    "--seed",
    "3",
];

#[test]
fn bench_results_do_not_depend_on_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("cubetui-phases-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = bench_jsonl(BENCH, "1", &dir.join("one.jsonl"), "4/4");
    let two = bench_jsonl(BENCH, "2", &dir.join("two.jsonl"), "4/4");
    assert_eq!(one.len(), 4);
    assert_eq!(one, two);
    assert!(
        one.iter()
            .all(|v| v["phase_lengths"].as_array().unwrap().len() == 4)
    );
}
