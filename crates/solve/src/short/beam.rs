//! Completing a nearly solved sequence by a beam search over insertions
//! (the Santa 2023 winners' last step): every step inserts one 3-cycle
//! (or pair twist) from the table, at the position of the sequence where it
//! costs fewest turns, chosen among those that lower the 3-cycles the end
//! state still needs ([`Needed`]); the search keeps, for every count still
//! needed, the `width` shortest sequences (one per end state) and expands
//! the highest count first, so a completion of width 1 is a greedy one.
//!
//! Bounded: each sequence expands at most `per_node` cycles (the ones that
//! lower the count most, then the shortest catalogue words; ties broken by
//! a hash of the cycle and the state, so no draw is made), and the search
//! stops expanding once its work passes `max_work` (the sweep's units:
//! a carry-back through a sequence of `L` turns costs `4 L N`). Nothing in
//! it depends on time, so where a step ends changes nothing.

use std::collections::{BTreeMap, HashSet};

use super::insert::{cheapest, inserted};
use super::needed::Needed;
use super::seq::{Mv, Turns};
use super::table::Table;

/// The bounds of one beam completion.
#[derive(Clone, Copy, Debug)]
pub struct Beam {
    /// Sequences kept per count still needed.
    pub width: usize,
    /// Cycles one sequence expands at most.
    pub per_node: usize,
    /// Work after which no more sequences are expanded.
    pub max_work: u64,
    /// Only sequences shorter than this are kept (and returned).
    pub bound: usize,
}

/// A sequence in the beam.
#[derive(Clone, Debug)]
struct Node {
    seq: Vec<Mv>,
    len: usize,
    end: Vec<u8>,
    hash: u64,
}

/// A hash of a state's stickers (also what the identity cut compares).
pub(super) fn hash(s: &[u8]) -> u64 {
    let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
    for chunk in s.chunks(8) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(w))
            .wrapping_mul(0xff51_afd7_ed55_8ccd)
            .rotate_left(29);
    }
    h
}

/// The result of a completion: the shortest solved sequence found (if any
/// shorter than the bound) and the work spent.
#[derive(Clone, Debug, Default)]
pub struct Completed {
    pub seq: Option<Vec<Mv>>,
    pub work: u64,
}

