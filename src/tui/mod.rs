//! The terminal UI: app state, actions and key map, event loop, widgets.
//!
//! Rooms, by topic: `app` (the state, in small groups, read through
//! accessors), `keys` (key → [`keys::Action`]; `keys::panel` with the help
//! or the knobs panel open, `keys::mouse` clicks and the wheel), `reducer`
//! (action → new state and effects), `knobs` (the live parameters: state,
//! their panel's actions and widget), `race` (the lanes' drivers on screen,
//! the glue that opens a race, its view data and widgets), `replay` (a
//! recorded run and the cursor over it, `cubetui replay FILE`, and the glue
//! that shows it in place of a solver), `panels` (the single run's widgets,
//! each a ratatui `Widget` over its own view data, which `single_view`
//! takes from the app), `ui` (places the panels), `input` and `modes` (the
//! terminal's input thread and modes).
//!
//! The event loop `tokio::select!`s, in this order of priority, on: the
//! signals (SIGTERM, SIGINT, SIGHUP, SIGQUIT: the terminal is restored and
//! the process exits with 128 + the signal number; SIGTSTP: the terminal is
//! given back and the process stops; SIGCONT: raw mode and the screen again,
//! repainted whole), input (read on its own thread; everything pending is
//! handled before the next draw), the frame tick, and the solver's channels
//! ([`cubetui_run::runner::Driver::wait`]). Bracketed paste is on while
//! the screen is up: a paste arrives as one [`keys::Action::Paste`]. So is
//! mouse capture: the wheel and a left click become actions at a cell,
//! mapped by `mouse` with the layout the screen draws, in the size the
//! loop reports ([`keys::Action::Resize`], at start and on each resize).
//! A key becomes a [`keys::Action`] and `reducer::update` applies it; runner
//! updates are absorbed as they come and mark the app dirty, and are drawn on
//! the next tick, so they cost at most one draw per tick. Texts from the
//! rest of the program (the reference tables' build) arrive on a channel read
//! each tick and become [`keys::Action::Notice`]. `ui::draw` (a pure
//! function of the app) runs only when something changed.
//!
//! The solver runs as a tokio task on its own thread
//! ([`cubetui_run::runner::Runner`]); quitting drops it without waiting.

pub mod app;
pub mod history;
mod input;
pub mod keys;
pub mod knobs;
pub mod layout;
mod modes;
pub mod panels;
pub mod race;
pub mod reducer;
pub mod replay;
pub mod scramble;
pub mod single_view;
pub mod terminal;
pub mod theme;
pub mod ui;

use std::io;
use std::sync::mpsc::Receiver;
use std::time::Duration;

use crate::signals::ScreenSignals;
use crossterm::event::{Event, KeyEventKind};
use ratatui::DefaultTerminal;

use app::App;
use keys::Action;
use reducer::update;

/// How the screen ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The user quit.
    Quit,
    /// A termination signal arrived (its number).
    Signal(i32),
}

impl Exit {
    /// The process exit status: 0, or 128 + the signal number.
    pub fn code(self) -> u8 {
        match self {
            Exit::Quit => 0,
            Exit::Signal(n) => u8::try_from(128 + n).unwrap_or(u8::MAX),
        }
    }
}

/// Runs the screen until the user quits or a termination signal arrives,
/// showing each text from `notices` in the message line (checked every
/// frame). The terminal is restored on return, on error, on a signal, and on
/// panic (ratatui's panic hook).
pub fn run(mut app: App, fps: u32, notices: Receiver<String>) -> io::Result<Exit> {
    let rt = cubetui_run::runner::runtime()?;
    let signals = {
        let _in_runtime = rt.enter();
        ScreenSignals::new()?
    };
    let mut terminal = modes::enter()?;
    let res = rt.block_on(event_loop(&mut terminal, &mut app, fps, signals, notices));
    let restored = modes::leave();
    // Quit by a signal (or by the input closing): the run files end here.
    app.end_recording();
    if let Ok(Exit::Signal(n)) = res {
        // After a hangup the terminal may be gone: restoring is best effort.
        return Ok(Exit::Signal(n));
    }
    let exit = res?;
    restored?;
    match app.failure() {
        Some(why) => Err(io::Error::other(why.to_string())),
        None => Ok(exit),
    }
}

async fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    fps: u32,
    mut signals: ScreenSignals,
    notices: Receiver<String>,
) -> io::Result<Exit> {
    let fps = fps.clamp(1, 60);
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / fps as f64));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut events = input::spawn()?;
    let size = terminal.size()?;
    update(app, Action::Resize(size.width, size.height));
    let clipboard = terminal::osc52_from_env();
    // Draw now (input, tick, resize) rather than at the next tick.
    let mut draw_now = true;
    loop {
        if app.dirty() && draw_now {
            terminal.draw(|f| ui::draw(f, app))?;
            app.set_dirty(false);
        }
        draw_now = true;
        tokio::select! {
            biased;
            n = signals.recv() => match n {
                libc::SIGTSTP => {
                    modes::suspend(terminal, modes::Stop::Process)?;
                    app.set_dirty(true);
                }
                // Also after a SIGSTOP the screen never saw: whatever was
                // written to the terminal meanwhile is painted over.
                libc::SIGCONT => {
                    modes::resume(terminal)?;
                    app.set_dirty(true);
                }
                libc::SIGWINCH => handle(terminal, app, Event::Resize(0, 0))?,
                n => return Ok(Exit::Signal(n)),
            },
            ev = events.recv() => {
                // Everything already waiting is handled before the next draw:
                // a paste or a burst of keys costs one frame, not one each.
                let mut ev = ev;
                loop {
                    match ev {
                        Some(Ok(e)) => {
                            handle(terminal, app, e)?;
                            if let Some(text) = app.take_copy()
                                && clipboard
                            {
                                modes::copy(terminal, &text)?;
                            }
                        }
                        Some(Err(e)) => return Err(e),
                        None => return Ok(Exit::Quit),
                    }
                    if app.quit() {
                        return Ok(Exit::Quit);
                    }
                    match events.try_recv() {
                        Ok(next) => ev = Some(next),
                        Err(_) => break,
                    }
                }
            }
            _ = tick.tick() => {
                for text in notices.try_iter() {
                    update(app, Action::Notice(text));
                }
                update(app, Action::Tick);
            }
            _ = app.driver_mut().wait() => {
                app.absorb_pending();
                draw_now = false;
            }
        }
        if app.quit() {
            return Ok(Exit::Quit);
        }
    }
}

/// Applies one terminal event to the app.
fn handle(terminal: &mut DefaultTerminal, app: &mut App, ev: Event) -> io::Result<()> {
    match ev {
        Event::Key(k) if k.kind != KeyEventKind::Release => {
            let action = if app.prompt().is_some() {
                keys::prompt_action_for(&k)
            } else if app.help() {
                keys::panel::help_action_for(&k)
            } else if let Some(knobs) = app.knobs() {
                keys::panel::knobs_action_for(&k, knobs.typing.is_some())
            } else {
                keys::action_for(&k)
            };
            match action {
                Some(Action::Suspend) => {
                    modes::suspend(terminal, modes::Stop::Job)?;
                    app.set_dirty(true);
                }
                Some(Action::Redraw) => {
                    modes::repaint(terminal)?;
                    app.set_dirty(true);
                }
                Some(a) => update(app, a),
                None => {}
            }
        }
        Event::Paste(text) => update(app, Action::Paste(text)),
        Event::Mouse(m) => {
            if let Some(a) = keys::mouse_action_for(&m) {
                update(app, a);
            }
        }
        Event::Resize(..) => {
            terminal.autoresize()?;
            let size = terminal.size()?;
            update(app, Action::Resize(size.width, size.height));
        }
        _ => {}
    }
    Ok(())
}
