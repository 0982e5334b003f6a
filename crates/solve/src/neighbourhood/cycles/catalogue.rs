//! The commutator catalogue of one size and what it says of its entries
//! (built in `build.rs`).

use cubetui_cube::face::Face;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};
use cubetui_cube::nxn::{NxnAlg, NxnKind, NxnMove, Size};

/// Entries the catalogue of one size keeps at most, over all orbits, as
/// an equal share per orbit. Sizes up to 25 keep every 3-cycle of every
/// orbit (the 25×25 just under the bound); from 26 the share is smaller
/// than an orbit's 3-cycles and the catalogue says so
/// ([`Cycles::capped`]).
pub const MAX_ENTRIES: usize = 600_000;

/// What an entry does to its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Three pieces of one orbit in a cycle.
    Cycle,
    /// Two corners (midges) turned in place.
    Twist,
}

/// How an entry's moves are made.
#[derive(Clone, Copy, Debug)]
pub(super) enum Origin {
    /// A screened commutator or a product of two entries: `bases[i]`.
    Base(u32),
    /// `turn · parent · turn⁻¹`.
    Conjugate { parent: u32, turn: u16 },
}

/// One operator of the catalogue.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Index of its orbit in [`orbits`].
    pub orbit: u16,
    pub shape: Shape,
    /// Number of layer turns.
    pub moves: u16,
    /// Its pairs: `pairs[start..start + len]`.
    pub(super) start: u32,
    pub(super) len: u8,
    pub(super) origin: Origin,
}

/// The commutator catalogue of one size.
#[derive(Debug)]
pub struct Cycles {
    pub(super) size: Size,
    /// The layer turns entries are conjugated by.
    pub(super) turns: Vec<NxnMove>,
    pub(super) bases: Vec<NxnAlg>,
    pub(super) entries: Vec<Entry>,
    pub(super) pairs: Vec<[u16; 2]>,
    /// Entry indices of each orbit (index as in [`orbits`]).
    pub(super) by_orbit: Vec<Vec<u32>>,
    /// Entry indices that move each sticker (filled once the catalogue is
    /// complete).
    pub(super) by_sticker: Vec<Vec<u32>>,
    pub(super) capped: bool,
}

/// Every single-layer turn of `faces`' axes: layers 1..=N, 1 to 3 quarter turns.
pub(super) fn layer_turns(size: Size, faces: &[Face]) -> Vec<NxnMove> {
    let n = size.get() as u8;
    faces
        .iter()
        .flat_map(|&f| (1..=n).map(move |l| NxnKind::slice(f, l)))
        .flat_map(|k| (1..=3).filter_map(move |t| NxnMove::new(k, t)))
        .collect()
}

impl Cycles {
    /// The size this catalogue is for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The layer turns entries are conjugated by (every single layer of
    /// the R, U and F axes, 1 to 3 quarter turns).
    pub fn turns(&self) -> &[NxnMove] {
        &self.turns
    }

    /// Every entry.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The entries (indices) that move pieces of orbit `o`.
    pub fn of_orbit(&self, o: usize) -> &[u32] {
        self.by_orbit.get(o).map_or(&[], Vec::as_slice)
    }

    /// The entries (indices) that move sticker `s`.
    pub fn moving(&self, s: usize) -> &[u32] {
        self.by_sticker.get(s).map_or(&[], Vec::as_slice)
    }

    /// Whether the memory bound kept some 3-cycles out (sizes past 16).
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// Entry `i`'s (position, source) pairs.
    #[inline]
    pub fn pairs_of(&self, i: usize) -> &[[u16; 2]] {
        let e = &self.entries[i];
        &self.pairs[e.start as usize..e.start as usize + e.len as usize]
    }

    /// Entry `i`'s layer turns.
    pub fn alg(&self, i: usize) -> NxnAlg {
        let mut setups = Vec::new();
        let mut at = i;
        loop {
            match self.entries[at].origin {
                Origin::Base(b) => {
                    let mut out: Vec<NxnMove> = setups.clone();
                    out.extend(self.bases[b as usize].moves().iter().copied());
                    out.extend(setups.iter().rev().map(|m: &NxnMove| m.inverse()));
                    return NxnAlg::new(out);
                }
                Origin::Conjugate { parent, turn } => {
                    setups.push(self.turns[turn as usize]);
                    at = parent as usize;
                }
            }
        }
    }

    /// The orbit entry `i` cycles, in words ("wings 1", "centres (1,2)").
    pub fn orbit_words(&self, i: usize) -> String {
        let o = orbits(self.size);
        o.all()[self.entries[i].orbit as usize].kind.to_string()
    }

