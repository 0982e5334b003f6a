//! The cube widget: the 3x18 strip or the cross net, scaled to its panel.
//!
//! A [`Scale`] sets the sticker size in cells and the gaps between stickers
//! and between faces; [`fit`] picks the largest scale that fits an area.
//! Colours come from the theme; letters on demand (always without colour);
//! an overlay marks misplaced stickers.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use super::app::Net;
use super::theme::{Depth, Theme};
use crate::cube::state::CENTRES;
use crate::cube::{Cube, Face};

/// Sticker size and gaps, in terminal cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Sticker width and height.
    pub w: u16,
    pub h: u16,
    /// Gap between two stickers of one face (columns, rows).
    pub gap_x: u16,
    pub gap_y: u16,
    /// Gap between two faces (columns, rows).
    pub face_x: u16,
    pub face_y: u16,
}

/// The scales, smallest first.
pub const SCALES: [Scale; 4] = [
    Scale {
        w: 1,
        h: 1,
        gap_x: 1,
        gap_y: 0,
        face_x: 2,
        face_y: 1,
    },
    Scale {
        w: 2,
        h: 1,
        gap_x: 1,
        gap_y: 0,
        face_x: 2,
        face_y: 1,
    },
    Scale {
        w: 4,
        h: 2,
        gap_x: 1,
        gap_y: 1,
        face_x: 2,
        face_y: 1,
    },
    Scale {
        w: 6,
        h: 3,
        gap_x: 1,
        gap_y: 1,
        face_x: 3,
        face_y: 1,
    },
];

impl Scale {
    /// Left edge of sticker column `c`.
    fn x(&self, c: u16) -> u16 {
        c * (self.w + self.gap_x) + (c / 3) * self.face_x.saturating_sub(self.gap_x)
    }

    /// Top edge of sticker row `r`.
    fn y(&self, r: u16) -> u16 {
        r * (self.h + self.gap_y) + (r / 3) * self.face_y.saturating_sub(self.gap_y)
    }

    /// (width, height) of a net drawn at this scale.
    pub fn extent(&self, net: Net) -> (u16, u16) {
        let (rows, cols) = size(net);
        (self.x(cols - 1) + self.w, self.y(rows - 1) + self.h)
    }
}

/// The largest scale whose net fits in `width` × `height`, if any does.
pub fn fit(net: Net, width: u16, height: u16) -> Option<Scale> {
    SCALES
        .iter()
        .rev()
        .find(|s| {
            let (w, h) = s.extent(net);
            w <= width && h <= height
        })
        .copied()
}

/// (rows, cols) of stickers in a net.
pub fn size(net: Net) -> (u16, u16) {
    let (r, c) = net.size();
    (r as u16, c as u16)
}

/// (row, col) of a sticker (0..54) in a net.
pub fn cell(net: Net, sticker: usize) -> (u16, u16) {
    let (r, c) = net.cell(sticker);
    (r as u16, c as u16)
}

/// Draws a cube as a net.
pub struct CubeView<'a> {
    pub cube: &'a Cube,
    pub net: Net,
    pub scale: Scale,
    pub theme: &'a Theme,
    pub letters: bool,
    pub overlay: bool,
}

impl CubeView<'_> {
    /// The style and the two marks (letter, misplaced dot) of sticker `i`.
    fn look(&self, i: usize) -> (Style, Style, char, char) {
        let stickers = self.cube.stickers();
        let colour = stickers[i];
        let face = Face::from_index(colour as usize).unwrap_or(Face::U);
        let misplaced = colour != stickers[CENTRES[i / 9]];
        let plain = self.theme.depth == Depth::None;
        let style = if plain {
            Style::default()
        } else {
            Style::default()
                .bg(self.theme.faces[face.index()])
                .fg(Color::Black)
                .add_modifier(Modifier::BOLD)
        };
        let mark_style = if plain {
            style
        } else {
            style.fg(self.theme.misplaced)
        };
        let letter = if self.letters || plain {
            face.letter()
        } else {
            ' '
        };
        let dot = if self.overlay && misplaced {
            '•'
        } else {
            ' '
        };
        (style, mark_style, letter, dot)
    }
}

impl Widget for CubeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.scale;
        for i in 0..self.cube.stickers().len() {
            let (r, c) = cell(self.net, i);
            let (style, mark_style, letter, dot) = self.look(i);
            let (x0, y0) = (s.x(c), s.y(r));
            for dy in 0..s.h {
                for dx in 0..s.w {
                    let (x, y) = (area.x + x0 + dx, area.y + y0 + dy);
                    if x >= area.right() || y >= area.bottom() {
                        continue;
                    }
                    // The letter sits in the middle; the dot right after it
                    // (on one-cell stickers the dot replaces a blank letter).
                    let mid = (dx == (s.w - 1) / 2) && dy == (s.h - 1) / 2;
                    let after = dx == (s.w - 1) / 2 + 1 && dy == (s.h - 1) / 2;
                    let (ch, st) = if mid && s.w == 1 && letter == ' ' {
                        (dot, mark_style)
                    } else if mid {
                        (letter, style)
                    } else if after {
                        (dot, mark_style)
                    } else {
                        (' ', style)
                    };
                    if let Some(cl) = buf.cell_mut((x, y)) {
                        cl.set_char(ch).set_style(st);
                    }
                }
            }
        }
    }
}
