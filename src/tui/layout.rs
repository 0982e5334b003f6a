//! Where each panel goes: a pure function of the terminal size and the net
//! (its layout and the cube's size).
//!
//! The net gets the room first: the plots keep their minimum (six rows of
//! data) and the net takes the largest scale whose stickers stand apart
//! and read as square ([`net::fit_apart`]) in what is left of the top
//! left. The moves panel (a few lines; the whole sequence is one `y` or
//! export away) goes under the net, beside the cross, or under the status
//! panel, wherever the net comes out largest. When the layout asked for
//! cannot part its stickers but the other one can, or the other one's
//! stickers are at least twice as large, the other one is drawn (a 5×5 at
//! 120×36 as the cross). Only when neither can (a 7×7 at 80×24) does the
//! net fall back to the older ladders: one-cell or half-height stickers
//! with fewer gaps, the cross beside the moves, else the strip, the strip
//! taking rows from the moves panel (one line left) if it must.
//!
//! Before that fallback the plots give way, as panels that do not fit do
//! in btop or bottom: when the net parts its stickers only with the plots'
//! rows, the plots fold to one line (a sparkline of the best energy and
//! the key that brings them back) and the net takes the rest of the screen
//! (every size 4×4 to 7×7 at 80×24). With `plots_kept` (the `t` key) the
//! plots keep their minimum and the net the older ladders.

use ratatui::layout::{Constraint, Layout, Rect};

use super::app::Net;
use super::panels::net::{self, Scale, Shape};

/// Width of the status panel.
pub const STATUS_WIDTH: u16 = 36;
/// Lines the moves panel keeps at least (plus its border) on a short
/// terminal (below `ROOMY_HEIGHT` rows); one more on a taller one.
pub const MOVES_MIN_LINES: u16 = 2;
/// Lines the moves panel takes at most when the top has rows to spare.
pub const MOVES_MAX_LINES: u16 = 4;
/// Width the moves panel needs to sit beside the cross net.
const MOVES_BESIDE_MIN_WIDTH: u16 = 18;
/// Width the moves panel keeps beside a compact cross net.
const MOVES_BESIDE_TIGHT_WIDTH: u16 = 12;
/// Height of the moves panel (one line and its border) when the strip
/// needs its rows (no colours on a big cube at 80×24).
const MOVES_SQUEEZED: u16 = 3;
/// Terminal height from which the moves panel keeps one more line.
const ROOMY_HEIGHT: u16 = 30;
/// Height the plots keep at least: six rows of data (their border, axis
/// and labels take four).
pub const CHARTS_MIN: u16 = 10;
/// Height of the plots folded away: one line.
pub const PLOTS_FOLDED: u16 = 1;

/// The panels of the main screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub cube: Rect,
    /// The net drawn: the one asked for, or the other one when that parts
    /// its stickers and the one asked for cannot (see the module doc).
    pub net: Net,
    pub scale: Scale,
    pub moves: Rect,
    pub status: Rect,
    pub energy: Rect,
    pub aux: Rect,
    /// The plots folded to one line so that the net stands apart (empty
    /// while the plots are drawn; `energy` and `aux` are empty while it is
    /// not).
    pub plots_folded: Rect,
    pub message: Rect,
    pub keys: Rect,
}

/// Rows of the moves panel (its border included) on a terminal this tall.
fn moves_rows(height: u16) -> u16 {
    let lines = if height >= ROOMY_HEIGHT {
        MOVES_MIN_LINES + 1
    } else {
        MOVES_MIN_LINES
    };
    lines + 2
}

/// Splits `area` (at least 80×24) for a net (a layout, or a [`Shape`]: a
/// cube of any size); `status_lines` is how many rows the status panel
/// would like (it gets them when the net leaves room, else its first ones).
pub fn areas(area: Rect, shape: impl Into<Shape>, status_lines: u16) -> Areas {
    areas_with(area, shape, status_lines, false)
}

