//! Live parameters, through the [`Solver`] API every
//! screen uses: for every preset, any sequence of changes — valid or not —
//! keeps every live value inside its declared range, a refused change leaves
//! the run going, and two seeded runs with the same changes at the same steps
//! end alike. Plus the phase solvers' rule: only the running phase's keys.

use cubetui_cube::{Alg, Cube, CubieCube};
use cubetui_solve::params::{self, Kind, ParamSpec, Scale};
use cubetui_solve::phases::Thistlethwaite;
use cubetui_solve::phases::ga::{Ga, GaPhase};
use cubetui_solve::phases::sa::{Sa, SaPhase};
use cubetui_solve::phases::search::PhaseSearch;
use cubetui_solve::{Solver, SolverConfig, Status};
use proptest::prelude::*;

fn start() -> Cube {
    Cube::solved().after(&"R U F' L2 D B R2 U' F D2 L".parse::<Alg>().unwrap())
}

/// One change: after `steps` steps, set the `key`-th declared key (or a key
/// no solver has) to a value drawn by `draw`.
#[derive(Clone, Debug)]
struct Change {
    steps: u64,
    key: usize,
    draw: Draw,
}

/// How a value is drawn relative to the key's declared range.
#[derive(Clone, Debug)]
enum Draw {
    /// A fraction of the way through the range (log-spaced on log scales).
    Inside(f64),
    /// Just outside (below when true).
    Outside(bool),
    /// A number regardless of the range.
    Raw(f64),
}

fn change() -> impl Strategy<Value = Change> {
    let draw = prop_oneof![
        4 => (0.0..=1.0f64).prop_map(Draw::Inside),
        1 => any::<bool>().prop_map(Draw::Outside),
        1 => prop_oneof![
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(-1.0),
            Just(0.0),
            Just(2.5),
            Just(1e12)
        ]
        .prop_map(Draw::Raw),
    ];
    (0..4u64, 0..64usize, draw).prop_map(|(steps, key, draw)| Change { steps, key, draw })
}

/// The value `d` stands for on `spec`. Large populations are kept small
/// enough that a generation stays quick (the range's low end, log-spaced).
fn value(spec: &ParamSpec, d: &Draw) -> f64 {
    let (min, max) = match spec.kind {
        Kind::Int { min, max } => (min as f64, (max as f64).min(min as f64 * 1e3 + 400.0)),
        Kind::Float { min, max } => (min, max),
        _ => (0.0, 1.0),
    };
    match *d {
        Draw::Inside(u) if spec.scale == Scale::Log && min > 0.0 => {
            (min.ln() + u * (max.ln() - min.ln())).exp()
        }
        Draw::Inside(u) => min + u * (max - min),
        Draw::Outside(true) => match spec.kind {
            Kind::Int { min, .. } => min as f64 - 1.0,
            Kind::Float { min, .. } => min.next_down(),
            _ => -1.0,
        },
        Draw::Outside(false) => match spec.kind {
            Kind::Int { max, .. } => max as f64 * 2.0 + 2.0,
            Kind::Float { max, .. } => max.next_up(),
            _ => 2.0,
        },
        Draw::Raw(v) => v,
    }
}

