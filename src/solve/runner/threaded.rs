//! The runner on its own std thread: commands over a channel, checked
//! between batches; updates coalesced in a mutex for the UI to take.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{Command, Core, Driver, FRAME, RunState, Speed, Update};

/// Runs the core on its own thread.
pub struct Runner {
    tx: Sender<Command>,
    shared: Arc<Mutex<Update>>,
    handle: Option<JoinHandle<()>>,
}

impl Runner {
    pub fn spawn(speed: Speed) -> Runner {
        let (tx, rx) = mpsc::channel();
        let shared = Arc::new(Mutex::new(Update::new(0, RunState::Idle)));
        let out = Arc::clone(&shared);
        let handle = std::thread::Builder::new()
            .name("solver".into())
            .spawn(move || thread_main(rx, out, Core::new(speed, true)))
            .expect("spawn solver thread");
        Runner {
            tx,
            shared,
            handle: Some(handle),
        }
    }

    /// Stops the thread and waits for it (it finishes its current batch).
    pub fn join(mut self) {
        let _ = self.tx.send(Command::Stop);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // Do not wait: a long step must not delay quitting.
        let _ = self.tx.send(Command::Stop);
    }
}

impl Driver for Runner {
    fn send(&mut self, cmd: Command) {
        let _ = self.tx.send(cmd);
    }
    fn poll(&mut self) -> Update {
        let mut g = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let epoch = g.epoch;
        let state = g.state;
        let elapsed = g.elapsed;
        let mut u = std::mem::replace(&mut *g, Update::new(epoch, state));
        g.elapsed = elapsed;
        u.state = state;
        drop(g);
        let died = self.handle.as_ref().is_some_and(|h| h.is_finished());
        if died && u.state != RunState::Stopped {
            // The solver panicked: say so once, as a stopped run.
            u.state = RunState::Stopped;
            u.error = Some("the solver thread stopped unexpectedly (a panic)".into());
            self.shared.lock().unwrap_or_else(|e| e.into_inner()).state = RunState::Stopped;
        }
        u
    }
}

fn publish(core: &mut Core, shared: &Mutex<Update>) {
    let u = core.take();
    let mut g = shared.lock().unwrap_or_else(|e| e.into_inner());
    g.merge(u);
}

/// How often an unthrottled run publishes.
const PUBLISH_EVERY: Duration = Duration::from_millis(16);

fn thread_main(rx: Receiver<Command>, shared: Arc<Mutex<Update>>, mut core: Core) {
    // Steps per batch, adapted so a batch takes 0.5-2 ms: commands are
    // checked between batches at any speed.
    let mut batch: u64 = 16;
    // Steps still to run in the current frame (throttled speeds).
    let mut owed: u64 = 0;
    let mut next_frame = Instant::now();
    let mut last_publish = Instant::now();
    loop {
        let running = core.state() == RunState::Running;
        let waiting = running && core.speed() != Speed::Unthrottled && owed == 0;
        let cmd = if !running {
            publish(&mut core, &shared);
            match rx.recv() {
                Ok(c) => Some(c),
                Err(_) => return,
            }
        } else {
            let now = Instant::now();
            let res = if waiting && now < next_frame {
                rx.recv_timeout(next_frame - now)
            } else {
                rx.try_recv().map_err(|e| match e {
                    TryRecvError::Empty => RecvTimeoutError::Timeout,
                    TryRecvError::Disconnected => RecvTimeoutError::Disconnected,
                })
            };
            match res {
                Ok(c) => Some(c),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        };
        if let Some(cmd) = cmd {
            let was_running = running;
            if !core.apply(cmd) {
                publish(&mut core, &shared);
                return;
            }
            if !was_running && core.state() == RunState::Running {
                owed = 0;
                next_frame = Instant::now();
            }
            continue;
        }
        let n = match core.speed() {
            Speed::PerFrame(per_frame) => {
                if owed == 0 {
                    // A new frame is due.
                    owed = per_frame;
                    next_frame += FRAME;
                    let now = Instant::now();
                    if next_frame < now {
                        next_frame = now;
                    }
                }
                owed.min(batch)
            }
            Speed::Unthrottled => batch,
        };
        let t = Instant::now();
        core.run(n);
        let dt = t.elapsed();
        if dt < Duration::from_micros(500) && batch < 1 << 24 {
            batch *= 2;
        } else if dt > Duration::from_millis(2) && batch > 1 {
            batch /= 2;
        }
        owed = owed.saturating_sub(n);
        let frame_done = core.speed() != Speed::Unthrottled && owed == 0;
        if frame_done || last_publish.elapsed() >= PUBLISH_EVERY {
            publish(&mut core, &shared);
            last_publish = Instant::now();
        }
    }
}
