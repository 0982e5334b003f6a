//! The proposals of `sa-short`: each builds a candidate sequence, which is
//! judged on length + weight × misplaced pieces; the one annealing loop
//! (`anneal.rs`) gives the Metropolis verdict and an accepted one is
//! committed.

use rand::RngExt;

use super::Short;
use super::comms::{Comms, best_short};
use super::insert::best_insertion;
use super::seq::{Mv, push};
use cubetui_cube::random::CubeRng;

/// What the last proposal was.
#[derive(Clone, Debug)]
pub(super) enum Op {
    Replace {
        at: usize,
        old: Mv,
        new: Mv,
    },
    Swap {
        at: usize,
    },
    InsertOne {
        at: usize,
        m: Mv,
    },
    DeleteOne {
        at: usize,
    },
    InsertPair {
        at: usize,
        to: usize,
        m: Mv,
    },
    DeletePair {
        at: usize,
        to: usize,
    },
    DeleteSegment {
        at: usize,
        to: usize,
    },
    Insert {
        at: usize,
        entry: Option<u32>,
        word: Vec<Mv>,
    },
    Cut,
    Completion,
}

/// A judged proposal: what it is, and what its candidate (in
/// `self.cand`) does.
#[derive(Debug)]
pub(super) struct Judged {
    op: Op,
    len: usize,
    delta_len: i64,
    pieces: u32,
    stickers: u32,
    /// The checkpoint the candidate was judged from, and the maps to the
    /// end it keeps ([`Short::rebuild`]).
    from: usize,
    kept: usize,
}

#[derive(Clone, Debug)]
pub(super) struct Last {
    pub(super) op: Op,
    pub(super) delta_len: i64,
    pub(super) accepted: bool,
}

impl Short {
    /// Builds the candidate of one random proposal in `self.cand`,
    /// drawing from `rng`.
    pub(super) fn propose(&mut self, rng: &mut CubeRng) -> Option<Op> {
        let l = self.cur.seq.len();
        let seq = &self.cur.seq;
        let random = &self.turns.random;
        let draw = |rng: &mut CubeRng| random[rng.random_range(0..random.len())];
        self.cand.clear();
        let r: f64 = rng.random();
        if r < self.p.insert_rate {
            if self.cur.pieces == 0 {
                return None;
            }
            let table = self.table?;
            let want = self.mis.want();
            let ins = best_insertion(
                table,
                &self.turns,
                seq,
                &self.cur.end,
                want,
                self.p.insert_candidates,
                rng,
            )?;
            self.cand = ins.seq;
            self.insertions += 1;
            return Some(Op::Insert {
                at: ins.at,
                entry: ins.entry,
                word: ins.word,
            });
        }
        if r < self.p.insert_rate + self.p.short_rate {
            if self.cur.pieces == 0 {
                return None;
            }
            let comms = Comms::of(self.size);
            let ins = best_short(comms, &self.turns, seq, &self.cur.end, self.mis.want(), rng)?;
            self.cand = ins.seq;
            self.insertions += 1;
            return Some(Op::Insert {
                at: ins.at,
                entry: None,
                word: ins.word,
            });
        }
        let kind = rng.random_range(0..12u32);
        let span = self.p.pair_span as usize;
        let op = match kind {
            0..=2 if l > 0 => {
                let at = rng.random_range(0..l);
                let new = draw(rng);
                if new == seq[at] {
                    return None;
                }
                self.cand.extend_from_slice(&seq[..at]);
                for &m in std::iter::once(&new).chain(&seq[at + 1..]) {
                    push(&mut self.cand, m);
                }
                Op::Replace {
                    at,
                    old: seq[at],
                    new,
                }
            }
            3..=5 if l > 1 => {
                let at = rng.random_range(0..l - 1);
                if seq[at].axis == seq[at + 1].axis {
                    return None;
                }
                self.cand.extend_from_slice(&seq[..at]);
                for &m in [seq[at + 1], seq[at]].iter().chain(&seq[at + 2..]) {
                    push(&mut self.cand, m);
                }
                Op::Swap { at }
            }
            6 => {
                let at = rng.random_range(0..=l);
                let m = draw(rng);
                self.cand.extend_from_slice(&seq[..at]);
                for &x in std::iter::once(&m).chain(&seq[at..]) {
                    push(&mut self.cand, x);
                }
                Op::InsertOne { at, m }
            }
            7 if l > 0 => {
                let at = rng.random_range(0..l);
                self.cand.extend_from_slice(&seq[..at]);
                for &x in &seq[at + 1..] {
                    push(&mut self.cand, x);
                }
                Op::DeleteOne { at }
            }
            8 => {
                let at = rng.random_range(0..=l);
                let to = (at + rng.random_range(1..=span)).min(l);
                let m = draw(rng);
                self.cand.extend_from_slice(&seq[..at]);
                push(&mut self.cand, m);
                for &x in &seq[at..to] {
                    push(&mut self.cand, x);
                }
                push(&mut self.cand, m.inverse());
                for &x in &seq[to..] {
                    push(&mut self.cand, x);
                }
                Op::InsertPair { at, to, m }
            }
            9 if l > 1 => {
                let at = rng.random_range(0..l - 1);
                let to = (at + rng.random_range(1..=span)).min(l - 1);
                self.cand.extend_from_slice(&seq[..at]);
                for (k, &x) in seq.iter().enumerate().skip(at + 1) {
                    if k != to {
                        push(&mut self.cand, x);
                    }
                }
                Op::DeletePair { at, to }
            }
            10 | 11 if l > 1 => {
                let at = rng.random_range(0..l - 1);
                let to = (at + rng.random_range(2..=self.p.segment.max(2) as usize)).min(l);
                self.cand.extend_from_slice(&seq[..at]);
                for &x in &seq[to..] {
                    push(&mut self.cand, x);
                }
                Op::DeleteSegment { at, to }
            }
            _ => return None,
        };
        Some(op)
    }

