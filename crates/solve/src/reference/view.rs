//! One view of a cube for [`super::views::MultiSearch`]: the cube seen
//! along one of its axes (or its inverse), perhaps with pre-moves made
//! first, and the search on it.

use super::prune2_sym::recoloured;
use super::search::Search;
use super::tables::Tables;
use cubetui_cube::cubie_turns;
use cubetui_cube::state::CENTRES;
use cubetui_cube::{Cube, CubieCube, Move, MoveKind, Rotation, STICKERS};

/// The pre-moves (min2phase's): a view may solve the cube with one of these
/// turns made first, `R F L B` (each a quarter turn out of G1), and append
/// the turn to its solution. Each pre-move gives every length another set of
/// phase-1 solutions, so a short total is met at a shallower phase-1 depth.
pub(super) const PRE_MOVES: [u8; 4] = [3, 6, 12, 15];

/// The inverse of turn `m`: its face's other quarter turn, or `m` itself
/// for a half turn (moves are face × 3 + quarter turns − 1).
pub(super) const fn other_quarter(m: u8) -> u8 {
    m - m % 3 + (2 - m % 3)
}

/// Shortest phase-1 part a pre-move view searches (min2phase's 7): below
/// it the plain views' few phase-1 solutions are tried alone, so a short
/// scramble still gets its short solution first.
const PRE_MIN_DEPTH1: usize = 7;

/// Shortest phase-1 part a view with two pre-moves searches (min2phase's
/// pre-move sequences: a pre-move of [`PRE_MOVES`] after any turn off its
/// axis, from a phase-1 length of 7 as min2phase's; 288 views, which cut
/// the slow cubes' time and, met as early as min2phase meets them, make
/// its solutions as short).
const PRE2_MIN_DEPTH1: usize = 7;

/// One view of the cube.
pub(super) struct View<'t> {
    pub(super) search: Search<'t>,
    /// Face `f` of the view is face `faces[f]` of the cube as given.
    pub(super) faces: [usize; 6],
    /// The view solves the inverse cube.
    pub(super) inverse: bool,
    /// The view's cube is the cube after this turn (a pre-move, see
    /// [`PRE_MOVES`]), which ends the view's solutions.
    pub(super) pre: Option<u8>,
    /// A turn made before `pre` (the view's cube is `pre · pre2 · start`),
    /// which ends the view's solutions after `pre`.
    pub(super) pre2: Option<u8>,
}

impl View<'_> {
    /// Moves the view's solutions spend outside its search.
    pub(super) fn extra(&self) -> usize {
        usize::from(self.pre.is_some()) + usize::from(self.pre2.is_some())
    }

    /// The length order views advance in: phase-1 depth plus pre-moves.
    pub(super) fn key(&self) -> usize {
        self.search.phase1_depth() + self.extra()
    }
}

/// `cube` turned by `rotation` and recoloured so its centres read U R F D L B,
/// with the face map back to the cube as given.
pub(super) fn view_of(cube: &Cube, rotation: Option<Rotation>) -> Option<(Cube, [usize; 6])> {
    let turned = match rotation {
        Some(r) => cube.permuted(Move::new(MoveKind::Rotation(r), 1)?.perm()),
        None => *cube,
    };
    let table: [u8; STICKERS] = match rotation {
        Some(r) => *Move::new(MoveKind::Rotation(r), 1)?.perm().table(),
        None => std::array::from_fn(|i| i as u8),
    };
    let faces = std::array::from_fn(|f| {
        let from = table[CENTRES[f]] as usize;
        CENTRES.iter().position(|&c| c == from).unwrap_or(f)
    });
    Some((recoloured(&turned)?, faces))
}

/// The view of `start` (a plain view's cube, after `pre2` if any) with the
/// pre-move `m` made first. Solving `m · start` with S solves `start` with
/// S m; `m' · start` (the face's other quarter turn) has the same phase-1
/// coordinates (m' = m2 · m, m2 in G1), so the view's phase-1 search serves
/// it too.
pub(super) fn pre_view<'t>(
    t: &'t Tables,
    start: &CubieCube,
    m: u8,
    pre2: Option<u8>,
    (faces, inverse): ([usize; 6], bool),
    max_len: usize,
    target: usize,
) -> View<'t> {
    let turn = |m: u8| cubie_turns::multiply(&cubie_turns::face_turn_cubies()[m as usize], start);
    let extra = 1 + usize::from(pre2.is_some());
    let min_depth1 = if pre2.is_some() {
        PRE2_MIN_DEPTH1
    } else {
        PRE_MIN_DEPTH1
    };
    View {
        search: Search::from_depth(
            t,
            turn(m),
            max_len.saturating_sub(extra),
            target.saturating_sub(extra),
            min_depth1,
        )
        .with_alt(turn(other_quarter(m))),
        faces,
        inverse,
        pre: Some(m),
        pre2,
    }
}
