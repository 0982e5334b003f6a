//! Six searches on one cube: the cube seen along each of its three axes, and
//! its inverse along each. Each view has its own short phase-1 solutions, so
//! running them side by side (always advancing the one at the shallowest
//! phase-1 depth) finds short totals sooner than one search would. A solution
//! found in one view bounds the others.

use super::base::{ReferenceError, cubies, to_alg};
use super::cubie::{N_MOVES, face_of};
use super::search::Search;
use super::tables::Tables;
use crate::cube::cubie_turns;
use crate::cube::state::CENTRES;
use crate::cube::{Alg, Cube, CubieCube, Move, MoveKind, Rotation, STICKERS};

/// Nodes one view expands before the next view may take a turn.
const SLICE: u64 = 2_000;

/// One view of the cube.
struct View<'t> {
    search: Search<'t>,
    /// Face `f` of the view is face `faces[f]` of the cube as given.
    faces: [usize; 6],
    /// The view solves the inverse cube.
    inverse: bool,
}

/// `cube` turned by `rotation` and recoloured so its centres read U R F D L B,
/// with the face map back to the cube as given.
fn view_of(cube: &Cube, rotation: Option<Rotation>) -> Option<(Cube, [usize; 6])> {
    let turned = match rotation {
        Some(r) => cube.permuted(Move::new(MoveKind::Rotation(r), 1)?.perm()),
        None => *cube,
    };
    let table: [u8; STICKERS] = match rotation {
        Some(r) => *Move::new(MoveKind::Rotation(r), 1)?.perm().table(),
        None => std::array::from_fn(|i| i as u8),
    };
    let s = turned.stickers();
    let mut recolour = [u8::MAX; 6];
    for (f, &c) in CENTRES.iter().enumerate() {
        recolour[s[c] as usize] = f as u8;
    }
    if recolour.contains(&u8::MAX) {
        return None;
    }
    let stickers: [u8; STICKERS] = std::array::from_fn(|i| recolour[s[i] as usize]);
    let faces = std::array::from_fn(|f| {
        let from = table[CENTRES[f]] as usize;
        CENTRES.iter().position(|&c| c == from).unwrap_or(f)
    });
    Some((Cube::from_stickers(stickers)?, faces))
}

/// The six searches for one cube, sharing the best length.
pub struct MultiSearch<'t> {
    cube: Cube,
    views: Vec<View<'t>>,
    best: Option<Alg>,
    target: usize,
}

impl<'t> MultiSearch<'t> {
    /// Searches for `cube`; fails if it is not a reachable cube.
    pub fn new(
        t: &'t Tables,
        cube: &Cube,
        max_len: usize,
        target: usize,
    ) -> Result<MultiSearch<'t>, ReferenceError> {
        cubies(cube)?;
        let mut views = Vec::with_capacity(6);
        for rotation in [None, Some(Rotation::X), Some(Rotation::Z)] {
            let (seen, faces) = view_of(cube, rotation).ok_or(ReferenceError::Internal)?;
            let c = cubies(&seen)?;
            for inverse in [false, true] {
                let start: CubieCube = if inverse { cubie_turns::inverse(&c) } else { c };
                views.push(View {
                    search: Search::new(t, start, max_len, target),
                    faces,
                    inverse,
                });
            }
        }
        Ok(MultiSearch {
            cube: *cube,
            views,
            best: None,
            target,
        })
    }

    /// Shortest solution so far, for the cube as given.
    pub fn best(&self) -> Option<&Alg> {
        self.best.as_ref()
    }

    /// Nodes expanded by all views.
    pub fn nodes(&self) -> u64 {
        self.views.iter().map(|v| v.search.nodes()).sum()
    }

    /// Whether every view is finished (or the target is met).
    pub fn finished(&self) -> bool {
        self.views.iter().all(|v| v.search.finished())
    }

    /// Shallowest phase-1 depth any unfinished view is searching.
    pub fn phase1_depth(&self) -> usize {
        self.views
            .iter()
            .filter(|v| !v.search.finished())
            .map(|v| v.search.phase1_depth())
            .min()
            .unwrap_or(0)
    }

    /// Expands about `budget` more nodes; returns whether the search finished.
    pub fn run(&mut self, budget: u64) -> bool {
        let limit = self.nodes().saturating_add(budget);
        loop {
            let nodes = self.nodes();
            if nodes >= limit {
                break;
            }
            let Some(i) = (0..self.views.len())
                .filter(|&i| !self.views[i].search.finished())
                .min_by_key(|&i| self.views[i].search.phase1_depth())
            else {
                break;
            };
            let before = self.views[i].search.best().map(|b| b.len());
            self.views[i].search.run(SLICE.min(limit - nodes));
            let after = self.views[i].search.best().map(|b| b.to_vec());
            if let Some(moves) = after.filter(|m| Some(m.len()) != before) {
                self.accept(i, &moves);
            }
        }
        self.finished()
    }

    /// Takes a view's solution over to the cube as given and bounds every view.
    fn accept(&mut self, i: usize, moves: &[u8]) {
        let view = &self.views[i];
        let mut ms: Vec<u8> = moves.to_vec();
        if view.inverse {
            ms.reverse();
            for m in &mut ms {
                *m = *m - *m % 3 + (2 - *m % 3);
            }
        }
        let mapped: Vec<u8> = ms
            .iter()
            .map(|&m| (view.faces[face_of(m as usize)] * 3 + m as usize % 3) as u8)
            .collect();
        debug_assert!(mapped.iter().all(|&m| (m as usize) < N_MOVES));
        let alg = to_alg(&mapped);
        let improves = self.best.as_ref().is_none_or(|b| alg.len() < b.len());
        if !improves || !self.cube.after(&alg).is_solved() {
            return;
        }
        let limit = alg.len().saturating_sub(1);
        self.best = Some(alg);
        for v in &mut self.views {
            v.search.set_limit(limit);
        }
        if limit < self.target {
            for v in &mut self.views {
                v.search.set_limit(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::random::{random_state, rng_from_seed};
    use crate::solve::reference::cubie;

    #[test]
    fn a_turn_in_a_view_is_the_mapped_turn_of_the_cube() {
        let mut rng = rng_from_seed(17);
        for _ in 0..20 {
            let cube = random_state(&mut rng);
            for rotation in [None, Some(Rotation::X), Some(Rotation::Z)] {
                let (seen, faces) = view_of(&cube, rotation).unwrap();
                let mut used = faces;
                used.sort_unstable();
                assert_eq!(used, [0, 1, 2, 3, 4, 5], "{rotation:?}: a face map");
                for m in 0..N_MOVES {
                    let mapped = faces[face_of(m)] * 3 + m % 3;
                    let turned = cube.permuted(cubie::to_move(mapped).perm());
                    let (seen_turned, _) = view_of(&turned, rotation).unwrap();
                    let expected = seen.permuted(cubie::to_move(m).perm());
                    assert_eq!(seen_turned, expected, "{rotation:?}, move {m}");
                }
            }
        }
    }
}
