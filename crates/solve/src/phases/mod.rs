//! Group phases as objectives for face-turn metaheuristics (El-Sourani,
//! Hauke and Borschbach, "An evolutionary approach for solving the Rubik's
//! cube incorporating exact methods", EvoApplications 2010), over a
//! [`Ladder`] of nested groups.
//!
//! On the 3×3, Thistlethwaite's ([`ladder::Thistlethwaite`]):
//! G0 = ⟨U,D,L,R,F,B⟩ ⊃ G1 = ⟨U2,D2,L,R,F,B⟩ ⊃ G2 = ⟨U2,D2,L,R,F2,B2⟩ ⊃
//! G3 = ⟨U2,D2,L2,R2,F2,B2⟩ ⊃ {solved}. Phase i takes a state of G(i−1) into
//! Gi with G(i−1)'s moves only; its fitness ([`group::phase_fitness`]) counts
//! what is still wrong for Gi, with the sequence length second. Membership is
//! an exact test on the cubie state ([`group`]); no distance tables. On the
//! 2×2, ⟨U,R,F⟩ ⊃ ⟨U,R2,F2⟩ ⊃ {solved} on stickers ([`urf::UrfLadder`],
//! preset `2x2-phases`; `phases-sa` only).
//!
//! Three searches plug into the same phase driver ([`driver::Phased`]), each
//! generic over the ladder: `phases-es` ([`es`]), `phases-ga` ([`ga`]) and
//! `phases-sa` ([`sa`]); the two population searches share their
//! bookkeeping ([`population::Evolution`]: best so far, stagnation
//! restarts, polish). Each is built on the shared algorithm, not a copy:
//! `phases-ga`'s generation is `ga`'s ([`crate::ga::generation::next_generation`]
//! over a [`Breed`](crate::ga::generation::Breed) of the phase's
//! sequences); `phases-sa` runs the annealer's one loop (`anneal/chain.rs`,
//! the loop [`Annealer`](crate::anneal::Annealer) runs) over a phase
//! problem under its [`Schedule`](crate::anneal::Schedule), whose keys it
//! holds as the annealer declares them; its reheat and polish are the
//! problem's policy. `phases-es` is an evolution strategy, not a GA
//! in disguise ((μ + λ) selection with duplicates dropped, children by
//! mutation only: no wheel, no crossover), so it has operators of its own.

pub mod cubie;
pub mod driver;
pub mod es;
pub mod ga;
pub mod group;
pub mod knobs;
pub mod ladder;
pub mod population;
pub mod sa;
pub mod search;
pub mod seq;
mod solver;
pub mod urf;

use serde::{Deserialize, Serialize};

use crate::api::{SolveError, Solver};
use crate::params::{Live, ParamSpec, Scale, per_phase};
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::{AnyCube, Cube};

pub use ladder::{Ladder, Thistlethwaite};
pub use solver::PhaseSolver;
pub use urf::UrfLadder;

/// Parameters of a phase solver: a step budget and one table per phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhasesParams<P> {
    /// Elementary steps (generations or proposals) over all phases.
    pub max_steps: u64,
    /// Phase 1, G0 → G1.
    pub phase1: P,
    /// Phase 2, G1 → G2.
    pub phase2: P,
    /// Phase 3, G2 → G3.
    pub phase3: P,
    /// Phase 4, G3 → solved.
    pub phase4: P,
}

/// `phases-es`: the evolution strategy.
pub type EsParams = PhasesParams<es::EsPhase>;
/// `phases-ga`: the paper 002 GA's operators.
pub type GaParams = PhasesParams<ga::GaPhase>;
/// `phases-sa`: the face-turn annealer.
pub type SaParams = PhasesParams<sa::SaPhase>;

impl<P: Clone> PhasesParams<P> {
    /// The four phases' parameters, phase 1 first.
    pub fn phases(&self) -> [P; driver::PHASES] {
        [
            self.phase1.clone(),
            self.phase2.clone(),
            self.phase3.clone(),
            self.phase4.clone(),
        ]
    }

    fn validate_with(
        &self,
        check: impl Fn(&P, usize) -> Result<(), SolveError>,
    ) -> Result<(), SolveError> {
        if self.max_steps == 0 {
            return Err(SolveError::Parameter("max_steps must be at least 1".into()));
        }
        self.phases()
            .iter()
            .enumerate()
            .try_for_each(|(i, p)| check(p, i + 1))
    }
}

impl EsParams {
    /// Checks every parameter, naming the first bad one.
    pub fn validate(&self) -> Result<(), SolveError> {
        self.validate_with(es::EsPhase::validate)
    }
}

impl GaParams {
    /// Checks every parameter, naming the first bad one.
    pub fn validate(&self) -> Result<(), SolveError> {
        self.validate_with(ga::GaPhase::validate)
    }
}

impl SaParams {
    /// Checks every parameter, naming the first bad one.
    pub fn validate(&self) -> Result<(), SolveError> {
        self.validate_with(sa::SaPhase::validate)
    }
}

/// A phase solver's parameters as its preset file (`text`) gives them.
fn preset_of<P: serde::de::DeserializeOwned>(text: &str) -> Option<PhasesParams<P>> {
    text.parse::<toml::Table>().ok().and_then(|mut t| {
        t.remove("solver");
        t.remove("preset");
        PhasesParams::<P>::deserialize(t).ok()
    })
}

/// `phases-sa`'s parameters as its default preset gives them (what
/// `sa-short` runs on the 3×3 for its starting sequences).
pub fn sa_preset() -> Option<SaParams> {
    preset_of(include_str!("../../../../assets/presets/phases-sa.toml"))
}

