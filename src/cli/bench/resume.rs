//! `--resume`: going on with the `--jsonl` file of the same command, e.g.
//! a shard that was killed or preempted. The file is reopened under the
//! same lock a new one takes; its whole lines are kept, a torn last line
//! (and the lines of a cube whose every lane's line was not yet written)
//! dropped, and only the cubes missing run. Every kept line must be one
//! this very run writes: same size, base seed, cube count, shard, start
//! states, preset or combination and settings (`config`), trace and
//! reference, version, and a cube that holds (its start is cube `index`'s,
//! its solution does what it says). Anything else is refused naming the
//! file and line (exit 3) before a byte of the file changes.

use std::collections::BTreeMap;
use std::path::Path;

use color_eyre::eyre::Report;

use cubetui_cube::AnyCube;
use cubetui_cube::random::cube_seed;
use cubetui_run::trace::Trace;

use super::super::exit::InvalidInput;
use super::super::merge::{read, solves};
use super::super::out::LineFile;
use super::super::schema::ResultLine;
use super::super::summary::Sample;
use super::engine::Plan;

/// What was kept of the file, and the writer that appends after it.
pub struct Kept {
    pub file: LineFile,
    /// Per position in the shard: whether its cube's lines are kept.
    pub done: Vec<bool>,
    /// Per lane, the kept cubes' samples (in file order), as the engine
    /// collects them.
    pub samples: Vec<Vec<Sample>>,
    pub traces: Vec<Vec<Trace>>,
    /// The kept cubes' reference lengths, with the reference.
    pub reference: Vec<usize>,
    pub neighbourhood: Option<String>,
    /// Cubes kept, and runs of them that solved their cube.
    pub cubes: u64,
    pub solved: u64,
}

/// One kept line, waiting for the rest of its cube's lines.
struct Line {
    sample: Sample,
    trace: Option<Trace>,
    reference: Option<usize>,
    solved: bool,
}

/// Reopens `path` and reads back what `plan` already ran ([`Kept`]); says
/// on stderr what was kept and dropped.
pub fn open(path: &Path, plan: &Plan<'_>, count: u64) -> Result<Kept, Report> {
    let shown = path.display().to_string();
    let (file, text) = LineFile::reopen(path, read::MAX_BYTES)?;
    let lanes = plan.lanes.len();
    let mut done = vec![false; count as usize];
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); lanes];
    let mut traces: Vec<Vec<Trace>> = vec![Vec::new(); lanes];
    let mut reference = Vec::new();
    let mut neighbourhood = None;
    let (mut cubes, mut solved) = (0u64, 0u64);
    // Where each kept cube's first line was, for a cube given twice.
    let mut first_at: BTreeMap<u64, usize> = BTreeMap::new();
    // The cube being read: its index, first line's number and byte offset,
    // and its lines so far (one per lane, in lane order).
    let mut open_cube: Option<(u64, usize, usize, Vec<Line>)> = None;
    // Bytes of whole cubes; a torn line or an unfinished cube after them
    // is dropped.
    let mut keep = 0usize;
    let mut offset = 0usize;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let at = offset;
        offset += raw.len();
        let number = n + 1;
        let Some(raw) = raw.strip_suffix('\n') else {
            // Torn (no newline): the start of a line as bench writes them,
            // dropped; anything else is not this run's file, left alone.
            if !raw.starts_with("{\"") {
                return Err(InvalidInput(format!(
                    "{shown} line {number}: not a line of bench --jsonl; give another --jsonl file"
                ))
                .into());
            }
            break;
        };
        let bad = |why: String| -> Report {
            InvalidInput(format!("{shown} line {number}: {why}")).into()
        };
        if raw.trim().is_empty() {
            if open_cube.is_none() {
                keep = offset;
            }
            continue;
        }
        let l: ResultLine = serde_json::from_str(raw)
            .map_err(|e| bad(format!("not a line of bench --jsonl: {e}")))?;
        let (index, lane) = belongs(&l, plan).map_err(|fault| match fault {
            Fault::Run(why) => bad(format!(
                "from another run ({why}); give another --jsonl file, or leave out --resume to start anew"
            )),
            Fault::Line(why) => bad(why),
        })?;
        let expected = open_cube.as_ref().map_or(0, |c| c.3.len());
        match &open_cube {
            Some((k, from, _, _)) if *k != index || lane != expected => {
                return Err(bad(format!(
                    "cube {index} of `{}`, but cube {k} (from line {from}) has {expected} of its {lanes} lines",
                    plan.lanes[lane].label
                )));
            }
            None if lane != 0 => {
                return Err(bad(format!(
                    "cube {index} of `{}` without its line of `{}` before it",
                    plan.lanes[lane].label, plan.lanes[0].label
                )));
            }
            None => {
                if let Some(first) = first_at.get(&index) {
                    return Err(bad(format!("cube {index} again (first at line {first})")));
                }
                open_cube = Some((index, number, at, Vec::with_capacity(lanes)));
            }
            Some(_) => {}
        }
        let sample = read::sample_of(&l.run).map_err(|why| bad(why.into()))?;
        if neighbourhood.is_none() {
            neighbourhood = l.run.neighbourhood.clone();
        }
        let cube = open_cube.as_mut().expect("a cube is open");
        cube.3.push(Line {
            sample,
            trace: l.trace,
            reference: l.tail.reference.htm(),
            solved: l.run.solved,
        });
        if cube.3.len() == lanes {
            let (index, from, _, lines) = open_cube.take().expect("a cube is open");
            first_at.insert(index, from);
            if let Some(pos) = plan.shard.position_of(index) {
                done[pos as usize] = true;
            }
            reference.extend(lines[0].reference);
            for (lane, line) in lines.into_iter().enumerate() {
                solved += u64::from(line.solved);
                samples[lane].push(line.sample);
                traces[lane].extend(line.trace);
            }
            cubes += 1;
            keep = offset;
        }
    }
    let dropped = text.len() - keep;
    let file = file.keep(keep as u64)?;
    let note = if dropped > 0 {
        format!(" (dropped the {dropped} bytes after them: a torn line or an unfinished cube)")
    } else {
        String::new()
    };
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "cubetui: --resume: {cubes} of {count} cubes already in {shown}{note}, running the other {}",
        count - cubes
    );
    Ok(Kept {
        file,
        done,
        samples,
        traces,
        reference,
        neighbourhood,
        cubes,
        solved,
    })
}

