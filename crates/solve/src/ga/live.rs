//! `ga`'s live parameters (`live_values`, `set_param`), on every size.

use super::engine::Ga;
use super::params::params;
use crate::api::SolveError;
use crate::chromosome::{Chromosome, random_genes_in};
use crate::declare::Declared;
use crate::genome::Genome;
use crate::params::{self as declared, ParamSpec};

/// `ga`'s declaration, read by the live changes.
static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

/// The live parameters: the rates, the elite fraction and the population
/// size. Rates apply from the next generation; a new population size is
/// reached at the start of the next generation (the worst dropped, or random
/// chromosomes added), so the run goes on from where it is.
impl<G: Genome> Ga<G> {
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        declared::live_values(&DECLARED, &self.p.numbers())
    }

    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        p.set_number(key, v);
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p;
        Ok(())
    }

    /// Brings the population to the size asked for, before a generation:
    /// the worst go, or random chromosomes join (and the population is
    /// sorted again). Nothing happens, and nothing is drawn, at the size.
    pub(super) fn resize(&mut self) {
        let n = self.p.population;
        if self.pop.len() > n {
            self.pop.truncate(n);
            self.energies.truncate(n);
        } else if self.pop.len() < n {
            let length = self.p.length;
            while self.pop.len() < n {
                let genes = random_genes_in(&self.set, &mut self.rng, length);
                self.pop
                    .push(Chromosome::new(&self.set, G::view(&self.start), genes));
            }
            self.sort_and_record();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Solver, Status};
    use crate::ga::params::GaParams;
    use crate::genome::FaceTurns;
    use cubetui_cube::Cube;

    fn ga() -> Ga<FaceTurns> {
        let p = GaParams {
            population: 20,
            length: 10,
            ..GaParams::default()
        };
        let start = Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        Ga::new(FaceTurns::new(), p, start, 3).unwrap()
    }

    fn value(g: &Ga<FaceTurns>, key: &str) -> f64 {
        g.live_values()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap()
    }

    #[test]
    fn the_population_grows_and_shrinks_at_the_next_generation() {
        let mut g = ga();
        g.step(3);
        g.set_param("population", 50.0).unwrap();
        assert_eq!(value(&g, "population"), 50.0);
        assert_eq!(g.pop.len(), 20, "not before the next generation");
        g.step(1);
        assert_eq!((g.pop.len(), g.energies.len()), (50, 50));
        assert_eq!(g.snapshot().iteration, 4, "the run goes on");
        assert!(g.energies.is_sorted());
        let best = g.best_energy;
        g.set_param("population", 6.4).unwrap();
        assert_eq!(value(&g, "population"), 6.0, "whole numbers rounded");
        g.step(1);
        assert_eq!(g.pop.len(), 6);
        assert!(g.best_energy <= best, "shrinking keeps the best");
    }

    #[test]
    fn rates_change_what_the_next_generation_does() {
        let mut g = ga();
        g.set_param("mutation_rate", 0.0).unwrap();
        g.set_param("crossover_rate", 0.0).unwrap();
        g.set_param("elite_fraction", 1.0).unwrap();
        let before = g.pop.clone();
        g.step(5);
        // No offspring: the elite is the whole population, unchanged.
        let same = g
            .pop
            .iter()
            .zip(&before)
            .all(|(a, b)| a.genes() == b.genes());
        assert!(same, "no crossover, no mutation: nothing changes");
        g.set_param("mutation_rate", 1.0).unwrap();
        g.step(1);
        assert!(
            g.pop
                .iter()
                .zip(&before)
                .any(|(a, b)| a.genes() != b.genes())
        );
    }

    #[test]
    fn a_stagnation_limit_set_during_the_run_ends_it() {
        let mut g = ga();
        g.step(2);
        assert_eq!(value(&g, "stagnation"), 0.0, "off in the preset");
        g.set_param("stagnation", 1.0).unwrap();
        assert_eq!(
            g.status(),
            Status::Running,
            "not before the next generation"
        );
        for _ in 0..100 {
            if g.step(1) != Status::Running {
                break;
            }
        }
        assert_eq!(g.status(), Status::Exhausted);
        assert_eq!(
            g.snapshot()
                .exhausted_by
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("stagnation 1 generation")
        );
    }

    #[test]
    fn bad_values_are_refused_naming_the_key_and_range() {
        let mut g = ga();
        g.step(2);
        let e = g.set_param("mutation_rate", 1.5).unwrap_err().to_string();
        assert!(
            e.contains("`mutation_rate`") && e.contains("in 0 – 1"),
            "{e}"
        );
        let e = g.set_param("population", 1.0).unwrap_err().to_string();
        assert!(
            e.contains("`population`") && e.contains("in 2 – 100_000"),
            "{e}"
        );
        let e = g.set_param("population", 50_000.0).unwrap_err().to_string();
        assert!(e.contains("population x length"), "{e}");
        let e = g.set_param("length", 5.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        let e = g
            .set_param("elite_fraction", f64::NAN)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`elite_fraction`"), "{e}");
        assert_eq!(value(&g, "mutation_rate"), 0.2);
        assert_eq!(value(&g, "population"), 20.0);
        assert_eq!(g.step(1), Status::Running);
        assert_eq!(g.snapshot().iteration, 3);
    }
}
