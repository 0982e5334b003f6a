//! The panels of the single-run screen, each a ratatui widget over its own
//! view data (which `single_view` takes from the app): the status column
//! (`status`), the energy and side plots (`plot`, drawn in `chart`'s frame, scaled
//! by `scale`, titled by `legend`), moves to solved (`progress`), the population band and
//! diversity (`population`), the folded view of a tiny terminal (`folded`),
//! the moves so far or the solution (`moves`),
//! the cube's net (`net`) and the help overlay (`help`, its words in
//! `words`).

pub mod chart;
pub mod folded;
pub mod help;
pub mod legend;
pub mod moves;
pub mod net;
pub mod plot;
pub mod population;
pub mod progress;
pub mod scale;
pub mod status;
pub mod words;
