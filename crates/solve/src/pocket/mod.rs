//! The 2×2's exact optimal solver: a breadth-first distance table over all
//! 3,674,160 states (the DBL corner fixed; face turns U R F and their powers,
//! HTM), built once in a fraction of a second and cached on disk
//! ([`table`]), and a solver that walks down it, one move that brings the
//! distance down by one at a time ([`solve`]). God's number is 11.
//!
//! A start in any orientation is accepted: it is turned as a whole so DBL is
//! home, solved there, and the moves are turned back into the start's frame
//! (a U in the upright view may be an L on the cube as given), so the
//! solution is face turns only and replays on the start as given. As the
//! `reference` solver on the 2×2: [`Pocket`], built by [`build`].

pub mod coord;
pub mod table;

use thiserror::Error;

use crate::api::{Outcome, Profile, Snapshot, SolveError, Solver, Status};
use crate::reference::ReferenceParams;
use cubetui_cube::moves::Rotation;
use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnFaceletError, NxnKind, NxnMove, Size, tables};
use cubetui_cube::{AnyAlg, AnyCube};

use coord::{Corners, N_MOVES, search_move};
pub use table::{GODS_NUMBER, Table};

/// Why a 2×2 was not solved.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PocketError {
    #[error("the optimal 2x2 solver takes a 2x2, not a {0}")]
    NotTwo(Size),
    #[error(transparent)]
    Invalid(#[from] NxnFaceletError),
    #[error("not a reachable 2x2 state")]
    Unreachable,
    #[error("the 2x2 distance table is inconsistent")]
    BadTable,
}

/// The 24 whole-cube rotations, the empty one first.
pub fn rotations() -> Vec<NxnAlg> {
    let rot = |r, t| NxnMove::new(NxnKind::Rotation(r), t);
    let tilts = [
        None,
        rot(Rotation::X, 1),
        rot(Rotation::X, 2),
        rot(Rotation::X, 3),
        rot(Rotation::Z, 1),
        rot(Rotation::Z, 3),
    ];
    let mut out = Vec::with_capacity(24);
    for tilt in tilts {
        for y in 0..4 {
            out.push(tilt.into_iter().chain(rot(Rotation::Y, y)).collect());
        }
    }
    out
}

/// The rotation that turns `cube` upright (DBL home), with the upright state.
fn upright(cube: &NxnCube) -> Option<(NxnAlg, NxnCube)> {
    rotations().into_iter().find_map(|r| {
        let c = cube.after(&r).ok()?;
        c.is_upright().then_some((r, c))
    })
}

/// The outer turn that does on the cube as given what `m` does on it after
/// `rotation`: `rotation · m · rotation⁻¹`.
fn conjugate(m: NxnMove, rotation: &NxnAlg) -> Option<NxnMove> {
    let size = Size::TWO;
    let t = tables(size);
    let labels: Vec<u8> = (0..size.stickers() as u8).collect();
    let mut want = labels.clone();
    for &r in rotation.moves() {
        t.perm(r).ok()?.apply(&mut want);
    }
    t.perm(m).ok()?.apply(&mut want);
    for &r in rotation.inverse().moves() {
        t.perm(r).ok()?.apply(&mut want);
    }
    NxnMove::all(size)
        .filter(|c| {
            matches!(
                c.kind,
                NxnKind::Turn {
                    layer: 1,
                    wide: false,
                    ..
                }
            )
        })
        .find(|&c| {
            let mut got = labels.clone();
            t.perm(c).is_ok_and(|p| {
                p.apply(&mut got);
                got == want
            })
        })
}

/// The distance (HTM) of a valid 2×2 from solved, in any orientation.
pub fn distance(cube: &NxnCube) -> Result<usize, PocketError> {
    let (_, up) = checked_upright(cube)?;
    let index = Corners::read(&up).ok_or(PocketError::Unreachable)?.index();
    table::table()
        .distance(index)
        .map(usize::from)
        .ok_or(PocketError::BadTable)
}

fn checked_upright(cube: &NxnCube) -> Result<(NxnAlg, NxnCube), PocketError> {
    if cube.size() != Size::TWO {
        return Err(PocketError::NotTwo(cube.size()));
    }
    cube.validate()?;
    upright(cube).ok_or(PocketError::Unreachable)
}

/// An optimal (fewest face turns) solution of a 2×2 in any orientation,
/// with the process-wide table ([`table::table`]).
pub fn solve(cube: &NxnCube) -> Result<NxnAlg, PocketError> {
    solve_with(table::table(), cube)
}

