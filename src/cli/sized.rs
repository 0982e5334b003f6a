//! Every size but the 3×3 (`--size N`, N ≠ 3): the start state and the
//! text of `solve` (`bench` runs every size through its one engine). The solver is built by the one entry
//! (`solve::sized::build_any`) and run by the one batching loop
//! (`solve::budget::run`), as on the 3×3. The command line dispatches here
//! for those sizes (`cli.rs`); `race` takes its start from [`start`]; the
//! screen runs every size through the same entry.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use color_eyre::eyre::Report;

use cubetui::cube::nxn::random::random_state;
use cubetui::cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui::cube::random::start_rng;
use cubetui::cube::{AnyAlg, AnyCube};
use cubetui::solve::budget::{self, Budget};
use cubetui::solve::{pocket, sized};

use super::common::StartArgs;
use super::config::Resolved;
use super::exit::{EXIT_OK, EXIT_UNSOLVED, UsageError};
use super::solve::SolveArgs;

/// A resolved N×N start.
pub struct SizedStart {
    pub cube: NxnCube,
    pub scramble: Option<NxnAlg>,
}

/// The start state of `size` given by `--scramble`, `--facelets` or
/// `--random-state` (cube 0 of `seed`). Bad notation or facelets are exit 3.
pub fn start(args: &StartArgs, size: Size, seed: u64) -> Result<SizedStart, Report> {
    if let Some(s) = &args.scramble {
        let alg = NxnAlg::parse_sized(s, size)?;
        let cube = NxnCube::solved(size).after(&alg).map_err(|(_, e)| e)?;
        return Ok(SizedStart {
            cube,
            scramble: Some(alg),
        });
    }
    if let Some(f) = &args.facelets {
        let letters: String = f.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        return Ok(SizedStart {
            cube: NxnCube::from_facelets(size, &letters)?,
            scramble: None,
        });
    }
    if args.random_state {
        return Ok(SizedStart {
            cube: random_state(&mut start_rng(seed, 0), size),
            scramble: None,
        });
    }
    Err(
        UsageError("give a start state: --scramble ALG, --facelets STR or --random-state".into())
            .into(),
    )
}

/// One finished N×N run.
pub struct SizedRun {
    pub solved: bool,
    /// Simplified.
    pub solution: AnyAlg,
    pub raw: usize,
    pub energy: f64,
    pub iterations: u64,
    pub elapsed: Duration,
}

/// Runs `r` on `cube` under its budget, writing a run file to `record`
/// when given (as on the 3×3).
pub fn run_one(
    r: &Resolved,
    cube: &NxnCube,
    seed: u64,
    record: Option<&Path>,
) -> Result<SizedRun, Report> {
    let t0 = Instant::now();
    let start = AnyCube::from(cube.clone());
    let mut solver =
        sized::build_any(&r.config, &start, seed).map_err(|e| UsageError(e.to_string()))?;
    let limits = Budget {
        max_steps: r.max_steps,
        deadline: r.time_limit.and_then(|l| t0.checked_add(l)),
    };
    match record {
        None => {
            budget::run(solver.as_mut(), limits, None);
        }
        Some(path) => {
            super::replay::record(r, &start, seed, solver.as_mut(), limits, None, path)?;
        }
    }
    let out = solver.outcome();
    Ok(SizedRun {
        solved: out.solved,
        solution: out.solution.simplified(),
        raw: out.solution.len(),
        energy: out.energy,
        iterations: out.iterations,
        elapsed: t0.elapsed(),
    })
}

/// The exact reference length, where there is one (the 2×2).
fn reference_htm(cube: &NxnCube) -> Result<usize, Report> {
    if cube.size() != Size::TWO {
        return Err(UsageError(sized::no_reference(cube.size())).into());
    }
    pocket::distance(cube).map_err(|e| super::exit::InvalidInput(e.to_string()).into())
}

/// `solve --size N`: the text or JSON of one run; 0 solved, 4 not.
pub fn solve(args: &SolveArgs) -> Result<ExitCode, Report> {
    let size = args.size.get();
    let resolved = args.solver.resolve()?;
    let seed = args.solver.seed;
    let s = start(&args.start, size, seed)?;
    let reference = args.reference.then(|| reference_htm(&s.cube)).transpose()?;
    let r = run_one(&resolved, &s.cube, seed, args.record.as_deref())?;
    let mut text = String::new();
    if args.json {
        let mut json = serde_json::json!({
            "size": size.get(),
            "solver": resolved.config.name(),
            "preset": resolved.preset,
            "seed": seed,
            "facelets": s.cube.facelets(),
            "solved": r.solved,
            "solution": r.solution.to_string(),
            "moves_htm": r.solution.turns(),
            "moves_raw": r.raw,
            "energy": r.energy,
            "iterations": r.iterations,
            "elapsed_ms": r.elapsed.as_secs_f64() * 1e3,
            "version": env!("CARGO_PKG_VERSION"),
        });
        if let Some(sc) = &s.scramble {
            json["scramble"] = sc.to_string().into();
        }
        if let Some(h) = reference {
            json["reference_htm"] = h.into();
        }
        text = serde_json::to_string(&json)?;
        text.push('\n');
    } else {
        let sol = if r.solution.is_empty() {
            "(empty)".to_string()
        } else if r.solution.len() > 200 && !args.full {
            format!("{} moves (--full prints all)", r.solution.len())
        } else {
            r.solution.to_string()
        };
        let _ = write!(
            text,
            "{}\nsolution:   {sol}\nlength:     {} HTM after simplification ({} raw moves)\n\
             energy:     {}\niterations: {}\ntime:       {:.1} ms\nsolver:     {} (preset {}, {size})\n",
            if r.solved { "solved" } else { "NOT solved" },
            r.solution.turns(),
            r.raw,
            r.energy,
            r.iterations,
            r.elapsed.as_secs_f64() * 1e3,
            resolved.config.name(),
            resolved.preset,
        );
        if let Some(h) = reference {
            let _ = writeln!(
                text,
                "reference:  {h} HTM (optimal, the 2x2 distance table)"
            );
        }
    }
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::from(if r.solved {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    }))
}
