//! The cubie view: corner and edge permutation and orientation, converted to and
//! from stickers (Kociemba's piece order and orientation conventions).

use super::error::FaceletError;
use super::face::Face;
use super::kernel::CENTRES;
use super::state::Cube;

/// Sticker indices of each corner position, U/D sticker first, then clockwise:
/// URF UFL ULB UBR DFR DLF DBL DRB.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],
    [6, 18, 38],
    [0, 36, 47],
    [2, 45, 11],
    [29, 26, 15],
    [27, 44, 24],
    [33, 53, 42],
    [35, 17, 51],
];

/// Sticker indices of each edge position: UR UF UL UB DR DF DL DB FR FL BL BR.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

use Face::{B, D, F, L, R, U};

/// Colours of each corner piece in the order of [`CORNER_FACELETS`].
pub const CORNER_COLOURS: [[Face; 3]; 8] = [
    [U, R, F],
    [U, F, L],
    [U, L, B],
    [U, B, R],
    [D, F, R],
    [D, L, F],
    [D, B, L],
    [D, R, B],
];

/// Colours of each edge piece in the order of [`EDGE_FACELETS`].
pub const EDGE_COLOURS: [[Face; 2]; 12] = [
    [U, R],
    [U, F],
    [U, L],
    [U, B],
    [D, R],
    [D, F],
    [D, L],
    [D, B],
    [F, R],
    [F, L],
    [B, L],
    [B, R],
];

/// Names of corner and edge pieces, for messages.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// Corner position i holds corner `cp[i]` twisted by `co[i]` (0..3); edge position
/// i holds edge `ep[i]` flipped by `eo[i]` (0..2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

/// Whether a permutation is odd.
pub fn is_odd(p: &[u8]) -> bool {
    let mut inversions = 0;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            if p[i] > p[j] {
                inversions += 1;
            }
        }
    }
    inversions % 2 == 1
}

fn letters(fs: &[Face]) -> String {
    fs.iter().map(|f| f.letter()).collect()
}

impl CubieCube {
    pub const SOLVED: CubieCube = CubieCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// Reads pieces from stickers. A cube whose centres are not at home (after
    /// slices or rotations) is first turned as a whole so they are, so it reads
    /// as its unrotated equivalent. Fails on repeated or mirrored centres or a
    /// colour combination that no piece has; does not check duplicates, twist,
    /// flip or parity (see [`CubieCube::check`]).
    pub fn from_cube(cube: &Cube) -> Result<CubieCube, FaceletError> {
        let upright = cube.try_upright();
        let Some(upright) = upright else {
            let s = cube.stickers();
            let centres: String = CENTRES
                .iter()
                .map(|&c| Face::ALL[s[c] as usize].letter())
                .collect();
            let mut seen = [false; 6];
            let distinct = CENTRES
                .iter()
                .all(|&c| !std::mem::replace(&mut seen[s[c] as usize], true));
            return Err(if distinct {
                FaceletError::CentresMirrored { centres }
            } else {
                FaceletError::Centres { centres }
            });
        };
        let s = upright.stickers();
        let col = |i: usize| Face::ALL[s[i] as usize];
        let mut cc = CubieCube::SOLVED;
        for (i, fl) in CORNER_FACELETS.iter().enumerate() {
            let cols = fl.map(col);
            let impossible = || FaceletError::ImpossibleCorner {
                position: CORNER_NAMES[i].to_string(),
                colours: letters(&cols),
            };
            let ori = (0..3)
                .find(|&o| matches!(cols[o], U | D))
                .ok_or_else(impossible)?;
            let (c1, c2) = (cols[(ori + 1) % 3], cols[(ori + 2) % 3]);
            let j = (0..8)
                .find(|&j| {
                    CORNER_COLOURS[j][0] == cols[ori]
                        && CORNER_COLOURS[j][1] == c1
                        && CORNER_COLOURS[j][2] == c2
                })
                .ok_or_else(impossible)?;
            cc.cp[i] = j as u8;
            cc.co[i] = ori as u8;
        }
        for (i, fl) in EDGE_FACELETS.iter().enumerate() {
            let cols = fl.map(col);
            let found = (0..12).find_map(|j| match EDGE_COLOURS[j] {
                e if e == cols => Some((j, 0)),
                [a, b] if [b, a] == cols => Some((j, 1)),
                _ => None,
            });
            let (j, o) = found.ok_or_else(|| FaceletError::ImpossibleEdge {
                position: EDGE_NAMES[i].to_string(),
                colours: letters(&cols),
            })?;
            cc.ep[i] = j as u8;
            cc.eo[i] = o;
        }
        Ok(cc)
    }

    /// Checks the rules a reachable cube obeys, reporting the first that fails:
    /// a piece present twice, a twisted corner, a flipped edge, a parity mismatch.
    pub fn check(&self) -> Result<(), FaceletError> {
        let mut seen = [false; 8];
        for &c in &self.cp {
            if std::mem::replace(&mut seen[c as usize], true) {
                return Err(FaceletError::DuplicatePiece {
                    piece: format!("corner {}", CORNER_NAMES[c as usize]),
                });
            }
        }
        let mut seen = [false; 12];
        for &e in &self.ep {
            if std::mem::replace(&mut seen[e as usize], true) {
                return Err(FaceletError::DuplicatePiece {
                    piece: format!("edge {}", EDGE_NAMES[e as usize]),
                });
            }
        }
        let twist: u32 = self.co.iter().map(|&o| o as u32).sum::<u32>() % 3;
        if twist != 0 {
            return Err(FaceletError::TwistedCorner { sum: twist });
        }
        let flip: u32 = self.eo.iter().map(|&o| o as u32).sum::<u32>() % 2;
        if flip != 0 {
            return Err(FaceletError::FlippedEdge { sum: flip });
        }
        let (c, e) = (is_odd(&self.cp), is_odd(&self.ep));
        if c != e {
            let name = |odd: bool| if odd { "odd" } else { "even" };
            return Err(FaceletError::Parity {
                corners: name(c),
                edges: name(e),
            });
        }
        Ok(())
    }

    /// The sticker view, with centres in their home positions.
    pub fn to_cube(&self) -> Cube {
        let mut s = *Cube::SOLVED.stickers();
        for i in 0..8 {
            for n in 0..3 {
                s[CORNER_FACELETS[i][(n + self.co[i] as usize) % 3]] =
                    CORNER_COLOURS[self.cp[i] as usize][n] as u8;
            }
        }
        for i in 0..12 {
            for n in 0..2 {
                s[EDGE_FACELETS[i][(n + self.eo[i] as usize) % 2]] =
                    EDGE_COLOURS[self.ep[i] as usize][n] as u8;
            }
        }
        Cube::from_stickers(s).expect("colours are faces")
    }
}
