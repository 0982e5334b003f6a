//! An N×N cube as 6N² stickers.

use std::fmt;

use crate::face::Face;
use crate::moves::Rotation;
use crate::state::Cube;

use super::alg::NxnAlg;
use super::error::MoveSizeError;
use super::moves::{NxnKind, NxnMove};
use super::size::Size;
use super::tables::tables;

/// A state of an N×N cube: sticker `i` (facelet-string order: faces U R F D L
/// B, each N×N row by row in the 3×3's reading) shows colour `stickers()[i]`,
/// a face index 0..6 (the face whose colour it is when solved).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct NxnCube {
    size: Size,
    stickers: Box<[u8]>,
}

impl NxnCube {
    /// The solved cube of `size`.
    pub fn solved(size: Size) -> NxnCube {
        let per_face = size.face_stickers();
        NxnCube {
            size,
            stickers: (0..size.stickers()).map(|i| (i / per_face) as u8).collect(),
        }
    }

    /// A cube from raw sticker colours (0..6 each, 6N² of them) without
    /// checking that it is reachable; `None` if the length or a value is wrong.
    pub fn from_stickers(size: Size, stickers: Vec<u8>) -> Option<NxnCube> {
        (stickers.len() == size.stickers() && stickers.iter().all(|&c| c < 6)).then(|| NxnCube {
            size,
            stickers: stickers.into_boxed_slice(),
        })
    }

    /// Its size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Sticker colours as face indices, 6N² of them.
    pub fn stickers(&self) -> &[u8] {
        &self.stickers
    }

    /// The colour of sticker `i` as the face it belongs to when solved.
    pub fn colour(&self, i: usize) -> Option<Face> {
        Face::from_index(*self.stickers.get(i)? as usize)
    }

    /// Applies one move in place, or says why this size cannot make it
    /// (then the cube is unchanged).
    pub fn apply_move(&mut self, m: NxnMove) -> Result<(), MoveSizeError> {
        tables(self.size).perm(m)?.apply(&mut self.stickers);
        Ok(())
    }

    /// Applies a sparse sticker permutation in place: after it, position
    /// `d` shows the sticker that was at `s`, for each `[d, s]` of `pairs`
    /// (at most 16 pairs; a longer list, or one naming a sticker this size
    /// does not have, leaves the cube as it is).
    pub fn permute_pairs(&mut self, pairs: &[[u16; 2]]) {
        let n = self.stickers.len();
        if pairs.len() > 16
            || pairs
                .iter()
                .any(|p| p[0] as usize >= n || p[1] as usize >= n)
        {
            return;
        }
        let mut taken = [0u8; 16];
        for (t, &[_, s]) in taken.iter_mut().zip(pairs) {
            *t = self.stickers[s as usize];
        }
        for (&t, &[d, _]) in taken.iter().zip(pairs) {
            self.stickers[d as usize] = t;
        }
    }

    /// Applies every move of `alg` in place. Checks every move first: on an
    /// error the cube is unchanged; the error carries the move's index.
    pub fn apply_alg(&mut self, alg: &NxnAlg) -> Result<(), (usize, MoveSizeError)> {
        alg.check(self.size)?;
        let t = tables(self.size);
        for &m in alg.moves() {
            t.perm(m).expect("checked above").apply(&mut self.stickers);
        }
        Ok(())
    }

    /// This state after `alg` (see [`NxnCube::apply_alg`]).
    pub fn after(&self, alg: &NxnAlg) -> Result<NxnCube, (usize, MoveSizeError)> {
        let mut c = self.clone();
        c.apply_alg(alg)?;
        Ok(c)
    }

    /// Whether every face shows one colour (in any whole-cube orientation).
    pub fn is_solved(&self) -> bool {
        self.stickers
            .chunks_exact(self.size.face_stickers())
            .all(|f| f.iter().all(|&c| c == f[0]))
    }

    /// Stickers whose colour differs from their face's solved colour as this
    /// state shows it (the `facelets` energy): relative to the middle centres
    /// on odd sizes (the same in every view), on even sizes to the colours
    /// the corner in the DBL position fixes for each face (solvers turn an
    /// even cube [`upright`](NxnCube::upright) first, so that corner stays
    /// home). 0 exactly when solved, in any view.
    pub fn misplaced(&self) -> usize {
        let reference = self.face_colours();
        self.stickers
            .chunks_exact(self.size.face_stickers())
            .zip(reference)
            .map(|(f, r)| f.iter().filter(|&&c| c != r).count())
            .sum()
    }

