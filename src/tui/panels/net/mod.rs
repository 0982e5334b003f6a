//! The cube widget: a cube of any size N as the N×6N strip or the cross
//! net, scaled to its panel. The 3×3 goes through the same code, as an
//! [`NxnCube`] of size 3.
//!
//! A [`Scale`] sets the sticker size in cells and the gaps between stickers
//! and between faces; [`fit`] and [`fit_compact`] pick the largest that
//! fits an area (see `fit` for the two ladders). Colours come from the
//! theme; letters on demand (always without colour); an overlay marks
//! misplaced stickers. Half-height stickers show colours only.

mod fit;

use std::collections::{BTreeMap, BTreeSet};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

pub use self::fit::{
    COMPACT, SCALES, Scale, Shape, apart, compact, fit, fit_any, fit_apart, fit_apart_with,
    fit_compact, smallest, sticker_halves,
};
use crate::tui::app::Net;
use crate::tui::theme::{Depth, Theme};
use cubetui_cube::Face;
use cubetui_cube::nxn::net::cell;
use cubetui_cube::nxn::{NxnCube, Size};

/// What the upright view keeps home on a cube of this size, for the status
/// panel: the middle centres on odd sizes, the DBL corner on even ones
/// (see [`NxnCube::upright`]).
pub fn upright_word(size: Size) -> &'static str {
    if size.is_odd() {
        "upright: centres"
    } else {
        "upright: DBL corner"
    }
}

/// The rectangle of a net of `extent` (width, height) centred in `inner`,
/// cut to it.
pub fn centred(inner: Rect, extent: (u16, u16)) -> Rect {
    let (w, h) = extent;
    let x = inner.x + inner.width.saturating_sub(w) / 2;
    let y = inner.y + inner.height.saturating_sub(h) / 2;
    Rect::new(x, y, w, h).intersection(inner)
}

/// Draws a cube as a net, at a scale from this module's ladders (see
/// [`Shape::on_screen`] for when half-height stickers may be given).
pub struct CubeView<'a> {
    pub cube: &'a NxnCube,
    pub net: Net,
    pub scale: Scale,
    pub theme: &'a Theme,
    pub letters: bool,
    pub overlay: bool,
}

/// How one sticker looks: its style, its marks' style, its letter and its
/// misplaced mark (blank when none is shown), its face colour.
struct Look {
    style: Style,
    mark_style: Style,
    letter: char,
    dot: char,
    colour: Color,
}

