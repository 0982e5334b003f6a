//! The one list of solvers: their names, their parameter types, the sizes
//! each runs on and how each is built. This is the only module that imports
//! every solver; the solvers themselves import only the API ([`super::api`]),
//! so arrows run one way.
//!
//! # Adding a solver
//!
//! 1. Write the solver in its own module under `crates/solve/src/` (declare it with
//!    `pub mod` in `crates/solve/src/lib.rs`): a parameter struct that is
//!    `Clone + Debug + Serialize + Deserialize` (with
//!    `#[serde(deny_unknown_fields)]`), a type implementing
//!    [`Solver`] (importing it from `crate::api`), and
//!    `pub fn build(p: &Params, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError>`.
//! 2. Add one line to the `solvers!` list below:
//!    `"my-name" => MyName(crate::my_module::Params, crate::my_module::build, crate::my_module::params, Sizes::Three),`,
//!    where `pub fn params() -> Vec<ParamSpec>` declares every parameter
//!    ([`crate::params`]) and the last item the sizes it runs on
//!    ([`Sizes`]: the 3×3 only; every size, built there by a function of
//!    the solver's taking an [`NxnCube`]; or the sizes a function of the
//!    solver's accepts). That item is the one place a solver's sizes are
//!    said: [`SolverConfig::runs_on`] and [`build_any`] both read it.
//!    The string is the solver's name everywhere: the `solver = "…"` key of
//!    presets, [`SolverConfig::name`], the reports. (Nothing else in this
//!    file changes: the line carries its own paths.)
//! 3. Drop its preset file in `assets/presets/` (`solver = "my-name"`, its
//!    parameters, and a `[preset]` table with `order`, `description`,
//!    `follows` and `default = true`); the build script embeds it, nothing
//!    lists it by hand.
//!
//! [`build_any`] is the one entry that builds any solver for a start of any
//! size: the 3×3 by the solver's own build (after [`reorient`]), any other
//! size by the build its line declares, after the size check.
//!
//! The test solver `throwaway` (`src/throwaway.rs`) is registered by
//! exactly these steps (its preset sits in `assets/test-presets/`, which
//! only this crate's test build embeds, so no user ever sees it in a list
//! of presets); the unit test
//! `preset::tests::the_registered_throwaway_solver_runs_from_its_preset`
//! loads, builds and runs it, and the screen's knobs tests (in the app
//! crate, whose tests cannot see this crate's `#[cfg(test)]`) run it.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::api::{Profile, Sizes, SolveError, Solver};
use crate::params::ParamSpec;
use crate::{reference, reorient};
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::{AnyCube, Cube};

/// Generates [`SolverConfig`] (a serde enum tagged by `solver`), its
/// [`SolverConfig::name`] and the dispatch to each solver's build function
/// and the sizes it runs on from one line per solver:
/// `"name" => Variant(ParamsType, build_fn, declare_fn, sizes),`.
/// Lines marked `#[cfg(test)]` exist only in the test build.
macro_rules! solvers {
    ($($(#[$attr:meta])* $name:literal => $variant:ident($params:ty, $build:path, $declare:path, $sizes:expr),)+) => {
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

            /// Whether this solver runs on a cube of `size`, answered
            /// without building it (no tables, no cube, no wait), from the
            /// sizes its line declares ([`Sizes::runs_on`]); a build
            /// past the 3×3 asks the same question first, so the answer and
            /// a build cannot disagree. Parameter values (ranges, a damaged
            /// table) are checked when built, not here.
            ///
            /// # Errors
            /// [`SolveError::Config`] or [`SolveError::Parameter`] saying
            /// why it does not run on `size` ("solver `mws` runs on the
            /// 3x3 only; …", "no reference for 4x4 …").
            pub fn runs_on(&self, size: Size) -> Result<(), SolveError> {
                match self {
                    $($(#[$attr])* SolverConfig::$variant(p) => {
                        let sizes: Sizes<$params> = $sizes;
                        sizes.runs_on($name, p, size)
                    })+
                }
            }

            /// Builds this solver for `start` past the 3×3, as its line
            /// declares ([`Sizes::build`]).
            fn build_nxn(&self, start: &NxnCube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
                match self {
                    $($(#[$attr])* SolverConfig::$variant(p) => {
                        let sizes: Sizes<$params> = $sizes;
                        sizes.build($name, p, start, seed)
                    })+
                }
            }
        }
    };
}

solvers! {
    "sa" => Sa(crate::anneal::SaParams, crate::anneal::build, crate::anneal::params, Sizes::Checked(crate::anneal::runs_on, crate::anneal::build_nxn)),
    "ga" => Ga(crate::ga::GaParams, crate::ga::build, crate::ga::params, Sizes::Every(crate::ga::build_nxn)),
    "woc" => Woc(crate::woc::WocParams, crate::woc::build, crate::woc::params, Sizes::Every(crate::woc::build_nxn)),
    "mws" => Mws(crate::mws::MwsParams, crate::mws::build, crate::mws::params, Sizes::Three),
    "phases-es" => PhasesEs(crate::phases::EsParams, crate::phases::build_es, crate::phases::params_es, Sizes::Three),
    "phases-ga" => PhasesGa(crate::phases::GaParams, crate::phases::build_ga, crate::phases::params_ga, Sizes::Three),
    "phases-sa" => PhasesSa(crate::phases::SaParams, crate::phases::build_sa, crate::phases::params_sa, Sizes::Checked(crate::phases::runs_on_sa, crate::phases::build_sa_nxn)),
    "reference" => Reference(crate::reference::ReferenceParams, crate::reference::build, crate::reference::params, Sizes::Checked(crate::yardstick::reference_runs_on, crate::pocket::build)),
    "sa-short" => SaShort(crate::short::ShortParams, crate::short::build, crate::short::params, Sizes::Every(crate::short::build_nxn)),
    "throwaway" => Throwaway(crate::throwaway::Params, crate::throwaway::build, crate::throwaway::params, Sizes::Three),
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

/// Builds solver `config` for `start` of any size, fully determined by
/// (config, seed, start): the 3×3 by [`SolverConfig::build`], any other
/// size by the build its registry line declares, after the size check
/// ([`SolverConfig::runs_on`]: "solver `mws` runs on the 3x3 only", "no
/// reference for 4x4"). A start in any orientation is accepted; the
/// reported solution replays on it as given.
///
/// # Errors
/// Why the solver does not run on the size, a start that is not a valid
/// cube, or a bad parameter.
pub fn build_any(
    config: &SolverConfig,
    start: &AnyCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    match start {
        AnyCube::Three(c) => config.build(*c, seed),
        AnyCube::Nxn(c) => config.build_nxn(c, seed),
    }
}

/// [`build_any`] for a screen that must not wait: the 3×3 reference gets
/// a stand-in solver while its tables are read or built on a thread of
/// their own ([`reference::awaiting_tables`]); everything else as [`build_any`].
///
/// # Errors
/// As [`build_any`].
pub fn build_any_pending(
    config: &SolverConfig,
    start: &AnyCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    match (config, start) {
        (SolverConfig::Reference(p), AnyCube::Three(c)) => {
            reference::awaiting_tables::build(p, *c, seed)
        }
        _ => build_any(config, start, seed),
    }
}
