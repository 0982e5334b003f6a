//! `phases-sa` on the 2×2 (preset `2x2-phases`): the 3×3 solver's idea —
//! group phases, each by a face-turn annealer over move sequences
//! ([`crate::solve::phases`], after El-Sourani, Hauke and Borschbach) — on
//! the 2×2's two group steps, with the DBL corner home and turns of U, R, F:
//!
//! 1. ⟨U, R, F⟩ → ⟨U, R2, F2⟩: orient the corners (every U/D sticker on U or
//!    D) with all nine turns; fitness = U/D stickers elsewhere (0 to 7);
//!    the preset's `phase1` table;
//! 2. ⟨U, R2, F2⟩ → solved with U, U2, U', R2, F2 (they keep the corners
//!    oriented); fitness = misplaced stickers; the `phase2` table.
//!
//! `phase3` and `phase4` (the 3×3's last two phases) are not used on the
//! 2×2. Each phase anneals a fixed-length sequence judged by its best
//! prefix, energy = fitness + used length / (length + 1) ([`phase`]). When
//! phase 2 is done the run starts again from phase 1 with fresh random
//! sequences, until `max_steps` proposals are spent, and keeps the shortest
//! whole solution ([`run`]). No distance table and no exhaustive search:
//! only the annealers' proposals.

pub mod kit;
pub mod phase;
pub mod run;

use super::api::{SizedOutcome, SizedSolver, upright};
use crate::cube::nxn::{NxnAlg, NxnCube, Size};
use crate::solve::api::{SolveError, Status};
use crate::solve::phases::SaParams;
use run::Run;

/// A `phases-sa` run on a 2×2.
pub struct Phased {
    rotation: NxnAlg,
    run: Run,
}

impl Phased {
    /// A run from `start` (a 2×2 in any orientation), fully determined by
    /// (`p`, `seed`, `start`).
    pub fn new(p: &SaParams, start: &NxnCube, seed: u64) -> Result<Phased, SolveError> {
        let size = start.size();
        let not_two = || {
            SolveError::Config(format!(
                "phases-sa runs on the 2x2 and 3x3, not on the {size}"
            ))
        };
        if size != Size::TWO {
            return Err(not_two());
        }
        let (rotation, cube) = upright(start);
        let stickers = cube.stickers().try_into().map_err(|_| not_two())?;
        let run = Run::new(p, stickers, cube.face_colours(), seed)?;
        Ok(Phased { rotation, run })
    }
}

impl SizedSolver for Phased {
    fn step(&mut self, n: u64) -> Status {
        self.run.step(n)
    }

    fn status(&self) -> Status {
        self.run.status()
    }

    fn outcome(&self) -> SizedOutcome {
        let (moves, energy) = self.run.best();
        let solution = self.rotation.moves().iter().copied().chain(moves).collect();
        SizedOutcome {
            solved: energy == 0,
            solution,
            energy: f64::from(energy),
            iterations: self.run.steps(),
        }
    }
}
