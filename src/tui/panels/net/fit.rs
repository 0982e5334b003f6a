//! Sticker sizes and gaps for a net of any size N, and the largest that
//! fits an area.
//!
//! Two ladders: the roomy [`SCALES`] (the 3×3 gets one of these on every
//! screen from 80×24 up), and the [`COMPACT`] ones a layout falls back to
//! when none of those fit: one-cell stickers with fewer gaps, then
//! half-height stickers (two sticker rows in one terminal row, drawn with
//! `▀`/`▄` in two colours; only where colours are shown in UTF-8).

use crate::tui::theme::{Depth, Theme};
use cubetui_cube::net::Layout as Net;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::net::grid_size;

/// What a net draws: its layout, the cube's size, and whether half-height
/// stickers may be used (they need colours and a UTF-8 terminal: they show
/// neither letters nor overlay marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub net: Net,
    pub size: Size,
    pub half_blocks: bool,
}

impl Shape {
    /// The shape a screen draws: half-height stickers only where they show
    /// all that is asked for: colours (not `NO_COLOR`), a UTF-8 terminal
    /// (else `▀` becomes `*`), and no `marks` (face letters or the
    /// misplaced overlay, which need whole cells).
    pub fn on_screen(net: Net, size: Size, theme: &Theme, marks: bool) -> Shape {
        Shape {
            net,
            size,
            half_blocks: theme.depth != Depth::None && !theme.ascii && !marks,
        }
    }

    /// The same shape in another layout.
    pub fn with_net(self, net: Net) -> Shape {
        Shape { net, ..self }
    }
}

impl From<Net> for Shape {
    /// A 3×3 in this layout, in colour.
    fn from(net: Net) -> Shape {
        Shape {
            net,
            size: Size::THREE,
            half_blocks: true,
        }
    }
}

/// Sticker size and gaps, in terminal cells; rows count half rows when
/// [`Scale::half`] is set.
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
    /// Half-height stickers: `h`, `gap_y` and `face_y` count half rows.
    pub half: bool,
    /// The strip folded in two: its first three faces above its last
    /// three (3N × 2N stickers, for big cubes on small screens).
    pub fold: bool,
}

/// A one-cell scale with these gaps (columns between stickers, columns
/// and rows between faces).
const fn one(gap_x: u16, face_x: u16, face_y: u16, half: bool) -> Scale {
    Scale {
        w: 1,
        h: 1,
        gap_x,
        gap_y: 0,
        face_x,
        face_y,
        half,
        fold: false,
    }
}

/// The roomy scales, smallest first.
pub const SCALES: [Scale; 4] = [
    one(1, 2, 1, false),
    Scale {
        w: 2,
        ..one(1, 2, 1, false)
    },
    Scale {
        w: 4,
        h: 2,
        gap_y: 1,
        ..one(1, 2, 1, false)
    },
    Scale {
        w: 6,
        h: 3,
        gap_x: 1,
        gap_y: 1,
        face_x: 3,
        face_y: 1,
        half: false,
        fold: false,
    },
];

/// The compact scales, best first: one-cell stickers with a column between
/// them but faces touching row-wise (what the 3×3 cross gets at 80×24);
/// one-cell stickers with only the faces parted; none parted; then
/// half-height stickers with the faces parted, and with none parted.
pub const COMPACT: [Scale; 5] = [
    one(1, 2, 0, false),
    one(0, 1, 1, false),
    one(0, 0, 0, false),
    one(0, 1, 1, true),
    one(0, 0, 0, true),
];

impl Scale {
    /// Left edge of sticker column `c` on a cube of `n` stickers a side.
    pub(super) fn x(&self, c: u16, n: u16) -> u16 {
        c * (self.w + self.gap_x) + (c / n) * self.face_x.saturating_sub(self.gap_x)
    }

    /// Top edge of sticker row `r`, in rows (half rows when `half`).
    pub(super) fn y(&self, r: u16, n: u16) -> u16 {
        r * (self.h + self.gap_y) + (r / n) * self.face_y.saturating_sub(self.gap_y)
    }

    /// (left edge, top edge) of the sticker in grid cell (`r`, `c`) on a
    /// cube of `n` stickers a side: a folded strip's last three faces go
    /// under its first three.
    pub(super) fn at(&self, r: u16, c: u16, n: u16) -> (u16, u16) {
        let (r, c) = self.grid_at(r, c, n);
        (self.x(c, n), self.y(r, n))
    }

    /// Where grid cell (`r`, `c`) of the net is drawn, as a cell of the
    /// drawn grid: the same, but on a folded strip.
    pub(super) fn grid_at(&self, r: u16, c: u16, n: u16) -> (u16, u16) {
        if self.fold && c >= 3 * n {
            (r + n, c - 3 * n)
        } else {
            (r, c)
        }
    }

