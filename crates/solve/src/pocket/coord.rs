//! The 2×2 as coordinates: with the DBL corner home, the other seven
//! corners' arrangement (a rank in `0..7!`) and the twists of six of them
//! (`0..3⁶`; the seventh's follows), 5,040 × 729 = 3,674,160 states.
//! Read from and written to stickers (`cube::nxn`), so the tables built on
//! them agree with the sticker model by construction.

use cubetui_cube::cubie::CORNER_COLOURS;
use cubetui_cube::face::Face;
use cubetui_cube::nxn::pieces::corner_stickers;
use cubetui_cube::nxn::{NxnCube, NxnKind, NxnMove, Size};

/// Arrangements of the seven free corners, 7!.
pub const N_PERM: usize = 5040;
/// Twists of six of them, 3⁶.
pub const N_TWIST: usize = 729;
/// States with the DBL corner home.
pub const N_STATES: usize = N_PERM * N_TWIST;
/// Moves of the search: `U U2 U' R R2 R' F F2 F'` (they keep DBL home).
pub const N_MOVES: usize = 9;

/// The corner slots other than DBL (slot 6), in order.
const SLOTS: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// Move `m` (0..9) of the search.
pub fn search_move(m: usize) -> NxnMove {
    let face = [Face::U, Face::R, Face::F][m / 3 % 3];
    NxnMove::new(NxnKind::outer(face), (m % 3) as u8 + 1).expect("1..=3 turns")
}

/// The seven free corners: `pieces[k]` is the piece (0..7, DBL's 6 skipped:
/// DRB is 6) in slot `SLOTS[k]`, `twists[k]` where its U/D sticker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corners {
    pub pieces: [u8; 7],
    pub twists: [u8; 7],
}

impl Corners {
    /// The solved arrangement.
    pub const SOLVED: Corners = Corners {
        pieces: [0, 1, 2, 3, 4, 5, 6],
        twists: [0; 7],
    };

    /// Reads the corners of an upright 2×2 (DBL home); `None` when a slot
    /// holds no corner's colours, a piece appears twice or the twists do
    /// not add up (a state no turn reaches).
    pub fn read(cube: &NxnCube) -> Option<Corners> {
        if cube.size() != Size::TWO || !cube.is_upright() {
            return None;
        }
        let s = cube.stickers();
        let positions = corner_stickers(Size::TWO);
        let mut out = Corners::SOLVED;
        let mut seen = [false; 8];
        for (k, &slot) in SLOTS.iter().enumerate() {
            let colours = positions[slot].map(|i| s[i]);
            let (piece, twist) = (0..8).find_map(|p| {
                let piece = CORNER_COLOURS[p];
                (0..3).find_map(|t| {
                    (0..3)
                        .all(|n| colours[(n + t) % 3] == piece[n] as u8)
                        .then_some((p, t))
                })
            })?;
            if piece == 6 || seen[piece] {
                return None;
            }
            seen[piece] = true;
            out.pieces[k] = if piece == 7 { 6 } else { piece as u8 };
            out.twists[k] = twist as u8;
        }
        (out.twists.iter().map(|&t| t as u32).sum::<u32>() % 3 == 0).then_some(out)
    }

    /// The upright 2×2 showing these corners.
    pub fn to_cube(self) -> NxnCube {
        let size = Size::TWO;
        let mut stickers = NxnCube::solved(size).stickers().to_vec();
        let positions = corner_stickers(size);
        for (k, &slot) in SLOTS.iter().enumerate() {
            let p = self.pieces[k] as usize;
            let piece = CORNER_COLOURS[if p == 6 { 7 } else { p }];
            for (n, colour) in piece.iter().enumerate() {
                stickers[positions[slot][(n + self.twists[k] as usize) % 3]] = *colour as u8;
            }
        }
        NxnCube::from_stickers(size, stickers).expect("corner colours are faces")
    }

    /// Rank of the arrangement, `0..N_PERM` (0 solved).
    pub fn perm(&self) -> usize {
        let mut rank = 0;
        for i in 0..7 {
            let smaller = self.pieces[i + 1..]
                .iter()
                .filter(|&&p| p < self.pieces[i])
                .count();
            rank = rank * (7 - i) + smaller;
        }
        rank
    }

    /// Twists of the first six slots in base 3, `0..N_TWIST` (0 solved).
    pub fn twist(&self) -> usize {
        self.twists[..6]
            .iter()
            .fold(0, |acc, &t| acc * 3 + t as usize)
    }

    /// The state index, `perm · N_TWIST + twist` (0 solved).
    pub fn index(&self) -> usize {
        self.perm() * N_TWIST + self.twist()
    }

    /// The corners with arrangement rank `perm` and twist coordinate `twist`.
    pub fn from_coords(perm: usize, twist: usize) -> Corners {
        let mut digits = [0usize; 7];
        let mut r = perm % N_PERM;
        for i in (0..7).rev() {
            digits[i] = r % (7 - i);
            r /= 7 - i;
        }
        let mut left: Vec<u8> = (0..7).collect();
        let mut pieces = [0u8; 7];
        for i in 0..7 {
            pieces[i] = left.remove(digits[i]);
        }
        let mut twists = [0u8; 7];
        let mut t = twist % N_TWIST;
        for i in (0..6).rev() {
            twists[i] = (t % 3) as u8;
            t /= 3;
        }
        twists[6] = ((3 - twists[..6].iter().map(|&x| x as u32).sum::<u32>() % 3) % 3) as u8;
        Corners { pieces, twists }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_through_stickers() {
        for (perm, twist) in [(0, 0), (1, 1), (5039, 728), (1234, 321), (4000, 17)] {
            let c = Corners::from_coords(perm, twist);
            assert_eq!((c.perm(), c.twist()), (perm, twist));
            assert_eq!(Corners::read(&c.to_cube()), Some(c));
        }
        assert!(Corners::SOLVED.to_cube().is_solved());
        assert_eq!(Corners::SOLVED.index(), 0);
    }

    #[test]
    fn a_twisted_corner_is_refused() {
        let mut c = Corners::SOLVED;
        c.twists[0] = 1;
        assert_eq!(Corners::read(&c.to_cube()), None);
    }
}