/// [`solve`] with an explicit table.
pub fn solve_with(t: &Table, cube: &NxnCube) -> Result<NxnAlg, PocketError> {
    let (rotation, up) = checked_upright(cube)?;
    let mut index = Corners::read(&up).ok_or(PocketError::Unreachable)?.index();
    let mut d = t.distance(index).ok_or(PocketError::BadTable)?;
    let mut out = NxnAlg::default();
    while d > 0 {
        let (m, next) = (0..N_MOVES)
            .map(|m| (m, t.next(index, m)))
            .find(|&(_, j)| t.distance(j) == Some(d - 1))
            .ok_or(PocketError::BadTable)?;
        out.push(conjugate(search_move(m), &rotation).ok_or(PocketError::BadTable)?);
        index = next;
        d -= 1;
    }
    Ok(out)
}

/// The 2×2's optimal solver as a one-step run.
pub struct Pocket {
    start: NxnCube,
    solution: Option<NxnAlg>,
}

/// `reference` on a 2×2 `start` (any orientation): the optimal solution in
/// one step. The parameters are the 3×3 search's; the table needs none.
///
/// # Errors
/// A start that is not a valid, reachable 2×2.
pub fn build(_: &ReferenceParams, start: &NxnCube, _: u64) -> Result<Box<dyn Solver>, SolveError> {
    distance(start).map_err(|e| SolveError::Config(e.to_string()))?;
    Ok(Box::new(Pocket {
        start: start.clone(),
        solution: None,
    }))
}

impl Pocket {
    /// The state the solution so far reaches.
    fn best(&self) -> NxnCube {
        let solution = self.solution.clone().unwrap_or_default();
        self.start
            .after(&solution)
            .unwrap_or_else(|_| self.start.clone())
    }
}

impl Solver for Pocket {
    fn profile(&self) -> Profile {
        Profile {
            step: "step",
            series: Vec::new(),
        }
    }

