//! Neighbourhood generators for the annealer: `faces` (one of the 18 face
//! turns; papers 000 and 002), `pll` (one of the 2-look-PLL formulas of the
//! catalogue in `assets/`; paper 001), `pll-conj` (O · X · Y · X⁻¹: a
//! whole-cube rotation or nothing, a setup of two basic turns, a catalogue
//! formula; paper 001's best) and `comm` (paper 001's commutator machine: the
//! 3-cycles, pair twists and pair flips of [`cycles`], generated from the
//! cube's own turns; the same generator on every size).
//!
//! Every operator is one sticker permutation, so a proposal costs one
//! permutation and one energy evaluation. `faces`, `pll` and `pll-conj` keep
//! a table of all their operators; `comm` keeps its catalogue's sparse
//! permutations and draws from the orbits that are not yet solved.
//!
//! An operator is identified by a compact code (`u64`) so a run can record its
//! accepted operators cheaply and expand them into moves only for the outcome.

pub mod catalogue;
pub mod comm;
pub mod cycles;
mod sequences;
pub mod sparse;
mod table;

use std::sync::{Mutex, OnceLock};

use rand::Rng;

use crate::api::SolveError;
use cubetui_cube::{Alg, Cube, Perm};

pub use catalogue::{Catalogue, Formula, Formulas};
pub use comm::Comm;
pub use table::Table;

/// Names of the generators, in the order the TUI offers them.
pub const NAMES: [&str; 4] = ["faces", "pll", "pll-conj", "comm"];

/// A neighbourhood generator.
#[derive(Debug)]
pub enum Generator {
    /// A fixed table of operators drawn uniformly.
    Table(Table),
    /// The commutator catalogue of the 3×3.
    Comm(Box<Comm>),
}

impl Generator {
    /// Whether [`Generator::get`] would give generator `name` with
    /// `formulas`, without building `faces` or `comm` (they read no
    /// catalogue, so the name is all there is to check; `comm`'s table
    /// costs a tenth of a second, which a solver's validation on a size
    /// that never uses it should not).
    ///
    /// # Errors
    /// What [`Generator::get`] says.
    pub fn check(name: &str, formulas: &Formulas) -> Result<(), SolveError> {
        if matches!(index_of(name)?, 0 | 3) {
            return Ok(());
        }
        Generator::get(name, formulas).map(|_| ())
    }

    /// The generator called `name` over `formulas`, built once per
    /// catalogue and shared (a cache of tables that are a function of the
    /// catalogue, not a setting: each run names its catalogue).
    pub fn get(name: &str, formulas: &Formulas) -> Result<&'static Generator, SolveError> {
        static CELLS: [OnceLock<Generator>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        type Built = Vec<(usize, String, &'static Generator)>;
        static OTHERS: Mutex<Built> = Mutex::new(Vec::new());
        let idx = index_of(name)?;
        // `faces` and `comm` read no catalogue.
        if matches!(idx, 0 | 3) || formulas.key().is_empty() {
            if let Some(g) = CELLS[idx].get() {
                return Ok(g);
            }
            let g = Generator::build(name, formulas.catalogue()?)?;
            return Ok(CELLS[idx].get_or_init(|| g));
        }
        let key = formulas.key();
        let mut others = OTHERS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, g)) = others.iter().find(|(i, k, _)| *i == idx && k == key) {
            return Ok(g);
        }
        // One table per generator and catalogue a process uses, kept for
        // its life (runs hand out `&'static` generators).
        let g: &'static Generator =
            Box::leak(Box::new(Generator::build(name, formulas.catalogue()?)?));
        others.push((idx, key.to_string(), g));
        Ok(g)
    }

    /// Builds the generator called `name` over `catalogue` (used by `pll`, `pll-conj`).
    pub fn build(name: &str, catalogue: &Catalogue) -> Result<Generator, SolveError> {
        Ok(match index_of(name)? {
            0 => Generator::Table(Table::faces()),
            1 => Generator::Table(Table::pll(catalogue)),
            2 => Generator::Table(Table::pll_conj(catalogue)),
            _ => Generator::Comm(Box::default()),
        })
    }

    /// The generator's name.
    pub fn name(&self) -> &'static str {
        match self {
            Generator::Table(t) => t.name(),
            Generator::Comm(_) => "comm",
        }
    }

    /// Index of this generator in [`NAMES`].
    pub fn index(&self) -> u8 {
        index_of(self.name()).unwrap_or(0) as u8
    }

    /// Draws an operator and returns `cube` after it, with the operator's code.
    #[inline(always)]
    pub fn propose<R: Rng>(&self, rng: &mut R, cube: &Cube) -> (Cube, u64) {
        match self {
            Generator::Table(t) => t.propose(rng, cube),
            Generator::Comm(_) => {
                let _ = rng;
                (*cube, u64::MAX)
            }
        }
    }

    /// The moves of operator `code`.
    pub fn alg(&self, code: u64) -> Alg {
        match self {
            Generator::Table(t) => t.alg(code),
            Generator::Comm(c) => c.alg(code),
        }
    }

    /// The moves and the permutation of operator `code`.
    pub fn op(&self, code: u64) -> (Alg, Perm) {
        match self {
            Generator::Table(t) => (
                t.alg(code),
                t.perms().get(code as usize).copied().unwrap_or_default(),
            ),
            Generator::Comm(c) => (c.alg(code), c.perm(code)),
        }
    }

    /// Number of moves of operator `code`.
    pub fn moves(&self, code: u64) -> usize {
        match self {
            Generator::Table(t) => t.moves(code),
            Generator::Comm(c) => c.alg(code).len(),
        }
    }
}

fn index_of(name: &str) -> Result<usize, SolveError> {
    NAMES
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| SolveError::UnknownGenerator {
            name: name.to_string(),
            available: NAMES.join(", "),
        })
}
