//! How `sa-short` keeps track of the current sequence and judges a
//! candidate: states at checkpoints along the sequence (every position,
//! spaced out past [`CHECKPOINT_BYTES`]) and, while every position has
//! one, each position's map to the end (where a sticker there ends up).
//! A candidate differs from the current sequence in one stretch (a common
//! head and tail around it); only that stretch is replayed, and the
//! stickers it leaves different are carried to the end by the tail's map,
//! so judging a proposal costs the stretch and one pass over the stickers,
//! not a replay of the rest of the sequence. An accepted one recomputes
//! the checkpoints after the head and the maps before the tail.

use super::Short;
use super::seq::Mv;

/// Checkpoint states kept at most (bytes); past it they are spaced out.
const CHECKPOINT_BYTES: usize = 8 << 20;

/// Maps to the end kept at most (bytes, one per position); past it (or
/// when the checkpoints are spaced out) a proposal is replayed instead.
const BACK_BYTES: usize = 16 << 20;

impl Short {
    /// Makes `seq` the current sequence (checkpoints from scratch).
    pub(super) fn set_current(&mut self, seq: Vec<Mv>) {
        self.cur.seq = seq;
        self.cur.len = self.turns.length(&self.cur.seq);
        self.rebuild(0, 0);
    }

    /// Recomputes the checkpoints from checkpoint `from` on, the end
    /// state, and the maps to the end but their last `kept` (those of the
    /// positions in a tail the change left alone).
    pub(super) fn rebuild(&mut self, from: usize, kept: usize) {
        let s = self.stickers();
        let l = self.cur.seq.len();
        let stride = ((l + 1) * s).div_ceil(CHECKPOINT_BYTES).max(1);
        let from = if stride != self.stride || self.ck.len() < s {
            self.stride = stride;
            self.ck.clear();
            self.ck.extend_from_slice(self.start.stickers());
            0
        } else {
            from.min(self.ck.len() / s - 1)
        };
        let count = l / stride + 1;
        self.ck.truncate((from + 1) * s);
        let mut state = self.ck[from * s..(from + 1) * s].to_vec();
        for c in from + 1..count {
            let moves = &self.cur.seq[(c - 1) * stride..c * stride];
            self.turns.replay(&mut state, moves, &mut self.tmp);
            self.ck.extend_from_slice(&state);
        }
        let rest = &self.cur.seq[(count - 1) * stride..];
        self.turns.replay(&mut state, rest, &mut self.tmp);
        let (pieces, stickers) = self.mis.count(&state);
        self.cur.pieces = pieces;
        self.cur.stickers = stickers;
        self.cur.end = state;
        self.rebuild_back(kept);
    }

    /// Recomputes the maps to the end ([`Short::back`]) but the last
    /// `kept`, or drops them when they are not kept at this length.
    fn rebuild_back(&mut self, kept: usize) {
        let s = self.stickers();
        let l = self.cur.seq.len();
        if self.stride != 1 || (l + 1) * s * 2 > BACK_BYTES {
            self.back.clear();
            return;
        }
        let kept = kept.min(self.back.len() / s).min(l + 1);
        if kept == 0 {
            self.back.clear();
            self.back.extend(0..s as u16);
        } else {
            self.back.truncate(kept * s);
        }
        for j in kept.max(1)..=l {
            // A turn gathering `src` into `i` sends the sticker at `src` to `i`.
            let prev = (j - 1) * s;
            self.back.extend_from_within(prev..prev + s);
            for &[i, src] in self.turns.pairs(self.cur.seq[l - j]) {
                self.back[prev + s + src as usize] = self.back[prev + i as usize];
            }
        }
    }

