//! The race core: lane counts, ranking rules, and lanes driven inline
//! (deterministic for a fixed seed).

use std::time::Duration;

use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_cube::simplify::simplify;
use cubetui_cube::{Alg, Cube};
use cubetui_run::race::{LaneResult, Race, RaceError, compare, rank, run_lane, run_lane_traced};
use cubetui_run::runner::{Command, Driver, Inline, Point, RunState, Speed, Update};

const SCRAMBLE: &str = "R U F";

fn start() -> Cube {
    Cube::solved().after(&SCRAMBLE.parse::<Alg>().unwrap())
}

fn result(preset: &str, solved: bool, htm: usize, cpu_ms: f64, energy: f64) -> LaneResult {
    LaneResult {
        rank: 0,
        preset: preset.into(),
        state: if solved { "solved" } else { "exhausted" }.into(),
        solved,
        htm,
        cpu_ms,
        steps: 1,
        step: "step".into(),
        energy,
        to_solved: None,
        solution: String::new(),
    }
}

#[test]
fn a_race_takes_two_to_six_known_distinct_presets() {
    let names = |n: usize| (0..n).map(|i| format!("p{i}")).collect::<Vec<_>>();
    for n in [0, 1, 7] {
        let e = Race::new(names(n), start().into(), 1).unwrap_err();
        assert!(matches!(e, RaceError::LaneCount(k) if k == n), "{e}");
        assert!(e.to_string().contains("2 to 6"), "{e}");
    }
    for n in 2..=6 {
        assert_eq!(
            Race::new(names(n), start().into(), 1)
                .unwrap()
                .lanes()
                .len(),
            n
        );
    }
    let e = Race::of_presets(crate::shipped(), &["mws", "nope"], start().into(), 1)
        .err()
        .unwrap();
    assert!(e.to_string().contains("unknown preset `nope`"), "{e}");
    let e = Race::of_presets(crate::shipped(), &["mws", "seed-003"], start().into(), 1)
        .err()
        .unwrap();
    assert!(
        matches!(e, RaceError::Duplicate(ref p) if p == "mws"),
        "{e}"
    );
}