    /// One proposal drawn from `rng` and judged (the weight at its place in the
    /// cycle: the proposals made before it): its energy change
    /// (`None`: no candidate, nothing to judge), what it is, and the work
    /// it took (in sticker moves).
    pub(super) fn judge(&mut self, rng: &mut CubeRng) -> (Option<f64>, Option<Judged>, u64) {
        let Some(op) = self.propose(rng) else {
            return (None, None, 1);
        };
        let mut work = (self.cand.len() as u64).max(1) * 4 * self.size.get() as u64;
        if matches!(op, Op::Insert { entry: None, .. }) {
            work += super::comms::SCAN_WORK as u64;
        }
        let (pieces, stickers, from, kept) = self.evaluate();
        let len = self.turns.length(&self.cand);
        let weight = self.weight();
        let delta_len = len as i64 - self.cur.len as i64;
        let delta = delta_len as f64 + weight * (f64::from(pieces) - f64::from(self.cur.pieces));
        let judged = Judged {
            op,
            len,
            delta_len,
            pieces,
            stickers,
            from,
            kept,
        };
        (Some(delta), Some(judged), work)
    }

    /// The verdict on a judged proposal: an accepted one becomes the
    /// current sequence (and the best, when solved and shorter).
    pub(super) fn commit(&mut self, judged: Option<Judged>, accepted: bool) {
        let Some(j) = judged else {
            return;
        };
        if accepted {
            self.accepted += 1;
            std::mem::swap(&mut self.cur.seq, &mut self.cand);
            self.cur.len = j.len;
            self.rebuild(j.from, j.kept);
            debug_assert_eq!((self.cur.pieces, self.cur.stickers), (j.pieces, j.stickers));
            if self.cur.pieces == 0 && j.len < self.best_len {
                let seq = self.cur.seq.clone();
                self.keep_if_best(&seq);
            }
        }
        self.last = Some(Last {
            op: j.op,
            delta_len: j.delta_len,
            accepted,
        });
    }
}
