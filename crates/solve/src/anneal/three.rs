//! The 3×3 as an annealing [`Space`]: states are the kernel's `Cube`, the
//! generators `faces`, `pll`, `pll-conj` (tables with the SIMD-friendly
//! sparse delta) and `comm` (the commutator catalogue), the reported path
//! cut of its loops by [`super::path::expand`].

use crate::api::{Halt, SolveError, Status};
use crate::energy::{Energy, Facelets};
use crate::neighbourhood::comm::PARITY;
use crate::neighbourhood::cycles::{self, Cycles, STAGE_NAMES, parity_turns, stage_of};
use crate::neighbourhood::sparse::Prepared;
use crate::neighbourhood::{Comm, Formulas, Generator, NAMES, Table};
use crate::reference;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::orbits;
use cubetui_cube::random::CubeRng;
use cubetui_cube::{Alg, AnyAlg, AnyCube, Cube, Perm};

use super::params::CommParams;
use super::space::{LINK, ProposalLoop, Proposer, Record, Space};

/// The 3×3 space, with the commutator generator's settings and the formula
/// catalogue `pll` and `pll-conj` are built from.
#[derive(Clone, Debug, Default)]
pub struct Three {
    pub comm: CommParams,
    pub formulas: Formulas,
}

/// The current state, its energy, and its sparse-delta form.
#[derive(Clone, Copy, Debug)]
pub struct Current {
    cube: Cube,
    energy: u32,
    prepared: Prepared,
}

impl Current {
    #[inline(always)]
    fn new(cube: Cube, energy: u32) -> Current {
        Current {
            cube,
            energy,
            prepared: Prepared::new(&cube),
        }
    }
}

impl Space for Three {
    type State = Cube;
    type Current = Current;
    type Gen = &'static Generator;
    type Link = (Alg, Perm);

    fn configure(&mut self, comm: &CommParams) {
        self.comm = comm.clone();
    }

    fn prepare(&self, state: &Cube) -> Current {
        Current::new(*state, Facelets.eval(state))
    }

    fn state(current: &Current) -> &Cube {
        &current.cube
    }

    fn energy(current: &Current) -> u32 {
        current.energy
    }

    fn cube(&self, state: &Cube) -> AnyCube {
        (*state).into()
    }

    fn names(&self) -> &'static [&'static str] {
        &NAMES
    }

    fn generator(&self, name: &str, _: Halt<'_>) -> Result<Option<&'static Generator>, SolveError> {
        Generator::get(name, &self.formulas).map(Some)
    }

    fn name(g: &'static Generator) -> &'static str {
        g.name()
    }

    fn run<R: ProposalLoop<Three>>(
        r: &mut R,
        g: &'static Generator,
        n: u64,
        halt: Halt<'_>,
    ) -> Status {
        match g {
            Generator::Table(t) => r.run(t, n, halt),
            Generator::Comm(c) => r.run(c.as_ref(), n, halt),
        }
    }

    fn prelude(&self, g: &'static Generator, current: &Current) -> Vec<u64> {
        let Generator::Comm(c) = g else {
            return Vec::new();
        };
        let home = [0, 1, 2, 3, 4, 5];
        parity_turns(Size::THREE, current.cube.stickers(), &home)
            .into_iter()
            .filter_map(|m| c.cycles().turns().iter().position(|&t| t == m))
            .map(|i| PARITY | i as u64)
            .collect()
    }

    fn force(&self, g: &'static Generator, current: &mut Current, code: u64) {
        let (_, p) = g.op(code);
        let cube = current.cube.permuted(&p);
        *current = Current::new(cube, Facelets.eval(&cube));
    }

    fn describe(&self, g: u8, code: u64) -> String {
        match self.generator_at(g) {
            Some(Generator::Comm(c)) => c.describe(code),
            Some(t) => t.alg(code).to_string(),
            None => String::new(),
        }
    }

    fn moves(&self, g: &'static Generator, code: u64) -> usize {
        g.moves(code)
    }

    fn stage(&self, g: &'static Generator, current: &Current) -> Option<String> {
        let Generator::Comm(c) = g else {
            return None;
        };
        let staged = self.comm.staged();
        let bad = bad_per_orbit(c, &current.prepared);
        let o = orbits(Size::THREE);
        let stage = (0..2)
            .filter(|&i| bad[i] > 0)
            .map(|i| stage_of(o.all()[i].kind, staged))
            .min()?;
        Some(stage_words(stage, staged))
    }

    fn rows(&self, g: &'static Generator, last: Option<Record>) -> Vec<(String, String)> {
        let Generator::Comm(c) = g else {
            return Vec::new();
        };
        comm_rows(c.cycles(), last, index_of_comm())
    }

    fn extra(&self, g: &'static Generator) -> Vec<(&'static str, serde_json::Value)> {
        match g {
            Generator::Comm(c) => comm_extra(c.cycles()),
            Generator::Table(_) => Vec::new(),
        }
    }

    fn link(&self, from: &Cube, to: &Cube, _: Halt<'_>) -> Option<(Alg, Perm)> {
        // from → solved → to: two-phase solutions of both, the second undone.
        let solve = |c: &Cube| reference::solve(c, 30, reference::SearchLimits::default()).ok();
        let there = solve(from)?;
        let back = solve(to)?.inverse();
        let alg: Alg = there.moves().iter().chain(back.moves()).copied().collect();
        (from.after(&alg) == *to).then(|| {
            let p = alg.perm();
            (alg, p)
        })
    }

    fn link_moves(link: &(Alg, Perm)) -> usize {
        link.0.len()
    }

    fn solution(&self, start: &Cube, ops: &[Record], links: &[(Alg, Perm)], cut: bool) -> AnyAlg {
        let ops: Vec<(Alg, Perm)> = ops
            .iter()
            .filter_map(|r| match r.generator {
                LINK => links.get(r.code as usize).cloned(),
                g => Some(self.generator_at(g)?.op(r.code)),
            })
            .collect();
        super::path::expand(start, &ops, cut, &self.formulas).into()
    }
}

/// The phase words of a stage: "centres", "edges", "corners", or "all
/// orbits" when not staged.
pub fn stage_words(stage: usize, staged: bool) -> String {
    if staged {
        STAGE_NAMES.get(stage).copied().unwrap_or("?").to_string()
    } else {
        "all orbits".to_string()
    }
}

/// The index of `comm` in [`NAMES`].
fn index_of_comm() -> u8 {
    NAMES.iter().position(|&n| n == "comm").unwrap_or(0) as u8
}

/// The commutator generator's status row: the orbit the last operator on
/// the current path cycled (a parity turn says so).
pub fn comm_rows(c: &Cycles, last: Option<Record>, comm: u8) -> Vec<(String, String)> {
    let what = match last {
        Some(r) if r.generator == comm && r.code & PARITY != 0 && r.code != u64::MAX => {
            "parity turn".to_string()
        }
        Some(r) if r.generator == comm && (r.code as usize) < c.entries().len() => {
            c.orbit_words(r.code as usize)
        }
        _ => "–".to_string(),
    };
    vec![("last cycled".to_string(), what)]
}

/// The commutator generator's `--json` fields: its catalogue's size, and
/// whether the memory bound capped it.
pub fn comm_extra(c: &Cycles) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("commutators", c.entries().len().into()),
        ("catalogue_capped", c.capped().into()),
    ]
}

