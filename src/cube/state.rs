//! The cube as 54 stickers, each holding the face whose colour it shows.

use std::fmt;

use super::alg::Alg;
use super::face::Face;
use super::moves::{Move, MoveKind, Rotation};
use super::perm::{Perm, STICKERS};

/// Index of the centre sticker of each face, in facelet-string order.
pub const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

/// A cube state: sticker `i` (facelet-string order) shows colour `stickers[i]`,
/// a face index 0..6 (the colour that face's centre has when solved).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cube {
    stickers: [u8; STICKERS],
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
        Cube { stickers: s }
    };

    /// The solved cube.
    pub fn solved() -> Cube {
        Cube::SOLVED
    }

    /// Builds a cube from raw sticker colours (0..6 each) without checking
    /// that it is reachable; `None` if a value is out of range.
    pub fn from_stickers(stickers: [u8; STICKERS]) -> Option<Cube> {
        stickers.iter().all(|&c| c < 6).then_some(Cube { stickers })
    }

    /// The solved cube with permutation `p` applied.
    pub fn from_perm(p: &Perm) -> Cube {
        Cube::SOLVED.permuted(p)
    }

    /// Sticker colours as face indices.
    #[inline]
    pub fn stickers(&self) -> &[u8; STICKERS] {
        &self.stickers
    }

    /// The colour of sticker `i` as the face it belongs to when solved.
    pub fn colour(&self, i: usize) -> Face {
        Face::ALL[self.stickers[i] as usize]
    }

    /// This state with permutation `p` applied.
    #[inline]
    pub fn permuted(&self, p: &Perm) -> Cube {
        Cube {
            stickers: p.apply(&self.stickers),
        }
    }

    /// Applies one permutation in place.
    #[inline]
    pub fn apply_perm(&mut self, p: &Perm) {
        self.stickers = p.apply(&self.stickers);
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
        let s = &self.stickers;
        let mut n = 0;
        for (f, &c) in CENTRES.iter().enumerate() {
            let centre = s[c];
            n += s[f * 9..f * 9 + 9].iter().filter(|&&x| x != centre).count() as u32;
        }
        n
    }

    /// Whether every face shows one colour (in any whole-cube orientation).
    pub fn is_solved(&self) -> bool {
        self.misplaced() == 0
    }

    /// The 24 whole-cube orientations of this state.
    pub fn orientations(&self) -> [Cube; 24] {
        let y = Move::new(MoveKind::Rotation(Rotation::Y), 1).expect("1 turn");
        let tilts =
            ["", "x", "x2", "x'", "z", "z'"].map(|t| t.parse::<Alg>().expect("rotation").perm());
        let mut out = [*self; 24];
        for (k, tilt) in tilts.iter().enumerate() {
            let mut c = self.permuted(tilt);
            for slot in &mut out[4 * k..4 * k + 4] {
                *slot = c;
                c.apply_move(y);
            }
        }
        out
    }

    /// Whether `other` is this state seen in another whole-cube orientation.
    pub fn same_up_to_rotation(&self, other: &Cube) -> bool {
        self.orientations().contains(other)
    }

    /// The 54-character facelet string (`UUUUUUUUURRR…`).
    pub fn facelets(&self) -> String {
        self.stickers
            .iter()
            .map(|&c| Face::ALL[c as usize].letter())
            .collect()
    }
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
