//! The runner: commands between step batches, coalesced updates, no lost
//! points, marks or errors, prompt quitting, dead-solver detection.

use crate::tui_support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui_cube::{Alg, Cube};
use cubetui_run::runner::{Command, Driver, Inline, Limits, RunState, Runner, Speed, Update};
use cubetui_solve::Solver;
use tui_support::Toy;
use tui_support::solvers::{
    Blocked, Broken, DIP, HIGH, LOW, PHASE, SPIKE, Scripted, Slow, energy_at,
};

const SCRAMBLE: &str = "R U F' L2 D B R' U2 F L D' B2 R U' F2 L' D2 B' R2 U";

fn toy() -> Box<Toy> {
    let alg: Alg = SCRAMBLE.parse().unwrap();
    Box::new(Toy::new(Cube::solved().after(&alg), &alg))
}

#[test]
fn inline_replace_start_and_solve() {
    let mut d = Inline::new(Speed::PerFrame(3));
    d.send(Command::Replace(Some(toy()), 7));
    let u = d.poll();
    assert_eq!(u.epoch, 7);
    assert_eq!(u.state, RunState::Idle);
    assert_eq!(u.points.len(), 1);
    assert_eq!(
        u.generators.as_deref(),
        Some(&["faces".to_string(), "pll".into()][..])
    );
    assert!(u.snapshot.is_some());

    d.send(Command::Start);
    let mut iterations = vec![];
    for _ in 0..20 {
        d.frame();
        iterations.extend(d.poll().points.iter().map(|p| p.iteration));
    }
    // 20 moves at 3 per frame: 7 frames, then solved and idle frames add nothing.
    assert_eq!(iterations, vec![3, 6, 9, 12, 15, 18, 20]);
    let u = d.poll();
    assert_eq!(u.state, RunState::Solved);
    d.send(Command::Start);
    assert_eq!(
        d.poll().state,
        RunState::Solved,
        "a solved run does not restart"
    );
}

#[test]
fn inline_step_pause_and_generator() {
    let mut d = Inline::new(Speed::PerFrame(100));
    d.send(Command::Replace(Some(toy()), 1));
    d.poll();
    d.send(Command::Step(1));
    let u = d.poll();
    assert_eq!(u.state, RunState::Paused);
    assert_eq!(u.snapshot.unwrap().iteration, 1);
    d.frame();
    assert!(d.poll().points.is_empty(), "paused: frames do nothing");

    d.send(Command::Generator("pll".into()));
    let u = d.poll();
    assert_eq!(u.marks.len(), 1);
    assert_eq!(u.marks[0].iteration, 1);
    assert_eq!(u.marks[0].label, "generator → pll");
    assert_eq!(u.snapshot.unwrap().generator.as_deref(), Some("pll"));

    d.send(Command::Generator("nope".into()));
    let u = d.poll();
    assert!(u.marks.is_empty());
    assert!(u.error.unwrap().contains("nope"));
}

#[test]
fn inline_replace_resets_everything() {
    let mut d = Inline::new(Speed::PerFrame(100));
    d.send(Command::Replace(Some(toy()), 1));
    d.send(Command::Start);
    d.frame();
    d.send(Command::Replace(Some(toy()), 2));
    let u = d.poll();
    assert_eq!(u.epoch, 2);
    assert_eq!(u.state, RunState::Idle);
    assert_eq!(
        u.points.iter().map(|p| p.iteration).collect::<Vec<_>>(),
        vec![0]
    );
    d.send(Command::Replace(None, 3));
    d.send(Command::Start);
    assert_eq!(d.poll().state, RunState::Idle, "no solver: nothing starts");
}

