//! The cube as 54 stickers, each holding the face whose colour it shows.

use std::fmt;

use std::sync::OnceLock;

use super::alg::Alg;
use super::face::Face;
pub use super::kernel::CENTRES;
use super::kernel::{self, Lanes, STICKERS};
use super::moves::{Move, MoveKind, Rotation};
use super::perm::Perm;

/// A cube state: sticker `i` (facelet-string order) shows colour `stickers[i]`,
/// a face index 0..6 (the colour that face's centre has when solved).
///
/// Stored padded to 64 aligned bytes so the move and energy kernels can use
/// whole vector registers (see `kernel`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube {
    pub(super) lanes: Lanes,
}

impl Cube {
    /// The solved cube.
    pub const SOLVED: Cube = {
        let mut s = [0u8; STICKERS];
        let mut i = 0;
        while i < STICKERS {
            s[i] = (i / 9) as u8;
            i += 1;
        }
        Cube {
            lanes: Lanes::new(&s),
        }
    };

    /// The solved cube.
    pub fn solved() -> Cube {
        Cube::SOLVED
    }

    /// Builds a cube from raw sticker colours (0..6 each) without checking
    /// that it is reachable; `None` if a value is out of range.
    pub fn from_stickers(stickers: [u8; STICKERS]) -> Option<Cube> {
        stickers.iter().all(|&c| c < 6).then(|| Cube {
            lanes: Lanes::new(&stickers),
        })
    }

    /// Same-coloured neighbours as bit masks: bit `i` of the first is set
    /// when stickers `i` and `i + 1` have the same colour, of the second when
    /// `i` and `i + 3` do. Both also compare stickers that are not neighbours
    /// on the cube (across a row or face boundary); callers mask those out.
    #[inline]
    pub fn equal_neighbours(&self) -> (u64, u64) {
        kernel::neighbours(&self.lanes)
    }

    /// The solved cube with permutation `p` applied.
    pub fn from_perm(p: &Perm) -> Cube {
        Cube::SOLVED.permuted(p)
    }

    /// Sticker colours as face indices.
    #[inline]
    pub fn stickers(&self) -> &[u8; STICKERS] {
        self.lanes.stickers()
    }

    /// The colour of sticker `i` as the face it belongs to when solved.
    pub fn colour(&self, i: usize) -> Face {
        Face::ALL[self.stickers()[i] as usize]
    }

    /// This state with permutation `p` applied.
    #[inline]
    pub fn permuted(&self, p: &Perm) -> Cube {
        Cube {
            lanes: kernel::gather(&self.lanes, p.table()),
        }
    }

    /// This state with `p` applied, and its [`Cube::misplaced`] energy, in one
    /// pass (the annealer's proposal).
    #[inline]
    pub fn permuted_misplaced(&self, p: &Perm) -> (Cube, u32) {
        let (lanes, e) = kernel::gather_misplaced(&self.lanes, p.table());
        (Cube { lanes }, e)
    }

    /// Applies one permutation in place.
    #[inline]
    pub fn apply_perm(&mut self, p: &Perm) {
        self.lanes = kernel::gather(&self.lanes, p.table());
    }

    /// Applies one move in place.
    pub fn apply_move(&mut self, m: Move) {
        self.apply_perm(m.perm());
    }

    /// Applies every move of `alg` in place.
    pub fn apply_alg(&mut self, alg: &Alg) {
        for &m in alg.moves() {
            self.apply_move(m);
        }
    }

    /// This state after `alg`.
    pub fn after(&self, alg: &Alg) -> Cube {
        let mut c = *self;
        c.apply_alg(alg);
        c
    }

    /// Number of stickers whose colour differs from the centre of their face
    /// (the `facelets` energy): 0 when solved, at most 48.
    #[inline]
    pub fn misplaced(&self) -> u32 {
        kernel::misplaced(&self.lanes)
    }

    /// Whether every face shows one colour (in any whole-cube orientation).
    pub fn is_solved(&self) -> bool {
        self.misplaced() == 0
    }

    /// The 24 whole-cube orientations of this state.
    pub fn orientations(&self) -> [Cube; 24] {
        let rotations = whole_cube_rotations();
        std::array::from_fn(|k| self.permuted(&rotations[k]))
    }

    /// Whether every centre shows its own face's colour (U on top, F in front).
    pub fn centres_home(&self) -> bool {
        CENTRES
            .iter()
            .enumerate()
            .all(|(f, &i)| self.stickers()[i] == f as u8)
    }

    /// This state turned as a whole so its centres are home; `None` when no
    /// rotation does that (repeated or mirrored centres).
    pub fn try_upright(&self) -> Option<Cube> {
        // The rotations in `orientations`' order, turned one at a time
        // (the identity first: a cube already upright is itself).
        whole_cube_rotations()
            .iter()
            .map(|r| self.permuted(r))
            .find(Cube::centres_home)
    }

    /// This state turned as a whole so its centres are home (U on top, F in
    /// front): the same state, seen upright. Every valid state has exactly one;
    /// an invalid one is returned as it is.
    pub fn upright(&self) -> Cube {
        self.try_upright().unwrap_or(*self)
    }

    /// Whether `other` is this state seen in another whole-cube orientation.
    pub fn same_up_to_rotation(&self, other: &Cube) -> bool {
        self.orientations().contains(other)
    }

    /// The 54-character facelet string (`UUUUUUUUURRR…`).
    pub fn facelets(&self) -> String {
        self.stickers()
            .iter()
            .map(|&c| Face::ALL[c as usize].letter())
            .collect()
    }
}

/// The portable reference for [`Cube::permuted`], used to test the fast path.
pub fn permuted_scalar(cube: &Cube, p: &Perm) -> Cube {
    Cube {
        lanes: kernel::scalar::gather(&cube.lanes, p.table()),
    }
}

/// The portable reference for [`Cube::misplaced`], used to test the fast path.
pub fn misplaced_scalar(cube: &Cube) -> u32 {
    kernel::scalar::misplaced(&cube.lanes)
}

/// The 24 whole-cube rotations as sticker permutations, identity first.
pub fn whole_cube_rotations() -> &'static [Perm; 24] {
    static ROTATIONS: OnceLock<[Perm; 24]> = OnceLock::new();
    ROTATIONS.get_or_init(|| {
        let rot = |r, t| *Move::new(MoveKind::Rotation(r), t).expect("1..=3").perm();
        let tilts = [
            Perm::IDENTITY,
            rot(Rotation::X, 1),
            rot(Rotation::X, 2),
            rot(Rotation::X, 3),
            rot(Rotation::Z, 1),
            rot(Rotation::Z, 3),
        ];
        let y = rot(Rotation::Y, 1);
        std::array::from_fn(|k| tilts[k / 4].then(&y.pow((k % 4) as u32)))
    })
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::SOLVED
    }
}

impl fmt::Debug for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cube({})", self.facelets())
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.facelets())
    }
}
