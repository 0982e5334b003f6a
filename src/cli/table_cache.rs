//! What the binary does with the reference tables' cache events (the library
//! only reports them): on stderr in batch mode, in the message line on the
//! screen; and a half-written cache file removed when a signal ends the
//! process.

use std::io::Write;
use std::sync::mpsc::Sender;

use cubetui_solve::reference::Tables;
use cubetui_solve::reference::cache::{self, CacheEvent, Stored};

/// Batch mode: the reference tables, obtained now if they are not yet
/// ([`cache::obtain`]), each event but the progress percentages a
/// `cubetui: …` line on stderr; from the start of a build a SIGTERM (and
/// SIGINT when `sigint` is set, i.e. no Ctrl-C handler of the command
/// handles it) removes the temporary file before ending the process as the
/// signal would. Called where a command is about to need them.
pub fn obtain_on_stderr(sigint: bool) -> &'static Tables {
    cache::obtain(&mut |event| {
        match event {
            CacheEvent::Progress(_) => return,
            CacheEvent::Building => crate::signals::guard_cache_file(sigint),
            _ => {}
        }
        let _ = writeln!(std::io::stderr(), "cubetui: {event}");
    })
}

/// Screen mode: starts obtaining the reference tables on a thread of their
/// own ([`cache::warm_up`]), the events sent as message-line texts
/// ("building reference tables… n %" from the start of a build) to
/// `notices`. Why a cache file was refused is repeated with the last one,
/// so it stays on the line.
pub fn warm_up_for_screen(notices: Sender<String>) {
    let mut refused = None::<String>;
    cache::warm_up(move |event| {
        let text = match event {
            CacheEvent::Building => CacheEvent::Progress(0).to_string(),
            CacheEvent::Rejected(e) => {
                refused = Some(e.to_string());
                event.to_string()
            }
            CacheEvent::Built { seconds, stored } => match (refused.clone(), stored) {
                (Some(why), Stored::Cached(_)) => {
                    format!("{why}; tables rebuilt in {seconds:.1} s")
                }
                (Some(why), _) => format!("{why}; {event}"),
                (None, _) => event.to_string(),
            },
            CacheEvent::Progress(_) => event.to_string(),
        };
        let _ = notices.send(text);
    });
}
