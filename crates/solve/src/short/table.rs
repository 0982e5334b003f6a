//! The commutator table `sa-short` inserts from, and the insertion
//! operator. The table starts from the commutator catalogue `sa-comm` draws
//! from (`neighbourhood::cycles`: every 3-cycle of every piece orbit and the
//! pair twists and flips, found by a screen of short commutators at start
//! and closed under conjugation, bounded in memory from the 26×26), indexed
//! here by the permutation each entry makes, and keeps *several* words per
//! permutation, the shortest after merging ([`WORDS`] at most): the
//! catalogue's own word, the inverse of the word of the inverse
//! permutation, and every word conjugated by one more layer turn, merged
//! (a setup turn that cancels the word's first turn gives a cyclic shift
//! of the commutator, shorter than the catalogue's count of two more
//! turns). Past [`ALT_WORK`] conjugations the last pass stops and the
//! table says so ([`Table::capped`]); a capped catalogue (from the 26×26)
//! keeps only its own word per permutation.
//!
//! Inserting from it is [`super::insert`]'s.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::api::{Halt, never};
use crate::neighbourhood::cycles::sparse::{conjugate, inverse};
use crate::neighbourhood::cycles::{self, Cycles};
use cubetui_cube::nxn::Size;

use super::seq::{Mv, Turns, of_move, push};

/// Words kept per permutation at most (the shortest).
pub const WORDS: usize = 6;

/// Conjugations the pass that adds conjugated words makes at most (each a
/// few dozen operations); past it the rest of the catalogue keeps only
/// its own and its inverse's words.
pub const ALT_WORK: usize = 3_000_000;

/// The catalogue of one size, indexed by permutation, with several words
/// for each.
#[derive(Debug)]
pub struct Table {
    cycles: &'static Cycles,
    /// Permutation key → its slot.
    index: HashMap<u64, u32>,
    /// Slot → a catalogue entry making that permutation.
    entry: Vec<u32>,
    /// Slot → its words, shortest first: (start in `arena`, length in
    /// turns of `arena`, solver length).
    words: Vec<Vec<(u32, u16, u16)>>,
    arena: Vec<Mv>,
    capped: bool,
}

/// A hash of sparse pairs (sorted by position).
fn key(p: &[[u16; 2]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &[a, b] in p {
        h ^= (u64::from(a) << 16) | u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3).rotate_left(17);
    }
    h
}

/// `w`'s inverse: its turns undone in reverse order.
fn inverse_word(w: &[Mv]) -> Vec<Mv> {
    w.iter().rev().map(|m| m.inverse()).collect()
}

/// Each size's table, built on first use: without and with the shortest
/// 3-cycles ([`super::cycles`]).
static TABLES: [[OnceLock<Table>; 2]; Size::MAX + 1] =
    [const { [const { OnceLock::new() }, const { OnceLock::new() }] }; Size::MAX + 1];

/// Loop rounds of a table's build between two looks at the caller's
/// limit.
const HALT_EVERY: usize = 1 << 6;