    fn step(&mut self, _: u64) -> Status {
        if self.solution.is_none() {
            // Validated when built: a failure here is a damaged table.
            self.solution = Some(solve(&self.start).unwrap_or_default());
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

    fn snapshot(&self) -> Snapshot {
        let best = self.best();
        let energy = best.upright().misplaced() as f64;
        Snapshot {
            iteration: u64::from(self.solution.is_some()),
            energy,
            best_energy: energy,
            current: AnyCube::Nxn(best.clone()),
            best: AnyCube::Nxn(best),
            sequence_len: self.solution.as_ref().map_or(0, NxnAlg::len),
            generator: None,
            phase: None,
            status: self.status(),
            last_step: None,
            exhausted_by: None,
            rows: Vec::new(),
            values: Vec::new(),
        }
    }

    fn outcome(&self) -> Outcome {
        let best = self.best();
        Outcome {
            solved: best.is_solved(),
            solution: AnyAlg::Nxn(self.solution.clone().unwrap_or_default(), self.start.size()),
            energy: best.upright().misplaced() as f64,
            iterations: u64::from(self.solution.is_some()),
            extra: serde_json::Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::OnceLock;

    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::coord::{N_STATES, search_move};
    use super::*;
    use cubetui_cube::nxn::random::{random_2x2, random_moves};

    fn t() -> &'static Table {
        static T: OnceLock<Table> = OnceLock::new();
        T.get_or_init(Table::build)
    }

    /// Fewest face turns that solve `cube`, by iterative deepening over sticker
    /// states, independent of the table: on the upright view with U R F turns
    /// (an optimal solution with D L B turns has one as short with U R F).
    fn iddfs(cube: &NxnCube, limit: usize) -> Option<usize> {
        fn go(c: &NxnCube, depth: usize, last: Option<usize>) -> bool {
            if c.is_solved() {
                return true;
            }
            if depth == 0 {
                return false;
            }
            let turns: Vec<NxnMove> = NxnMove::all(Size::TWO)
                .filter(|m| {
                    matches!(m.kind, NxnKind::Turn { face, layer: 1, wide: false }
                        if matches!(face, cubetui_cube::face::Face::U | cubetui_cube::face::Face::R | cubetui_cube::face::Face::F))
                })
                .collect();
            turns.iter().enumerate().any(|(i, &m)| {
                // Skip a second turn of the same face (it would merge).
                if last == Some(i / 3) {
                    return false;
                }
                let mut next = c.clone();
                next.apply_move(m).expect("a 2x2 turns its faces");
                go(&next, depth - 1, Some(i / 3))
            })
        }
        let up = cube.upright();
        (0..=limit).find(|&d| go(&up, d, None))
    }

    #[test]
    fn every_state_is_reached_and_gods_number_is_11() {
        let t = t();
        assert!((0..N_STATES).all(|i| t.distance(i).is_some_and(|d| d <= GODS_NUMBER)));
        assert_eq!(t.max_distance(), 11);
        assert_eq!(t.distance(0), Some(0));
    }

    #[test]
    fn solutions_replay_and_match_the_table() {
        let mut rng = StdRng::seed_from_u64(19);
        for _ in 0..200 {
            let cube = random_2x2(&mut rng);
            let sol = solve_with(t(), &cube).unwrap();
            assert!(cube.after(&sol).unwrap().is_solved(), "{cube:?} {sol}");
            let index = Corners::read(&cube).unwrap().index();
            assert_eq!(Some(sol.len() as u8), t().distance(index));
        }
    }

    #[test]
    fn solutions_are_optimal_against_brute_force() {
        let mut rng = StdRng::seed_from_u64(7);
        for depth in [1, 2, 3, 4, 5, 6, 7, 8, 8, 8] {
            let scramble = random_moves(&mut rng, Size::TWO, depth);
            let cube = NxnCube::solved(Size::TWO).after(&scramble).unwrap();
            let sol = solve_with(t(), &cube).unwrap();
            assert_eq!(Some(sol.len()), iddfs(&cube, 8), "{scramble}");
        }
    }

    #[test]
    fn a_start_in_any_orientation_is_solved_with_face_turns() {
        let mut rng = StdRng::seed_from_u64(3);
        for r in rotations() {
            let cube = random_2x2(&mut rng).after(&r).unwrap();
            let sol = solve_with(t(), &cube).unwrap();
            assert!(cube.after(&sol).unwrap().is_solved());
            assert!(sol.moves().iter().all(|m| matches!(
                m.kind,
                NxnKind::Turn {
                    layer: 1,
                    wide: false,
                    ..
                }
            )));
            let upright = Corners::read(&cube.upright()).unwrap().index();
            assert_eq!(Some(sol.len() as u8), t().distance(upright));
        }
    }

    #[test]
    fn other_sizes_and_bad_cubes_are_refused() {
        assert_eq!(
            solve_with(t(), &NxnCube::solved(Size::THREE)),
            Err(PocketError::NotTwo(Size::THREE))
        );
        let mut s = NxnCube::solved(Size::TWO).stickers().to_vec();
        s.swap(0, 4);
        let bad = NxnCube::from_stickers(Size::TWO, s).unwrap();
        assert!(solve_with(t(), &bad).is_err());
        assert_eq!(search_move(4).to_string(), "R2");
    }

    #[test]
    fn the_file_image_round_trips_and_damage_is_caught() {
        let path = Path::new("pocket-test.bin");
        let bytes = t().to_bytes();
        let back = Table::from_bytes(&bytes, path).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        let mut flipped = bytes.clone();
        flipped[100] ^= 1;
        assert!(matches!(
            Table::from_bytes(&flipped, path),
            Err(disk_error) if disk_error.to_string().contains("checksum")
        ));
        let mut forged = bytes[..bytes.len() - 4].to_vec();
        forged[16 + 5] = 0;
        let sum = crc32fast::hash(&forged);
        forged.extend_from_slice(&sum.to_le_bytes());
        assert!(Table::from_bytes(&forged, path).is_err());
        assert!(Table::from_bytes(&bytes[..50], path).is_err());
    }

    #[test]
    fn the_table_is_stored_and_loaded_through_the_cache_file() {
        let dir = std::env::temp_dir().join(format!("cubetui-pocket-{}", std::process::id()));
        let path = dir.join(table::FILE_NAME);
        let _ = std::fs::remove_dir_all(&dir);
        let (_, first) = table::load_or_build(Some(&path));
        assert!(matches!(
            first,
            table::Obtained::Built {
                stored: Some(Ok(_)),
                ..
            }
        ));
        let (loaded, second) = table::load_or_build(Some(&path));
        assert!(matches!(second, table::Obtained::Loaded));
        assert_eq!(loaded.max_distance(), 11);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
