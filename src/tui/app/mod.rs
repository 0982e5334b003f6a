//! The screen's state ([`App`]), in small groups: the start and the
//! presets (`Setup`), the single run (`Run`, its updates folded by the
//! one [`Track`] of the crate) and the view options (`View`). Reading is
//! through accessors (`read.rs`); changing is through the reducer
//! (`tui/reducer/`), which gives an open race or replay (the screen's
//! [`Mode`]) each action first. The solver is reached only
//! through a [`Driver`], so tests run it inline.

use super::panels::words::Narrator;
use super::theme::{Depth, Theme};
use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_run::runner::{Axis, Command, Driver, RunState, Track, Update};
use cubetui_solve::preset::Presets;

mod read;
mod record;
mod reproduce;
mod sizes;
mod state;

pub(crate) use record::KnobSet;
pub use reproduce::start_args;
pub use sizes::SCREEN_SIZES;
pub use state::*;

impl App {
    /// A new app on the solved cube with the given presets (looked up in
    /// the built-in preset table until [`App::set_presets`]); builds the
    /// first solver.
    pub fn new(choices: Vec<Choice>, choice: usize, seed: u64, driver: Box<dyn Driver>) -> App {
        let mut app = App {
            setup: Setup {
                cube: AnyCube::solved(Size::THREE),
                scramble: Some(AnyAlg::default()),
                after_random: None,
                cli_sets: None,
                cli_config: None,
                race_sets: Vec::new(),
                fits: Vec::new(),
                depth: None,
                draws: 0,
                index: 0,
                overrides: Vec::new(),
                run_only: Vec::new(),
                choice: choice.min(choices.len().saturating_sub(1)),
                choices,
                presets: Presets::builtin(),
                seed,
            },
            run: Run {
                driver,
                epoch: 0,
                track: Track::new(Axis::Steps, HISTORY_CAP),
                playback: None,
            },
            view: View {
                speed: DEFAULT_SPEED,
                net: Net::Strip,
                upright: true,
                letters: false,
                overlay: false,
                help: false,
                help_scroll: 0,
                moves_scroll: 0,
                size: (0, 0),
                prompt: None,
                theme: Theme::load("classic", Depth::True).expect("embedded theme"),
                plot: Default::default(),
                knobs: None,
                population: false,
                plots_kept: false,
            },
            mode: Mode::Single,
            lane_driver: super::race::inline_lanes(),
            message: None,
            copy: None,
            words: Narrator::default(),
            failure: None,
            dirty: true,
            quit: false,
            record: None,
        };
        app.run.driver.send(Command::Speed(SPEEDS[app.view.speed]));
        app.refit();
        app.rebuild();
        app
    }

    /// The cube to draw: a replay's state at its cursor, playback position,
    /// else the solver's current state, else the start; turned upright
    /// unless the raw view is on.
    pub fn shown_cube(&self) -> AnyCube {
        let cube = if let Some(r) = self.replay() {
            r.cube()
        } else if let Some(p) = &self.run.playback {
            self.setup
                .cube
                .after(&p.moves.prefix(p.pos))
                .unwrap_or_else(|| self.setup.cube.clone())
        } else {
            match self.snapshot() {
                // A state of another size (never sent) would show the start.
                Some(s) if s.current.size() == self.cube_size() => s.current.clone(),
                _ => self.setup.cube.clone(),
            }
        };
        if self.view.upright {
            cube.upright()
        } else {
            cube
        }
    }

    /// Replaces the run with a fresh solver for the current start and preset.
    pub(crate) fn rebuild(&mut self) {
        // The run that ends gets its result, the new one its file.
        self.end_run_record();
        // A new solver starts from its preset's values.
        self.clear_overrides();
        self.run.epoch += 1;
        self.run.track.reset();
        self.run.playback = None;
        self.view.moves_scroll = 0;
        let solver = match self.current_choice() {
            None => {
                self.message = Some("no solver presets available".into());
                None
            }
            Some(c) => match (c.build)(&self.setup.cube, self.run_seed()) {
                Ok(s) => Some(s),
                Err(e) => {
                    self.message = Some(format!("cannot build `{}`: {e}", c.preset));
                    None
                }
            },
        };
        self.begin_run_record(solver.as_deref());
        self.run
            .driver
            .send(Command::Replace(solver, self.run.epoch));
        self.dirty = true;
        self.absorb_pending();
    }

    /// Absorbs whatever the driver has.
    pub fn absorb_pending(&mut self) {
        let u = self.run.driver.poll();
        self.absorb(u);
    }

    /// Folds a runner update of the current epoch into the app.
    pub fn absorb(&mut self, u: Update) {
        if u.epoch != self.run.epoch {
            return;
        }
        if u.state != self.state() || !u.is_empty() || u.state == RunState::Running {
            self.dirty = true;
        }
        self.record_update(&u);
        let (from, fresh) = (self.state(), u.snapshot.is_some());
        let error = self.run.track.absorb(u);
        let fresh = self.run.track.snapshot().filter(|_| fresh);
        let said = self.words.after(self.run.epoch, from, self.state(), fresh);
        if let Some(m) = error.or(said) {
            self.message = Some(m);
        }
        if self.state() == RunState::Stopped && !self.quit {
            // Only a dead solver task stops a run the app did not stop.
            self.failure = self.message.clone();
            self.quit = true;
        }
        if self.state() == RunState::Solved
            && self.run.playback.is_none()
            && let Some(o) = self.run.track.outcome()
        {
            // The net shows the solved end; ← walks back, home goes to the start.
            let solution = &o.solution;
            let moves = solution.simplified();
            self.run.playback = Some(Playback {
                pos: moves.len(),
                raw_len: solution.len(),
                moves,
            });
            self.message = Some("solved: ← walks the solution back, home goes to the start".into());
        }
    }

    /// Sets a new start state (the caller starts the run over).
    pub(crate) fn set_start(&mut self, cube: AnyCube, scramble: Option<AnyAlg>) {
        self.setup.cube = cube;
        self.setup.scramble = scramble;
        self.setup.after_random = None;
    }
}
