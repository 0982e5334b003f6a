//! Generators with an explicit table of precomputed operators.

use rand::Rng;
use rand::distr::{Distribution, Uniform};

use cubetui_cube::{Alg, Cube, Move, Perm};

use super::catalogue::Catalogue;
use super::sequences::{basic_sequences, concat, rotations};
use super::sparse::{Prepared, Sparse};

/// A generator whose operators are all precomputed permutations.
#[derive(Debug)]
pub struct Table {
    name: &'static str,
    perms: Vec<Perm>,
    algs: Vec<Alg>,
    sparse: Sparse,
    pick: Uniform<u32>,
}

impl Table {
    fn from_algs(name: &'static str, algs: Vec<Alg>) -> Table {
        let perms: Vec<Perm> = algs.iter().map(Alg::perm).collect();
        let sparse = Sparse::new(&perms);
        let pick = Uniform::new(0, perms.len().max(1) as u32).expect("non-empty range");
        Table {
            name,
            perms,
            algs,
            sparse,
            pick,
        }
    }

    /// `faces`: the 18 face turns.
    pub fn faces() -> Table {
        let algs = Move::face_turns()
            .iter()
            .map(|&m| Alg::new(vec![m]))
            .collect();
        Table::from_algs("faces", algs)
    }

    /// `pll`: the catalogue's formulas.
    pub fn pll(catalogue: &Catalogue) -> Table {
        let algs = catalogue.formulas.iter().map(|f| f.alg.clone()).collect();
        Table::from_algs("pll", algs)
    }

    /// `pll-conj`: O · X · Y · X⁻¹ for every rotation O (7 with "nothing"),
    /// every X in {F,B,L,R,U,D,nothing}² and every catalogue formula Y.
    pub fn pll_conj(catalogue: &Catalogue) -> Table {
        let xs = basic_sequences(2);
        let mut algs = Vec::new();
        for o in rotations().iter() {
            for x in &xs {
                let xi = x.inverse();
                for y in &catalogue.formulas {
                    algs.push(concat(&[o, x, &y.alg, &xi]));
                }
            }
        }
        Table::from_algs("pll-conj", algs)
    }

    /// The generator's name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Number of operators.
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    /// Whether the table is empty (never, for the built-in generators).
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// The operators as permutations.
    pub fn perms(&self) -> &[Perm] {
        &self.perms
    }

    /// The operators as algorithms.
    pub fn algs(&self) -> &[Alg] {
        &self.algs
    }

    /// Draws an operator uniformly and applies it to `cube`.
    #[inline(always)]
    pub fn propose<R: Rng>(&self, rng: &mut R, cube: &Cube) -> (Cube, u64) {
        let i = self.draw(rng);
        (cube.permuted(&self.perms[i]), i as u64)
    }

    /// Draws an operator index uniformly.
    #[inline(always)]
    pub fn draw<R: Rng>(&self, rng: &mut R) -> usize {
        self.pick.sample(rng) as usize
    }

    /// The energy change operator `k` makes on `stickers` (see [`Sparse::delta`]).
    #[inline(always)]
    pub fn delta(&self, k: usize, p: &Prepared) -> i32 {
        self.sparse.delta(k, p)
    }

    /// Sparse form of the operators.
    pub fn sparse(&self) -> &Sparse {
        &self.sparse
    }

    /// The moves of operator `code`.
    pub fn alg(&self, code: u64) -> Alg {
        self.algs.get(code as usize).cloned().unwrap_or_default()
    }

    /// Number of moves of operator `code`.
    pub fn moves(&self, code: u64) -> usize {
        self.algs.get(code as usize).map_or(0, Alg::len)
    }
}