#[test]
fn solved_first_then_shorter_then_less_cpu_time() {
    let ranked = rank(vec![
        result("unsolved-fast", false, 0, 1.0, 4.0),
        result("long", true, 30, 1.0, 0.0),
        result("short-slow", true, 20, 90.0, 0.0),
        result("short-fast", true, 20, 10.0, 0.0),
        result("unsolved-closer", false, 0, 50.0, 2.0),
    ]);
    let order: Vec<&str> = ranked.iter().map(|l| l.preset.as_str()).collect();
    assert_eq!(
        order,
        [
            "short-fast",
            "short-slow",
            "long",
            "unsolved-closer",
            "unsolved-fast"
        ]
    );
    assert_eq!(
        ranked.iter().map(|l| l.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    // Equal on every count: neither ranks first, and ranking keeps the order.
    let a = result("a", true, 20, 10.0, 0.0);
    let b = result("b", true, 20, 10.0, 0.0);
    assert_eq!(compare(&a, &b), std::cmp::Ordering::Equal);
    assert_eq!(rank(vec![b.clone(), a.clone()])[0].preset, "b");
}

/// Runs a race of real presets with one inline driver per lane; the
/// results and the finishing order.
fn inline_race(seed: u64) -> (Race, Vec<usize>) {
    let (mut race, solvers) = Race::of_presets(
        crate::shipped(),
        &["sa-pll-conj", "mws", "reference"],
        start().into(),
        seed,
    )
    .unwrap();
    let mut drivers: Vec<Inline> = solvers
        .into_iter()
        .map(|s| {
            let mut d = Inline::new(Speed::PerFrame(500));
            d.send(Command::Replace(Some(s), 1));
            d.send(Command::Start);
            d
        })
        .collect();
    for _ in 0..10_000 {
        if race.is_over() {
            break;
        }
        for (i, d) in drivers.iter_mut().enumerate() {
            d.frame();
            race.absorb(i, d.poll());
        }
    }
    assert!(race.is_over(), "the race did not end");
    let order = race.lanes().iter().map(|l| l.finished().unwrap()).collect();
    (race, order)
}

#[test]
fn inline_lanes_are_deterministic_and_their_solutions_replay() {
    let (a, order_a) = inline_race(1);
    let (b, order_b) = inline_race(1);
    assert_eq!(a.results(), b.results());
    assert_eq!(order_a, order_b);
    let results = a.results();
    assert_eq!(results.lanes.len(), 3);
    assert!(results.lanes.iter().all(|l| l.solved), "{results:?}");
    // Ranked by length (inline lanes have no CPU time to compare).
    let htm: Vec<usize> = results.lanes.iter().map(|l| l.htm).collect();
    assert!(htm.windows(2).all(|w| w[0] <= w[1]), "{htm:?}");
    for l in &results.lanes {
        let alg: Alg = l.solution.parse().unwrap();
        assert!(start().after(&alg).is_solved(), "{}", l.preset);
        assert_eq!(simplify(&alg).len(), l.htm);
    }
    // Every lane finished once, in some order, and shows its rank.
    let mut order = order_a.clone();
    order.sort();
    assert_eq!(order, [0, 1, 2]);
    for (i, l) in a.lanes().iter().enumerate() {
        let rank = a.rank_of(i).unwrap();
        let row = results
            .lanes
            .iter()
            .find(|r| r.preset == l.preset())
            .unwrap();
        assert_eq!(rank, row.rank);
    }
}

#[test]
fn points_are_placed_on_each_lanes_own_cpu_time() {
    let mut race = Race::new(vec!["a".into(), "b".into()], start().into(), 1).unwrap();
    let point = |iteration: u64, energy: f64| Point {
        iteration,
        energy,
        best: energy,
        values: vec![],
        to_solved: f64::NAN,
    };
    let mut u = Update::new(1, RunState::Running);
    u.points = vec![point(0, 40.0), point(50, 30.0), point(100, 20.0)];
    let (_, solvers) =
        Race::of_presets(crate::shipped(), &["mws", "reference"], start().into(), 1).unwrap();
    let mut snap = solvers[0].snapshot();
    snap.iteration = 100;
    u.snapshot = Some(snap);
    u.cpu = Duration::from_millis(200);
    race.absorb(0, u);
    assert_eq!(
        race.lanes()[0].points(),
        [(0.0, 40.0), (0.1, 30.0), (0.2, 20.0)]
    );
    assert!(race.lanes()[1].points().is_empty());
    assert_eq!(race.rank_of(0), None, "still running");
}

#[test]
fn run_lane_measures_cpu_time_and_stops_at_its_limit() {
    let (_, solvers) =
        Race::of_presets(crate::shipped(), &["reference", "ga"], start().into(), 1).unwrap();
    let done = run_lane(solvers.into_iter().next().unwrap(), None, None);
    assert_eq!(done.state, RunState::Solved);
    assert!(done.outcome.unwrap().solved);
    // The GA does not solve a random state in 20 ms of CPU: it is stopped there.
    let random = random_state(&mut rng_from_seed(1));
    let (_, solvers) =
        Race::of_presets(crate::shipped(), &["ga", "mws"], random.into(), 1).unwrap();
    let limited = run_lane(
        solvers.into_iter().next().unwrap(),
        Some(Duration::from_millis(20)),
        None,
    );
    assert_eq!(limited.state, RunState::Stopped);
    assert!(
        limited.cpu >= Duration::from_millis(20),
        "{:?}",
        limited.cpu
    );
}

#[test]
fn a_lanes_plot_is_thinned_without_losing_a_spike() {
    let mut race = Race::new(vec!["a".into(), "b".into()], start().into(), 1).unwrap();
    let (_, solvers) =
        Race::of_presets(crate::shipped(), &["mws", "reference"], start().into(), 1).unwrap();
    let n = 3 * cubetui_run::race::LANE_POINTS as u64;
    let spike = n / 3 + 1;
    for chunk in 0..n / 100 {
        let mut u = Update::new(1, RunState::Running);
        u.points = (chunk * 100..(chunk + 1) * 100)
            .map(|i| Point {
                iteration: i,
                energy: if i == spike {
                    99.0
                } else {
                    20.0 + (i % 3) as f64
                },
                best: 20.0,
                values: vec![],
                to_solved: f64::NAN,
            })
            .collect();
        let mut snap = solvers[0].snapshot();
        snap.iteration = (chunk + 1) * 100 - 1;
        u.snapshot = Some(snap);
        u.cpu = Duration::from_millis(chunk + 1);
        race.absorb(0, u);
    }
    let points = race.lanes()[0].points();
    assert!(
        points.len() <= cubetui_run::race::LANE_POINTS,
        "{}",
        points.len()
    );
    assert!(
        points.iter().any(|p| p.1 == 99.0),
        "the spike was thinned away"
    );
    assert!(points.windows(2).all(|w| w[0].0 <= w[1].0));
}

#[test]
fn a_traced_lane_takes_the_same_steps_and_reports_its_way_there() {
    let cube = random_state(&mut rng_from_seed(11));
    let presets = ["sa-pll-conj", "phases-sa", "reference"];
    let (_, plain) = Race::of_presets(crate::shipped(), &presets, cube.into(), 3).unwrap();
    let (mut race, traced) = Race::of_presets(crate::shipped(), &presets, cube.into(), 3).unwrap();
    for (i, (p, t)) in plain.into_iter().zip(traced).enumerate() {
        let one = run_lane(p, None, None);
        let many = run_lane_traced(t, None, None);
        let last = many.last().unwrap();
        // The same run: same end, same solution, same step count.
        assert_eq!(last.state, one.state, "{}", presets[i]);
        let (a, b) = (
            one.outcome.as_ref().unwrap(),
            last.outcome.as_ref().unwrap(),
        );
        assert_eq!(a.solution, b.solution, "{}", presets[i]);
        assert_eq!(
            one.snapshot.as_ref().unwrap().iteration,
            last.snapshot.as_ref().unwrap().iteration
        );
        // A start point, then points at growing CPU times, all running.
        assert!(many.len() >= 2);
        assert!(
            many[..many.len() - 1]
                .iter()
                .all(|u| u.state == RunState::Running)
        );
        assert!(many.windows(2).all(|w| w[0].cpu <= w[1].cpu));
        for u in many {
            race.absorb(i, u);
        }
        assert!(race.lanes()[i].track().best().points().len() >= 2);
    }
    assert!(race.is_over());
}
