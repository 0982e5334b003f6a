//! Bounded plot history: the one thinning policy of the crate
//! ([`crate::solve::runner::thin`]), which keeps each bucket's minimum and
//! maximum so no spike ever disappears.

pub use crate::solve::runner::thin::Series;
