//! `sa-short` under a caller's limit ([`Solver::step_within`]): a limit
//! ends a sweep after the proposal it comes in (not after the sweep's
//! thousand, which take seconds on big cubes), and a run whose steps are
//! cut anywhere (its set-up's waits too) and resumed draws exactly what the
//! run never cut draws.

use std::cell::Cell;

use cubetui_solve::api::{Outcome, Solver, Status};
use cubetui_solve::short::{ShortParams, build_nxn};

use crate::sa_short::scrambled;

fn small() -> ShortParams {
    ShortParams {
        max_steps: 20_000,
        ..ShortParams::default()
    }
}

fn proposals(s: &dyn Solver) -> u64 {
    s.outcome().extra["proposals"].as_u64().unwrap()
}

#[test]
fn a_limit_ends_the_sweep_after_one_proposal() {
    for n in [4, 6] {
        let mut s = build_nxn(&small(), &scrambled(n, 3), 1).unwrap();
        // Seeding and set-up make no proposal; the first sweep does.
        while proposals(s.as_ref()) == 0 {
            assert_eq!(s.step(1), Status::Running, "{n}");
        }
        let before = proposals(s.as_ref());
        assert_eq!(before % 1000, 0, "{n}: whole sweeps so far");
        assert_eq!(s.step_within(1, &|| true), Status::Running, "{n}");
        assert_eq!(proposals(s.as_ref()), before + 1, "{n}");
        // Without a limit a step is a sweep again.
        s.step(1);
        assert_eq!(proposals(s.as_ref()), before + 1001, "{n}");
    }
}

/// Runs to the end, every `every`-th look at the limit saying stop (0:
/// never); how many steps it took.
fn run_cut(n: usize, every: u64) -> (Outcome, u64) {
    let mut s = build_nxn(&small(), &scrambled(n, n as u64), 7).unwrap();
    let looks = Cell::new(0u64);
    let halt = || {
        looks.set(looks.get() + 1);
        every > 0 && looks.get().is_multiple_of(every)
    };
    let mut steps = 0u64;
    while s.step_within(1, &halt) == Status::Running {
        steps += 1;
        assert!(steps < 10_000_000, "{n}: no progress");
    }
    (s.outcome(), steps)
}

#[test]
fn a_run_cut_anywhere_and_resumed_is_the_run_never_cut() {
    for n in [4, 5] {
        let (whole, whole_steps) = run_cut(n, 0);
        for every in [2, 37] {
            let (cut, steps) = run_cut(n, every);
            assert!(steps > whole_steps, "{n}/{every}: the limit cut no step");
            assert_eq!(cut.solution, whole.solution, "{n}/{every}");
            for key in ["proposals", "accepted", "completions", "start_length"] {
                assert_eq!(cut.extra[key], whole.extra[key], "{n}/{every}: {key}");
            }
        }
    }
}