/// Polls until `pred` holds, collecting every update (fails after 20 s).
fn poll_until(r: &mut Runner, all: &mut Vec<Update>, pred: impl Fn(&Update) -> bool) {
    let t = Instant::now();
    loop {
        let u = r.poll();
        let done = pred(&u);
        all.push(u);
        if done {
            return;
        }
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "runner did not get there"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn runner_loses_no_points() {
    let mut r = Runner::spawn(Speed::PerFrame(5));
    r.send(Command::Replace(Some(toy()), 1));
    r.send(Command::Start);
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| u.state == RunState::Solved);
    let its: Vec<u64> = all
        .iter()
        .filter(|u| u.epoch == 1)
        .flat_map(|u| u.points.iter().map(|p| p.iteration))
        .collect();
    assert_eq!(its, vec![0, 5, 10, 15, 20]);
    let outcome = all.iter().rev().find_map(|u| u.outcome.clone()).unwrap();
    assert!(outcome.solved);
    assert_eq!(
        outcome.solution.to_string(),
        SCRAMBLE.parse::<Alg>().unwrap().inverse().to_string()
    );
    drop(r);
}

#[test]
fn runner_pauses_and_steps() {
    let alg: Alg = "(R U)100".parse().unwrap();
    let toy = Box::new(Toy::new(Cube::solved().after(&alg), &alg));
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(toy), 1));
    r.send(Command::Start);
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| {
        u.points.iter().any(|p| p.iteration >= 2)
    });
    r.send(Command::Pause);
    poll_until(&mut r, &mut all, |u| u.state == RunState::Paused);
    let last = |all: &Vec<Update>| {
        all.iter()
            .flat_map(|u| u.points.iter().map(|p| p.iteration))
            .max()
            .unwrap()
    };
    let paused_at = last(&all);
    r.send(Command::Step(1));
    poll_until(&mut r, &mut all, |u| !u.points.is_empty());
    assert_eq!(last(&all), paused_at + 1, "one step while paused");
    r.send(Command::Speed(Speed::Unthrottled));
    r.send(Command::Start);
    poll_until(&mut r, &mut all, |u| u.state == RunState::Solved);
    assert_eq!(last(&all), 200);
    drop(r);
}

#[test]
fn a_panicking_solver_is_reported_as_stopped() {
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(Box::new(Broken)), 1));
    r.send(Command::Start);
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| u.state == RunState::Stopped);
    let err = all.iter().find_map(|u| u.error.clone()).unwrap();
    assert!(err.contains("unexpectedly"), "{err}");
    assert_eq!(r.poll().error, None, "reported once");
}

#[test]
fn a_big_frame_is_split_so_pause_lands_inside_it() {
    // 100 000 slow steps per frame would take 10 s in one batch.
    let mut r = Runner::spawn(Speed::PerFrame(100_000));
    r.send(Command::Replace(Some(Box::new(Slow(0))), 1));
    r.send(Command::Start);
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| {
        u.points.iter().any(|p| p.iteration > 0)
    });
    r.send(Command::Pause);
    poll_until(&mut r, &mut all, |u| u.state == RunState::Paused);
    let last = all
        .iter()
        .flat_map(|u| u.points.iter().map(|p| p.iteration))
        .max()
        .unwrap();
    assert!(last < 100_000, "paused mid-frame at {last}");
    drop(r);
}

#[test]
fn inline_phase_changes_are_marked() {
    let mut d = Inline::new(Speed::PerFrame(1));
    d.send(Command::Replace(
        Some(Box::new(Scripted::new(3 * PHASE))),
        1,
    ));
    assert!(d.poll().marks.is_empty(), "the first phase is not a change");
    d.send(Command::Start);
    let mut marks = vec![];
    for _ in 0..3 * PHASE + 5 {
        d.frame();
        marks.extend(d.poll().marks);
    }
    let got: Vec<(u64, &str)> = marks
        .iter()
        .map(|m| (m.iteration, m.label.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            (PHASE, "phase 1"),
            (2 * PHASE, "phase 2"),
            (3 * PHASE, "phase 3")
        ]
    );
}

#[test]
fn runner_switches_generators_and_reports_errors() {
    let alg: Alg = "(R U)100".parse().unwrap();
    let toy = Box::new(Toy::new(Cube::solved().after(&alg), &alg));
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(toy), 1));
    r.send(Command::Step(3));
    r.send(Command::Generator("pll".into()));
    r.send(Command::Generator("nope".into()));
    r.send(Command::Generator("bad".into()));
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| u.error.is_some());
    let marks: Vec<_> = all.iter().flat_map(|u| u.marks.clone()).collect();
    assert_eq!(marks.len(), 1);
    assert_eq!(
        (marks[0].iteration, marks[0].label.as_str()),
        (3, "generator → pll")
    );
    let errors: Vec<_> = all.iter().filter_map(|u| u.error.clone()).collect();
    assert_eq!(errors.len(), 1, "both errors in one update: {errors:?}");
    assert!(
        errors[0].contains("nope") && errors[0].contains("bad"),
        "{errors:?}"
    );
}

