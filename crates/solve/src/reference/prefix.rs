//! What phase 2 starts from along a phase-1 path: the corner permutation,
//! slice coordinate and edges after each prefix of the path, kept from one
//! phase-1 leaf to the next so only the moves that changed are redone.

use super::coord;
use super::moves::N_MOVES;
use super::tables::Tables;
use cubetui_cube::CubieCube;
use cubetui_cube::cubie_turns::face_turn_cubies;

/// Corner permutation, slice coordinate and edges of one cube.
pub(super) type Entry = (u16, u16, [u8; 12]);

/// The entries after each prefix of a path from `start` (entry `i`: after
/// its first `i` moves). Nothing is computed or allocated until the first
/// [`Prefixes::extend`]: most of a cube's searches never reach a phase-1
/// leaf.
pub(super) struct Prefixes {
    start: CubieCube,
    entries: Vec<Entry>,
}

impl Prefixes {
    pub(super) fn new(start: CubieCube) -> Prefixes {
        Prefixes {
            start,
            entries: Vec::new(),
        }
    }

    /// The entry after `path`, the list extended to the end of `path`
    /// (entries up to `valid` are up to date).
    pub(super) fn extend(&mut self, t: &Tables, path: &[u8], valid: usize, room: usize) -> Entry {
        let mut from = valid;
        if self.entries.is_empty() {
            let s = &self.start;
            self.entries.reserve(room);
            self.entries
                .push((coord::cperm(s) as u16, coord::slice(s) as u16, s.ep));
            from = 0;
        }
        let n = path.len();
        if self.entries.len() <= n {
            self.entries.resize(n + 1, self.entries[0]);
        }
        for (i, &m) in path.iter().enumerate().skip(from) {
            let m = m as usize;
            let (c, s, ep) = self.entries[i];
            let mv = &face_turn_cubies()[m].ep;
            self.entries[i + 1] = (
                t.cperm_mv[c as usize * N_MOVES + m],
                t.slice_mv[s as usize * N_MOVES + m],
                std::array::from_fn(|j| ep[mv[j] as usize]),
            );
        }
        self.entries[n]
    }
}
