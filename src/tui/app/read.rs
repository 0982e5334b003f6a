//! Reading the app's state (and the few setters the binary and tests
//! need): the fields stay in their groups, private to the screen.

use super::state::{App, Choice, Knobs, Mode, Net, Playback, SPEEDS};
use crate::tui::race::{LaneDriverFn, RaceView};
use crate::tui::replay::Replay;
use crate::tui::theme::Theme;
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_run::runner::{Driver, RunState, Speed, Track};
use cubetui_solve::{Outcome, Profile, Snapshot};

impl App {
    /// The state the solver starts from.
    pub fn start(&self) -> AnyCube {
        self.setup.cube.clone()
    }
    /// How the start was reached from solved (`None`: a random state).
    pub fn scramble(&self) -> Option<&AnyAlg> {
        self.setup.scramble.as_ref()
    }
    /// The moves typed onto a random state since it was drawn (`None`
    /// when none were, or the start is not a random state).
    pub fn after_random(&self) -> Option<&AnyAlg> {
        self.setup.after_random.as_ref()
    }
    /// Depth of `s` scrambles; `None`: a uniformly random state.
    pub fn depth(&self) -> Option<usize> {
        self.setup.depth
    }
    /// The base seed (`--seed`).
    pub fn seed(&self) -> u64 {
        self.setup.seed
    }
    /// Which cube of the seed the start was drawn as (0 before any draw).
    pub fn cube_index(&self) -> u64 {
        self.setup.index
    }
    /// The solver's seed: [`cubetui_cube::random::cube_seed`] of the base
    /// seed and [`App::cube_index`], as `bench` seeds that cube.
    pub fn run_seed(&self) -> u64 {
        cubetui_cube::random::cube_seed(self.setup.seed, self.setup.index)
    }
    /// Takes the text waiting to be copied to the terminal's clipboard.
    pub fn take_copy(&mut self) -> Option<String> {
        self.copy.take()
    }
    /// The `--set KEY=VALUE` overrides `y` prints (see [`App::note_override`]).
    pub fn overrides(&self) -> &[(String, String)] {
        &self.setup.overrides
    }
    pub fn choices(&self) -> &[Choice] {
        &self.setup.choices
    }
    pub fn current_choice(&self) -> Option<&Choice> {
        self.setup.choices.get(self.setup.choice)
    }
    /// What the single run has reported (state, snapshot, plots, …).
    pub fn track(&self) -> &Track {
        &self.run.track
    }
    pub fn state(&self) -> RunState {
        self.run.track.state()
    }
    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.run.track.snapshot()
    }
    pub fn outcome(&self) -> Option<&Outcome> {
        self.run.track.outcome()
    }
    /// What the current solver reports (sent by the runner with a new solver).
    pub fn profile(&self) -> Option<&Profile> {
        self.run.track.profile()
    }
    /// Which `Replace` the shown run is (bumped by every reset).
    pub fn epoch(&self) -> u64 {
        self.run.epoch
    }
    pub fn playback(&self) -> Option<&Playback> {
        self.run.playback.as_ref()
    }
    pub fn speed(&self) -> Speed {
        SPEEDS[self.view.speed]
    }
    pub fn net(&self) -> Net {
        self.view.net
    }
    pub fn upright(&self) -> bool {
        self.view.upright
    }
    pub fn letters(&self) -> bool {
        self.view.letters
    }
    pub fn overlay(&self) -> bool {
        self.view.overlay
    }
    /// Whether the plots keep their rows though the net then cannot part
    /// its stickers (`t`).
    pub fn plots_kept(&self) -> bool {
        self.view.plots_kept
    }
    /// Log scale and zoom of the plots.
    pub fn plot_view(&self) -> crate::tui::panels::scale::PlotView {
        self.view.plot
    }
    /// Whether the population view (`i`) is asked for (drawn when the
    /// solver reports population series).
    pub fn population_view(&self) -> bool {
        self.view.population
    }
    pub fn help(&self) -> bool {
        self.view.help
    }
    /// The knobs panel, while it is open.
    pub fn knobs(&self) -> Option<&Knobs> {
        self.view.knobs.as_ref()
    }
    /// Rows of the help popup scrolled past (as asked; drawing clamps it).
    pub fn moves_scroll(&self) -> usize {
        self.view.moves_scroll
    }
    /// Rows of the help popup scrolled past.
    pub fn help_scroll(&self) -> u16 {
        self.view.help_scroll
    }
    /// The terminal's size (columns, rows) as last reported; (0, 0) before.
    pub fn size(&self) -> (u16, u16) {
        self.view.size
    }
    /// The `:` prompt's text, while it is open.
    pub fn prompt(&self) -> Option<&str> {
        self.view.prompt.as_deref()
    }
    pub fn theme(&self) -> &Theme {
        &self.view.theme
    }
    pub fn set_theme(&mut self, theme: Theme) {
        self.view.theme = theme;
        self.dirty = true;
    }
    /// The line under the screen.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
    pub fn set_message(&mut self, message: Option<String>) {
        self.message = message;
        self.dirty = true;
    }
    /// Why the app had to stop (the solver task died).
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }
    /// The race on screen, if one is open.
    pub fn race(&self) -> Option<&RaceView> {
        match &self.mode {
            Mode::Race(view) => Some(view),
            _ => None,
        }
    }
    /// The open race, to change.
    pub(crate) fn race_mut(&mut self) -> Option<&mut RaceView> {
        match &mut self.mode {
            Mode::Race(view) => Some(view),
            _ => None,
        }
    }
    /// The recorded run on screen, if `cubetui replay FILE` opened one.
    pub fn replay(&self) -> Option<&Replay> {
        match &self.mode {
            Mode::Replay(r) => Some(r),
            _ => None,
        }
    }
    /// Sets what makes each race lane's driver.
    pub fn set_lane_driver(&mut self, make: LaneDriverFn) {
        self.lane_driver = make;
    }
    /// Whether something changed since the last draw.
    pub fn dirty(&self) -> bool {
        self.dirty
    }
    /// Marks the screen drawn (`false`) or to be redrawn (`true`).
    pub fn set_dirty(&mut self, dirty: bool) {
        self.dirty = dirty;
    }
    pub fn quit(&self) -> bool {
        self.quit
    }
    /// The single run's driver (the event loop waits on it).
    pub fn driver_mut(&mut self) -> &mut dyn Driver {
        self.run.driver.as_mut()
    }

    /// What one elementary step of the current solver is called.
    pub fn step_name(&self) -> &'static str {
        self.run.track.step_name()
    }
}
