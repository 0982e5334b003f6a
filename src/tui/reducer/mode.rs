//! The screen's modes ([`Mode`]): an open race or replay sees each action
//! first, and what it answers ([`Reply`]) is applied here, the one place
//! that knows all three modes. The race and the replay change only their
//! own state; the message line, the redraw and leaving are the app's.

use crate::tui::app::{App, Mode};
use crate::tui::keys::Action;
use crate::tui::race::{self, Reply};
use crate::tui::replay::glue as replay;

/// Gives the open race or replay `action` first; `true` when it took it
/// (the reducer does nothing more), `false` in the single run and for the
/// keys a mode passes on (quit, help, the view keys).
pub(super) fn route(app: &mut App, action: &Action) -> bool {
    let help = app.view.help;
    let reply = match &mut app.mode {
        Mode::Single => return false,
        Mode::Race(view) => race::handle(view, action, help),
        Mode::Replay(r) => replay::handle(r, action),
    };
    match reply {
        Reply::Pass => false,
        Reply::Quiet => true,
        Reply::Done(message) => {
            if let (Some(m), Mode::Race(view)) = (&message, &mut app.mode) {
                view.note_said(m);
            }
            if message.is_some() {
                app.message = message;
            }
            app.dirty = true;
            true
        }
        Reply::Leave => {
            if let Mode::Race(view) = &mut app.mode {
                view.end_records();
            }
            app.mode = Mode::Single;
            app.message = Some("left the race".into());
            app.dirty = true;
            true
        }
    }
}