    /// Judges `self.cand` against the current sequence: (misplaced pieces,
    /// stickers, the checkpoint it shares, the maps to the end it keeps).
    /// With the maps to the end, only the changed stretch is replayed and
    /// the stickers it leaves different are carried to the end by the map
    /// of the tail the two sequences share; else the candidate is replayed
    /// from the last checkpoint it shares.
    pub(super) fn evaluate(&mut self) -> (u32, u32, usize, usize) {
        let s = self.stickers();
        let (l, lc) = (self.cur.seq.len(), self.cand.len());
        let head = self
            .cand
            .iter()
            .zip(&self.cur.seq)
            .position(|(a, b)| a != b)
            .unwrap_or(lc.min(l));
        if self.back.len() != (l + 1) * s || self.ck.len() != (l + 1) * s {
            let (pieces, stickers, c) = self.replay_from(head);
            return (pieces, stickers, c, 0);
        }
        let tail = self
            .cand
            .iter()
            .rev()
            .zip(self.cur.seq.iter().rev())
            .take(lc.min(l) - head)
            .take_while(|(a, b)| a == b)
            .count();
        // The state after the changed stretch, and the current one there.
        self.work.clear();
        self.work
            .extend_from_slice(&self.ck[head * s..(head + 1) * s]);
        self.turns
            .replay(&mut self.work, &self.cand[head..lc - tail], &mut self.tmp);
        let e = l - tail;
        let was = &self.ck[e * s..(e + 1) * s];
        let to_end = &self.back[tail * s..(tail + 1) * s];
        self.next.clear();
        self.next.extend_from_slice(&self.cur.end);
        for (x, (&now, &before)) in self.work.iter().zip(was).enumerate() {
            if now != before {
                self.next[to_end[x] as usize] = now;
            }
        }
        let (pieces, stickers) = self.mis.count(&self.next);
        (pieces, stickers, head, tail + 1)
    }

    /// Replays `self.cand` into `self.work` from the last checkpoint at or
    /// before `head`: (misplaced pieces, stickers, that checkpoint).
    pub(super) fn replay_from(&mut self, head: usize) -> (u32, u32, usize) {
        let s = self.stickers();
        let c = (head / self.stride).min(self.ck.len() / s - 1);
        self.work.clear();
        self.work.extend_from_slice(&self.ck[c * s..(c + 1) * s]);
        let from = (c * self.stride).min(self.cand.len());
        self.turns
            .replay(&mut self.work, &self.cand[from..], &mut self.tmp);
        let (pieces, stickers) = self.mis.count(&self.work);
        (pieces, stickers, c)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Short, ShortParams};
    use crate::api::{Solver, never};
    use cubetui_cube::nxn::random::random_moves;
    use cubetui_cube::nxn::{NxnCube, Size};
    use cubetui_cube::random::rng_from_seed;

    /// A run on a scrambled cube of size `n`, past its seeding.
    fn running(n: usize, seed: u64) -> Short {
        let size = Size::new(n).unwrap();
        let start = NxnCube::solved(size)
            .after(&random_moves(&mut rng_from_seed(seed), size, 40))
            .unwrap();
        let p = ShortParams {
            max_steps: 1_000_000,
            sweep: 1,
            // sa-comm's long sequence on the 3×3 too (more to judge).
            phase_runs: 0,
            ..ShortParams::default()
        };
        let mut s = Short::new(&p, &start, seed).unwrap();
        while s.cur.seq.is_empty() || s.table.is_none() {
            s.step(1);
        }
        s
    }

    /// Judging a candidate by its changed stretch gives what replaying it
    /// whole gives, for every kind of proposal, and the maps kept after
    /// each accepted one are those a rebuild from scratch makes.
    #[test]
    fn a_change_judged_by_its_stretch_counts_as_a_whole_replay() {
        for (n, seed) in [(3, 1), (4, 2), (5, 3)] {
            let mut s = running(n, seed);
            assert!(!s.back.is_empty(), "{n}: maps kept");
            let mut judged = 0;
            let mut rng = rng_from_seed(seed);
            for _ in 0..3000 {
                if s.propose(&mut rng).is_none() {
                    continue;
                }
                judged += 1;
                let (pieces, stickers, ..) = s.evaluate();
                let whole = s.replay_from(0);
                assert_eq!((pieces, stickers), (whole.0, whole.1), "{n}");
                assert_eq!(s.next, s.work, "{n}: the end state");
                // One proposal on the loop (a sweep of one).
                s.sweep(&never);
                let kept = s.back.clone();
                let (pieces, stickers) = (s.cur.pieces, s.cur.stickers);
                s.rebuild(0, 0);
                assert_eq!(kept, s.back, "{n}: maps");
                assert_eq!((pieces, stickers), (s.cur.pieces, s.cur.stickers), "{n}");
            }
            assert!(judged > 1000, "{n}: {judged}");
        }
    }
}
