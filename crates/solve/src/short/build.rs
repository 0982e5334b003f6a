//! The constructive seed of `sa-short`: a solved sequence built the way the
//! Santa 2023 winners built their cube solutions, offered beside
//! `sa-comm`'s (the shortest solved seed is the one annealed). After the
//! exact part ([`super::exact`]):
//!
//! 2. the parity turns ([`super::parity`]) and an annealing over turns of
//!    free layers that keeps every orbit even and the exact part solved
//!    ([`super::rough`]): the cube roughly aligned by few turns;
//! 3. short commutators ([`super::greedy`]: [X, Y] of four turns, [X, Y Z]
//!    of six) placed greedily where they put most stickers right per turn,
//!    until at most `build_stop` of the pieces outside the exact part are
//!    misplaced;
//! 4. the table's 3-cycles inserted where they cost fewest turns
//!    ([`super::insert::best_insertion`], as a completion does) until the
//!    cube is solved.
//!
//! It runs inside the run's steps, one unit at a time (a proposal, a
//! placement, an insertion) with its own random stream, and a step ends
//! after any unit once the caller's limit says stop or the step's work is
//! done: where a step ends changes nothing drawn.

use std::collections::HashMap;

use cubetui_cube::nxn::orbits::{OrbitKind, orbits};
use cubetui_cube::random::{CubeRng, rng_from_seed};

use super::greedy::Words;
use super::home::home_cycle;
use super::insert::{Insertion, best_insertion, place};
use super::parity::{odd_orbits, parity_fix};
use super::rough::Rough;
use super::seq::{Misplaced, Mv, Turns, merged};
use super::table::Table;
use super::{STEP_WORK, Short};
use crate::api::{Halt, Snapshot, Solver};

/// Names of the seeds, as `--json`'s `seed_solver` and `seed_lengths` give them.
pub const EXACT_SA_COMM: &str = "exact+sa-comm";
pub const SA_COMM: &str = "sa-comm";
pub const CONSTRUCTIVE: &str = "constructive";
pub const PHASES_SA: &str = "phases-sa";

/// Cycles stage 4 draws at most for one of them.
const MOST_DRAWS: u32 = 4096;

/// Insertions stage 4 makes at most per misplaced piece it starts with.
const FILL_ROUNDS: u32 = 4;

