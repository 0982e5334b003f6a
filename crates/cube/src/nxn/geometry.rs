//! Where each sticker of an N×N cube sits in space, and the sticker
//! permutation of a quarter turn of any run of layers. The 3×3 model
//! (`cube::geometry`, whose normals, quarter turns and depths it uses) with
//! the size left free.
//!
//! Axes: x points to R, y to U, z to F. Coordinates are doubled so they stay
//! whole: a cubie's coordinate along an axis is `2i - (N - 1)` for layer index
//! `i` in `0..N`, so the outer layers sit at `±(N - 1)`. A sticker is its
//! cubie's position plus the outward normal of the face it shows.

use crate::face::Face;
use crate::geometry::{along, quarter};

use super::size::Size;

pub(crate) type V = [i16; 3];

/// Outward normal of a face (the 3×3's).
pub(crate) fn normal(face: Face) -> V {
    crate::geometry::normal(face)
}

/// Position of the cubie carrying sticker (face, row, col) in the
/// facelet-string reading: R F L B with U on top, U with B on top, D with F on
/// top (as the 3×3).
fn position(size: Size, face: Face, row: usize, col: usize) -> V {
    let m = size.get() as i16 - 1;
    let c = |i: usize| 2 * i as i16 - m;
    let (r, k) = (c(row), c(col));
    match face {
        Face::U => [k, m, r],
        Face::R => [m, -r, -k],
        Face::F => [k, -r, m],
        Face::D => [k, -m, -r],
        Face::L => [-m, -r, k],
        Face::B => [-k, -r, -m],
    }
}

/// The sticker index of (position, normal): the inverse of [`position`].
fn index_of(size: Size, pos: V, nrm: V) -> usize {
    let m = size.get() as i16 - 1;
    let face = Face::ALL
        .into_iter()
        .find(|&f| normal(f) == nrm)
        .expect("a normal is a face's");
    let un = |v: i16| ((v + m) / 2) as usize;
    let [x, y, z] = pos;
    let (row, col) = match face {
        Face::U => (un(z), un(x)),
        Face::R => (un(-y), un(-z)),
        Face::F => (un(-y), un(x)),
        Face::D => (un(-z), un(x)),
        Face::L => (un(-y), un(z)),
        Face::B => (un(-y), un(-x)),
    };
    size.index(face.index(), row, col)
}

/// (position, normal) of every sticker index.
pub(crate) fn stickers(size: Size) -> Vec<(V, V)> {
    let (n, per_face) = (size.get(), size.face_stickers());
    (0..size.stickers())
        .map(|i| {
            let face = Face::ALL[i / per_face];
            let (row, col) = ((i % per_face) / n, i % n);
            (position(size, face, row, col), normal(face))
        })
        .collect()
}

/// The depth coordinate of layer `layer` counted from a face (1 = the outer
/// layer, N = the far one).
pub(crate) fn depth(size: Size, layer: usize) -> i16 {
    size.get() as i16 + 1 - 2 * layer as i16
}

/// The gather table of a clockwise quarter turn (seen from `face`) of layers
/// `first..=last` counted from `face` (1 = outer): position `i` receives the
/// sticker from `table[i]`.
pub(crate) fn quarter_turn(size: Size, face: Face, first: usize, last: usize) -> Vec<u16> {
    let (lo, hi) = (depth(size, last), depth(size, first));
    let mut table = vec![0u16; size.stickers()];
    for (i, (pos, nrm)) in stickers(size).into_iter().enumerate() {
        let dest = if (lo..=hi).contains(&along(pos, face)) {
            index_of(size, quarter(pos, face), quarter(nrm, face))
        } else {
            i
        };
        // The sticker at i moves to dest: dest gathers from i.
        table[dest] = i as u16;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_invert() {
        for n in 2..=7 {
            let size = Size::new(n).unwrap();
            for (i, (p, nrm)) in stickers(size).into_iter().enumerate() {
                assert_eq!(index_of(size, p, nrm), i, "n={n} i={i}");
            }
        }
    }

    #[test]
    fn quarter_turns_are_bijections() {
        let size = Size::new(5).unwrap();
        for f in Face::ALL {
            let mut t = quarter_turn(size, f, 1, 2);
            t.sort_unstable();
            assert!(t.iter().enumerate().all(|(i, &v)| v as usize == i));
        }
    }
}
