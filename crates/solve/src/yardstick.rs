//! The exact yardstick of each cube size, in one place: the 2×2's distance
//! table (optimal), Kociemba's two-phase algorithm on the 3×3 (an exact
//! method, about 20 HTM), none past the 3×3. `bench` and `sweep` (the
//! `× reference` column), `solve --reference`, the race's tables and the
//! `reference` solver's sizes all ask here.

use crate::api::SolveError;
use crate::{pocket, reference};
use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyCube, Cube};

/// An exact method that gives a cube's reference length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Yardstick {
    /// The 2×2's breadth-first distance table: optimal.
    Optimal,
    /// Kociemba's two-phase algorithm on the 3×3.
    TwoPhase,
}

impl Yardstick {
    /// The yardstick of cubes of `size`; `None` past the 3×3.
    pub fn of(size: Size) -> Option<Yardstick> {
        match size.get() {
            2 => Some(Yardstick::Optimal),
            3 => Some(Yardstick::TwoPhase),
            _ => None,
        }
    }

    /// In a word, for tables: `optimal`, `two-phase`.
    pub fn name(self) -> &'static str {
        match self {
            Yardstick::Optimal => "optimal",
            Yardstick::TwoPhase => "two-phase",
        }
    }

    /// What it is, for a report line: "optimal, the 2x2 distance table",
    /// "two-phase, an exact method".
    pub fn how(self) -> &'static str {
        match self {
            Yardstick::Optimal => "optimal, the 2x2 distance table",
            Yardstick::TwoPhase => "two-phase, an exact method",
        }
    }

    /// Reads or builds its tables now (before a race starts its clocks).
    pub fn prepare(self) {
        match self {
            Yardstick::Optimal => {
                pocket::table::table();
            }
            Yardstick::TwoPhase => {
                reference::cache::tables();
            }
        }
    }
}

/// Why cubes of `size` have no yardstick.
pub fn none_for(size: Size) -> String {
    format!("no reference for {size} (an exact reference exists for the 2x2 and 3x3 only)")
}

/// The sizes the `reference` solver runs on: those with a yardstick (the
/// 2×2 by its distance table, the 3×3 by two-phase). Its one declaration of
/// sizes, named on its registry line.
///
/// # Errors
/// [`SolveError::Config`] for any other size ([`none_for`]).
pub fn reference_runs_on(_: &reference::ReferenceParams, size: Size) -> Result<(), SolveError> {
    match Yardstick::of(size) {
        Some(_) => Ok(()),
        None => Err(SolveError::Config(none_for(size))),
    }
}

/// Length (HTM) of the two-phase reference solution of the 3×3 `cube`.
///
/// # Errors
/// A cube the search cannot solve (not a valid cube).
pub fn two_phase_htm(cube: &Cube) -> Result<usize, SolveError> {
    reference::solve(cube, 30, reference::SearchLimits::default())
        .map(|alg| alg.len())
        .map_err(|e| SolveError::Parameter(e.to_string()))
}

/// The reference length (HTM) of `cube` by its size's yardstick.
///
/// # Errors
/// [`SolveError::Config`] for a size without one ([`none_for`]),
/// [`SolveError::Parameter`] for a cube it cannot solve.
pub fn length(cube: &AnyCube) -> Result<usize, SolveError> {
    let size = cube.size();
    match (Yardstick::of(size), cube) {
        (None, _) => Err(SolveError::Config(none_for(size))),
        (Some(_), AnyCube::Three(c)) => two_phase_htm(c),
        (Some(_), AnyCube::Nxn(c)) => {
            pocket::distance(c).map_err(|e| SolveError::Parameter(e.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2x2_and_3x3_have_one_and_no_other_size() {
        let of = |n| Yardstick::of(Size::new(n).unwrap());
        assert_eq!(of(2), Some(Yardstick::Optimal));
        assert_eq!(of(3), Some(Yardstick::TwoPhase));
        assert!((4..=32).all(|n| of(n).is_none()));
        let four = AnyCube::solved(Size::new(4).unwrap());
        let e = length(&four).unwrap_err().to_string();
        assert!(e.contains("no reference for 4x4"), "{e}");
    }
}
