//! Solvers on cubes of any size N ≥ 2 (`cube::nxn`), beside the 3×3 path
//! (which keeps its kernel and its seeded outputs untouched).
//!
//! [`build_any`] is the one entry that builds a preset for a start of any
//! size as a [`Solver`]: the 3×3 through
//! [`SolverConfig::build`], every other size through [`build`] (a
//! [`SizedSolver`]) and the [`adapter`]. The same [`SolverConfig`] (same
//! parameters declaration) as on the 3×3, the same seed rule. What runs:
//!
//! - `sa` (presets `sa-comm`, `sa-faces`, `sa-faces-hot`, `2x2-sa`,
//!   `4x4-sa`): the 3×3's own annealer ([`crate::solve::anneal`]) over the
//!   sticker vectors of the size: neighbourhood `faces` (the move set
//!   [`moves`]) or `comm` (the commutator machine).
//! - `ga` (presets `ga`, `2x2-ga`, `4x4-ga`): the 3×3's own
//!   [`Ga`] with the preset's parameters, over the
//!   genes [`genes::NxnGenes`] (the move set [`moves`]); population
//!   statistics, live knobs and step words as on the 3×3.
//! - `woc` (preset `woc`): the 3×3's own GA + wisdom-of-crowds
//!   [`Woc`] over the same genes.
//! - `phases-sa` (presets `2x2-phases`, `phases-sa`) on the 2×2 only: the
//!   2×2's two group phases, each by the same sequence annealer ([`phased`]).
//! - `reference`: on the 2×2 the exact optimal solver ([`crate::solve::pocket`]);
//!   on N ≥ 4 a refusal, [`yardstick::none_for`] ("no reference for 4x4").
//! - every other solver: refused with a message naming the 3×3-only solver.
//!
//! A start in any orientation is accepted: it is turned upright first
//! ([`NxnCube::upright`]: middle centres home on odd N, the DBL corner home on
//! even N), the moves then keep it so, and the reported solution starts with
//! that rotation. "Solved" is every face one colour.

pub mod adapter;
pub mod api;
pub mod genes;
pub mod phased;

use crate::cube::AnyCube;
use crate::cube::nxn::{NxnAlg, NxnCube, Size};
use crate::solve::api::{SolveError, Solver, Status};

use crate::solve::ga::Ga;
use crate::solve::pocket;
use crate::solve::preset::PresetInfo;
use crate::solve::registry::SolverConfig;
use crate::solve::woc::Woc;
use crate::solve::yardstick;
pub use api::{SizedOutcome, SizedSolver, moves, moves_in_words, upright};

/// The 2×2's optimal solver as a one-step run.
struct Pocket {
    start: NxnCube,
    solution: Option<NxnAlg>,
}

impl SizedSolver for Pocket {
    fn step(&mut self, _: u64) -> Status {
        if self.solution.is_none() {
            // Validated when built: a failure here is a damaged table.
            self.solution = Some(pocket::solve(&self.start).unwrap_or_default());
        }
        self.status()
    }

    fn status(&self) -> Status {
        match &self.solution {
            None => Status::Running,
            Some(s) if self.start.after(s).is_ok_and(|c| c.is_solved()) => Status::Solved,
            Some(_) => Status::Exhausted,
        }
    }

    fn outcome(&self) -> SizedOutcome {
        let solution = self.solution.clone().unwrap_or_default();
        let best = self
            .start
            .after(&solution)
            .unwrap_or_else(|_| self.start.clone());
        SizedOutcome {
            solved: best.is_solved(),
            energy: best.upright().misplaced() as f64,
            solution,
            iterations: u64::from(self.solution.is_some()),
        }
    }
}

/// Builds solver `config` for `start`, of any size, as a [`Solver`], fully
/// determined by (config, seed, start): the 3×3 by
/// [`SolverConfig::build`], any other size by [`build`].
///
/// # Errors
/// As [`SolverConfig::build`] and [`build`].
pub fn build_any(
    config: &SolverConfig,
    start: &AnyCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    match start {
        AnyCube::Three(c) => config.build(*c, seed),
        AnyCube::Nxn(c) => build(config, c, seed),
    }
}