/// The declaration of a phase solver's parameters: `max_steps`, then each
/// phase's, defaults from the solver's default preset file (`text`).
fn declare<P>(text: &str, phase: fn(&str, &P) -> Vec<ParamSpec>) -> Vec<ParamSpec>
where
    P: Clone + serde::de::DeserializeOwned,
{
    let Some(d) = preset_of::<P>(text) else {
        return Vec::new();
    };
    let mut out = vec![ParamSpec::int(
        "max_steps",
        (1, i64::MAX),
        d.max_steps,
        Scale::Log,
        Live::No,
        "elementary steps (generations or proposals) over all phases",
    )];
    out.extend(per_phase(&d.phases(), phase));
    out
}

/// The declaration of `phases-es`'s parameters.
pub fn params_es() -> Vec<ParamSpec> {
    declare(
        include_str!("../../../../assets/presets/phases-es.toml"),
        es::params,
    )
}

/// The declaration of `phases-ga`'s parameters.
pub fn params_ga() -> Vec<ParamSpec> {
    declare(
        include_str!("../../../../assets/presets/phases-ga.toml"),
        ga::params,
    )
}

/// The declaration of `phases-sa`'s parameters.
pub fn params_sa() -> Vec<ParamSpec> {
    declare(
        include_str!("../../../../assets/presets/phases-sa.toml"),
        sa::params,
    )
}

/// The search of one phase: `new(params, ladder, phase, start, seed)`.
type NewSearch<P, L> =
    fn(P, &L, usize, <L as Ladder>::State, u64) -> Box<dyn search::PhaseSearch<L>>;

/// A phase solver up `ladder` from its upright `start`, whose phase `i`
/// runs the search `new` makes from phase `i`'s parameters; `unit` names one
/// elementary step; `population`: the searches have populations (and
/// report them).
fn climb<P, L>(
    unit: &'static str,
    population: bool,
    p: &PhasesParams<P>,
    new: NewSearch<P, L>,
    (ladder, start): (L, L::State),
    seed: u64,
) -> Box<dyn Solver>
where
    P: Clone + Send + 'static,
    L: Ladder,
{
    let phases = p.phases();
    let make: driver::MakeSearch<L> =
        Box::new(move |l, i, s, seed| new(phases[i - 1].clone(), l, i, s, seed));
    Box::new(PhaseSolver::new(
        unit,
        population,
        ladder,
        make,
        start,
        seed,
        p.max_steps,
    ))
}

/// Builds a `phases-es` run for `start`, fully determined by (`p`, `seed`, `start`).
pub fn build_es(p: &EsParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    p.validate()?;
    let new: NewSearch<_, _> = |q, l, i, s, seed| Box::new(es::Es::new(q, l, i, s, seed));
    let ladder = Thistlethwaite::for_start(&start)?;
    Ok(climb("generation", true, p, new, ladder, seed))
}

/// Builds a `phases-ga` run for `start`, fully determined by (`p`, `seed`, `start`).
pub fn build_ga(p: &GaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    p.validate()?;
    let new: NewSearch<_, _> = |q, l, i, s, seed| Box::new(ga::Ga::new(q, l, i, s, seed));
    let ladder = Thistlethwaite::for_start(&start)?;
    Ok(climb("generation", true, p, new, ladder, seed))
}

/// Builds a `phases-sa` run for `start`, fully determined by (`p`, `seed`, `start`).
pub fn build_sa(p: &SaParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    build_sa_on(p, &AnyCube::Three(start), seed)
}

/// Builds a `phases-sa` run for `start` of a size it runs on
/// ([`runs_on_sa`]: the 3×3 up Thistlethwaite's ladder, the 2×2 up
/// ⟨U,R,F⟩'s), fully determined by (`p`, `seed`, `start`).
///
/// # Errors
/// A bad parameter, a start that is not a valid cube, or a size it does
/// not run on.
pub fn build_sa_on(
    p: &SaParams,
    start: &AnyCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    p.validate()?;
    runs_on_sa(p, start.size())?;
    match start {
        AnyCube::Three(c) => {
            let new: NewSearch<_, _> = |q, l, i, s, seed| Box::new(sa::Sa::new(q, l, i, s, seed));
            let ladder = Thistlethwaite::for_start(c)?;
            Ok(climb("proposal", false, p, new, ladder, seed))
        }
        AnyCube::Nxn(c) => {
            let new: NewSearch<_, _> = |q, l, i, s, seed| Box::new(sa::Sa::new(q, l, i, s, seed));
            let ladder = UrfLadder::for_start(c)?;
            Ok(climb("proposal", false, p, new, ladder, seed))
        }
    }
}

/// `phases-sa` past the 3×3: on the 2×2 ([`build_sa_on`]).
///
/// # Errors
/// As [`build_sa_on`].
pub fn build_sa_nxn(
    p: &SaParams,
    start: &NxnCube,
    seed: u64,
) -> Result<Box<dyn Solver>, SolveError> {
    build_sa_on(p, &AnyCube::from(start.clone()), seed)
}

/// The sizes `phases-sa` runs on: the 2×2 and the 3×3, the two that have a
/// ladder.
///
/// # Errors
/// [`SolveError::Config`] for any other size.
pub fn runs_on_sa(_: &SaParams, size: Size) -> Result<(), SolveError> {
    match size.get() {
        2 | 3 => Ok(()),
        _ => Err(SolveError::Config(format!(
            "phases-sa runs on the 2x2 and 3x3, not on the {size}"
        ))),
    }
}
