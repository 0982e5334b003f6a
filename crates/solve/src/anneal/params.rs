//! The parameters of an annealing run, as a preset stores them.

use serde::{Deserialize, Serialize};

use super::schedule::Schedule;
use crate::api::SolveError;
use crate::declare::{Declared, check_choices, declare_params};
use crate::neighbourhood::Formulas;
use crate::neighbourhood::cycles::STAGINGS;
use crate::params::{ParamSpec, within};
use crate::{energy, neighbourhood};

declare_params! {
    /// Every parameter of an annealing run. Missing fields take the defaults
    /// of paper 001's preset.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct SaParams {
        /// Neighbourhood generator: `faces`, `pll`, `pll-conj` or `comm`.
        neighbourhood: String = "pll-conj".into() => choice(&neighbourhood::NAMES), Yes,
            "neighbourhood generator: the moves a proposal may make",
        /// Energy function: `facelets`.
        energy: String = "facelets".into() => choice(&energy::NAMES), No,
            "energy function the annealer lowers",
        /// Treat ΔE = 0 as ΔE = 1 (paper 001): sideways moves accepted only with
        /// probability exp(−1/T).
        zero_delta_as_one: bool = true => flag(), No,
            "treat ΔE = 0 as ΔE = 1: sideways moves accepted with probability exp(−1/T)",
        /// Proposal budget. The exponential schedule cools over exactly this many.
        max_steps: u64 = 500_000 => int(1, i64::MAX, Log), No,
            "proposal budget (the exponential schedule cools over exactly this many)",
        /// Temperature schedule (its keys, and the temperature now, are
        /// declared with [`Schedule`]).
        schedule: Schedule = Schedule::default() => nested(),
        /// Report the path with every loop (a return to a state seen before, up
        /// to a whole-cube rotation) cut out. Changes only the reported solution,
        /// never the search.
        cut_loops: bool = true => flag(), No,
            "report the path with loops cut out (changes only the reported solution)",
        /// When the best energy has not improved for this many proposals, go back
        /// to the best state and restart the schedule (reheat). 0 = off.
        restart_after: u64 = 0 => int(0, i64::MAX, Linear), Yes,
            "reheat from the best state after this many proposals without a better one (0 = off)",
        /// The commutator generator's settings (used by `comm` only).
        comm: CommParams = CommParams::default() => nested(),
        /// The formula catalogue `pll` and `pll-conj` draw from: not a preset
        /// key but a value the program hands over (`--formulas FILE`); a run
        /// file records its path and digest.
        #[serde(skip)]
        formulas: Formulas = Formulas::Builtin,
    }
}

declare_params! {
    /// How the commutator generator (`comm`) proposes.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct CommParams {
        /// Which orbits a proposal may cycle: `one` (every unsolved orbit) or
        /// `centres-edges-corners` (Chen & Ding's stages: the centres first,
        /// then the edges, then the corners).
        stages: String = "one".into() => choice(&STAGINGS), No,
            "comm: which orbits a proposal cycles: every unsolved one, or centres, then \
             edges, then corners (Chen & Ding's stages)",
        /// Commutators drawn per proposal; the one of lowest ΔE (then fewest
        /// moves) is proposed. 1 = paper 001's single random operator.
        candidates: u32 = 1 => int(1, 1000, Log), Yes,
            "comm: commutators drawn per proposal; the one of lowest Δenergy (then fewest \
             moves) is proposed",
    }
}

impl CommParams {
    /// Whether proposals go in stages.
    pub fn staged(&self) -> bool {
        self.stages != "one"
    }
}

impl SaParams {
    /// The commutator machine's settings (`sa-comm`'s schedule and
    /// candidates) over `max_steps` proposals, in `stages`: what `sa-short`
    /// starts from and what compaction solves a link with.
    pub fn comm_machine(max_steps: u64, stages: &str) -> SaParams {
        SaParams {
            neighbourhood: "comm".into(),
            zero_delta_as_one: true,
            max_steps,
            schedule: Schedule::Exponential {
                t_max: 0.37,
                t_min: 0.05,
            },
            restart_after: 0,
            cut_loops: true,
            comm: CommParams {
                stages: stages.into(),
                candidates: 1000,
            },
            ..SaParams::default()
        }
    }