/// [`areas`], the plots folding to a line when the net needs their rows
/// to part its stickers, unless `plots_kept`.
pub fn areas_with(
    area: Rect,
    shape: impl Into<Shape>,
    status_lines: u16,
    plots_kept: bool,
) -> Areas {
    let shape = shape.into();
    let [body, message, keys] = Layout::vertical([
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let mut top_max = body.height.saturating_sub(CHARTS_MIN);
    let left_w = body.width.saturating_sub(STATUS_WIDTH);
    let moves_h = moves_rows(area.height);
    let mut folded = false;
    let apart = place_apart(shape, left_w, top_max, moves_h).or_else(|| {
        let all = body.height.saturating_sub(PLOTS_FOLDED);
        let p = (!plots_kept)
            .then(|| place_apart(shape, left_w, all, moves_h))
            .flatten()?;
        (top_max, folded) = (all, true);
        Some(p)
    });
    let Placed {
        net,
        scale,
        at,
        moves_min,
    } = apart.unwrap_or_else(|| place(shape, left_w, top_max));
    let (net_w, net_h) = scale.extent(shape.with_net(net));
    let cube_h = net_h + 2;
    let status_h = status_lines + 2;
    let wanted = match at {
        Where::Below => (cube_h + moves_min).max(status_h),
        Where::Beside => cube_h.max(status_h),
        Where::Right => cube_h.max(status_h + moves_min),
    };
    let floor = match at {
        Where::Below => cube_h + moves_min,
        _ => cube_h,
    };
    let top_h = if folded {
        top_max
    } else {
        wanted.min(top_max).max(floor.min(body.height))
    };
    let [top, charts] =
        Layout::vertical([Constraint::Length(top_h), Constraint::Min(0)]).areas(body);
    let [left, right] =
        Layout::horizontal([Constraint::Min(0), Constraint::Length(STATUS_WIDTH)]).areas(top);
    let (cube, moves, status) = match at {
        Where::Beside => {
            let [c, m] =
                Layout::horizontal([Constraint::Length(net_w + 4), Constraint::Min(0)]).areas(left);
            (c, m, right)
        }
        Where::Below => {
            // Rows to spare go to the moves panel up to a few lines, then
            // to the cube panel.
            let moves_h = left.height.saturating_sub(cube_h).min(MOVES_MAX_LINES + 2);
            let [c, m] =
                Layout::vertical([Constraint::Min(0), Constraint::Length(moves_h)]).areas(left);
            (c, m, right)
        }
        Where::Right => {
            let [s, m] =
                Layout::vertical([Constraint::Min(0), Constraint::Length(moves_min)]).areas(right);
            (left, m, s)
        }
    };
    let (charts, plots_folded) = if folded {
        (
            Rect {
                height: 0,
                ..charts
            },
            charts,
        )
    } else {
        (
            charts,
            Rect {
                height: 0,
                ..charts
            },
        )
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
        plots_folded,
        message,
        keys,
    }
}

/// Where the moves panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Where {
    /// Under the net, as wide as the cube panel.
    Below,
    /// Beside the net (the cross), as tall as the cube panel.
    Beside,
    /// Under the status panel; the net has the whole top left.
    Right,
}

/// The net's place and scale when its stickers can stand apart: the
/// largest of the places for the layout asked for, or for the other one
/// when that is the only one that parts its stickers or twice as large.
fn place_apart(shape: Shape, left_w: u16, top_max: u16, moves_h: u16) -> Option<Placed> {
    let best = |shape: Shape, fold: bool| -> Option<Placed> {
        let inner_w = left_w.saturating_sub(2);
        let mut places = vec![
            (Where::Below, inner_w, top_max.saturating_sub(moves_h + 2)),
            (Where::Right, inner_w, top_max.saturating_sub(2)),
        ];
        if shape.net == Net::Cross {
            let w = left_w.saturating_sub(MOVES_BESIDE_MIN_WIDTH + 4);
            places.push((Where::Beside, w, top_max.saturating_sub(2)));
        }
        let mut out: Option<Placed> = None;
        for (at, w, h) in places {
            let Some(scale) = net::fit_apart_with(shape, w, h, fold) else {
                continue;
            };
            // Earlier places win ties; the moves panel takes the status
            // panel's last rows only for stickers half as large again.
            let worth = |p: &Placed| {
                let factor = if p.at == Where::Right { 2 } else { 3 };
                u32::from(net::sticker_halves(&p.scale)) * factor
            };
            let here = Placed {
                net: shape.net,
                scale,
                at,
                moves_min: moves_h,
            };
            if out.as_ref().is_none_or(|o| worth(&here) > worth(o)) {
                out = Some(here);
            }
        }
        out
    };
    let other = match shape.net {
        Net::Strip => Net::Cross,
        Net::Cross => Net::Strip,
    };
    // The strip folds when it is the net asked for, or when the cross
    // asked for cannot part its stickers.
    let asked = best(shape, true);
    let fold_other = asked.is_none();
    match (asked, best(shape.with_net(other), fold_other)) {
        (Some(a), Some(b))
            if net::sticker_halves(&b.scale) >= 2 * net::sticker_halves(&a.scale) =>
        {
            Some(b)
        }
        (Some(a), _) => Some(a),
        (None, b) => b,
    }
}

/// Where the net goes in the top left (`left_w` wide, `top_max` rows at
/// most) and at which scale.
struct Placed {
    net: Net,
    scale: Scale,
    /// Where the moves panel goes.
    at: Where,
    /// Rows the moves panel keeps (its border included).
    moves_min: u16,
}

/// The net's place when no scale parts its stickers: the largest roomy
/// scale stacked above the moves or, for the cross, beside them; else a
/// compact one (see the module doc).
fn place(shape: Shape, left_w: u16, top_max: u16) -> Placed {
    let moves_h = MOVES_MIN_LINES + 2;
    let placed = |net, scale, beside: bool, moves_min| Placed {
        net,
        scale,
        at: if beside { Where::Beside } else { Where::Below },
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
