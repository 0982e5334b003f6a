//! The cube unfolded into a grid: the 3x18 strip (blocks U L F R B D) and the
//! cross net (U above F, L F R B in a row, D below F). Each block shows its face
//! as in the facelet-string reading.

use super::face::Face;
use super::kernel::STICKERS;
use super::state::Cube;

/// A way to unfold the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// One strip of six 3x3 blocks, U L F R B D (3 rows, 18 columns).
    #[default]
    Strip,
    /// The cross-shaped net (9 rows, 12 columns).
    Cross,
}

impl Layout {
    pub const ALL: [Layout; 2] = [Layout::Strip, Layout::Cross];

    /// (rows, columns) of the grid in stickers.
    pub const fn size(self) -> (usize, usize) {
        match self {
            Layout::Strip => (3, 18),
            Layout::Cross => (9, 12),
        }
    }

    /// Top-left cell (row, column) of a face's 3x3 block.
    pub const fn block(self, face: Face) -> (usize, usize) {
        match self {
            Layout::Strip => {
                let k = match face {
                    Face::U => 0,
                    Face::L => 1,
                    Face::F => 2,
                    Face::R => 3,
                    Face::B => 4,
                    Face::D => 5,
                };
                (0, 3 * k)
            }
            Layout::Cross => match face {
                Face::U => (0, 3),
                Face::L => (3, 0),
                Face::F => (3, 3),
                Face::R => (3, 6),
                Face::B => (3, 9),
                Face::D => (6, 3),
            },
        }
    }

    /// Grid cell (row, column) of sticker `i` (0..54).
    pub fn cell(self, i: usize) -> (usize, usize) {
        let face = Face::ALL[(i / 9) % 6];
        let (r0, c0) = self.block(face);
        (r0 + (i % 9) / 3, c0 + i % 3)
    }

    /// The sticker at a grid cell, if any.
    pub fn sticker_at(self, row: usize, col: usize) -> Option<usize> {
        (0..STICKERS).find(|&i| self.cell(i) == (row, col))
    }
}

/// The net as text: face letters, a space between 3x3 blocks, blanks where the
/// cross has no face. Lines carry no trailing spaces.
pub fn render(cube: &Cube, layout: Layout) -> String {
    let (rows, cols) = layout.size();
    grid_text((rows, cols), 3, |r, c| {
        layout.sticker_at(r, c).map(|i| cube.colour(i).letter())
    })
}

/// A net of `rows` × `cols` cells as text (every size's): the letter
/// `letter_at(row, column)` gives (a blank for `None`), a space between
/// blocks of `block` columns, no trailing spaces.
pub(crate) fn grid_text(
    (rows, cols): (usize, usize),
    block: usize,
    letter_at: impl Fn(usize, usize) -> Option<char>,
) -> String {
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..cols {
            if c > 0 && c % block == 0 {
                line.push(' ');
            }
            line.push(letter_at(r, c).unwrap_or(' '));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_nets() {
        assert_eq!(
            render(&Cube::solved(), Layout::Strip),
            "UUU LLL FFF RRR BBB DDD\n".repeat(3)
        );
        let cross = render(&Cube::solved(), Layout::Cross);
        assert_eq!(cross.lines().next(), Some("    UUU"));
        assert_eq!(cross.lines().nth(4), Some("LLL FFF RRR BBB"));
        assert_eq!(cross.lines().count(), 9);
    }

    #[test]
    fn every_sticker_has_its_own_cell() {
        for layout in Layout::ALL {
            let cells: std::collections::HashSet<_> =
                (0..STICKERS).map(|i| layout.cell(i)).collect();
            assert_eq!(cells.len(), STICKERS);
        }
    }
}
