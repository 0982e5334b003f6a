//! Inserting into a sequence from the commutator table ([`super::table`]):
//! the cycle wanted at the end of the sequence (the one of lowest energy
//! change among a few drawn) is carried back through the sequence turn by
//! turn (conjugated by each); at every position every word the table has
//! for the carried cycle is tried, and the word and position that cancel
//! most with the neighbours win.

use rand::Rng;

use crate::neighbourhood::cycles;
use crate::neighbourhood::cycles::sparse::{Pairs, conjugate};
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::orbits;

use super::seq::{Mv, Turns, push};
use super::table::Table;

/// Where an insertion goes and what it costs.
#[derive(Clone, Debug)]
pub struct Insertion {
    /// Position in the sequence (before that turn).
    pub at: usize,
    /// The word inserted there.
    pub word: Vec<Mv>,
    /// A catalogue entry making the word's permutation (for its words);
    /// `None` for a short commutator.
    pub entry: Option<u32>,
    /// The (position, source) pairs the insertion makes at the end of the
    /// sequence.
    pub at_end: Pairs,
    /// Misplaced stickers it puts right at the end (net).
    pub fixed: u32,
    /// The sequence with it inserted, merged.
    pub seq: Vec<Mv>,
}

/// The length change of inserting `alg` into merged `seq` at `at`, counted
/// on a window around it wide enough for any cancellation.
pub(super) fn local_delta(
    turns: &Turns,
    seq: &[Mv],
    at: usize,
    alg: &[Mv],
    buf: &mut Vec<Mv>,
) -> i64 {
    // Nothing merges when neither end of `alg` meets a turn about its
    // axis (both are merged already).
    let (Some(first), Some(last)) = (alg.first(), alg.last()) else {
        return 0;
    };
    if (at == 0 || seq[at - 1].axis != first.axis)
        && seq.get(at).is_none_or(|m| m.axis != last.axis)
    {
        return turns.length(alg) as i64;
    }
    let w = alg.len() + 2;
    let (a, b) = (at.saturating_sub(w), (at + w).min(seq.len()));
    buf.clear();
    buf.extend_from_slice(&seq[a..at]);
    // A side whose ends are about different axes joins as it is.
    if at > 0 && seq[at - 1].axis == first.axis {
        for &m in alg {
            push(buf, m);
        }
    } else {
        buf.extend_from_slice(alg);
    }
    let right = &seq[at..b];
    let mut len = turns.length(buf);
    if buf
        .last()
        .is_some_and(|m| right.first().is_some_and(|r| r.axis == m.axis))
    {
        for &m in right {
            push(buf, m);
        }
        len = turns.length(buf);
    } else {
        len += turns.length(right);
    }
    len as i64 - turns.length(&seq[a..b]) as i64
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
        table.cycles(),
        rng,
        &active,
        candidates,
        |i| s[i] != want[i],
        delta,
    )?;
    if d >= 0 {
        return None;
    }
    let mut ins = place(table, turns, seq, table.cycles().pairs_of(target))?;
    ins.fixed = (-d) as u32;
    Some(ins)
}

/// The insertion into `seq` that makes permutation `target` at its end
/// for fewest turns ([`cheapest`]). `None` when no position has it in the
/// table. Its `fixed` is 0 (the caller knows what it puts right).
pub fn place(table: &Table, turns: &Turns, seq: &[Mv], target: &[[u16; 2]]) -> Option<Insertion> {
    let (_, at, s, k) = cheapest(table, turns, seq, target)?;
    let word = table.words(s).nth(k)?.to_vec();
    let out = inserted(seq, at, &word);
    Some(Insertion {
        at,
        word,
        entry: Some(table.entry_of(s)),
        at_end: target.to_vec(),
        fixed: 0,
        seq: out,
    })
}

/// Where cycle `end` (its pairs at the end of merged `seq`) costs fewest
/// turns: it is carried back through the sequence turn by turn
/// (conjugated by each), and at every position every word the table has
/// for the carried cycle is tried. (length change, position, slot, word
/// index) of the cheapest, the latest position among equals; `None` when
/// no position has the carried cycle in the table.
pub fn cheapest(
    table: &Table,
    turns: &Turns,
    seq: &[Mv],
    end: &[[u16; 2]],
) -> Option<(i64, usize, u32, usize)> {
    let mut p = end.to_vec();
    let mut best: Option<(i64, usize, u32, usize)> = None;
    let mut buf = Vec::new();
    // The carried cycle's slot, looked up again only when a turn moves it.
    let mut slot = table.find(&p);
    for at in (0..=seq.len()).rev() {
        if let Some(s) = slot {
            for (k, w) in table.words(s).enumerate() {
                let d = local_delta(turns, seq, at, w, &mut buf);
                if best.is_none_or(|(bd, _, _, _)| d < bd) {
                    best = Some((d, at, s, k));
                }
            }
        }
        if at > 0 {
            let g = turns.gather(seq[at - 1]);
            if p.iter()
                .any(|&[d, src]| g[d as usize] != d || g[src as usize] != src)
            {
                p = conjugate(&p, g);
                slot = table.find(&p);
            }
        }
    }
    best
}

/// Merged `seq` with `word` inserted before its turn `at`, merged.
pub fn inserted(seq: &[Mv], at: usize, word: &[Mv]) -> Vec<Mv> {
    let mut out = seq[..at].to_vec();
    for &m in word.iter().chain(&seq[at..]) {
        push(&mut out, m);
    }
    out
}
