//! Runs one solver on one cube under a budget and reports the result in the
//! `solve --json` form (also one `bench --jsonl` line).

use std::time::{Duration, Instant};

use color_eyre::eyre::Report;
use serde_json::{Map, Value, json};

use cubetui::cube::Alg;
use cubetui::cube::simplify::simplify;
use cubetui::solve::{SolverConfig, Status};

use super::UsageError;
use super::common::Start;
use super::config::Resolved;

/// The result of one run.
#[derive(Debug, Clone)]
pub struct RunReport {
    pub solved: bool,
    /// Simplified, face turns only.
    pub solution: Alg,
    pub moves_raw: usize,
    pub energy: f64,
    pub iterations: u64,
    pub elapsed: Duration,
    /// Time spent inside `step` only (the search, without setup and output).
    pub search: Duration,
    /// The `--json` object.
    pub json: Map<String, Value>,
}

/// Neighbourhood named by a configuration, if its solver has one.
fn neighbourhood(cfg: &SolverConfig) -> Option<String> {
    match cfg {
        SolverConfig::Sa(p) => Some(p.neighbourhood.clone()),
        _ => None,
    }
}

/// Runs `cfg` from `start` with `seed` until solved, exhausted, or out of budget.
pub fn run_one(r: &Resolved, start: &Start, seed: u64) -> Result<RunReport, Report> {
    let t0 = Instant::now();
    let mut solver = r
        .config
        .build(start.cube, seed)
        .map_err(|e| UsageError(e.to_string()))?;
    let cap = r.max_steps.unwrap_or(u64::MAX);
    let mut done = 0u64;
    let mut chunk = 1_000u64;
    let mut search = Duration::ZERO;
    while solver.status() == Status::Running && done < cap {
        if r.time_limit.is_some_and(|limit| t0.elapsed() >= limit) {
            break;
        }
        let n = chunk.min(cap - done);
        let before = solver.snapshot().iteration;
        let c0 = Instant::now();
        solver.step(n);
        search += c0.elapsed();
        let after = solver.snapshot().iteration;
        done += n;
        if after == before && solver.status() == Status::Running {
            // A solver that cannot advance is out of budget.
            break;
        }
        // Aim for chunks of about 20 ms so the time limit is honoured.
        if c0.elapsed() < Duration::from_millis(5) && chunk < 1 << 24 {
            chunk *= 2;
        } else if c0.elapsed() > Duration::from_millis(40) && chunk > 1 {
            chunk /= 2;
        }
    }
    let out = solver.outcome();
    let snap = solver.snapshot();
    let solution = simplify(&out.solution);
    // The time includes building the solver and writing out its solution.
    let elapsed = t0.elapsed();
    let mut json = Map::new();
    json.insert("solver".into(), r.config.name().into());
    json.insert("preset".into(), r.preset.clone().into());
    json.insert(
        "neighbourhood".into(),
        snap.generator
            .clone()
            .or_else(|| neighbourhood(&r.config))
            .into(),
    );
    json.insert("seed".into(), seed.into());
    json.insert("facelets".into(), start.cube.facelets().into());
    if let Some(s) = &start.scramble {
        json.insert("scramble".into(), s.to_string().into());
    }
    json.insert("solved".into(), out.solved.into());
    json.insert("solution".into(), solution.to_string().into());
    json.insert("moves_htm".into(), solution.len().into());
    json.insert("moves_raw".into(), out.solution.len().into());
    json.insert("energy".into(), json!(out.energy));
    json.insert("iterations".into(), out.iterations.into());
    json.insert("elapsed_ms".into(), json!(elapsed.as_secs_f64() * 1e3));
    json.insert("search_ms".into(), json!(search.as_secs_f64() * 1e3));
    json.insert("version".into(), env!("CARGO_PKG_VERSION").into());
    for (k, v) in out.extra {
        json.entry(k).or_insert(v);
    }
    Ok(RunReport {
        solved: out.solved,
        moves_raw: out.solution.len(),
        solution,
        energy: out.energy,
        iterations: out.iterations,
        elapsed,
        search,
        json,
    })
}