/// What the seeding knows beside the seed solvers: the exact part's turns,
/// the constructive seed while it is built, every seed's length.
#[derive(Debug, Default)]
pub(super) struct Seeds {
    /// The exact part's turns (empty when there is none).
    pub(super) exact: Vec<Mv>,
    /// The constructive seed being built.
    pub(super) build: Option<Build>,
    /// Constructive seeds started so far.
    started: u32,
    /// Each solved seed's name and merged length, in the order offered.
    pub(super) lengths: Vec<(&'static str, usize)>,
    /// The shortest seed's name (the one annealed).
    pub(super) won: Option<&'static str>,
    /// (stage, length, misplaced pieces) after each stage of the
    /// shortest constructive seed.
    pub(super) stages: Vec<(&'static str, usize, u32)>,
    /// The shortest constructive seed's length so far.
    shortest: Option<usize>,
}

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Stage {
    Rough,
    Greedy,
    Fill,
    Done,
}

/// The constructive seed under way.
#[derive(Debug)]
pub(super) struct Build {
    stage: Stage,
    rng: CubeRng,
    mis: Misplaced,
    want: Vec<u8>,
    /// Stage 2's annealing; its sequence and end state start stage 3.
    rough: Rough,
    seq: Vec<Mv>,
    end: Vec<u8>,
    pieces: u32,
    /// Pieces outside the exact part (what stage 3's stop counts against).
    open: u32,
    /// Stage 4's insertions left.
    rounds: u32,
    /// The solved sequence, once done (`None` if it failed).
    solved: Option<Vec<Mv>>,
    /// (stage, length, misplaced pieces) after each stage so far.
    stages: Vec<(&'static str, usize, u32)>,
}

impl Build {
    /// The pieces outside the exact part.
    fn open_pieces(turns: &Turns) -> u32 {
        orbits(turns.size)
            .all()
            .iter()
            .filter(|o| {
                !matches!(
                    o.kind,
                    OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Fixed
                )
            })
            .map(|o| o.pieces.len() as u32)
            .sum()
    }

    /// One unit of work (a proposal, a placement, an insertion); what it
    /// cost in sticker moves.
    fn unit(&mut self, short: &ShortCtx<'_>) -> u64 {
        let turns = short.turns;
        match self.stage {
            Stage::Rough => {
                let work = self.rough.proposal(turns, &mut self.mis, &mut self.rng);
                if self.rough.finished() {
                    self.seq = self.rough.seq.clone();
                    self.end = self.rough.end().to_vec();
                    self.pieces = self.rough.pieces;
                    self.stages
                        .push(("parity SA", turns.length(&self.seq), self.pieces));
                    self.stage = Stage::Greedy;
                }
                work
            }
            Stage::Greedy => {
                let words = Words::of(turns.size);
                let done = f64::from(self.pieces) <= short.stop * f64::from(self.open);
                let ins = if done {
                    None
                } else {
                    let scan = words.scan(short.scan);
                    scan.best(
                        |k| words.word(k),
                        turns,
                        &self.seq,
                        &self.end,
                        &self.want,
                        &mut self.rng,
                    )
                };
                let work = ((self.seq.len() + 1) * words.len() * 8).min(short.scan) as u64;
                match ins {
                    Some(ins) => self.apply(ins),
                    None => {
                        self.stages
                            .push(("commutators", turns.length(&self.seq), self.pieces));
                        self.rounds = self.pieces * FILL_ROUNDS + 8;
                        self.stage = Stage::Fill;
                    }
                }
                work
            }
            Stage::Fill => {
                let work = (self.seq.len() as u64 + 1)
                    * 4
                    * turns.size.get() as u64
                    * u64::from(short.tries);
                if self.pieces == 0 {
                    self.stages.push(("3-cycles", turns.length(&self.seq), 0));
                    self.solved = Some(std::mem::take(&mut self.seq));
                    self.stage = Stage::Done;
                    return work;
                }
                // Several cycles, each the best of a few drawn, each placed
                // where it costs fewest turns: the one of fewest turns per
                // sticker put right is inserted. Few of the cycles drawn put
                // anything right once most pieces are home: more are drawn
                // before giving up.
                let mut ins: Option<Insertion> = None;
                let mut draws = short.candidates.div_ceil(short.tries).max(1);
                let now = turns.length(&self.seq) as i64;
                let cost = |i: &Insertion| (turns.length(&i.seq) as i64 - now, i64::from(i.fixed));
                while ins.is_none()
                    && draws <= MOST_DRAWS
                    && self.rounds > 0
                    && odd_orbits(turns.size, &self.end, &short.home) == 0
                {
                    for _ in 0..short.tries {
                        let Some(i) = best_insertion(
                            short.table,
                            turns,
                            &self.seq,
                            &self.end,
                            &self.want,
                            draws,
                            &mut self.rng,
                        ) else {
                            continue;
                        };
                        let better = ins.as_ref().is_none_or(|b| {
                            let ((la, fa), (lb, fb)) = (cost(&i), cost(b));
                            la * fb < lb * fa
                        });
                        if better {
                            ins = Some(i);
                        }
                    }
                    draws *= 8;
                }
                // Stuck where no cycle drawn lowers the misplaced stickers
                // (two swaps of pieces that each show one colour right): a
                // 3-cycle of pieces that puts one home and takes none away.
                if ins.is_none() && self.rounds > 0 {
                    ins = home_cycle(turns.size, &self.end, &self.want)
                        .and_then(|c| place(short.table, turns, &self.seq, &c));
                }
                match ins {
                    Some(ins) => {
                        self.rounds -= 1;
                        self.apply(ins);
                    }
                    None => self.stage = Stage::Done,
                }
                work
            }
            Stage::Done => 0,
        }
    }

    /// Takes an insertion: its sequence, and its change of the end state.
    fn apply(&mut self, ins: Insertion) {
        let from: Vec<u8> = ins
            .at_end
            .iter()
            .map(|&[_, src]| self.end[src as usize])
            .collect();
        for (&[i, _], &c) in ins.at_end.iter().zip(&from) {
            self.end[i as usize] = c;
        }
        self.seq = ins.seq;
        self.pieces = self.mis.count(&self.end).0;
    }

    /// The sequence so far and its misplaced pieces.
    fn current(&self) -> (&[Mv], u32) {
        match self.stage {
            Stage::Rough => (&self.rough.seq, self.rough.pieces),
            _ => (self.solved.as_deref().unwrap_or(&self.seq), self.pieces),
        }
    }

    fn stage_words(&self) -> &'static str {
        match self.stage {
            Stage::Rough => "seed (constructive: parity-keeping annealing)",
            Stage::Greedy => "seed (constructive: short commutators)",
            Stage::Fill | Stage::Done => "seed (constructive: 3-cycles)",
        }
    }
}

/// What a unit of the build reads from the run.
struct ShortCtx<'a> {
    turns: &'a Turns,
    table: &'a Table,
    home: [u8; 6],
    stop: f64,
    scan: usize,
    /// Cycles drawn per insertion, spread over the `tries`.
    candidates: u32,
    /// Cycles stage 4 places for one insertion (each the best of a few
    /// drawn); the one of fewest turns per sticker put right is inserted.
    tries: u32,
}

impl Short {
    /// Starts the next constructive seed when the parameters and the size
    /// call for one and fewer than `build_seeds` have run; whether it did.
    /// Each has its own random stream (the first the one a single seed
    /// had).
    pub(super) fn start_build(&mut self) -> bool {
        let k = self.seeds.started;
        if i64::from(k) >= self.p.build_seeds || self.p.build_steps <= 0 {
            return false;
        }
        self.seeds.started += 1;
        let size = self.size;
        if size.get() < 4 {
            return false;
        }
        let home = self.start.face_colours();
        let mut after = self.start.stickers().to_vec();
        self.turns
            .replay(&mut after, &self.seeds.exact, &mut self.tmp);
        let Some(fix) = parity_fix(size, &after, &home) else {
            return false;
        };
        let mut mis = Misplaced::new(size, &home);
        let seq = merged(self.seeds.exact.iter().copied().chain(fix));
        let rough = Rough::new(
            seq,
            self.start.stickers(),
            &self.turns,
            &mut mis,
            self.p.build_steps as u64,
            self.p.build_weight,
        );
        self.seeds.build = Some(Build {
            stage: Stage::Rough,
            rng: rng_from_seed(
                self.seed_value
                    ^ 0xc0_5e_ed_b1_1d
                    ^ 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(k.into()),
            ),
            want: mis.want().to_vec(),
            mis,
            rough,
            seq: Vec::new(),
            end: Vec::new(),
            pieces: 0,
            open: Build::open_pieces(&self.turns),
            rounds: 0,
            solved: None,
            stages: Vec::new(),
        });
        true
    }

