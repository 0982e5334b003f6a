//! Every cube size as an annealing [`Space`]: states are sticker vectors
//! (`NxnCube`, turned upright first), the generators `faces` (one layer
//! turn of the size's move set, [`crate::moveset::moves`]) and `comm`
//! (the commutator catalogue of [`crate::neighbourhood::cycles`]).
//! A proposal's energy change is counted on the stickers it moves only.

use std::sync::OnceLock;

use rand::RngExt;

use crate::api::{Halt, SolveError, Solver, Status};
use crate::loops::without_loops;
use crate::moveset::{moves_and_perms, upright};
use crate::neighbourhood::comm::PARITY;
use crate::neighbourhood::cycles::sparse::of_gather;
use crate::neighbourhood::cycles::{self, Cycles, parity_turns};
use cubetui_cube::nxn::orbits::orbits;
use cubetui_cube::nxn::simplify::simplify_sized;
use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnMove, Size};
use cubetui_cube::random::CubeRng;
use cubetui_cube::{AnyAlg, AnyCube};

use super::engine::Annealer;
use super::params::{CommParams, SaParams};
use super::shortcut::Seen;
use super::space::{LINK, ProposalLoop, Proposer, Record, Space};
use super::three::{comm_extra, comm_rows, stage_words};

/// The generators of every size past the 3×3, in the order the screen
/// cycles them.
pub const NXN_NAMES: [&str; 2] = ["faces", "comm"];

/// Paths whose states would take more than this many sticker bytes are
/// reported without cutting their loops.
const CUT_BYTES: usize = 64 << 20;

/// `faces` on one size: the move set and each move's sparse permutation.
#[derive(Debug)]
pub struct Faces {
    moves: Vec<NxnMove>,
    pairs: Vec<Vec<[u16; 2]>>,
}

impl Faces {
    fn of(size: Size) -> Result<&'static Faces, SolveError> {
        static FACES: [OnceLock<Faces>; Size::MAX + 1] = [const { OnceLock::new() }; Size::MAX + 1];
        if let Some(f) = FACES[size.get()].get() {
            return Ok(f);
        }
        let (moves, perms) = moves_and_perms(size)?;
        let pairs = perms.iter().map(|p| of_gather(p.gather())).collect();
        Ok(FACES[size.get()].get_or_init(|| Faces { moves, pairs }))
    }
}

