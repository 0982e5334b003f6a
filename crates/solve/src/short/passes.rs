//! What `sa-short` does besides single proposals: cutting identity
//! segments, completing a nearly solved sequence by insertions, the
//! sweep and its stops.

use super::comms::{Comms, SCAN_WORK, best_short};
use super::insert::{Insertion, best_insertion};
use super::propose::{Last, Op};
use super::seq::{self, merged, push};
use super::{CUT_EVERY, REPAIR_ROUNDS, SHORTS_EVERY, STEP_WORK, Short};
use crate::api::{Halt, Status};
use crate::loops::without_loops;
use crate::neighbourhood::cycles::parity_turns;
use crate::stop::StopReason;

impl Short {
    /// Cuts every segment of the current sequence that is the identity
    /// (a state met twice on the way), when that shortens it.
    pub(super) fn cut(&mut self) {
        let mut s = self.start.stickers().to_vec();
        let hash = super::beam::hash;
        let start = hash(&s);
        let (turns, tmp) = (&self.turns, &mut self.tmp);
        let Some(out) = without_loops(start, &self.cur.seq, |m| {
            turns.replay(&mut s, &[m], tmp);
            Some(hash(&s))
        }) else {
            return;
        };
        let out = merged(out);
        if out.len() >= self.cur.seq.len() {
            return;
        }
        self.cand = out;
        let (pieces, ..) = self.evaluate();
        if pieces != self.cur.pieces {
            return;
        }
        let before = self.cur.len as i64;
        let seq = std::mem::take(&mut self.cand);
        self.set_current(seq);
        self.last = Some(Last {
            op: Op::Cut,
            delta_len: self.cur.len as i64 - before,
            accepted: true,
        });
        if self.cur.pieces == 0 {
            let seq = self.cur.seq.clone();
            self.keep_if_best(&seq);
        }
    }

    /// Completes the current sequence by insertions (the winners' last
    /// step) when it has few misplaced pieces and is shorter than the
    /// best; keeps the result if it is solved and shorter.
    pub(super) fn complete(&mut self) -> u64 {
        let mut work = 0u64;
        let Some(table) = self.table else {
            return work;
        };
        if self.cur.pieces == 0
            || self.cur.pieces > self.p.repair_pieces
            || self.cur.len >= self.best_len
        {
            return work;
        }
        let mut seq = self.cur.seq.clone();
        let mut end = self.cur.end.clone();
        // Odd orbit permutations first: 3-cycles cannot mend them.
        let home = self.start.face_colours();
        for m in parity_turns(self.size, &end, &home) {
            let turns = seq::of_move(m, self.size);
            self.turns.replay(&mut end, &turns, &mut self.tmp);
            for t in turns {
                push(&mut seq, t);
            }
        }
        if let Some(spent) = self.beam_completion(&seq, &end) {
            return work + spent;
        }
        let rounds = self.cur.pieces * REPAIR_ROUNDS;
        let rng = &mut self.chain.rng;
        // Every tenth completion also tries the four-turn commutators (a
        // scan costs about a hundred times a table insertion).
        let every = self.p.repair_every.saturating_mul(SHORTS_EVERY);
        let comms = (self.p.short_rate > 0.0 && self.proposals.is_multiple_of(every))
            .then(|| Comms::of(self.size));
        for _ in 0..rounds {
            // What one round replays and scans, in the sweep's units.
            work += (seq.len() as u64).max(1) * 4 * self.size.get() as u64;
            if comms.is_some() {
                work += SCAN_WORK as u64;
            }
            let now = self.turns.length(&seq) as i64;
            let want = self.mis.want();
            let cycle = best_insertion(
                table,
                &self.turns,
                &seq,
                &end,
                want,
                self.p.insert_candidates,
                rng,
            );
            let short = comms.and_then(|c| best_short(c, &self.turns, &seq, &end, want, rng));
            // Fewer turns per sticker put right wins.
            let cost = |i: &Insertion| (self.turns.length(&i.seq) as i64 - now, i64::from(i.fixed));
            let ins = match (cycle, short) {
                (Some(a), Some(b)) => {
                    let ((la, fa), (lb, fb)) = (cost(&a), cost(&b));
                    if lb * fa < la * fb { b } else { a }
                }
                (Some(a), None) => a,
                (None, Some(b)) => b,
                (None, None) => return work,
            };
            let from: Vec<u8> = ins
                .at_end
                .iter()
                .map(|&[_, src]| end[src as usize])
                .collect();
            for (&[i, _], &c) in ins.at_end.iter().zip(&from) {
                end[i as usize] = c;
            }
            seq = ins.seq;
            if self.turns.length(&seq) >= self.best_len {
                return work;
            }
            if self.mis.count(&end).0 == 0 {
                break;
            }
        }
        let before = self.best_len;
        if self.keep_if_best(&seq) {
            self.completions += 1;
            self.last = Some(Last {
                op: Op::Completion,
                delta_len: self.best_len as i64 - before as i64,
                accepted: true,
            });
        }
        work
    }

    pub(super) fn finished(&self) -> Option<StopReason> {
        if self.proposals >= self.p.max_steps {
            return Some(StopReason::StepLimit(self.p.max_steps));
        }
        if self.p.stagnation > 0 && self.proposals - self.last_better >= self.p.stagnation {
            return Some(StopReason::Other(format!(
                "stagnation {} proposals",
                self.p.stagnation
            )));
        }
        None
    }

    /// One sweep: up to `sweep` proposals, ended early once their work
    /// passes [`STEP_WORK`] or `halt` says stop (looked at after every
    /// proposal, so a limit holds within one proposal). Where it ends
    /// changes nothing drawn: the next sweep goes on from the same state.
    /// The proposals run on the one annealing loop, in stretches up to
    /// the next count where this policy has something to do: complete,
    /// cut, go back to the best, reheat (`anneal.rs`).
    pub(super) fn sweep(&mut self, halt: Halt<'_>) {
        let end = self.proposals + self.p.sweep;
        let mut work = 0u64;
        while self.proposals < end && self.finished().is_none() {
            let (w, stop) = self.stretch(end, work, halt);
            work = w;
            if stop {
                break;
            }
            // The stretch's last proposal is made: what follows it.
            if self.proposals.is_multiple_of(self.p.repair_every) {
                work += self.complete();
            }
            if self.proposals.is_multiple_of(CUT_EVERY) {
                self.cut();
            }
            let stuck = self.proposals - self.last_better.max(self.restarted);
            let cycle_ends = self.p.cycle > 0 && self.proposals.is_multiple_of(self.p.cycle);
            if cycle_ends {
                work += self.polish();
            }
            if cycle_ends || self.p.restart_after > 0 && stuck >= self.p.restart_after {
                if let Some(best) = self.best.clone() {
                    self.set_current(best);
                }
                self.restarted = self.proposals;
            }
            if cycle_ends {
                self.reheat();
            }
            if work > STEP_WORK || halt() {
                break;
            }
        }
        if let Some(why) = self.finished() {
            self.stopped_by = Some(why);
            self.done = Some(if self.best.is_some() {
                Status::Solved
            } else {
                Status::Exhausted
            });
        }
    }
}
