//! `replay --verify` checks every thing a run file says, not only its
//! result: each edit below of a genuine file (a `solve --record` one with
//! states, and one written from the screen's updates) is reported as a
//! difference (exit 4), and the genuine files are "identical".

use std::path::PathBuf;

/// `replay PATH --verify`: (exit code, stdout then stderr).
fn verify(path: &str) -> (i32, String) {
    let (code, out, err) = crate::cli_support::run(&["replay", path, "--verify"]);
    (code, out + &err)
}

fn edited(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cubetui-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.jsonl"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The line of `lines` that is the point at `step`.
fn point_line(lines: &[String], step: u64) -> usize {
    lines
        .iter()
        .position(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["kind"] == "point" && v["step"] == step
        })
        .unwrap_or_else(|| panic!("no point at step {step}"))
}

fn edit_value(line: &str, f: impl Fn(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    f(&mut v);
    v.to_string()
}

#[test]
fn every_edit_of_a_run_file_is_a_difference() {
    let (code, out) = verify("tests/data/run-states.jsonl");
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("identical: solved"), "{out}");
    let genuine: Vec<String> = std::fs::read_to_string("tests/data/run-states.jsonl")
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    type Edit = Box<dyn Fn(&mut Vec<String>)>;
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "values doubled",
            Box::new(|l: &mut Vec<String>| {
                let i = point_line(l, 5);
                l[i] = edit_value(&l[i], |v| {
                    let x = v["values"][0].as_f64().unwrap();
                    v["values"][0] = (2.0 * x + 1.0).into();
                });
            }),
            "point at step 5: values",
        ),
        (
            "state replaced",
            Box::new(|l: &mut Vec<String>| {
                let (i, j) = (point_line(l, 5), point_line(l, 0));
                let other =
                    serde_json::from_str::<serde_json::Value>(&l[j]).unwrap()["facelets"].clone();
                l[i] = edit_value(&l[i], |v| v["facelets"] = other.clone());
            }),
            "point at step 5: state",
        ),
        (
            "two points swapped",
            Box::new(|l: &mut Vec<String>| {
                let (i, j) = (point_line(l, 5), point_line(l, 6));
                l.swap(i, j);
            }),
            "out of order",
        ),
        (
            "a point's step moved",
            Box::new(|l: &mut Vec<String>| {
                let i = point_line(l, 5);
                l[i] = edit_value(&l[i], |v| v["step"] = 1005.into());
            }),
            "step 1005",
        ),
        (
            "a point written twice",
            Box::new(|l: &mut Vec<String>| {
                let i = point_line(l, 5);
                let dup = l[i].clone();
                l.insert(i + 1, dup);
            }),
            "written twice",
        ),
        (
            "a phase change removed",
            Box::new(|l: &mut Vec<String>| {
                let i = l
                    .iter()
                    .rposition(|x| x.contains("\"kind\":\"phase\""))
                    .unwrap();
                l.remove(i);
            }),
            "phases: recorded",
        ),
        (
            "a phase change moved earlier",
            Box::new(|l: &mut Vec<String>| {
                let i = l
                    .iter()
                    .rposition(|x| x.contains("\"kind\":\"phase\""))
                    .unwrap();
                l[i] = edit_value(&l[i], |v| {
                    let s = v["step"].as_u64().unwrap();
                    v["step"] = (s - 2).into();
                });
            }),
            "out of order",
        ),
        (
            "a phase change moved later",
            Box::new(|l: &mut Vec<String>| {
                let i = l
                    .iter()
                    .rposition(|x| x.contains("\"kind\":\"phase\""))
                    .unwrap();
                l[i] = edit_value(&l[i], |v| {
                    let s = v["step"].as_u64().unwrap();
                    v["step"] = (s + 2).into();
                });
            }),
            "out of order",
        ),
        (
            "a completed run marked interrupted",
            Box::new(|l: &mut Vec<String>| {
                let last = l.len() - 1;
                l[last] = edit_value(&l[last], |v| v["interrupted"] = true.into());
            }),
            "interrupted: recorded true",
        ),
    ];
    for (name, edit, word) in cases {
        let mut lines = genuine.clone();
        edit(&mut lines);
        let path = edited(&name.replace(' ', "-"), &(lines.join("\n") + "\n"));
        let (code, out) = verify(path.to_str().unwrap());
        assert_eq!(code, 4, "{name}: {out}");
        assert!(out.contains("DIFFERENT"), "{name}: {out}");
        assert!(out.contains(word), "{name}: wanted `{word}` in {out}");
    }
}