/// Why a line is not kept.
enum Fault {
    /// Another run wrote it: what differs.
    Run(String),
    /// It does not hold (an edited line): why.
    Line(String),
}

impl From<String> for Fault {
    fn from(why: String) -> Fault {
        Fault::Run(why)
    }
}

/// The cube index and lane of `l`, when it is a line `plan` writes; else
/// what differs.
fn belongs(l: &ResultLine, plan: &Plan<'_>) -> Result<(u64, usize), Fault> {
    let r = &l.run;
    let ours = env!("CARGO_PKG_VERSION");
    if r.version != ours {
        return Err(format!("written by cubetui {}, this is {ours}", r.version).into());
    }
    if r.interrupted {
        return Err(Fault::Line("a run cut short by Ctrl-C".into()));
    }
    let size = plan.source.size.get();
    let theirs = r.size.unwrap_or(3);
    if theirs != size {
        return Err(format!("a {theirs}x{theirs} there, the {size}x{size} here").into());
    }
    let field = |name: &str| Fault::Line(format!("not a line of bench --jsonl: no `{name}`"));
    let base_seed = r.base_seed.ok_or_else(|| field("base_seed"))?;
    if base_seed != plan.seed {
        return Err(format!("base seed {base_seed} there, {} here", plan.seed).into());
    }
    let cubes = r.cubes.ok_or_else(|| field("cubes"))?;
    if cubes != plan.cubes {
        return Err(format!("a run of {cubes} cubes there, {} here", plan.cubes).into());
    }
    let shard = |s: Option<&str>| s.map_or("the whole run".to_string(), |s| format!("shard {s}"));
    let here = (!plan.shard.is_all()).then(|| plan.shard.to_string());
    if r.shard != here {
        return Err(format!(
            "{} there, {} here",
            shard(r.shard.as_deref()),
            shard(here.as_deref())
        )
        .into());
    }
    let index = r.index.ok_or_else(|| field("index"))?;
    if index >= plan.cubes || plan.shard.position_of(index).is_none() {
        return Err(format!("cube {index} is not one of {}", shard(here.as_deref())).into());
    }
    if r.seed != cube_seed(plan.seed, index) {
        return Err(Fault::Line(format!(
            "seed {} is not cube {index}'s",
            r.seed
        )));
    }
    let start = plan.source.start(plan.seed, index);
    let same_start =
        AnyCube::from_facelets(plan.source.size, &r.facelets).is_ok_and(|c| c == start.cube);
    if r.depth != plan.depth || r.line != plan.source.line(index) || !same_start {
        return Err(format!("other start states: cube {index} starts elsewhere").into());
    }
    let label = match &r.combination {
        Some(c) => c.join(" "),
        None => r.preset.clone(),
    };
    let lane = plan
        .lanes
        .iter()
        .position(|lane| {
            lane.label == label && lane.combination.is_some() == r.combination.is_some()
        })
        .ok_or_else(|| {
            let ours: Vec<&str> = plan.lanes.iter().map(|l| l.label.as_str()).collect();
            Fault::Run(format!("`{label}` there, {} here", ours.join(", ")))
        })?;
    let config = r.config.as_deref().ok_or_else(|| field("config"))?;
    if config != plan.lanes[lane].config {
        return Err(format!(
            "`{label}` ran with other settings (config {config} there, {} here)",
            plan.lanes[lane].config
        )
        .into());
    }
    if l.trace.is_some() != plan.trace {
        let why = if plan.trace {
            "without a trace there, with --trace here"
        } else {
            "with a trace there, without here"
        };
        return Err(Fault::Run(why.into()));
    }
    if l.tail.reference.htm().is_some() != plan.reference {
        return Err(Fault::Run("with and without the reference".into()));
    }
    // The start was compared above (`test_set`: not drawn again).
    solves::check(&solves::Claim::of(
        l,
        plan.source.size,
        plan.seed,
        index,
        true,
    ))
    .map_err(|why| Fault::Line(format!("cube {index} does not hold: {why}")))?;
    Ok((index, lane))
}