/// [`build_any`] for a screen that must not wait: the 3×3 reference gets
/// a stand-in solver while its tables are read or built on a thread of
/// their own ([`crate::solve::reference::pending`]); everything else as
/// [`build_any`].
///
/// # Errors
/// As [`build_any`].
pub fn build_any_pending(
    config: &SolverConfig,
    start: &AnyCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    match (config, start) {
        (SolverConfig::Reference(p), AnyCube::Three(c)) => {
            crate::solve::reference::pending::build(p, *c, seed)
        }
        _ => build_any(config, start, seed),
    }
}

impl SolverConfig {
    /// Whether this solver runs on a cube of `size`, answered without
    /// building it (no tables, no cube, no wait): every solver runs on the
    /// 3×3 ([`SolverConfig::build`]); on any other size [`build`] asks
    /// this same question first, so the answer and a build cannot
    /// disagree. The error is the one a build gives ("solver `mws` runs
    /// on the 3x3 only; …", "no reference for 4x4 …").
    ///
    /// Parameter values (ranges, a damaged table) are checked when built,
    /// not here: this is about the size only.
    ///
    /// # Errors
    /// [`SolveError::Config`] or [`SolveError::Parameter`] saying why it
    /// does not run on `size`.
    pub fn runs_on(&self, size: Size) -> Result<(), SolveError> {
        if size == Size::THREE {
            return Ok(());
        }
        runs_past_three(self, size)
    }
}

impl PresetInfo {
    /// Its description on a cube of `size`: `{moves}` replaced by that
    /// size's move set in words ([`moves_in_words`]: "the 18 face turns"
    /// on the 3×3, "the 27 outer and inner layer turns of U R F" on the
    /// 4×4). Here, beside the move sets, so that the presets need not know
    /// them.
    pub fn description_on(&self, size: Size) -> String {
        const MOVES: &str = "{moves}";
        if self.description.contains(MOVES) {
            self.description.replace(MOVES, &moves_in_words(size))
        } else {
            self.description.clone()
        }
    }
}

/// Whether the annealer of `params` runs on an N×N of `size`: its
/// neighbourhood must be one of the N×N's (`faces`, `comm`; the others are
/// 3×3 sequences).
///
/// # Errors
/// [`SolveError::Parameter`] naming the neighbourhood.
fn anneal_runs_on(params: &crate::solve::anneal::SaParams, size: Size) -> Result<(), SolveError> {
    if crate::solve::anneal::NXN_NAMES.contains(&params.neighbourhood.as_str()) {
        return Ok(());
    }
    Err(SolveError::Parameter(format!(
        "neighbourhood `{}` is made of 3x3 sequences; on a {size} use `faces` \
         (outer and inner layer turns) or `comm` (commutators)",
        params.neighbourhood
    )))
}

/// Whether `config` runs on an N×N of `size` through [`build`] (the 3×3
/// counted like any other size: [`build`] runs there too).
fn runs_past_three(config: &SolverConfig, size: Size) -> Result<(), SolveError> {
    match config {
        SolverConfig::Sa(p) => anneal_runs_on(p, size),
        SolverConfig::Ga(_) | SolverConfig::Woc(_) => Ok(()),
        SolverConfig::PhasesSa(_) | SolverConfig::Reference(_) if size == Size::TWO => Ok(()),
        SolverConfig::PhasesSa(_) => Err(phased::not_two(size)),
        SolverConfig::Reference(_) => Err(SolveError::Config(yardstick::none_for(size))),
        other => Err(SolveError::Config(format!(
            "solver `{}` runs on the 3x3 only (`cubetui presets --size {n}` lists the presets \
             that run on the {size})",
            other.name(),
            n = size.get(),
        ))),
    }
}

