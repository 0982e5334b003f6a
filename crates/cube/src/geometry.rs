//! Where each sticker sits in space, and the sticker permutation of a quarter
//! turn of any set of layers. Every move table is derived from this one model.
//!
//! Axes: x points to R, y to U, z to F. A sticker is a cubie position in
//! {-1, 0, 1}³ plus the outward normal of the face it shows. The N×N model
//! (`cube::nxn::geometry`) takes its normals, quarter turns and depths from
//! here, in its own (wider) coordinates.

use std::ops::Neg;

use super::face::Face;
use super::kernel::STICKERS;
use super::perm::Perm;

type V = [i8; 3];

/// Outward normal of a face, in coordinates of type `T`.
pub(crate) fn normal<T: From<i8>>(face: Face) -> [T; 3] {
    let n: V = match face {
        Face::U => [0, 1, 0],
        Face::R => [1, 0, 0],
        Face::F => [0, 0, 1],
        Face::D => [0, -1, 0],
        Face::L => [-1, 0, 0],
        Face::B => [0, 0, -1],
    };
    n.map(T::from)
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

/// Rotates `v` a quarter turn clockwise as seen looking at `face`.
pub(crate) fn quarter<T: Copy + Neg<Output = T>>(v: [T; 3], face: Face) -> [T; 3] {
    let [x, y, z] = v;
    match face {
        Face::R => [x, z, -y],
        Face::L => [x, -z, y],
        Face::U => [-z, y, x],
        Face::D => [z, y, -x],
        Face::F => [y, -x, z],
        Face::B => [-y, x, z],
    }
}

/// How far `v` lies toward `face`: its coordinate along the face's normal.
pub(crate) fn along<T: Copy + Neg<Output = T>>(v: [T; 3], face: Face) -> T {
    let [x, y, z] = v;
    match face {
        Face::R => x,
        Face::L => -x,
        Face::U => y,
        Face::D => -y,
        Face::F => z,
        Face::B => -z,
    }
}

/// The permutation of a clockwise quarter turn (seen from the face with normal
/// `normal_of`) of every sticker whose depth along that normal is in `depths`
/// (1 = the outer layer, 0 = the middle, -1 = the far layer).
pub(crate) fn quarter_turn(normal_of: Face, depths: &[i8]) -> Perm {
    let all = stickers();
    let index_of = |p: (V, V)| {
        all.iter()
            .position(|&s| s == p)
            .expect("rotation maps stickers to stickers")
    };
    let mut table = [0u8; STICKERS];
    for (i, &(pos, nrm)) in all.iter().enumerate() {
        let dest = if depths.contains(&along(pos, normal_of)) {
            index_of((quarter(pos, normal_of), quarter(nrm, normal_of)))
        } else {
            i
        };
        // The sticker at i moves to dest: dest gathers from i.
        table[dest] = i as u8;
    }
    Perm::from_gather(table).expect("a rotation is a bijection")
}
