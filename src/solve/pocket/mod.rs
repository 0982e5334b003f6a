//! The 2×2's exact optimal solver: a breadth-first distance table over all
//! 3,674,160 states (the DBL corner fixed; face turns U R F and their powers,
//! HTM), built once in a fraction of a second and cached on disk
//! ([`table`]), and a solver that walks down it, one move that brings the
//! distance down by one at a time ([`solve`]). God's number is 11.
//!
//! A start in any orientation is accepted: it is turned as a whole so DBL is
//! home, solved there, and the moves are turned back into the start's frame
//! (a U in the upright view may be an L on the cube as given), so the
//! solution is face turns only and replays on the start as given.

pub mod coord;
pub mod table;

use thiserror::Error;

use crate::cube::moves::Rotation;
use crate::cube::nxn::{NxnAlg, NxnCube, NxnFaceletError, NxnKind, NxnMove, Size, tables};

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

#[cfg(test)]
mod tests;
