//! The N×N's genes for the evolutionary solvers ([`crate::ga`],
//! [`crate::woc`]): the move set [`moves_and_perms`] of the size on the
//! sticker vector of the upright start, the energy [`misplaced`] stickers
//! (against the upright start's centre colours), no gene on the layer of its
//! neighbour. The reported sequence starts with the rotation that turned
//! the start upright ([`upright`]).

use rand::{Rng, RngExt};

use crate::api::SolveError;
use crate::genome::{Genome, StateStack};
use crate::moveset::{misplaced, moves_and_perms, upright};
use cubetui_cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnKind, NxnMove, Size};
use cubetui_cube::{AnyAlg, AnyCube};

/// The move set of one size, as genes.
#[derive(Clone, Debug)]
pub struct NxnGenes {
    size: Size,
    /// The rotation that turned the start upright (leads every sequence).
    rotation: NxnAlg,
    /// The upright start (a state's fallback picture).
    upright: NxnCube,
    home: [u8; 6],
    moves: Vec<NxnMove>,
    perms: Vec<&'static MovePerm>,
    /// Per gene: its layer (one number per move kind) and its axis.
    layer: Vec<u16>,
    axis: Vec<u8>,
}

impl NxnGenes {
    /// The genes for `start`, and the upright start's stickers (the state a
    /// run starts from).
    ///
    /// # Errors
    /// A move without a table for the size (not expected: the move set is
    /// the size's own).
    pub fn for_start(start: &NxnCube) -> Result<(NxnGenes, Vec<u8>), SolveError> {
        let (rotation, upright) = upright(start);
        let size = upright.size();
        let (moves, perms) = moves_and_perms(size)?;
        let mut kinds: Vec<NxnKind> = Vec::new();
        let mut layer = Vec::with_capacity(moves.len());
        let mut axis = Vec::with_capacity(moves.len());
        for m in &moves {
            let k = kinds.iter().position(|&k| k == m.kind).unwrap_or_else(|| {
                kinds.push(m.kind);
                kinds.len() - 1
            });
            layer.push(k as u16);
            axis.push(m.kind.axis() as u8);
        }
        let stickers = upright.stickers().to_vec();
        let genes = NxnGenes {
            size,
            rotation,
            home: upright.face_colours(),
            upright,
            moves,
            perms,
            layer,
            axis,
        };
        Ok((genes, stickers))
    }
}

impl Genome for NxnGenes {
    type Gene = u16;
    type State = [u8];
    type Owned = Vec<u8>;
    type Stack = Stickers;
    /// At most 6 × 32² = 6144 stickers.
    type Energy = u16;

    fn count(&self) -> usize {
        self.moves.len()
    }

    fn gene(&self, i: usize) -> u16 {
        i as u16
    }

    fn index(&self, g: u16) -> usize {
        usize::from(g)
    }

    fn draw(&self, rng: &mut impl Rng) -> u16 {
        rng.random_range(0..self.moves.len() as u16)
    }

    #[inline]
    fn apply(&self, state: &mut [u8], g: u16) {
        self.perms[usize::from(g)].apply(state);
    }

    #[inline]
    fn energy(&self, state: &[u8]) -> u32 {
        misplaced(state, &self.home, self.size.face_stickers())
    }

    fn max_energy(&self) -> u32 {
        self.size.stickers() as u32
    }

    fn neighbours(&self, a: u16, b: u16) -> bool {
        self.layer[usize::from(a)] != self.layer[usize::from(b)]
    }

    fn layer(&self, g: u16) -> usize {
        usize::from(self.layer[usize::from(g)])
    }

    fn axis(&self, g: u16) -> usize {
        usize::from(self.axis[usize::from(g)])
    }

    fn alg(&self, genes: &[u16]) -> AnyAlg {
        let moves = self.rotation.moves().iter().copied();
        let alg = moves
            .chain(genes.iter().map(|&g| self.moves[usize::from(g)]))
            .collect();
        AnyAlg::Nxn(alg, self.size)
    }

    fn cube(&self, state: &[u8]) -> AnyCube {
        AnyCube::Nxn(
            NxnCube::from_stickers(self.size, state.to_vec())
                .unwrap_or_else(|| self.upright.clone()),
        )
    }

    fn to_owned(&self, state: &[u8]) -> Vec<u8> {
        state.to_vec()
    }
}

/// The states of an N×N chromosome: their stickers one after another in
/// one vector (every state as long as the first pushed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stickers {
    /// Stickers per state (0 until the first push).
    stride: usize,
    cells: Vec<u8>,
    /// States reserved for before the stride was known.
    reserved: usize,
}

impl Stickers {
    /// Fixes the stickers per state at the first state (and makes the room
    /// reserved before it was known); later calls keep it.
    #[inline]
    fn set_stride(&mut self, stride: usize) {
        if self.stride == 0 {
            self.stride = stride;
            self.cells.reserve(self.reserved * stride);
        }
    }
}

impl StateStack<[u8]> for Stickers {
    #[inline]
    fn len(&self) -> usize {
        self.cells.len().checked_div(self.stride).unwrap_or(0)
    }

    #[inline]
    fn truncate(&mut self, n: usize) {
        self.cells.truncate(n * self.stride);
    }

    #[inline]
    fn push(&mut self, s: &[u8]) {
        self.set_stride(s.len());
        self.cells.extend_from_slice(s);
    }

    #[inline]
    fn get(&self, i: usize) -> &[u8] {
        &self.cells[i * self.stride..(i + 1) * self.stride]
    }

    fn reserve(&mut self, n: usize) {
        if self.stride == 0 {
            self.reserved = n;
        } else {
            self.cells
                .reserve((n * self.stride).saturating_sub(self.cells.len()));
        }
    }

    fn extend_from(&mut self, other: &Self, n: usize) {
        if n == 0 {
            return;
        }
        self.set_stride(other.stride);
        self.cells
            .extend_from_slice(&other.cells[..n * other.stride]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chromosome::{Chromosome, random_genes_in, seeded_rng};

    #[test]
    fn genes_replay_as_their_moves_after_the_rotation() {
        let size = Size::new(4).unwrap();
        let start = NxnCube::solved(size)
            .after(&"x R 2U F'".parse().unwrap())
            .unwrap();
        let (set, upright) = NxnGenes::for_start(&start).unwrap();
        assert_eq!(set.count(), 27);
        let mut rng = seeded_rng(5);
        let genes = random_genes_in(&set, &mut rng, 30);
        assert!(genes.windows(2).all(|w| set.layer(w[0]) != set.layer(w[1])));
        let c = Chromosome::new(&set, &upright, genes.clone());
        let AnyAlg::Nxn(alg, s) = set.alg(&genes) else {
            panic!("a 3x3 sequence")
        };
        assert_eq!(s, size);
        let end = start.after(&alg).unwrap();
        assert_eq!(end.stickers(), c.state_after(&upright, 30));
        assert_eq!(end.upright().misplaced() as u32, c.energy(&set, &upright));
    }
}
