//! Where each panel goes: a pure function of the terminal size and the net
//! (its layout and the cube's size).
//!
//! The cube panel is as tall as its net (no empty box); the net's scale is
//! the largest that leaves the moves panel at least three lines and the
//! plots six rows of data. On a short terminal the moves panel takes at
//! most four lines. The strip stacks the moves under the cube; the
//! cross, being narrow and tall, puts them beside it when there is room.
//! A big cube on a small terminal gets a compact scale (one-cell or
//! half-height stickers, fewer gaps). A cross one row short of fitting
//! (the 7×7 at 80×24, in half-height stickers) takes that row from the
//! plots, which then keep five rows of data; a cross that fits nowhere even
//! so (a 7×7 in letters at 80×24) is drawn as the strip, and a strip that
//! fits nowhere leaves the moves panel one line.

use ratatui::layout::{Constraint, Layout, Rect};

use super::app::Net;
use super::net::{self, Scale, Shape};

/// Width of the status panel.
pub const STATUS_WIDTH: u16 = 36;
/// Lines the moves panel keeps at least (plus its border).
pub const MOVES_MIN_LINES: u16 = 3;
/// Width the moves panel needs to sit beside the cross net.
const MOVES_BESIDE_MIN_WIDTH: u16 = 18;
/// Width the moves panel keeps beside a compact cross net.
const MOVES_BESIDE_TIGHT_WIDTH: u16 = 12;
/// Height of the moves panel (one line and its border) when the strip
/// needs its rows (no colours on a big cube at 80×24).
const MOVES_SQUEEZED: u16 = 3;

/// The panels of the main screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub cube: Rect,
    /// The net drawn: the one asked for, or the strip when a cross of a
    /// big cube fits nowhere (a 7×7 in letters at 80×24).
    pub net: Net,
    pub scale: Scale,
    pub moves: Rect,
    pub status: Rect,
    pub energy: Rect,
    pub aux: Rect,
    pub message: Rect,
    pub keys: Rect,
}

/// Lines the moves panel takes at most on a short terminal (below
/// `ROOMY_HEIGHT` rows), so the plots keep their rows.
pub const MOVES_MAX_LINES_SHORT: u16 = 4;
/// Terminal height from which the moves panel may grow past
/// [`MOVES_MAX_LINES_SHORT`].
const ROOMY_HEIGHT: u16 = 30;

/// Height the plots keep at least: 10 leaves a plot six rows of data
/// (its border, axis and labels take four).
fn charts_min(height: u16) -> u16 {
    if height >= 36 { 12 } else { 10 }
}

/// Splits `area` (at least 80×24) for a net (a layout, or a [`Shape`]: a
/// cube of any size); `status_lines` is how many rows the status panel
/// would like. When no roomy scale fits (see [`net::fit`]) the net takes a
/// compact one: the cross beside the moves, else the strip; the strip
/// takes rows from the moves panel (one line left) if it must.
pub fn areas(area: Rect, shape: impl Into<Shape>, status_lines: u16) -> Areas {
    let shape = shape.into();
    let [body, message, keys] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let mut top_max = body.height.saturating_sub(charts_min(area.height));
    let left_w = body.width.saturating_sub(STATUS_WIDTH);
    let mut placed = place(shape, left_w, top_max);
    if shape.net == Net::Cross && placed.net == Net::Strip {
        // A cross one row short (the 7x7 at 80x24) takes that row from the
        // plots, which keep five rows of data, rather than become the strip.
        let roomier = place(shape, left_w, top_max + 1);
        if roomier.net == Net::Cross {
            top_max += 1;
            placed = roomier;
        }
    }
    let Placed {
        net,
        scale,
        beside,
        moves_min: moves_h,
    } = placed;
    let (net_w, net_h) = scale.extent(shape.with_net(net));
    let cube_h = net_h + 2;
    let wanted = if beside { cube_h } else { cube_h + moves_h };
    let top_h = wanted.max(status_lines + 2).min(top_max.max(wanted));
    let [top, charts] =
        Layout::vertical([Constraint::Length(top_h), Constraint::Min(0)]).areas(body);
    let [left, status] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(STATUS_WIDTH)]).areas(top);
    let (cube, moves) = if beside {
        let [c, m] =
            Layout::horizontal([Constraint::Length(net_w + 4), Constraint::Min(0)]).areas(left);
        (c, m)
    } else {
        // On a short terminal the moves panel stops at a few lines; the
        // cube panel takes the rows left over.
        let moves_h = if area.height < ROOMY_HEIGHT {
            left.height
                .saturating_sub(cube_h)
                .min(MOVES_MAX_LINES_SHORT + 2)
        } else {
            left.height.saturating_sub(cube_h)
        };
        let [c, m] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(moves_h)]).areas(left);
        (c, m)
    };
    let [energy, aux] =
        Layout::horizontal([Constraint::Percentage(64), Constraint::Percentage(36)]).areas(charts);
    Areas {
        cube,
        net,
        scale,
        moves,
        status,
        energy,
        aux,
        message,
        keys,
    }
}

/// Where the net goes in the top left (`left_w` wide, `top_max` rows at
/// most) and at which scale.
struct Placed {
    net: Net,
    scale: Scale,
    /// Beside the moves panel (else above it).
    beside: bool,
    /// Rows the moves panel keeps (its border included).
    moves_min: u16,
}

/// The net's place: the largest roomy scale stacked above the moves or,
/// for the cross, beside them; else a compact one (see the module doc).
fn place(shape: Shape, left_w: u16, top_max: u16) -> Placed {
    let moves_h = MOVES_MIN_LINES + 2;
    let placed = |net, scale, beside, moves_min| Placed {
        net,
        scale,
        beside,
        moves_min,
    };
    let stack_w = left_w.saturating_sub(2);
    let stacked = net::fit(shape, stack_w, top_max.saturating_sub(moves_h + 2));
    if shape.net == Net::Cross {
        let side = net::fit(
            shape,
            left_w.saturating_sub(MOVES_BESIDE_MIN_WIDTH + 4),
            top_max.saturating_sub(2),
        );
        // Stacked when that fits a net as large; else beside the moves.
        match (stacked, side) {
            (Some(a), Some(b)) if a.w >= b.w => return placed(Net::Cross, a, false, moves_h),
            (_, Some(b)) => return placed(Net::Cross, b, true, moves_h),
            (Some(a), None) => return placed(Net::Cross, a, false, moves_h),
            (None, None) => {}
        }
        let tight = net::fit_compact(
            shape,
            left_w.saturating_sub(MOVES_BESIDE_TIGHT_WIDTH + 4),
            top_max.saturating_sub(2),
        );
        if let Some(s) = tight {
            return placed(Net::Cross, s, true, moves_h);
        }
    }
    let strip = shape.with_net(Net::Strip);
    if let Some(s) = net::fit_any(strip, stack_w, top_max.saturating_sub(moves_h + 2)) {
        return placed(Net::Strip, s, false, moves_h);
    }
    let squeezed = top_max.saturating_sub(MOVES_SQUEEZED + 2);
    let scale = net::fit_compact(strip, stack_w, squeezed).unwrap_or(net::smallest(strip));
    placed(Net::Strip, scale, false, MOVES_SQUEEZED)
}