/// Builds solver `config` for an N×N `start` as a [`Solver`], fully
/// determined by (config, seed, start): `ga` and `woc` are the 3×3's own
/// solvers over the genes [`genes::NxnGenes`]; every other solver is a
/// [`SizedSolver`] through the [`adapter`]. The 3×3 has its own path
/// ([`SolverConfig::build`](crate::solve::registry::SolverConfig::build));
/// here it runs like any other size.
///
/// # Errors
/// What [`SolverConfig::runs_on`] says for the size (a solver that runs
/// on the 3x3 only, `reference` on N ≥ 4: "no reference for N×N"), a start
/// that is not a valid cube (for `reference`), or a bad parameter.
pub fn build(
    config: &SolverConfig,
    start: &NxnCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    runs_past_three(config, start.size())?;
    match config {
        SolverConfig::Ga(p) => {
            let (set, upright) = genes::NxnGenes::for_start(start)?;
            Ok(Box::new(Ga::new(set, p.clone(), upright, seed)?))
        }
        SolverConfig::Woc(p) => {
            let (set, upright) = genes::NxnGenes::for_start(start)?;
            Ok(Box::new(Woc::new(set, p.clone(), upright, seed)?))
        }
        SolverConfig::Sa(p) => crate::solve::anneal::build_nxn(p, start, seed),
        _ => Ok(Box::new(adapter::Adapted::new(
            start.clone(),
            build_sized(config, start, seed)?,
        ))),
    }
}