/// Starts `solver` unthrottled on a runner with small buffers and reads
/// nothing until it is done, then everything up to its last iteration.
fn run_unread(end: u64, solver: Scripted) -> Vec<Update> {
    let done = Arc::clone(&solver.done);
    let limits = Limits {
        channel: 2,
        pending: 4096,
    };
    let mut r = Runner::spawn_with(Speed::Unthrottled, limits);
    r.send(Command::Replace(Some(Box::new(solver)), 1));
    r.send(Command::Start);
    let t = Instant::now();
    while !done.load(Ordering::SeqCst) {
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "solver did not finish"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| {
        u.points.iter().any(|p| p.iteration == end)
    });
    all
}

#[test]
fn a_reader_that_lags_still_sees_every_spike_and_dip() {
    let end = 100_000;
    let all = run_unread(end, Scripted::new(end));
    let points: Vec<_> = all.iter().flat_map(|u| u.points.clone()).collect();
    assert!(
        points.windows(2).all(|w| w[0].iteration < w[1].iteration),
        "in order, no repeats"
    );
    assert!(
        points.len() < end as usize / 2,
        "the reader lagged, so points were thinned ({} kept)",
        points.len()
    );
    for p in &points {
        assert_eq!(p.energy, energy_at(p.iteration), "a real point");
    }
    let spikes: Vec<u64> = points
        .iter()
        .filter(|p| p.energy == HIGH)
        .map(|p| p.iteration)
        .collect();
    let want: Vec<u64> = (1..=end).filter(|i| i.is_multiple_of(SPIKE)).collect();
    assert_eq!(spikes, want, "every spike kept");
    let dips: Vec<u64> = points
        .iter()
        .filter(|p| p.energy == LOW)
        .map(|p| p.iteration)
        .collect();
    let want: Vec<u64> = (1..=end)
        .filter(|i| i.is_multiple_of(DIP) && !i.is_multiple_of(SPIKE))
        .collect();
    assert_eq!(dips, want, "every dip kept");
}

#[test]
fn a_reader_that_lags_still_gets_every_mark() {
    let end = 60_000;
    let all = run_unread(end, Scripted::new(end));
    let marks: Vec<(u64, String)> = all
        .iter()
        .flat_map(|u| u.marks.iter().map(|m| (m.iteration, m.label.clone())))
        .collect();
    let want: Vec<(u64, String)> = (1..=end / PHASE)
        .map(|k| (k * PHASE, format!("phase {k}")))
        .collect();
    assert_eq!(marks, want);
}

/// Waits (up to 20 s) until `flag` is set, calling `meanwhile` each time.
fn wait_for(flag: &AtomicBool, mut meanwhile: impl FnMut()) {
    let t = Instant::now();
    while !flag.load(Ordering::SeqCst) {
        assert!(t.elapsed() < Duration::from_secs(20), "step not entered");
        meanwhile();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn dropping_the_runner_does_not_wait_for_a_step() {
    let entered = Arc::new(AtomicBool::new(false));
    let mut r = Runner::spawn(Speed::Unthrottled);
    let solver = Blocked::new(Arc::clone(&entered));
    r.send(Command::Replace(Some(Box::new(solver)), 1));
    r.send(Command::Start);
    wait_for(&entered, || {});
    // The step never returns; polling and dropping must not wait for it.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let state = r.poll().state;
        r.send(Command::Pause);
        drop(r);
        tx.send(state).unwrap();
    });
    let state = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("poll and drop returned while the step was still running");
    assert_eq!(state, RunState::Running);
}

#[test]
fn quitting_the_app_does_not_wait_for_a_step() {
    let entered = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&entered);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let choice = Choice {
            preset: "blocked".into(),
            solver: "blocked".into(),
            description: "a solver whose first step never returns".into(),
            build: Box::new(move |_, _| {
                Ok(Box::new(Blocked::new(Arc::clone(&flag))) as Box<dyn Solver>)
            }),
        };
        let runner = Runner::spawn(Speed::PerFrame(1));
        let mut app = App::new(vec![choice], 0, 1, Box::new(runner));
        update(&mut app, Action::StartPause);
        wait_for(&entered, || update(&mut app, Action::Tick));
        update(&mut app, Action::Quit);
        let quit = app.quit() && app.failure().is_none();
        drop(app);
        tx.send(quit).unwrap();
    });
    let quit = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("quitting returned while the step was still running");
    assert!(quit, "quit cleanly");
}

