//! The puzzle: stickers, moves, notation, validation, random states,
//! simplification and text nets. Knows nothing of solvers or screens.
//!
//! Modules build on each other one way:
//! `face`, `error` and `kernel` (the sticker layout and the hot loops) import
//! nothing from here; then `perm` → `geometry` → `moves` → `alg` → `state` →
//! `cubie` → `cubie_turns` / `validate` / `random`, with `net`, `simplify`
//! and `sparse` (energy changes of permutations that move few stickers) on
//! top; `grammar` (what the notations of every size share) on `error`
//! alone, and `any` (a cube or sequence of any size: the 3×3's or `nxn`'s)
//! above them all.

pub mod alg;
pub mod any;
pub mod cubie;
pub mod cubie_turns;
pub mod error;
pub mod face;
mod geometry;
mod grammar;
pub mod kernel;
pub mod moves;
pub mod net;
pub mod nxn;
pub mod perm;
pub mod random;
pub mod simplify;
pub mod sparse;
pub mod state;
pub mod validate;

pub use alg::Alg;
pub use any::{AnyAlg, AnyCube};
pub use cubie::CubieCube;
pub use error::{FaceletError, NotationError};
pub use face::Face;
pub use moves::{Move, MoveKind, Rotation, Slice};
pub use net::Layout;
pub use perm::{Perm, STICKERS};
pub use simplify::simplify;
pub use state::Cube;
