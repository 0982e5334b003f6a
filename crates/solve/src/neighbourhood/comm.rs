//! `comm` on the 3×3 kernel: paper 001's commutator machine (the catalogue
//! of [`super::cycles`] for the 3×3: every corner and edge 3-cycle, pair
//! twists and flips) with each operator as the kernel's permutation and
//! moves, so the 3×3 annealer applies it like any table operator.
//!
//! Codes: an entry's index, or [`PARITY`] plus the index of a layer turn
//! in [`Cycles::turns`] (the parity turn applied before the first proposal).

use cubetui_cube::nxn::simplify::canonical;
use cubetui_cube::nxn::{NxnAlg, Size};
use cubetui_cube::{Alg, Perm, STICKERS};

use super::cycles::{Cycles, cycles};

/// The bit that marks a code as a parity turn.
pub const PARITY: u64 = 1 << 62;

/// The commutator generator on the 3×3.
#[derive(Debug)]
pub struct Comm {
    cycles: &'static Cycles,
    perms: Vec<Perm>,
    algs: Vec<Alg>,
    /// The orbit of each sticker (index as in the catalogue's orbits).
    orbit_of: [u8; STICKERS],
}

/// An N×N sequence of the 3×3 as the kernel's moves (outer turns and the
/// middle slices; `None` for a move the kernel cannot name).
pub fn to_three(alg: &NxnAlg) -> Option<Alg> {
    let words: Vec<String> = alg
        .moves()
        .iter()
        .map(|&m| canonical(m, Size::THREE).to_string())
        .collect();
    words.join(" ").parse().ok()
}

/// The kernel permutation of a sparse one.
fn perm_of(pairs: &[[u16; 2]]) -> Perm {
    let mut table = *Perm::IDENTITY.table();
    for &[d, s] in pairs {
        table[d as usize] = s as u8;
    }
    Perm::from_gather(table).unwrap_or_default()
}

impl Default for Comm {
    fn default() -> Self {
        Comm::new()
    }
}

impl Comm {
    /// The 3×3's catalogue in the kernel's types.
    pub fn new() -> Comm {
        let cycles = cycles(Size::THREE);
        let n = cycles.entries().len();
        let orbits = cubetui_cube::nxn::orbits::orbits(Size::THREE);
        let mut orbit_of = [0u8; STICKERS];
        for (i, o) in orbit_of.iter_mut().enumerate() {
            *o = orbits.orbit_of(i) as u8;
        }
        Comm {
            cycles,
            perms: (0..n).map(|i| perm_of(cycles.pairs_of(i))).collect(),
            algs: (0..n)
                .map(|i| to_three(&cycles.alg(i)).unwrap_or_default())
                .collect(),
            orbit_of,
        }
    }

    /// The catalogue.
    pub fn cycles(&self) -> &'static Cycles {
        self.cycles
    }

    /// The orbit of sticker `i`.
    #[inline]
    pub fn orbit_of(&self, i: usize) -> usize {
        self.orbit_of[i] as usize
    }

    /// The permutation of operator `code`.
    pub fn perm(&self, code: u64) -> Perm {
        if code & PARITY != 0 {
            self.turn(code).perm()
        } else {
            self.perms.get(code as usize).copied().unwrap_or_default()
        }
    }

    fn turn(&self, code: u64) -> Alg {
        let i = (code & !PARITY) as usize;
        self.cycles
            .turns()
            .get(i)
            .and_then(|&m| to_three(&NxnAlg::new(vec![m])))
            .unwrap_or_default()
    }

    /// The moves of operator `code`.
    pub fn alg(&self, code: u64) -> Alg {
        if code & PARITY != 0 {
            self.turn(code)
        } else {
            self.algs.get(code as usize).cloned().unwrap_or_default()
        }
    }

    /// Operator `code` in words: what it cycles, then its moves.
    pub fn describe(&self, code: u64) -> String {
        if code & PARITY != 0 {
            format!("parity turn {}", self.turn(code))
        } else if (code as usize) < self.algs.len() {
            format!(
                "{}: {}",
                self.cycles.describe(code as usize),
                self.alg(code)
            )
        } else {
            "nothing".to_string()
        }
    }
}
