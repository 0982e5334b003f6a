//! Moves in WCA notation: face turns, slices, wide turns and rotations, each a
//! precomputed sticker permutation.

use std::fmt;
use std::sync::OnceLock;

use super::face::Face;
use super::geometry::quarter_turn;
use super::perm::Perm;

/// A middle slice: `M` turns like L, `E` like D, `S` like F.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slice {
    M,
    E,
    S,
}

/// A whole-cube rotation: `x` like R, `y` like U, `z` like F.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rotation {
    X,
    Y,
    Z,
}

impl Slice {
    pub const ALL: [Slice; 3] = [Slice::M, Slice::E, Slice::S];
    /// The face this slice turns like.
    pub const fn like(self) -> Face {
        match self {
            Slice::M => Face::L,
            Slice::E => Face::D,
            Slice::S => Face::F,
        }
    }
}

impl Rotation {
    pub const ALL: [Rotation; 3] = [Rotation::X, Rotation::Y, Rotation::Z];
    /// The face this rotation turns like.
    pub const fn like(self) -> Face {
        match self {
            Rotation::X => Face::R,
            Rotation::Y => Face::U,
            Rotation::Z => Face::F,
        }
    }
}

/// What a move turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// One outer face (`R`).
    Face(Face),
    /// An outer face and the middle layer behind it (`Rw`, also written `r`).
    Wide(Face),
    /// A middle slice (`M`, `E`, `S`).
    Slice(Slice),
    /// The whole cube (`x`, `y`, `z`).
    Rotation(Rotation),
}

/// A move: what turns, and by how many clockwise quarter turns (1, 2 or 3; 3 is
/// written with a prime).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub kind: MoveKind,
    turns: u8,
}

impl Move {
    /// A move of `kind` by `turns` clockwise quarter turns, reduced mod 4; `None` for 0.
    pub fn new(kind: MoveKind, turns: u8) -> Option<Move> {
        match turns % 4 {
            0 => None,
            t => Some(Move { kind, turns: t }),
        }
    }

    /// A face turn (`turns` of 1, 2 or 3).
    pub fn face(face: Face, turns: u8) -> Move {
        Move::new(MoveKind::Face(face), turns).expect("turns is 1, 2 or 3")
    }

    /// The 18 face turns, `U U2 U' R R2 R' …` in facelet-string face order:
    /// face turn `i` turns face `i / 3` by `i % 3 + 1` quarter turns. This is
    /// the one index → move table; the solvers' gene and search-move indices
    /// are indices into it.
    pub const FACE_TURNS: [Move; 18] = {
        let mut out = [Move {
            kind: MoveKind::Face(Face::U),
            turns: 1,
        }; 18];
        let mut i = 0;
        while i < 18 {
            out[i] = Move {
                kind: MoveKind::Face(Face::ALL[i / 3]),
                turns: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        out
    };

    /// The 18 face turns, [`Move::FACE_TURNS`].
    pub const fn face_turns() -> [Move; 18] {
        Move::FACE_TURNS
    }

    /// Clockwise quarter turns: 1, 2 or 3.
    pub const fn turns(self) -> u8 {
        self.turns
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        Move {
            kind: self.kind,
            turns: 4 - self.turns,
        }
    }

    /// The face turned, for face turns only.
    pub const fn as_face(self) -> Option<Face> {
        match self.kind {
            MoveKind::Face(f) => Some(f),
            _ => None,
        }
    }

    /// Dense index 0..54 over every move: kind-major, then turns.
    pub const fn index(self) -> usize {
        let k = match self.kind {
            MoveKind::Face(f) => f as usize,
            MoveKind::Wide(f) => 6 + f as usize,
            MoveKind::Slice(s) => 12 + s as usize,
            MoveKind::Rotation(r) => 15 + r as usize,
        };
        k * 3 + self.turns as usize - 1
    }

    /// The sticker permutation of this move (precomputed on first use).
    pub fn perm(self) -> &'static Perm {
        &tables()[self.index()]
    }
}

fn quarter_of(kind: MoveKind) -> Perm {
    match kind {
        MoveKind::Face(f) => quarter_turn(f, &[1]),
        MoveKind::Wide(f) => quarter_turn(f, &[1, 0]),
        MoveKind::Slice(s) => quarter_turn(s.like(), &[0]),
        MoveKind::Rotation(r) => quarter_turn(r.like(), &[1, 0, -1]),
    }
}

impl MoveKind {
    /// Every kind of move: 6 faces, 6 wide, 3 slices, 3 rotations.
    pub fn all() -> impl Iterator<Item = MoveKind> {
        Face::ALL
            .map(MoveKind::Face)
            .into_iter()
            .chain(Face::ALL.map(MoveKind::Wide))
            .chain(Slice::ALL.map(MoveKind::Slice))
            .chain(Rotation::ALL.map(MoveKind::Rotation))
    }
}

impl Move {
    /// All 54 moves, in [`Move::index`] order.
    pub fn all() -> impl Iterator<Item = Move> {
        MoveKind::all().flat_map(|k| (1..=3).map(move |t| Move::new(k, t).expect("t in 1..=3")))
    }
}

fn tables() -> &'static [Perm; 54] {
    static TABLES: OnceLock<[Perm; 54]> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut out = [Perm::IDENTITY; 54];
        for kind in MoveKind::all() {
            let q = quarter_of(kind);
            for t in 1..=3u8 {
                let m = Move::new(kind, t).expect("t in 1..=3");
                out[m.index()] = q.pow(t as u32);
            }
        }
        out
    })
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveKind::Face(face) => write!(f, "{face}"),
            MoveKind::Wide(face) => write!(f, "{face}w"),
            MoveKind::Slice(s) => write!(f, "{s:?}"),
            MoveKind::Rotation(r) => write!(f, "{}", format!("{r:?}").to_lowercase()),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind, turns_suffix(self.turns))
    }
}

/// What follows a move's letters for its clockwise quarter turns (1 to 3):
/// nothing, `2` or `'` (every size writes them so).
pub(crate) fn turns_suffix(turns: u8) -> &'static str {
    match turns {
        1 => "",
        2 => "2",
        _ => "'",
    }
}

/// Writes `items` separated by single spaces (a sequence's canonical text,
/// every size's).
pub(crate) fn write_spaced<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
) -> fmt::Result {
    for (i, m) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{m}")?;
    }
    Ok(())
}

/// Parses the letters of a move (without its amount): `R`, `Rw`, `r`, `M`, `x`.
pub(crate) fn parse_kind(s: &str) -> Option<MoveKind> {
    let mut chars = s.chars();
    let c = chars.next()?;
    let rest = chars.as_str();
    let kind = match (c, rest) {
        (c, "") if Face::from_letter(c).is_some() => MoveKind::Face(Face::from_letter(c)?),
        (c, "w") if Face::from_letter(c).is_some() => MoveKind::Wide(Face::from_letter(c)?),
        (c, "")
            if c.is_ascii_lowercase() && Face::from_letter(c.to_ascii_uppercase()).is_some() =>
        {
            MoveKind::Wide(Face::from_letter(c.to_ascii_uppercase())?)
        }
        ('M', "") => MoveKind::Slice(Slice::M),
        ('E', "") => MoveKind::Slice(Slice::E),
        ('S', "") => MoveKind::Slice(Slice::S),
        ('x', "") => MoveKind::Rotation(Rotation::X),
        ('y', "") => MoveKind::Rotation(Rotation::Y),
        ('z', "") => MoveKind::Rotation(Rotation::Z),
        _ => return None,
    };
    Some(kind)
}
