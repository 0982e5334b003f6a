//! `sa-short`: simulated annealing over the move sequence itself, as the
//! Santa 2023 winners shortened their cube solutions, on every size.
//!
//! The run starts from exact parts ([`exact`]: the corners by the optimal
//! 2×2 table, or on odd sizes from 5 the corners, middle edges and centres
//! as a 3×3 by the two-phase search) followed by another solver's solution
//! of the rest (`sa-comm`'s, which solves every size in milliseconds),
//! turned into single-layer turns and merged
//! (turns of one layer in a run about one axis combine). The annealer's
//! state is that sequence; its energy is the sequence's length + weight × the
//! pieces it leaves misplaced, so it may leave the cube unsolved for a while
//! when that buys many turns. Proposals: replace one turn, swap two adjacent
//! turns, insert or delete one turn or a pair, insert a short commutator or
//! 3-cycle from the table (`table`) where it cancels most, place a
//! four-turn commutator [X, Y] (`comms`) where it puts most right per turn,
//! and, every few
//! thousand proposals, cut out any segment that is the identity. Every few
//! hundred proposals a current sequence with few misplaced pieces is
//! completed by insertions (the winners' last step) to see if it beats the
//! best. It is an anytime solver: the best *solved* sequence, replayed on
//! the cube before it is kept, is reported whenever the run stops.
//!
//! The proposals run on the one annealing loop (`anneal.rs`: the
//! temperature on the exponential schedule of `t_max` and `t_min`, whose
//! keys are the annealer's). The temperature and the weight move exponentially from
//! their start to their end over each cooling cycle, each proposal judged
//! at its own place in the cycle (the budget is cooled several times, each time
//! from the best solved sequence; the budget, the cycle and the four-turn
//! scan's share are left to the cube's size by the preset,
//! [`ShortParams::on_size`]); the temperatures and weights are live knobs. One step is
//! a sweep of `sweep` proposals (cut short when the sequences are long, so
//! a stop is never far off). Under a caller's limit
//! ([`Solver::step_within`]) the sweep ends after any proposal once the
//! limit says stop, and the set-up's tables (the exact parts', the
//! commutator catalogue, the insertion table, the four-turn commutators)
//! are waited for only until it does; where a step ends changes nothing
//! drawn, so a run cut anywhere and resumed is the run never cut.

mod anneal;
pub mod beam;
mod build;
pub mod comms;
pub mod cycles;
pub mod exact;
mod finish;
mod greedy;
mod home;
pub mod insert;
pub mod needed;
mod opening;
mod params;
mod parity;
mod passes;
mod propose;
mod rough;
pub mod seq;
pub mod table;
mod track;
mod view;
pub mod words;

use crate::stop::StopReason;

use crate::anneal::Chain;
use crate::api::{Halt, Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status, never};
use crate::declare::Declared;
use crate::moveset::upright;
use crate::params::{self as declared, ParamSpec};
use cubetui_cube::Cube;
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};

pub use params::{SHORT_RATE, SHORT_UPTO, ShortParams, budget, params};
use propose::Last;
use seq::{Misplaced, Turns, to_alg};
pub use seq::{Mv, metrics};
use table::Table;

/// Sticker moves one step may replay before it ends its sweep early.
const STEP_WORK: u64 = 30_000_000;

/// Proposals between two searches for identity segments.
const CUT_EVERY: u64 = 20_000;

/// Insertions one completion makes at most per misplaced piece.
const REPAIR_ROUNDS: u32 = 2;

