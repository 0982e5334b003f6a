//! Building the commutator catalogue of one size: screen, close under
//! conjugation, add pair twists and flips (see the module above), in
//! slices of a few milliseconds, so whoever waits for it can stop waiting
//! between two slices ([`cycles_within`]: a time limit or an interrupt
//! holds while a big size's catalogue is built). The slices change nothing
//! in what is built: the same entries, in the same order.

use std::collections::VecDeque;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::catalogue::{Cycles, Entry, MAX_ENTRIES, Origin, Shape, classify, layer_turns};
use super::sparse::{Pairs, Scratch, conjugate, of_gather};
use cubetui_cube::face::Face;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};
use cubetui_cube::nxn::{NxnAlg, NxnKind, NxnMove, Size, tables};

/// How long one slice of the build runs before the caller may stop.
const SLICE: Duration = Duration::from_millis(5);

/// The corner and midge entries grouped by the pieces they move, and the
/// groups' keys in order.
type Groups = (HashMap<Vec<u16>, Vec<u32>>, Vec<Vec<u16>>);

/// Where a build stands.
enum Phase {
    /// Screening the commutators of outer turn `a` and layer turn `b`.
    Screen { a: usize, b: usize },
    /// Closing under conjugation: the queue of entries to conjugate.
    Close(VecDeque<u32>),
    /// Pair twists and flips from the groups of entries on the same pieces
    /// (`None` until grouped), key by key.
    Twists(Option<Groups>, usize),
    /// Indexing by sticker; then done.
    Index,
}

/// A catalogue being built.
struct Builder {
    c: Cycles,
    scratch: Scratch,
    seen: HashSet<Pairs>,
    xs: Vec<NxnMove>,
    x_sparse: Vec<Pairs>,
    a_s: Vec<NxnMove>,
    bs: Vec<NxnMove>,
    gathers: Vec<&'static [u16]>,
    /// `moved[k][s]`: turn `k` moves sticker `s`.
    moved: Vec<Vec<bool>>,
    cap: usize,
    phase: Phase,
}

fn gather(size: Size, m: NxnMove) -> &'static [u16] {
    tables(size)
        .perm(m)
        .expect("a layer turn of this size")
        .gather()
}

impl Builder {
    fn new(size: Size) -> Builder {
        let turns = layer_turns(size, &[Face::R, Face::U, Face::F]);
        let n_orbits = orbits(size).all().len();
        let xs = layer_turns(size, &[Face::R]);
        let a_s: Vec<NxnMove> = [NxnKind::outer(Face::U), NxnKind::outer(Face::D)]
            .into_iter()
            .flat_map(|k| (1..=3).filter_map(move |t| NxnMove::new(k, t)))
            .collect();
        let bs = layer_turns(size, &[Face::R, Face::F]);
        let x_sparse = xs.iter().map(|&m| of_gather(gather(size, m))).collect();
        let gathers: Vec<&'static [u16]> = turns.iter().map(|&m| gather(size, m)).collect();
        // A turn that moves none of an entry's stickers conjugates it to
        // itself: skipped before the work (the same entries, found in the
        // same order).
        let moved = gathers
            .iter()
            .map(|g| {
                g.iter()
                    .enumerate()
                    .map(|(i, &j)| i != j as usize)
                    .collect()
            })
            .collect();
        Builder {
            c: Cycles {
                size,
                turns,
                bases: Vec::new(),
                entries: Vec::new(),
                pairs: Vec::new(),
                by_orbit: vec![Vec::new(); n_orbits],
                by_sticker: Vec::new(),
                capped: false,
            },
            scratch: Scratch::new(size.stickers()),
            seen: HashSet::default(),
            xs,
            x_sparse,
            a_s,
            bs,
            gathers,
            moved,
            cap: (MAX_ENTRIES / n_orbits.max(1)).max(64),
            phase: Phase::Screen { a: 0, b: 0 },
        }
    }