/// The [`SizedSolver`]s: every solver but `ga` and `woc`, as [`build`].
fn build_sized(
    config: &SolverConfig,
    start: &NxnCube,
    seed: u64,
) -> Result<Box<dyn SizedSolver>, SolveError> {
    let size = start.size();
    match config {
        SolverConfig::PhasesSa(p) => Ok(Box::new(phased::Phased::new(p, start, seed)?)),
        SolverConfig::Reference(_) if size == Size::TWO => {
            pocket::distance(start).map_err(|e| SolveError::Config(e.to_string()))?;
            Ok(Box::new(Pocket {
                start: start.clone(),
                solution: None,
            }))
        }
        // Refused by `build`: the size check is the one `runs_on` makes.
        _ => Err(SolveError::Config(format!(
            "solver `{}` does not run on the {size}",
            config.name()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;
    use crate::cube::nxn::random::{random_2x2, random_moves};
    use crate::solve::anneal::{SaParams, Schedule};
    use crate::solve::api::Outcome;
    use crate::solve::{budget, preset};

    fn sa() -> SolverConfig {
        SolverConfig::Sa(SaParams {
            neighbourhood: "faces".into(),
            zero_delta_as_one: false,
            max_steps: 2_000_000,
            schedule: Schedule::Geometric {
                t0: 1.5,
                alpha: 0.99,
                per_temperature: 1000,
                t_min: 0.1,
            },
            restart_after: 10_000,
            ..SaParams::default()
        })
    }

    fn size(n: usize) -> Size {
        Size::new(n).unwrap()
    }

    #[test]
    fn the_move_sets_have_the_documented_sizes_and_keep_the_cube_upright() {
        for (n, count) in [(2, 9), (3, 18), (4, 27), (5, 36), (6, 45), (7, 54)] {
            let ms = moves(size(n));
            assert_eq!(ms.len(), count, "{n}");
            for m in ms {
                let c = NxnCube::solved(size(n))
                    .after(&NxnAlg::new(vec![m]))
                    .unwrap();
                assert!(c.is_upright(), "{n}: {m}");
            }
        }
        assert!(moves(size(4)).iter().any(|m| m.to_string() == "2R"));
    }

    #[test]
    fn annealing_solves_a_2x2_and_the_solution_replays_from_any_orientation() {
        let mut rng = StdRng::seed_from_u64(5);
        let rotation: NxnAlg = "x y'".parse().unwrap();
        for k in 0..3 {
            let start = random_2x2(&mut rng).after(&rotation).unwrap();
            let mut s = build(&sa(), &start, k).unwrap();
            while s.step(10_000) == Status::Running {}
            let out = s.outcome();
            assert!(out.solved, "{start:?}");
            assert_eq!(out.energy, 0.0);
            assert!(replayed(&start, &out).is_solved());
        }
    }

    #[test]
    fn annealing_on_a_4x4_lowers_the_energy_and_reports_a_replayable_walk() {
        let mut rng = StdRng::seed_from_u64(2);
        let start = NxnCube::solved(size(4))
            .after(&random_moves(&mut rng, size(4), 40))
            .unwrap();
        let e0 = start.upright().misplaced() as f64;
        let mut s = build(&sa(), &start, 1).unwrap();
        s.step(50_000);
        let out = s.outcome();
        assert!(out.energy < e0, "{} vs {e0}", out.energy);
        let reached = replayed(&start, &out);
        assert_eq!(reached.upright().misplaced() as f64, out.energy);
    }

    #[test]
    fn the_ga_runs_on_a_2x2_and_its_best_chromosome_replays() {
        let p = crate::solve::ga::GaParams {
            length: 14,
            max_generations: 20,
            fitness: crate::solve::ga::Fitness::Prefix,
            ..Default::default()
        };
        let start = random_2x2(&mut StdRng::seed_from_u64(8));
        let mut s = build(&SolverConfig::Ga(p), &start, 3).unwrap();
        assert_ne!(s.step(100), Status::Running);
        let out = s.outcome();
        assert!(out.iterations <= 20);
        let (rotation, _) = upright(&start);
        assert!(out.solution.len() <= rotation.len() + 14);
        let reached = replayed(&start, &out);
        assert_eq!(reached.upright().misplaced() as f64, out.energy);
        assert!(out.energy < start.misplaced() as f64);
    }

    #[test]
    fn the_same_seed_gives_the_same_run() {
        let start = NxnCube::solved(size(5))
            .after(&"R 2U F' 2L D2 B".parse().unwrap())
            .unwrap();
        let run = || {
            let mut s = build(&sa(), &start, 9).unwrap();
            s.step(5_000);
            s.outcome().solution.to_string()
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn the_reference_is_exact_on_the_2x2_and_refused_past_the_3x3() {
        let reference = SolverConfig::Reference(Default::default());
        let start = NxnCube::solved(Size::TWO)
            .after(&"R U F' R2 U'".parse().unwrap())
            .unwrap();
        let mut s = build_sized(&reference, &start, 0).unwrap();
        assert_eq!(s.step(1), Status::Solved);
        assert!(s.outcome().solution.len() <= 5);
        for n in [4, 5, 7] {
            let err = build(&reference, &NxnCube::solved(size(n)), 0)
                .err()
                .unwrap()
                .to_string();
            assert!(err.contains(&format!("no reference for {n}x{n}")), "{err}");
        }
    }

    #[test]
    fn three_by_three_only_solvers_and_neighbourhoods_say_so() {
        let mws = SolverConfig::Mws(Default::default());
        let err = build(&mws, &NxnCube::solved(size(4)), 0).err().unwrap();
        assert!(
            err.to_string().contains("`mws` runs on the 3x3 only"),
            "{err}"
        );
        let pll = SolverConfig::Sa(SaParams::default());
        let err = build(&pll, &NxnCube::solved(size(4)), 0).err().unwrap();
        assert!(err.to_string().contains("pll-conj"), "{err}");
    }

    fn woc() -> SolverConfig {
        SolverConfig::Woc(crate::solve::woc::WocParams {
            population: 200,
            length: 14,
            parents_from: 60,
            stagnation: 30,
            ..Default::default()
        })
    }

    /// Runs `config` on `start` through the one entry and the one batching
    /// loop, as the command line does.
    fn run_any(config: &SolverConfig, start: &NxnCube, seed: u64, max: Option<u64>) -> Outcome {
        let mut s = build_any(config, &AnyCube::from(start.clone()), seed).unwrap();
        let ran = budget::run(
            s.as_mut(),
            budget::Budget {
                max_steps: max,
                deadline: None,
            },
            None,
        );
        assert_ne!(ran.stop, budget::Stop::Stalled);
        let snap = s.snapshot();
        let out = s.outcome();
        assert_eq!(snap.best_energy, out.energy);
        assert_eq!(snap.best.size(), start.size());
        out
    }

    fn replayed(start: &NxnCube, out: &Outcome) -> NxnCube {
        match &out.solution {
            crate::cube::AnyAlg::Nxn(a, s) => {
                assert_eq!(*s, start.size());
                start.after(a).unwrap()
            }
            other => panic!("a 3x3 sequence for a {}: {other}", start.size()),
        }
    }

    #[test]
    fn woc_solves_2x2s_from_any_orientation_and_its_answer_replays() {
        let mut rng = StdRng::seed_from_u64(11);
        let rotation: NxnAlg = "z y".parse().unwrap();
        for k in 0..3 {
            let start = random_2x2(&mut rng).after(&rotation).unwrap();
            let out = run_any(&woc(), &start, k, None);
            let end = replayed(&start, &out);
            assert_eq!(end.upright().misplaced() as f64, out.energy);
            assert_eq!(out.solved, end.is_solved());
        }
    }

    #[test]
    fn woc_on_a_4x4_lowers_the_energy_replays_and_repeats_by_seed() {
        let start = NxnCube::solved(size(4))
            .after(&random_moves(&mut StdRng::seed_from_u64(4), size(4), 40))
            .unwrap();
        let out = run_any(&woc(), &start, 2, Some(20));
        assert!(out.iterations <= 20);
        let end = replayed(&start, &out);
        assert_eq!(end.upright().misplaced() as f64, out.energy);
        assert!(out.energy < start.upright().misplaced() as f64);
        assert_eq!(run_any(&woc(), &start, 2, Some(20)).solution, out.solution);
    }

    #[test]
    fn every_sized_solver_runs_through_the_one_entry_and_the_3x3_keeps_its_own() {
        let start = NxnCube::solved(Size::TWO)
            .after(&"R U2 F' R".parse().unwrap())
            .unwrap();
        let reference = SolverConfig::Reference(Default::default());
        let out = run_any(&reference, &start, 0, None);
        assert!(out.solved && out.solution.len() == 4, "{}", out.solution);
        for config in [sa(), woc()] {
            let out = run_any(&config, &start, 1, Some(200_000));
            assert_eq!(
                replayed(&start, &out).upright().misplaced() as f64,
                out.energy
            );
        }
        let three = build_any(&woc(), &AnyCube::from(crate::cube::Cube::solved()), 0).unwrap();
        assert!(three.snapshot().best.three().is_some());
        assert_eq!(three.profile().step, "generation");
    }

    #[test]
    fn loops_are_cut_and_the_end_state_kept() {
        let start = NxnCube::solved(Size::TWO);
        let path: NxnAlg = "R U U' R' F R2 R2 U".parse().unwrap();
        let cut = crate::solve::anneal::cut_loops(&start, &path);
        assert_eq!(cut.to_string(), "F U");
        assert_eq!(start.after(&cut).unwrap(), start.after(&path).unwrap());
    }

    #[test]
    fn runs_on_says_without_building_what_a_build_says_on_every_size() {
        for name in preset::list() {
            let cfg = preset::get(name).unwrap();
            for n in 2..=7 {
                let size = Size::new(n).unwrap();
                let said = cfg.runs_on(size);
                let built = build_any(&cfg, &AnyCube::solved(size), 0);
                assert_eq!(said.is_ok(), built.is_ok(), "{name} on {size}: {said:?}");
                if let (Err(s), Err(b)) = (said, built) {
                    assert_eq!(s.to_string(), b.to_string(), "{name} on {size}");
                }
            }
        }
    }

    #[test]
    fn the_move_set_in_a_description_follows_the_size() {
        let info = PresetInfo {
            name: "p".into(),
            solver: "sa".into(),
            description: "annealing over {moves}, geometric cooling".into(),
            order: 1,
            follows: "f".into(),
            aliases: Vec::new(),
            default: false,
            size: None,
        };
        let on = |n| info.description_on(Size::new(n).unwrap());
        assert_eq!(on(3), "annealing over the 18 face turns, geometric cooling");
        assert_eq!(
            on(2),
            "annealing over the 9 turns of U R F, geometric cooling"
        );
        assert!(
            on(4).contains("the 27 outer and inner layer turns of U R F"),
            "{}",
            on(4)
        );
        assert!(on(5).contains("the 36 "), "{}", on(5));
        assert!(on(6).contains("the 45 "), "{}", on(6));
        assert!(on(7).contains("the 54 "), "{}", on(7));
        let plain = PresetInfo {
            description: "no move set named".into(),
            ..info.clone()
        };
        assert_eq!(
            plain.description_on(Size::new(4).unwrap()),
            "no move set named"
        );
    }

    fn four() -> NxnCube {
        NxnCube::solved(Size::new(4).unwrap())
            .after(&"R 2U F' 2L D2 B 2R' U 2F L' y".parse().unwrap())
            .unwrap()
    }

    fn ga() -> SolverConfig {
        SolverConfig::Ga(crate::solve::ga::GaParams {
            population: 30,
            length: 20,
            max_generations: 40,
            ..Default::default()
        })
    }

    #[test]
    fn a_4x4_ga_snapshot_carries_the_population_statistics_and_step_words() {
        let mut s = build(&ga(), &four(), 1).unwrap();
        s.step(3);
        let snap = s.snapshot();
        let profile = s.profile();
        assert_eq!(snap.values.len(), profile.series.len());
        let population: Vec<f64> = profile
            .series
            .iter()
            .zip(&snap.values)
            .filter(|(spec, _)| spec.population.is_some())
            .map(|(_, &v)| v)
            .collect();
        assert_eq!(population.len(), 7, "{:?}", profile.series);
        assert!(population.iter().all(|v| v.is_finite()), "{population:?}");
        // The fitness min is the generation's best energy.
        assert_eq!(population[0], snap.energy);
        assert!(snap.last_step.unwrap().starts_with("generation 3: "));
        assert!(snap.current.size() == Size::new(4).unwrap());
    }

    #[test]
    fn a_live_population_change_takes_effect_on_a_4x4() {
        let mut s = build(&ga(), &four(), 2).unwrap();
        s.step(2);
        let value = |s: &dyn crate::solve::api::Solver| {
            s.live_values()
                .into_iter()
                .find(|(k, _)| k == "population")
                .map(|(_, v)| v)
        };
        assert_eq!(value(s.as_ref()), Some(30.0));
        s.set_param("population", 60.0).unwrap();
        assert_eq!(value(s.as_ref()), Some(60.0));
        s.step(1);
        assert_eq!(s.snapshot().iteration, 3, "the run goes on");
        assert_eq!(s.outcome().extra["population"], 60);
        let e = s.set_param("length", 5.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
    }

    #[test]
    fn the_same_seed_gives_the_same_run_on_an_nxn() {
        for (config, n) in [(ga(), 4), (woc(), 4), (ga(), 5), (woc(), 2)] {
            let start = NxnCube::solved(Size::new(n).unwrap())
                .after(&"R U F' D2 L B' U2 x".parse().unwrap())
                .unwrap();
            let run = |seed| {
                let mut s = build(&config, &start, seed).unwrap();
                s.step(15);
                let out = s.outcome();
                (out.solution.to_string(), out.energy, out.iterations)
            };
            assert_eq!(run(7), run(7), "{} on {n}", config.name());
            assert_ne!(run(7).0, run(8).0, "{} on {n}", config.name());
        }
    }
}

/// The commutator machine (`comm`, preset `sa-comm`) on every size: it
/// solves, every reported solution replays to solved on the cube model, the
/// same seed gives the same run, parity and stages work as documented.
#[cfg(test)]
mod comm_tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::build_any;
    use crate::cube::nxn::random::random_moves;
    use crate::cube::nxn::{NxnAlg, NxnCube, Size};
    use crate::cube::{AnyAlg, AnyCube, Cube};
    use crate::solve::api::{Outcome, Solver, Status};
    use crate::solve::preset;
    use crate::solve::registry::SolverConfig;

    fn sa_comm() -> SolverConfig {
        preset::get("sa-comm").unwrap()
    }

    fn scrambled(n: usize, seed: u64) -> AnyCube {
        let size = Size::new(n).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let c = NxnCube::solved(size)
            .after(&random_moves(&mut rng, size, 20 * n))
            .unwrap();
        match c.to_three() {
            Some(three) if n == 3 => three.into(),
            _ => c.into(),
        }
    }

    fn run(s: &mut dyn Solver, limit: u64) -> Outcome {
        let mut steps = 0;
        while s.status() == Status::Running && steps < limit {
            s.step(100);
            steps += 100;
        }
        s.outcome()
    }

    #[test]
    fn sa_comm_solves_every_size_and_every_solution_replays_to_solved() {
        for n in 2..=7 {
            for seed in 1..=3 {
                let start = scrambled(n, seed);
                let mut s = build_any(&sa_comm(), &start, seed).unwrap();
                let out = run(s.as_mut(), 200_000);
                assert!(out.solved, "{n}x{n} seed {seed}: energy {}", out.energy);
                let end = start.after(&out.solution).expect("a sequence of its size");
                assert!(end.is_solved(), "{n}x{n} seed {seed}: {}", out.solution);
                assert_eq!(out.energy, 0.0);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_run_and_another_seed_another() {
        let start = scrambled(5, 4);
        let solve = |seed| {
            let mut s = build_any(&sa_comm(), &start, seed).unwrap();
            run(s.as_mut(), 100_000).solution.to_string()
        };
        assert_eq!(solve(7), solve(7));
        assert_ne!(solve(7), solve(8));
    }

    #[test]
    fn odd_orbits_get_their_parity_turn_first() {
        // One inner slice: a 4x4's wings 1 are odd; one outer turn: corners odd.
        for (n, scramble, turns) in [(4, "2R", 1), (4, "U", 1), (4, "U 2R", 2), (5, "R2 U", 1)] {
            let size = Size::new(n).unwrap();
            let start = NxnCube::solved(size)
                .after(&scramble.parse::<NxnAlg>().unwrap())
                .unwrap();
            let mut s = build_any(&sa_comm(), &start.clone().into(), 1).unwrap();
            // Applied when built, before any proposal: the current sequence.
            assert_eq!(s.snapshot().sequence_len, turns, "{n} {scramble}");
            let out = run(s.as_mut(), 100_000);
            assert!(out.solved, "{n} {scramble}");
            let AnyAlg::Nxn(alg, _) = &out.solution else {
                panic!("an N×N sequence");
            };
            assert!(start.after(alg).unwrap().is_solved());
        }
        // Even orbits need none.
        let start = NxnCube::solved(Size::new(4).unwrap())
            .after(&"U2 2R2".parse::<NxnAlg>().unwrap())
            .unwrap();
        let s = build_any(&sa_comm(), &start.into(), 1).unwrap();
        assert_eq!(s.snapshot().sequence_len, 0);
    }

    #[test]
    fn stages_go_centres_then_edges_then_corners() {
        let start = scrambled(5, 2);
        let mut s = build_any(&sa_comm(), &start, 3).unwrap();
        let mut seen: Vec<String> = Vec::new();
        while s.status() == Status::Running {
            s.step(1);
            if let Some(p) = s.snapshot().phase
                && seen.last() != Some(&p)
            {
                seen.push(p);
            }
        }
        assert_eq!(s.status(), Status::Solved);
        assert_eq!(seen, ["centres", "edges", "corners"]);
    }

    #[test]
    fn each_step_says_which_commutator_it_proposed_and_what_it_cycles() {
        let start = scrambled(4, 5);
        let mut s = build_any(&sa_comm(), &start, 1).unwrap();
        s.step(1);
        let words = s.snapshot().last_step.unwrap();
        assert!(words.starts_with("proposed "), "{words}");
        assert!(words.contains("(comm): Δenergy"), "{words}");
        assert!(
            words.contains("3-cycle of ") || words.contains("parity turn"),
            "{words}"
        );
    }

    #[test]
    fn on_a_4x4_knobs_and_generators_work_as_on_the_3x3() {
        let start = scrambled(4, 6);
        let mut s = build_any(&sa_comm(), &start, 1).unwrap();
        assert_eq!(s.generators(), ["faces", "comm"]);
        let keys: Vec<String> = s.live_values().into_iter().map(|(k, _)| k).collect();
        assert!(keys.contains(&"comm.candidates".to_string()), "{keys:?}");
        assert!(keys.contains(&"temperature".to_string()), "{keys:?}");
        s.set_param("comm.candidates", 5.0).unwrap();
        assert!(s.set_param("comm.candidates", 0.0).is_err());
        s.step(10);
        let before = s.snapshot();
        s.set_generator("faces").unwrap();
        let after = s.snapshot();
        assert_eq!(after.generator.as_deref(), Some("faces"));
        assert_eq!(after.current, before.current, "the state is kept");
        assert!(!s.live_values().iter().any(|(k, _)| k == "comm.candidates"));
        assert!(s.set_generator("pll").is_err(), "3x3 formulas on a 4x4");
        // The 3x3 offers all four, comm among them.
        let three = build_any(&sa_comm(), &Cube::solved().into(), 1).unwrap();
        assert_eq!(three.generators(), ["faces", "pll", "pll-conj", "comm"]);
    }
}
