//! A recorded run on the screen: [`App::open_replay`] puts one in place of
//! a solver (the app's mode becomes the replay), [`handle`] is how it takes
//! each action (the reducer gives it each action first). The cursor keys, space, `n` and `+`/`-` take their replay
//! meaning; the keys that would start or change a solver say so and do
//! nothing; the view keys (net, letters, plots, help, quit) pass to the
//! reducer as usual. Touches no driver: tested without a terminal.

use crate::tui::app::{App, Mode};
use crate::tui::keys::Action;
use crate::tui::race::Reply;
use crate::tui::replay::{PLAY_SECONDS, Replay};

/// What a key that would start or change a solver says in a replay.
pub const NO_SOLVER: &str = "replay: no solver (← → home end move, space plays, q quits)";

impl App {
    /// Shows the recorded run `replay` in place of a solver: its whole run
    /// on the plots, the net and the status at its cursor (the first
    /// point). No solver is built; the driver's updates are no longer
    /// this run's.
    pub fn open_replay(&mut self, replay: Replay) {
        self.view.knobs = None;
        self.set_start(replay.start(), None);
        self.refit();
        self.setup.seed = replay.header().seed;
        self.run.epoch += 1;
        self.run.track.reset();
        self.run.playback = None;
        self.run.track.absorb(replay.update(self.run.epoch));
        self.message = Some(if replay.has_states() {
            "replay: ← → home end move, space plays back, ? help".to_string()
        } else {
            "replay: no states recorded (an older file): the net shows the start".to_string()
        });
        self.mode = Mode::Replay(Box::new(replay));
        self.dirty = true;
    }
}

/// Applies `action` to an open replay: [`Reply::Pass`] for the view keys
/// (the reducer handles them as usual).
pub fn handle(r: &mut Replay, action: &Action) -> Reply {
    let said: Option<String> = match action {
        Action::Tick => {
            return if r.tick() {
                Reply::Done(None)
            } else {
                Reply::Quiet
            };
        }
        Action::PlayForward | Action::Step => {
            r.step_by(1);
            None
        }
        Action::PlayBack => {
            r.step_by(-1);
            None
        }
        Action::PlayJump(forward) => {
            r.jump(*forward);
            None
        }
        Action::PlayStart => {
            r.home();
            None
        }
        Action::PlayEnd => {
            r.end();
            None
        }
        Action::StartPause => {
            r.toggle_play();
            Some(if r.playing() {
                format!("playing back ×{} (space pauses, + - rate)", r.rate_label())
            } else {
                "paused (space plays)".to_string()
            })
        }
        Action::Faster | Action::Slower => {
            r.faster(*action == Action::Faster);
            Some(format!(
                "playback ×{}: the whole run in {} s",
                r.rate_label(),
                cubetui_run::numbers::si(PLAY_SECONDS / r.rate(), 2)
            ))
        }
        Action::Turn(_)
        | Action::OpenPrompt
        | Action::PromptChar(_)
        | Action::PromptBackspace
        | Action::PromptSubmit
        | Action::PromptCancel
        | Action::Paste(_)
        | Action::ApplyAlg(_)
        | Action::Scramble
        | Action::SetDepth(_)
        | Action::Reset
        | Action::CycleSize(_)
        | Action::CycleGenerator
        | Action::CycleSolver
        | Action::PrevSolver
        | Action::Race
        | Action::ToggleRaceMeasure
        | Action::Knob(_)
        | Action::CopyCommand => Some(NO_SOLVER.to_string()),
        Action::Quit
        | Action::ToggleUpright
        | Action::ToggleLayout
        | Action::ToggleLetters
        | Action::ToggleOverlay
        | Action::ToggleLogScale
        | Action::ZoomIn
        | Action::ZoomOut
        | Action::TogglePopulation
        | Action::TogglePlots
        | Action::ToggleHelp
        | Action::CloseHelp
        | Action::ScrollHelp(_)
        | Action::Resize(..)
        | Action::Wheel { .. }
        | Action::Click { .. }
        | Action::Suspend
        | Action::Redraw
        | Action::Notice(_)
        | Action::UnknownKey(_) => return Reply::Pass,
    };
    Reply::Done(said)
}
