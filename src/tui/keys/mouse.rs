//! The mouse: what is under a cell, found with the layout the screen draws
//! (`ui::main_areas`, `race_panel::regions`) in the terminal's size as last
//! reported, and what the wheel and a click do there. The wheel over a
//! plot zooms the plots (up: in, as `[`; down: out one step), over the
//! open help it scrolls, over the moves panel it scrolls the sequence back
//! a line (down: forward again); a click on a race lane focuses it.

use ratatui::layout::{Position, Rect};

use crate::tui::app::App;
use crate::tui::keys::HelpScroll;
use crate::tui::panels::help;
use crate::tui::panels::scale::ZOOM_MAX;
use crate::tui::race::panel as race_panel;
use crate::tui::ui::{self, MIN_HEIGHT, MIN_WIDTH};

/// What is under a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The open help popup.
    Help,
    /// One of the plots.
    Plot,
    /// The moves panel.
    Moves,
    /// A race lane's line or card.
    Lane(usize),
}

/// What is at (`column`, `row`), if anything the mouse acts on.
pub fn target(app: &App, column: u16, row: u16) -> Option<Target> {
    let (w, h) = app.size();
    let area = Rect::new(0, 0, w, h);
    let at = Position::new(column, row);
    if w < MIN_WIDTH || h < MIN_HEIGHT || !area.contains(at) {
        return None;
    }
    if app.help() {
        return help::geometry(area)
            .popup
            .contains(at)
            .then_some(Target::Help);
    }
    if let Some(view) = app.race() {
        if let Some(i) = race_panel::lane_at(view, area, column, row) {
            return Some(Target::Lane(i));
        }
        return race_panel::regions(view, area)
            .plot
            .contains(at)
            .then_some(Target::Plot);
    }
    let a = ui::main_areas(app, area);
    if a.moves.contains(at) {
        return Some(Target::Moves);
    }
    (a.energy.contains(at) || a.aux.contains(at)).then_some(Target::Plot)
}

/// The wheel at a cell: zooms the plots, or scrolls the help.
pub(crate) fn wheel(app: &mut App, up: bool, column: u16, row: u16) {
    match target(app, column, row) {
        Some(Target::Help) => {
            let (w, h) = app.size();
            let g = help::geometry(Rect::new(0, 0, w, h));
            let how = if up { HelpScroll::Up } else { HelpScroll::Down };
            app.view.help_scroll = help::scrolled(app.view.help_scroll, how, &g);
        }
        Some(Target::Moves) => {
            // Bounded where drawn: a scroll past the start shows the start.
            let s = &mut app.view.moves_scroll;
            *s = if up {
                s.saturating_add(1).min(10_000)
            } else {
                s.saturating_sub(1)
            };
            app.dirty = true;
        }
        Some(Target::Plot) => {
            let v = &mut app.view.plot;
            v.zoom = if up {
                (v.zoom + 1).min(ZOOM_MAX)
            } else {
                v.zoom.saturating_sub(1)
            };
            app.message = Some(match v.zoom {
                0 => "zoom: the whole run (wheel up or [: the latest part)".to_string(),
                z => format!(
                    "zoom: the last 1/{} of the run (wheel down: less)",
                    1u32 << z
                ),
            });
        }
        _ => {}
    }
}

/// A left click at a cell: focuses the race lane there.
pub(crate) fn click(app: &mut App, column: u16, row: u16) {
    if let Some(Target::Lane(i)) = target(app, column, row)
        && let Some(view) = app.race_mut()
    {
        view.set_focus(i);
        if let Some(lane) = view.race().lanes().get(i) {
            app.message = Some(format!(
                "lane {} focused: {}, drawn on top of the plot",
                i + 1,
                lane.preset()
            ));
        }
    }
}
