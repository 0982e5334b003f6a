//! Reliability, third round: each test reproduces one failure of the probe
//! (the results a long run records, files that are what they claim, …).

mod tui_support;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cubetui::solve::preset;
use cubetui::solve::record::{Event, RunFile};
use cubetui::solve::runner::{Command, Driver, Inline, RunState, Speed, Update};
use cubetui::tui::app::App;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use tui_support::preset_choice;

/// A fresh directory of this test's own (removed when dropped).
struct Dir(PathBuf);

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn dir_named(name: &str) -> Dir {
    let d = std::env::temp_dir().join(format!("cubetui-rel3-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    Dir(d)
}

/// The inline driver, reporting the way the solver thread does on a long
/// run: a running solver's outcome only now and then (here: the first),
/// and, after a pause, still "running" while the paused run's outcome is
/// built (which takes `delay`), then paused with it.
struct SlowPause {
    inner: Inline,
    epoch: u64,
    until: Option<Instant>,
    seen: bool,
    delay: Duration,
}

impl Driver for SlowPause {
    fn send(&mut self, cmd: Command) {
        if matches!(cmd, Command::Pause) {
            self.until = Some(Instant::now() + self.delay);
        }
        self.inner.send(cmd);
    }
    fn poll(&mut self) -> Update {
        if self.until.is_some_and(|t| Instant::now() < t) {
            return Update::new(self.epoch, RunState::Running);
        }
        self.until = None;
        let mut u = self.inner.poll();
        if u.state == RunState::Running && u.epoch == self.epoch && self.seen {
            u.outcome = None;
        }
        self.seen |= u.outcome.is_some();
        self.epoch = u.epoch;
        u
    }
    fn frame(&mut self) {
        self.inner.frame();
    }
}

/// Item 1: quitting a recorded run whose solver takes a while to answer
/// the pause records the result at the step where the run stopped, not an
/// older outcome.
#[test]
fn the_result_recorded_on_quit_is_where_the_run_stopped() {
    let d = dir_named("quit");
    let path = d.0.join("q.jsonl");
    let all: Vec<_> = preset::all()
        .into_iter()
        .filter(|p| p.fits(3))
        .map(|p| preset_choice(&p.name, p.description))
        .collect();
    let i = all.iter().position(|c| c.preset == "sa-pll-conj").unwrap();
    let driver = SlowPause {
        inner: Inline::new(Speed::PerFrame(1)),
        epoch: 0,
        until: None,
        seen: false,
        delay: Duration::from_millis(1500),
    };
    let mut app = App::new(all, i, 5, Box::new(driver));
    app.record_to(path.clone()).unwrap();
    update(&mut app, Action::Scramble);
    update(&mut app, Action::StartPause);
    for _ in 0..300 {
        update(&mut app, Action::Tick);
    }
    assert_eq!(app.state(), RunState::Running);
    app.end_recording();
    let file = RunFile::parse(&std::fs::read(&path).unwrap()).unwrap();
    let last = file
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Point { step, .. } => Some(*step),
            _ => None,
        })
        .max()
        .unwrap();
    let result = file.result.expect("a result");
    assert!(result.interrupted);
    assert_eq!(result.steps, last, "the result is at the run's last step");
}
