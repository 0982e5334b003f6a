//! `woc`'s live parameters (`live_values`, `set_param`), on every size.

use super::engine::Woc;
use super::params::params;
use crate::api::SolveError;
use crate::declare::Declared;
use crate::genome::Genome;
use crate::params::{self as declared, ParamSpec};

/// `woc`'s declaration, read by the live changes.
static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

/// The live parameters: population size, mutation rate, stagnation limit
/// and crowd fraction. Each generation is made wholly of children, so a new
/// population size is the number of children the next generation makes; a
/// new stagnation limit may end the GA (or, before the crowd step has run,
/// let it go on).
impl<G: Genome> Woc<G> {
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        declared::live_values(&DECLARED, &self.p.numbers())
    }

    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        p.set_number(key, v);
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p;
        if self.wisdom.is_none() {
            self.ga_done = self.best_score == 0
                || self.since_better >= self.p.stagnation
                || self.generation >= self.p.max_generations;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Solver, Status};
    use crate::genome::FaceTurns;
    use crate::woc::params::WocParams;
    use cubetui_cube::Cube;

    fn woc() -> Woc<FaceTurns> {
        let p = WocParams {
            population: 40,
            length: 12,
            parents_from: 12,
            ..WocParams::default()
        };
        let start = Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        Woc::new(FaceTurns::new(), p, start, 3).unwrap()
    }

    fn value(w: &Woc<FaceTurns>, key: &str) -> f64 {
        w.live_values()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap()
    }

    #[test]
    fn the_next_generation_has_the_new_population_size() {
        let mut w = woc();
        w.step(2);
        w.set_param("population", 100.0).unwrap();
        assert_eq!(w.pop.len(), 40, "not before the next generation");
        w.step(1);
        assert_eq!(w.pop.len(), 100);
        w.set_param("population", 20.0).unwrap();
        w.step(1);
        assert_eq!(w.pop.len(), 20);
        assert_eq!(w.snapshot().iteration, 4, "the run goes on");
    }

    #[test]
    fn stagnation_ends_the_ga_at_the_next_step_or_lets_it_go_on() {
        let mut w = woc();
        w.step(1);
        while w.since_better == 0 {
            w.step(1);
        }
        let s = w.since_better as f64;
        w.set_param("stagnation", s).unwrap();
        assert_eq!(value(&w, "stagnation"), s);
        assert!(w.ga_done, "{s} generations without a better score");
        // Raised again before the crowd step: the GA goes on.
        w.set_param("stagnation", 1000.0).unwrap();
        assert!(!w.ga_done);
        w.step(1);
        assert_eq!(w.snapshot().phase.as_deref(), Some("ga"));
        w.set_param("crowd_fraction", 0.5).unwrap();
        w.set_param("mutation_rate", 0.0).unwrap();
        assert_eq!(value(&w, "crowd_fraction"), 0.5);
        assert_eq!(value(&w, "mutation_rate"), 0.0);
    }

    #[test]
    fn bad_values_are_refused_naming_the_key_and_range() {
        let mut w = woc();
        w.step(2);
        let e = w.set_param("crowd_fraction", -0.1).unwrap_err().to_string();
        assert!(
            e.contains("`crowd_fraction`") && e.contains("in 0 – 1"),
            "{e}"
        );
        let e = w.set_param("stagnation", 0.0).unwrap_err().to_string();
        assert!(e.contains("`stagnation`") && e.contains("≥ 1"), "{e}");
        let e = w.set_param("population", 8.0).unwrap_err().to_string();
        assert!(
            e.contains("parents_from") && e.contains("population"),
            "{e}"
        );
        let e = w.set_param("parents_from", 8.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        assert_eq!(value(&w, "population"), 40.0);
        assert_eq!(w.step(1), Status::Running);
        assert_eq!(w.snapshot().iteration, 3);
    }
}
