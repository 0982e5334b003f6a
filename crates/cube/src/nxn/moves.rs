//! N×N moves: outer and inner layer turns (SiGN `2R`), wide turns (WCA `Rw`,
//! `3Rw`), the middle slices `M E S` of odd sizes, rotations `x y z`.
//!
//! A move says what it turns without a size; whether a size has those layers
//! is [`NxnMove::layers`]' question.

use std::fmt;

use crate::face::Face;
use crate::moves::{Rotation, Slice, turns_suffix};

use super::error::MoveSizeError;
use super::size::Size;

/// What a move turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NxnKind {
    /// Layers counted from `face` (1 = its outer layer), turned like `face`.
    /// Not wide: layer `layer` alone (`R` is 1, `2R` is 2, `3L` is 3). Wide:
    /// layers 1 to `layer` (`Rw` is 2, `3Rw` is 3; at least 2).
    Turn { face: Face, layer: u8, wide: bool },
    /// The middle layer of an odd size: `M` like L, `E` like D, `S` like F.
    Middle(Slice),
    /// The whole cube: `x` like R, `y` like U, `z` like F.
    Rotation(Rotation),
}

impl NxnKind {
    /// The outer layer of `face` (`R`).
    pub const fn outer(face: Face) -> NxnKind {
        NxnKind::Turn {
            face,
            layer: 1,
            wide: false,
        }
    }

    /// Layer `layer` of `face` alone (`2R`; layer 1 is the outer turn).
    pub const fn slice(face: Face, layer: u8) -> NxnKind {
        NxnKind::Turn {
            face,
            layer,
            wide: false,
        }
    }

    /// Layers 1 to `layers` of `face` (`Rw` is 2, `3Rw` is 3).
    pub const fn wide(face: Face, layers: u8) -> NxnKind {
        NxnKind::Turn {
            face,
            layer: layers,
            wide: true,
        }
    }

    /// The face this kind turns like.
    pub const fn like(self) -> Face {
        match self {
            NxnKind::Turn { face, .. } => face,
            NxnKind::Middle(s) => s.like(),
            NxnKind::Rotation(r) => r.like(),
        }
    }

    /// The axis it turns about: 0 for x (R, L, M, x), 1 for y (U, D, E, y),
    /// 2 for z (F, B, S, z). Moves about one axis commute.
    pub const fn axis(self) -> usize {
        match self.like() {
            Face::R | Face::L => 0,
            Face::U | Face::D => 1,
            Face::F | Face::B => 2,
        }
    }

    /// (face it turns like, first layer, last layer) on a cube of `size`,
    /// layers counted from that face, 1 = outer; or why `size` has no such
    /// layers.
    pub fn layers(self, size: Size) -> Result<(Face, usize, usize), MoveSizeError> {
        let n = size.get();
        match self {
            NxnKind::Turn { face, layer, wide } => {
                let layer = layer as usize;
                if layer == 0 || layer > n {
                    return Err(MoveSizeError::LayerOutOfRange { layer, size: n });
                }
                if wide && layer < 2 {
                    return Err(MoveSizeError::WideTooThin { layer });
                }
                Ok((face, if wide { 1 } else { layer }, layer))
            }
            NxnKind::Middle(s) => match size.middle_layer() {
                Some(m) => Ok((s.like(), m, m)),
                None => Err(MoveSizeError::MiddleOnEven {
                    slice: slice_letter(s),
                    size: n,
                }),
            },
            NxnKind::Rotation(r) => Ok((r.like(), 1, n)),
        }
    }

    /// Dense index among the `12N + 6` kinds of a size: turns face-major
    /// (single layers 1..=N, then wide 1..=N), then `M E S`, then `x y z`.
    /// `None` when the size cannot make this kind.
    pub fn index(self, size: Size) -> Option<usize> {
        let n = size.get();
        match self {
            NxnKind::Turn { face, layer, wide } => {
                let layer = layer as usize;
                let fits = (1..=n).contains(&layer) && (!wide || layer >= 2);
                fits.then(|| face.index() * 2 * n + usize::from(wide) * n + layer - 1)
            }
            NxnKind::Middle(s) => size.is_odd().then(|| 12 * n + s as usize),
            NxnKind::Rotation(r) => Some(12 * n + 3 + r as usize),
        }
    }