    /// One step of the constructive seed: units until the step's work is
    /// done or `halt` says stop (at least one); when it is built, it is
    /// offered and the next seed starts. False when the insertion table's
    /// build was cut by `halt` before any unit (the step did nothing).
    pub(super) fn build_step(&mut self, halt: Halt<'_>) -> bool {
        let Some(table) = self
            .table
            .or_else(|| Table::of_within(self.size, self.p.cycles > 0, halt))
        else {
            return false;
        };
        self.table = Some(table);
        let Some(mut b) = self.seeds.build.take() else {
            return true;
        };
        let ctx = ShortCtx {
            turns: &self.turns,
            table,
            home: self.start.face_colours(),
            stop: self.p.build_stop,
            scan: self.p.build_scan as usize,
            candidates: u32::try_from(self.p.build_candidates).unwrap_or(self.p.insert_candidates),
            tries: self.p.build_tries,
        };
        let mut work = 0u64;
        while b.stage != Stage::Done {
            work += b.unit(&ctx);
            if work > STEP_WORK || halt() {
                break;
            }
        }
        if b.stage != Stage::Done {
            self.seeds.build = Some(b);
            return true;
        }
        if let Some(seq) = b.solved {
            let len = self.turns.length(&seq);
            if self.seeds.shortest.is_none_or(|s| len < s) {
                self.seeds.shortest = Some(len);
                self.seeds.stages = b.stages;
            }
            let exact = self.seeds.exact.len();
            self.offer_seq(seq, exact, CONSTRUCTIVE);
        }
        self.next_seed();
        true
    }

    /// What the screen shows while the constructive seed is built.
    pub(super) fn build_snapshot(&self, b: &Build) -> Snapshot {
        let (seq, pieces) = b.current();
        let cube = self.cube(seq);
        let len = self.turns.length(seq);
        Snapshot {
            iteration: self.sweeps,
            energy: f64::NAN,
            best_energy: f64::NAN,
            current: cube.clone(),
            best: cube,
            sequence_len: len,
            generator: None,
            phase: Some(b.stage_words().into()),
            status: self.status(),
            last_step: None,
            exhausted_by: self.stopped_by.clone(),
            rows: Vec::new(),
            values: vec![
                f64::NAN,
                len as f64,
                f64::from(pieces),
                self.shown_temperature(),
                self.shown_weight(),
            ],
        }
    }