#[test]
fn a_dead_solver_stops_the_app_with_a_message() {
    let choice = Choice {
        preset: "broken".into(),
        solver: "broken".into(),
        description: "a solver whose step panics".into(),
        build: Box::new(|_, _| Ok(Box::new(Broken) as Box<dyn Solver>)),
    };
    let mut app = App::new(
        vec![choice],
        0,
        1,
        Box::new(Runner::spawn(Speed::PerFrame(1))),
    );
    update(&mut app, Action::StartPause);
    let t = Instant::now();
    while !app.quit() {
        assert!(t.elapsed() < Duration::from_secs(20), "death not noticed");
        update(&mut app, Action::Tick);
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(app.state(), RunState::Stopped);
    let why = app.failure().expect("a failure, not a quit");
    assert!(why.contains("unexpectedly"), "{why}");
}

#[test]
fn wait_wakes_for_news_and_not_otherwise() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    // With the tables in memory the start state's moves to solved, measured
    // on another thread, is news too.
    cubetui_solve::reference::cache::tables();
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(toy()), 1));
    let (mut epoch, mut generators, mut profile) = (0, None, None);
    let mut measured = false;
    while epoch != 1 || generators.is_none() || profile.is_none() || !measured {
        rt.block_on(async {
            tokio::time::timeout(Duration::from_secs(20), r.wait())
                .await
                .expect("the replace is news");
        });
        let u = r.poll();
        epoch = u.epoch;
        generators = generators.or(u.generators);
        profile = profile.or(u.profile);
        measured |= u.points.iter().any(|p| !p.to_solved.is_nan());
    }
    assert_eq!(
        profile.map(|p| p.step),
        Some("toy step"),
        "the profile arrives"
    );
    // Idle, all read: nothing more comes.
    let quiet = rt.block_on(async {
        tokio::time::timeout(Duration::from_millis(200), r.wait())
            .await
            .is_err()
    });
    assert!(quiet, "woke with nothing new: {:?}", r.poll());
}

/// A solver whose steps burn CPU (never finishes).
struct Busy(u64);

impl Solver for Busy {
    fn profile(&self) -> cubetui_solve::Profile {
        Slow(0).profile()
    }
    fn step(&mut self, n: u64) -> cubetui_solve::Status {
        for _ in 0..n {
            let mut x = self.0;
            for i in 0..20_000u64 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
            }
            std::hint::black_box(x);
            self.0 += 1;
        }
        cubetui_solve::Status::Running
    }
    fn status(&self) -> cubetui_solve::Status {
        cubetui_solve::Status::Running
    }
    fn snapshot(&self) -> cubetui_solve::Snapshot {
        let mut s = Slow(self.0).snapshot();
        s.iteration = self.0;
        s
    }
    fn outcome(&self) -> cubetui_solve::Outcome {
        Slow(0).outcome()
    }
}

/// Runs `solver` unthrottled until it has taken `steps` steps; the last update.
fn run_to(solver: Box<dyn Solver>, steps: u64) -> Update {
    let mut r = Runner::spawn(Speed::Unthrottled);
    r.send(Command::Replace(Some(solver), 1));
    r.send(Command::Start);
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| {
        u.snapshot.as_ref().is_some_and(|s| s.iteration >= steps)
    });
    all.pop().unwrap()
}

#[test]
fn the_runner_reports_the_solver_threads_cpu_time() {
    let busy = run_to(Box::new(Busy(0)), 200);
    assert!(busy.cpu > Duration::ZERO, "{:?}", busy.cpu);
    assert!(busy.cpu <= busy.elapsed + Duration::from_millis(50));
    // A solver that sleeps through its steps runs for a while but uses
    // (almost) no CPU: the time is the thread's, not the wall's.
    let sleepy = run_to(Box::new(Slow(0)), 500);
    assert!(sleepy.elapsed >= Duration::from_millis(50), "{sleepy:?}");
    assert!(
        sleepy.cpu < sleepy.elapsed / 2,
        "{:?} {:?}",
        sleepy.cpu,
        sleepy.elapsed
    );
    // The inline driver has no thread of its own to measure.
    let mut d = Inline::new(Speed::PerFrame(10));
    d.send(Command::Replace(Some(Box::new(Busy(0))), 1));
    d.send(Command::Start);
    d.frame();
    assert_eq!(d.poll().cpu, Duration::ZERO);
}

