//! Stage 2 of the constructive seed ([`super::build`]): simulated annealing
//! over a sequence of single-layer turns that leaves the cube roughly
//! aligned, as the Santa 2023 winners began theirs. The sequence starts as
//! the exact part followed by the parity turns ([`super::parity`]); every
//! proposal only adds, changes, moves or removes turns of *free* layers
//! (inner slices but an odd size's middle one), so the exact part's turns
//! keep their order and what they solved stays solved (free turns never
//! move corners, middle edges or fixed centres), and every proposal keeps
//! every orbit's parity: a quarter turn of layer `l` may only become one of
//! layer `l` or `n + 1 − l` (the same wing orbit), a half turn a half turn;
//! pairs of such quarter turns (or one half turn) are inserted or deleted;
//! two adjacent turns about different axes, one of them free, are swapped
//! (a swap is two 3-cycles' worth of change, very local). The energy is
//! the length plus a weight × the misplaced pieces; the temperature falls
//! exponentially over the budget.

use rand::RngExt;

use super::parity::{class, free};
use super::seq::{Misplaced, Mv, Turns, push};
use cubetui_cube::random::CubeRng;

/// Temperature at the start and the end of the budget (in turns).
const T_START: f64 = 1.5;
const T_END: f64 = 0.15;

/// Farthest apart the two turns of an inserted or deleted pair are.
const SPAN: usize = 8;

/// Draws of a free position before a proposal gives up.
const TRIES: usize = 8;

/// The annealed sequence with the state after each of its prefixes.
#[derive(Debug)]
pub(super) struct Rough {
    pub(super) seq: Vec<Mv>,
    /// Misplaced pieces at the end.
    pub(super) pieces: u32,
    /// `ck[i]`: the state after `seq[..i]`, flat.
    ck: Vec<u8>,
    stickers: usize,
    cand: Vec<Mv>,
    work: Vec<u8>,
    tmp: Vec<u8>,
    /// Proposals made, and the budget.
    pub(super) done: u64,
    budget: u64,
    weight: f64,
}

impl Rough {
    /// Starts from `seq` (merged) on the state `start`.
    pub(super) fn new(
        seq: Vec<Mv>,
        start: &[u8],
        turns: &Turns,
        mis: &mut Misplaced,
        budget: u64,
        weight: f64,
    ) -> Rough {
        let mut r = Rough {
            seq,
            pieces: 0,
            ck: start.to_vec(),
            stickers: start.len(),
            cand: Vec::new(),
            work: Vec::new(),
            tmp: Vec::new(),
            done: 0,
            budget,
            weight,
        };
        r.rebuild(0, turns, mis);
        r
    }

    pub(super) fn finished(&self) -> bool {
        self.done >= self.budget
    }

    /// The state at the end of the sequence.
    pub(super) fn end(&self) -> &[u8] {
        let s = self.stickers;
        &self.ck[self.seq.len() * s..(self.seq.len() + 1) * s]
    }

    /// Recomputes the states after `seq[..i]` for `i > from`.
    fn rebuild(&mut self, from: usize, turns: &Turns, mis: &mut Misplaced) {
        let s = self.stickers;
        self.ck.truncate((from + 1) * s);
        let mut state = self.ck[from * s..].to_vec();
        for &m in &self.seq[from..] {
            turns.replay(&mut state, &[m], &mut self.tmp);
            self.ck.extend_from_slice(&state);
        }
        self.pieces = mis.count(&state).0;
    }

    fn temperature(&self) -> f64 {
        let x = (self.done as f64 / self.budget.max(1) as f64).min(1.0);
        T_START * (T_END / T_START).powf(x)
    }

    /// A random position of a free turn, if a few draws find one.
    fn free_at(&self, turns: &Turns, rng: &mut CubeRng) -> Option<usize> {
        if self.seq.is_empty() {
            return None;
        }
        (0..TRIES)
            .map(|_| rng.random_range(0..self.seq.len()))
            .find(|&p| free(turns.size, self.seq[p].layer))
    }