    /// Checks every parameter, naming the first bad one: the generator and
    /// the energy by name, every other choice and every number against its
    /// declaration, then the schedule's rule between its keys.
    pub fn validate(&self) -> Result<(), SolveError> {
        neighbourhood::Generator::check(&self.neighbourhood, &self.formulas)?;
        energy::check(&self.energy)?;
        let declared = params();
        check_choices(self, &declared)?;
        for (key, v) in self.numbers() {
            within(&declared, &key, v)?;
        }
        self.schedule.validate()
    }

    /// Whether `key` is used with generator `generator`: a group named
    /// after a generator (`comm.…`) holds that generator's settings only.
    pub fn used_with(key: &str, generator: &str) -> bool {
        key.split_once('.')
            .is_none_or(|(group, _)| group == generator || !neighbourhood::NAMES.contains(&group))
    }
}

/// The issue's `sa-long` walk for tests: `faces`, T = 1 that never cools,
/// no step budget — a random walk that accepts for ever.
#[cfg(test)]
pub(super) fn hot_walk() -> SaParams {
    SaParams {
        neighbourhood: "faces".into(),
        zero_delta_as_one: false,
        max_steps: i64::MAX as u64,
        schedule: Schedule::Geometric {
            t0: 1.0,
            alpha: 0.99,
            per_temperature: 1_000_000_000,
            t_min: 0.05,
        },
        ..SaParams::default()
    }
}

