//! What a gene is, for the evolutionary solvers (`ga`, `woc`) on every cube
//! size: the [`Genome`] trait, and [`FaceTurns`], the 3×3's 18 face turns on
//! its own kernel. The N×N's genes (the move set of
//! [`sized::moves`](crate::solve::sized::moves) on the sticker vector) are
//! [`sized::genes::NxnGenes`](crate::solve::sized::genes::NxnGenes).
//!
//! [`Chromosome`](super::chromosome::Chromosome), [`Ga`](super::ga::Ga) and
//! [`Woc`](super::woc::Woc) are generic over it and monomorphised, so the
//! 3×3 runs the same code as before, at the same speed.

use std::fmt::Debug;
use std::hash::Hash;

use rand::{Rng, RngExt};

use super::chromosome::{GENES, face_of, gene_perms, genes_alg, inverse_of};
use crate::cube::{AnyAlg, AnyCube, Cube, Perm};

/// A set of genes (moves) and the states they act on.
pub trait Genome: Send + Sync + 'static {
    /// One gene: a small index `0..count()`.
    type Gene: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The cube state a chromosome is evaluated on.
    type State: Clone + Debug + Send + Sync + 'static;
    /// An energy as a chromosome stores it (after every gene): the smallest
    /// unsigned type holding [`Self::max_energy`].
    type Energy: Energy;

    /// Number of distinct genes.
    fn count(&self) -> usize;
    /// Gene number `i` (`i < count()`).
    fn gene(&self, i: usize) -> Self::Gene;
    /// The number of gene `g`.
    fn index(&self, g: Self::Gene) -> usize;
    /// A gene drawn uniformly.
    fn draw(&self, rng: &mut impl Rng) -> Self::Gene;
    /// Applies gene `g` to `state`.
    fn apply(&self, state: &mut Self::State, g: Self::Gene);
    /// The energy of `state` (0 = solved; lower is better).
    fn energy(&self, state: &Self::State) -> u32;
    /// The largest energy a state can have (the roulette's scale).
    fn max_energy(&self) -> u32;
    /// Whether `a` and `b` may sit next to each other in a chromosome.
    fn neighbours(&self, a: Self::Gene, b: Self::Gene) -> bool;
    /// The layer gene `g` turns (the WoC filter's "same face").
    fn layer(&self, g: Self::Gene) -> usize;
    /// The axis gene `g` turns about (0..3).
    fn axis(&self, g: Self::Gene) -> usize;
    /// The genes as the move sequence reported from the start as given.
    fn alg(&self, genes: &[Self::Gene]) -> AnyAlg;
    /// The state as a cube.
    fn cube(&self, state: &Self::State) -> AnyCube;

    /// `start` after `genes`.
    fn replay(&self, start: &Self::State, genes: &[Self::Gene]) -> Self::State {
        let mut s = start.clone();
        for &g in genes {
            self.apply(&mut s, g);
        }
        s
    }
}

/// A stored energy: `u8` on the 3×3 (at most 48), `u16` on an N×N.
pub trait Energy: Copy + Eq + Debug + Into<u32> + Send + Sync + 'static {
    const ZERO: Self;
    /// `e`, saturated at the type's maximum.
    fn from_u32(e: u32) -> Self;
}

impl Energy for u8 {
    const ZERO: u8 = 0;
    #[inline]
    fn from_u32(e: u32) -> u8 {
        e.min(u32::from(u8::MAX)) as u8
    }
}

impl Energy for u16 {
    const ZERO: u16 = 0;
    #[inline]
    fn from_u32(e: u32) -> u16 {
        e.min(u32::from(u16::MAX)) as u16
    }
}

/// The 3×3's genes: the 18 face turns numbered like
/// [`Move::FACE_TURNS`](crate::cube::Move::FACE_TURNS), the `facelets`
/// energy, no gene next to its inverse (the seed's rule).
#[derive(Clone, Copy, Debug)]
pub struct FaceTurns {
    perms: &'static [Perm; 18],
}

impl FaceTurns {
    pub fn new() -> FaceTurns {
        FaceTurns {
            perms: gene_perms(),
        }
    }
}

impl Default for FaceTurns {
    fn default() -> Self {
        FaceTurns::new()
    }
}

impl Genome for FaceTurns {
    type Gene = u8;
    type State = Cube;
    type Energy = u8;

    #[inline]
    fn count(&self) -> usize {
        usize::from(GENES)
    }

    #[inline]
    fn gene(&self, i: usize) -> u8 {
        i as u8
    }

    #[inline]
    fn index(&self, g: u8) -> usize {
        usize::from(g)
    }

    /// Drawn as a `u8` (the draws every seeded 3×3 run was made with).
    #[inline]
    fn draw(&self, rng: &mut impl Rng) -> u8 {
        rng.random_range(0..GENES)
    }

    #[inline]
    fn apply(&self, state: &mut Cube, g: u8) {
        state.apply_perm(&self.perms[usize::from(g)]);
    }

    #[inline]
    fn energy(&self, state: &Cube) -> u32 {
        state.misplaced()
    }

    #[inline]
    fn max_energy(&self) -> u32 {
        48
    }

    #[inline]
    fn neighbours(&self, a: u8, b: u8) -> bool {
        b != inverse_of(a)
    }

    #[inline]
    fn layer(&self, g: u8) -> usize {
        usize::from(face_of(g))
    }

    #[inline]
    fn axis(&self, g: u8) -> usize {
        usize::from(face_of(g) % 3)
    }

    fn alg(&self, genes: &[u8]) -> AnyAlg {
        genes_alg(genes).into()
    }

    fn cube(&self, state: &Cube) -> AnyCube {
        (*state).into()
    }
}
