//! The annealer's live parameters: the temperature now, the schedule's
//! constants, the restart threshold. A change takes effect at the next step
//! and keeps the run (state, history, temperature unless it is the one set).

use std::sync::LazyLock;

use super::engine::Annealer;
use super::params::{SaParams, params};
use super::schedule::TEMPERATURE;
use super::space::Space;
use crate::api::SolveError;
use crate::declare::Declared;
use crate::params::{self, ParamSpec};

static DECLARED: LazyLock<Vec<ParamSpec>> = LazyLock::new(params);

impl<S: Space> Annealer<S> {
    /// Whether `key` is used by this run's generator (the `comm.…` keys
    /// by `comm` only).
    fn uses(&self, key: &str) -> bool {
        SaParams::used_with(key, self.generator_name())
    }

    /// The live values that apply now (the schedule's keys of its kind,
    /// a generator's group only with that generator).
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        let mut v = vec![(TEMPERATURE.to_string(), self.temperature())];
        v.extend(
            self.params
                .numbers()
                .into_iter()
                .filter(|(k, _)| self.uses(k)),
        );
        params::live_values(&DECLARED, &v)
    }

    /// Changes live parameter `key` to `value` (checked against the
    /// declaration, then against the rules between the schedule's keys).
    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = params::check_live(&DECLARED, key, value)?;
        if key == TEMPERATURE {
            self.chain.cooling.temperature = v;
            return Ok(());
        }
        if !self.uses(key) {
            return Err(SolveError::Parameter(format!(
                "`{key}` is not used by the {} generator of this run (`g` switches to comm)",
                self.generator_name()
            )));
        }
        let mut p = self.params.clone();
        if !p.set_number(key, v) {
            return Err(SolveError::Parameter(format!(
                "`{key}` is not used by the {} schedule of this run",
                p.schedule.kind()
            )));
        }
        p.schedule
            .validate()
            .map_err(|e| params::refused(key, v, e))?;
        if p.schedule != self.params.schedule {
            self.chain.cooling.retune(&p.schedule, p.max_steps);
        }
        let comm = (p.comm != self.params.comm).then(|| p.comm.clone());
        self.params = p;
        if let Some(comm) = comm {
            self.configure(&comm);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anneal::schedule::Schedule;
    use crate::anneal::three::Three;
    use crate::api::{Solver, Status};
    use cubetui_cube::Cube;

    fn start() -> Cube {
        Cube::solved().after(&"R U F' L2 D B R2 U'".parse().unwrap())
    }

    fn value(a: &Annealer<Three>, key: &str) -> Option<f64> {
        a.live_values()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    #[test]
    fn the_temperature_set_now_is_the_one_the_next_step_starts_from() {
        let mut a = Annealer::new(Three::default(), &SaParams::default(), start(), 5).unwrap();
        a.step(1000);
        let before = a.snapshot().iteration;
        a.set_param("temperature", 3.0).unwrap();
        assert_eq!(value(&a, "temperature"), Some(3.0));
        a.step(1);
        assert_eq!(a.snapshot().iteration, before + 1, "the run goes on");
        let t = a.temperature();
        assert!(t < 3.0 && t > 2.99, "cools from the value set: {t}");
        // Hot: almost every proposal is accepted.
        let accepted = a.outcome().extra["accepted"].as_u64().unwrap();
        a.step(1000);
        let more = a.outcome().extra["accepted"].as_u64().unwrap() - accepted;
        assert!(more > 500, "{more} of 1000 accepted at T 3");
    }

    #[test]
    fn cooling_keys_change_the_rate_and_restart_after_reheats() {
        let p = SaParams {
            max_steps: 10_000,
            ..SaParams::default()
        };
        let mut a = Annealer::new(Three::default(), &p, start(), 5).unwrap();
        a.step(10);
        let t = a.temperature();
        a.set_param("schedule.t_min", 0.01).unwrap();
        a.step(1000);
        let want = t * (0.01f64 / 0.37).powf(1000.0 / 10_000.0);
        assert!(
            (a.temperature() / want - 1.0).abs() < 1e-6,
            "{}",
            a.temperature()
        );
        let restarts = a.outcome().extra["restarts"].as_u64().unwrap();
        a.set_param("restart_after", 1.0).unwrap();
        assert_eq!(value(&a, "restart_after"), Some(1.0));
        a.step(5);
        assert!(a.outcome().extra["restarts"].as_u64().unwrap() > restarts);
    }

    #[test]
    fn bad_changes_are_refused_naming_the_key_and_range_and_the_run_goes_on() {
        let mut a = Annealer::new(Three::default(), &SaParams::default(), start(), 5).unwrap();
        a.step(10);
        let e = a.set_param("temperature", 0.0).unwrap_err().to_string();
        assert!(
            e.contains("`temperature`") && e.contains("in 1e-9 – 1e9"),
            "{e}"
        );
        let e = a.set_param("max_steps", 5.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        let e = a.set_param("schedule.alpha", 0.5).unwrap_err().to_string();
        assert!(e.contains("exponential"), "{e}");
        let e = a.set_param("schedule.t_min", 5.0).unwrap_err().to_string();
        assert!(e.contains("t_min") && e.contains("t_max"), "{e}");
        let e = a.set_param("nope", 5.0).unwrap_err().to_string();
        assert!(e.contains("`nope`") && e.contains("temperature"), "{e}");
        assert_eq!(value(&a, "schedule.t_min"), Some(0.355));
        assert_eq!(a.step(10), Status::Running);
        assert_eq!(a.snapshot().iteration, 20);
    }

    #[test]
    fn the_geometric_schedule_offers_its_own_keys() {
        let p = SaParams {
            schedule: Schedule::Geometric {
                t0: 10.0,
                alpha: 0.5,
                per_temperature: 100,
                t_min: 0.01,
            },
            ..SaParams::default()
        };
        let mut a = Annealer::new(Three::default(), &p, start(), 5).unwrap();
        let keys: Vec<String> = a.live_values().into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "temperature",
                "schedule.t_min",
                "schedule.t0",
                "schedule.alpha",
                "schedule.per_temperature",
                "restart_after"
            ]
        );
        a.step(50);
        a.set_param("schedule.per_temperature", 10.0).unwrap();
        a.set_param("schedule.alpha", 0.1).unwrap();
        a.step(10);
        assert!((a.temperature() - 1.0).abs() < 1e-12, "{}", a.temperature());
    }

    #[test]
    fn every_declared_live_number_is_offered_and_set_during_a_run() {
        use crate::params::Kind;
        for spec in params().iter().filter(|s| s.live) {
            if !matches!(spec.kind, Kind::Int { .. } | Kind::Float { .. }) {
                continue;
            }
            // A run whose schedule kind and generator use the key.
            let p = Schedule::every_default()
                .into_iter()
                .map(|schedule| SaParams {
                    schedule,
                    neighbourhood: "comm".into(),
                    ..SaParams::default()
                })
                .find(|p| {
                    spec.key == TEMPERATURE || p.numbers().iter().any(|(k, _)| *k == spec.key)
                })
                .unwrap_or_else(|| panic!("live `{}` is not held", spec.key));
            let mut a = Annealer::new(Three::default(), &p, start(), 5).unwrap();
            let now = value(&a, &spec.key).unwrap_or_else(|| panic!("`{}` not offered", spec.key));
            let next = match spec.kind {
                Kind::Int { .. } => now + 1.0,
                _ => now * 1.01,
            };
            a.set_param(&spec.key, next).unwrap();
            assert_eq!(value(&a, &spec.key), Some(next), "{}", spec.key);
        }
    }
}
