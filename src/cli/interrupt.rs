//! Ctrl-C for long headless runs: the first one raises a flag the run checks
//! between step batches (so it can finish cleanly and report); a second one
//! exits at once with code 130.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::exit::EXIT_INTERRUPTED;

/// Installs the Ctrl-C handler and returns the flag it raises; the handler is
/// in place when this returns. Should it fail to start, Ctrl-C keeps its
/// default effect (the process ends) and the flag is never raised.
pub fn install() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    let Ok(runtime) = cubetui_run::runner::runtime() else {
        return flag;
    };
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("ctrl-c".into())
        .spawn(move || {
            runtime.block_on(async move {
                let mut first = std::pin::pin!(tokio::signal::ctrl_c());
                // The first poll registers the handler.
                let polled = futures::poll!(first.as_mut());
                let _ = ready_tx.send(());
                let got = match polled {
                    std::task::Poll::Ready(r) => r,
                    std::task::Poll::Pending => first.await,
                };
                if got.is_err() {
                    return;
                }
                raised.store(true, Ordering::SeqCst);
                if tokio::signal::ctrl_c().await.is_ok() {
                    cubetui_solve::reference::cache::remove_temp();
                    std::process::exit(i32::from(EXIT_INTERRUPTED));
                }
            });
        });
    if spawned.is_ok() {
        let _ = ready_rx.recv_timeout(Duration::from_secs(5));
    }
    flag
}