    /// (width, height) in terminal cells of a net drawn at this scale.
    pub fn extent(&self, shape: impl Into<Shape>) -> (u16, u16) {
        let shape = shape.into();
        let (rows, cols) = grid(shape);
        let (rows, cols) = if self.fold {
            (2 * rows, cols.div_ceil(2))
        } else {
            (rows, cols)
        };
        let n = side(shape.size);
        let h = self.y(rows - 1, n) + self.h;
        let h = if self.half { h.div_ceil(2) } else { h };
        (self.x(cols - 1, n) + self.w, h)
    }

    /// Whether a net drawn at this scale fits in `width` × `height`.
    pub fn fits(&self, shape: Shape, width: u16, height: u16) -> bool {
        let (w, h) = self.extent(shape);
        w <= width && h <= height
    }
}

/// N as a cell count (sizes stay far below `u16::MAX`).
pub(super) fn side(size: Size) -> u16 {
    u16::try_from(size.get()).unwrap_or(u16::MAX)
}

/// (rows, cols) of stickers in a net.
pub(super) fn grid(shape: Shape) -> (u16, u16) {
    let (r, c) = grid_size(shape.net, shape.size);
    let cells = |v: usize| u16::try_from(v).unwrap_or(u16::MAX);
    (cells(r), cells(c))
}

/// The largest roomy scale whose net fits in `width` × `height`, if any.
pub fn fit(shape: impl Into<Shape>, width: u16, height: u16) -> Option<Scale> {
    let shape = shape.into();
    SCALES
        .iter()
        .rev()
        .find(|s| s.fits(shape, width, height))
        .copied()
}

/// Whether a sticker `w` columns wide and `hh` half rows tall reads as
/// square on screen (a cell is about twice as tall as wide, so a square
/// sticker is as many columns as half rows): within 2:3 of it, or within
/// 1:2 when `loose`.
fn square_ish(w: u16, hh: u16, loose: bool) -> bool {
    if loose {
        w <= 2 * hh && hh <= 2 * w
    } else {
        3 * w >= 2 * hh && 2 * w <= 3 * hh
    }
}

/// The scales whose stickers stand apart: a column between two stickers
/// side by side and a row (a half row on half-height stickers) between two
/// stacked ones, faces parted by as much or more (by two columns or more
/// unless `tight`); whole-row stickers first; a strip also folded in two.
fn apart_scales(shape: Shape, tight: bool) -> impl Iterator<Item = Scale> {
    let halves: &[bool] = if shape.half_blocks {
        &[false, true]
    } else {
        &[false]
    };
    let folds: &[bool] = if shape.net == Net::Strip {
        &[false, true]
    } else {
        &[false]
    };
    let faces_x: &[u16] = if tight { &[1] } else { &[3, 2] };
    folds.iter().flat_map(move |&fold| {
        halves.iter().flat_map(move |&half| {
            (1..=8u16).flat_map(move |h| {
                (1..=16u16).flat_map(move |w| {
                    faces_x.iter().flat_map(move |&face_x| {
                        [2u16, 1].into_iter().map(move |face_y| Scale {
                            w,
                            h,
                            gap_x: 1,
                            gap_y: 1,
                            face_x,
                            face_y,
                            half,
                            fold,
                        })
                    })
                })
            })
        })
    })
}

/// Half rows a scale's sticker is tall.
fn half_rows(s: &Scale) -> u16 {
    if s.half { s.h } else { 2 * s.h }
}

/// The largest scale whose stickers stand apart (a column between two
/// side by side, a row or half row between two stacked) and read as
/// square, whose net fits in `width` × `height`: the most screen per
/// sticker, then whole rows (they can carry letters), then the wider face
/// gaps, then unfolded. Stickers only roughly square (1:2) when no
/// square one fits; faces parted by no more than stickers (one column)
/// only when nothing else fits.
pub fn fit_apart(shape: impl Into<Shape>, width: u16, height: u16) -> Option<Scale> {
    fit_apart_with(shape.into(), width, height, true)
}

/// [`fit_apart`], a strip folded in two only when `fold`.
pub fn fit_apart_with(shape: Shape, width: u16, height: u16, fold: bool) -> Option<Scale> {
    [(false, false), (false, true), (true, false), (true, true)]
        .into_iter()
        .find_map(|(tight, loose)| {
            apart_scales(shape, tight)
                .filter(|s| fold || !s.fold)
                .filter(|s| square_ish(s.w, half_rows(s), loose))
                .filter(|s| s.fits(shape, width, height))
                .max_by_key(|s| {
                    (
                        s.w * half_rows(s),
                        !s.half,
                        s.face_x + s.face_y,
                        !s.fold,
                        // Of two as large, the squarer.
                        std::cmp::Reverse(s.w.abs_diff(half_rows(s))),
                    )
                })
        })
}

