//! N×N move sequences.

use std::fmt;

use crate::moves::write_spaced;

use super::error::MoveSizeError;
use super::moves::NxnMove;
use super::size::Size;

/// A sequence of N×N moves. Parse with [`str::parse`] (notation only) or
/// [`NxnAlg::parse_sized`] (also checks every move against a size).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NxnAlg(Vec<NxnMove>);

impl NxnAlg {
    pub fn new(moves: Vec<NxnMove>) -> NxnAlg {
        NxnAlg(moves)
    }
    pub fn moves(&self) -> &[NxnMove] {
        &self.0
    }
    pub fn into_moves(self) -> Vec<NxnMove> {
        self.0
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn push(&mut self, m: NxnMove) {
        self.0.push(m);
    }
    /// The sequence that undoes this one: inverted moves in reverse order.
    pub fn inverse(&self) -> NxnAlg {
        NxnAlg(self.0.iter().rev().map(|m| m.inverse()).collect())
    }
    /// The first move `size` cannot make, with its index.
    pub fn check(&self, size: Size) -> Result<(), (usize, MoveSizeError)> {
        for (i, m) in self.0.iter().enumerate() {
            m.layers(size).map_err(|e| (i, e))?;
        }
        Ok(())
    }
}

impl From<Vec<NxnMove>> for NxnAlg {
    fn from(v: Vec<NxnMove>) -> NxnAlg {
        NxnAlg(v)
    }
}

impl From<&crate::alg::Alg> for NxnAlg {
    /// The same sequence, as moves of a 3×3.
    fn from(a: &crate::alg::Alg) -> NxnAlg {
        a.moves().iter().map(|&m| NxnMove::from(m)).collect()
    }
}

impl FromIterator<NxnMove> for NxnAlg {
    fn from_iter<I: IntoIterator<Item = NxnMove>>(iter: I) -> NxnAlg {
        NxnAlg(iter.into_iter().collect())
    }
}

impl fmt::Display for NxnAlg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_spaced(f, &self.0)
    }
}
