//! cubetui: watch metaheuristic Rubik's cube solvers think.
//!
//! - [`cube`]: the puzzle (stickers, moves, notation, validation, scrambles).
//! - [`solve`]: energies, generators and the stepping solvers.
//! - [`tui`]: the live terminal screen.

pub mod cube;
pub mod solve;
pub mod tui;
