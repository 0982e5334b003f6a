//! The piece orbits of an N×N: sets of pieces that no move
//! mixes with any other. 8 corners; on odd N the 12 middle edges (midges);
//! ⌊(N−2)/2⌋ wing orbits of 24; ((N−2)² − (N mod 2))/4 centre orbits of 24;
//! on odd N the 6 fixed middle centres. For every sticker, the orbit and the
//! piece it belongs to; for every orbit whose pieces can be told apart
//! (corners, midges, wings), the parity of its permutation.

use std::sync::OnceLock;

use super::pieces::{centre_orbits, corner_stickers, edge_orbits};
use super::size::Size;

/// What kind of pieces an orbit holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrbitKind {
    /// The 8 corners (3 stickers each).
    Corners,
    /// The 12 middle edges of an odd size (2 stickers each).
    Midges,
    /// 24 wings `from_corner` pieces from the nearer corner (2 stickers each).
    Wings { from_corner: usize },
    /// 24 centre stickers around (row, col) of each face (1 sticker each).
    Centres { row: usize, col: usize },
    /// The 6 middle centres of an odd size (never moved by layer turns
    /// other than the middle slices).
    Fixed,
}

impl OrbitKind {
    /// Whether its pieces can be told apart by their colours (corners,
    /// midges, wings): then the orbit's permutation and parity are defined.
    pub fn distinct(self) -> bool {
        matches!(
            self,
            OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Wings { .. }
        )
    }

    /// Whether these are centre pieces (fixed or not).
    pub fn is_centre(self) -> bool {
        matches!(self, OrbitKind::Centres { .. } | OrbitKind::Fixed)
    }

    /// Whether these are edge pieces (midges or wings).
    pub fn is_edge(self) -> bool {
        matches!(self, OrbitKind::Midges | OrbitKind::Wings { .. })
    }
}

impl std::fmt::Display for OrbitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            OrbitKind::Corners => write!(f, "corners"),
            OrbitKind::Midges => write!(f, "midges"),
            OrbitKind::Wings { from_corner } => write!(f, "wings {from_corner}"),
            OrbitKind::Centres { row, col } => write!(f, "centres ({row},{col})"),
            OrbitKind::Fixed => write!(f, "fixed centres"),
        }
    }
}

/// One orbit: its kind and its pieces, each as its sticker indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbit {
    pub kind: OrbitKind,
    /// Piece `p`'s stickers: 3 for a corner (U/D sticker first, then
    /// clockwise), 2 for an edge piece (a wing's first sticker is the one
    /// moves carry into other wings' first stickers), 1 for a centre.
    pub pieces: Vec<Vec<u16>>,
}

/// The orbits of one size, and the orbit and piece of every sticker.
#[derive(Clone, Debug)]
pub struct Orbits {
    size: Size,
    orbits: Vec<Orbit>,
    /// `of[sticker]` = (orbit index, piece index in the orbit).
    of: Vec<(u16, u16)>,
}

impl Orbits {
    fn build(size: Size) -> Orbits {
        let mut orbits = vec![Orbit {
            kind: OrbitKind::Corners,
            pieces: corner_stickers(size)
                .iter()
                .map(|c| c.iter().map(|&i| i as u16).collect())
                .collect(),
        }];
        for e in edge_orbits(size) {
            orbits.push(Orbit {
                kind: if e.middle {
                    OrbitKind::Midges
                } else {
                    OrbitKind::Wings {
                        from_corner: e.from_corner,
                    }
                },
                pieces: e
                    .pieces
                    .iter()
                    .flatten()
                    .map(|p| p.iter().map(|&i| i as u16).collect())
                    .collect(),
            });
        }
        for c in centre_orbits(size) {
            orbits.push(Orbit {
                kind: if c.is_middle() {
                    OrbitKind::Fixed
                } else {
                    OrbitKind::Centres {
                        row: c.row,
                        col: c.col,
                    }
                },
                pieces: c.stickers.iter().map(|&i| vec![i as u16]).collect(),
            });
        }
        let mut of = vec![(u16::MAX, u16::MAX); size.stickers()];
        for (o, orbit) in orbits.iter().enumerate() {
            for (p, piece) in orbit.pieces.iter().enumerate() {
                for &s in piece {
                    of[s as usize] = (o as u16, p as u16);
                }
            }
        }
        Orbits { size, orbits, of }
    }

    /// The size these orbits are of.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Every orbit: corners first, then edge orbits (nearest the corners
    /// first), then centre orbits.
    pub fn all(&self) -> &[Orbit] {
        &self.orbits
    }

    /// The orbit of sticker `s` (an index into [`Self::all`]).
    pub fn orbit_of(&self, s: usize) -> usize {
        self.of[s].0 as usize
    }

    /// The piece of sticker `s` within its orbit.
    pub fn piece_of(&self, s: usize) -> usize {
        self.of[s].1 as usize
    }

