//! Bounded plot history: the one thinning policy of the crate
//! ([`cubetui_run::runner::thin`]), which keeps each bucket's minimum and
//! maximum so no spike ever disappears.

pub use cubetui_run::runner::thin::Series;