    /// Builds until `until` or the end; the catalogue when it is complete.
    fn advance(&mut self, until: Instant) -> bool {
        loop {
            if self.unit() {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
        }
    }

    /// One unit of work (a screen pair, a conjugated entry, a group of
    /// twists, the index); whether the catalogue is complete.
    fn unit(&mut self) -> bool {
        let size = self.c.size;
        match &mut self.phase {
            Phase::Screen { a, b } => {
                let (ai, bi) = (*a, *b);
                if ai >= self.a_s.len() {
                    self.phase = Phase::Close((0..self.c.entries.len() as u32).collect());
                    return false;
                }
                *b += 1;
                if *b >= self.bs.len() {
                    *a += 1;
                    *b = 0;
                }
                self.screen(self.a_s[ai], self.bs[bi]);
            }
            Phase::Close(queue) => match queue.pop_front() {
                Some(i) => self.close_one(i),
                None => self.phase = Phase::Twists(None, 0),
            },
            Phase::Twists(None, _) => {
                let groups = self.groups();
                let mut keys: Vec<Vec<u16>> = groups.keys().cloned().collect();
                keys.sort();
                self.phase = Phase::Twists(Some((groups, keys)), 0);
            }
            Phase::Twists(Some((groups, keys)), at) => {
                let Some(key) = keys.get(*at) else {
                    self.phase = Phase::Index;
                    return false;
                };
                *at += 1;
                let group = groups[key].clone();
                self.twists(&group);
            }
            Phase::Index => {
                let mut by_sticker = vec![Vec::new(); size.stickers()];
                for (i, e) in self.c.entries.iter().enumerate() {
                    for &[d, _] in
                        &self.c.pairs[e.start as usize..e.start as usize + e.len as usize]
                    {
                        by_sticker[d as usize].push(i as u32);
                    }
                }
                self.c.by_sticker = by_sticker;
                return true;
            }
        }
        false
    }

    /// Step 1, the screen: [X, A B A⁻¹] for every R-axis layer turn X.
    fn screen(&mut self, a: NxnMove, b: NxnMove) {
        let size = self.c.size;
        let y = conjugate(&of_gather(gather(size, b)), gather(size, a));
        for xi in 0..self.x_sparse.len() {
            let c = self.scratch.commutator(&self.x_sparse[xi], &y);
            let Some((orbit, Shape::Cycle)) = classify(size, &c) else {
                continue;
            };
            if self.seen.contains(&c) {
                continue;
            }
            let x = self.xs[xi];
            let alg = NxnAlg::new(vec![
                x,
                a,
                b,
                a.inverse(),
                x.inverse(),
                a,
                b.inverse(),
                a.inverse(),
            ]);
            self.push_base(orbit, Shape::Cycle, alg, &c);
            self.seen.insert(c);
        }
    }

    /// Step 2, the closure under conjugation: entry `i` conjugated by every
    /// turn, at most `cap` entries per orbit (breadth first: new entries
    /// queue up).
    fn close_one(&mut self, i: u32) {
        let e = self.c.entries[i as usize];
        for k in 0..self.gathers.len() {
            if self.c.by_orbit[e.orbit as usize].len() >= self.cap {
                self.c.capped = true;
                break;
            }
            if !self
                .c
                .pairs_of(i as usize)
                .iter()
                .any(|&[d, _]| self.moved[k][d as usize])
            {
                continue;
            }
            let c = conjugate(self.c.pairs_of(i as usize), self.gathers[k]);
            if self.seen.contains(&c) {
                continue;
            }
            let origin = Origin::Conjugate {
                parent: i,
                turn: k as u16,
            };
            self.push(e.orbit as usize, e.shape, e.moves as usize + 2, origin, &c);
            self.seen.insert(c);
            if let Phase::Close(queue) = &mut self.phase {
                queue.push_back(self.c.entries.len() as u32 - 1);
            }
        }
    }

    /// The corner and midge entries grouped by the pieces they move.
    fn groups(&self) -> HashMap<Vec<u16>, Vec<u32>> {
        let o = orbits(self.c.size);
        let mut groups: HashMap<Vec<u16>, Vec<u32>> = HashMap::default();
        for (i, e) in self.c.entries.iter().enumerate() {
            let kind = o.all()[e.orbit as usize].kind;
            if matches!(kind, OrbitKind::Corners | OrbitKind::Midges) {
                let mut key: Vec<u16> = self
                    .c
                    .pairs_of(i)
                    .iter()
                    .map(|&[d, _]| o.piece_of(d as usize) as u16)
                    .collect();
                key.sort_unstable();
                key.dedup();
                groups.entry(key).or_default().push(i as u32);
            }
        }
        groups
    }

    /// Step 3, pair twists and flips: products of two cycles of the same
    /// pieces.
    fn twists(&mut self, group: &[u32]) {
        let size = self.c.size;
        for &i in group {
            for &j in group {
                let p = self
                    .scratch
                    .product(&[self.c.pairs_of(i as usize), self.c.pairs_of(j as usize)]);
                if p.is_empty() || self.seen.contains(&p) {
                    continue;
                }
                let Some((orbit, Shape::Twist)) = classify(size, &p) else {
                    continue;
                };
                let mut alg = self.c.alg(i as usize).into_moves();
                alg.extend(self.c.alg(j as usize).into_moves());
                self.push_base(orbit, Shape::Twist, NxnAlg::new(alg), &p);
                self.seen.insert(p);
            }
        }
    }

    fn push_base(&mut self, orbit: usize, shape: Shape, alg: NxnAlg, pairs: &[[u16; 2]]) {
        let moves = alg.len();
        self.c.bases.push(alg);
        let origin = Origin::Base(self.c.bases.len() as u32 - 1);
        self.push(orbit, shape, moves, origin, pairs);
    }

    fn push(&mut self, orbit: usize, shape: Shape, moves: usize, origin: Origin, p: &[[u16; 2]]) {
        let c = &mut self.c;
        c.entries.push(Entry {
            orbit: orbit as u16,
            shape,
            moves: moves.min(u16::MAX as usize) as u16,
            start: c.pairs.len() as u32,
            len: p.len() as u8,
            origin,
        });
        c.pairs.extend_from_slice(p);
        c.by_orbit[orbit].push(c.entries.len() as u32 - 1);
    }
}

/// The catalogues built, one per size.
static CYCLES: [OnceLock<Cycles>; Size::MAX + 1] = [const { OnceLock::new() }; Size::MAX + 1];
/// The builds under way, one per size: whoever waits for a catalogue
/// builds a slice of it.
static BUILDS: [Mutex<Option<Builder>>; Size::MAX + 1] =
    [const { Mutex::new(None) }; Size::MAX + 1];

/// The catalogue of `size`, built on first use and kept (one per size).
pub fn cycles(size: Size) -> &'static Cycles {
    loop {
        if let Some(c) = cycles_within(size, &|| false) {
            return c;
        }
    }
}