/// Every point's moves to solved, frame by frame, of the toy run on the
/// scramble by an inline driver that measures it.
fn measured_run(frames: usize) -> Vec<f64> {
    let mut d = Inline::new(Speed::PerFrame(1)).with_measure();
    d.send(Command::Replace(Some(toy()), 1));
    d.send(Command::Start);
    let mut out: Vec<f64> = d.poll().points.iter().map(|p| p.to_solved).collect();
    for _ in 0..frames {
        d.frame();
        out.extend(d.poll().points.iter().map(|p| p.to_solved));
    }
    out
}

#[test]
fn moves_to_solved_is_zero_once_the_best_state_is_solved() {
    // Without the tables too: a solved best needs no search.
    let all = measured_run(25);
    assert_eq!(all.last(), Some(&0.0), "{all:?}");
    // The plain inline driver does not measure.
    let mut d = Inline::new(Speed::PerFrame(1));
    d.send(Command::Replace(Some(toy()), 1));
    assert!(d.poll().points.iter().all(|p| p.to_solved.is_nan()));
}

#[test]
fn moves_to_solved_appears_within_some_frames_once_the_tables_are_there() {
    cubetui_solve::reference::cache::tables();
    let all = measured_run(19);
    // The scramble's 20 moves are undone one per frame: the start state is
    // searched in slices every few frames until a length is known.
    let first = all
        .iter()
        .position(|v| !v.is_nan())
        .expect("a length within 19 frames");
    assert!(first <= 12, "known only at point {first}: {all:?}");
    let v = all[first];
    assert!((10.0..=30.0).contains(&v), "{v}");
    // Deterministic: node budgets, not the clock.
    assert_eq!(
        format!("{all:?}"),
        format!("{:?}", measured_run(19)),
        "the same points twice"
    );
    // Once known it stays known (the last length stands between searches).
    assert!(all[first..].iter().all(|v| !v.is_nan()), "{all:?}");
}

#[test]
fn the_track_folds_moves_to_solved_without_the_unknown_points() {
    use cubetui_run::runner::{Axis, Point, Track};
    let point = |iteration: u64, to_solved: f64| Point {
        iteration,
        energy: 10.0,
        best: 10.0,
        values: vec![],
        to_solved,
    };
    let mut u = Update::new(1, RunState::Running);
    u.points = vec![point(0, f64::NAN), point(5, 18.0), point(9, 17.0)];
    let mut t = Track::new(Axis::Steps, 64);
    t.absorb(u);
    assert_eq!(t.to_solved().points(), [(5.0, 18.0), (9.0, 17.0)]);
    assert_eq!(t.latest_to_solved(), Some(17.0));
    let mut u = Update::new(1, RunState::Running);
    u.points = vec![point(12, f64::NAN)];
    t.absorb(u);
    assert_eq!(t.latest_to_solved(), None, "unknown again: no guess");
}

#[test]
fn a_paused_runner_shows_moves_to_solved_once_its_thread_measured_it() {
    cubetui_solve::reference::cache::tables();
    let mut r = Runner::spawn(Speed::PerFrame(1));
    r.send(Command::Replace(Some(toy()), 1));
    // One step while paused: nothing runs after it, yet the measure of
    // the best state (searched on another thread) reaches the reader.
    r.send(Command::Step(1));
    let mut all = vec![];
    poll_until(&mut r, &mut all, |u| {
        u.points.iter().any(|p| !p.to_solved.is_nan())
    });
    assert!(all.iter().all(|u| u.state != RunState::Running));
    let v = all
        .iter()
        .flat_map(|u| &u.points)
        .find(|p| !p.to_solved.is_nan())
        .map(|p| p.to_solved);
    assert!(v.is_some_and(|v| (10.0..=30.0).contains(&v)), "{v:?}");
}
