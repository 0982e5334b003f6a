//! `sa-short`'s uses of the beam completion ([`super::beam`]): completing
//! the current sequence during the run, and polishing the best solved
//! sequence at the end of each cooling cycle (a segment cut out, the
//! pieces it leaves completed again by a wider beam, kept if shorter).

use super::beam::{self, Beam};
use super::propose::{Last, Op};
use super::seq::{self, merged, push};
use super::{STEP_WORK, Short};
use crate::neighbourhood::cycles::parity_turns;

/// Work one completion during the run may spend (a quarter of a sweep's).
const RUN_WORK: u64 = STEP_WORK / 4;

/// Work one polished segment may spend (a sweep's).
const POLISH_WORK: u64 = STEP_WORK;

/// How much wider (and deeper) the polish's beam is than the run's.
const POLISH_WIDER: usize = 8;

/// The shortest and longest segments the polish cuts out, in turns.
const POLISH_MIN: usize = 4;
const POLISH_SPAN: usize = 24;

/// The most stickers a segment the polish cuts out may move (three wing
/// 3-cycles, or two corner ones).
const POLISH_STICKERS: usize = 18;

/// The most bytes the states after every prefix of the best may take for
/// a polish (past it, from about the 16×16, there is none).
const POLISH_MEMORY: usize = 8 << 20;

impl Short {
    /// Completes `seq` (end state `end`, every orbit even) by a beam of
    /// `width`, keeps the result if it is solved and shorter than the
    /// best; the work spent.
    pub(super) fn complete_by_beam(
        &mut self,
        seq: &[seq::Mv],
        end: &[u8],
        width: usize,
        max_work: u64,
    ) -> u64 {
        let Some(table) = self.table else {
            return 0;
        };
        let per_node = self.p.beam_candidates as usize;
        let bounds = Beam {
            width,
            per_node,
            max_work,
            bound: self.best_len,
        };
        let out = beam::complete(table, &self.turns, &self.needed, seq, end, bounds);
        if let Some(found) = out.seq {
            let before = self.best_len;
            if self.keep_if_best(&found) {
                self.completions += 1;
                self.last = Some(Last {
                    op: Op::Completion,
                    delta_len: self.best_len as i64 - before as i64,
                    accepted: true,
                });
            }
        }
        out.work
    }

    /// The run's completion by beam, when `beam` is above 0.
    pub(super) fn beam_completion(&mut self, seq: &[seq::Mv], end: &[u8]) -> Option<u64> {
        let width = usize::try_from(self.p.beam).ok().filter(|&w| w > 0)?;
        Some(self.complete_by_beam(seq, end, width, RUN_WORK))
    }

    /// At the end of a cooling cycle: finds the segments of the best
    /// solved sequence (of [`POLISH_MIN`] to [`POLISH_SPAN`] turns) whose
    /// effect moves fewest stickers (an inserted commutator, say), cuts the
    /// `polish` best of them out one at a time and completes what each
    /// leaves by a beam [`POLISH_WIDER`] times the run's; a shorter solved
    /// result is the best. The work spent.
    pub(super) fn polish(&mut self) -> u64 {
        let (Some(best), Ok(k)) = (self.best.clone(), usize::try_from(self.p.polish)) else {
            return 0;
        };
        let n = self.stickers();
        if k == 0 || best.len() < POLISH_MIN || self.table.is_none() {
            return 0;
        }
        if (best.len() + 1).saturating_mul(n) > POLISH_MEMORY {
            return 0;
        }
        // The state after every prefix.
        let mut states = Vec::with_capacity((best.len() + 1) * n);
        states.extend_from_slice(self.start.stickers());
        let mut s = self.start.stickers().to_vec();
        for &m in &best {
            self.turns.replay(&mut s, &[m], &mut self.tmp);
            states.extend_from_slice(&s);
        }
        let at = |i: usize| &states[i * n..(i + 1) * n];
        let mut work = 0u64;
        let mut found: Vec<(usize, std::cmp::Reverse<usize>, usize)> = Vec::new();
        for i in 0..best.len() {
            for j in i + POLISH_MIN..=(i + POLISH_SPAN).min(best.len()) {
                let moved = at(i).iter().zip(at(j)).filter(|(a, b)| a != b).count();
                if moved > 0 && moved <= POLISH_STICKERS {
                    found.push((moved, std::cmp::Reverse(j - i), i));
                }
            }
            work += (POLISH_SPAN * n) as u64;
        }
        found.sort_unstable();
        found.truncate(k);
        let width = usize::try_from(self.p.beam).unwrap_or(1).max(1) * POLISH_WIDER;
        let home = self.start.face_colours();
        for (_, std::cmp::Reverse(span), i) in found {
            let mut cut = merged(best[..i].iter().chain(&best[i + span..]).copied());
            let mut end = self.start.stickers().to_vec();
            self.turns.replay(&mut end, &cut, &mut self.tmp);
            work += (cut.len() as u64).max(1) * self.size.get() as u64;
            for m in parity_turns(self.size, &end, &home) {
                let turns = seq::of_move(m, self.size);
                self.turns.replay(&mut end, &turns, &mut self.tmp);
                for t in turns {
                    push(&mut cut, t);
                }
            }
            work += self.complete_by_beam(&cut, &end, width, POLISH_WORK);
        }
        work
    }
}
