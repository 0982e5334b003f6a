//! `sa-short`: simulated annealing over the move sequence itself, as the
//! Santa 2023 winners shortened their cube solutions, on every size.
//!
//! The run starts from another solver's solution (`sa-comm`'s, which solves
//! every size in milliseconds), turned into single-layer turns and merged
//! (turns of one layer in a run about one axis combine). The annealer's
//! state is that sequence; its energy is the sequence's length + α × the
//! pieces it leaves misplaced, so it may leave the cube unsolved for a while
//! when that buys many turns. Proposals: replace one turn, swap two adjacent
//! turns, insert or delete one turn or a pair, insert a short commutator or
//! 3-cycle from the table (`table`) where it cancels most, and, every few
//! thousand proposals, cut out any segment that is the identity. Every few
//! hundred proposals a current sequence with few misplaced pieces is
//! completed by insertions (the winners' last step) to see if it beats the
//! best. It is an anytime solver: the best *solved* sequence, replayed on
//! the cube before it is kept, is reported whenever the run stops.
//!
//! The temperature and α move exponentially from their start to their end
//! over the proposal budget; every one of them is a live knob. One step is
//! a sweep of `sweep` proposals (cut short when the sequences are long, so
//! a stop is never far off).

mod params;
pub mod seq;
pub mod table;

use crate::loops::without_loops;
use crate::stop::StopReason;

use rand::RngExt;

use crate::anneal::{CommParams, SaParams, Schedule};
use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::declare::Declared;
use crate::moveset::upright;
use crate::neighbourhood::cycles::parity_turns;
use crate::params::{self as declared, ParamSpec};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::random::{CubeRng, rng_from_seed};
use cubetui_cube::{AnyAlg, AnyCube, Cube};

pub use params::{ShortParams, params};
use seq::{Misplaced, Turns, merged, push, to_alg};
pub use seq::{Mv, metrics};
use table::{Table, best_insertion};

/// Checkpoint states kept at most (bytes); past it they are spaced out.
const CHECKPOINT_BYTES: usize = 8 << 20;

/// Sticker moves one step may replay before it ends its sweep early.
const STEP_WORK: u64 = 30_000_000;

/// Proposals between two searches for identity segments.
const CUT_EVERY: u64 = 20_000;

/// Insertions one completion makes at most per misplaced piece.
const REPAIR_ROUNDS: u32 = 2;

/// `sa-comm`'s parameters (its preset), the solver whose solution starts
/// the run.
fn sa_comm() -> SaParams {
    SaParams {
        neighbourhood: "comm".into(),
        zero_delta_as_one: true,
        max_steps: 20_000_000,
        schedule: Schedule::Exponential {
            t_max: 0.37,
            t_min: 0.05,
        },
        restart_after: 0,
        cut_loops: true,
        comm: CommParams {
            stages: "centres-edges-corners".into(),
            candidates: 1000,
        },
        ..SaParams::default()
    }
}

/// Builds `sa-short` for a 3×3 `start` (the same machine on its stickers;
/// the solution is reported in face turns).
pub fn build(p: &ShortParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Short::new(p, &NxnCube::from(&start), seed)?))
}

/// Builds `sa-short` for `start` of any size past the 3×3, fully
/// determined by (`p`, `start`, `seed`).
pub fn build_nxn(
    p: &ShortParams,
    start: &NxnCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Short::new(p, start, seed)?))
}

/// What the last proposal was.
#[derive(Clone, Debug)]
enum Op {
    Replace { at: usize, old: Mv, new: Mv },
    Swap { at: usize },
    InsertOne { at: usize, m: Mv },
    DeleteOne { at: usize },
    InsertPair { at: usize, to: usize, m: Mv },
    DeletePair { at: usize, to: usize },
    DeleteSegment { at: usize, to: usize },
    Insert { at: usize, entry: u32 },
    Cut,
    Completion,
}

#[derive(Clone, Debug)]
struct Last {
    op: Op,
    delta_len: i64,
    accepted: bool,
}

/// The sequence being annealed, with its end state.
#[derive(Clone, Debug, Default)]
struct Current {
    seq: Vec<Mv>,
    len: usize,
    pieces: u32,
    stickers: u32,
    end: Vec<u8>,
}

