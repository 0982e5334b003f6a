//! A cube of any size and a move sequence for it, as one type each: the
//! 3×3 on its own kernel ([`Cube`], [`Alg`]) or any other size on the
//! sticker-permutation model ([`NxnCube`], [`NxnAlg`]). What a solver hands
//! out (its snapshots' states, its outcome's solution) is one of these, so
//! every driver (runner, race, bench, record) runs every size alike; the
//! solvers themselves work on the concrete type of their size.

use std::fmt;

use crate::alg::Alg;
use crate::moves::MoveKind;
use crate::nxn::simplify::simplify_sized;
use crate::nxn::{NxnAlg, NxnCube, NxnKind, Size};
use crate::simplify::simplify;
use crate::state::Cube;

/// A cube state of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyCube {
    /// The 3×3, on its own kernel.
    Three(Cube),
    /// Any other size (never a 3×3: see [`AnyCube::from_nxn`]).
    Nxn(NxnCube),
}

impl AnyCube {
    /// `cube` as the 3×3 kernel's state when it is a 3×3, else as it is.
    pub fn from_nxn(cube: NxnCube) -> AnyCube {
        match cube.to_three() {
            Some(c) if cube.size() == Size::THREE => AnyCube::Three(c),
            _ => AnyCube::Nxn(cube),
        }
    }

    /// The cube of `size` whose facelet string is `facelets`; why not,
    /// in words.
    pub fn from_facelets(size: Size, facelets: &str) -> Result<AnyCube, String> {
        if size == Size::THREE {
            Cube::from_facelets(facelets)
                .map(AnyCube::Three)
                .map_err(|e| e.to_string())
        } else {
            NxnCube::from_facelets(size, facelets)
                .map(AnyCube::Nxn)
                .map_err(|e| e.to_string())
        }
    }

    /// The solved cube of `size`.
    pub fn solved(size: Size) -> AnyCube {
        if size == Size::THREE {
            AnyCube::Three(Cube::solved())
        } else {
            AnyCube::Nxn(NxnCube::solved(size))
        }
    }

    pub fn size(&self) -> Size {
        match self {
            AnyCube::Three(_) => Size::THREE,
            AnyCube::Nxn(c) => c.size(),
        }
    }

    /// Every face one colour.
    pub fn is_solved(&self) -> bool {
        match self {
            AnyCube::Three(c) => c.is_solved(),
            AnyCube::Nxn(c) => c.is_solved(),
        }
    }

    /// The facelet string (6N² letters, faces U R F D L B row by row).
    pub fn facelets(&self) -> String {
        match self {
            AnyCube::Three(c) => c.facelets(),
            AnyCube::Nxn(c) => c.facelets(),
        }
    }

    /// The 3×3 state, if this is one.
    pub fn three(&self) -> Option<&Cube> {
        match self {
            AnyCube::Three(c) => Some(c),
            AnyCube::Nxn(_) => None,
        }
    }

    /// The N×N state, if this is not a 3×3.
    pub fn nxn(&self) -> Option<&NxnCube> {
        match self {
            AnyCube::Three(_) => None,
            AnyCube::Nxn(c) => Some(c),
        }
    }

    /// The state after `alg`; `None` when `alg` is for another size (a 3×3
    /// sequence on an N×N, or a move off the cube's layers).
    pub fn after(&self, alg: &AnyAlg) -> Option<AnyCube> {
        match (self, alg) {
            (AnyCube::Three(c), AnyAlg::Three(a)) => Some(AnyCube::Three(c.after(a))),
            (AnyCube::Nxn(c), AnyAlg::Nxn(a, _)) => c.after(a).ok().map(AnyCube::Nxn),
            _ => None,
        }
    }

    /// The state turned so it is upright (centres home on odd N, the DBL
    /// corner home on even N), as each model defines it.
    pub fn upright(&self) -> AnyCube {
        match self {
            AnyCube::Three(c) => AnyCube::Three(c.upright()),
            AnyCube::Nxn(c) => AnyCube::Nxn(c.upright()),
        }
    }
}

impl From<Cube> for AnyCube {
    fn from(c: Cube) -> AnyCube {
        AnyCube::Three(c)
    }
}

impl From<NxnCube> for AnyCube {
    fn from(c: NxnCube) -> AnyCube {
        AnyCube::from_nxn(c)
    }
}

/// A move sequence for a cube of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyAlg {
    /// WCA notation on the 3×3.
    Three(Alg),
    /// SiGN/WCA big-cube notation, for a cube of that size.
    Nxn(NxnAlg, Size),
}

impl Default for AnyAlg {
    fn default() -> AnyAlg {
        AnyAlg::Three(Alg::default())
    }
}

impl AnyAlg {
    /// The empty sequence for a cube of `size`.
    pub fn empty(size: Size) -> AnyAlg {
        if size == Size::THREE {
            AnyAlg::Three(Alg::default())
        } else {
            AnyAlg::Nxn(NxnAlg::default(), size)
        }
    }