/// Runs preset `name` with `changes`; checks every live value after each
/// change and step; returns what the run did, for comparing two runs.
fn run(name: &str, changes: &[Change]) -> Result<String, TestCaseError> {
    let cfg = crate::shipped().get(name).unwrap();
    let declared = cfg.params();
    let mut s = cfg.build(start(), 7).unwrap();
    let mut log = String::new();
    let check = |s: &dyn Solver, what: &str| -> Result<(), TestCaseError> {
        for (key, v) in s.live_values() {
            let spec = params::find(declared, &key);
            prop_assert!(
                spec.is_some_and(|sp| sp.live),
                "{}: live value `{}` not declared live",
                name,
                key
            );
            let r = params::within(declared, &key, v);
            prop_assert!(r.is_ok(), "{}: {} after {}: {:?}", name, key, what, r);
        }
        Ok(())
    };
    check(s.as_ref(), "the build")?;
    for c in changes {
        if s.status() == Status::Running {
            s.step(c.steps);
        }
        let (key, v) = match declared.get(c.key % (declared.len() + 1)) {
            Some(spec) => (spec.key.clone(), value(spec, &c.draw)),
            None => ("no_such_key".to_string(), 1.0),
        };
        let before = s.snapshot().iteration;
        let status = s.status();
        match s.set_param(&key, v) {
            Ok(()) => {
                let spec = params::find(declared, &key).unwrap();
                prop_assert!(spec.live, "{}: `{}` accepted but not live", name, key);
                let now = s.live_values();
                let got = now.iter().find(|(k, _)| *k == key).map(|p| p.1);
                let want = spec.check_number(v).ok();
                prop_assert_eq!(got, want, "{}: {} = {} not what is live now", name, key, v);
            }
            Err(e) => {
                let e = e.to_string();
                prop_assert!(e.contains(&format!("`{key}`")), "{}: {}", name, e);
            }
        }
        prop_assert_eq!(s.snapshot().iteration, before, "a change is not a step");
        prop_assert_eq!(s.status(), status, "a change keeps the run's status");
        check(s.as_ref(), &format!("{key} = {v}"))?;
        log.push_str(&format!("{key}={v}:{:?};", s.live_values()));
    }
    if s.status() == Status::Running {
        s.step(3);
    }
    check(s.as_ref(), "the last steps")?;
    let o = s.outcome();
    Ok(format!(
        "{log} {} {} {} {}",
        o.solution, o.energy, o.iterations, o.solved
    ))
}

