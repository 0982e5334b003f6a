//! The screen's state types: the presets, the start, the run, the view
//! options and the [`App`] that holds them. Its methods live in `mod.rs`
//! (changing) and `read.rs` (reading).

use cubetui_cube::{AnyAlg, AnyCube};
use std::fs::File;
use std::path::PathBuf;

use crate::tui::panels::words::Narrator;
use crate::tui::race::LaneDriverFn;
use crate::tui::race::RaceView;
use crate::tui::replay::Replay;
use crate::tui::theme::Theme;
use cubetui_run::record::Live;
use cubetui_run::runner::{Driver, Speed, Track};
use cubetui_solve::api::{SolveError, Solver};
use cubetui_solve::preset::Presets;
use cubetui_solve::registry::SolverConfig;

/// Builds a solver for a start state of any size and a seed.
pub type BuildFn = Box<dyn Fn(&AnyCube, u64) -> Result<Box<dyn Solver>, SolveError>>;

/// A solver preset the user can cycle through.
pub struct Choice {
    pub preset: String,
    pub solver: String,
    /// One line saying what the preset runs, shown in the status panel for
    /// a choice that is no preset (a preset's is read for the cube's size:
    /// [`Choice::description_on`]).
    pub description: String,
    pub build: BuildFn,
}

/// The speed ladder: steps per frame, then unthrottled.
pub const SPEEDS: [Speed; 8] = [
    Speed::PerFrame(1),
    Speed::PerFrame(2),
    Speed::PerFrame(10),
    Speed::PerFrame(100),
    Speed::PerFrame(1_000),
    Speed::PerFrame(10_000),
    Speed::PerFrame(100_000),
    Speed::Unthrottled,
];

/// Index into [`SPEEDS`] at start: 2 steps per frame (120 a second), so
/// the first solve of the default preset lasts long enough to try pause,
/// step and `g`. Measured on the screen (`sa-pll-conj` from its random
/// start, seeds 101-130): a median of about 2 900 proposals, so about 24 s
/// (half the seeds between 15 and 30 s). `+` six times is unthrottled.
pub const DEFAULT_SPEED: usize = 1;

/// Which net is drawn.
pub use cubetui_cube::net::Layout as Net;

/// Characters the `:` prompt holds (a typed or pasted algorithm): room for
/// the notation's longest sequence ([`cubetui_cube::alg::MAX_MOVES`] moves)
/// written a move at a time, at up to ten characters a move.
pub const PROMPT_MAX: usize = 10 * cubetui_cube::alg::MAX_MOVES;

/// Points kept per plotted series.
pub const HISTORY_CAP: usize = 4096;

/// Solution playback once solved.
pub struct Playback {
    /// The solution simplified (HTM on the 3×3; same-layer moves merged on
    /// other sizes).
    pub moves: AnyAlg,
    pub pos: usize,
    /// Length of the solver's raw sequence.
    pub raw_len: usize,
}

/// Where runs start and what runs them.
pub(crate) struct Setup {
    /// The state the solver starts from (its size is the screen's).
    pub(crate) cube: AnyCube,
    /// How `cube` was reached from solved (`None`: a random state).
    pub(crate) scramble: Option<AnyAlg>,
    /// The moves typed onto a random state since it was drawn.
    pub(crate) after_random: Option<AnyAlg>,
    /// Which of `choices` run on the current size (see `sizes.rs`).
    pub(crate) fits: Vec<bool>,
    /// Depth of `s` scrambles; `None`: a uniformly random state.
    pub(crate) depth: Option<usize>,
    /// How many random starts `s` has drawn: the next is cube `draws` of
    /// `seed` ([`cubetui_cube::random::cube_seed`], the one seed rule).
    pub(crate) draws: u64,
    /// The cube index whose run seed the solver gets (the last drawn; 0
    /// before any draw).
    pub(crate) index: u64,
    /// `--set KEY=VALUE` overrides in force before the first step, as
    /// `y` prints them. The hook for the knobs panel: it records each knob
    /// the user changed before the run started (see [`App::note_override`]).
    pub(crate) overrides: Vec<(String, String)>,
    /// The command line's `--set` overrides and the choice they build
    /// (see [`App::set_command_line_overrides`]).
    pub(crate) cli_sets: Option<(usize, Vec<(String, String)>)>,
    /// The configuration the command line's `--set` built for that choice
    /// (what its run files' headers hold).
    pub(crate) cli_config: Option<SolverConfig>,
    /// The first race lane's `--set` (the command line's and the knobs
    /// turned on the single run), as `y` prints them in a race.
    pub(crate) race_sets: Vec<(String, String)>,
    /// Knobs of the run only (no `--set`: the annealer's temperature now)
    /// set before the first step: `y` says them beside the command.
    pub(crate) run_only: Vec<(String, String)>,
    pub(crate) choices: Vec<Choice>,
    pub(crate) choice: usize,
    /// The preset table the choices' names are looked up in (which sizes
    /// they run on, their descriptions, aliases, what a run file records):
    /// the built-in one unless [`App::set_presets`] gave another.
    pub(crate) presets: Presets,
    /// The base seed (`--seed`).
    pub(crate) seed: u64,
}

