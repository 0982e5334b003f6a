//! Cubes of every size N ≥ 2 as 6N² stickers: moves (outer, inner slices,
//! wide, middle slices, rotations) as precomputed sticker permutations,
//! notation, facelet strings and their validation, random states and
//! scrambles, simplification, text nets. The 3×3 keeps its own kernel (`cube::state`);
//! on N = 3 this model agrees with it move for move.
//!
//! Files build on each other one way: `error` → `size` → `geometry` →
//! `moves` → `alg` → `notation` → `tables` → `state` → `pieces` →
//! `orbits` → `validate` → `random`, with `simplify` beside `alg` and `net` on `state`.

pub mod alg;
pub mod error;
mod geometry;
pub mod moves;
pub mod net;
pub mod notation;
pub mod orbits;
pub mod pieces;
pub mod random;
pub mod simplify;
pub mod size;
pub mod state;
pub mod tables;
pub mod validate;

pub use alg::NxnAlg;
pub use error::{MoveSizeError, NxnFaceletError, NxnNotationError, ParseSizeError, SizeError};
pub use moves::{NxnKind, NxnMove};
pub use size::Size;
pub use state::NxnCube;
pub use tables::{MovePerm, SizeTables, tables};
