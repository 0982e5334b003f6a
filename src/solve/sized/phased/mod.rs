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

/// Why `phases-sa` does not run on `size` (any size but the 2×2 and 3×3).
pub(super) fn not_two(size: Size) -> SolveError {
    SolveError::Config(format!(
        "phases-sa runs on the 2x2 and 3x3, not on the {size}"
    ))
}

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
        if size != Size::TWO {
            return Err(not_two(size));
        }
        let (rotation, cube) = upright(start);
        let stickers = cube.stickers().try_into().map_err(|_| not_two(size))?;
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

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::kit::{ALL, Goal, Kit};
    use super::phase::Phase;
    use super::*;
    use crate::cube::nxn::NxnKind;
    use crate::cube::nxn::random::random_2x2;
    use crate::cube::random::rng_from_seed;
    use crate::solve::phases::sa::SaPhase;
    use crate::solve::preset;
    use crate::solve::registry::SolverConfig;

    fn config() -> SaParams {
        let Ok(SolverConfig::PhasesSa(p)) = preset::get("2x2-phases") else {
            panic!("2x2-phases is a phases-sa preset");
        };
        p
    }

    fn build(p: &SaParams, start: &NxnCube, seed: u64) -> Result<Box<dyn SizedSolver>, SolveError> {
        Ok(Box::new(Phased::new(p, start, seed)?))
    }

    fn turns(alg: &NxnAlg) -> usize {
        let rotation = |k| matches!(k, NxnKind::Rotation(_));
        alg.moves().iter().filter(|m| !rotation(m.kind)).count()
    }

    fn finish(s: &mut Box<dyn SizedSolver>) -> SizedOutcome {
        while s.step(10_000) == Status::Running {}
        s.outcome()
    }

    #[test]
    fn the_preset_solves_random_2x2s_in_any_orientation_in_few_turns() {
        let mut rng = StdRng::seed_from_u64(19);
        let rotation: NxnAlg = "x y'".parse().unwrap();
        let mut lengths = Vec::new();
        for k in 0..6 {
            let start = random_2x2(&mut rng).after(&rotation).unwrap();
            let mut s = build(&config(), &start, k).unwrap();
            let out = finish(&mut s);
            assert!(out.solved, "{start:?}");
            assert_eq!(out.energy, 0.0);
            assert!(start.after(&out.solution).unwrap().is_solved());
            lengths.push(turns(&out.solution));
        }
        // God's number is 11; the two phases' sum is longer, but not by much.
        assert!(lengths.iter().all(|&l| l <= 18), "{lengths:?}");
        assert!(lengths.iter().sum::<usize>() <= 6 * 14, "{lengths:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_solution() {
        let start = random_2x2(&mut StdRng::seed_from_u64(3));
        let run = |seed| {
            let mut s = build(&config(), &start, seed).unwrap();
            finish(&mut s).solution
        };
        assert_eq!(run(7), run(7));
    }

    #[test]
    fn a_spent_budget_reports_the_best_moves_so_far_and_their_energy() {
        let mut p = config();
        p.max_steps = 50;
        let start = random_2x2(&mut StdRng::seed_from_u64(4));
        let mut s = build(&p, &start, 1).unwrap();
        assert_eq!(s.step(1_000), Status::Exhausted);
        let out = s.outcome();
        assert!(!out.solved && out.iterations == 50);
        let reached = start.after(&out.solution).unwrap();
        assert_eq!(reached.misplaced() as f64, out.energy);
        // The 3x3's own phases-sa preset runs on the 2x2 by the same path.
        let Ok(SolverConfig::PhasesSa(p)) = preset::get("phases-sa") else {
            panic!("phases-sa");
        };
        let mut s = build(&p, &start, 1).unwrap();
        assert_eq!(s.step(100), Status::Running);
        assert!(matches!(
            build(&config(), &NxnCube::solved(Size::new(4).unwrap()), 1),
            Err(SolveError::Config(_))
        ));
    }

    #[test]
    fn a_solved_start_is_solved_at_once() {
        let mut s = build(&config(), &NxnCube::solved(Size::TWO), 1).unwrap();
        assert_eq!(s.status(), Status::Solved);
        let out = finish(&mut s);
        assert!(out.solved && out.solution.is_empty() && out.iterations == 0);
    }

    #[test]
    fn a_phase_frozen_outside_its_group_fails_and_one_inside_is_polished() {
        let kit = Kit::new([0, 1, 2, 3, 4, 5]);
        let home: kit::State = NxnCube::solved(Size::TWO).stickers().try_into().unwrap();
        let quick = SaPhase {
            length: 2,
            t0: 1.0,
            alpha: 0.01,
            per_temperature: 1,
            t_min: 0.5,
            polish: 3,
        };
        let mut rng = rng_from_seed(1);
        // A state no sequence of two turns orients (checked by trying them).
        let far = kit.after(&home, &[3, 6, 0, 5, 7]);
        for &a in ALL {
            for &b in ALL {
                assert!(kit.fitness(Goal::Oriented, &kit.after(&far, &[a, b])) > 0);
            }
        }
        let mut phase = Phase::new(&quick, Goal::Oriented, ALL, &kit, far, &mut rng);
        assert!(!phase.failed());
        phase.propose(&kit, &mut rng);
        assert!(phase.failed() && !phase.done());
        // From an oriented state the empty prefix is in the group: done
        // after `polish` proposals, never failed.
        let mut phase = Phase::new(&quick, Goal::Oriented, ALL, &kit, home, &mut rng);
        for _ in 0..3 {
            assert!(!phase.done());
            phase.propose(&kit, &mut rng);
        }
        assert!(phase.done() && !phase.failed() && phase.best().is_empty());
    }
}
