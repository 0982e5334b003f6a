//! What a gene is, for the evolutionary solvers (`ga`, `woc`) on every cube
//! size: the [`Genome`] trait, and [`FaceTurns`], the 3×3's 18 face turns on
//! its own kernel. The N×N's genes (the move set of
//! [`moves`](crate::moveset::moves) on the sticker vector) are
//! [`NxnGenes`](crate::nxn_genes::NxnGenes).
//!
//! [`Chromosome`](super::chromosome::Chromosome), [`Ga`](super::ga::Ga) and
//! [`Woc`](super::woc::Woc) are generic over it and monomorphised, so the
//! 3×3 runs the same code as before, at the same speed.

use std::borrow::{Borrow, BorrowMut};
use std::fmt::Debug;
use std::hash::Hash;

use rand::{Rng, RngExt};

use cubetui_cube::{Alg, AnyAlg, AnyCube, Cube, Move, Perm};

/// A set of genes (moves) and the states they act on.
pub trait Genome: Send + Sync + 'static {
    /// One gene: a small index `0..count()`.
    type Gene: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The cube state a chromosome is evaluated on (borrowed).
    type State: ?Sized + Debug + Send + Sync + 'static;
    /// An owned state (the start, a state being worked on).
    type Owned: Clone + Debug + Send + Sync + BorrowMut<Self::State> + 'static;
    /// Where a chromosome keeps the state after every gene.
    type Stack: StateStack<Self::State>;
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

    /// `state` as an owned state.
    fn to_owned(&self, state: &Self::State) -> Self::Owned;

    /// An owned state, borrowed.
    #[inline]
    fn view(state: &Self::Owned) -> &Self::State {
        state.borrow()
    }

    /// `start` after `genes`.
    fn replay(&self, start: &Self::State, genes: &[Self::Gene]) -> Self::Owned {
        let mut s = self.to_owned(start);
        for &g in genes {
            self.apply(s.borrow_mut(), g);
        }
        s
    }
}

/// A stack of states of one kind, one per gene of a chromosome: a `Vec` of
/// them on the 3×3 (a state is a small `Copy` value), one flat sticker
/// vector on an N×N (no allocation per state).
pub trait StateStack<S: ?Sized>: Clone + Default + Send + Sync + 'static {
    /// Number of states.
    fn len(&self) -> usize;
    /// Whether there is none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Keeps the first `n` states.
    fn truncate(&mut self, n: usize);
    /// Adds a copy of `s` on top.
    fn push(&mut self, s: &S);
    /// State `i` (`i < len()`).
    fn get(&self, i: usize) -> &S;
    /// Room for `n` states in all.
    fn reserve(&mut self, n: usize);
    /// Adds copies of the first `n` states of `other`.
    fn extend_from(&mut self, other: &Self, n: usize);
}

impl<S: Copy + Send + Sync + 'static> StateStack<S> for Vec<S> {
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn truncate(&mut self, n: usize) {
        Vec::truncate(self, n);
    }
    #[inline]
    fn push(&mut self, s: &S) {
        Vec::push(self, *s);
    }
    #[inline]
    fn get(&self, i: usize) -> &S {
        &self[i]
    }
    #[inline]
    fn reserve(&mut self, n: usize) {
        Vec::reserve(self, n.saturating_sub(Vec::len(self)));
    }
    #[inline]
    fn extend_from(&mut self, other: &Self, n: usize) {
        self.extend_from_slice(&other[..n]);
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

/// Number of distinct genes (the 18 face turns).
pub const GENES: u8 = 18;

/// The sticker permutation of every gene, looked up once.
pub fn gene_perms() -> &'static [Perm; 18] {
    static TABLE: std::sync::OnceLock<[Perm; 18]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| Move::FACE_TURNS.map(|m| *m.perm()))
}

/// The face a gene turns (0..6, facelet-string order).
#[inline]
pub const fn face_of(g: u8) -> u8 {
    g / 3
}

/// The gene that undoes `g` (`U` ↔ `U'`, `U2` ↔ `U2`).
#[inline]
pub const fn inverse_of(g: u8) -> u8 {
    (g / 3) * 3 + (2 - g % 3)
}

/// The move a gene stands for (its entry in [`Move::FACE_TURNS`]).
pub fn gene_move(g: u8) -> Move {
    Move::FACE_TURNS[g as usize]
}

/// The genes as a move sequence.
pub fn genes_alg(genes: &[u8]) -> Alg {
    Alg::new(genes.iter().map(|&g| gene_move(g)).collect())
}

/// The 3×3's genes: the 18 face turns numbered like
/// [`Move::FACE_TURNS`](cubetui_cube::Move::FACE_TURNS), the `facelets`
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
    type Owned = Cube;
    type Stack = Vec<Cube>;
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

    #[inline]
    fn to_owned(&self, state: &Cube) -> Cube {
        *state
    }
}
