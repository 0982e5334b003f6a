//! N×N cubes unfolded into a grid, in the 3×3's two layouts scaled by N:
//! the N×6N strip (blocks U L F R B D) and the cross (U above F, L F R B in a
//! row, D below F). Each block shows its face in the facelet-string reading.

use crate::face::Face;
use crate::net::{Layout, grid_text};

use super::size::Size;
use super::state::NxnCube;

/// (rows, columns) of the grid in stickers: N × 6N, or 3N × 4N.
pub const fn grid_size(layout: Layout, size: Size) -> (usize, usize) {
    let (r, c) = layout.size();
    (r / 3 * size.get(), c / 3 * size.get())
}

/// Top-left cell (row, column) of a face's N×N block.
pub const fn block(layout: Layout, size: Size, face: Face) -> (usize, usize) {
    let (r, c) = layout.block(face);
    (r / 3 * size.get(), c / 3 * size.get())
}

/// Grid cell (row, column) of sticker `i` (0..6N²).
pub fn cell(layout: Layout, size: Size, i: usize) -> (usize, usize) {
    let (n, per_face) = (size.get(), size.face_stickers());
    let face = Face::ALL[(i / per_face) % 6];
    let (r0, c0) = block(layout, size, face);
    (r0 + (i % per_face) / n, c0 + i % n)
}

/// The sticker at a grid cell, if any.
pub fn sticker_at(layout: Layout, size: Size, row: usize, col: usize) -> Option<usize> {
    let n = size.get();
    Face::ALL.into_iter().find_map(|face| {
        let (r0, c0) = block(layout, size, face);
        let inside = (r0..r0 + n).contains(&row) && (c0..c0 + n).contains(&col);
        inside.then(|| size.index(face.index(), row - r0, col - c0))
    })
}

/// The net as text: face letters, a space between N×N blocks, blanks where
/// the cross has no face. Lines carry no trailing spaces.
pub fn render(cube: &NxnCube, layout: Layout) -> String {
    let size = cube.size();
    grid_text(grid_size(layout, size), size.get(), |r, c| {
        sticker_at(layout, size, r, c)
            .and_then(|i| cube.colour(i))
            .map(Face::letter)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_matches_the_3x3_net() {
        let c = crate::state::Cube::solved().after(&"R U F' x M".parse().expect("an alg"));
        for layout in Layout::ALL {
            assert_eq!(
                render(&NxnCube::from(&c), layout),
                crate::net::render(&c, layout)
            );
        }
    }

    #[test]
    fn every_sticker_has_its_own_cell() {
        for n in 2..=7 {
            let size = Size::new(n).expect("a size");
            for layout in Layout::ALL {
                let mut cells = std::collections::HashSet::new();
                for i in 0..size.stickers() {
                    let (r, c) = cell(layout, size, i);
                    assert_eq!(sticker_at(layout, size, r, c), Some(i));
                    cells.insert((r, c));
                }
                assert_eq!(cells.len(), size.stickers());
            }
        }
    }

    #[test]
    fn solved_4x4_strip() {
        let c = NxnCube::solved(Size::new(4).expect("a size"));
        assert_eq!(
            render(&c, Layout::Strip),
            "UUUU LLLL FFFF RRRR BBBB DDDD\n".repeat(4)
        );
        assert_eq!(render(&c, Layout::Cross).lines().count(), 12);
    }
}
