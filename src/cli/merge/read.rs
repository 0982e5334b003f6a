//! Reading `bench --jsonl` (and `sweep --jsonl`) files for `merge`: every
//! line checked, every cube at most once, every file of the same run. A bad
//! file is refused naming the file and line ([`InvalidInput`], exit 3).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::time::Duration;

use color_eyre::eyre::Report;

use cubetui_cube::nxn::Size;
use cubetui_cube::random::cube_seed;
use cubetui_run::trace::Trace;

use super::super::exit::InvalidInput;
use super::super::run::StopKind;
use super::super::schema::ResultLine;
use super::super::summary::Sample;

/// Largest file read, in bytes.
pub const MAX_BYTES: u64 = 1 << 30;

/// Where a line came from.
#[derive(Debug, Clone)]
pub struct Loc {
    pub file: String,
    pub line: usize,
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}", self.file, self.line)
    }
}

/// What a bench line has beyond a `solve --json` object: where its cube
/// is in which run.
struct Bench {
    index: u64,
    base_seed: u64,
    cubes: u64,
    config: String,
}

impl Bench {
    /// The bench fields of `l`, or the name of one it lacks.
    fn of(l: &ResultLine) -> Result<Bench, &'static str> {
        let r = &l.run;
        Ok(Bench {
            index: r.index.ok_or("index")?,
            base_seed: r.base_seed.ok_or("base_seed")?,
            cubes: r.cubes.ok_or("cubes")?,
            config: r.config.clone().ok_or("config")?,
        })
    }
}

/// What makes lines part of one run: the same values here.
#[derive(Debug, Clone, PartialEq)]
struct Run {
    size: usize,
    base_seed: u64,
    cubes: u64,
    depth: Option<u64>,
    test_set: bool,
    sweep: bool,
    reference: bool,
}

/// A lane's settings, the same on every cube.
#[derive(Debug, Clone, PartialEq)]
struct Settings {
    solver: String,
    preset: String,
    config: String,
}

/// Every file merged.
#[derive(Debug)]
pub struct Merged {
    /// Row names in the order of the run (`--preset` order, or the sweep's
    /// combination order).
    pub labels: Vec<String>,
    /// A sweep's combinations (`k=v` each), per lane.
    pub combinations: Option<Vec<Vec<String>>>,
    /// Per lane, one sample per cube present, in index order.
    pub samples: Vec<Vec<Sample>>,
    /// Per lane, the traces in the same order, when every line has one
    /// (else empty).
    pub traces: Vec<Vec<Trace>>,
    /// Lines with a trace, when some but not all have one.
    pub some_traced: Option<usize>,
    /// The reference length per cube present, when the run had it.
    pub reference: Option<Vec<usize>>,
    /// Indices present, ascending.
    pub present: Vec<u64>,
    pub cubes: u64,
    /// The cubes' size.
    pub size: cubetui_cube::nxn::Size,
    pub base_seed: u64,
    pub depth: Option<u64>,
    pub test_set: bool,
    /// The first lane's solver, preset and neighbourhood.
    pub solver: String,
    pub preset: String,
    pub neighbourhood: Option<String>,
}

fn bad(loc: &Loc, why: impl fmt::Display) -> Report {
    InvalidInput(format!("{loc}: {why}")).into()
}

/// One line that was read: its lane, sample, reference, where it was.
struct Got {
    label: String,
    combination: Option<Vec<String>>,
    sample: Sample,
    trace: Option<Trace>,
    reference: Option<usize>,
    loc: Loc,
}

