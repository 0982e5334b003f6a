//! The terminal UI: app state, actions and key map, event loop, widgets.
//!
//! The event loop `tokio::select!`s, in this order of priority, on: the
//! termination signals (SIGTERM, SIGINT, SIGHUP, SIGQUIT: the terminal is
//! restored and the process exits with 128 + the signal number), input
//! (crossterm `EventStream`, handled at once and drawn at once), the frame
//! tick, and the solver's channels ([`crate::solve::runner::Driver::wait`]).
//! A key becomes a [`keys::Action`] and `app::update` applies it; runner
//! updates are absorbed as they come and mark the app dirty, and are drawn on
//! the next tick, so they cost at most one draw per tick. `ui::draw` (a pure
//! function of the app) runs only when something changed.
//!
//! The solver runs as a tokio task on its own thread
//! ([`crate::solve::runner::Runner`]); quitting drops it without waiting.

pub mod app;
pub mod history;
pub mod keys;
pub mod layout;
pub mod legend;
pub mod net;
pub mod plot;
pub mod race;
pub mod race_ui;
pub mod scramble;
pub mod status;
pub mod terminal;
pub mod theme;
pub mod ui;

use std::io;
use std::time::Duration;

use crossterm::event::{Event, EventStream, KeyEventKind};
use futures::StreamExt;
use ratatui::DefaultTerminal;
use tokio::signal::unix::{Signal, SignalKind, signal};

use app::{App, update};
use keys::Action;

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

/// Runs the screen until the user quits or a termination signal arrives.
/// The terminal is restored on return, on error, on a signal, and on panic
/// (ratatui's panic hook).
pub fn run(mut app: App, fps: u32) -> io::Result<Exit> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let signals = {
        let _in_runtime = rt.enter();
        Signals::new()?
    };
    let mut terminal = ratatui::try_init()?;
    let res = rt.block_on(event_loop(&mut terminal, &mut app, fps, signals));
    let restored = ratatui::try_restore();
    if let Ok(Exit::Signal(n)) = res {
        // After a hangup the terminal may be gone: restoring is best effort.
        return Ok(Exit::Signal(n));
    }
    let exit = res?;
    restored?;
    match app.failure {
        Some(why) => Err(io::Error::other(why)),
        None => Ok(exit),
    }
}

/// The termination signals the screen catches.
struct Signals(Vec<(i32, Signal)>);

impl Signals {
    fn new() -> io::Result<Signals> {
        let kinds = [
            SignalKind::terminate(),
            SignalKind::interrupt(),
            SignalKind::hangup(),
            SignalKind::quit(),
        ];
        let mut v = Vec::new();
        for k in kinds {
            v.push((k.as_raw_value(), signal(k)?));
        }
        Ok(Signals(v))
    }

    /// The next signal's number.
    async fn recv(&mut self) -> i32 {
        let waits = self.0.iter_mut().map(|(n, s)| {
            let n = *n;
            Box::pin(async move {
                s.recv().await;
                n
            })
        });
        futures::future::select_all(waits).await.0
    }
}

async fn event_loop(
    terminal: &mut DefaultTerminal,
    app: &mut App,
    fps: u32,
    mut signals: Signals,
) -> io::Result<Exit> {
    let fps = fps.clamp(1, 60);
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / fps as f64));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut events = EventStream::new();
    // Lets the end-to-end tests check that a panic restores the terminal.
    let test_panic = std::env::var_os("CUBETUI_TEST_PANIC").is_some();
    // Draw now (input, tick, resize) rather than at the next tick.
    let mut draw_now = true;
    loop {
        if app.dirty && draw_now {
            terminal.draw(|f| ui::draw(f, app))?;
            app.dirty = false;
            if test_panic {
                panic!("panic requested by CUBETUI_TEST_PANIC");
            }
        }
        draw_now = true;
        tokio::select! {
            biased;
            n = signals.recv() => return Ok(Exit::Signal(n)),
            ev = events.next() => match ev {
                Some(Ok(Event::Key(k))) if k.kind != KeyEventKind::Release => {
                    let action = if app.prompt.is_some() {
                        keys::prompt_action_for(&k)
                    } else {
                        keys::action_for(&k)
                    };
                    if let Some(a) = action {
                        update(app, a);
                    }
                }
                Some(Ok(Event::Resize(..))) => {
                    terminal.autoresize()?;
                    app.dirty = true;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e),
                None => return Ok(Exit::Quit),
            },
            _ = tick.tick() => update(app, Action::Tick),
            _ = app.driver.wait() => {
                app.absorb_pending();
                draw_now = false;
            }
        }
        if app.quit {
            return Ok(Exit::Quit);
        }
    }
}
