//! Terminal input on its own thread.
//!
//! A blocking `crossterm::event::read` loop feeds a channel that the event
//! loop drains completely every time it wakes, so a paste or a burst of keys
//! costs one frame. crossterm's `use-dev-tty` source is used: it polls the
//! terminal level-triggered, while its default source (mio, edge-triggered)
//! reads 1 KiB per wake-up and leaves the rest of a burst unread until the
//! next key; and its `EventStream` on that source delivers one event per
//! spawned thread. Neither keeps up with a 10 KB paste.

use std::io;

use crossterm::event::{self, Event};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};

/// Starts the reader thread; it ends when the receiver is dropped (after its
/// next event) or on the first read error, which it forwards.
pub fn spawn() -> io::Result<UnboundedReceiver<io::Result<Event>>> {
    let (tx, rx) = unbounded_channel();
    std::thread::Builder::new()
        .name("cubetui-input".into())
        .spawn(move || {
            loop {
                let ev = event::read();
                let failed = ev.is_err();
                if tx.send(ev).is_err() || failed {
                    break;
                }
            }
        })?;
    Ok(rx)
}