    /// The colour each face has when this state is solved without turning
    /// it as a whole: on odd sizes the middle centres, on even sizes the
    /// faces fixed by the DBL corner (the identity when DBL is home).
    pub fn face_colours(&self) -> [u8; 6] {
        let n = self.size.get();
        if self.size.is_odd() {
            let mid = n / 2;
            return std::array::from_fn(|f| self.stickers[self.size.index(f, mid, mid)]);
        }
        // DBL corner stickers: D bottom-left, B bottom-right, L bottom-left.
        let d = self.stickers[self.size.index(Face::D.index(), n - 1, 0)];
        let b = self.stickers[self.size.index(Face::B.index(), n - 1, n - 1)];
        let l = self.stickers[self.size.index(Face::L.index(), n - 1, 0)];
        let (Some(d), Some(b), Some(l)) = (
            Face::from_index(d as usize),
            Face::from_index(b as usize),
            Face::from_index(l as usize),
        ) else {
            return [0, 1, 2, 3, 4, 5];
        };
        let mut out = [0u8; 6];
        out[Face::D.index()] = d as u8;
        out[Face::U.index()] = d.opposite() as u8;
        out[Face::B.index()] = b as u8;
        out[Face::F.index()] = b.opposite() as u8;
        out[Face::L.index()] = l as u8;
        out[Face::R.index()] = l.opposite() as u8;
        out
    }

    /// The 24 whole-cube orientations of this state, this one first.
    pub fn orientations(&self) -> Vec<NxnCube> {
        let rot = |r, t| NxnMove::new(NxnKind::Rotation(r), t).expect("t in 1..=3");
        let tilts: [&[NxnMove]; 6] = [
            &[],
            &[rot(Rotation::X, 1)],
            &[rot(Rotation::X, 2)],
            &[rot(Rotation::X, 3)],
            &[rot(Rotation::Z, 1)],
            &[rot(Rotation::Z, 3)],
        ];
        let y = rot(Rotation::Y, 1);
        let t = tables(self.size);
        let mut out = Vec::with_capacity(24);
        for tilt in tilts {
            let mut c = self.clone();
            for &m in tilt {
                t.perm(m).expect("every size turns").apply(&mut c.stickers);
            }
            for _ in 0..4 {
                out.push(c.clone());
                t.perm(y).expect("every size turns").apply(&mut c.stickers);
            }
        }
        out
    }

    /// Whether this state's colours name its faces as they stand: middle
    /// centres home on odd sizes (U colour up, F colour in front), the DBL
    /// corner home on even sizes (its D, B, L stickers showing D, B, L).
    pub fn is_upright(&self) -> bool {
        let n = self.size.get();
        if self.size.is_odd() {
            let mid = n / 2;
            return (0..6).all(|f| self.stickers[self.size.index(f, mid, mid)] == f as u8);
        }
        let at =
            |f: Face, row: usize, col: usize| self.stickers[self.size.index(f.index(), row, col)];
        at(Face::D, n - 1, 0) == Face::D as u8
            && at(Face::B, n - 1, n - 1) == Face::B as u8
            && at(Face::L, n - 1, 0) == Face::L as u8
    }

    /// This state turned as a whole so it [`is_upright`](NxnCube::is_upright):
    /// the view the screens show. `None` when no orientation is (repeated or
    /// mirrored middle centres, or no DBL corner).
    pub fn try_upright(&self) -> Option<NxnCube> {
        self.orientations().into_iter().find(NxnCube::is_upright)
    }

    /// This state seen upright ([`NxnCube::try_upright`]); an invalid state
    /// is returned as it is.
    pub fn upright(&self) -> NxnCube {
        self.try_upright().unwrap_or_else(|| self.clone())
    }

    /// The same state in the 3×3 kernel's type, on a 3×3.
    pub fn to_three(&self) -> Option<Cube> {
        Cube::from_stickers(self.stickers.as_ref().try_into().ok()?)
    }

    /// Whether `other` is this state seen in another whole-cube orientation.
    pub fn same_up_to_rotation(&self, other: &NxnCube) -> bool {
        self.size == other.size && self.orientations().contains(other)
    }

    /// The facelet string: 6N² face letters.
    pub fn facelets(&self) -> String {
        self.stickers
            .iter()
            .map(|&c| Face::ALL[c as usize % 6].letter())
            .collect()
    }
}

impl From<&Cube> for NxnCube {
    /// A 3×3 kernel state as an N×N state of size 3.
    fn from(c: &Cube) -> NxnCube {
        NxnCube {
            size: Size::THREE,
            stickers: c.stickers().to_vec().into_boxed_slice(),
        }
    }
}

impl fmt::Debug for NxnCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NxnCube({}, {})", self.size, self.facelets())
    }
}

impl fmt::Display for NxnCube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.facelets())
    }
}
