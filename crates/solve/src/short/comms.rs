//! Short commutators `sa-short` inserts besides the table's 3-cycles: every
//! [X, Y] = X Y X⁻¹ Y⁻¹ of two single-layer turns about different axes
//! (four turns) that moves at most [`MOST_MOVED`] stickers — on big cubes
//! the [di, rj] of two inner slices, two centre 3-cycles for four turns —
//! and the scan that places one: every commutator at every position of
//! the sequence, judged by what it does at the sequence's end (carried
//! forward through the rest of the sequence), the one of fewest turns per
//! sticker put right wins. Past [`SCAN_WORK`] the scan looks at a spaced
//! subset of the positions (from a random offset).

use std::collections::HashSet;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use rand::{Rng, RngExt};

use crate::api::Halt;
use crate::neighbourhood::cycles::sparse::{Pairs, Scratch};
use cubetui_cube::nxn::Size;

use super::insert::{Insertion, local_delta};
use super::seq::{Mv, Turns, push};

/// Stickers a kept commutator moves at most (two 3-cycles of pieces of
/// up to two stickers).
pub const MOST_MOVED: usize = 12;

/// Sticker pairs one scan looks at, at most, before it spaces out the
/// positions it tries.
pub const SCAN_WORK: usize = 200_000;

/// Each size's commutators, once built.
static COMMS: [OnceLock<Comms>; Size::MAX + 1] = [const { OnceLock::new() }; Size::MAX + 1];

/// Whether a size's build has been started ([`Comms::of_within`]).
static STARTED: [AtomicBool; Size::MAX + 1] = [const { AtomicBool::new(false) }; Size::MAX + 1];

/// How long [`Comms::of_within`] sleeps between two looks.
const POLL: Duration = Duration::from_millis(1);

/// The short commutators of one size.
#[derive(Debug)]
pub struct Comms {
    words: Vec<[Mv; 4]>,
    pairs: Vec<Pairs>,
    /// Stickers moved, over all commutators.
    moved: usize,
}

impl Comms {
    fn build(size: Size) -> Comms {
        let turns = Turns::new(size);
        let n = size.get() as u8;
        let mut scratch = Scratch::new(size.stickers());
        let mut seen = HashSet::new();
        let mut out = Comms {
            words: Vec::new(),
            pairs: Vec::new(),
            moved: 0,
        };
        let all = |axis: u8| {
            (1..=n).flat_map(move |layer| (1..=3u8).map(move |turns| Mv { axis, layer, turns }))
        };
        for a in 0..3u8 {
            for b in (0..3u8).filter(|&b| b != a) {
                for x in all(a) {
                    for y in all(b) {
                        let p = scratch.commutator(turns.pairs(x), turns.pairs(y));
                        if p.is_empty() || p.len() > MOST_MOVED || !seen.insert(p.clone()) {
                            continue;
                        }
                        out.moved += p.len();
                        out.words.push([x, y, x.inverse(), y.inverse()]);
                        out.pairs.push(p);
                    }
                }
            }
        }
        out
    }

    /// The commutators of `size`, built on first use and kept.
    pub fn of(size: Size) -> &'static Comms {
        COMMS[size.get()].get_or_init(|| Comms::build(size))
    }

    /// [`Comms::of`], built on a thread of its own (started by the first
    /// call) and waited for until `halt` says stop (a tenth of a second on
    /// big cubes, too long for a limit to wait): `None` then. The
    /// commutators are the same whoever builds them.
    pub fn of_within(size: Size, halt: Halt<'_>) -> Option<&'static Comms> {
        let n = size.get();
        if !STARTED[n].swap(true, Ordering::Relaxed) {
            let spawned = std::thread::Builder::new()
                .name("short-commutators".into())
                .spawn(move || {
                    Comms::of(size);
                });
            if spawned.is_err() {
                return Some(Comms::of(size));
            }
        }
        loop {
            if let Some(c) = COMMS[n].get() {
                return Some(c);
            }
            if halt() {
                return None;
            }
            std::thread::sleep(POLL);
        }
    }

    /// Commutators kept.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Commutator `i`'s four turns.
    pub fn word(&self, i: usize) -> &[Mv; 4] {
        &self.words[i]
    }
}

