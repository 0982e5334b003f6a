//! `--plot FILE.svg` on `bench`, `sweep` and `merge`: an SVG that parses as
//! XML, with one line of its own colour per preset (or combination) and the
//! reference, each named in the legend.

mod cli_support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cli_support::{code, cubetui};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cubetui-plot-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The colours of the SVG's lines (polylines not black: the axes are) and
/// its texts.
fn read_svg(path: &Path) -> (BTreeSet<String>, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG parses as XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let colours = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .filter_map(|n| n.attribute("stroke"))
        .filter(|c| !c.eq_ignore_ascii_case("#000000"))
        .map(str::to_uppercase)
        .collect();
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .map(|t| t.trim().to_string())
        .collect();
    (colours, texts)
}

#[test]
fn bench_sweep_and_merge_draw_one_line_per_preset() {
    let d = dir("all");
    let svg = d.join("bench.svg");
    let jsonl = d.join("bench.jsonl");
    let o = cubetui(&[
        "bench",
        "--preset",
        "sa-pll-conj,reference",
        "--max-steps",
        "20000",
        "--random-state",
        "--cubes",
        "4",
        "--jsonl",
        jsonl.to_str().unwrap(),
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(
        [0, 4].contains(&code(&o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let (colours, texts) = read_svg(&svg);
    // Two presets and the reference's grey.
    let want: BTreeSet<String> = ["#1F77B4", "#FF7F0E", "#A0A0A0"].map(String::from).into();
    assert_eq!(colours, want);
    for name in ["sa-pll-conj", "reference", "reference (two-phase)"] {
        assert!(texts.iter().any(|t| t == name), "{name} in {texts:?}");
    }
    // merge draws the same lines from the JSONL.
    let merged = d.join("merged.svg");
    let o = cubetui(&[
        "merge",
        jsonl.to_str().unwrap(),
        "--plot",
        merged.to_str().unwrap(),
    ]);
    assert!(
        [0, 4].contains(&code(&o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(read_svg(&merged).0, want);
    // A sweep: one colour per combination, and the reference.
    let swept = d.join("sweep.svg");
    let o = cubetui(&[
        "sweep",
        "--preset",
        "sa-pll-conj",
        "--set",
        "max_steps=20000,40000,80000",
        "--random-state",
        "--cubes",
        "3",
        "--plot",
        swept.to_str().unwrap(),
    ]);
    assert!(
        [0, 4].contains(&code(&o)),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let (colours, texts) = read_svg(&swept);
    assert_eq!(colours.len(), 4, "{colours:?}");
    assert!(texts.iter().any(|t| t == "max_steps=40000"), "{texts:?}");
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn a_plot_that_cannot_be_written_fails_before_solving() {
    let o = cubetui(&[
        "bench",
        "--depth",
        "2",
        "--cubes",
        "1",
        "--plot",
        "/nonexistent-dir/x.svg",
    ]);
    assert_eq!(code(&o), 5);
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--plot: cannot write /nonexistent-dir/x.svg"),
        "{err}"
    );
}

#[test]
fn race_draws_one_convergence_curve_per_lane() {
    let d = dir("race");
    let svg = d.join("race.svg");
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-pll-conj,phases-sa,reference",
        "--random-state",
        "--time-limit",
        "2",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    let (colours, texts) = read_svg(&svg);
    let want: BTreeSet<String> = ["#1F77B4", "#FF7F0E", "#2CA02C"].map(String::from).into();
    assert_eq!(colours, want);
    for name in ["sa-pll-conj", "phases-sa", "reference"] {
        assert!(texts.iter().any(|t| t == name), "{name} in {texts:?}");
    }
    // Each lane's line starts where it started and ends solved (energy 0):
    // more than one point each.
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    for c in &want {
        let longest = doc
            .descendants()
            .filter(|n| n.has_tag_name("polyline"))
            .filter(|n| {
                n.attribute("stroke")
                    .is_some_and(|s| s.eq_ignore_ascii_case(c))
            })
            .map(|n| {
                n.attribute("points")
                    .unwrap_or("")
                    .split_whitespace()
                    .count()
            })
            .max();
        assert!(longest.unwrap_or(0) >= 2, "{c}: {longest:?}");
    }
    std::fs::remove_dir_all(d).ok();
}