/// Presets whose solver has live parameters (the reference solver has none).
fn knob_presets() -> Vec<&'static str> {
    crate::shipped()
        .list()
        .into_iter()
        .filter(|n| {
            crate::shipped()
                .get(n)
                .unwrap()
                .params()
                .iter()
                .any(|s| s.live)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn any_changes_keep_live_values_in_range_and_a_seeded_run_repeats(
        which in 0..64usize,
        changes in prop::collection::vec(change(), 1..6),
    ) {
        let names = knob_presets();
        let name = names[which % names.len()];
        let a = run(name, &changes)?;
        let b = run(name, &changes)?;
        prop_assert_eq!(a, b, "{}: the same changes at the same steps", name);
    }
}

#[test]
fn every_preset_but_the_reference_has_live_values_and_the_reference_refuses() {
    for name in crate::shipped().list() {
        let cfg: SolverConfig = crate::shipped().get(name).unwrap();
        let s = cfg.build(start(), 1).unwrap();
        let live: Vec<&ParamSpec> = cfg.params().iter().filter(|p| p.live).collect();
        if cfg.name() == "reference" {
            assert!(live.is_empty() && s.live_values().is_empty(), "{name}");
            let mut s = s;
            let e = s.set_param("max_len", 20.0).unwrap_err().to_string();
            assert!(e.contains("cannot change during a run"), "{e}");
        } else {
            assert!(!s.live_values().is_empty(), "{name}: no live values");
        }
    }
}

#[test]
fn phase_solvers_offer_only_the_running_phases_keys() {
    for name in ["phases-es", "phases-ga", "phases-sa"] {
        let cfg = crate::shipped().get(name).unwrap();
        let mut s = cfg.build(start(), 3).unwrap();
        let keys: Vec<String> = s.live_values().into_iter().map(|(k, _)| k).collect();
        assert!(!keys.is_empty(), "{name}");
        assert!(
            keys.iter().all(|k| k.starts_with("phase1.")),
            "{name}: {keys:?}"
        );
        let (key, v) = s.live_values()[0].clone();
        let other = key.replace("phase1.", "phase3.");
        let e = s.set_param(&other, v).unwrap_err().to_string();
        assert!(
            e.contains(&format!("`{other}`")) && e.contains("phase 3 is not running"),
            "{e}"
        );
        let e = s.set_param("max_steps", 10.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        s.set_param(&key, v).unwrap();
        // Run into a later phase: its keys, and only its, are live.
        let mut n = 0;
        while s
            .snapshot()
            .phase
            .as_deref()
            .is_some_and(|p| p.starts_with("phase 1/"))
            && n < 200
        {
            s.step(50);
            n += 1;
        }
        let phase = s.snapshot().phase.unwrap_or_default();
        if let Some(p) = phase.strip_prefix("phase ").and_then(|p| p.chars().next()) {
            let keys: Vec<String> = s.live_values().into_iter().map(|(k, _)| k).collect();
            let prefix = format!("phase{p}.");
            assert!(
                !keys.is_empty() && keys.iter().all(|k| k.starts_with(&prefix)),
                "{name} in {phase}: {keys:?}"
            );
        }
    }
}

fn phase1_start() -> CubieCube {
    CubieCube::from_cube(&start()).unwrap()
}

#[test]
fn a_phase_ga_takes_a_new_population_size_and_length_at_the_next_generation() {
    let p = GaPhase {
        population: 20,
        length: 10,
        crossover_rate: 0.8,
        mutation_rate: 0.2,
        elite_fraction: 0.1,
        polish: 10,
        stagnation: 1000,
    };
    let mut g = Ga::new(p, &Thistlethwaite::upright(), 1, phase1_start(), 5);
    g.step();
    g.set_param("phase1.population", 35.0).unwrap();
    g.set_param("phase1.length", 14.0).unwrap();
    assert_eq!(g.population().len(), 20, "not before the next generation");
    g.step();
    assert_eq!(g.population().len(), 35);
    assert!(g.population().iter().all(|c| c.genes.len() == 14));
    g.set_param("phase1.population", 4.0).unwrap();
    g.set_param("phase1.length", 6.0).unwrap();
    g.step();
    assert_eq!(g.population().len(), 4);
    assert!(g.population().iter().all(|c| c.genes.len() == 6));
    let e = g
        .set_param("phase1.population", 1.0)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`phase1.population`") && e.contains("in 2 – 10000"),
        "{e}"
    );
    let e = g
        .set_param("phase1.mutation_rate", 1.5)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`phase1.mutation_rate`") && e.contains("in 0 – 1"),
        "{e}"
    );
    let live = g.live_values();
    assert!(
        live.contains(&("phase1.population".to_string(), 4.0)),
        "{live:?}"
    );
    assert!(
        live.contains(&("phase1.mutation_rate".to_string(), 0.2)),
        "{live:?}"
    );
    g.step();
    assert_eq!(g.population().len(), 4, "the run goes on");
}

#[test]
fn a_phase_annealer_takes_a_new_length_and_keeps_t_min_below_t0() {
    let p = SaPhase {
        length: 12,
        t0: 1.0,
        alpha: 0.9,
        per_temperature: 50,
        t_min: 0.05,
        polish: 100,
    };
    let mut a = Sa::new(p, &Thistlethwaite::upright(), 1, phase1_start(), 5);
    a.step();
    a.set_param("phase1.length", 20.0).unwrap();
    a.step();
    assert_eq!(a.current().genes.len(), 20);
    let e = a.set_param("phase1.t_min", 2.0).unwrap_err().to_string();
    assert!(e.contains("t_min") && e.contains("t0"), "{e}");
    a.set_param("phase1.t0", 5.0).unwrap();
    a.set_param("phase1.alpha", 0.5).unwrap();
    let live = a.live_values();
    assert!(live.contains(&("phase1.t0".to_string(), 5.0)), "{live:?}");
    assert!(
        live.contains(&("phase1.t_min".to_string(), 0.05)),
        "{live:?}"
    );
    let e = a.set_param("phase2.t0", 5.0).unwrap_err().to_string();
    assert!(e.contains("unknown parameter `phase2.t0`"), "{e}");
}
