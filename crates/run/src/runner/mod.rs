//! Steps any solver under commands (start, pause, step, speed, swap
//! generator, change a live parameter, replace, stop) and reports what
//! happened: the latest snapshot, state, outcome and running time, plus
//! every plot point and mark since the last read.
//!
//! [`Core`] holds the logic (no threads, no channels) and is driven either
//! inline ([`Inline`], for tests and deterministic replays) or as a tokio task
//! on its own thread ([`Runner`], see [`task`] for the channels and why a
//! dedicated runtime). The UI sees both through [`Driver`]. The solvers
//! themselves stay plain stepping state machines: this module is the only
//! place in `solve` that knows about tokio.
//!
//! A [`Mark`] is recorded when the generator is switched, when a
//! snapshot's `phase` label differs from the previous point's, and when a
//! live parameter changes ([`Command::SetParam`], labelled `key old→new`),
//! so all show on the plot. The solver's live parameters and their values
//! ([`Update::params`]) are sent after `Replace`, after every change and at
//! every phase change.
//!
//! Every point also carries the one progress measure all solvers share,
//! moves to solved ([`measure`]), computed here from the solver's best
//! state.

mod core;
mod cpu;
pub mod fold;
mod inline;
pub mod measure;
pub mod measurer;
mod messages;
mod protocol;
pub mod task;
pub mod thin;
mod worker;

pub use self::core::Core;
pub use cpu::thread_cpu_time;
pub use fold::{Axis, Track};
pub use inline::Inline;
pub use protocol::{
    Change, Command, Driver, FRAME, Mark, Point, RunState, Speed, Update, Wake, runtime,
};
pub use task::{Limits, Runner};
pub use thin::{Backlog, Series};