impl Table {
    /// Builds the table of `size`, with the shortest 3-cycles when
    /// `shortest`, or `None` as soon as `halt` says stop (looked at every
    /// [`HALT_EVERY`] rounds; the table is then the same whenever it is not
    /// cut).
    fn build(size: Size, shortest: bool, halt: Halt<'_>) -> Option<Table> {
        let cycles = cycles::cycles(size);
        let turns = Turns::new(size);
        let n = cycles.entries().len();
        let mut t = Table {
            cycles,
            index: HashMap::with_capacity(n),
            entry: Vec::with_capacity(n),
            words: Vec::with_capacity(n),
            arena: Vec::new(),
            capped: cycles.capped(),
        };
        for e in 0..n {
            let k = key(cycles.pairs_of(e));
            if let std::collections::hash_map::Entry::Vacant(v) = t.index.entry(k) {
                v.insert(t.entry.len() as u32);
                t.entry.push(e as u32);
                t.words.push(Vec::new());
            }
        }
        // A capped catalogue (from the 26×26) keeps its own words only: more
        // would cost minutes and hundreds of MB there.
        let more = !cycles.capped();
        // The catalogue's words, and the inverses of the inverse
        // permutations' words.
        for e in 0..n {
            if e % HALT_EVERY == 0 && halt() {
                return None;
            }
            let w = catalogue_word(cycles, e);
            let pairs = cycles.pairs_of(e);
            if let Some(s) = t.slot(pairs) {
                t.offer(&turns, s, &w);
            }
            if !more {
                continue;
            }
            if let Some(s) = t.slot(&inverse(pairs)) {
                t.offer(&turns, s, &inverse_word(&w));
            }
        }
        if shortest {
            // The shortest 3-cycles of each orbit, from the 4×4.
            let found = super::cycles::shortest(size, halt)?;
            t.capped |= found.capped;
            for (pairs, w) in &found.offers {
                if let Some(s) = t.slot(pairs) {
                    t.offer(&turns, s, w);
                }
            }
        }
        // Every word so far conjugated by one more layer turn.
        let all: Vec<Mv> = (0..3u8)
            .flat_map(|axis| {
                (1..=size.get() as u8)
                    .flat_map(move |layer| (1..=3u8).map(move |turns| Mv { axis, layer, turns }))
            })
            .collect();
        let mut work = 0usize;
        let mut w = Vec::new();
        let slots = if more { t.entry.len() } else { 0 };
        'slots: for s in 0..slots {
            if s % HALT_EVERY == 0 && halt() {
                return None;
            }
            let pairs = cycles.pairs_of(t.entry[s] as usize).to_vec();
            let own: Vec<Vec<Mv>> = t.words[s]
                .iter()
                .map(|&(a, l, _)| t.arena[a as usize..a as usize + l as usize].to_vec())
                .collect();
            for &m in &all {
                let g = turns.gather(m);
                if pairs.iter().all(|&[d, _]| g[d as usize] == d) {
                    continue;
                }
                work += 1;
                if work > ALT_WORK {
                    t.capped = true;
                    break 'slots;
                }
                let Some(c) = t.slot(&conjugate(&pairs, g)) else {
                    continue;
                };
                for word in &own {
                    w.clear();
                    push(&mut w, m);
                    for &x in word {
                        push(&mut w, x);
                    }
                    push(&mut w, m.inverse());
                    t.offer(&turns, c, &w);
                }
            }
        }
        Some(t)
    }

    /// The slot of permutation `p`, if the table has it.
    fn slot(&self, p: &[[u16; 2]]) -> Option<u32> {
        let &s = self.index.get(&key(p))?;
        (self.cycles.pairs_of(self.entry[s as usize] as usize) == p).then_some(s)
    }

    /// Keeps `w` among slot `s`'s words if it is new and among the
    /// [`WORDS`] shortest.
    fn offer(&mut self, turns: &Turns, s: u32, w: &[Mv]) {
        let len = turns.length(w);
        let list = &self.words[s as usize];
        if list.len() >= WORDS && list.last().is_some_and(|&(_, _, l)| usize::from(l) <= len) {
            return;
        }
        let arena = &self.arena;
        if list
            .iter()
            .any(|&(a, l, _)| &arena[a as usize..a as usize + l as usize] == w)
        {
            return;
        }
        let at = list.partition_point(|&(_, _, l)| usize::from(l) <= len);
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(w);
        let list = &mut self.words[s as usize];
        list.insert(
            at,
            (start, w.len() as u16, len.min(u16::MAX as usize) as u16),
        );
        list.truncate(WORDS);
    }

    /// The table of `size` (without the shortest 3-cycles), built on
    /// first use and kept.
    pub fn of(size: Size) -> &'static Table {
        TABLES[size.get()][0]
            .get_or_init(|| Table::build(size, false, &never).expect("never halts"))
    }

    /// The table of `size`, with the shortest 3-cycles when `shortest`,
    /// or `None` when `halt` cut the build (a build cut is thrown away;
    /// the next call starts again).
    pub fn of_within(size: Size, shortest: bool, halt: Halt<'_>) -> Option<&'static Table> {
        let slot = &TABLES[size.get()][usize::from(shortest)];
        if let Some(t) = slot.get() {
            return Some(t);
        }
        let t = Table::build(size, shortest, halt)?;
        Some(slot.get_or_init(|| t))
    }

    pub fn cycles(&self) -> &'static Cycles {
        self.cycles
    }

    /// Permutations in the table.
    pub fn len(&self) -> usize {
        self.entry.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Words in the table, over all permutations.
    pub fn word_count(&self) -> usize {
        self.words.iter().map(Vec::len).sum()
    }

    /// Whether a memory or work bound kept something out: the catalogue's
    /// (sizes past 16) or the conjugated words' ([`ALT_WORK`]).
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The slot making exactly permutation `p`, if the table has it.
    pub fn find(&self, p: &[[u16; 2]]) -> Option<u32> {
        self.slot(p)
    }

    /// A catalogue entry making slot `s`'s permutation (for its words).
    pub fn entry_of(&self, s: u32) -> u32 {
        self.entry[s as usize]
    }

    /// Slot `s`'s words, shortest first, merged.
    pub fn words(&self, s: u32) -> impl Iterator<Item = &[Mv]> {
        self.words[s as usize]
            .iter()
            .map(|&(a, l, _)| &self.arena[a as usize..a as usize + l as usize])
    }
}