/// Completes merged `seq`, whose end state is `end` (every orbit even:
/// 3-cycles cannot mend an odd one), by insertions from `table`, within
/// `beam`'s bounds.
pub fn complete(
    table: &Table,
    turns: &Turns,
    needed: &Needed,
    seq: &[Mv],
    end: &[u8],
    beam: Beam,
) -> Completed {
    let mut work = 0u64;
    let carry = 4 * turns.size.get() as u64;
    let mut levels: BTreeMap<u32, Vec<Node>> = BTreeMap::new();
    let h0 = needed.total(end);
    levels.entry(h0).or_default().push(Node {
        seq: seq.to_vec(),
        len: turns.length(seq),
        end: end.to_vec(),
        hash: hash(end),
    });
    let want = needed.want();
    let cycles = table.cycles();
    let mut per_orbit = vec![0u32; needed.orbit_count()];
    let mut scratch = end.to_vec();
    let mut choices: Vec<(i32, u16, u64, u32)> = Vec::new();
    loop {
        let Some((&h, _)) = levels.iter().next_back() else {
            return Completed { seq: None, work };
        };
        if h == 0 || work > beam.max_work {
            break;
        }
        let mut nodes = levels.remove(&h).unwrap_or_default();
        nodes.sort_by_key(|n| (n.len, n.hash));
        let mut seen = HashSet::new();
        nodes.retain(|n| seen.insert(n.hash));
        nodes.truncate(beam.width.max(1));
        for node in &nodes {
            if work > beam.max_work {
                break;
            }
            // The cycles that lower the count, best first.
            choices.clear();
            for (o, c) in per_orbit.iter_mut().enumerate() {
                *c = needed.orbit(o, &node.end);
            }
            scratch.copy_from_slice(&node.end);
            for (o, &c) in per_orbit.iter().enumerate() {
                if c == 0 {
                    continue;
                }
                let entries = cycles.of_orbit(o);
                work += entries.len() as u64;
                for &e in entries {
                    let pairs = cycles.pairs_of(e as usize);
                    let wrong = pairs
                        .iter()
                        .filter(|&&[i, _]| node.end[i as usize] != want[i as usize])
                        .count();
                    // Every piece it moves misplaced (a centre 3-cycle may
                    // take one right piece along).
                    let need = if needed.alike(o) {
                        pairs.len() - 1
                    } else {
                        pairs.len().div_ceil(2)
                    };
                    // And at least one sticker it moves lands right.
                    let lands = pairs.iter().any(|&[i, src]| {
                        node.end[i as usize] != want[i as usize]
                            && node.end[src as usize] == want[i as usize]
                    });
                    if wrong < need || !lands {
                        continue;
                    }
                    for &[i, src] in pairs {
                        scratch[i as usize] = node.end[src as usize];
                    }
                    let after = needed.orbit(o, &scratch);
                    for &[i, _] in pairs {
                        scratch[i as usize] = node.end[i as usize];
                    }
                    if after < c {
                        let d = after as i32 - c as i32;
                        let moves = cycles.entries()[e as usize].moves;
                        let tie = (u64::from(e) ^ node.hash).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                        choices.push((d, moves, tie, e));
                    }
                }
            }
            choices.sort_unstable();
            choices.truncate(beam.per_node.max(1));
            for &(d, _, _, e) in &choices {
                let pairs = cycles.pairs_of(e as usize);
                work += (node.seq.len() as u64).max(1) * carry;
                let Some((dl, at, slot, k)) = cheapest(table, turns, &node.seq, pairs) else {
                    continue;
                };
                let len = (node.len as i64 + dl).max(0) as usize;
                if len >= beam.bound {
                    continue;
                }
                let Some(word) = table.words(slot).nth(k) else {
                    continue;
                };
                let mut end = node.end.clone();
                for &[i, src] in pairs {
                    end[i as usize] = node.end[src as usize];
                }
                let child = Node {
                    seq: inserted(&node.seq, at, word),
                    len,
                    hash: hash(&end),
                    end,
                };
                let level = (h as i64 + i64::from(d)).max(0) as u32;
                levels.entry(level).or_default().push(child);
            }
        }
    }
    let best = levels
        .remove(&0)
        .and_then(|v| v.into_iter().min_by_key(|n| (n.len, n.hash)))
        .map(|n| n.seq);
    Completed { seq: best, work }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::neighbourhood::cycles::parity_turns;
    use crate::short::seq::{merged, of_move};
    use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};

    /// A scrambled start (inner slices only: the corners stay home, as
    /// after the exact part) and the first `keep` turns of the scramble's
    /// inverse, merged: a sequence that leaves a few pieces to complete.
    fn case(n: usize, scramble: &str, keep: usize) -> (Size, NxnCube, Vec<Mv>) {
        let size = Size::new(n).unwrap();
        let alg: NxnAlg = scramble.parse().unwrap();
        let start = NxnCube::solved(size).after(&alg).unwrap();
        let inv = alg.inverse();
        let seq: Vec<Mv> = merged(
            inv.moves()
                .iter()
                .take(keep)
                .flat_map(|&m| of_move(m, size)),
        );
        (size, start, seq)
    }

    /// The end state of `seq` from `start`, with the parity turns added.
    fn prepared(size: Size, start: &NxnCube, seq: &[Mv]) -> (Vec<Mv>, Vec<u8>) {
        let turns = Turns::new(size);
        let mut end = start.stickers().to_vec();
        turns.replay(&mut end, seq, &mut Vec::new());
        let mut seq = seq.to_vec();
        for m in parity_turns(size, &end, &start.face_colours()) {
            for t in of_move(m, size) {
                turns.replay(&mut end, &[t], &mut Vec::new());
                super::super::seq::push(&mut seq, t);
            }
        }
        (seq, end)
    }

    fn wide(width: usize) -> Beam {
        Beam {
            width,
            per_node: 12,
            max_work: u64::MAX,
            bound: usize::MAX,
        }
    }

    /// Scrambles of inner slices and commutators (the corners stay home,
    /// as after the exact part) and how many turns of their inverse the
    /// sequence keeps: each leaves every orbit even.
    const CASES: [(usize, &str, usize); 5] = [
        (4, "2R 2U 2F' 2D2 2L 2B 2R'", 0),
        (4, "2R 2U 2F' 2D2 2L 2B 2R'", 2),
        (4, "2R 2U 2R' 2U' 2F 2D 2F' 2D'", 2),
        (5, "2R U 2R' U' 3F D 3F' D'", 0),
        (6, "2R U 2R' U' 3F D 3F' D'", 0),
    ];

    /// A beam completion (greedy or wide) solves each case, replayed on the
    /// cube; on these the wider beam is never longer than the greedy one.
    #[test]
    fn a_beam_completion_solves() {
        for (n, scramble, keep) in CASES {
            let (size, start, seq) = case(n, scramble, keep);
            let (seq, end) = prepared(size, &start, &seq);
            let table = Table::of(size);
            let turns = Turns::new(size);
            let want = Needed::new(size, NxnCube::solved(size).stickers());
            let mut lengths = Vec::new();
            for width in [1, 8] {
                let out = complete(table, &turns, &want, &seq, &end, wide(width));
                let got = out.seq.expect("solved");
                let c = start.after(&super::super::seq::to_alg(&got, size)).unwrap();
                assert!(c.is_solved(), "{n} {scramble} width {width}");
                assert!(out.work > 0);
                lengths.push(turns.length(&got));
            }
            assert!(lengths[1] <= lengths[0], "{n} {scramble}: {lengths:?}");
        }
    }

    #[test]
    fn bounds_hold() {
        let (size, start, seq) = case(4, "2R 2U 2F' 2D2 2L 2B 2R'", 2);
        let (seq, end) = prepared(size, &start, &seq);
        let table = Table::of(size);
        let turns = Turns::new(size);
        let want = Needed::new(size, NxnCube::solved(size).stickers());
        let free = complete(table, &turns, &want, &seq, &end, wide(4));
        let len = turns.length(free.seq.as_ref().unwrap());
        // A bound at its length: nothing is returned.
        let capped = Beam {
            bound: len,
            ..wide(4)
        };
        assert!(
            complete(table, &turns, &want, &seq, &end, capped)
                .seq
                .is_none()
        );
        // No work allowed: one level expanded at most, never solved here.
        let none = Beam {
            max_work: 0,
            ..wide(4)
        };
        let out = complete(table, &turns, &want, &seq, &end, none);
        assert!(out.seq.is_none() && out.work > 0);
    }
}