/// A generator of an N×N.
#[derive(Clone, Copy, Debug)]
pub enum NxnGen {
    Faces(&'static Faces),
    Comm(&'static Cycles),
}

/// One size's space: the start's rotation to upright (it leads the
/// solution), the colour each sticker should show, the commutator
/// generator's settings.
#[derive(Clone, Debug)]
pub struct Nxn {
    size: Size,
    rotation: NxnAlg,
    home: [u8; 6],
    want: Box<[u8]>,
    pub comm: CommParams,
    /// The states accepted while proposing face turns, for the shortcut of
    /// the reported path.
    seen: Seen,
}

impl Nxn {
    /// The space of `start`'s size, and `start` turned upright (the state
    /// the annealer starts from).
    pub fn new(start: &NxnCube, comm: CommParams) -> (Nxn, NxnCube) {
        let (rotation, upright) = upright(start);
        let size = start.size();
        let home = upright.face_colours();
        let per_face = size.face_stickers();
        let want = (0..size.stickers()).map(|i| home[i / per_face]).collect();
        let space = Nxn {
            size,
            rotation,
            home,
            want,
            comm,
            seen: Seen::default(),
        };
        (space, upright)
    }

    #[inline(always)]
    fn delta(&self, s: &[u8], pairs: &[[u16; 2]]) -> i32 {
        let mut d = 0;
        for &[i, src] in pairs {
            let want = self.want[i as usize];
            d += i32::from(s[src as usize] != want) - i32::from(s[i as usize] != want);
        }
        d
    }

    /// Applies `pairs` to `c`, keeping its per-orbit counts.
    fn apply(&self, c: &mut NxnCurrent, pairs: &[[u16; 2]], m: Option<NxnMove>) {
        let o = orbits(self.size);
        let s = c.cube.stickers();
        for &[i, src] in pairs {
            let want = self.want[i as usize];
            let d = i32::from(s[src as usize] != want) - i32::from(s[i as usize] != want);
            let b = &mut c.bad[o.orbit_of(i as usize)];
            *b = (*b as i32 + d) as u32;
        }
        match m {
            Some(m) => {
                let _ = c.cube.apply_move(m);
            }
            None => c.cube.permute_pairs(pairs),
        }
        c.energy = c.bad.iter().sum();
        c.stage = cycles::active(self.size, &c.bad, self.comm.staged(), &mut c.active);
    }

    fn turn(&self, code: u64) -> Option<NxnMove> {
        cycles::cycles(self.size)
            .turns()
            .get((code & !PARITY) as usize)
            .copied()
    }

    /// The moves of operator `code` of generator number `g`.
    fn alg(&self, g: u8, code: u64) -> NxnAlg {
        match (g, code) {
            (_, c) if c != u64::MAX && c & PARITY != 0 => self.turn(c).into_iter().collect(),
            (0, c) => Faces::of(self.size)
                .ok()
                .and_then(|f| f.moves.get(c as usize).copied())
                .into_iter()
                .collect(),
            (_, c) => {
                let cy = cycles::cycles(self.size);
                if (c as usize) < cy.entries().len() {
                    cy.alg(c as usize)
                } else {
                    NxnAlg::default()
                }
            }
        }
    }
}

/// The current state with its energy and its misplaced stickers per orbit;
/// the orbits the commutator generator draws from now, and their stage.
#[derive(Clone, Debug)]
pub struct NxnCurrent {
    cube: NxnCube,
    energy: u32,
    bad: Vec<u32>,
    active: Vec<u16>,
    stage: Option<usize>,
}

impl Space for Nxn {
    type State = NxnCube;
    type Current = NxnCurrent;
    type Gen = NxnGen;
    type Link = NxnAlg;

    fn configure(&mut self, comm: &CommParams) {
        self.comm = comm.clone();
    }

    fn prepare(&self, state: &NxnCube) -> NxnCurrent {
        let o = orbits(self.size);
        let mut bad = vec![0u32; o.all().len()];
        for (i, (&c, &w)) in state.stickers().iter().zip(self.want.iter()).enumerate() {
            bad[o.orbit_of(i)] += u32::from(c != w);
        }
        let mut active = Vec::new();
        let stage = cycles::active(self.size, &bad, self.comm.staged(), &mut active);
        NxnCurrent {
            cube: state.clone(),
            energy: bad.iter().sum(),
            bad,
            active,
            stage,
        }
    }

    fn state(current: &NxnCurrent) -> &NxnCube {
        &current.cube
    }

    fn energy(current: &NxnCurrent) -> u32 {
        current.energy
    }

    fn cube(&self, state: &NxnCube) -> AnyCube {
        state.clone().into()
    }

    fn names(&self) -> &'static [&'static str] {
        &NXN_NAMES
    }

    fn generator(&self, name: &str, halt: Halt<'_>) -> Result<Option<NxnGen>, SolveError> {
        match name {
            "faces" => Ok(Some(NxnGen::Faces(Faces::of(self.size)?))),
            "comm" => Ok(cycles::cycles_within(self.size, halt).map(NxnGen::Comm)),
            other => Err(SolveError::Parameter(format!(
                "neighbourhood `{other}` is made of 3x3 sequences; on a {} use `faces` \
                 (outer and inner layer turns) or `comm` (commutators)",
                self.size
            ))),
        }
    }

    fn name(g: NxnGen) -> &'static str {
        match g {
            NxnGen::Faces(_) => "faces",
            NxnGen::Comm(_) => "comm",
        }
    }

    fn run<R: ProposalLoop<Nxn>>(r: &mut R, g: NxnGen, n: u64, halt: Halt<'_>) -> Status {
        match g {
            NxnGen::Faces(f) => r.run(f, n, halt),
            NxnGen::Comm(c) => r.run(c, n, halt),
        }
    }

    fn prelude(&self, g: NxnGen, current: &NxnCurrent) -> Vec<u64> {
        let NxnGen::Comm(c) = g else {
            return Vec::new();
        };
        parity_turns(self.size, current.cube.stickers(), &self.home)
            .into_iter()
            .filter_map(|m| c.turns().iter().position(|&t| t == m))
            .map(|i| PARITY | i as u64)
            .collect()
    }

    fn force(&self, _: NxnGen, current: &mut NxnCurrent, code: u64) {
        if let Some(m) = self.turn(code) {
            let _ = current.cube.apply_move(m);
            *current = self.prepare(&current.cube);
        }
    }

