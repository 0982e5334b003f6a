//! `--plot FILE.svg` on `bench`, `sweep` and `merge`: an SVG that parses as
//! XML, with one line of its own colour per preset (or combination) and the
//! reference, each named in the legend, and per preset a median line and a
//! quartile band in each convergence panel. Tracing (`--trace`, implied by
//! `--plot`) leaves every run as it is, and `merge --plot` draws the same
//! curves from the shards' lines.

use crate::cli_support;

use std::collections::BTreeSet;
use std::path::Path;

use cli_support::{assert_finished, code, cubetui, jsonl_without_times, p, temp_dir, with_svg};
use serde_json::Value;

/// The colours of the SVG's lines (polylines not black: the axes are) and
/// its texts.
fn read_svg(path: &Path) -> (BTreeSet<String>, Vec<String>) {
    with_svg(path, |doc| {
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
    })
}

/// How many `tag` elements (polyline, polygon) of each colour the SVG has
/// (stroke for lines, fill for bands; black left out: the axes).
fn count(path: &Path, tag: &str) -> std::collections::BTreeMap<String, usize> {
    with_svg(path, |doc| {
        let mut out = std::collections::BTreeMap::new();
        for n in doc.descendants().filter(|n| n.has_tag_name(tag)) {
            let c = n.attribute("stroke").or(n.attribute("fill")).unwrap_or("");
            if !c.eq_ignore_ascii_case("#000000") && !c.is_empty() {
                *out.entry(c.to_uppercase()).or_insert(0) += 1;
            }
        }
        out
    })
}

/// Polylines and polygons of the convergence panels (the second row of
/// 440 pixels, between the first row and the legend), each as (tag,
/// colour, points).
fn curves(path: &Path) -> Vec<(String, String, String)> {
    with_svg(path, |doc| {
        let mut out: Vec<(String, String, String)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("polyline") || n.has_tag_name("polygon"))
            .filter_map(|n| {
                let points = n.attribute("points")?.to_string();
                let y: f64 = points.split([',', ' ']).nth(1)?.parse().ok()?;
                let c = n.attribute("stroke").or(n.attribute("fill"))?;
                ((470.0..900.0).contains(&y) && !c.eq_ignore_ascii_case("#000000"))
                    .then(|| (n.tag_name().name().to_string(), c.to_uppercase(), points))
            })
            .collect();
        out.sort();
        out
    })
}

