//! The cube widget: the 3x18 strip or the cross net, two terminal cells per
//! sticker, colours from the theme, letters on demand or without colour, and
//! an overlay marking misplaced stickers.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use super::app::Net;
use super::theme::{Depth, Theme};
use crate::cube::state::CENTRES;
use crate::cube::{Cube, Face};

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

/// Terminal size (width, height) of a drawn net.
pub fn extent(net: Net) -> (u16, u16) {
    let (rows, cols) = size(net);
    (cols * 2 + cols / 3 - 1, rows)
}

/// Draws a cube as a net.
pub struct CubeView<'a> {
    pub cube: &'a Cube,
    pub net: Net,
    pub theme: &'a Theme,
    pub letters: bool,
    pub overlay: bool,
}

impl Widget for CubeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let stickers = self.cube.stickers();
        let letters = self.letters || self.theme.depth == Depth::None;
        for (i, &colour) in stickers.iter().enumerate() {
            let (r, c) = cell(self.net, i);
            let x = area.x.saturating_add(c * 2 + c / 3);
            let y = area.y.saturating_add(r);
            if x.saturating_add(1) >= area.right() || y >= area.bottom() {
                continue;
            }
            let face = Face::from_index(colour as usize).unwrap_or(Face::U);
            let misplaced = colour != stickers[CENTRES[i / 9]];
            let mut style = Style::default();
            if self.theme.depth != Depth::None {
                style = style
                    .bg(self.theme.faces[face.index()])
                    .fg(Color::Black)
                    .add_modifier(Modifier::BOLD);
            }
            let first = if letters { face.letter() } else { ' ' };
            let second = if self.overlay && misplaced {
                '•'
            } else {
                ' '
            };
            let mark_style = if self.theme.depth == Depth::None {
                style
            } else {
                style.fg(self.theme.misplaced)
            };
            if let Some(cl) = buf.cell_mut((x, y)) {
                cl.set_char(first).set_style(style);
            }
            if let Some(cl) = buf.cell_mut((x + 1, y)) {
                cl.set_char(second).set_style(mark_style);
            }
        }
    }
}