    fn describe(&self, g: u8, code: u64) -> String {
        let alg = self.alg(g, code);
        match (g, code) {
            (1, c) if c & PARITY != 0 && c != u64::MAX => format!("parity turn {alg}"),
            (1, c) if (c as usize) < cycles::cycles(self.size).entries().len() => {
                format!("{}: {alg}", cycles::cycles(self.size).describe(c as usize))
            }
            (1, _) => "nothing".to_string(),
            _ => alg.to_string(),
        }
    }

    fn moves(&self, g: NxnGen, code: u64) -> usize {
        match g {
            NxnGen::Faces(_) => 1,
            NxnGen::Comm(_) if code & PARITY != 0 && code != u64::MAX => 1,
            NxnGen::Comm(c) => c
                .entries()
                .get(code as usize)
                .map_or(0, |e| e.moves as usize),
        }
    }

    fn stage(&self, g: NxnGen, current: &NxnCurrent) -> Option<String> {
        match g {
            NxnGen::Comm(_) => Some(stage_words(current.stage?, self.comm.staged())),
            NxnGen::Faces(_) => None,
        }
    }

    fn rows(&self, g: NxnGen, last: Option<Record>) -> Vec<(String, String)> {
        match g {
            NxnGen::Comm(c) => comm_rows(c, last, 1),
            NxnGen::Faces(_) => Vec::new(),
        }
    }

    fn extra(&self, g: NxnGen) -> Vec<(&'static str, serde_json::Value)> {
        match g {
            NxnGen::Comm(c) => comm_extra(c),
            NxnGen::Faces(_) => Vec::new(),
        }
    }

    fn link(&self, from: &NxnCube, to: &NxnCube, halt: Halt<'_>) -> Option<NxnAlg> {
        // No exact method past the 3×3: the commutator machine solves both
        // states, and from → solved → to is the link.
        let there = solve_by_comm(from, halt)?;
        let back = solve_by_comm(to, halt)?.inverse();
        let alg: NxnAlg = there.moves().iter().chain(back.moves()).copied().collect();
        (from.after(&alg).ok()? == *to).then_some(alg)
    }

    fn link_moves(link: &NxnAlg) -> usize {
        link.len()
    }

    fn visited(&mut self, g: NxnGen, state: &NxnCube) {
        if let NxnGen::Faces(f) = g {
            self.seen.visit(state, f.moves.len());
        }
    }

    fn solution(&self, start: &NxnCube, ops: &[Record], links: &[NxnAlg], cut: bool) -> AnyAlg {
        let path: NxnAlg = ops
            .iter()
            .flat_map(|r| match r.generator {
                LINK => links
                    .get(r.code as usize)
                    .cloned()
                    .unwrap_or_default()
                    .into_moves(),
                g => self.alg(g, r.code).into_moves(),
            })
            .collect();
        let path = if cut && path.len().saturating_mul(self.size.stickers() + 64) <= CUT_BYTES {
            let cut = cut_loops(start, &path);
            // Through the states visited by face turns, where there are any
            // (never longer than the loops cut).
            let short = Faces::of(self.size)
                .ok()
                .filter(|_| !self.seen.is_empty())
                .and_then(|f| self.seen.shortcut(start, &path, &f.moves))
                .filter(|s| s.len() <= cut.len());
            simplify_sized(&short.unwrap_or(cut), self.size)
        } else {
            path
        };
        let solution: NxnAlg = self
            .rotation
            .moves()
            .iter()
            .chain(path.moves())
            .copied()
            .collect();
        AnyAlg::Nxn(solution, self.size)
    }
}

impl Proposer<Nxn> for Faces {
    #[inline(always)]
    fn propose(&self, s: &Nxn, rng: &mut CubeRng, a: &NxnCurrent) -> (i32, u64, Option<NxnCube>) {
        let k = rng.random_range(0..self.moves.len());
        (s.delta(a.cube.stickers(), &self.pairs[k]), k as u64, None)
    }

    fn accept(&self, s: &Nxn, a: &mut NxnCurrent, code: u64, _: Option<NxnCube>, _: u32) {
        let k = code as usize;
        s.apply(a, &self.pairs[k], Some(self.moves[k]));
    }
}

impl Proposer<Nxn> for Cycles {
    #[inline]
    fn propose(&self, s: &Nxn, rng: &mut CubeRng, a: &NxnCurrent) -> (i32, u64, Option<NxnCube>) {
        let st = a.cube.stickers();
        let misplaced = |i: usize| st[i] != s.want[i];
        match cycles::draw(self, rng, &a.active, s.comm.candidates, misplaced, |p| {
            s.delta(st, p)
        }) {
            Some((d, e)) => (d, e as u64, None),
            None => (0, u64::MAX, None),
        }
    }

