//! cubetui: watch metaheuristic Rubik's cube solvers think.
//!
//! - [`cube`]: the puzzle (stickers, moves, notation, validation, scrambles).
//! - [`solve`]: energies, generators and the stepping solvers.
//! - [`tui`]: the live terminal screen.
//! - [`numbers`]: the one number formatter (screen and command line).

pub mod cube;
pub mod numbers;
pub mod solve;
pub mod tui;
