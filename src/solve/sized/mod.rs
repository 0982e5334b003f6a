//! Solvers on cubes of any size N ≥ 2 (`cube::nxn`), beside the 3×3 path
//! (which keeps its kernel, its [`Solver`](crate::solve::api::Solver) trait
//! and its seeded outputs untouched).
//!
//! A preset is built for an N×N start with [`build`]: the same
//! [`SolverConfig`] (same parameters declaration) as on the 3×3, the same
//! seed rule. What runs:
//!
//! - `sa` (presets `sa-faces`, `sa-faces-hot`, `2x2-sa`, `4x4-sa`): the
//!   annealer of [`anneal`] with the preset's schedule, budget, restarts and
//!   acceptance rule, over the move set [`moves`] (neighbourhood `faces`).
//! - `ga` (presets `ga`, `2x2-ga`, `4x4-ga`): the generation of
//!   [`ga`] with the preset's parameters, genes from [`moves`].
//! - `reference`: on the 2×2 the exact optimal solver ([`crate::solve::pocket`]);
//!   on N ≥ 4 a refusal, [`no_reference`] ("no reference for 4x4").
//! - every other solver: refused with a message naming the 3×3-only solver.
//!
//! A start in any orientation is accepted: it is turned upright first
//! ([`NxnCube::upright`]: middle centres home on odd N, the DBL corner home on
//! even N), the moves then keep it so, and the reported solution starts with
//! that rotation. "Solved" is every face one colour.

pub mod anneal;
pub mod ga;

use crate::cube::face::Face;
use crate::cube::nxn::{NxnAlg, NxnCube, NxnKind, NxnMove, Size};
use crate::solve::api::{SolveError, Status};
use crate::solve::pocket;
use crate::solve::registry::SolverConfig;

/// The move set of the sticker-energy solvers on `size`, every kind by 1, 2
/// and 3 quarter turns:
///
/// - even N: single layers 1 to N − 1 counted from U, R and F (outer U R F
///   and every inner slice; they leave the DBL corner home and reach every
///   state with DBL home): 9 moves on the 2×2, 27 on the 4×4, 45 on the 6×6;
/// - odd N: single layers 1 to (N − 1)/2 of all six faces (outer turns and
///   every inner slice but the middle one, so the centres stay home): the
///   18 face turns on the 3×3, 36 moves on the 5×5, 54 on the 7×7.
pub fn moves(size: Size) -> Vec<NxnMove> {
    let kinds: Vec<NxnKind> = if size.is_odd() {
        let half = (size.get() / 2) as u8;
        Face::ALL
            .into_iter()
            .flat_map(|f| (1..=half).map(move |l| NxnKind::slice(f, l)))
            .collect()
    } else {
        NxnKind::keeping_dbl(size)
    };
    kinds
        .into_iter()
        .flat_map(|k| (1..=3).filter_map(move |t| NxnMove::new(k, t)))
        .collect()
}

/// The result of an N×N run so far.
#[derive(Clone, Debug)]
pub struct SizedOutcome {
    pub solved: bool,
    /// Moves that take the start (as given) to the best state.
    pub solution: NxnAlg,
    /// Misplaced stickers of the best state ([`NxnCube::misplaced`]).
    pub energy: f64,
    /// Elementary steps run.
    pub iterations: u64,
}

/// An N×N solver that advances in small steps.
pub trait SizedSolver: Send {
    /// Runs up to `n` elementary steps; stops early when solved or exhausted.
    fn step(&mut self, n: u64) -> Status;
    /// Where the run stands.
    fn status(&self) -> Status;
    /// The best result so far.
    fn outcome(&self) -> SizedOutcome;
}

/// The rotation that turns `start` upright, and the upright state; the
/// start itself when no rotation does (then the solvers see its colours as
/// they are).
pub fn upright(start: &NxnCube) -> (NxnAlg, NxnCube) {
    pocket::rotations()
        .into_iter()
        .find_map(|r| {
            let c = start.after(&r).ok()?;
            c.is_upright().then_some((r, c))
        })
        .unwrap_or_else(|| (NxnAlg::default(), start.clone()))
}

/// The 2×2's optimal solver as a one-step run.
struct Pocket {
    start: NxnCube,
    solution: Option<NxnAlg>,
}

impl SizedSolver for Pocket {
    fn step(&mut self, _: u64) -> Status {
        if self.solution.is_none() {
            // Validated when built: a failure here is a damaged table.
            self.solution = Some(pocket::solve(&self.start).unwrap_or_default());
        }
        self.status()
    }

    fn status(&self) -> Status {
        match &self.solution {
            None => Status::Running,
            Some(s) if self.start.after(s).is_ok_and(|c| c.is_solved()) => Status::Solved,
            Some(_) => Status::Exhausted,
        }
    }

    fn outcome(&self) -> SizedOutcome {
        let solution = self.solution.clone().unwrap_or_default();
        let best = self
            .start
            .after(&solution)
            .unwrap_or_else(|_| self.start.clone());
        SizedOutcome {
            solved: best.is_solved(),
            energy: best.upright().misplaced() as f64,
            solution,
            iterations: u64::from(self.solution.is_some()),
        }
    }
}

/// The message for sizes without an exact reference.
pub fn no_reference(size: Size) -> String {
    format!("no reference for {size} (an exact reference exists for the 2x2 and 3x3 only)")
}

/// Builds solver `config` for an N×N `start`, fully determined by (config,
/// seed, start). The 3×3 has its own path
/// ([`SolverConfig::build`](crate::solve::registry::SolverConfig::build));
/// here it runs like any other size.
///
/// # Errors
/// A solver that runs on the 3×3 only, `reference` on N ≥ 4 ("no reference
/// for N×N"), a start that is not a valid cube (for `reference`), or a bad
/// parameter.
pub fn build(
    config: &SolverConfig,
    start: &NxnCube,
    seed: u64,
) -> Result<Box<dyn SizedSolver>, SolveError> {
    let size = start.size();
    match config {
        SolverConfig::Sa(p) => Ok(Box::new(anneal::SizedAnnealer::new(p, start, seed)?)),
        SolverConfig::Ga(p) => Ok(Box::new(ga::SizedGa::new(p, start, seed)?)),
        SolverConfig::Reference(_) if size == Size::TWO => {
            pocket::distance(start).map_err(|e| SolveError::Config(e.to_string()))?;
            Ok(Box::new(Pocket {
                start: start.clone(),
                solution: None,
            }))
        }
        SolverConfig::Reference(_) => Err(SolveError::Config(no_reference(size))),
        other => Err(SolveError::Config(format!(
            "solver `{}` runs on the 3x3 only; on a {size} use an `sa` or `ga` preset \
             (sa-faces, sa-faces-hot, ga, 2x2-sa, 2x2-ga, 4x4-sa){}",
            other.name(),
            if size == Size::TWO {
                " or reference"
            } else {
                ""
            }
        ))),
    }
}

#[cfg(test)]
mod tests;