impl CubeView<'_> {
    /// The look of sticker `i`, misplaced against `home` (each face's
    /// colour when solved, as [`NxnCube::face_colours`] gives it).
    fn look(&self, i: usize, home: &[u8; 6], per_face: usize) -> Look {
        let colour = self.cube.stickers()[i];
        let face = Face::from_index(colour as usize).unwrap_or(Face::U);
        let misplaced = colour != home[(i / per_face) % 6];
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
        Look {
            style,
            mark_style,
            letter,
            dot,
            colour: self.theme.faces[face.index()],
        }
    }

    /// Full-height stickers: each fills its cells, the letter in the middle
    /// and the misplaced mark right after it (on one-cell stickers the mark
    /// replaces a blank letter).
    fn render_full(&self, area: Rect, buf: &mut Buffer) {
        let (s, size) = (self.scale, self.cube.size());
        let (n, home) = (fit::side(size), self.cube.face_colours());
        for i in 0..size.stickers() {
            let (r, c) = cell(self.net, size, i);
            let (r, c) = (r as u16, c as u16);
            let look = self.look(i, &home, size.face_stickers());
            let (x0, y0) = s.at(r, c, n);
            for dy in 0..s.h {
                for dx in 0..s.w {
                    let (x, y) = (area.x + x0 + dx, area.y + y0 + dy);
                    if x >= area.right() || y >= area.bottom() {
                        continue;
                    }
                    let mid = (dx == (s.w - 1) / 2) && dy == (s.h - 1) / 2;
                    let after = dx == (s.w - 1) / 2 + 1 && dy == (s.h - 1) / 2;
                    let (ch, st) = if mid && s.w == 1 && look.letter == ' ' {
                        (look.dot, look.mark_style)
                    } else if mid {
                        (look.letter, look.style)
                    } else if after {
                        (look.dot, look.mark_style)
                    } else {
                        (' ', look.style)
                    };
                    if let Some(cl) = buf.cell_mut((x, y)) {
                        cl.set_char(ch).set_style(st);
                    }
                }
            }
        }
    }

    /// Half-height stickers: two sticker rows share a terminal row, the
    /// upper one as the foreground of `▀`, the lower one as its background
    /// (`▄` when only the lower half is a sticker, a blank on the colour
    /// when both halves have it). No letters, no marks.
    fn render_half(&self, area: Rect, buf: &mut Buffer) {
        let (s, size) = (self.scale, self.cube.size());
        let (n, home) = (fit::side(size), self.cube.face_colours());
        // Each cell's (upper, lower) colour.
        let mut halves: BTreeMap<(u16, u16), [Option<Color>; 2]> = BTreeMap::new();
        for i in 0..size.stickers() {
            let (r, c) = cell(self.net, size, i);
            let (r, c) = (r as u16, c as u16);
            let colour = self.look(i, &home, size.face_stickers()).colour;
            let (x0, y0) = s.at(r, c, n);
            for dy in 0..s.h {
                for dx in 0..s.w {
                    let (x, y) = (x0 + dx, y0 + dy);
                    halves.entry((x, y / 2)).or_default()[usize::from(y % 2)] = Some(colour);
                }
            }
        }
        let bold = Style::default().add_modifier(Modifier::BOLD);
        for ((dx, dy), [upper, lower]) in halves {
            let (x, y) = (area.x + dx, area.y + dy);
            if x >= area.right() || y >= area.bottom() {
                continue;
            }
            let (ch, style) = match (upper, lower) {
                // A whole cell of one colour as a blank on that colour (no
                // seam between the glyph's halves).
                (Some(u), Some(l)) if u == l => (' ', bold.bg(u)),
                (Some(u), Some(l)) => ('▀', bold.fg(u).bg(l)),
                (Some(u), None) => ('▀', bold.fg(u)),
                (None, Some(l)) => ('▄', bold.fg(l)),
                (None, None) => continue,
            };
            if let Some(cl) = buf.cell_mut((x, y)) {
                cl.set_char(ch).set_style(style);
            }
        }
    }
}

impl CubeView<'_> {
    /// Where faces stand no further apart than stickers (a big cube on a
    /// small screen), a thin line in the column between two faces side by
    /// side, so that the faces still read as faces.
    fn render_seams(&self, area: Rect, buf: &mut Buffer) {
        let (s, size) = (self.scale, self.cube.size());
        if s.face_x > s.gap_x || s.gap_x == 0 {
            return;
        }
        let n = fit::side(size);
        let drawn: BTreeSet<(u16, u16)> = (0..size.stickers())
            .map(|i| {
                let (r, c) = cell(self.net, size, i);
                s.grid_at(r as u16, c as u16, n)
            })
            .collect();
        let style = Style::default().fg(Color::DarkGray);
        for &(r, c) in &drawn {
            if c % n != n - 1 || !drawn.contains(&(r, c + 1)) {
                continue;
            }
            let x = area.x + s.x(c + 1, n) - 1;
            // The sticker's rows, and the gap under it inside its face.
            let top = s.y(r, n);
            let end = if r % n == n - 1 {
                top + s.h
            } else {
                s.y(r + 1, n)
            };
            let rows = if s.half {
                top / 2..end.div_ceil(2)
            } else {
                top..end
            };
            for dy in rows {
                let y = area.y + dy;
                if x >= area.right() || y >= area.bottom() {
                    continue;
                }
                if let Some(cl) = buf.cell_mut((x, y)) {
                    cl.set_char('│').set_style(style);
                }
            }
        }
    }
}

impl Widget for CubeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.scale.half {
            self.render_half(area, buf);
        } else {
            self.render_full(area, buf);
        }
        self.render_seams(area, buf);
    }
}