struct Short {
    p: ShortParams,
    size: Size,
    /// The rotation turning the start upright; it leads the solution.
    rotation: NxnAlg,
    /// The start, upright.
    start: NxnCube,
    turns: Turns,
    table: Option<&'static Table>,
    mis: Misplaced,
    rng: CubeRng,
    seed: Option<Box<dyn Solver>>,
    seed_steps: u64,
    start_len: Option<usize>,
    cur: Current,
    /// `ck[c]`: the state after `cur.seq[..c * stride]`, flat.
    ck: Vec<u8>,
    stride: usize,
    best: Option<Vec<Mv>>,
    best_len: usize,
    proposals: u64,
    sweeps: u64,
    accepted: u64,
    last_better: u64,
    insertions: u64,
    completions: u64,
    /// When the run last went back to the best sequence.
    restarted: u64,
    last: Option<Last>,
    cand: Vec<Mv>,
    work: Vec<u8>,
    tmp: Vec<u8>,
    done: Option<Status>,
    stopped_by: Option<StopReason>,
}

static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

impl Short {
    fn new(p: &ShortParams, start: &NxnCube, seed: u64) -> Result<Short, SolveError> {
        p.validate()?;
        let (rotation, upright) = upright(start);
        let size = start.size();
        let home = upright.face_colours();
        let seeder = crate::anneal::build_nxn(&sa_comm(), &upright, seed)?;
        Ok(Short {
            p: p.clone(),
            size,
            rotation,
            turns: Turns::new(size),
            table: None,
            mis: Misplaced::new(size, &home),
            rng: rng_from_seed(seed ^ 0x5a5a_0000_5107_0001),
            seed: Some(seeder),
            seed_steps: 0,
            start_len: None,
            cur: Current::default(),
            ck: Vec::new(),
            stride: 1,
            best: None,
            best_len: usize::MAX,
            proposals: 0,
            sweeps: 0,
            accepted: 0,
            last_better: 0,
            insertions: 0,
            completions: 0,
            restarted: 0,
            last: None,
            cand: Vec::new(),
            work: Vec::new(),
            tmp: Vec::new(),
            done: None,
            stopped_by: None,
            start: upright,
        })
    }

    fn stickers(&self) -> usize {
        self.size.stickers()
    }

    /// The state after `seq` from the start, replayed on the cube model
    /// (not the solver's tables): what a reported solution is checked on.
    fn replayed(&self, seq: &[Mv]) -> Option<NxnCube> {
        self.start.after(&to_alg(seq, self.size)).ok()
    }

    /// Takes the seed solver's solution as the sequence to shorten.
    fn begin(&mut self, solution: &AnyAlg) -> Status {
        let moves: Vec<_> = match solution {
            AnyAlg::Nxn(a, _) => a.moves().to_vec(),
            AnyAlg::Three(a) => NxnAlg::from(a).into_moves(),
        };
        let seq = merged(moves.into_iter().flat_map(|m| seq::of_move(m, self.size)));
        let solved = self.replayed(&seq).is_some_and(|c| c.is_solved());
        if !solved {
            self.stopped_by = Some(StopReason::Other(
                "the seed solution does not solve the cube".into(),
            ));
            self.done = Some(Status::Exhausted);
            return Status::Exhausted;
        }
        self.table = Some(Table::of(self.size));
        self.start_len = Some(self.turns.length(&seq));
        self.set_current(seq);
        let seq = self.cur.seq.clone();
        self.keep_if_best(&seq);
        self.cut();
        if self.cur.len == 0 {
            self.done = Some(Status::Solved);
        }
        Status::Running
    }

    /// Makes `seq` the current sequence (checkpoints from scratch).
    fn set_current(&mut self, seq: Vec<Mv>) {
        self.cur.seq = seq;
        self.cur.len = self.turns.length(&self.cur.seq);
        self.rebuild(0);
    }

    /// Recomputes the checkpoints from checkpoint `from` on, and the end state.
    fn rebuild(&mut self, from: usize) {
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
    }

    /// Replays `self.cand` into `self.work` from the last checkpoint it
    /// shares with the current sequence: (misplaced pieces, stickers, that
    /// checkpoint).
    fn evaluate(&mut self) -> (u32, u32, usize) {
        let s = self.stickers();
        let common = self
            .cand
            .iter()
            .zip(&self.cur.seq)
            .position(|(a, b)| a != b)
            .unwrap_or(self.cand.len().min(self.cur.seq.len()));
        let c = (common / self.stride).min(self.ck.len() / s - 1);
        self.work.clear();
        self.work.extend_from_slice(&self.ck[c * s..(c + 1) * s]);
        let from = (c * self.stride).min(self.cand.len());
        self.turns
            .replay(&mut self.work, &self.cand[from..], &mut self.tmp);
        let (pieces, stickers) = self.mis.count(&self.work);
        (pieces, stickers, c)
    }