/// The declaration of `sa`'s parameters (the schedule's keys for both
/// kinds), from [`SaParams`]'s one declaration.
pub fn params() -> Vec<ParamSpec> {
    SaParams::default().declare("")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{Kind, Live, Scale};

    /// The declaration as it was written by hand before it was generated
    /// from [`SaParams`]'s: every key's name, range, default, scale, live
    /// flag and meaning must stay as they were.
    fn written_by_hand() -> Vec<ParamSpec> {
        use Live::{No, Yes};
        use Scale::{Linear, Log};
        vec![
            ParamSpec::choice(
                "neighbourhood",
                &neighbourhood::NAMES,
                "pll-conj",
                Yes,
                "neighbourhood generator: the moves a proposal may make",
            ),
            ParamSpec::choice(
                "energy",
                &energy::NAMES,
                "facelets",
                No,
                "energy function the annealer lowers",
            ),
            ParamSpec::bool(
                "zero_delta_as_one",
                true,
                "treat ΔE = 0 as ΔE = 1: sideways moves accepted with probability exp(−1/T)",
            ),
            ParamSpec::int(
                "max_steps",
                (1, i64::MAX),
                500_000,
                Log,
                No,
                "proposal budget (the exponential schedule cools over exactly this many)",
            ),
            ParamSpec::choice(
                "schedule.kind",
                &["exponential", "geometric"],
                "exponential",
                No,
                "how the temperature falls: exponential over the budget, or geometric in levels",
            ),
            ParamSpec::run_value(
                "temperature",
                (1e-9, 1e9),
                0.37,
                Log,
                "the temperature now; the schedule goes on from the value set (a value of \
                 the run, not a preset key)",
            ),
            ParamSpec::float(
                "schedule.t_max",
                (1e-6, 1e9),
                0.37,
                Log,
                Yes,
                "exponential: starting temperature, and the one a restart reheats to \
                 (live: with t_min, sets the cooling rate from now on)",
            ),
            ParamSpec::float(
                "schedule.t_min",
                (1e-6, 1e9),
                0.355,
                Log,
                Yes,
                "final temperature (exponential: live, sets the cooling rate) or the level a \
                 geometric schedule is frozen below (at most t0)",
            ),
            ParamSpec::float(
                "schedule.t0",
                (1e-6, 1e9),
                1000.0,
                Log,
                Yes,
                "geometric: starting temperature, and the one a restart reheats to",
            ),
            ParamSpec::float(
                "schedule.alpha",
                (0.01, 0.999_999),
                0.95,
                Linear,
                Yes,
                "geometric: T ← alpha·T after each level",
            ),
            ParamSpec::int(
                "schedule.per_temperature",
                (1, 1_000_000_000),
                5000,
                Log,
                Yes,
                "geometric: proposals per temperature level (live: the level now ends by then)",
            ),
            ParamSpec::bool(
                "cut_loops",
                true,
                "report the path with loops cut out (changes only the reported solution)",
            ),
            ParamSpec::int(
                "restart_after",
                (0, i64::MAX),
                0,
                Linear,
                Yes,
                "reheat from the best state after this many proposals without a better one (0 = off)",
            ),
            ParamSpec::choice(
                "comm.stages",
                &STAGINGS,
                "one",
                No,
                "comm: which orbits a proposal cycles: every unsolved one, or centres, then \
                 edges, then corners (Chen & Ding's stages)",
            ),
            ParamSpec::int(
                "comm.candidates",
                (1, 1000),
                1,
                Log,
                Yes,
                "comm: commutators drawn per proposal; the one of lowest Δenergy (then fewest \
                 moves) is proposed",
            ),
        ]
    }

    #[test]
    fn the_generated_declaration_is_the_one_written_by_hand_before() {
        let now = params();
        let keys = |d: &[ParamSpec]| d.iter().map(|s| s.key.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&now), keys(&written_by_hand()));
        for (a, b) in now.iter().zip(written_by_hand()) {
            assert_eq!(*a, b, "{}", b.key);
        }
    }

    /// Each schedule kind with the other keys at their defaults.
    fn every_kind() -> Vec<SaParams> {
        Schedule::every_default()
            .into_iter()
            .map(|schedule| SaParams {
                schedule,
                ..SaParams::default()
            })
            .collect()
    }

    #[test]
    fn every_declared_number_is_held_set_and_checked_against_its_range() {
        for spec in params().iter().filter(|s| s.in_preset) {
            let max = match spec.kind {
                Kind::Int { max, .. } => max as f64,
                Kind::Float { max, .. } => max,
                Kind::Bool | Kind::Choice(_) => continue,
            };
            let mut p = every_kind()
                .into_iter()
                .find(|p| p.numbers().iter().any(|(k, _)| *k == spec.key))
                .unwrap_or_else(|| panic!("`{}` is declared but not held", spec.key));
            assert!(p.validate().is_ok(), "{}", spec.key);
            // Out of range: the setter stores it, `validate` names the key.
            assert!(p.set_number(&spec.key, 2.0 * max), "{} not set", spec.key);
            assert!(
                p.numbers().contains(&(spec.key.clone(), 2.0 * max)),
                "{} not stored",
                spec.key
            );
            let e = p.validate().unwrap_err().to_string();
            assert!(e.contains(&format!("`{}`", spec.key)), "{e}");
        }
    }

    #[test]
    fn every_declared_choice_is_checked_against_its_words() {
        let mut p = SaParams::default();
        p.comm.stages = "two".into();
        let e = p.validate().unwrap_err().to_string();
        assert!(
            e.contains("`comm.stages` must be one of one, centres-edges-corners, got `two`"),
            "{e}"
        );
        p.comm.stages = "centres-edges-corners".into();
        p.validate().unwrap();
    }

    #[test]
    fn a_stored_schedule_takes_the_declared_default_of_each_missing_key() {
        let p: SaParams =
            toml::from_str("[schedule]\nkind = \"geometric\"\nalpha = 0.5\n").unwrap();
        assert_eq!(
            p.schedule,
            Schedule::Geometric {
                t0: 1000.0,
                alpha: 0.5,
                per_temperature: 5000,
                t_min: 0.01,
            }
        );
        let e = toml::from_str::<SaParams>("[schedule]\nkind = \"exponential\"\nalpha = 0.5\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown field `alpha`, expected `t_max` or `t_min`"),
            "{e}"
        );
        let back = toml::to_string(&p).unwrap();
        assert!(
            back.contains("[schedule]\nkind = \"geometric\"\nt0 = 1000.0\nalpha = 0.5\n"),
            "{back}"
        );
    }
}
