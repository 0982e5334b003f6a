//! cubetui: watch metaheuristic Rubik's cube solvers think.
//!
//! - [`cube`]: the puzzle (stickers, moves, notation, validation, scrambles).
//! - [`solve`]: energies, generators and the stepping solvers.
//! - [`tui`]: the live terminal screen.
//! - [`numbers`]: the one number formatter (screen and command line).
//! - [`files`]: reading an input file with a size limit and a file-kind check.

pub mod cube;
pub mod files;
pub mod numbers;
pub mod solve;
pub mod tui;
