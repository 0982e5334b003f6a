//! `cubetui sweep`: every combination on the same cubes, the first key
//! slowest; bad keys and values refused before any solving; shards merge.

use crate::cli_support;

use std::path::PathBuf;

use cli_support::{code, cubetui, jsonl_without_times};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-sweep-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

const SWEEP: [&str; 13] = [
    "sweep",
    "--preset",
    "sa-pll-conj",
    "--set",
    "schedule.t_max=0.5,0.37",
    "--set",
    "max_steps=1000..100000/3",
    "--set",
    "cut_loops=true",
    "--random-state",
    "--cubes",
    "3",
    "--seed",
];

#[test]
fn combinations_run_first_key_slowest_on_the_same_cubes() {
    let d = dir("order");
    let path = d.join("s.jsonl");
    let mut args = SWEEP.to_vec();
    args.extend(["4", "--jsonl", path.to_str().unwrap()]);
    let o = cubetui(&args);
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(
        [0, 4].contains(&code(&o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let want = [
        "schedule.t_max=0.5 max_steps=1000",
        "schedule.t_max=0.5 max_steps=10000",
        "schedule.t_max=0.5 max_steps=100000",
        "schedule.t_max=0.37 max_steps=1000",
        "schedule.t_max=0.37 max_steps=10000",
        "schedule.t_max=0.37 max_steps=100000",
    ];
    let rows: Vec<&str> = out.lines().collect();
    assert!(
        rows[0].starts_with(
            "3 cubes (uniformly random states), preset sa-pll-conj, 6 combinations of \
             schedule.t_max (slowest) × max_steps on the same cubes, seed 4"
        ),
        "{out}"
    );
    assert!(
        rows[1].starts_with("combination ") && rows[1].ends_with("× reference"),
        "{out}"
    );
    for (row, w) in rows[2..8].iter().zip(want) {
        assert!(row.starts_with(w), "{w}: {out}");
    }
    assert!(rows[8].starts_with("reference: two-phase"), "{out}");
    // JSONL: cube-major, combinations in the table's order, each tagged;
    // every combination of a cube has its start, seed and reference length.
    let lines = jsonl_without_times(&path);
    assert_eq!(lines.len(), 18);
    for (k, l) in lines.iter().enumerate() {
        let tag: Vec<&str> = l["combination"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(tag.join(" "), want[k % 6], "{l}");
        assert_eq!(l["index"], (k / 6) as u64);
        let first = &lines[k - k % 6];
        for f in ["facelets", "seed", "reference_htm"] {
            assert_eq!(l[f], first[f], "{f}");
        }
    }
    // The budget really changed between combinations.
    assert!(lines[0]["iterations"].as_u64().unwrap() <= 1000);
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn unknown_keys_and_values_out_of_range_are_refused_before_solving() {
    let d = dir("bad");
    let path = d.join("never.jsonl");
    for (set, said) in [
        (
            "schedule.t_max=0.5,-1",
            "bad value for `schedule.t_max`: -1 is outside its range",
        ),
        ("bogus=1,2", "unknown parameter `bogus`"),
        ("max_steps=1..10", "needs its number of values"),
        ("cut_loops=true..false/2", "list its values with commas"),
        ("cut_loops=true", "at least one --set"),
    ] {
        let o = cubetui(&[
            "sweep",
            "--preset",
            "sa-pll-conj",
            "--set",
            set,
            "--depth",
            "3",
            "--cubes",
            "2",
            "--jsonl",
            path.to_str().unwrap(),
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(code(&o), 2, "{set}: {err}");
        assert!(err.contains(said), "{set}: {err}");
        assert!(!path.exists(), "{set}: nothing runs before the check");
    }
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn sweep_shards_merge_to_the_whole_sweep() {
    let d = dir("shards");
    let whole = d.join("whole.jsonl");
    let mut args = SWEEP.to_vec();
    args.extend(["2", "--jobs", "1"]);
    let o = cubetui(&[&args[..], &["--jsonl", whole.to_str().unwrap()]].concat());
    let one = String::from_utf8(o.stdout.clone()).unwrap();
    let mut files = Vec::new();
    for i in 1..=2 {
        let f = d.join(format!("s{i}.jsonl"));
        let shard = format!("{i}/2");
        let o = cubetui(
            &[
                &args[..],
                &["--shard", &shard, "--jsonl", f.to_str().unwrap()],
            ]
            .concat(),
        );
        assert!([0, 4].contains(&code(&o)));
        files.push(f.to_str().unwrap().to_string());
    }
    let o = cubetui(&["merge", &files[0], &files[1]]);
    let merged = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(
        [0, 4].contains(&code(&o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .skip(1)
            // merge's last line: what it took as written.
            .filter(|l| !l.starts_with("not checked"))
            .map(|l| {
                let mut c: Vec<&str> = l.split_whitespace().collect();
                if let Some(p) = c.iter().position(|w| *w == "%") {
                    c.drain(p + 1..p + 3);
                }
                c.join(" ")
            })
            .collect()
    };
    assert_eq!(untimed(&merged), untimed(&one), "{merged}\n{one}");
    let first = |t: &str| {
        t.lines()
            .next()
            .unwrap()
            .split(", seed")
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(first(&merged), first(&one));
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn bench_given_several_values_points_to_sweep() {
    let o = cubetui(&[
        "bench",
        "--set",
        "max_steps=1000,2000",
        "--depth",
        "2",
        "--cubes",
        "1",
    ]);
    assert_eq!(code(&o), 2);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("`cubetui sweep` runs several"), "{err}");
}

#[test]
fn sweeps_run_on_every_size_with_the_reference_the_size_has() {
    let sweep = |size: &str, preset: &str, set: &str| {
        cubetui(&[
            "sweep",
            "--size",
            size,
            "--preset",
            preset,
            "--set",
            set,
            "--cubes",
            "2",
            "--random-state",
            "--max-steps",
            "20000",
            "--jobs",
            "1",
        ])
    };
    let o = sweep("4", "4x4-sa", "schedule.t0=1,10");
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(matches!(code(&o), 0 | 4), "{out}{o:?}");
    assert!(
        out.starts_with(
            "2 cubes (4x4, uniformly random states), preset 4x4-sa, 2 combinations of schedule.t0"
        ),
        "{out}"
    );
    assert!(out.contains("\nschedule.t0=1 "), "{out}");
    assert!(out.contains("\nschedule.t0=10 "), "{out}");
    assert!(
        out.contains("× reference: -, no reference for 4x4"),
        "{out}"
    );
    // The 2x2's yardstick is the optimal length.
    let o = sweep("2", "2x2-sa", "schedule.t0=1,10");
    let out = String::from_utf8(o.stdout.clone()).unwrap();
    assert!(matches!(code(&o), 0 | 4), "{out}{o:?}");
    assert!(
        out.contains("reference: optimal (the 2x2 distance table)"),
        "{out}"
    );
    // A solver that does not run on the size is refused with the reason.
    let o = sweep("4", "phases-sa", "max_steps=1000,2000");
    assert_eq!(code(&o), 2);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not on the 4x4"), "{err}");
    assert!(o.stdout.is_empty());
}