    /// The layer turns that leave the DBL corner home: layers 1 to N − 1
    /// counted from U, R and F (outer U R F and every inner layer). They reach
    /// every state with DBL home, so solvers of even sizes turn only these.
    pub fn keeping_dbl(size: Size) -> Vec<NxnKind> {
        let n = size.get() as u8;
        [Face::U, Face::R, Face::F]
            .into_iter()
            .flat_map(|f| (1..n).map(move |l| NxnKind::slice(f, l)))
            .collect()
    }

    /// Number of kind indices of a size.
    pub const fn count(size: Size) -> usize {
        12 * size.get() + 6
    }

    /// Every kind that `size` can make, each once: single layers `1..=N` and
    /// wide turns `2..=N` of every face, `M E S` on odd sizes, `x y z`.
    pub fn all(size: Size) -> impl Iterator<Item = NxnKind> {
        let n = size.get() as u8;
        let turns = Face::ALL.into_iter().flat_map(move |face| {
            (1..=n)
                .map(move |l| NxnKind::slice(face, l))
                .chain((2..=n).map(move |l| NxnKind::wide(face, l)))
        });
        let middles = Slice::ALL
            .into_iter()
            .filter(move |_| size.is_odd())
            .map(NxnKind::Middle);
        turns
            .chain(middles)
            .chain(Rotation::ALL.into_iter().map(NxnKind::Rotation))
    }
}

fn slice_letter(s: Slice) -> char {
    match s {
        Slice::M => 'M',
        Slice::E => 'E',
        Slice::S => 'S',
    }
}

/// A move: what turns, and by how many clockwise quarter turns (1, 2 or 3; 3
/// is written with a prime).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NxnMove {
    pub kind: NxnKind,
    turns: u8,
}

impl NxnMove {
    /// A move of `kind` by `turns` clockwise quarter turns, reduced mod 4; `None` for 0.
    pub fn new(kind: NxnKind, turns: u8) -> Option<NxnMove> {
        match turns % 4 {
            0 => None,
            t => Some(NxnMove { kind, turns: t }),
        }
    }

    /// Clockwise quarter turns: 1, 2 or 3.
    pub const fn turns(self) -> u8 {
        self.turns
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> NxnMove {
        NxnMove {
            kind: self.kind,
            turns: 4 - self.turns,
        }
    }

    /// See [`NxnKind::layers`].
    pub fn layers(self, size: Size) -> Result<(Face, usize, usize), MoveSizeError> {
        self.kind.layers(size)
    }

    /// Every move `size` can make: [`NxnKind::all`] by 1, 2 and 3 quarter turns.
    pub fn all(size: Size) -> impl Iterator<Item = NxnMove> {
        NxnKind::all(size).flat_map(|kind| (1..=3).map(move |turns| NxnMove { kind, turns }))
    }
}

impl From<crate::moves::Move> for NxnMove {
    /// The same move on the 3×3 (`Rw` is layers 1–2, `M E S` the middle).
    fn from(m: crate::moves::Move) -> NxnMove {
        use crate::moves::MoveKind;
        let kind = match m.kind {
            MoveKind::Face(f) => NxnKind::outer(f),
            MoveKind::Wide(f) => NxnKind::wide(f, 2),
            MoveKind::Slice(s) => NxnKind::Middle(s),
            MoveKind::Rotation(r) => NxnKind::Rotation(r),
        };
        NxnMove {
            kind,
            turns: m.turns(),
        }
    }
}

impl fmt::Display for NxnKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NxnKind::Turn {
                face,
                layer: 1,
                wide: false,
            } => write!(f, "{face}"),
            NxnKind::Turn {
                face,
                layer,
                wide: false,
            } => write!(f, "{layer}{face}"),
            NxnKind::Turn {
                face,
                layer: 2,
                wide: true,
            } => write!(f, "{face}w"),
            NxnKind::Turn {
                face,
                layer,
                wide: true,
            } => write!(f, "{layer}{face}w"),
            NxnKind::Middle(s) => write!(f, "{}", slice_letter(s)),
            NxnKind::Rotation(r) => write!(f, "{}", format!("{r:?}").to_lowercase()),
        }
    }
}

impl fmt::Display for NxnMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind, turns_suffix(self.turns))
    }
}
