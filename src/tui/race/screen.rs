//! [`RaceScreen`]: what the race screen (`panel.rs`, `plot.rs`)
//! draws from — the race and the few settings of the app it shows, taken
//! from the app in one place, so the race's panels never see the whole
//! [`App`].

use crate::tui::app::App;
use crate::tui::panels::scale::PlotView;
use crate::tui::race::RaceView;
use crate::tui::theme::Theme;
use cubetui_cube::AnyAlg;
use cubetui_run::runner::Speed;
use cubetui_solve::reference::awaiting_tables;

/// What the line under the race's plot says.
pub const X_NOTE: &str = "x: each lane's own CPU time, fair on any number of cores";

/// What the race screen draws from: the race and the few settings of the
/// app it shows, taken from the app in one place ([`RaceScreen::of`]).
pub struct RaceScreen<'a> {
    pub view: &'a RaceView,
    pub theme: &'a Theme,
    pub letters: bool,
    /// Log scale and zoom of the plot.
    pub plot: PlotView,
    /// How the start was reached from solved (`None`: a random state).
    pub scramble: Option<&'a AnyAlg>,
    /// The base seed and which of its cubes this is (as the status panel
    /// says it: "seed 7 · cube 3", not the 20-digit seed derived from them).
    pub seed: u64,
    pub cube: u64,
    pub speed: Speed,
    /// What the line under the plot says.
    pub note: String,
}

impl<'a> RaceScreen<'a> {
    /// The race screen's data, when a race is open.
    pub fn of(app: &'a App) -> Option<RaceScreen<'a>> {
        let view = app.race()?;
        // While a lane waits for the reference tables, the line shows their
        // build; while the knobs panel is open, what the last change did …
        let waiting = view.race().lanes().iter().any(|l| {
            l.track().snapshot().and_then(|s| s.phase.as_deref()) == Some(awaiting_tables::BUILDING)
        });
        // … after `y`, the command that reproduces the race, and what the
        // race answered a key with (`m` on a 4×4, space after the end).
        let note = match app.message() {
            Some(m)
                if waiting
                    || app.knobs().is_some()
                    || m == app.reproduce_command()
                    || view.said() == Some(m) =>
            {
                m.to_string()
            }
            _ => X_NOTE.to_string(),
        };
        Some(RaceScreen {
            view,
            theme: app.theme(),
            letters: app.letters(),
            plot: app.plot_view(),
            scramble: app.scramble(),
            seed: app.seed(),
            cube: app.cube_index(),
            speed: app.speed(),
            note,
        })
    }
}
