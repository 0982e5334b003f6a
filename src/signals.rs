//! Every signal the program handles, in one place.
//!
//! - Headless runs ([`ctrl_c_flag`]): the first Ctrl-C raises a flag the
//!   run checks between step batches (so it finishes cleanly and reports);
//!   a second one exits at once with code 130.
//! - While the reference tables are being built and written to the cache
//!   ([`guard_cache_file`]): a termination signal removes the half-written
//!   cache file, then ends the process as the signal would have.
//! - The screen ([`ScreenSignals`]): the termination signals, SIGTSTP,
//!   SIGCONT and SIGWINCH, received in the screen's event loop, which restores the
//!   terminal before it exits or stops.
//!
//! The headless ones are signal-hook's: registered before the function
//! returns, handled on a thread of their own, no async runtime. The
//! screen's are tokio's, in the screen's own runtime.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use tokio::signal::unix::{Signal, SignalKind, signal};

use cubetui_solve::reference::cache;

/// Installs the headless Ctrl-C handler and returns the flag it raises; a
/// second Ctrl-C exits with `exit_code`. The handler is in place when this
/// returns. Should it fail to install, Ctrl-C keeps its default effect (the
/// process ends) and the flag is never raised.
pub fn ctrl_c_flag(exit_code: u8) -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let Ok(mut signals) = Signals::new([SIGINT]) else {
        return flag;
    };
    let raised = Arc::clone(&flag);
    // Should the thread not start, the closure and `signals` with it are
    // dropped, which restores Ctrl-C's default.
    let _ = std::thread::Builder::new()
        .name("ctrl-c".into())
        .spawn(move || {
            for _ in signals.forever() {
                if raised.swap(true, Ordering::SeqCst) {
                    cache::remove_temp();
                    std::process::exit(i32::from(exit_code));
                }
            }
        });
    flag
}

/// From now on, SIGTERM (and SIGINT when `sigint` is set, i.e. no
/// [`ctrl_c_flag`] handles it) removes the cache's temporary file, then
/// ends the process as the signal would have. In place when this returns
/// (or never, if it cannot be installed).
pub fn guard_cache_file(sigint: bool) {
    let kinds: &[i32] = if sigint {
        &[SIGTERM, SIGINT]
    } else {
        &[SIGTERM]
    };
    let Ok(mut signals) = Signals::new(kinds) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("cache-signals".into())
        .spawn(move || {
            if let Some(n) = signals.forever().next() {
                cache::remove_temp();
                let _ = signal_hook::low_level::emulate_default_handler(n);
            }
        });
}

/// The signals the screen catches: the termination signals, SIGTSTP,
/// SIGCONT and SIGWINCH (a resize; the input thread reads only bytes).
/// Made inside the screen's runtime.
pub struct ScreenSignals(Vec<(i32, Signal)>);

impl ScreenSignals {
    /// Registers them all.
    ///
    /// # Errors
    /// A signal that cannot be registered.
    pub fn new() -> io::Result<ScreenSignals> {
        let kinds = [
            SignalKind::terminate(),
            SignalKind::interrupt(),
            SignalKind::hangup(),
            SignalKind::quit(),
            SignalKind::from_raw(libc::SIGTSTP),
            SignalKind::from_raw(libc::SIGCONT),
            SignalKind::window_change(),
        ];
        let mut v = Vec::new();
        for k in kinds {
            v.push((k.as_raw_value(), signal(k)?));
        }
        Ok(ScreenSignals(v))
    }

    /// The next signal's number.
    pub async fn recv(&mut self) -> i32 {
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