/// Reads and checks every file; the cubes in index order.
pub fn read(paths: &[impl AsRef<Path>]) -> Result<Merged, Report> {
    let mut first: Option<(Run, Loc, ResultLine)> = None;
    let mut settings: BTreeMap<String, (Settings, Loc)> = BTreeMap::new();
    let mut cubes: BTreeMap<u64, Vec<Got>> = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let file = path.display().to_string();
        let text = read_text(path)?;
        for (n, raw) in text.lines().enumerate() {
            let loc = Loc {
                file: file.clone(),
                line: n + 1,
            };
            if raw.trim().is_empty() {
                continue;
            }
            let l: ResultLine = serde_json::from_str(raw)
                .map_err(|e| bad(&loc, format!("not a line of bench --jsonl: {e}")))?;
            let b = Bench::of(&l).map_err(|field| {
                bad(
                    &loc,
                    format!("not a line of bench --jsonl: missing field `{field}`"),
                )
            })?;
            let reference_htm = l.tail.reference.htm();
            let run = Run {
                size: l.run.size.unwrap_or(3),
                base_seed: b.base_seed,
                cubes: b.cubes,
                depth: l.run.depth,
                test_set: l.run.line.is_some(),
                sweep: l.run.combination.is_some(),
                reference: reference_htm.is_some(),
            };
            check_line(&l, &b, &loc)?;
            let size = Size::new(run.size).map_err(|e| bad(&loc, format!("size: {e}")))?;
            super::solves::check(&super::solves::Claim::of(
                &l,
                size,
                b.base_seed,
                b.index,
                run.test_set,
            ))
            .map_err(|why| bad(&loc, format!("cube {}: {why}", b.index)))?;
            match &first {
                None => first = Some((run, loc.clone(), l.clone())),
                Some((r, at, _)) if *r != run => {
                    return Err(bad(
                        &loc,
                        format!("from another run than {at}: {}", differs(r, &run)),
                    ));
                }
                Some(_) => {}
            }
            let label = match &l.run.combination {
                Some(c) => c.join(" "),
                None => l.run.preset.clone(),
            };
            let mine = Settings {
                solver: l.run.solver.clone(),
                preset: l.run.preset.clone(),
                config: b.config,
            };
            match settings.get(&label) {
                None => {
                    settings.insert(label.clone(), (mine, loc.clone()));
                }
                Some((s, at)) if *s != mine => {
                    return Err(bad(
                        &loc,
                        format!(
                            "`{label}` ran with other settings than at {at} (solver {} preset {} \
                             config {} there, solver {} preset {} config {} here): lines of \
                             incompatible runs",
                            s.solver, s.preset, s.config, mine.solver, mine.preset, mine.config
                        ),
                    ));
                }
                Some(_) => {}
            }
            let lines = cubes.entry(b.index).or_default();
            if let Some(g) = lines.iter().find(|g| g.label == label) {
                return Err(bad(
                    &loc,
                    format!("cube {} of `{label}` again (first at {})", b.index, g.loc),
                ));
            }
            if let Some(g) = lines.first()
                && g.reference != reference_htm
            {
                return Err(bad(
                    &loc,
                    format!(
                        "cube {}: another reference length than at {}",
                        b.index, g.loc
                    ),
                ));
            }
            let sample = sample_of(&l.run).map_err(|why| bad(&loc, why))?;
            lines.push(Got {
                label,
                combination: l.run.combination,
                sample,
                trace: l.trace,
                reference: reference_htm,
                loc,
            });
        }
    }
    let Some((run, head_loc, head)) = first else {
        return Err(InvalidInput("merge: no lines in the files given".into()).into());
    };
    assemble(run, head, &head_loc, cubes)
}

/// The file's text, or why it cannot be read.
fn read_text(path: &Path) -> Result<String, Report> {
    let text = cubetui_solve::files::read_text(path, MAX_BYTES, "a merge file")
        .map_err(|e| InvalidInput(format!("{}: {e}", path.display())))?;
    // A byte-order mark some editors write is not part of the first line.
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The sample of a line's run, or what in it is not a time.
pub(crate) fn sample_of(r: &super::super::schema::Run) -> Result<Sample, &'static str> {
    Ok(Sample {
        solved: r.solved,
        moves: r.moves_htm,
        metrics: r.moves_layers.zip(r.moves_santa),
        iterations: r.iterations,
        elapsed: millis(r.elapsed_ms).ok_or("elapsed_ms is not a time")?,
        search: millis(r.search_ms).ok_or("search_ms is not a time")?,
        energy: r.energy,
        stop: r
            .stopped_by
            .as_deref()
            .map_or(StopKind::Other, StopKind::of_words),
    })
}

