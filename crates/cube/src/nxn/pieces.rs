//! Which stickers make up which pieces on an N×N cube: corners (as the
//! 3×3's, Kociemba order), edge pieces grouped in orbits along each edge
//! (wings, and the middle edges of odd sizes), centre stickers grouped in
//! orbits (the stickers a centre piece can reach).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::cubie::{CORNER_FACELETS, EDGE_COLOURS};
use crate::face::Face;

use super::geometry::{V, normal, stickers};
use super::moves::{NxnKind, NxnMove};
use super::size::Size;
use super::tables::tables;

/// The sticker indices of the 8 corners, in the 3×3's order (URF UFL ULB UBR
/// DFR DLF DBL DRB), each U/D sticker first then clockwise.
pub fn corner_stickers(size: Size) -> [[usize; 3]; 8] {
    let n = size.get();
    let stretch = |k: usize| if k == 2 { n - 1 } else { k };
    CORNER_FACELETS.map(|c| {
        c.map(|i| {
            let (face, row, col) = (i / 9, (i % 9) / 3, i % 3);
            size.index(face, stretch(row), stretch(col))
        })
    })
}

/// An orbit of edge pieces: for each of the 12 edges (in the 3×3's order UR
/// UF UL UB DR DF DL DB FR FL BL BR), the sticker pairs of its pieces in this
/// orbit. A wing orbit has two pieces per edge (24 in all), each pair
/// ordered so that its first stickers are the 24 that moves carry into each
/// other (a wing never flips in place: on a solved cube one wing of an edge
/// reads its colours in that edge's order, the other reversed). The middle
/// edges of odd sizes (one per edge, 12) read in the order of the edge's faces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeOrbit {
    /// Distance of the pieces from the nearer corner, in pieces (1 = next
    /// to a corner).
    pub from_corner: usize,
    /// Whether these are the middle edges (odd sizes).
    pub middle: bool,
    /// `pieces[e]` are the sticker pairs of edge `e`'s pieces in this orbit.
    pub pieces: [Vec<[usize; 2]>; 12],
}

impl EdgeOrbit {
    /// How the orbit is named in messages.
    pub fn name(&self) -> String {
        if self.middle {
            "middle edges".to_string()
        } else {
            format!("wings {} from a corner", self.from_corner)
        }
    }
}

/// Cubie position → its stickers (index, normal).
fn cubies(size: Size) -> BTreeMap<V, Vec<(usize, V)>> {
    let mut out: BTreeMap<V, Vec<(usize, V)>> = BTreeMap::new();
    for (i, (pos, nrm)) in stickers(size).into_iter().enumerate() {
        out.entry(pos).or_default().push((i, nrm));
    }
    out
}

/// The edge orbits of `size`, nearest the corners first (none on a 2×2);
/// worked out once per size.
pub fn edge_orbits(size: Size) -> &'static [EdgeOrbit] {
    static ORBITS: [OnceLock<Vec<EdgeOrbit>>; Size::MAX + 1] =
        [const { OnceLock::new() }; Size::MAX + 1];
    ORBITS[size.get()].get_or_init(|| find_edge_orbits(size))
}

fn find_edge_orbits(size: Size) -> Vec<EdgeOrbit> {
    let m = size.get() as i16 - 1;
    let mut orbits: BTreeMap<i16, EdgeOrbit> = BTreeMap::new();
    for (pos, st) in cubies(size) {
        let [(i, ni), (j, nj)] = st[..] else {
            continue;
        };
        let face_of = |n: V| {
            Face::ALL
                .into_iter()
                .find(|&f| normal(f) == n)
                .expect("a normal")
        };
        let (fi, fj) = (face_of(ni), face_of(nj));
        let Some((e, pair)) = EDGE_COLOURS.iter().enumerate().find_map(|(e, c)| {
            if *c == [fi, fj] {
                Some((e, [i, j]))
            } else if *c == [fj, fi] {
                Some((e, [j, i]))
            } else {
                None
            }
        }) else {
            continue;
        };
        // The coordinate along the edge: the one that is not ±m.
        let along = pos
            .into_iter()
            .find(|c| c.abs() != m)
            .expect("an edge piece is inside its edge")
            .abs();
        let from_corner = ((m - along) / 2) as usize;
        let orbit = orbits.entry(-along).or_insert_with(|| EdgeOrbit {
            from_corner,
            middle: along == 0,
            pieces: Default::default(),
        });
        orbit.pieces[e].push(pair);
    }
    let mut orbits: Vec<EdgeOrbit> = orbits.into_values().collect();
    for orbit in orbits.iter_mut().filter(|o| !o.middle) {
        // Wings never flip in place: the stickers a wing's first sticker can
        // reach are one sticker of every wing slot. Put that one first.
        let first = reachable(size, orbit.pieces[0][0][0]);
        for pair in orbit.pieces.iter_mut().flatten() {
            if !first[pair[0]] {
                pair.swap(0, 1);
            }
        }
    }
    orbits
}

