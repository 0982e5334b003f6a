//! Solvers as plain stepping state machines (no async inside), their energies,
//! neighbourhood generators, parameters, registry and presets. Built on
//! `cubetui-cube`; knows nothing of runners, screens or the command line
//! (those crates build on this one, and Cargo keeps it so).
//!
//! [`api`] is what every solver implements; [`registry`] is the one list of
//! solvers (and the steps to add one); [`preset`] holds the named parameter
//! sets of `assets/presets/`; [`build_any`] (in the registry) builds any
//! solver for a start of any size. Files inside this crate import from those
//! modules directly; the re-exports below are for the crates above.
//! [`files`] reads an input file with a size limit and a file-kind check
//! (the table caches here, and every file the command line reads).

pub mod anneal;
pub mod api;
pub mod chromosome;
pub mod declare;
pub mod declare_variants;
pub mod energy;
pub mod files;
pub mod ga;
pub mod genome;
pub mod loops;
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
pub mod reference;
pub mod registry;
pub mod renamed;
pub mod reorient;
pub mod short;
pub mod stop;
pub mod throwaway;
pub mod typed;
pub mod woc;
pub mod yardstick;

pub use api::{Halt, Outcome, Snapshot, SolveError, Solver, Status};
pub use profile::{MainRole, PopRole, Profile, SeriesSpec};
pub use registry::SolverConfig;
pub use registry::{build_any, build_any_pending};
pub use stop::{Limit, StopReason};