    /// `--json`'s words on the seeds: which was annealed, every seed's
    /// length, the constructive seed's stages.
    pub(super) fn seeds_json(&self, extra: &mut serde_json::Map<String, serde_json::Value>) {
        if let Some(won) = self.seeds.won {
            extra.insert("seed_solver".into(), won.into());
        }
        if !self.seeds.lengths.is_empty() {
            // The shortest of each name (the constructive seeds are several).
            let mut lengths: HashMap<&str, usize> = HashMap::new();
            for &(name, len) in &self.seeds.lengths {
                let l = lengths.entry(name).or_insert(len);
                *l = (*l).min(len);
            }
            extra.insert("seed_lengths".into(), serde_json::json!(lengths));
            // Every seed's length in the order offered (the 3×3's phase
            // runs one by one), to measure what more runs give.
            let order: Vec<usize> = self.seeds.lengths.iter().map(|&(_, len)| len).collect();
            extra.insert("seed_lengths_in_order".into(), serde_json::json!(order));
        }
        if !self.seeds.stages.is_empty() {
            let stages: Vec<_> = self
                .seeds
                .stages
                .iter()
                .map(|&(stage, length, pieces)| {
                    serde_json::json!({"stage": stage, "length": length, "misplaced_pieces": pieces})
                })
                .collect();
            extra.insert("constructive_stages".into(), stages.into());
        }
    }

    /// Whether the constructive seed is being built.
    pub(super) fn building(&self) -> Option<&Build> {
        self.seeds.build.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::super::ShortParams;
    use super::*;
    use crate::api::never;
    use cubetui_cube::nxn::random::random_state;
    use cubetui_cube::nxn::{NxnCube, Size};
    use cubetui_cube::random::rng_from_seed;

    /// A run on a random state of size `n`, stepped until its seeding is
    /// over.
    fn seeded(n: usize, seed: u64) -> Short {
        let size = Size::new(n).unwrap();
        let start = random_state(&mut rng_from_seed(seed), size);
        let p = ShortParams {
            max_steps: 1,
            build_steps: 20_000,
            build_seeds: 1,
            ..ShortParams::default()
        };
        let mut s = Short::new(&p, &start, seed).unwrap();
        let mut steps = 0;
        while s.start_len.is_none() && s.done.is_none() {
            s.step_within(1, &never);
            steps += 1;
            assert!(steps < 100_000, "{n}");
        }
        s
    }

    /// The constructive seed solves its cube, its exact part leads it, and
    /// it is offered beside `sa-comm`'s.
    #[test]
    fn the_constructive_seed_solves_the_cube() {
        for (n, seed) in [(4, 1), (5, 2), (6, 3)] {
            let s = seeded(n, seed);
            let names: Vec<&str> = s.seeds.lengths.iter().map(|&(k, _)| k).collect();
            assert!(
                names.contains(&CONSTRUCTIVE),
                "{n}: {names:?} {:?}",
                s.seeds.stages
            );
            assert_eq!(s.seeds.stages.len(), 3, "{n}");
            let _ = NxnCube::solved(Size::new(n).unwrap());
        }
    }

    /// Several constructive seeds, each from its own random stream: every
    /// one is offered, the stages kept are the shortest one's, and the
    /// run shortens the shortest seed of all.
    #[test]
    fn the_shortest_of_several_constructive_seeds_is_annealed() {
        let size = Size::new(4).unwrap();
        let start = random_state(&mut rng_from_seed(1), size);
        let p = ShortParams {
            max_steps: 1,
            build_steps: 20_000,
            build_seeds: 3,
            ..ShortParams::default()
        };
        let mut s = Short::new(&p, &start, 1).unwrap();
        let mut steps = 0;
        while s.start_len.is_none() && s.done.is_none() {
            s.step_within(1, &never);
            steps += 1;
            assert!(steps < 100_000);
        }
        let built: Vec<usize> = s
            .seeds
            .lengths
            .iter()
            .filter(|&&(k, _)| k == CONSTRUCTIVE)
            .map(|&(_, len)| len)
            .collect();
        assert_eq!(built.len(), 3, "{:?}", s.seeds.lengths);
        let shortest = built.iter().copied().min();
        assert_eq!(s.seeds.stages.last().map(|st| st.1), shortest);
        let all = s.seeds.lengths.iter().map(|&(_, len)| len).min();
        assert_eq!(s.start_len, all);
    }
}