/// The catalogue of `size` if it is built, else a build of it (or of its
/// rest: a build cut short goes on where it stopped) in slices of a few
/// milliseconds until it is complete or `halt` says to stop (checked
/// before each slice): `None` then. Callers on several threads share the
/// work.
pub fn cycles_within(size: Size, halt: &dyn Fn() -> bool) -> Option<&'static Cycles> {
    let cell = &CYCLES[size.get()];
    loop {
        if let Some(c) = cell.get() {
            return Some(c);
        }
        if halt() {
            return None;
        }
        let mut build = BUILDS[size.get()]
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if cell.get().is_some() {
            continue;
        }
        let b = build.get_or_insert_with(|| Builder::new(size));
        if b.advance(Instant::now() + SLICE)
            && let Some(done) = build.take()
        {
            let _ = cell.set(done.c);
        }
    }
}

/// Whether the catalogue of `size` is built.
pub fn built(size: Size) -> bool {
    CYCLES[size.get()].get().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue built in one go.
    fn whole(size: Size) -> Cycles {
        let mut b = Builder::new(size);
        while !b.advance(Instant::now() + Duration::from_secs(3600)) {}
        b.c
    }

    #[test]
    fn a_build_in_single_units_gives_the_same_catalogue() {
        for n in [3, 4, 5] {
            let size = Size::new(n).unwrap();
            let a = whole(size);
            let mut b = Builder::new(size);
            let mut slices = 0;
            // A deadline already passed: one unit a call.
            while !b.advance(Instant::now()) {
                slices += 1;
            }
            assert!(slices > 100, "{n}: {slices}");
            let b = b.c;
            assert_eq!(a.entries().len(), b.entries().len(), "{n}");
            assert_eq!(a.pairs, b.pairs, "{n}");
            assert_eq!(a.by_sticker, b.by_sticker, "{n}");
            for i in (0..a.entries().len()).step_by(97) {
                assert_eq!(a.alg(i), b.alg(i), "{n} {i}");
            }
        }
    }

    #[test]
    fn a_halted_wait_returns_at_once_and_the_build_goes_on_later() {
        // 13: no other test of this crate builds it.
        let size = Size::new(13).unwrap();
        assert!(cycles_within(size, &|| true).is_none());
        assert!(!built(size));
        // Three slices, then stop: part of it is built and kept.
        let calls = std::cell::Cell::new(0);
        let third = || {
            calls.set(calls.get() + 1);
            calls.get() > 3
        };
        assert!(cycles_within(size, &third).is_none());
        assert!(!built(size));
        assert!(BUILDS[13].lock().unwrap().is_some(), "kept to go on with");
    }
}