/// Completions, one in this many, that also try four-turn commutators.
const SHORTS_EVERY: u64 = 10;

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
    /// The parameters in effect (the size's values resolved).
    p: ShortParams,
    /// The parameters as given and as set live since (a "by size" value
    /// kept as such): what the knobs read back.
    asked: ShortParams,
    size: Size,
    /// The rotation turning the start upright; it leads the solution.
    rotation: NxnAlg,
    /// The start, upright.
    start: NxnCube,
    turns: Turns,
    table: Option<&'static Table>,
    mis: Misplaced,
    /// The one annealing loop's state: the random numbers (every draw of
    /// the run past its seeding), the proposals made, the temperature.
    chain: Chain,
    /// The 3-cycles a state still needs (the beam completion's measure).
    needed: needed::Needed,
    /// The running seed solver.
    seed: Option<opening::Seeder>,
    /// The turns the current seed solver's solution follows: the exact
    /// part ([`exact`], solved in the first step, so building the solver is
    /// quick) or none; `None` before the first step.
    prefix: Option<Vec<Mv>>,
    /// The seed solvers from the start itself still to run, the next
    /// last: `sa-comm` after the one from the exact part, and on the 3×3
    /// `phases-sa` runs ([`ShortParams::phase_runs`]).
    later: Vec<opening::Seeder>,
    /// The shortest solved seed sequence so far, with its exact turns and
    /// its name.
    seeded: Option<(Vec<Mv>, usize, &'static str)>,
    /// The exact part, the constructive seed, every seed's length.
    seeds: build::Seeds,
    /// Exact turns leading the sequence that was shortened.
    exact_turns: usize,
    /// The seed used for the seed solver.
    seed_value: u64,
    seed_steps: u64,
    start_len: Option<usize>,
    cur: Current,
    /// `ck[c]`: the state after `cur.seq[..c * stride]`, flat.
    ck: Vec<u8>,
    stride: usize,
    /// `back[j]`: where the sticker at each position after
    /// `cur.seq[..len - j]` is at the end, flat; kept only when every
    /// position has a checkpoint and they fit in their bound (`track`;
    /// else empty).
    back: Vec<u16>,
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
    /// The candidate's end state when judged by its change alone.
    next: Vec<u8>,
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
        let asked = p.clone();
        let p = &p.on_size(size);
        let home = upright.face_colours();
        // The seeder from the start itself checks that `sa-comm` takes it;
        // the first step solves the exact part and starts it over from there.
        let seeder = crate::anneal::build_nxn(&opening::sa_comm(), &upright, seed)?;
        Ok(Short {
            p: p.clone(),
            asked,
            size,
            rotation,
            turns: Turns::new(size),
            table: None,
            mis: Misplaced::new(size, &home),
            chain: Short::chain(p, seed ^ 0x5a5a_0000_5107_0001),
            needed: needed::Needed::new(size, Misplaced::new(size, &home).want()),
            seed: Some(opening::Seeder::one_step(build::SA_COMM, seeder)),
            prefix: None,
            later: Vec::new(),
            seeded: None,
            seeds: build::Seeds::default(),
            exact_turns: 0,
            seed_value: seed,
            seed_steps: 0,
            start_len: None,
            cur: Current::default(),
            ck: Vec::new(),
            stride: 1,
            back: Vec::new(),
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
            next: Vec::new(),
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

    /// Takes `seq` (solved, checked by [`Short::offer`]) as the sequence to
    /// shorten.
    /// The table is taken at the first sweep ([`Table::of_within`], so a
    /// limit cuts its build), or here when the run ends at once.
    fn begin(&mut self, seq: Vec<Mv>) {
        self.start_len = Some(self.turns.length(&seq));
        self.set_current(seq);
        let seq = self.cur.seq.clone();
        self.keep_if_best(&seq);
        self.cut();
        if self.cur.len == 0 || exact::Part::of(self.size) == exact::Part::Whole {
            self.table = Some(Table::of(self.size));
            self.done = Some(Status::Solved);
        }
    }

    /// How far into its cooling cycle the run is, 0 to 1.
    fn progress(&self) -> f64 {
        let (done, of) = match self.p.cycle {
            0 => (self.proposals, self.p.max_steps),
            c => (self.proposals % c, c),
        };
        (done as f64 / of as f64).min(1.0)
    }

    fn weight(&self) -> f64 {
        self.p.weight * (self.p.weight_end / self.p.weight).powf(self.progress())
    }

    /// The temperature the plots and status show: the schedule's end once
    /// the budget is spent (no next cycle starts then), else the chain's,
    /// the one of the next proposal.
    fn shown_temperature(&self) -> f64 {
        if self.spent() {
            self.p.t_min
        } else {
            self.chain.cooling.temperature()
        }
    }

    /// The weight as shown, by the same rule.
    fn shown_weight(&self) -> f64 {
        if self.spent() {
            self.p.weight_end
        } else {
            self.weight()
        }
    }

    /// Whether the proposal budget is spent.
    fn spent(&self) -> bool {
        self.p.max_steps > 0 && self.proposals >= self.p.max_steps
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
}

impl Solver for Short {
    fn profile(&self) -> Profile {
        Profile {
            step: "sweep",
            series: vec![
                // Plotted; the status row "length start → best" says it once.
                SeriesSpec::new("length", 0).short("best").no_row(),
                SeriesSpec::new("current length", 0).short("now").no_row(),
                SeriesSpec::new("misplaced pieces", 0).short("misplaced"),
                SeriesSpec::new("temperature", 3),
                SeriesSpec::new("weight", 2).no_plot(),
            ],
        }
    }

    fn step(&mut self, n: u64) -> Status {
        self.step_within(n, &never)
    }

    fn step_within(&mut self, n: u64, halt: Halt<'_>) -> Status {
        for _ in 0..n {
            if self.status() != Status::Running {
                break;
            }
            // While the commutator catalogue is being built (by the seed
            // solver's steps), a sweep may do nothing: the caller's limit
            // is looked at between them.
            if !crate::neighbourhood::cycles::built(self.size) && halt() {
                break;
            }
            self.sweeps += 1;
            if self.prefix.is_none() {
                // Loading (or building) its tables stops at the caller's
                // limit; the sweep then has not happened.
                if !exact::tables_within(exact::Part::of(self.size), halt) {
                    self.sweeps -= 1;
                    break;
                }
                self.exact_part();
                continue;
            }
            if self.building().is_some() {
                self.seed_steps += 1;
                if !self.build_step(halt) {
                    self.seed_steps -= 1;
                    self.sweeps -= 1;
                    break;
                }
                continue;
            }
            if let Some(seeder) = self.seed.as_mut() {
                self.seed_steps += 1;
                match seeder.solver.step_within(seeder.per_step, halt) {
                    Status::Running => {}
                    Status::Solved => {
                        let (out, name) = (seeder.solver.outcome(), seeder.name);
                        self.seed = None;
                        self.offer(&out.solution, name);
                        self.next_seed();
                    }
                    Status::Exhausted => {
                        self.seed = None;
                        self.next_seed();
                    }
                }
                continue;
            }
            if self.table.is_none() {
                // The table's build (seconds on big cubes) stops at the
                // caller's limit; the sweep then has not happened.
                let Some(t) = Table::of_within(self.size, self.p.cycles > 0, halt) else {
                    self.sweeps -= 1;
                    break;
                };
                self.table = Some(t);
            }
            // So are the four-turn commutators' (built on first use).
            if self.p.short_rate > 0.0 && comms::Comms::of_within(self.size, halt).is_none() {
                self.sweeps -= 1;
                break;
            }
            self.sweep(halt);
        }
        self.status()
    }

    fn status(&self) -> Status {
        self.done.unwrap_or(Status::Running)
    }

    fn snapshot(&self) -> Snapshot {
        self.snapshot_now()
    }

    fn outcome(&self) -> Outcome {
        self.outcome_now()
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        declared::live_values(&DECLARED, &self.asked.numbers())
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        // A key by an earlier name (a run file recorded before it changed).
        let key = declared::canonical(&DECLARED, key);
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.asked.clone();
        p.set_number(key, v);
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p.on_size(self.size);
        self.asked = p;
        // The temperature stays; a new t_max or t_min sets the cooling
        // rate from now on (and the next cycle starts at the new t_max).
        self.chain.cooling.retune(&self.p.schedule(), self.p.cycle);
        Ok(())
    }
}