impl Three {
    /// The generator of index `g` in [`NAMES`], over this run's catalogue.
    fn generator_at(&self, g: u8) -> Option<&'static Generator> {
        Generator::get(NAMES.get(g as usize)?, &self.formulas).ok()
    }
}

/// Misplaced stickers of the corners (0) and the edges (1).
#[inline]
fn bad_per_orbit(c: &Comm, p: &Prepared) -> [u32; 3] {
    let mut bad = [0u32; 3];
    for i in 0..cubetui_cube::STICKERS {
        bad[c.orbit_of(i).min(2)] += u32::from(p.misplaced_at(i));
    }
    bad
}

impl Proposer<Three> for Table {
    #[inline(always)]
    fn propose(&self, _: &Three, rng: &mut CubeRng, a: &Current) -> (i32, u64, Option<Cube>) {
        let k = self.draw(rng);
        (self.delta(k, &a.prepared), k as u64, None)
    }

    #[inline(always)]
    fn accept(&self, _: &Three, a: &mut Current, code: u64, cand: Option<Cube>, e: u32) {
        let cube = cand.unwrap_or_else(|| a.cube.permuted(&self.perms()[code as usize]));
        *a = Current::new(cube, e);
    }
}

impl Proposer<Three> for Comm {
    #[inline]
    fn propose(&self, s: &Three, rng: &mut CubeRng, a: &Current) -> (i32, u64, Option<Cube>) {
        let bad = bad_per_orbit(self, &a.prepared);
        let staged = s.comm.staged();
        let o = orbits(Size::THREE);
        let stage = (0..2)
            .filter(|&i| bad[i] > 0)
            .map(|i| stage_of(o.all()[i].kind, staged))
            .min();
        let mut active = [0u16; 2];
        let mut n = 0;
        for (i, &b) in bad.iter().take(2).enumerate() {
            if b > 0 && Some(stage_of(o.all()[i].kind, staged)) == stage {
                active[n] = i as u16;
                n += 1;
            }
        }
        let misplaced = |i: usize| a.prepared.misplaced_at(i);
        match cycles::draw(
            self.cycles(),
            rng,
            &active[..n],
            s.comm.candidates,
            misplaced,
            |p| a.prepared.delta_pairs(p),
        ) {
            Some((d, e)) => (d, e as u64, None),
            // Nothing to cycle (the centres are wrong: not a cube): a no-op.
            None => (0, u64::MAX, None),
        }
    }

    #[inline]
    fn accept(&self, _: &Three, a: &mut Current, code: u64, _: Option<Cube>, e: u32) {
        let cube = a.cube.permuted(&self.perm(code));
        *a = Current::new(cube, e);
    }
}