/// The stickers that sticker `start` can be carried to by moves.
fn reachable(size: Size, start: usize) -> Vec<bool> {
    let t = tables(size);
    // Scatter form of each quarter turn: the sticker at `i` moves to `to[i]`.
    // Single layers generate every move.
    let quarters: Vec<Vec<usize>> = NxnKind::all(size)
        .filter(|k| matches!(k, NxnKind::Turn { wide: false, .. }))
        .filter_map(|k| t.perm(NxnMove::new(k, 1)?).ok())
        .map(|p| {
            let mut to = vec![0; p.gather().len()];
            for (d, &s) in p.gather().iter().enumerate() {
                to[s as usize] = d;
            }
            to
        })
        .collect();
    let mut seen = vec![false; size.stickers()];
    seen[start] = true;
    let mut todo = vec![start];
    while let Some(i) = todo.pop() {
        for to in &quarters {
            let d = to[i];
            if !std::mem::replace(&mut seen[d], true) {
                todo.push(d);
            }
        }
    }
    seen
}

/// A centre orbit: the centre stickers a centre piece can reach, on every
/// face, named by its (row, column) on a face counted from 1 (the smallest
/// of the four that a face turn carries into each other).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CentreOrbit {
    pub row: usize,
    pub col: usize,
    /// Sticker indices: 4 per face (1 for the middle centre of odd sizes).
    pub stickers: Vec<usize>,
}

impl CentreOrbit {
    /// How the orbit is named in messages.
    pub fn name(&self) -> String {
        format!("({},{})", self.row, self.col)
    }

    /// Whether this is the middle centre of an odd size (one sticker a face).
    pub fn is_middle(&self) -> bool {
        self.stickers.len() == 6
    }
}

/// The centre orbits of `size` (none on a 2×2 or 3×3 has only the middle).
pub fn centre_orbits(size: Size) -> Vec<CentreOrbit> {
    let n = size.get();
    let mut orbits: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for face in 0..6 {
        for row in 1..n.saturating_sub(1) {
            for col in 1..n - 1 {
                let turns = [
                    (row, col),
                    (col, n - 1 - row),
                    (n - 1 - row, n - 1 - col),
                    (n - 1 - col, row),
                ];
                let key = *turns.iter().min().expect("four");
                orbits
                    .entry(key)
                    .or_default()
                    .push(size.index(face, row, col));
            }
        }
    }
    orbits
        .into_iter()
        .map(|((row, col), stickers)| CentreOrbit {
            row: row + 1,
            col: col + 1,
            stickers,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_counts() {
        for n in 2..=7usize {
            let size = Size::new(n).unwrap();
            let edges = edge_orbits(size);
            let wings: usize = edges
                .iter()
                .map(|o| o.pieces.iter().map(Vec::len).sum::<usize>())
                .sum();
            assert_eq!(wings, 12 * (n - 2), "{n}");
            assert_eq!(edges.len(), (n - 1) / 2, "{n}");
            let centres: usize = centre_orbits(size).iter().map(|o| o.stickers.len()).sum();
            assert_eq!(centres, 6 * (n - 2) * (n - 2), "{n}");
            let all: std::collections::HashSet<usize> =
                corner_stickers(size).into_iter().flatten().collect();
            assert_eq!(all.len(), 24);
            // Wing orbits: one reading of each colour order per edge.
            for o in edges.iter().filter(|o| !o.middle) {
                for (e, pieces) in o.pieces.iter().enumerate() {
                    let [a, b] =
                        [pieces[0], pieces[1]].map(|p| p.map(|i| i / size.face_stickers()));
                    assert_eq!(a, [b[1], b[0]], "{n} edge {e}");
                }
            }
        }
        assert_eq!(corner_stickers(Size::THREE), CORNER_FACELETS);
    }
}