    /// Parses `text` for a cube of `size`: WCA notation on the 3×3, the
    /// big-cube notation ([`NxnAlg::parse_sized`]) on other sizes, the
    /// error naming what is wrong (`M` on an even cube, a layer past N).
    pub fn parse_sized(text: &str, size: Size) -> Result<AnyAlg, String> {
        if size == Size::THREE {
            text.parse::<Alg>()
                .map(AnyAlg::Three)
                .map_err(|e| e.to_string())
        } else {
            NxnAlg::parse_sized(text, size)
                .map(|a| AnyAlg::Nxn(a, size))
                .map_err(|e| e.to_string())
        }
    }

    /// This sequence followed by `more`; `None` when they are for
    /// different sizes.
    pub fn then(&self, more: &AnyAlg) -> Option<AnyAlg> {
        match (self, more) {
            (AnyAlg::Three(a), AnyAlg::Three(b)) => {
                let mut a = a.clone();
                for m in b.moves() {
                    a.push(*m);
                }
                Some(AnyAlg::Three(a))
            }
            (AnyAlg::Nxn(a, s), AnyAlg::Nxn(b, t)) if s == t => {
                let mut a = a.clone();
                for m in b.moves() {
                    a.push(*m);
                }
                Some(AnyAlg::Nxn(a, *s))
            }
            _ => None,
        }
    }

    /// The first `n` moves.
    pub fn prefix(&self, n: usize) -> AnyAlg {
        match self {
            AnyAlg::Three(a) => AnyAlg::Three(a.moves().iter().take(n).copied().collect()),
            AnyAlg::Nxn(a, s) => AnyAlg::Nxn(a.moves().iter().take(n).copied().collect(), *s),
        }
    }

    /// Each move as written.
    pub fn words(&self) -> Vec<String> {
        match self {
            AnyAlg::Three(a) => a.moves().iter().map(ToString::to_string).collect(),
            AnyAlg::Nxn(a, _) => a.moves().iter().map(ToString::to_string).collect(),
        }
    }

    /// Moves as written (rotations, slices and cancellations included).
    pub fn len(&self) -> usize {
        match self {
            AnyAlg::Three(a) => a.len(),
            AnyAlg::Nxn(a, _) => a.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The 3×3 sequence, if this is one.
    pub fn three(&self) -> Option<&Alg> {
        match self {
            AnyAlg::Three(a) => Some(a),
            AnyAlg::Nxn(..) => None,
        }
    }

    /// The same moves simplified: on the 3×3 to face turns
    /// ([`simplify`]); on other sizes same-layer moves cancelled and merged
    /// ([`simplify_sized`]).
    pub fn simplified(&self) -> AnyAlg {
        match self {
            AnyAlg::Three(a) => AnyAlg::Three(simplify(a)),
            AnyAlg::Nxn(a, size) => AnyAlg::Nxn(simplify_sized(a, *size), *size),
        }
    }

    /// Layer turns, rotations not counted (HTM on a simplified 3×3
    /// sequence, which has face turns only).
    pub fn turns(&self) -> usize {
        match self {
            AnyAlg::Three(a) => a
                .moves()
                .iter()
                .filter(|m| !matches!(m.kind, MoveKind::Rotation(_)))
                .count(),
            AnyAlg::Nxn(a, _) => a
                .moves()
                .iter()
                .filter(|m| !matches!(m.kind, NxnKind::Rotation(_)))
                .count(),
        }
    }
}

impl From<Alg> for AnyAlg {
    fn from(a: Alg) -> AnyAlg {
        AnyAlg::Three(a)
    }
}

impl fmt::Display for AnyAlg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyAlg::Three(a) => a.fmt(f),
            AnyAlg::Nxn(a, _) => a.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_three_by_three_is_always_the_kernel_state() {
        let c = NxnCube::solved(Size::THREE)
            .after(&"R U".parse().unwrap())
            .unwrap();
        let any = AnyCube::from(c.clone());
        assert_eq!(any, AnyCube::Three(c.to_three().unwrap()));
        assert_eq!(any.facelets(), c.facelets());
        assert_eq!(AnyCube::solved(Size::TWO).size(), Size::TWO);
    }

    #[test]
    fn sequences_replay_on_their_own_size_only() {
        let two = AnyCube::solved(Size::TWO);
        let alg = AnyAlg::Nxn("R U R' R".parse().unwrap(), Size::TWO);
        assert_eq!(alg.simplified().to_string(), "R U");
        assert_eq!(alg.turns(), 4);
        assert!(!two.after(&alg).unwrap().is_solved());
        let three = AnyAlg::from("x R".parse::<Alg>().unwrap());
        assert_eq!(three.turns(), 1);
        assert!(two.after(&three).is_none());
        assert!(AnyCube::solved(Size::THREE).after(&alg).is_none());
    }
}
