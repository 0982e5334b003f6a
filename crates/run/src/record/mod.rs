//! Run files: a solve written as JSON Lines so it can be kept, shared,
//! summarised and re-run ([`play`]), by `solve` ([`play::run`]) or from
//! what a driver reports, on the screen and in a race ([`live`]).
//!
//! The first line is a [`Header`] (`"kind": "header"`): the format version,
//! the program version, the preset and every parameter value as resolved
//! (the preset table after `--set`), the formula catalogue's path and
//! digest when it is not the built-in one, the seed, the start facelets and the
//! budget. Every further line is one [`Event`], tagged by `kind`: `point`
//! (the plot series at one step, at a bounded resolution, and the state
//! there where the writer knows it), `knob`, `generator` and `phase`
//! changes, and the final `result`. Each line is
//! flushed as it is written ([`Writer`]), so a run stopped by Ctrl-C or
//! SIGTERM leaves a file whose last line is complete. [`RunFile::parse`]
//! refuses a newer format, a line cut short and garbage with the reason.

pub mod check;
pub mod format;
pub mod live;
pub mod play;
pub mod verify;

pub use format::{Event, FORMAT, FormulasUsed, Header, RecordError, RunFile, RunResult, Writer};
pub use live::{Live, beside};
