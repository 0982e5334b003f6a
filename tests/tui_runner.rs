//! The runner: commands between step batches, coalesced updates, no lost points.

mod tui_support;

use std::time::{Duration, Instant};

use cubetui::cube::{Alg, Cube};
use cubetui::solve::runner::{Command, Driver, Inline, RunState, Runner, Speed, Update};
use tui_support::Toy;

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
    assert_eq!(u.marks[0].label, "pll");
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
fn threaded_runner_loses_no_points() {
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
    r.join();
}

#[test]
fn threaded_runner_pauses_and_steps() {
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
    r.join();
}

/// A solver whose step panics.
struct Broken;

impl cubetui::solve::Solver for Broken {
    fn profile(&self) -> cubetui::solve::Profile {
        cubetui::solve::Solver::profile(&*toy())
    }
    fn step(&mut self, _n: u64) -> cubetui::solve::Status {
        panic!("broken solver (expected by the test)");
    }
    fn status(&self) -> cubetui::solve::Status {
        cubetui::solve::Status::Running
    }
    fn snapshot(&self) -> cubetui::solve::Snapshot {
        cubetui::solve::Solver::snapshot(&*toy())
    }
    fn outcome(&self) -> cubetui::solve::Outcome {
        cubetui::solve::Solver::outcome(&*toy())
    }
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

/// A solver whose steps are slow (100 µs each) and never finish.
struct Slow(u64);

impl cubetui::solve::Solver for Slow {
    fn profile(&self) -> cubetui::solve::Profile {
        cubetui::solve::Solver::profile(&*toy())
    }
    fn step(&mut self, n: u64) -> cubetui::solve::Status {
        for _ in 0..n {
            std::thread::sleep(Duration::from_micros(100));
            self.0 += 1;
        }
        cubetui::solve::Status::Running
    }
    fn status(&self) -> cubetui::solve::Status {
        cubetui::solve::Status::Running
    }
    fn snapshot(&self) -> cubetui::solve::Snapshot {
        let mut s = cubetui::solve::Solver::snapshot(&*toy());
        s.iteration = self.0;
        s
    }
    fn outcome(&self) -> cubetui::solve::Outcome {
        cubetui::solve::Solver::outcome(&*toy())
    }
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
    r.join();
}