    fn accept(&self, s: &Nxn, a: &mut NxnCurrent, code: u64, _: Option<NxnCube>, _: u32) {
        if (code as usize) < self.entries().len() {
            s.apply(a, self.pairs_of(code as usize), None);
        }
    }
}

/// Proposals the commutator machine may take to solve a state for a link.
const LINK_STEPS: u64 = 2_000_000;

/// Proposals between two looks at the caller's `halt` while solving for a
/// link (a few milliseconds at 1000 candidates a proposal).
const LINK_BATCH: u64 = 100;

/// The moves the commutator machine (`sa-comm`'s settings) finds from the
/// upright `state` to the solved cube; `None` if it does not solve it
/// within [`LINK_STEPS`] proposals (not a valid cube), or if `halt` said
/// to stop first (checked every [`LINK_BATCH`] proposals: the same
/// proposals as in one go).
fn solve_by_comm(state: &NxnCube, halt: Halt<'_>) -> Option<NxnAlg> {
    if halt() {
        return None;
    }
    let p = SaParams::comm_machine(LINK_STEPS, "one");
    let (space, upright) = Nxn::new(state, p.comm.clone());
    let mut a = Annealer::new(space, &p, upright, 1).ok()?;
    while a.step_within(LINK_BATCH, halt) == Status::Running {
        if halt() {
            return None;
        }
    }
    let out = a.outcome();
    match out.solution {
        AnyAlg::Nxn(alg, _) if out.solved => Some(alg),
        _ => None,
    }
}

/// `path` from `start` with every loop (a return to a state seen before)
/// cut out: the same end state, each state on the way visited once.
pub fn cut_loops(start: &NxnCube, path: &NxnAlg) -> NxnAlg {
    let mut c = start.clone();
    without_loops(start.clone(), path.moves(), |m| {
        c.apply_move(m).ok()?;
        Some(c.clone())
    })
    .map_or_else(|| path.clone(), NxnAlg::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_walk_on_a_4x4_keeps_its_history_bounded_and_its_path_exact() {
        let size = Size::new(4).unwrap();
        let start = NxnCube::solved(size)
            .after(&"R 2U F' 3R D2 B 2F U'".parse::<NxnAlg>().unwrap())
            .unwrap();
        let p = super::super::params::hot_walk();
        let (space, upright) = Nxn::new(&start, p.comm.clone());
        let mut a = Annealer::new(space, &p, upright, 3).unwrap();
        a.history_cap = 2000;
        for _ in 0..10 {
            a.step(5_000);
            assert!(a.history_len() < 2000, "{}", a.history_len());
        }
        let s = a.snapshot();
        let out = a.outcome();
        let AnyAlg::Nxn(alg, _) = &out.solution else {
            panic!("an N×N sequence");
        };
        assert!(a.links_len() > 0, "the walk was shortened");
        assert_eq!(AnyCube::from(start.after(alg).unwrap()), s.best);
    }

    #[test]
    fn a_compaction_told_to_stop_keeps_the_whole_path_and_the_next_one_links() {
        let size = Size::new(4).unwrap();
        let start = NxnCube::solved(size)
            .after(&"R 2U F' 3R D2 B 2F U'".parse::<NxnAlg>().unwrap())
            .unwrap();
        assert!(
            solve_by_comm(&start, &|| true).is_none(),
            "told to stop first"
        );
        let p = super::super::params::hot_walk();
        let (space, upright) = Nxn::new(&start, p.comm.clone());
        let mut a = Annealer::new(space, &p, upright, 3).unwrap();
        a.history_cap = 2000;
        // Every compaction is told to stop: the path stays whole.
        for _ in 0..4 {
            a.step_within(5_000, &|| true);
        }
        assert!(a.history_len() >= 2000, "{}", a.history_len());
        assert_eq!(a.links_len(), 0);
        let exact = |a: &Annealer<Nxn>| {
            let AnyAlg::Nxn(alg, _) = &a.outcome().solution else {
                panic!("an N×N sequence");
            };
            assert_eq!(AnyCube::from(start.after(alg).unwrap()), a.snapshot().best);
        };
        exact(&a);
        // Untold, the next acceptance links it.
        a.step(5_000);
        assert!(a.history_len() < 2000, "{}", a.history_len());
        assert!(a.links_len() > 0);
        exact(&a);
    }
}