    /// Entry `i` in words: "3-cycle of wings 1 (U F R)", "pair twist of
    /// corners (U D)": its shape, orbit and the faces of the pieces moved.
    pub fn describe(&self, i: usize) -> String {
        let e = &self.entries[i];
        let o = orbits(self.size);
        let per_face = self.size.face_stickers();
        let mut pieces: Vec<usize> = self
            .pairs_of(i)
            .iter()
            .map(|&[d, _]| o.piece_of(d as usize))
            .collect();
        pieces.sort_unstable();
        pieces.dedup();
        let orbit = &o.all()[e.orbit as usize];
        let faces: Vec<String> = pieces
            .iter()
            .map(|&p| {
                orbit.pieces[p]
                    .iter()
                    .map(|&s| Face::ALL[s as usize / per_face].to_string())
                    .collect::<String>()
            })
            .collect();
        let shape = match (e.shape, orbit.kind.is_edge()) {
            (Shape::Cycle, _) => "3-cycle",
            (Shape::Twist, true) => "pair flip",
            (Shape::Twist, false) => "pair twist",
        };
        format!("{shape} of {} ({})", orbit.kind, faces.join(" "))
    }
}

/// The orbit and shape of a sparse permutation that moves the pieces of one
/// orbit only: three pieces in a cycle, or two pieces turned in place.
/// `None` for anything else (pieces of two orbits, a fixed centre, more
/// pieces).
pub(super) fn classify(size: Size, p: &[[u16; 2]]) -> Option<(usize, Shape)> {
    if p.is_empty() || p.len() > 9 {
        return None;
    }
    let o = orbits(size);
    let orbit = o.orbit_of(p[0][0] as usize);
    if o.all()[orbit].kind == OrbitKind::Fixed {
        return None;
    }
    let mut pieces: Vec<(usize, usize)> = Vec::with_capacity(9);
    for &[d, s] in p {
        if o.orbit_of(d as usize) != orbit || o.orbit_of(s as usize) != orbit {
            return None;
        }
        pieces.push((o.piece_of(d as usize), o.piece_of(s as usize)));
    }
    let mut moved: Vec<usize> = pieces.iter().map(|&(d, _)| d).collect();
    moved.sort_unstable();
    moved.dedup();
    // Every sticker of a moved piece moves (a piece goes whole).
    let stickers: usize = moved.iter().map(|&m| o.all()[orbit].pieces[m].len()).sum();
    if stickers != p.len() {
        return None;
    }
    let in_place = pieces.iter().all(|&(d, s)| d == s);
    match moved.len() {
        3 if pieces.iter().all(|&(d, s)| d != s) => Some((orbit, Shape::Cycle)),
        2 if in_place => Some((orbit, Shape::Twist)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::build::cycles;
    use super::super::sparse::of_gather;
    use super::*;
    use cubetui_cube::nxn::tables;

    /// The full sticker permutation of `alg` (gather form), from the move tables.
    fn gather_of(size: Size, alg: &NxnAlg) -> Vec<u16> {
        let t = tables(size);
        let mut g: Vec<u16> = (0..size.stickers() as u16).collect();
        for &m in alg.moves() {
            let q = t.perm(m).unwrap().gather();
            g = q.iter().map(|&i| g[i as usize]).collect();
        }
        g
    }

    #[test]
    fn every_entry_moves_exactly_the_pieces_it_claims() {
        for n in 2..=6usize {
            let size = Size::new(n).unwrap();
            let c = cycles(size);
            let step = if n <= 4 { 1 } else { 7 };
            for i in (0..c.entries().len()).step_by(step) {
                let alg = c.alg(i);
                assert_eq!(alg.len(), c.entries()[i].moves as usize, "{n} {i}");
                let g = gather_of(size, &alg);
                assert_eq!(of_gather(&g), c.pairs_of(i), "{n} {i}: {alg}");
                let (orbit, shape) = classify(size, c.pairs_of(i)).unwrap();
                assert_eq!(orbit, c.entries()[i].orbit as usize);
                assert_eq!(shape, c.entries()[i].shape);
            }
        }
    }

    #[test]
    fn every_orbit_gets_all_its_three_cycles_and_twists() {
        for n in 2..=7usize {
            let size = Size::new(n).unwrap();
            let c = cycles(size);
            assert!(!c.capped(), "{n}");
            for (i, orbit) in orbits(size).all().iter().enumerate() {
                let count = |s: Shape| {
                    c.of_orbit(i)
                        .iter()
                        .filter(|&&e| c.entries()[e as usize].shape == s)
                        .count()
                };
                let (cycles_want, twists_want) = match orbit.kind {
                    OrbitKind::Corners => (56 * 2 * 9, 28 * 2),
                    OrbitKind::Midges => (220 * 2 * 4, 66),
                    OrbitKind::Wings { .. } | OrbitKind::Centres { .. } => (2024 * 2, 0),
                    OrbitKind::Fixed => (0, 0),
                };
                assert_eq!(count(Shape::Cycle), cycles_want, "{n} {}", orbit.kind);
                assert_eq!(count(Shape::Twist), twists_want, "{n} {}", orbit.kind);
            }
        }
    }
}
