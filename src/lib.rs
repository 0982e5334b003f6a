//! cubetui: watch metaheuristic Rubik's cube solvers think.
//!
//! This crate is the app: [`tui`], the live terminal screen, [`cli`], the
//! command line, and [`signals`], every signal the program handles; the
//! `cubetui` binary (`src/main.rs`) only hands its arguments to [`cli`]. The
//! layers below it are the workspace's crates, each knowing only those
//! beneath it:
//!
//! - `cubetui-cube`: the puzzle (stickers, moves, notation, validation,
//!   random states) on every size;
//! - `cubetui-solve`: energies, generators, the stepping solvers, their
//!   registry and presets, the bounded file reader;
//! - `cubetui-run`: the runner, budgets, traces, races, run files and the
//!   one number formatter.

pub mod cli;
pub mod signals;
pub mod tui;