/// Checks what one line says of itself.
fn check_line(l: &ResultLine, b: &Bench, loc: &Loc) -> Result<(), Report> {
    if l.run.interrupted {
        return Err(bad(loc, "a run cut short by Ctrl-C"));
    }
    if b.index >= b.cubes {
        return Err(bad(
            loc,
            format!("index {} outside the run's {} cubes", b.index, b.cubes),
        ));
    }
    if l.run.seed != cube_seed(b.base_seed, b.index) {
        return Err(bad(
            loc,
            format!(
                "seed {} is not cube {}'s seed under base seed {}",
                l.run.seed, b.index, b.base_seed
            ),
        ));
    }
    Ok(())
}

/// What two runs differ in, in words.
fn differs(a: &Run, b: &Run) -> String {
    let mut out = Vec::new();
    if a.size != b.size {
        out.push(format!("a {0}x{0} there, a {1}x{1} here", a.size, b.size));
    }
    if a.base_seed != b.base_seed {
        out.push(format!(
            "base seed {} there, {} here",
            a.base_seed, b.base_seed
        ));
    }
    if a.cubes != b.cubes {
        out.push(format!("{} cubes there, {} here", a.cubes, b.cubes));
    }
    if a.depth != b.depth || a.test_set != b.test_set {
        out.push("other start states".into());
    }
    if a.sweep != b.sweep {
        out.push("a sweep and a bench".into());
    }
    if a.reference != b.reference {
        out.push("with and without the reference".into());
    }
    out.join(", ")
}

/// `ms` milliseconds, if a time.
fn millis(ms: f64) -> Option<Duration> {
    Duration::try_from_secs_f64(ms / 1e3).ok()
}

/// Puts the cubes in lanes, checking every cube ran the same lanes.
fn assemble(
    run: Run,
    head: ResultLine,
    head_loc: &Loc,
    cubes: BTreeMap<u64, Vec<Got>>,
) -> Result<Merged, Report> {
    let present: Vec<u64> = cubes.keys().copied().collect();
    let mut iter = cubes.iter();
    let (k0, lanes0) = iter.next().expect("a line was read");
    let labels: Vec<String> = lanes0.iter().map(|g| g.label.clone()).collect();
    for (k, lanes) in iter {
        let here: Vec<&str> = lanes.iter().map(|g| g.label.as_str()).collect();
        if here != labels {
            return Err(bad(
                &lanes[0].loc,
                format!(
                    "cube {k} ran {} but cube {k0} (at {}) ran {}: lines of incompatible runs",
                    here.join(", "),
                    lanes0[0].loc,
                    labels.join(", ")
                ),
            ));
        }
    }
    let combinations = run.sweep.then(|| {
        lanes0
            .iter()
            .map(|g| g.combination.clone().unwrap_or_default())
            .collect()
    });
    let mut samples = vec![Vec::with_capacity(cubes.len()); labels.len()];
    let mut traces = vec![Vec::new(); labels.len()];
    let mut reference = Vec::with_capacity(cubes.len());
    let (mut lines, mut traced) = (0, 0);
    for lanes in cubes.into_values() {
        reference.extend(lanes[0].reference);
        for ((s, t), g) in samples.iter_mut().zip(&mut traces).zip(lanes) {
            s.push(g.sample);
            lines += 1;
            if let Some(trace) = g.trace {
                t.push(trace);
                traced += 1;
            }
        }
    }
    if traced < lines {
        traces.iter_mut().for_each(Vec::clear);
    }
    Ok(Merged {
        labels,
        combinations,
        samples,
        traces,
        some_traced: (traced > 0 && traced < lines).then_some(traced),
        reference: run.reference.then_some(reference),
        present,
        cubes: run.cubes,
        size: cubetui_cube::nxn::Size::new(run.size)
            .map_err(|e| bad(head_loc, format!("size {}: {e}", run.size)))?,
        base_seed: run.base_seed,
        depth: run.depth,
        test_set: run.test_set,
        solver: head.run.solver,
        preset: head.run.preset,
        neighbourhood: head.run.neighbourhood,
    })
}