#[test]
fn bench_sweep_and_merge_draw_one_line_per_preset() {
    let d = temp_dir("plot", "all");
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
        p(&jsonl),
        "--plot",
        p(&svg),
    ]);
    assert_finished(&o);
    let (colours, texts) = read_svg(&svg);
    // Two presets and the reference's grey.
    let want: BTreeSet<String> = ["#1F77B4", "#FF7F0E", "#A0A0A0"].map(String::from).into();
    assert_eq!(colours, want);
    for name in ["sa-pll-conj", "reference", "reference (two-phase)"] {
        assert!(texts.iter().any(|t| t == name), "{name} in {texts:?}");
    }
    // Per preset: a line in each of the four panels (and its legend
    // swatch) and a band in each of the two convergence panels; the grey
    // reference only by length.
    let lines = count(&svg, "polyline");
    assert_eq!(lines["#1F77B4"], 4 + 1, "{lines:?}");
    assert_eq!(lines["#FF7F0E"], 4 + 1, "{lines:?}");
    assert_eq!(lines["#A0A0A0"], 1 + 1, "{lines:?}");
    let bands = count(&svg, "polygon");
    assert_eq!(
        bands,
        [("#1F77B4".to_string(), 2), ("#FF7F0E".to_string(), 2)].into(),
    );
    // merge draws the same lines from the JSONL.
    let merged = d.join("merged.svg");
    let o = cubetui(&["merge", p(&jsonl), "--plot", p(&merged)]);
    assert_finished(&o);
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
        p(&swept),
    ]);
    assert_finished(&o);
    let (colours, texts) = read_svg(&swept);
    assert_eq!(colours.len(), 4, "{colours:?}");
    assert!(texts.iter().any(|t| t == "max_steps=40000"), "{texts:?}");
    // A band in each convergence panel per combination.
    let bands = count(&swept, "polygon");
    assert_eq!(bands.len(), 3, "{bands:?}");
    assert!(bands.values().all(|&n| n == 2), "{bands:?}");
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
    let d = temp_dir("plot", "race");
    let svg = d.join("race.svg");
    let o = cubetui(&[
        "race",
        "--presets",
        "sa-pll-conj,phases-sa,reference",
        "--random-state",
        "--time-limit",
        "2",
        "--plot",
        p(&svg),
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
    with_svg(&svg, |doc| {
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
    });
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn tracing_leaves_every_run_as_it_is() {
    let d = temp_dir("plot", "same");
    let (plain, traced) = (d.join("plain.jsonl"), d.join("traced.jsonl"));
    let presets = "sa-pll-conj,sa-faces,sa-faces-hot,ga,woc,mws,mws-short,phases-es,phases-ga,phases-sa,reference";
    let run = |path: &Path, more: &[&str]| {
        let mut args = vec![
            "bench",
            "--preset",
            presets,
            "--max-steps",
            "2000",
            "--random-state",
            "--cubes",
            "2",
            "--seed",
            "5",
            "--jobs",
            "2",
            "--jsonl",
            p(path),
        ];
        args.extend_from_slice(more);
        let o = cubetui(&args);
        assert_finished(&o);
    };
    run(&plain, &[]);
    run(&traced, &["--trace"]);
    let mut with: Vec<Value> = jsonl_without_times(&traced);
    let without = jsonl_without_times(&plain);
    assert_eq!(with.len(), 22);
    for (l, plain) in with.iter_mut().zip(&without) {
        let trace = l.as_object_mut().unwrap().remove("trace").expect("a trace");
        assert!(plain.get("trace").is_none(), "{plain}");
        // The same run: solution, steps, energy, everything but times.
        assert_eq!(&*l, plain);
        // From the start to the end: moves to solved is known somewhere
        // (at most 30), the last point is where the run ended (a solved
        // run at 0 and 0).
        let points = trace.as_array().unwrap();
        assert!(points.len() >= 2, "{l}");
        let at = |p: &Value, i: usize| p.as_array().unwrap()[i].clone();
        assert!(
            points
                .iter()
                .any(|p| at(p, 2).as_u64().is_some_and(|n| n <= 30)),
            "{trace}"
        );
        let last = points.last().unwrap();
        assert_eq!(
            at(last, 1).as_f64().unwrap() == 0.0,
            l["solved"] == true,
            "{l} {trace}"
        );
        if l["solved"] == true {
            assert_eq!(at(last, 2), 0, "{trace}");
        }
        let times: Vec<f64> = points.iter().map(|p| at(p, 0).as_f64().unwrap()).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    }
    std::fs::remove_dir_all(d).ok();
}

#[test]
fn merged_shards_draw_the_curves_of_the_whole_run() {
    let d = temp_dir("plot", "merge");
    let (svg, whole) = (d.join("whole.svg"), d.join("whole.jsonl"));
    let o = cubetui(&[
        "bench",
        "--preset",
        "sa-pll-conj,phases-sa",
        "--max-steps",
        "30000",
        "--random-state",
        "--cubes",
        "8",
        "--jobs",
        "2",
        "--jsonl",
        p(&whole),
        "--plot",
        p(&svg),
    ]);
    assert_finished(&o);
    // The whole run's lines in four files as its shards would write them
    // (tests/it/cli_merge.rs checks that shards write exactly these lines).
    let text = std::fs::read_to_string(&whole).unwrap();
    let mut shards = vec![String::new(); 4];
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let k = v["index"].as_u64().unwrap() as usize;
        shards[k % 4] += &format!("{line}\n");
    }
    let mut files = Vec::new();
    for (i, s) in shards.iter().enumerate().rev() {
        let f = d.join(format!("s{}.jsonl", i + 1));
        std::fs::write(&f, s).unwrap();
        files.push(f.to_str().unwrap().to_string());
    }
    let merged = d.join("merged.svg");
    let mut args = vec!["merge".to_string()];
    args.extend(files);
    args.extend(["--plot".to_string(), p(&merged).to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = cubetui(&args);
    assert_finished(&o);
    let (one, all) = (curves(&svg), curves(&merged));
    // Two presets: a band and a median line in each of two panels.
    assert_eq!(one.len(), 8, "{one:?}");
    assert_eq!(one, all);
    // Without traces (one file from a run without --trace), no curves.
    let plain = d.join("plain.jsonl");
    let o = cubetui(&[
        "bench",
        "--depth",
        "3",
        "--cubes",
        "2",
        "--jsonl",
        p(&plain),
    ]);
    assert_finished(&o);
    let untraced = d.join("untraced.svg");
    let o = cubetui(&["merge", p(&plain), "--plot", p(&untraced)]);
    assert_finished(&o);
    // Two panels and the legend's swatch, no band.
    assert_eq!(
        count(&untraced, "polyline"),
        [("#1F77B4".to_string(), 3)].into()
    );
    assert!(count(&untraced, "polygon").is_empty());
    std::fs::remove_dir_all(d).ok();
}