    fn temperature(&self) -> f64 {
        let f = (self.proposals as f64 / self.p.max_steps as f64).min(1.0);
        self.p.t_max * (self.p.t_min / self.p.t_max).powf(f)
    }

    fn alpha(&self) -> f64 {
        let f = (self.proposals as f64 / self.p.max_steps as f64).min(1.0);
        self.p.alpha * (self.p.alpha_end / self.p.alpha).powf(f)
    }

    /// Keeps `seq` as the best if it is solved (replayed on the cube model)
    /// and shorter.
    fn keep_if_best(&mut self, seq: &[Mv]) -> bool {
        let len = self.turns.length(seq);
        if len >= self.best_len || !self.replayed(seq).is_some_and(|c| c.is_solved()) {
            return false;
        }
        self.best = Some(seq.to_vec());
        self.best_len = len;
        self.last_better = self.proposals;
        true
    }

    /// Builds the candidate of one random proposal in `self.cand`.
    fn propose(&mut self) -> Option<Op> {
        let l = self.cur.seq.len();
        let seq = &self.cur.seq;
        let random = &self.turns.random;
        let draw = |rng: &mut CubeRng| random[rng.random_range(0..random.len())];
        self.cand.clear();
        let r: f64 = self.rng.random();
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
                &mut self.rng,
            )?;
            self.cand = ins.seq;
            self.insertions += 1;
            return Some(Op::Insert {
                at: ins.at,
                entry: ins.entry,
            });
        }
        let kind = self.rng.random_range(0..12u32);
        let span = self.p.pair_span as usize;
        let op = match kind {
            0..=2 if l > 0 => {
                let at = self.rng.random_range(0..l);
                let new = draw(&mut self.rng);
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
                let at = self.rng.random_range(0..l - 1);
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
                let at = self.rng.random_range(0..=l);
                let m = draw(&mut self.rng);
                self.cand.extend_from_slice(&seq[..at]);
                for &x in std::iter::once(&m).chain(&seq[at..]) {
                    push(&mut self.cand, x);
                }
                Op::InsertOne { at, m }
            }
            7 if l > 0 => {
                let at = self.rng.random_range(0..l);
                self.cand.extend_from_slice(&seq[..at]);
                for &x in &seq[at + 1..] {
                    push(&mut self.cand, x);
                }
                Op::DeleteOne { at }
            }
            8 => {
                let at = self.rng.random_range(0..=l);
                let to = (at + self.rng.random_range(1..=span)).min(l);
                let m = draw(&mut self.rng);
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
                let at = self.rng.random_range(0..l - 1);
                let to = (at + self.rng.random_range(1..=span)).min(l - 1);
                self.cand.extend_from_slice(&seq[..at]);
                for (k, &x) in seq.iter().enumerate().skip(at + 1) {
                    if k != to {
                        push(&mut self.cand, x);
                    }
                }
                Op::DeletePair { at, to }
            }
            10 | 11 if l > 1 => {
                let at = self.rng.random_range(0..l - 1);
                let to = (at + self.rng.random_range(2..=self.p.segment.max(2) as usize)).min(l);
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

    /// One proposal: drawn, judged, accepted or not.
    fn proposal(&mut self) -> u64 {
        self.proposals += 1;
        let Some(op) = self.propose() else {
            return 1;
        };
        let work = (self.cand.len() as u64).max(1) * 4 * self.size.get() as u64;
        let (pieces, stickers, c) = self.evaluate();
        let len = self.turns.length(&self.cand);
        let alpha = self.alpha();
        let delta_len = len as i64 - self.cur.len as i64;
        let delta = delta_len as f64 + alpha * (f64::from(pieces) - f64::from(self.cur.pieces));
        let t = self.temperature();
        let accepted = delta <= 0.0 || self.rng.random::<f64>() < (-delta / t).exp();
        if accepted {
            self.accepted += 1;
            std::mem::swap(&mut self.cur.seq, &mut self.cand);
            self.cur.len = len;
            self.rebuild(c);
            debug_assert_eq!((self.cur.pieces, self.cur.stickers), (pieces, stickers));
            if self.cur.pieces == 0 && len < self.best_len {
                let seq = self.cur.seq.clone();
                self.keep_if_best(&seq);
            }
        }
        self.last = Some(Last {
            op,
            delta_len,
            accepted,
        });
        work
    }

    /// Cuts every segment of the current sequence that is the identity
    /// (a state met twice on the way), when that shortens it.
    fn cut(&mut self) {
        let mut s = self.start.stickers().to_vec();
        let hash = |s: &[u8]| {
            let mut h: u64 = 0x9e37_79b9_7f4a_7c15;
            for chunk in s.chunks(8) {
                let mut w = [0u8; 8];
                w[..chunk.len()].copy_from_slice(chunk);
                h = (h ^ u64::from_le_bytes(w))
                    .wrapping_mul(0xff51_afd7_ed55_8ccd)
                    .rotate_left(29);
            }
            h
        };
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
        let (pieces, _, _) = self.evaluate();
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
    fn complete(&mut self) {
        let Some(table) = self.table else {
            return;
        };
        if self.cur.pieces == 0
            || self.cur.pieces > self.p.repair_pieces
            || self.cur.len >= self.best_len
        {
            return;
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
        let rounds = self.cur.pieces * REPAIR_ROUNDS;
        for _ in 0..rounds {
            let Some(ins) = best_insertion(
                table,
                &self.turns,
                &seq,
                &end,
                self.mis.want(),
                self.p.insert_candidates,
                &mut self.rng,
            ) else {
                return;
            };
            let pairs = table.cycles().pairs_of(ins.target as usize);
            let from: Vec<u8> = pairs.iter().map(|&[_, src]| end[src as usize]).collect();
            for (&[i, _], &c) in pairs.iter().zip(&from) {
                end[i as usize] = c;
            }
            seq = ins.seq;
            if self.turns.length(&seq) >= self.best_len {
                return;
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
    }

    fn finished(&self) -> Option<StopReason> {
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

    fn sweep(&mut self) {
        let mut work = 0u64;
        for _ in 0..self.p.sweep {
            if self.finished().is_some() {
                break;
            }
            work += self.proposal();
            if self.proposals.is_multiple_of(self.p.repair_every) {
                self.complete();
            }
            if self.proposals.is_multiple_of(CUT_EVERY) {
                self.cut();
            }
            let stuck = self.proposals - self.last_better.max(self.restarted);
            if self.p.restart_after > 0 && stuck >= self.p.restart_after {
                if let Some(best) = self.best.clone() {
                    self.set_current(best);
                }
                self.restarted = self.proposals;
            }
            if work > STEP_WORK {
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

    fn op_words(&self, last: &Last) -> String {
        let size = self.size;
        let t = |m: Mv| to_alg(&[m], size).to_string();
        let what = match &last.op {
            Op::Replace { at, old, new } => format!("replaced {} by {} at {at}", t(*old), t(*new)),
            Op::Swap { at } => format!("swapped the turns at {at} and {}", at + 1),
            Op::InsertOne { at, m } => format!("inserted {} at {at}", t(*m)),
            Op::DeleteOne { at } => format!("deleted the turn at {at}"),
            Op::InsertPair { at, to, m } => {
                format!("inserted {} at {at} and {} at {to}", t(*m), t(m.inverse()))
            }
            Op::DeletePair { at, to } => format!("deleted the turns at {at} and {to}"),
            Op::DeleteSegment { at, to } => format!("deleted the turns {at} to {}", to - 1),
            Op::Insert { at, entry } => {
                let (alg, words) = match self.table {
                    Some(tb) => (
                        tb.cycles().alg(*entry as usize).to_string(),
                        tb.cycles().describe(*entry as usize),
                    ),
                    None => (String::new(), String::new()),
                };
                format!("inserted [{alg}] ({words}) at {at}")
            }
            Op::Cut => "cut segments that are the identity".to_string(),
            Op::Completion => "completed by insertions: a shorter solution".to_string(),
        };
        let d = last.delta_len;
        let turns = if d.abs() == 1 { "turn" } else { "turns" };
        let sign = match d {
            d if d < 0 => format!("\u{2212}{}", -d),
            d if d > 0 => format!("+{d}"),
            _ => "±0".to_string(),
        };
        let verdict = if last.accepted { "" } else { ", rejected" };
        format!("{what}: {sign} {turns}{verdict}")
    }

    fn cube(&self, seq: &[Mv]) -> AnyCube {
        let c = self.replayed(seq).unwrap_or_else(|| self.start.clone());
        c.into()
    }

    fn solution(&self, seq: &[Mv]) -> AnyAlg {
        let path = to_alg(seq, self.size);
        let all: NxnAlg = self
            .rotation
            .moves()
            .iter()
            .chain(path.moves())
            .copied()
            .collect();
        if self.size == Size::THREE
            && let Ok(a) = AnyAlg::parse_sized(&all.to_string(), Size::THREE)
        {
            return a;
        }
        AnyAlg::Nxn(all, self.size)
    }
}

impl Solver for Short {
    fn profile(&self) -> Profile {
        Profile {
            step: "sweep",
            series: vec![
                SeriesSpec::new("length", 0),
                SeriesSpec::new("current length", 0),
                SeriesSpec::new("misplaced pieces", 0),
                SeriesSpec::new("temperature", 3),
                SeriesSpec::new("alpha", 2).no_plot(),
            ],
        }
    }

    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status() != Status::Running {
                break;
            }
            self.sweeps += 1;
            if let Some(seeder) = self.seed.as_mut() {
                self.seed_steps += 1;
                match seeder.step(1) {
                    Status::Running => {}
                    Status::Solved => {
                        let out = seeder.outcome();
                        self.seed = None;
                        self.begin(&out.solution);
                    }
                    Status::Exhausted => {
                        self.stopped_by =
                            Some(StopReason::Other("sa-comm did not solve the start".into()));
                        self.done = Some(Status::Exhausted);
                    }
                }
                continue;
            }
            self.sweep();
        }
        self.status()
    }

    fn status(&self) -> Status {
        self.done.unwrap_or(Status::Running)
    }

    fn snapshot(&self) -> Snapshot {
        if let Some(seeder) = &self.seed {
            let mut s = seeder.snapshot();
            s.iteration = self.sweeps;
            s.status = self.status();
            s.generator = None;
            s.phase = Some("seed (sa-comm)".into());
            s.rows = Vec::new();
            s.exhausted_by = self.stopped_by.clone();
            s.values = vec![
                f64::NAN,
                s.sequence_len as f64,
                f64::NAN,
                self.temperature(),
                self.alpha(),
            ];
            return s;
        }
        let best_len = self
            .best
            .as_ref()
            .map_or(f64::NAN, |_| self.best_len as f64);
        let mut rows = Vec::new();
        if let Some(start) = self.start_len {
            let best = self
                .best
                .as_ref()
                .map_or("—".to_string(), |_| self.best_len.to_string());
            rows.push(("length".to_string(), format!("{start} \u{2192} {best}")));
        }
        rows.push((
            "accepted".to_string(),
            format!(
                "{:.1} % of {}",
                100.0 * self.accepted as f64 / self.proposals.max(1) as f64,
                self.proposals
            ),
        ));
        Snapshot {
            iteration: self.sweeps,
            energy: f64::from(self.cur.stickers),
            best_energy: if self.best.is_some() { 0.0 } else { f64::NAN },
            current: self.cube(&self.cur.seq),
            best: self.cube(self.best.as_deref().unwrap_or(&self.cur.seq)),
            sequence_len: self.cur.len,
            generator: None,
            phase: Some("shorten".into()),
            status: self.status(),
            last_step: self.last.as_ref().map(|l| self.op_words(l)),
            exhausted_by: self.stopped_by.clone(),
            rows,
            values: vec![
                best_len,
                self.cur.len as f64,
                f64::from(self.cur.pieces),
                self.temperature(),
                self.alpha(),
            ],
        }
    }

    fn outcome(&self) -> Outcome {
        let mut extra = serde_json::Map::new();
        extra.insert("seed_solver".into(), "sa-comm".into());
        extra.insert("seed_steps".into(), self.seed_steps.into());
        if let Some(l) = self.start_len {
            extra.insert("start_length".into(), l.into());
        }
        extra.insert("proposals".into(), self.proposals.into());
        extra.insert("accepted".into(), self.accepted.into());
        extra.insert("completions".into(), self.completions.into());
        if let Some(t) = self.table {
            extra.insert("table_entries".into(), t.len().into());
            extra.insert("table_capped".into(), t.cycles().capped().into());
        }
        let (solution, solved, energy) = match &self.best {
            Some(best) => {
                let solution = self.solution(best);
                // Replayed on the model of the start as given before it is
                // reported solved.
                let solved = self.replayed(best).is_some_and(|c| c.is_solved());
                (
                    solution,
                    solved,
                    if solved {
                        0.0
                    } else {
                        f64::from(self.cur.stickers)
                    },
                )
            }
            None => (
                self.solution(&[]),
                false,
                self.seed
                    .as_ref()
                    .map_or(f64::from(self.cur.stickers), |s| s.snapshot().best_energy),
            ),
        };
        Outcome {
            solved,
            solution,
            energy,
            iterations: self.sweeps,
            extra,
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        declared::live_values(&DECLARED, &self.p.numbers())
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        p.set_number(key, v);
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p;
        Ok(())
    }
}