    /// A random free turn: of layer class `of` if given (either of its two
    /// layers), a quarter turn unless `half`.
    fn draw(turns: &Turns, of: Option<u8>, half: bool, rng: &mut CubeRng) -> Mv {
        let n = turns.size.get() as u8;
        let layer = loop {
            let l = match of {
                Some(c) if rng.random::<bool>() => n + 1 - c,
                Some(c) => c,
                None => rng.random_range(2..n),
            };
            if free(turns.size, l) {
                break l;
            }
        };
        let t = if half {
            2
        } else if rng.random::<bool>() {
            1
        } else {
            3
        };
        Mv {
            axis: rng.random_range(0..3u8),
            layer,
            turns: t,
        }
    }

    /// Builds one parity-keeping candidate in `self.cand`; false when the
    /// draw makes none.
    fn propose(&mut self, turns: &Turns, rng: &mut CubeRng) -> bool {
        let size = turns.size;
        let l = self.seq.len();
        let seq = &self.seq;
        self.cand.clear();
        match rng.random_range(0..10u32) {
            0..=2 => {
                let Some(p) = self.free_at(turns, rng) else {
                    return false;
                };
                let old = seq[p];
                let new = Self::draw(turns, Some(class(size, old.layer)), old.turns == 2, rng);
                if new == old {
                    return false;
                }
                self.cand.extend_from_slice(&seq[..p]);
                for &m in std::iter::once(&new).chain(&seq[p + 1..]) {
                    push(&mut self.cand, m);
                }
            }
            3..=5 => {
                if l < 2 {
                    return false;
                }
                let p = rng.random_range(0..l - 1);
                let (a, b) = (seq[p], seq[p + 1]);
                if a.axis == b.axis || !(free(size, a.layer) || free(size, b.layer)) {
                    return false;
                }
                self.cand.extend_from_slice(&seq[..p]);
                for &m in [b, a].iter().chain(&seq[p + 2..]) {
                    push(&mut self.cand, m);
                }
            }
            6 | 7 => {
                let at = rng.random_range(0..=l);
                if rng.random_range(0..4u32) == 0 {
                    let m = Self::draw(turns, None, true, rng);
                    self.cand.extend_from_slice(&seq[..at]);
                    for &x in std::iter::once(&m).chain(&seq[at..]) {
                        push(&mut self.cand, x);
                    }
                } else {
                    let to = (at + rng.random_range(0..=SPAN)).min(l);
                    let a = Self::draw(turns, None, false, rng);
                    let b = Self::draw(turns, Some(class(size, a.layer)), false, rng);
                    self.cand.extend_from_slice(&seq[..at]);
                    push(&mut self.cand, a);
                    for &x in &seq[at..to] {
                        push(&mut self.cand, x);
                    }
                    push(&mut self.cand, b);
                    for &x in &seq[to..] {
                        push(&mut self.cand, x);
                    }
                }
            }
            _ => {
                let Some(p) = self.free_at(turns, rng) else {
                    return false;
                };
                let c = class(size, seq[p].layer);
                let q = if seq[p].turns == 2 {
                    None
                } else {
                    let q = (p + 1..l.min(p + 1 + SPAN)).find(|&q| {
                        free(size, seq[q].layer)
                            && class(size, seq[q].layer) == c
                            && seq[q].turns != 2
                    });
                    if q.is_none() {
                        return false;
                    }
                    q
                };
                self.cand.extend_from_slice(&seq[..p]);
                for (k, &x) in seq.iter().enumerate().skip(p + 1) {
                    if Some(k) != q {
                        push(&mut self.cand, x);
                    }
                }
            }
        }
        true
    }

