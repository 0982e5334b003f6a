//! An output file another running cubetui is writing is refused (exit 5,
//! naming the file) and left as it is, instead of two runs writing their
//! lines between each other's.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn cubetui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("binary runs")
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-locks-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Asserts `o` is the refusal of `path`: exit 5, a message naming it.
fn assert_refused(o: &Output, path: &Path) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(5), "{err}");
    assert!(
        err.contains(&format!(
            "cannot write {}: another cubetui is writing it",
            path.display()
        )),
        "{err}"
    );
}

fn bench_args<'a>(seed: &'a str, jsonl: &'a str) -> Vec<&'a str> {
    vec![
        "bench",
        "--depth",
        "20",
        "--cubes",
        "1000",
        "--jobs",
        "1",
        "--time-limit",
        "0.2",
        "--seed",
        seed,
        "--jsonl",
        jsonl,
    ]
}

#[test]
fn two_benches_on_one_jsonl_file_the_second_is_refused() {
    let d = dir("bench");
    let file = d.join("results.jsonl");
    let f = file.to_str().unwrap();
    let mut first = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(bench_args("1", f))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while std::fs::read_to_string(&file).map_or(0, |s| s.lines().count()) < 2 {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "the first bench wrote no lines"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let second = cubetui(&bench_args("2", f));
    let _ = first.kill();
    let _ = first.wait();
    assert_refused(&second, &file);
    // Every line is the first run's, whole.
    let text = std::fs::read_to_string(&file).unwrap();
    for line in text.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("a broken line ({e}): {line}"));
        assert!(v.is_object(), "{line}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_record_or_jsonl_file_held_by_another_run_is_refused_and_left_alone() {
    let d = dir("held");
    for (name, args) in [
        ("run.jsonl", &["solve", "--scramble", "R U", "--record"][..]),
        (
            "results.jsonl",
            &["bench", "--depth", "2", "--cubes", "1", "--jsonl"][..],
        ),
    ] {
        let file = d.join(name);
        std::fs::write(&file, "{\"another\":\"run\"}\n").unwrap();
        // The other run: a writer holding the file's lock.
        let held = std::fs::OpenOptions::new()
            .append(true)
            .open(&file)
            .unwrap();
        held.try_lock().unwrap();
        let mut a = args.to_vec();
        a.push(file.to_str().unwrap());
        let o = cubetui(&a);
        assert_refused(&o, &file);
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "{\"another\":\"run\"}\n",
            "{name}: not emptied"
        );
        drop(held);
        let o = cubetui(&a);
        assert!(
            matches!(o.status.code(), Some(0 | 4)),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}
