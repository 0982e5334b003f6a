//! The solved sequence `sa-short` starts from: the exact part ([`exact`])
//! followed by `sa-comm`'s solution of the rest, `sa-comm`'s solution
//! from the start itself, from the 4×4 on the constructive seed
//! (`build`), and on the 3×3 a few `phases-sa` solutions; the shortest,
//! merged, is the sequence the annealer shortens.

use super::build::{EXACT_SA_COMM, PHASES_SA};
use super::seq::{self, Mv, merged, to_alg};
use super::{Short, exact};
use crate::anneal::SaParams;
use crate::api::{Solver, Status};
use crate::stop::StopReason;
use cubetui_cube::AnyAlg;
use cubetui_cube::nxn::NxnAlg;

/// A `phases-sa` seed run's steps (proposals) per step of this run: a
/// phase run's steps are single proposals (some 150 000 a run), many to
/// one of this run's steps, so the screen's speed seeds a 3×3 in seconds,
/// not hours.
const PHASE_SEED_STEPS: u64 = 20_000;

/// A seed solver, running or queued: its name (`--json`'s `seed_solver`)
/// and how many of its steps one step of this run takes.
pub(super) struct Seeder {
    pub(super) name: &'static str,
    pub(super) per_step: u64,
    pub(super) solver: Box<dyn Solver>,
}

impl Seeder {
    /// Seed solver `name`, one of its steps per step of this run.
    pub(super) fn one_step(name: &'static str, solver: Box<dyn Solver>) -> Seeder {
        Seeder {
            name,
            per_step: 1,
            solver,
        }
    }
}

/// `sa-comm`'s parameters (its preset), the solver whose solution starts
/// the run.
pub(super) fn sa_comm() -> SaParams {
    SaParams::comm_machine(20_000_000, "centres-edges-corners")
}

impl Short {
    /// Solves the exact part ([`exact`]) and starts a seed solver from the
    /// state it leaves; the seed solver from the start itself runs after it
    /// (not on the 2×2, whose exact part is optimal), and the shorter of
    /// the two sequences is the one shortened.
    pub(super) fn exact_part(&mut self) {
        let prefix = exact::prefix(&self.start);
        self.seeds.exact = prefix.clone();
        let seeder = (!prefix.is_empty())
            .then(|| self.start.after(&to_alg(&prefix, self.size)).ok())
            .flatten()
            .and_then(|after| crate::anneal::build_nxn(&sa_comm(), &after, self.seed_value).ok());
        match seeder {
            Some(s) => {
                let plain = self.seed.replace(Seeder::one_step(EXACT_SA_COMM, s));
                if exact::Part::of(self.size) != exact::Part::Whole {
                    self.later.extend(plain);
                }
                self.prefix = Some(prefix);
            }
            None => self.prefix = Some(Vec::new()),
        }
        self.later.splice(0..0, self.phase_seeders());
    }

    /// On the 3×3, `phases-sa` runs from the start (its preset, each with
    /// a seed of its own drawn from the run's), last one first: their
    /// solutions (about 35–50 face turns where `sa-comm`'s are about 120)
    /// are offered as seeds too.
    fn phase_seeders(&self) -> Vec<Seeder> {
        if self.size.get() != 3 {
            return Vec::new();
        }
        let Some(p) = crate::phases::sa_preset() else {
            return Vec::new();
        };
        let start = cubetui_cube::AnyCube::from(self.start.clone());
        (0..u64::from(self.p.phase_runs))
            .rev()
            .filter_map(|i| {
                let seed = self.seed_value ^ (0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i + 1));
                let run = crate::phases::build_sa_on(&p, &start, seed).ok()?;
                Some(Seeder {
                    name: PHASES_SA,
                    per_step: PHASE_SEED_STEPS,
                    solver: run,
                })
            })
            .collect()
    }

    /// Offers the solution of seed solver `name` (after its prefix): kept
    /// if it solves the cube and is the shortest offered.
    pub(super) fn offer(&mut self, solution: &AnyAlg, name: &'static str) {
        let moves: Vec<_> = match solution {
            AnyAlg::Nxn(a, _) => a.moves().to_vec(),
            AnyAlg::Three(a) => NxnAlg::from(a).into_moves(),
        };
        let prefix = self.prefix.clone().unwrap_or_default();
        let seq = merged(
            prefix
                .iter()
                .copied()
                .chain(moves.into_iter().flat_map(|m| seq::of_move(m, self.size))),
        );
        self.offer_seq(seq, prefix.len(), name);
    }

    /// Offers the merged `seq` led by `exact` exact turns, seed `name`:
    /// kept if it solves the cube and is the shortest offered.
    pub(super) fn offer_seq(&mut self, seq: Vec<Mv>, exact: usize, name: &'static str) {
        if !self.replayed(&seq).is_some_and(|c| c.is_solved()) {
            return;
        }
        // On the 3×3, its windows replaced by shorter words where they
        // have them (kept only if that still solves the cube).
        let seq = if self.size.get() == 3 {
            self.shortened(seq, name == PHASES_SA)
        } else {
            seq
        };
        let len = self.turns.length(&seq);
        self.seeds.lengths.push((name, len));
        // Known solved from now on: a limit met while the next seed is
        // built reports it.
        self.keep_if_best(&seq);
        let shorter = self
            .seeded
            .as_ref()
            .is_none_or(|(s, ..)| len < self.turns.length(s));
        if shorter {
            self.seeded = Some((seq, exact, name));
        }
    }

    /// The solved 3×3 `seq` with its windows of up to `window` turns
    /// replaced by shorter words ([`super::words`]), then, for a phase
    /// seed (`wide`) within `wide_margin` turns of the shortest seed so
    /// far, of up to `wide_window` turns (dearer: `sa-comm`'s seeds, some
    /// four times longer, are never the shortest on the 3×3); kept only if
    /// it still solves the cube.
    fn shortened(&self, seq: Vec<Mv>, wide: bool) -> Vec<Mv> {
        let mut s = super::words::shorten(&seq, self.p.window as usize);
        let shortest = self.seeded.as_ref().map_or(usize::MAX, |(s, ..)| s.len());
        if wide && s.len() <= shortest.saturating_add(self.p.wide_margin as usize) {
            s = super::words::shorten(&s, self.p.wide_window as usize);
        }
        if s.len() < seq.len() && self.replayed(&s).is_some_and(|c| c.is_solved()) {
            s
        } else {
            seq
        }
    }

    /// The next seed solver, or, when none is left, the shortest seed
    /// sequence as the one to shorten.
    pub(super) fn next_seed(&mut self) {
        if let Some(next) = self.later.pop() {
            self.seed = Some(next);
            self.prefix = Some(Vec::new());
            return;
        }
        if self.start_build() {
            return;
        }
        match self.seeded.take() {
            Some((seq, exact, name)) => {
                self.exact_turns = exact;
                self.seeds.won = Some(name);
                self.begin(seq);
            }
            None => {
                self.stopped_by = Some(StopReason::Other("sa-comm did not solve the start".into()));
                self.done = Some(Status::Exhausted);
            }
        }
    }
}