/// Catalogue entry `e`'s turns, merged.
fn catalogue_word(cycles: &Cycles, e: usize) -> Vec<Mv> {
    let size = cycles.size();
    let mut out = Vec::new();
    for m in cycles.alg(e).into_moves() {
        for t in of_move(m, size) {
            push(&mut out, t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::insert::best_insertion;
    use super::*;

    /// A limit cuts the build (nothing is kept); without one the build is
    /// whole, the same as the kept table's.
    #[test]
    fn a_halt_cuts_the_build_and_none_is_kept() {
        let size = Size::new(4).unwrap();
        assert!(Table::build(size, false, &|| true).is_none());
        let calls = std::cell::Cell::new(0u32);
        let late = || {
            calls.set(calls.get() + 1);
            calls.get() > 3
        };
        assert!(
            Table::build(size, false, &late).is_none(),
            "cut after a few looks"
        );
        let whole = Table::build(size, false, &never).unwrap();
        let kept = Table::of(size);
        assert_eq!(whole.entry, kept.entry);
        assert_eq!(whole.words, kept.words);
        assert_eq!(
            Table::of_within(size, false, &|| true).map(|t| t.entry.len()),
            Some(kept.entry.len())
        );
    }

    /// The (position, source) pairs `w` makes, replayed on labelled
    /// stickers (sizes up to 6: fewer than 256 stickers).
    fn pairs_of_word(turns: &Turns, w: &[Mv]) -> Vec<[u16; 2]> {
        let mut s: Vec<u8> = (0..turns.size.stickers()).map(|i| i as u8).collect();
        turns.replay(&mut s, w, &mut Vec::new());
        s.iter()
            .enumerate()
            .filter(|&(i, &c)| i != c as usize)
            .map(|(i, &c)| [i as u16, u16::from(c)])
            .collect()
    }

    #[test]
    fn every_word_makes_its_permutation_and_none_is_longer_than_the_catalogue() {
        for n in 2..=5usize {
            let size = Size::new(n).unwrap();
            let t = Table::of(size);
            let turns = Turns::new(size);
            assert!(!t.capped(), "{n}");
            assert!(
                t.word_count() > t.len(),
                "{n}: several words per permutation"
            );
            let step = if n <= 3 { 1 } else { 5 };
            for s in (0..t.len() as u32).step_by(step) {
                let e = t.entry_of(s) as usize;
                let want = t.cycles().pairs_of(e);
                assert_eq!(t.find(want), Some(s), "{n} {s}");
                let lengths: Vec<usize> = t.words(s).map(|w| turns.length(w)).collect();
                assert!(!lengths.is_empty() && lengths.len() <= WORDS, "{n} {s}");
                assert!(lengths.is_sorted(), "{n} {s}: {lengths:?}");
                let catalogue = turns.length(&catalogue_word(t.cycles(), e));
                assert!(lengths[0] <= catalogue, "{n} {s}");
                for w in t.words(s) {
                    assert_eq!(pairs_of_word(&turns, w), want, "{n} {s}: {w:?}");
                }
            }
        }
    }

    #[test]
    fn an_insertion_makes_the_cycle_it_was_drawn_for() {
        use cubetui_cube::random::rng_from_seed;
        let size = Size::new(4).unwrap();
        let t = Table::of(size);
        let turns = Turns::new(size);
        let mut rng = rng_from_seed(7);
        // A sequence of a few turns.
        let seq: Vec<Mv> = super::super::seq::merged(
            [(0, 1, 1), (1, 2, 3), (2, 1, 2), (0, 3, 1)].map(|(axis, layer, turns)| Mv {
                axis,
                layer,
                turns,
            }),
        );
        let solved: Vec<u8> = (0..size.stickers())
            .map(|i| (i / size.face_stickers()) as u8)
            .collect();
        let e = t.cycles().of_orbit(2)[5] as usize;
        // The start that `seq` followed by that wing cycle solves: after
        // `seq` one cycle is left, and one insertion mends it.
        let mut full = seq.clone();
        for &m in &catalogue_word(t.cycles(), e) {
            push(&mut full, m);
        }
        let mut start = solved.clone();
        turns.replay(&mut start, &inverse_word(&full), &mut Vec::new());
        let mut after = start.clone();
        turns.replay(&mut after, &seq, &mut Vec::new());
        let ins = best_insertion(t, &turns, &seq, &after, &solved, 64, &mut rng).unwrap();
        let mut check = start.clone();
        turns.replay(&mut check, &ins.seq, &mut Vec::new());
        let before = after.iter().zip(&solved).filter(|(a, b)| a != b).count();
        let now = check.iter().zip(&solved).filter(|(a, b)| a != b).count();
        assert!(before > 0 && now < before, "{before} -> {now}");
        assert!(turns.length(&ins.seq) <= turns.length(&full), "{ins:?}");
    }
}
