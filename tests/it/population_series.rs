//! The population solvers report their population as
//! ordinary series of their profile: the fitness five numbers in order, the
//! mean pairwise distance and the distinct share between 0 and 1; the
//! other solvers report none.

use cubetui_cube::random::{random_moves, rng_from_seed};
use cubetui_cube::{Alg, Cube};
use cubetui_solve::{PopRole, Solver};

fn start() -> Cube {
    Cube::solved().after(&random_moves(&mut rng_from_seed(11), 12))
}

fn role(solver: &dyn Solver, values: &[f64], r: PopRole) -> Vec<f64> {
    let p = solver.profile();
    p.population_indices(r).iter().map(|&i| values[i]).collect()
}

#[test]
fn population_solvers_report_an_ordered_band_and_shares_in_0_1() {
    for name in ["ga", "woc", "phases-es", "phases-ga"] {
        let mut s = crate::shipped()
            .get(name)
            .unwrap()
            .build(start(), 3)
            .unwrap();
        let profile = s.profile();
        assert!(profile.has_population(), "{name}");
        for _ in 0..5 {
            s.step(3);
            let snap = s.snapshot();
            assert_eq!(snap.values.len(), profile.series.len(), "{name}");
            let v = &snap.values;
            let band: Vec<f64> = [
                PopRole::Min,
                PopRole::LowerQuartile,
                PopRole::Median,
                PopRole::UpperQuartile,
                PopRole::Max,
            ]
            .into_iter()
            .map(|r| {
                let one = role(s.as_ref(), v, r);
                assert_eq!(one.len(), 1, "{name}: one series per band line");
                one[0]
            })
            .collect();
            assert!(
                band.windows(2).all(|w| w[0] <= w[1]),
                "{name}: band out of order {band:?}"
            );
            let shares = role(s.as_ref(), v, PopRole::Share);
            assert_eq!(shares.len(), 2, "{name}");
            assert!(
                shares.iter().all(|x| (0.0..=1.0).contains(x)),
                "{name}: {shares:?}"
            );
            assert!(shares[1] > 0.0, "{name}: at least one distinct member");
        }
    }
}

#[test]
fn the_ga_band_starts_at_its_generations_best() {
    let mut s = crate::shipped()
        .get("ga")
        .unwrap()
        .build(start(), 3)
        .unwrap();
    s.step(7);
    let snap = s.snapshot();
    assert_eq!(role(s.as_ref(), &snap.values, PopRole::Min), [snap.energy]);
    let worst = s.profile().value(&snap.values, "worst").unwrap();
    assert_eq!(role(s.as_ref(), &snap.values, PopRole::Max), [worst]);
}

#[test]
fn solvers_without_a_population_report_none() {
    let start = Cube::solved().after(&"R U F".parse::<Alg>().unwrap());
    for name in ["sa-faces", "phases-sa", "mws", "reference"] {
        let s = crate::shipped().get(name).unwrap().build(start, 3).unwrap();
        assert!(!s.profile().has_population(), "{name}");
    }
}
