//! A table of a size known when compiling, a power of two, read at a
//! masked index: the read needs no bounds check (a valid index is below
//! the table's length; a corrupt one reads a wrong entry, never out of the
//! block). What the search's node loops read.

/// `N` entries (a power of two) of which the first `len` are the table's.
#[derive(Clone, PartialEq, Eq)]
pub struct Block<T, const N: usize> {
    entries: Box<[T; N]>,
    len: usize,
}

impl<T: Copy + Default, const N: usize> Block<T, N> {
    /// `values` in a block (cut at `N`; the rest default).
    pub fn new(values: &[T]) -> Block<T, N> {
        const { assert!(N.is_power_of_two()) };
        let mut v = vec![T::default(); N];
        for (o, &x) in v.iter_mut().zip(values) {
            *o = x;
        }
        let entries = v
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| Box::new([T::default(); N]));
        Block {
            entries,
            len: values.len().min(N),
        }
    }

    /// Entry `i`.
    #[inline(always)]
    pub fn get(&self, i: usize) -> T {
        self.entries[i & (N - 1)]
    }

    /// The table's own entries.
    pub fn len(&self) -> usize {
        self.len
    }
}

impl<const N: usize> Block<u8, N> {
    /// Entry `i` of a table of four 2-bit entries a byte (entry `i` in
    /// bits `2 (i % 4)` of byte `i / 4`, see `prune1_packed::pack3`).
    #[inline(always)]
    pub fn quarter(&self, i: usize) -> u8 {
        self.get(i >> 2) >> ((i & 3) << 1) & 3
    }

    /// Entry `i` of a table of two 4-bit entries a byte (see
    /// `prune1_packed::pack`).
    #[inline(always)]
    pub fn nibble(&self, i: usize) -> u8 {
        self.get(i >> 1) >> ((i & 1) << 2) & 15
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_reads_its_values_and_wraps_a_wild_index_inside_itself() {
        let b: Block<u16, 8> = Block::new(&[5, 6, 7]);
        assert_eq!((b.get(0), b.get(2), b.get(3), b.len()), (5, 7, 0, 3));
        assert_eq!(b.get(8 + 1), 6);
        let q: Block<u8, 4> = Block::new(&[0b1110_0100, 0x5a]);
        assert_eq!([0, 1, 2, 3, 4].map(|i| q.quarter(i)), [0, 1, 2, 3, 2]);
        assert_eq!([0, 1, 2, 3].map(|i| q.nibble(i)), [4, 14, 10, 5]);
    }
}