    /// Where each piece of orbit `o` belongs in `stickers` (colours 0..6,
    /// `home[f]` the colour of face `f` when solved): `perm[p]` is the home
    /// position of the piece at position `p`. `None` for an orbit whose
    /// pieces cannot be told apart, or a state where a piece is not one of
    /// the orbit's (an impossible or repeated piece).
    pub fn permutation(&self, o: usize, stickers: &[u8], home: &[u8; 6]) -> Option<Vec<usize>> {
        let orbit = &self.orbits[o];
        if !orbit.kind.distinct() || stickers.len() != self.size.stickers() {
            return None;
        }
        let per_face = self.size.face_stickers();
        let face = |s: u16| home[s as usize / per_face];
        // Corners and midges are known by their colour set, wings by their
        // colours in order (the two wings of one edge read them reversed).
        let key = |colours: Vec<u8>| {
            let mut k = colours;
            if !matches!(orbit.kind, OrbitKind::Wings { .. }) {
                k.sort_unstable();
            }
            k
        };
        let homes: Vec<Vec<u8>> = orbit
            .pieces
            .iter()
            .map(|p| key(p.iter().map(|&s| face(s)).collect()))
            .collect();
        let mut perm = Vec::with_capacity(orbit.pieces.len());
        let mut used = vec![false; orbit.pieces.len()];
        for p in &orbit.pieces {
            let k = key(p.iter().map(|&s| stickers[s as usize]).collect());
            let j = homes.iter().position(|h| *h == k)?;
            if std::mem::replace(&mut used[j], true) {
                return None;
            }
            perm.push(j);
        }
        Some(perm)
    }

    /// Whether orbit `o`'s permutation in `stickers` is odd (see
    /// [`Self::permutation`]; `None` where that is `None`).
    pub fn odd(&self, o: usize, stickers: &[u8], home: &[u8; 6]) -> Option<bool> {
        self.permutation(o, stickers, home).map(|p| parity(&p))
    }
}

/// Whether permutation `p` (of `0..p.len()`) is odd.
pub fn parity(p: &[usize]) -> bool {
    let mut seen = vec![false; p.len()];
    let mut transpositions = 0;
    for start in 0..p.len() {
        let mut len = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = p[i];
            len += 1;
        }
        transpositions += len.max(1) - 1;
    }
    transpositions % 2 == 1
}

/// The orbits of `size`, worked out once per size.
pub fn orbits(size: Size) -> &'static Orbits {
    static ORBITS: [OnceLock<Orbits>; Size::MAX + 1] = [const { OnceLock::new() }; Size::MAX + 1];
    ORBITS[size.get()].get_or_init(|| Orbits::build(size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nxn::alg::NxnAlg;
    use crate::nxn::state::NxnCube;

    #[test]
    fn orbit_counts_follow_the_spec() {
        for n in 2..=10usize {
            let size = Size::new(n).unwrap();
            let o = orbits(size);
            let count = |f: fn(&OrbitKind) -> bool| o.all().iter().filter(|x| f(&x.kind)).count();
            assert_eq!(count(|k| *k == OrbitKind::Corners), 1);
            assert_eq!(count(|k| *k == OrbitKind::Midges), n % 2, "{n}");
            assert_eq!(
                count(|k| matches!(k, OrbitKind::Wings { .. })),
                (n - 2) / 2,
                "{n}"
            );
            let m = n.saturating_sub(2);
            assert_eq!(
                count(|k| matches!(k, OrbitKind::Centres { .. })),
                (m * m - n % 2) / 4,
                "{n}"
            );
            assert_eq!(count(|k| *k == OrbitKind::Fixed), n % 2, "{n}");
            // Every sticker is in exactly one piece.
            let total: usize = o.all().iter().flat_map(|x| &x.pieces).map(Vec::len).sum();
            assert_eq!(total, size.stickers(), "{n}");
            for s in 0..size.stickers() {
                let (orb, p) = (o.orbit_of(s), o.piece_of(s));
                assert!(o.all()[orb].pieces[p].contains(&(s as u16)));
            }
        }
    }

    #[test]
    fn a_quarter_turn_is_odd_on_the_orbits_it_four_cycles() {
        let size = Size::new(4).unwrap();
        let o = orbits(size);
        let home = [0, 1, 2, 3, 4, 5];
        let solved = NxnCube::solved(size);
        for i in 0..o.all().len() {
            if o.all()[i].kind.distinct() {
                assert_eq!(o.odd(i, solved.stickers(), &home), Some(false));
            }
        }
        // An outer quarter turn: corners odd (one 4-cycle), wings even (two).
        let u = solved.after(&"U".parse::<NxnAlg>().unwrap()).unwrap();
        assert_eq!(o.odd(0, u.stickers(), &home), Some(true));
        assert_eq!(o.odd(1, u.stickers(), &home), Some(false));
        // An inner slice quarter turn: the wings 1 from a corner odd.
        let r = solved.after(&"2R".parse::<NxnAlg>().unwrap()).unwrap();
        assert_eq!(o.odd(0, r.stickers(), &home), Some(false));
        assert_eq!(o.odd(1, r.stickers(), &home), Some(true));
        assert_eq!(o.odd(2, r.stickers(), &home), None, "centres hide parity");
    }
}
