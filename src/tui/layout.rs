//! Where each panel goes: a pure function of the terminal size and the net.
//!
//! The cube panel is as tall as its net (no empty box); the net's scale is
//! the largest that leaves the moves panel at least three lines and the
//! plots six rows of data. On a short terminal the moves panel takes at
//! most four lines. The strip stacks the moves under the cube; the
//! cross, being narrow and tall, puts them beside it when there is room.

use ratatui::layout::{Constraint, Layout, Rect};

use super::app::Net;
use super::net::{self, SCALES, Scale};

/// Width of the status panel.
pub const STATUS_WIDTH: u16 = 36;
/// Lines the moves panel keeps at least (plus its border).
pub const MOVES_MIN_LINES: u16 = 3;
/// Width the moves panel needs to sit beside the cross net.
const MOVES_BESIDE_MIN_WIDTH: u16 = 18;

/// The cross net when not even the smallest scale fits (80×24): faces
/// without a blank row between them (their place in the cross and their
/// colours still part them), so the plots keep six rows of data.
const TIGHT_CROSS: Scale = Scale {
    face_y: 0,
    ..SCALES[0]
};

/// The panels of the main screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub cube: Rect,
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

/// Splits `area` (at least 80×24) for `net`; `status_lines` is how many
/// rows the status panel would like.
pub fn areas(area: Rect, net: Net, status_lines: u16) -> Areas {
    let [body, message, keys] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let top_max = body.height.saturating_sub(charts_min(area.height));
    let left_w = body.width.saturating_sub(STATUS_WIDTH);
    let moves_h = MOVES_MIN_LINES + 2;
    let stacked = net::fit(
        net,
        left_w.saturating_sub(2),
        top_max.saturating_sub(moves_h + 2),
    );
    let (scale, beside) = match net {
        Net::Strip => (stacked.unwrap_or(SCALES[0]), false),
        Net::Cross => {
            let side = net::fit(
                net,
                left_w.saturating_sub(MOVES_BESIDE_MIN_WIDTH + 4),
                top_max.saturating_sub(2),
            );
            // Stacked when that fits a net as large; else beside the moves.
            match (stacked, side) {
                (Some(a), Some(b)) if a.w >= b.w => (a, false),
                (_, Some(b)) => (b, true),
                (Some(a), None) => (a, false),
                (None, None) => (TIGHT_CROSS, true),
            }
        }
    };
    let (net_w, net_h) = scale.extent(net);
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
        scale,
        moves,
        status,
        energy,
        aux,
        message,
        keys,
    }
}
