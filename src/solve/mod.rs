//! Solvers as plain stepping state machines (no async inside), their energies,
//! neighbourhood generators, presets, and a runner that steps any solver under
//! commands and emits snapshots. Uses `cube`, never `tui`.
//!
//! [`api`] is what every solver implements; [`registry`] is the one list of
//! solvers (and the steps to add one); [`preset`] holds the named parameter
//! sets of `assets/presets/`; [`build_any`] (in the registry) builds any
//! solver for a start of any size. Files inside `solve` import from those modules
//! directly; the re-exports below are for the rest of the crate.

pub mod anneal;
pub mod api;
pub mod budget;
pub mod chromosome;
pub mod declare;
pub mod declare_variants;
pub mod energy;
pub mod ga;
pub mod genome;
pub mod moveset;
pub mod mws;
pub mod neighbourhood;
pub mod nxn_genes;
pub mod params;
pub mod phases;
pub mod pocket;
pub mod popstats;
pub mod preset;
pub mod profile;
pub mod race;
pub mod record;
pub mod reference;
pub mod registry;
pub mod reorient;
pub mod runner;
pub mod short;
#[cfg(test)]
pub mod throwaway;
pub mod trace;
pub mod typed;
pub mod woc;
pub mod yardstick;

pub use api::{Outcome, Snapshot, SolveError, Solver, Status};
pub use profile::{MainRole, PopRole, Profile, SeriesSpec};
pub use registry::SolverConfig;
pub use registry::{build_any, build_any_pending};
