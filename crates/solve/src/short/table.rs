//! The commutator table `sa-short` inserts from, and the insertion
//! operator. The table is the commutator catalogue `sa-comm` draws from
//! (`neighbourhood::cycles`: every 3-cycle of every piece orbit and the pair
//! twists and flips, found by a screen of short commutators at start and
//! closed under conjugation, bounded in memory past 16×16), indexed here by
//! the permutation each entry makes, so the entry that makes a given
//! permutation is found in one look-up.
//!
//! Inserting: the cycle wanted at the end of the sequence (the one of
//! lowest energy change among a few drawn) is carried back through the
//! sequence turn by turn (conjugated by each); at every position the
//! table gives the entry that makes the carried cycle there, and the
//! position where that entry cancels most with its neighbours wins.

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::Rng;

use crate::neighbourhood::cycles::sparse::conjugate;
use crate::neighbourhood::cycles::{self, Cycles};
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::orbits;

use super::seq::{Mv, Turns, of_move, push};

/// The catalogue of one size, indexed by permutation.
#[derive(Debug)]
pub struct Table {
    cycles: &'static Cycles,
    index: HashMap<u64, u32>,
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

impl Table {
    fn build(size: Size) -> Table {
        let cycles = cycles::cycles(size);
        let mut index = HashMap::with_capacity(cycles.entries().len());
        for e in 0..cycles.entries().len() {
            index.entry(key(cycles.pairs_of(e))).or_insert(e as u32);
        }
        Table { cycles, index }
    }

    /// The table of `size`, built on first use and kept.
    pub fn of(size: Size) -> &'static Table {
        static TABLES: [OnceLock<Table>; Size::MAX + 1] =
            [const { OnceLock::new() }; Size::MAX + 1];
        TABLES[size.get()].get_or_init(|| Table::build(size))
    }

    pub fn cycles(&self) -> &'static Cycles {
        self.cycles
    }

    /// Entries in the table.
    pub fn len(&self) -> usize {
        self.cycles.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry making exactly permutation `p`, if the table has it.
    pub fn find(&self, p: &[[u16; 2]]) -> Option<u32> {
        let &e = self.index.get(&key(p))?;
        (self.cycles.pairs_of(e as usize) == p).then_some(e)
    }

    /// Entry `e`'s turns, merged.
    pub fn moves(&self, e: u32) -> Vec<Mv> {
        let size = self.cycles.size();
        let mut out = Vec::new();
        for m in self.cycles.alg(e as usize).into_moves() {
            for t in of_move(m, size) {
                push(&mut out, t);
            }
        }
        out
    }
}

/// Where an insertion goes and what it costs.
#[derive(Clone, Debug)]
pub struct Insertion {
    /// Position in the sequence (before that turn).
    pub at: usize,
    /// The table entry inserted there.
    pub entry: u32,
    /// The entry whose permutation it makes at the end of the sequence.
    pub target: u32,
    /// The sequence with it inserted, merged.
    pub seq: Vec<Mv>,
}

/// The length change of inserting `alg` into merged `seq` at `at`, counted
/// on a window around it wide enough for any cancellation.
fn local_delta(turns: &Turns, seq: &[Mv], at: usize, alg: &[Mv], buf: &mut Vec<Mv>) -> i64 {
    let w = alg.len() + 2;
    let (a, b) = (at.saturating_sub(w), (at + w).min(seq.len()));
    buf.clear();
    buf.extend_from_slice(&seq[a..at]);
    for &m in alg.iter().chain(&seq[at..b]) {
        push(buf, m);
    }
    turns.length(buf) as i64 - turns.length(&seq[a..b]) as i64
}

/// The misplaced stickers per orbit of `s` against `want`.
pub fn bad_per_orbit(size: Size, s: &[u8], want: &[u8]) -> Vec<u32> {
    let o = orbits(size);
    let mut bad = vec![0u32; o.all().len()];
    for (i, (&c, &w)) in s.iter().zip(want).enumerate() {
        if c != w {
            bad[o.orbit_of(i)] += 1;
        }
    }
    bad
}

/// The best insertion into `seq`, whose end state is `s` (stickers that
/// should show `want`): a cycle that lowers the misplaced stickers most
/// (best of `candidates` drawn from the orbits with misplaced stickers),
/// at the position where it costs fewest turns. `None` when `s` is solved
/// or no position has the carried cycle in the table.
pub fn best_insertion<R: Rng>(
    table: &Table,
    turns: &Turns,
    seq: &[Mv],
    s: &[u8],
    want: &[u8],
    candidates: u32,
    rng: &mut R,
) -> Option<Insertion> {
    let size = turns.size;
    let bad = bad_per_orbit(size, s, want);
    let mut active = Vec::new();
    cycles::active(size, &bad, false, &mut active)?;
    let delta = |p: &[[u16; 2]]| {
        let mut d = 0;
        for &[i, src] in p {
            let w = want[i as usize];
            d += i32::from(s[src as usize] != w) - i32::from(s[i as usize] != w);
        }
        d
    };
    let (d, target) = cycles::draw(
        table.cycles,
        rng,
        &active,
        candidates,
        |i| s[i] != want[i],
        delta,
    )?;
    if d >= 0 {
        return None;
    }
    let mut p = table.cycles.pairs_of(target).to_vec();
    let mut best: Option<(i64, usize, u32)> = None;
    let mut buf = Vec::new();
    for at in (0..=seq.len()).rev() {
        if let Some(e) = table.find(&p) {
            let alg = table.moves(e);
            let d = local_delta(turns, seq, at, &alg, &mut buf);
            if best.is_none_or(|(bd, _, _)| d < bd) {
                best = Some((d, at, e));
            }
        }
        if at > 0 {
            p = conjugate(&p, turns.gather(seq[at - 1]));
        }
    }
    let (_, at, entry) = best?;
    let mut out = seq[..at].to_vec();
    for m in table
        .moves(entry)
        .into_iter()
        .chain(seq[at..].iter().copied())
    {
        push(&mut out, m);
    }
    Some(Insertion {
        at,
        entry,
        target: target as u32,
        seq: out,
    })
}