/// Screen cells a sticker covers at this scale (half cells count half), in
/// half cells.
pub fn sticker_halves(s: &Scale) -> u16 {
    s.w * half_rows(s)
}

/// Whether stickers at this scale stand apart in both directions.
pub fn apart(s: &Scale) -> bool {
    s.gap_x >= 1 && s.gap_y >= 1 && s.face_x >= s.gap_x && s.face_y >= s.gap_y
}

/// The compact scales this shape may use, best first (no half-height
/// stickers unless the shape allows them).
pub fn compact(shape: Shape) -> impl Iterator<Item = Scale> {
    COMPACT
        .into_iter()
        .filter(move |s| shape.half_blocks || !s.half)
}

/// The best compact scale whose net fits in `width` × `height`, if any.
pub fn fit_compact(shape: Shape, width: u16, height: u16) -> Option<Scale> {
    compact(shape).find(|s| s.fits(shape, width, height))
}

/// The smallest scale this shape may use (what is drawn, cut at the
/// panel's edge, when nothing fits).
pub fn smallest(shape: Shape) -> Scale {
    compact(shape).last().unwrap_or(COMPACT[2])
}

/// The largest scale of either ladder that fits, if any: a roomy one, else
/// a compact one.
pub fn fit_any(shape: Shape, width: u16, height: u16) -> Option<Scale> {
    fit(shape, width, height).or_else(|| fit_compact(shape, width, height))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_height_stickers_only_in_colour_utf8_and_without_marks() {
        let size = Size::new(7).expect("a size");
        let colour = Theme::load("classic", Depth::True).expect("a theme");
        let plain = Theme::load("classic", Depth::None).expect("a theme");
        let ascii = Theme {
            ascii: true,
            ..colour.clone()
        };
        let half = |t: &Theme, marks| Shape::on_screen(Net::Strip, size, t, marks).half_blocks;
        assert!(half(&colour, false));
        assert!(!half(&colour, true), "letters or overlay");
        assert!(!half(&plain, false), "NO_COLOR");
        assert!(!half(&ascii, false), "no UTF-8");
        // Without them the 7x7 strip at 80x24 (42x5 above the moves) fits
        // only as half-height stickers.
        let shape = Shape::on_screen(Net::Strip, size, &colour, false);
        assert_eq!(fit(shape, 42, 5), None);
        assert_eq!(fit_compact(shape, 42, 5), Some(COMPACT[4]));
        assert_eq!(
            fit_compact(
                Shape {
                    half_blocks: false,
                    ..shape
                },
                42,
                5
            ),
            None
        );
        assert_eq!(fit_compact(shape, 42, 7), Some(COMPACT[2]));
    }

    #[test]
    fn the_ladders_give_each_size_its_extent() {
        let shape = |net, n| Shape {
            net,
            size: Size::new(n).expect("a size"),
            half_blocks: true,
        };
        // The 3x3 at the scales it always had.
        assert_eq!(SCALES[0].extent(Net::Strip), (40, 3));
        assert_eq!(SCALES[3].extent(Net::Cross), (89, 35));
        // N x 6N and 3N x 4N stickers, gaps between faces only.
        assert_eq!(COMPACT[1].extent(shape(Net::Strip, 4)), (29, 4));
        assert_eq!(COMPACT[1].extent(shape(Net::Cross, 4)), (19, 14));
        // Two sticker rows to a terminal row.
        assert_eq!(COMPACT[4].extent(shape(Net::Strip, 7)), (42, 4));
        assert_eq!(COMPACT[3].extent(shape(Net::Cross, 6)), (27, 10));
        assert_eq!(COMPACT[3].extent(shape(Net::Cross, 2)), (11, 4));
        // The strip folded in two: 3N x 2N stickers.
        let folded = Scale {
            fold: true,
            ..SCALES[0]
        };
        assert_eq!(folded.extent(Net::Strip), (19, 7));
        assert_eq!(folded.at(0, 9, 3), (0, 4));
    }

    #[test]
    fn a_7x7_strip_parts_its_stickers_in_the_80x24_cube_panel_only_folded() {
        let shape = Shape {
            net: Net::Strip,
            size: Size::new(7).expect("a size"),
            half_blocks: true,
        };
        // 42 x 20: the cube panel at 80x24 with the plots folded.
        assert_eq!(fit_apart_with(shape, 42, 20, false), None);
        let s = fit_apart(shape, 42, 20).expect("folded, it fits");
        assert!(s.fold && s.half && apart(&s), "{s:?}");
        // Faces no further apart than stickers: nothing else fits.
        assert_eq!((s.face_x, s.gap_x), (1, 1), "{s:?}");
        assert_eq!(s.extent(shape), (41, 14));
    }
}
