//! What merge checks of a line's cube: its start state is cube `index`'s
//! (for random starts, drawn again from the base seed) and so is its
//! scramble; its solution, replayed on that start, is as long as the line
//! says in every metric and solves it exactly when the line says so; its
//! energy agrees with that (0 exactly when solved, never negative); its
//! `stopped_by` is one of the reasons a run gives, "solved" only when
//! solved, a time limit only past that time. What it cannot recompute it does not check ([`UNCHECKED`]).

use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_run::record::check::replay_solution;
use cubetui_solve::StopReason;
use cubetui_solve::short::metrics;

use super::super::common::{random_scramble, random_start};
use super::super::schema::ResultLine;

/// The fields of a line merge takes as they are: they depend on the run
/// (its clock, its solver's inner workings) and cannot be recomputed from
/// the line. An unsolved line's energy is one: every solver has its own
/// (misplaced stickers of its best state, a phase's measure, `sa-short`'s
/// seed solver's best while it has no sequence of its own), so only its
/// sign is checked.
pub const UNCHECKED: &str = "iterations, moves_raw, elapsed_ms, search_ms, the solver's own \
     fields, and an unsolved line's energy past its being above 0 (each solver measures it its \
     own way; sa-short's is its seed solver's best, not its reported sequence's)";

/// A line's cube, as it says it.
pub struct Claim<'a> {
    pub size: Size,
    pub base_seed: u64,
    pub index: u64,
    /// The scramble depth; `None`: random states.
    pub depth: Option<u64>,
    /// From a `--states` file (the start cannot be drawn again).
    pub test_set: bool,
    pub facelets: &'a str,
    pub scramble: Option<&'a str>,
    pub solution: &'a str,
    /// The solution was shortened for the line (not whole).
    pub truncated: bool,
    pub solved: bool,
    pub moves_htm: usize,
    pub moves_layers: Option<usize>,
    pub moves_santa: Option<usize>,
    pub energy: f64,
    pub stopped_by: Option<&'a str>,
    pub elapsed_ms: f64,
}

impl<'a> Claim<'a> {
    /// What line `l` claims of cube `index` of a run of `size` cubes under
    /// `base_seed` (`test_set`: its start cannot be drawn again).
    pub fn of(l: &'a ResultLine, size: Size, base_seed: u64, index: u64, test_set: bool) -> Self {
        let r = &l.run;
        Claim {
            size,
            base_seed,
            index,
            depth: r.depth,
            test_set,
            facelets: &r.facelets,
            scramble: r.scramble.as_deref(),
            solution: &r.solution,
            truncated: l.tail.solution_truncated,
            solved: r.solved,
            moves_htm: r.moves_htm,
            moves_layers: r.moves_layers,
            moves_santa: r.moves_santa,
            energy: r.energy,
            stopped_by: r.stopped_by.as_deref(),
            elapsed_ms: r.elapsed_ms,
        }
    }
}

/// Why the claim does not hold, if it does not.
pub fn check(c: &Claim<'_>) -> Result<(), String> {
    let start = AnyCube::from_facelets(c.size, c.facelets).map_err(|e| format!("facelets: {e}"))?;
    if !c.test_set {
        let drawn = match c.depth {
            Some(d) => random_scramble(c.base_seed, c.index, d as usize, c.size),
            None => random_start(c.base_seed, c.index, c.size),
        };
        if drawn.cube != start {
            return Err(format!(
                "facelets are not cube {}'s start under base seed {}",
                c.index, c.base_seed
            ));
        }
        let scramble = drawn.scramble.as_ref().map(ToString::to_string);
        if c.scramble.is_some() && c.scramble != scramble.as_deref() {
            return Err(format!(
                "scramble is not cube {}'s under base seed {}",
                c.index, c.base_seed
            ));
        }
    }
    energy(c)?;
    stop(c)?;
    if c.truncated {
        if c.solved {
            return Err("a solved line whose solution is not whole".into());
        }
        return Ok(());
    }
    let (end, turns) = replay_solution(&start, c.solution).map_err(|e| format!("solution: {e}"))?;
    if turns != c.moves_htm {
        return Err(format!(
            "moves_htm {}, but the solution is {turns} HTM",
            c.moves_htm
        ));
    }
    if end.is_solved() != c.solved {
        return Err(if c.solved {
            "solved, but its solution does not solve its cube".into()
        } else {
            "not solved, but its solution solves its cube".into()
        });
    }
    if c.moves_layers.is_some() || c.moves_santa.is_some() {
        let alg = AnyAlg::parse_sized(c.solution, c.size).map_err(|e| format!("solution: {e}"))?;
        let (layers, santa) = metrics(&alg);
        for (field, said, is) in [
            ("moves_layers", c.moves_layers, layers),
            ("moves_santa", c.moves_santa, santa),
        ] {
            if said.is_some_and(|n| n != is) {
                return Err(format!(
                    "{field} {}, but the solution is {is}",
                    said.unwrap_or_default()
                ));
            }
        }
    }
    Ok(())
}

/// The energy agrees with `solved`: every solver's energy is 0 exactly
/// when its best state is solved, and never negative (`null`, not a
/// number, says nothing).
fn energy(c: &Claim<'_>) -> Result<(), String> {
    let e = c.energy;
    if e.is_nan() {
        return Ok(());
    }
    if !e.is_finite() || e < 0.0 {
        return Err(format!("energy {e} is not an energy (0 or more)"));
    }
    if c.solved && e != 0.0 {
        return Err(format!("energy {e}, but a solved cube's energy is 0"));
    }
    if !c.solved && e == 0.0 {
        return Err("energy 0, but the cube is not solved".into());
    }
    Ok(())
}

/// `stopped_by` is a reason a run gives, and agrees with `solved` (only a
/// solved run stops as solved) and the time the run took.
fn stop(c: &Claim<'_>) -> Result<(), String> {
    let Some(words) = c.stopped_by else {
        return Ok(());
    };
    let bad = |why: &str| Err(format!("stopped_by \"{words}\": {why}"));
    // A solver that goes on shortening a solution stops solved by a limit.
    if words == "solved" {
        return if c.solved {
            Ok(())
        } else {
            bad("the cube is not solved")
        };
    }
    if let Some(limit) = words
        .strip_prefix("time limit ")
        .and_then(|t| t.strip_suffix(" s"))
    {
        return match limit.parse::<f64>() {
            // A millisecond for the rounding of the two clocks.
            Ok(s) if s.is_finite() && s > 0.0 && c.elapsed_ms + 1.0 >= s * 1e3 => Ok(()),
            Ok(s) if s.is_finite() && s > 0.0 => bad("the run took less than that"),
            _ => bad("not a time limit"),
        };
    }
    let budget = words
        .strip_prefix("step limit ")
        .and_then(|t| t.strip_suffix(" (--max-steps)"))
        .is_some_and(|n| n.parse::<u64>().is_ok());
    let driver = [
        "step limit",
        "time limit",
        "stalled: a step batch made no progress",
        "the solver's own budget",
    ]
    .contains(&words);
    if budget || driver || StopReason::known(words) {
        Ok(())
    } else {
        bad("not a reason a run stops for")
    }
}
