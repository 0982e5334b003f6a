//! [`SingleView`]: what the single run's screen (`ui.rs` and its panels)
//! draws from — each panel's own view data, taken from the app here and
//! nowhere else, so no panel sees the whole [`App`] and each can be drawn
//! from data made by hand. The race's is
//! [`RaceScreen`](super::race::panel::RaceScreen).

use ratatui::style::Color;

use super::app::{App, Net, Playback};
use super::knobs::panel::KnobsView;
use super::knobs::rows;
use super::panels::help::HelpView;
use super::panels::plot::PlotsView;
use super::panels::population;
use super::panels::status::StatusView;
use super::theme::Theme;
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_run::record::RunResult;
use cubetui_run::runner::RunState;
use cubetui_solve::Outcome;

/// What the single run's screen draws, panel by panel.
pub struct SingleView<'a> {
    pub cube: CubePanel<'a>,
    pub moves: MovesView<'a>,
    pub status: StatusView<'a>,
    /// The energy plot, the side column and the population plots.
    pub plots: PlotsView<'a>,
    /// The population plots in place of the side column (`i`, for a
    /// solver that reports population series).
    pub population: bool,
    /// The knobs panel, while it is open.
    pub knobs: Option<KnobsView<'a>>,
    pub message: MessageView<'a>,
    pub keys: KeysView,
    /// The help popup, while it is open.
    pub help: Option<HelpView>,
}

impl<'a> SingleView<'a> {
    /// Every panel's data, as `app` stands.
    pub fn of(app: &'a App) -> SingleView<'a> {
        let plots = plots(app);
        SingleView {
            cube: cube(app),
            moves: moves(app),
            status: status(app),
            population: app.population_view() && population::has_series(plots.track),
            plots,
            knobs: knobs(app),
            message: MessageView {
                prompt: app.prompt(),
                message: app.message(),
                accent: app.theme().accent,
            },
            keys: KeysView {
                replay: app.replay().is_some(),
                accent: app.theme().accent,
            },
            help: help(app),
        }
    }
}

/// What the cube panel's title says the net shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A replay without recorded states: its start.
    Start,
    /// A replay's recorded state at its cursor.
    Recorded,
    /// The solution walked through once solved: after move `pos` of `len`.
    Playback { pos: usize, len: usize },
    /// The solver's current state.
    Current,
    /// The start, before a run.
    Cube,
}

/// What the cube panel draws from.
pub struct CubePanel<'a> {
    pub shown: Shown,
    /// The state drawn (turned upright unless the raw view is on).
    pub cube: NxnCube,
    /// The screen's size (the net's shape).
    pub size: Size,
    /// The net asked for (the layout may draw the other one where it
    /// comes out larger).
    pub net: Net,
    pub upright: bool,
    pub letters: bool,
    pub overlay: bool,
    pub theme: &'a Theme,
}

impl CubePanel<'_> {
    /// Whether the stickers carry marks (letters or the overlay).
    pub fn marks(&self) -> bool {
        self.letters || self.overlay
    }
}

/// What the moves panel draws from.
pub struct MovesView<'a> {
    /// How the start was reached from solved (`None`: a random state).
    pub scramble: Option<&'a AnyAlg>,
    /// The moves typed onto a random start since it was drawn.
    pub after_random: Option<&'a AnyAlg>,
    /// The solution walked through, once solved.
    pub playback: Option<&'a Playback>,
    /// A recorded run is shown (its start is as recorded).
    pub replay: bool,
    /// The recorded run's result, if it has one.
    pub recorded: Option<&'a RunResult>,
    /// The run's outcome, once it has one.
    pub outcome: Option<&'a Outcome>,
    /// Lines the solution is scrolled back from its end.
    pub scroll: usize,
    pub theme: &'a Theme,
}

/// What the line under the panels draws from: the `:` prompt while it
/// is open, else the message.
pub struct MessageView<'a> {
    pub prompt: Option<&'a str>,
    pub message: Option<&'a str>,
    pub accent: Color,
}

/// What the hint bar draws from.
pub struct KeysView {
    /// A replay's keys in place of the single run's.
    pub replay: bool,
    pub accent: Color,
}

/// The cube panel's data.
pub fn cube(app: &App) -> CubePanel<'_> {
    let shown = match (app.playback(), app.snapshot()) {
        _ if app.replay().is_some_and(|r| !r.has_states()) => Shown::Start,
        _ if app.replay().is_some() => Shown::Recorded,
        (Some(p), _) => Shown::Playback {
            pos: p.pos,
            len: p.moves.len(),
        },
        (None, Some(_)) if app.state() != RunState::Idle => Shown::Current,
        _ => Shown::Cube,
    };
    CubePanel {
        shown,
        cube: match app.shown_cube() {
            AnyCube::Three(c) => NxnCube::from(&c),
            AnyCube::Nxn(c) => c,
        },
        size: app.cube_size(),
        net: app.net(),
        upright: app.upright(),
        letters: app.letters(),
        overlay: app.overlay(),
        theme: app.theme(),
    }
}

/// The moves panel's data.
pub fn moves(app: &App) -> MovesView<'_> {
    MovesView {
        scramble: app.scramble(),
        after_random: app.after_random(),
        playback: app.playback(),
        replay: app.replay().is_some(),
        recorded: app.replay().and_then(|r| r.result()),
        outcome: app.outcome(),
        scroll: app.moves_scroll(),
        theme: app.theme(),
    }
}

/// The status panel's data.
pub fn status(app: &App) -> StatusView<'_> {
    StatusView {
        track: app.track(),
        preset: app.current_choice().map(|c| {
            let described = c.description_on(app.presets(), app.cube_size());
            (c.preset.as_str(), c.solver.as_str(), described)
        }),
        speed: app.speed(),
        playback: app.playback(),
        size: app.cube_size(),
        upright: app.upright(),
        depth: app.depth(),
        seed: app.seed(),
        cube_index: app.cube_index(),
        start: app.start().facelets(),
        replay: app.replay(),
    }
}

/// The plots' data.
pub fn plots(app: &App) -> PlotsView<'_> {
    PlotsView {
        track: app.track(),
        theme: app.theme(),
        view: app.plot_view(),
        cursor: app.replay().and_then(|r| r.at()).map(|at| at.step),
        // A replay does not record it; past the 3×3 nothing measures it.
        measured: app.cube_size().get() <= 3 && app.replay().is_none(),
    }
}

/// The knobs panel's data, while it is open (in a race too: the lanes'
/// parameters).
pub fn knobs(app: &App) -> Option<KnobsView<'_>> {
    Some(KnobsView {
        knobs: app.knobs()?,
        rows: rows(app),
        race: app.race().is_some(),
        accent: app.theme().accent,
    })
}

/// The help popup's data, while it is open.
pub fn help(app: &App) -> Option<HelpView> {
    app.help().then(|| HelpView {
        scroll: app.help_scroll(),
        accent: app.theme().accent,
    })
}
