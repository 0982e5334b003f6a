//! The terminal UI: app state, actions and key map, event loop, widgets.
//!
//! Events (crossterm `EventStream`) and a frame tick meet in `tokio::select!`;
//! a key becomes an [`keys::Action`], `app::update` applies it, and
//! `ui::draw` (a pure function of the app) runs only when something changed.
//! The solver itself runs on its own thread ([`crate::solve::runner::Runner`]).

pub mod app;
pub mod history;
pub mod keys;
pub mod layout;
pub mod net;
pub mod plot;
pub mod scramble;
pub mod status;
pub mod theme;
pub mod ui;

use std::io;
use std::time::Duration;

use crossterm::event::{Event, EventStream, KeyEventKind};
use futures::StreamExt;
use ratatui::DefaultTerminal;

use app::{App, update};
use keys::Action;

/// Runs the screen until the user quits. The terminal is restored on return,
/// on error, and on panic (ratatui's panic hook).
pub fn run(mut app: App, fps: u32) -> io::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let mut terminal = ratatui::try_init()?;
    let res = rt.block_on(event_loop(&mut terminal, &mut app, fps));
    let restored = ratatui::try_restore();
    res.and(restored)?;
    match app.failure {
        Some(why) => Err(io::Error::other(why)),
        None => Ok(()),
    }
}

async fn event_loop(terminal: &mut DefaultTerminal, app: &mut App, fps: u32) -> io::Result<()> {
    let fps = fps.clamp(1, 60);
    let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / fps as f64));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut events = EventStream::new();
    // Lets the end-to-end tests check that a panic restores the terminal.
    let test_panic = std::env::var_os("CUBETUI_TEST_PANIC").is_some();
    loop {
        if app.dirty {
            terminal.draw(|f| ui::draw(f, app))?;
            app.dirty = false;
            if test_panic {
                panic!("panic requested by CUBETUI_TEST_PANIC");
            }
        }
        tokio::select! {
            _ = tick.tick() => update(app, Action::Tick),
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
                None => return Ok(()),
            },
        }
        if app.quit {
            return Ok(());
        }
    }
}
