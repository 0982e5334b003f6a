//! The exact parts `sa-short` starts with, as the Santa 2023 winners did:
//! the corners solved as a 2×2 by the optimal 2×2 table (even sizes, whose
//! DBL corner fixes the frame), or, on odd sizes of 5 and more, the
//! corners, middle edges and fixed centres solved as a 3×3 by the two-phase
//! `reference` search (the reduction to a 3×3: those pieces move under
//! outer turns exactly as a 3×3's do). The 3×3 has none (see [`Part::None`]). The rest is left to the seed solver and the annealing, whose
//! commutators keep these pieces where they are.
//!
//! On the 2×2 the corners are the whole cube: its exact part is an optimal
//! solution, and the run ends with it.
//!
//! A part is a prefix of outer-layer turns; when a projection cannot be
//! read or solved (never on a valid upright cube), the prefix is empty.

use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::{Cube, STICKERS};

use std::time::Duration;

use super::seq::{Mv, of_move};
use crate::api::Halt;
use crate::pocket;
use crate::reference::{self, SearchLimits};

/// How long [`tables_within`] sleeps between two looks at its tables.
const POLL: Duration = Duration::from_millis(1);

/// Which exact part a size starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Nothing exact: the 3×3, whose corners solved as a 2×2 (the DBL
    /// corner fixed) end solved only up to a turn of the whole cube against
    /// its fixed centres; there the annealing does the work.
    None,
    /// The whole 2×2, by the optimal 2×2 table: nothing shorter exists,
    /// so the run ends there.
    Whole,
    /// The corners, by the optimal 2×2 table.
    Corners,
    /// Corners, middle edges and fixed centres, by the two-phase search.
    Reduction,
}

impl Part {
    pub fn of(size: Size) -> Part {
        match size.get() {
            2 => Part::Whole,
            3 => Part::None,
            n if n >= 5 && n % 2 == 1 => Part::Reduction,
            _ => Part::Corners,
        }
    }

    /// What the status line calls it.
    pub fn words(self) -> &'static str {
        match self {
            Part::None => "none",
            Part::Whole => "the whole 2x2 by its optimal table",
            Part::Corners => "corners by the optimal 2x2 table",
            Part::Reduction => "corners, middle edges and centres as a 3x3 (two-phase)",
        }
    }
}

/// Whether the tables `part` is solved with are there, starting to obtain
/// them on a thread of their own if nobody has and waiting for them until
/// `halt` says stop: loading them from the cache takes a tenth of a
/// second, building them seconds, and a limit must hold meanwhile. What
/// the exact part then finds does not depend on the wait.
pub fn tables_within(part: Part, halt: Halt<'_>) -> bool {
    let ready: fn() -> bool = match part {
        Part::None => return true,
        Part::Whole | Part::Corners => {
            pocket::table::warm_up();
            pocket::table::ready
        }
        Part::Reduction => {
            reference::cache::warm_up(|_| {});
            reference::cache::ready
        }
    };
    loop {
        if ready() {
            return true;
        }
        if halt() {
            return false;
        }
        std::thread::sleep(POLL);
    }
}

/// The stickers of `cube` at rows and columns `keep` of each face, as the
/// stickers of a cube of `keep.len()` layers.
fn project(cube: &NxnCube, keep: &[usize]) -> Vec<u8> {
    let size = cube.size();
    let mut out = Vec::with_capacity(6 * keep.len() * keep.len());
    for face in 0..6 {
        for &row in keep {
            for &col in keep {
                out.push(cube.stickers()[size.index(face, row, col)]);
            }
        }
    }
    out
}

/// The exact part's turns for the upright `cube` (outer layers only).
pub fn prefix(cube: &NxnCube) -> Vec<Mv> {
    let size = cube.size();
    let n = size.get();
    let alg: Option<NxnAlg> = match Part::of(size) {
        Part::None => None,
        Part::Whole | Part::Corners => {
            NxnCube::from_stickers(Size::TWO, project(cube, &[0, n - 1]))
                .and_then(|small| pocket::solve(&small).ok())
        }
        Part::Reduction => {
            let stickers: Option<[u8; STICKERS]> =
                project(cube, &[0, n / 2, n - 1]).try_into().ok();
            stickers
                .and_then(Cube::from_stickers)
                .and_then(|small| reference::solve(&small, 30, SearchLimits::default()).ok())
                .map(|a| NxnAlg::from(&a))
        }
    };
    alg.map_or_else(Vec::new, |a| {
        a.into_moves()
            .into_iter()
            .flat_map(|m| of_move(m, size))
            .collect()
    })
}
