//! The phase solvers (`phases-*`, `mws`) name a measure
//! for the main plot in their profile (the phase's fitness, the phase's
//! gap), whose best never rises within a phase; a new phase starts afresh.

use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_solve::{MainRole, Solver, Status};

/// Steps `name` from a random state one step at a time (at most `steps`)
/// and returns, per step, the phase label, the main plot's best and its
/// current value.
fn trace(name: &str, seed: u64, steps: u64) -> Vec<(String, f64, f64)> {
    let start = random_state(&mut rng_from_seed(seed));
    let mut s: Box<dyn Solver> = crate::shipped()
        .get(name)
        .unwrap()
        .build(start, seed)
        .unwrap();
    let profile = s.profile();
    let best = profile.main(MainRole::Best).expect("a main measure");
    let current = profile.main(MainRole::Current).expect("a current value");
    assert_ne!(best, current);
    assert!(
        !profile.series[current].status_row,
        "{name}: current is no row"
    );
    let mut out = Vec::new();
    for _ in 0..steps {
        let status = s.step(1);
        let snap = s.snapshot();
        out.push((
            snap.phase.clone().unwrap(),
            snap.values[best],
            snap.values[current],
        ));
        if status != Status::Running {
            break;
        }
    }
    out
}

#[test]
fn the_main_measure_never_rises_within_a_phase() {
    for (name, steps) in [
        ("phases-es", 400),
        ("phases-ga", 400),
        ("phases-sa", 200_000),
        ("mws", 400),
    ] {
        let t = trace(name, 5, steps);
        let mut phases = 1;
        for w in t.windows(2) {
            let ((p0, b0, _), (p1, b1, c1)) = (&w[0], &w[1]);
            assert!(b1 <= c1, "{name}: best {b1} above current {c1}");
            if p0 == p1 {
                assert!(b1 <= b0, "{name} in {p0}: best rose {b0} → {b1}");
            } else {
                phases += 1;
            }
        }
        assert!(phases >= 2, "{name}: the trace crosses a phase change");
    }
}
