//! What merge checks of a line's cube: its start state is cube `index`'s
//! (for random starts, drawn again from the base seed), and its solution,
//! replayed on that start, is as long as the line says and solves it
//! exactly when the line says so.

use cubetui_cube::AnyCube;
use cubetui_cube::nxn::Size;
use cubetui_run::record::check::replay_solution;

use super::super::common::{random_scramble, random_start};

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
    pub solution: &'a str,
    /// The solution was shortened for the line (not whole).
    pub truncated: bool,
    pub solved: bool,
    pub moves_htm: usize,
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
    }
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
    Ok(())
}
