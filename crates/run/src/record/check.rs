//! What a run file claims, checked without running its solver
//! ([`problems`]): the header against the preset and solver it names, each
//! point's state, each change's step, and the result against its own
//! solution replayed on the start state. `replay --summary` and `--verify`
//! say "identical" or show a file only when it holds.

use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_solve::api::Solver;
use cubetui_solve::preset::Presets;

use super::format::{Event, RunFile};

/// Words of a solution parsed at a time (the notation's own limit is
/// 100 000 moves; a recorded walk can be millions).
const CHUNK: usize = 10_000;

/// `start` after the face-turn sequence `text`, and its length in layer
/// turns (HTM); why not when a move is not one of the cube's.
pub fn replay_solution(start: &AnyCube, text: &str) -> Result<(AnyCube, usize), String> {
    let size = start.size();
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut cube = start.clone();
    let mut turns = 0;
    for chunk in words.chunks(CHUNK) {
        let alg = AnyAlg::parse_sized(&chunk.join(" "), size)?;
        turns += alg.turns();
        cube = cube
            .after(&alg)
            .ok_or_else(|| format!("the solution is not for a {size}"))?;
    }
    Ok((cube, turns))
}

/// The largest magnitude a recorded plot value may have: every series a
/// solver reports (energies, temperatures up to 10⁹, lengths, rates) stays
/// far below it, and the plots draw anything below it.
pub const MAX_VALUE: f64 = 1e15;

/// Whether `v` is a value the plots can draw.
fn plottable(v: f64) -> bool {
    v.is_finite() && v.abs() <= MAX_VALUE
}

/// Everything `file` claims that does not hold, in words (empty: all of
/// it holds). `presets` is the table its preset is looked up in; `solver`
/// is the solver built from the header, when it could be (its profile is
/// compared with the header's).
pub fn problems(file: &RunFile, presets: &Presets, solver: Option<&dyn Solver>) -> Vec<String> {
    let h = &file.header;
    let mut out = Vec::new();
    match presets.get(&h.preset) {
        Err(_) => out.push(format!("header: preset `{}` is no preset", h.preset)),
        Ok(config) if config.name() != h.solver => out.push(format!(
            "header: preset `{}` runs solver {}, the header says {}",
            h.preset,
            config.name(),
            h.solver
        )),
        Ok(_) => {}
    }
    match h.config() {
        Ok(config) if config.name() != h.solver => out.push(format!(
            "header: the parameters are solver {}'s, the header says {}",
            config.name(),
            h.solver
        )),
        Ok(_) => {}
        Err(e) => out.push(e.to_string()),
    }
    if let Some(s) = solver {
        let p = s.profile();
        let series: Vec<&str> = p.series.iter().map(|s| s.name).collect();
        if p.step != h.step_unit {
            out.push(format!(
                "header: step unit `{}`, the solver counts `{}`",
                h.step_unit, p.step
            ));
        }
        // A series named after a key may be recorded by the key's earlier
        // name (sa-short's `alpha`, now `weight`).
        let declared = h.config().map_or(&[][..], |c| c.params());
        let recorded: Vec<&str> = h
            .series
            .iter()
            .map(|s| cubetui_solve::params::canonical(declared, s))
            .collect();
        if series != recorded {
            out.push(format!(
                "header: series {:?}, the solver plots {series:?}",
                h.series
            ));
        }
    }
    let start = match h.start() {
        Ok(s) => s,
        Err(e) => {
            out.push(e.to_string());
            return out;
        }
    };
    let end = file.result.as_ref().map(|r| r.steps);
    for e in &file.events {
        let (step, what) = match e {
            Event::Point {
                step,
                facelets,
                values,
            } => {
                if let Some(v) = values.iter().flatten().find(|v| !plottable(**v)) {
                    out.push(format!(
                        "point at step {step}: value {v:e} is outside ±{MAX_VALUE:e}, \
                         which no solver reports and the plots cannot draw"
                    ));
                }
                if let Some(f) = facelets
                    && let Err(why) = AnyCube::from_facelets(start.size(), f)
                {
                    out.push(format!("point at step {step}: facelets: {why}"));
                }
                (*step, "point")
            }
            Event::Knob { step, .. } => (*step, "knob change"),
            Event::Generator { step, .. } => (*step, "generator change"),
            Event::Phase { step, .. } => (*step, "phase change"),
            Event::Result(_) => continue,
        };
        if let Some(end) = end
            && step > end
        {
            out.push(format!(
                "{what} at step {step}, after the run's end at step {end}"
            ));
        }
    }
    if let Some(r) = &file.result {
        match replay_solution(&start, &r.solution) {
            Err(why) => out.push(format!("result: solution: {why}")),
            Ok((cube, turns)) => {
                if turns != r.htm {
                    out.push(format!(
                        "result: htm {}, but the solution is {turns} HTM",
                        r.htm
                    ));
                }
                if cube.is_solved() != r.solved {
                    out.push(format!(
                        "result: solved {}, but the solution {} the start state",
                        r.solved,
                        if cube.is_solved() {
                            "solves"
                        } else {
                            "does not solve"
                        }
                    ));
                }
            }
        }
    }
    out
}
