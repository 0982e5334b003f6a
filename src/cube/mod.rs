//! The puzzle: stickers, moves, notation, validation, random states,
//! simplification and text nets. Knows nothing of solvers or screens.

pub mod alg;
pub mod error;
pub mod face;
mod geometry;
pub mod moves;
pub mod perm;
pub mod state;

pub use alg::Alg;
pub use error::{FaceletError, NotationError};
pub use face::Face;
pub use moves::{Move, MoveKind, Rotation, Slice};
pub use perm::{Perm, STICKERS};
pub use state::Cube;
