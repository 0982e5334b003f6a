//! Running and recording cubetui's solvers: the runner that steps any
//! solver under commands on a thread of its own and streams snapshots
//! ([`runner`]), stepping under a budget ([`budget`]), convergence traces
//! ([`trace`]), races of several presets on one start ([`race`]), run files
//! written as a run goes and played back ([`record`]), and the one number
//! formatter ([`numbers`]) that the screen and the command line share.
//! Built on `cubetui-solve` and `cubetui-cube`; knows nothing of the screen.

pub mod budget;
pub mod numbers;
pub mod race;
pub mod record;
pub mod runner;
pub mod trace;