/// The best short commutator to insert into `seq`, whose end state is `s`
/// (stickers that should show `want`): the (position, commutator) of
/// fewest turns per misplaced sticker put right at the end (fewer turns
/// among equals). `None` when none puts a sticker right.
pub fn best_short<R: Rng>(
    comms: &Comms,
    turns: &Turns,
    seq: &[Mv],
    s: &[u8],
    want: &[u8],
    rng: &mut R,
) -> Option<Insertion> {
    let words = |k: usize| &comms.words[k][..];
    let scan = Scan {
        pairs: &comms.pairs,
        moved: comms.moved,
        cap: SCAN_WORK,
    };
    scan.best(words, turns, seq, s, want, rng)
}

/// Words and their pairs a scan tries ([`best_short`], and the
/// constructive seed's commutators of up to six turns).
pub(super) struct Scan<'a> {
    /// Each word's (position, source) pairs.
    pub(super) pairs: &'a [Pairs],
    /// Stickers moved, over all words.
    pub(super) moved: usize,
    /// Sticker pairs one scan looks at, at most, before it spaces out the
    /// positions it tries.
    pub(super) cap: usize,
}

impl Scan<'_> {
    /// The (position, word) of fewest turns per misplaced sticker of `s`
    /// put right at the end of `seq` (fewer turns among equals); `None`
    /// when none puts a sticker right.
    pub(super) fn best<'w, R: Rng>(
        &self,
        word: impl Fn(usize) -> &'w [Mv],
        turns: &Turns,
        seq: &[Mv],
        s: &[u8],
        want: &[u8],
        rng: &mut R,
    ) -> Option<Insertion> {
        let (pairs, moved) = (self.pairs, self.moved);
        if pairs.is_empty() {
            return None;
        }
        let l = seq.len();
        let every = ((l + 1) * moved).div_ceil(self.cap).max(1);
        let offset = rng.random_range(0..every);
        // `to_end[x]`: where a sticker at `x` before `seq[at..]` is at the end.
        let mut to_end: Vec<u16> = (0..s.len() as u16).collect();
        let mut tmp: Vec<u16> = Vec::new();
        let mut buf = Vec::new();
        // (turns added, stickers put right (negative), position, index) and
        // the commutator's pairs as the end sees them.
        let mut best: Option<(i64, i64, usize, usize)> = None;
        let mut at_end: Pairs = Vec::new();
        for at in (0..=l).rev() {
            if at < l {
                // A turn gathering `src` into `i` sends the sticker at `src` to `i`.
                let p = turns.pairs(seq[at]);
                tmp.clear();
                tmp.extend(p.iter().map(|&[i, _]| to_end[i as usize]));
                for (&[_, src], &e) in p.iter().zip(&tmp) {
                    to_end[src as usize] = e;
                }
            }
            if every > 1 && at != l && at % every != offset {
                continue;
            }
            for (k, p) in pairs.iter().enumerate() {
                let mut d = 0i64;
                for &[i, src] in p {
                    let (a, b) = (to_end[i as usize] as usize, to_end[src as usize] as usize);
                    let w = want[a];
                    d += i64::from(s[b] != w) - i64::from(s[a] != w);
                }
                if d >= 0 {
                    continue;
                }
                let dl = local_delta(turns, seq, at, word(k), &mut buf);
                // dl / -d < bl / -bd  ⇔  dl · (-bd) < bl · (-d)
                let better = best.is_none_or(|(bl, bd, _, _)| {
                    dl * -bd < bl * -d || (dl * -bd == bl * -d && dl < bl)
                });
                if better {
                    best = Some((dl, d, at, k));
                    at_end.clear();
                    at_end.extend(
                        p.iter()
                            .map(|&[i, src]| [to_end[i as usize], to_end[src as usize]]),
                    );
                }
            }
        }
        let (_, d, at, k) = best?;
        let word = word(k).to_vec();
        let mut out = seq[..at].to_vec();
        for &m in word.iter().chain(&seq[at..]) {
            push(&mut out, m);
        }
        at_end.sort_unstable();
        Some(Insertion {
            at,
            word,
            entry: None,
            at_end,
            fixed: (-d) as u32,
            seq: out,
        })
    }
}
