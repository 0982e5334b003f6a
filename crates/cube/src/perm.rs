//! Permutations of the 54 stickers.
//!
//! A [`Perm`] is stored in "gather" form: after applying `p` to a sticker array
//! `s`, position `i` holds what was at `p[i]` before.

pub use super::kernel::STICKERS;
use super::kernel::{Lanes, gather};

/// A permutation of the 54 sticker positions, in gather form.
///
/// Aligned to a cache line so the vector kernel's two table loads never split
/// across lines.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(align(64))]
pub struct Perm(pub(crate) [u8; STICKERS]);

impl Perm {
    /// The identity permutation.
    pub const IDENTITY: Perm = {
        let mut a = [0u8; STICKERS];
        let mut i = 0;
        while i < STICKERS {
            a[i] = i as u8;
            i += 1;
        }
        Perm(a)
    };

    /// Builds a permutation from a gather table; `None` unless it is a bijection of 0..54.
    pub fn from_gather(table: [u8; STICKERS]) -> Option<Perm> {
        let mut seen = [false; STICKERS];
        for &t in &table {
            let t = t as usize;
            if t >= STICKERS || seen[t] {
                return None;
            }
            seen[t] = true;
        }
        Some(Perm(table))
    }

    /// The gather table: position `i` receives the sticker from `table()[i]`.
    pub fn table(&self) -> &[u8; STICKERS] {
        &self.0
    }

    /// `self` followed by `next`, as one permutation.
    #[inline]
    pub fn then(&self, next: &Perm) -> Perm {
        let out = gather(&Lanes::new(&self.0), &next.0);
        Perm(*out.stickers())
    }

    /// The permutation that undoes `self`.
    pub fn inverse(&self) -> Perm {
        let mut out = [0u8; STICKERS];
        for (i, &p) in self.0.iter().enumerate() {
            out[p as usize] = i as u8;
        }
        Perm(out)
    }

    /// `self` applied `n` times.
    pub fn pow(&self, n: u32) -> Perm {
        let (mut acc, mut base, mut n) = (Perm::IDENTITY, *self, n);
        while n > 0 {
            if n & 1 == 1 {
                acc = acc.then(&base);
            }
            base = base.then(&base);
            n >>= 1;
        }
        acc
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        *self == Perm::IDENTITY
    }

    /// Sticker positions this permutation moves.
    pub fn moved(&self) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|&(i, &p)| i != p as usize)
            .map(|(i, _)| i)
    }

    /// Applies the permutation to any 54-element array.
    #[inline]
    pub fn apply<T: Copy>(&self, s: &[T; STICKERS]) -> [T; STICKERS] {
        std::array::from_fn(|i| s[self.0[i] as usize])
    }
}

impl Default for Perm {
    fn default() -> Self {
        Perm::IDENTITY
    }
}

impl std::fmt::Debug for Perm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Perm{:?}", &self.0[..])
    }
}
