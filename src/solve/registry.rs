//! The one list of solvers: their names, their parameter types and how each
//! is built. This is the only module that imports every solver; the solvers
//! themselves import only the API ([`super::api`]), so arrows run one way.
//!
//! # Adding a solver
//!
//! 1. Write the solver in its own module under `src/solve/` (declare it with
//!    `pub mod` in `src/solve/mod.rs`): a parameter struct that is
//!    `Clone + Debug + Serialize + Deserialize` (with
//!    `#[serde(deny_unknown_fields)]`), a type implementing
//!    [`Solver`] (importing it from `crate::solve::api`), and
//!    `pub fn build(p: &Params, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError>`.
//! 2. Add one line to the `solvers!` list below:
//!    `"my-name" => MyName(crate::solve::my_module::Params, crate::solve::my_module::build, crate::solve::my_module::params),`,
//!    where `pub fn params() -> Vec<ParamSpec>` declares every parameter
//!    ([`crate::solve::params`]).
//!    The string is the solver's name everywhere: the `solver = "…"` key of
//!    presets, [`SolverConfig::name`], the reports. (Nothing else in this
//!    file changes: the line carries its own paths.)
//! 3. Drop its preset file in `assets/presets/` (`solver = "my-name"`, its
//!    parameters, and a `[preset]` table with `order`, `description`,
//!    `follows` and `default = true`); the build script embeds it, nothing
//!    lists it by hand.
//!
//! A solver that also runs on other sizes implements
//! [`SizedSolver`](crate::solve::sized::SizedSolver) for an N×N start and
//! gets its arm in [`sized::build`](crate::solve::sized::build);
//! [`sized::build_any`](crate::solve::sized::build_any) is the one entry
//! for a start of any size.
//!
//! The test-only solver `throwaway` (`src/solve/throwaway.rs`) is registered
//! by exactly these steps, under `#[cfg(test)]` (its preset sits in
//! `assets/test-presets/`, which only the test build embeds); the unit test
//! `preset::tests::the_registered_throwaway_solver_runs_from_its_preset`
//! loads, builds and runs it.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::cube::Cube;
use crate::solve::api::{Profile, SolveError, Solver};
use crate::solve::params::ParamSpec;
use crate::solve::{reference, reorient};

/// Generates [`SolverConfig`] (a serde enum tagged by `solver`), its
/// [`SolverConfig::name`] and the dispatch to each solver's build function
/// from one line per solver: `"name" => Variant(ParamsType, build_fn),`.
/// Lines marked `#[cfg(test)]` exist only in the test build.
macro_rules! solvers {
    ($($(#[$attr:meta])* $name:literal => $variant:ident($params:ty, $build:path, $declare:path),)+) => {
        /// A solver with all its parameters, as stored in a preset.
        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[serde(tag = "solver")]
        pub enum SolverConfig {
            $($(#[$attr])* #[serde(rename = $name)] $variant($params),)+
        }

        impl SolverConfig {
            /// Every registered solver's name, in registry order.
            pub const NAMES: &'static [&'static str] = &[$($(#[$attr])* $name,)+];

            /// The solver's short name (its `solver` key in a preset).
            pub fn name(&self) -> &'static str {
                match self {
                    $($(#[$attr])* SolverConfig::$variant(_) => $name,)+
                }
            }

            /// The declared parameters of solver `name` ([`Self::params`]), or
            /// `None` for a name not registered.
            pub fn declared(name: &str) -> Option<&'static [ParamSpec]> {
                match name {
                    $($(#[$attr])* $name => {
                        static DECLARED: LazyLock<Vec<ParamSpec>> = LazyLock::new($declare);
                        Some(&DECLARED)
                    })+
                    _ => None,
                }
            }

            fn build_centred(&self, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
                match self {
                    $($(#[$attr])* SolverConfig::$variant(p) => $build(p, start, seed),)+
                }
            }
        }
    };
}

solvers! {
    "sa" => Sa(crate::solve::anneal::SaParams, crate::solve::anneal::build, crate::solve::anneal::params),
    "ga" => Ga(crate::solve::ga::GaParams, crate::solve::ga::build, crate::solve::ga::params),
    "woc" => Woc(crate::solve::woc::WocParams, crate::solve::woc::build, crate::solve::woc::params),
    "mws" => Mws(crate::solve::mws::MwsParams, crate::solve::mws::build, crate::solve::mws::params),
    "phases-es" => PhasesEs(crate::solve::phases::EsParams, crate::solve::phases::build_es, crate::solve::phases::params_es),
    "phases-ga" => PhasesGa(crate::solve::phases::GaParams, crate::solve::phases::build_ga, crate::solve::phases::params_ga),
    "phases-sa" => PhasesSa(crate::solve::phases::SaParams, crate::solve::phases::build_sa, crate::solve::phases::params_sa),
    "reference" => Reference(crate::solve::reference::ReferenceParams, crate::solve::reference::build, crate::solve::reference::params),
    #[cfg(test)]
    "throwaway" => Throwaway(crate::solve::throwaway::Params, crate::solve::throwaway::build, crate::solve::throwaway::params),
}

impl SolverConfig {
    /// This solver's declared parameters: key, type and range, default,
    /// scale, whether it may change during a run, meaning.
    pub fn params(&self) -> &'static [ParamSpec] {
        Self::declared(self.name()).unwrap_or(&[])
    }

    /// What a solver of this configuration plots and reports, without
    /// running it (and without loading tables: the reference's profile is
    /// known without them); `None` if it cannot be built for `start`.
    pub fn profile(&self, start: Cube, seed: u64) -> Option<Profile> {
        match self {
            SolverConfig::Reference(_) => Some(reference::solver::profile()),
            cfg => cfg.build(start, seed).ok().map(|s| s.profile()),
        }
    }

    /// Builds a solver for `start`, fully determined by (self, seed, start).
    ///
    /// A start whose centres are not at home (given after rotations, slices or
    /// wide turns) is first turned as a whole so they are; the solver runs on
    /// that state and the rotation leads its reported solution
    /// ([`reorient::Reoriented`]).
    pub fn build(&self, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
        match reorient::reorient(&start) {
            Some((rotation, centred)) if !rotation.is_empty() => Ok(Box::new(
                reorient::Reoriented::new(rotation, self.build_centred(centred, seed)?),
            )),
            _ => self.build_centred(start, seed),
        }
    }
}
