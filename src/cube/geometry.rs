//! Where each sticker sits in space, and the sticker permutation of a quarter
//! turn of any set of layers. Every move table is derived from this one model.
//!
//! Axes: x points to R, y to U, z to F. A sticker is a cubie position in
//! {-1, 0, 1}³ plus the outward normal of the face it shows.

use super::face::Face;
use super::kernel::STICKERS;
use super::perm::Perm;

type V = [i8; 3];

/// Outward normal of a face.
pub(crate) const fn normal(face: Face) -> V {
    match face {
        Face::U => [0, 1, 0],
        Face::R => [1, 0, 0],
        Face::F => [0, 0, 1],
        Face::D => [0, -1, 0],
        Face::L => [-1, 0, 0],
        Face::B => [0, 0, -1],
    }
}

/// Position of the cubie carrying sticker (face, row, col) in the facelet-string
/// reading: R F L B with U on top, U with B on top, D with F on top.
fn position(face: Face, row: i8, col: i8) -> V {
    match face {
        Face::U => [col - 1, 1, row - 1],
        Face::R => [1, 1 - row, 1 - col],
        Face::F => [col - 1, 1 - row, 1],
        Face::D => [col - 1, -1, 1 - row],
        Face::L => [-1, 1 - row, col - 1],
        Face::B => [1 - col, 1 - row, -1],
    }
}

/// (position, normal) of every sticker index.
pub(crate) fn stickers() -> [(V, V); STICKERS] {
    std::array::from_fn(|i| {
        let face = Face::from_index(i / 9).expect("i < 54");
        let (row, col) = (((i % 9) / 3) as i8, (i % 3) as i8);
        (position(face, row, col), normal(face))
    })
}

/// Rotates `v` a quarter turn clockwise as seen looking at the face whose normal is `axis`.
fn quarter(v: V, axis: V) -> V {
    let [x, y, z] = v;
    match axis {
        [1, 0, 0] => [x, z, -y],
        [-1, 0, 0] => [x, -z, y],
        [0, 1, 0] => [-z, y, x],
        [0, -1, 0] => [z, y, -x],
        [0, 0, 1] => [y, -x, z],
        [0, 0, -1] => [-y, x, z],
        _ => unreachable!("axis is a unit normal"),
    }
}

fn dot(a: V, b: V) -> i8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The permutation of a clockwise quarter turn (seen from the face with normal
/// `normal_of`) of every sticker whose depth along that normal is in `depths`
/// (1 = the outer layer, 0 = the middle, -1 = the far layer).
pub(crate) fn quarter_turn(normal_of: Face, depths: &[i8]) -> Perm {
    let axis = normal(normal_of);
    let all = stickers();
    let index_of = |p: (V, V)| {
        all.iter()
            .position(|&s| s == p)
            .expect("rotation maps stickers to stickers")
    };
    let mut table = [0u8; STICKERS];
    for (i, &(pos, nrm)) in all.iter().enumerate() {
        let dest = if depths.contains(&dot(pos, axis)) {
            index_of((quarter(pos, axis), quarter(nrm, axis)))
        } else {
            i
        };
        // The sticker at i moves to dest: dest gathers from i.
        table[dest] = i as u8;
    }
    Perm::from_gather(table).expect("a rotation is a bijection")
}