/// The single run.
pub(crate) struct Run {
    pub(crate) driver: Box<dyn Driver>,
    /// Which `Replace` the shown run is.
    pub(crate) epoch: u64,
    pub(crate) track: Track,
    pub(crate) playback: Option<Playback>,
}

/// How the screen shows things.
pub(crate) struct View {
    /// Index into [`SPEEDS`].
    pub(crate) speed: usize,
    pub(crate) net: Net,
    /// Show the state turned so its centres are home (U on top, F in front).
    pub(crate) upright: bool,
    pub(crate) letters: bool,
    pub(crate) overlay: bool,
    pub(crate) help: bool,
    /// Rows of the help popup scrolled past.
    pub(crate) help_scroll: u16,
    /// Lines the moves panel's sequence is scrolled back from its end
    /// (the mouse wheel over the panel).
    pub(crate) moves_scroll: usize,
    /// The terminal's size (columns, rows) as last reported; (0, 0) before.
    pub(crate) size: (u16, u16),
    pub(crate) prompt: Option<String>,
    pub(crate) theme: Theme,
    /// Log scale and zoom of the plots.
    pub(crate) plot: crate::tui::panels::scale::PlotView,
    /// The population view (`i`) in place of the side plot, for a solver
    /// that reports population series.
    pub(crate) population: bool,
    /// The plots keep their rows even when the net then cannot part its
    /// stickers (`t`); by default they fold to a line.
    pub(crate) plots_kept: bool,
    /// The knobs panel, while it is open.
    pub(crate) knobs: Option<Knobs>,
}

/// The knobs panel's state (its rows are the run's live parameters, see
/// [`crate::tui::knobs::rows`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knobs {
    /// The selected row (clamped to the rows there are).
    pub selected: usize,
    /// The value being typed for the selected row, after `enter`.
    pub typing: Option<String>,
}

/// Where the screen records its runs (`--record FILE`; see `record.rs`).
pub(crate) struct Recording {
    /// The file the first run goes to.
    pub(crate) base: PathBuf,
    /// Single-run files begun (the first is `base`).
    pub(crate) runs: u32,
    /// Races recorded.
    pub(crate) races: u32,
    /// The current run's file, while it can be written.
    pub(crate) live: Option<Live<File>>,
    /// The current run's path.
    pub(crate) path: PathBuf,
    /// Why the current run's file could not be created.
    pub(crate) error: Option<String>,
    /// Every file created so far.
    pub(crate) created: Vec<PathBuf>,
}

/// What the screen shows: the single run, a race or a recorded run. The
/// single run's state (`Run`) stays in the app under the other two (a race
/// pauses it; leaving the race shows it again).
pub enum Mode {
    /// The single run, stepped by the app's driver.
    Single,
    /// A race (see [`super::super::race`]): the race keys act on its lanes.
    Race(Box<RaceView>),
    /// A recorded run (`cubetui replay FILE`) in place of a solver (see
    /// [`super::super::replay`]).
    Replay(Box<Replay>),
}

/// The whole screen state.
pub struct App {
    pub(crate) setup: Setup,
    pub(crate) run: Run,
    pub(crate) view: View,
    /// What the screen shows: the single run, a race or a replay.
    pub(crate) mode: Mode,
    /// Makes each race lane's driver (inline unless the binary sets runners).
    pub(crate) lane_driver: LaneDriverFn,
    pub(crate) message: Option<String>,
    /// Text for the terminal's clipboard (OSC 52), taken by the event loop.
    pub(crate) copy: Option<String>,
    /// What the message line says about states and single steps.
    pub(crate) words: Narrator,
    /// Why the app had to stop (the solver task died).
    pub(crate) failure: Option<String>,
    /// Something changed since the last draw.
    pub(crate) dirty: bool,
    pub(crate) quit: bool,
    /// Where the runs are recorded (`--record FILE`), if they are.
    pub(crate) record: Option<Recording>,
}
