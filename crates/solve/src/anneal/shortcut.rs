//! The shortcut of an N×N annealer's reported path through the states the
//! run visited: the states accepted while proposing face turns are kept (up
//! to a memory and work cap), and the reported path is the shortest way from
//! the start to the best state through the path's states and those, one
//! face turn at a time (breadth-first). Loops are cut by it, and so is every
//! detour between two visited states one turn apart: on the 2×2, where a
//! run wanders among few states, it turns walks of about a thousand moves
//! into about seventy.

use std::collections::VecDeque;

use rustc_hash::{FxHashMap, FxHashSet};

use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnMove, Size};

/// Memory the kept states may take, roughly.
const SEEN_BYTES: usize = 96 << 20;
/// Work the shortcut may do, in sticker copies (states × moves × stickers):
/// about half a second, so a run's time limit is not overrun by much.
const SEEN_WORK: usize = 500_000_000;

/// The states a run visited, for [`Seen::shortcut`].
#[derive(Clone, Debug, Default)]
pub struct Seen {
    states: FxHashSet<NxnCube>,
}

impl Seen {
    /// Most states kept on `size` with `moves` face turns.
    fn cap(size: Size, moves: usize) -> usize {
        let stickers = size.stickers();
        (SEEN_BYTES / (stickers + 48)).min(SEEN_WORK / (moves.max(1) * stickers))
    }

    /// Whether no state was kept.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Keeps `state` (while under the cap).
    pub fn visit(&mut self, state: &NxnCube, moves: usize) {
        if self.states.len() < Self::cap(state.size(), moves) {
            self.states.insert(state.clone());
        }
    }

    /// The shortest way from `start` to the end of `path` through the states
    /// of `path` and the kept ones, by single `moves`; `None` if `path`
    /// leaves the move set (a path made of other moves is kept as it is).
    pub fn shortcut(&self, start: &NxnCube, path: &NxnAlg, moves: &[NxnMove]) -> Option<NxnAlg> {
        let mut index: FxHashMap<NxnCube, usize> = FxHashMap::default();
        let mut states = vec![start.clone()];
        index.insert(start.clone(), 0);
        let mut c = start.clone();
        for &m in path.moves() {
            c.apply_move(m).ok()?;
            if !index.contains_key(&c) {
                index.insert(c.clone(), states.len());
                states.push(c.clone());
            }
        }
        let goal = index[&c];
        if states.len().saturating_add(self.states.len())
            > Self::cap(start.size(), moves.len()).saturating_mul(2)
        {
            return None;
        }
        for s in &self.states {
            if !index.contains_key(s) {
                index.insert(s.clone(), states.len());
                states.push(s.clone());
            }
        }
        // parent[i]: (the state it was reached from, the move), breadth-first
        // from the start; the queue's order, not the states' numbering,
        // decides between equally short ways.
        let mut parent: Vec<Option<(usize, NxnMove)>> = vec![None; states.len()];
        let mut reached = vec![false; states.len()];
        reached[0] = true;
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            if i == goal {
                break;
            }
            for &m in moves {
                let mut next = states[i].clone();
                if next.apply_move(m).is_err() {
                    continue;
                }
                if let Some(&j) = index.get(&next)
                    && !reached[j]
                {
                    reached[j] = true;
                    parent[j] = Some((i, m));
                    queue.push_back(j);
                }
            }
        }
        if !reached[goal] {
            return None;
        }
        let mut out = Vec::new();
        let mut at = goal;
        while let Some((from, m)) = parent[at] {
            out.push(m);
            at = from;
        }
        out.reverse();
        Some(out.into())
    }
}