    /// One proposal: drawn, judged, accepted or not; what it replayed, in
    /// sticker moves.
    pub(super) fn proposal(
        &mut self,
        turns: &Turns,
        mis: &mut Misplaced,
        rng: &mut CubeRng,
    ) -> u64 {
        self.done += 1;
        if !self.propose(turns, rng) {
            return 1;
        }
        let head = self
            .cand
            .iter()
            .zip(&self.seq)
            .position(|(a, b)| a != b)
            .unwrap_or(self.cand.len().min(self.seq.len()));
        let s = self.stickers;
        self.work.clear();
        self.work
            .extend_from_slice(&self.ck[head * s..(head + 1) * s]);
        turns.replay(&mut self.work, &self.cand[head..], &mut self.tmp);
        let pieces = mis.count(&self.work).0;
        let work = ((self.cand.len() - head) as u64 + 1) * 4 * turns.size.get() as u64;
        let delta = turns.length(&self.cand) as f64 - turns.length(&self.seq) as f64
            + self.weight * (f64::from(pieces) - f64::from(self.pieces));
        let t = self.temperature();
        if delta <= 0.0 || rng.random::<f64>() < (-delta / t).exp() {
            std::mem::swap(&mut self.seq, &mut self.cand);
            self.rebuild(head, turns, mis);
        }
        work
    }
}

#[cfg(test)]
mod tests {
    use super::super::parity::{odd_orbits, parity_fix};
    use super::super::seq::{merged, of_move};
    use super::*;
    use cubetui_cube::nxn::orbits::{OrbitKind, orbits};
    use cubetui_cube::nxn::random::random_moves;
    use cubetui_cube::nxn::{NxnCube, Size};
    use cubetui_cube::random::rng_from_seed;

    /// Through the annealing every orbit stays even, the outer and middle
    /// turns (the exact part's) keep their order, what they solved stays
    /// solved, and the energy falls.
    #[test]
    fn the_annealing_keeps_parity_and_the_exact_part() {
        for n in [4, 5, 7] {
            let size = Size::new(n).unwrap();
            let turns = Turns::new(size);
            let solved = NxnCube::solved(size);
            let home = solved.face_colours();
            let mut mis = Misplaced::new(size, &home);
            let mut rng = rng_from_seed(n as u64);
            // A start whose exact part is a few outer turns: the scramble
            // is inner turns and the inverse of those outer turns.
            let outer: Vec<Mv> = (0..6)
                .map(|k| Mv {
                    axis: k % 3,
                    layer: 1,
                    turns: 1 + k % 2,
                })
                .collect();
            let inner: Vec<Mv> = random_moves(&mut rng, size, 40)
                .into_moves()
                .into_iter()
                .flat_map(|m| of_move(m, size))
                .filter(|m| free(size, m.layer))
                .collect();
            let undo: Vec<Mv> = outer.iter().rev().map(|m| m.inverse()).collect();
            let mut start = solved.stickers().to_vec();
            turns.replay(&mut start, &inner, &mut Vec::new());
            turns.replay(&mut start, &undo, &mut Vec::new());
            let mut after = start.clone();
            turns.replay(&mut after, &outer, &mut Vec::new());
            let fix = parity_fix(size, &after, &home).unwrap();
            let seq = merged(outer.iter().copied().chain(fix));
            let mut r = Rough::new(seq, &start, &turns, &mut mis, 20_000, 1.5);
            let (len0, pieces0) = (r.seq.len(), r.pieces);
            while !r.finished() {
                r.proposal(&turns, &mut mis, &mut rng);
                if r.done.is_multiple_of(997) {
                    let kept: Vec<Mv> = r
                        .seq
                        .iter()
                        .copied()
                        .filter(|m| !free(size, m.layer))
                        .collect();
                    assert_eq!(kept, outer, "{n}");
                    assert_eq!(odd_orbits(size, r.end(), &home), 0, "{n}");
                    let mut replayed = start.clone();
                    turns.replay(&mut replayed, &r.seq, &mut Vec::new());
                    assert_eq!(replayed, r.end(), "{n}");
                }
            }
            let o = orbits(size);
            for orbit in o.all() {
                if matches!(
                    orbit.kind,
                    OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Fixed
                ) {
                    for p in &orbit.pieces {
                        for &s in p {
                            assert_eq!(r.end()[s as usize], mis.want()[s as usize], "{n}");
                        }
                    }
                }
            }
            let e = |len: usize, p: u32| len as f64 + 1.5 * f64::from(p);
            assert!(
                e(r.seq.len(), r.pieces) < e(len0, pieces0),
                "{n}: {len0}/{pieces0} -> {}/{}",
                r.seq.len(),
                r.pieces
            );
        }
    }
}
