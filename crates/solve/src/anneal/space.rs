//! What the one annealer ([`super::engine::Annealer`]) anneals over: a
//! [`Space`] (states, their energy, the neighbourhood generators that
//! propose operators on them, how recorded operators become the reported
//! solution) and, per generator, a [`Proposer`]. The 3×3 on its own kernel
//! with the SIMD sparse delta ([`super::three::Three`]) and every other size
//! on sticker vectors ([`super::nxn::Nxn`]) are the two spaces; the schedule,
//! the acceptance rule, restarts, live knobs and step words are written
//! once, in the engine.

use std::fmt::Debug;

use crate::api::{Halt, SolveError, Status};
use cubetui_cube::random::CubeRng;
use cubetui_cube::{AnyAlg, AnyCube};

/// One accepted operator: which generator (its index in the space's
/// [`Space::names`]), and its code there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub generator: u8,
    pub code: u64,
}

/// The generator number of a record that stands for a link (a short
/// sequence an exact method found between two states of the path, which
/// replaced the operators between them): its code indexes the annealer's
/// links.
pub const LINK: u8 = u8::MAX;

/// A search space for the annealer.
pub trait Space: Sized + Send + 'static {
    /// A state (a cube of the space's size).
    type State: Clone + Debug + Send;
    /// A state prepared for proposals: the state, its energy and whatever
    /// makes a proposal's energy change cheap.
    type Current: Clone + Debug + Send;
    /// A neighbourhood generator of this space (a cheap handle).
    type Gen: Copy + Debug + Send + Sync + 'static;
    /// A link: a sequence from one state of the path to another.
    type Link: Clone + Debug + Send;

    /// Takes the commutator generator's settings (at the start, and when a
    /// live one changes).
    fn configure(&mut self, comm: &super::params::CommParams);
    /// The current form of `state`.
    fn prepare(&self, state: &Self::State) -> Self::Current;
    /// The state of a current form.
    fn state(current: &Self::Current) -> &Self::State;
    /// The energy of a current form (misplaced stickers: 0 = solved).
    fn energy(current: &Self::Current) -> u32;
    /// A state as a cube of any size, for snapshots.
    fn cube(&self, state: &Self::State) -> AnyCube;

    /// The generators this space offers, in the order the screen cycles them.
    fn names(&self) -> &'static [&'static str];
    /// Generator `name`, once what it needs is built (the commutator
    /// catalogue of a big size takes seconds): built here in slices until
    /// `halt` says to stop (checked between them), then `Ok(None)`; a later
    /// call goes on where the build stopped.
    ///
    /// # Errors
    /// An unknown name, or one this space's size does not have.
    fn generator(&self, name: &str, halt: Halt<'_>) -> Result<Option<Self::Gen>, SolveError>;
    /// The name of a generator.
    fn name(g: Self::Gen) -> &'static str;

    /// Runs up to `n` proposals of generator `g` on `runner` (the
    /// annealer): dispatches to [`ProposalLoop::run`] with the generator's
    /// [`Proposer`], monomorphised.
    fn run<R: ProposalLoop<Self>>(runner: &mut R, g: Self::Gen, n: u64, halt: Halt<'_>) -> Status;
    /// Operators a generator applies before its first proposal (the parity
    /// turns of the commutator generator), each applied as accepted.
    fn prelude(&self, g: Self::Gen, current: &Self::Current) -> Vec<u64>;
    /// Applies operator `code` of generator `g` to `current` whatever its
    /// energy change (a prelude).
    fn force(&self, g: Self::Gen, current: &mut Self::Current, code: u64);

    /// Operator `code` of generator number `g` in words (its moves, and for
    /// a commutator what it cycles).
    fn describe(&self, g: u8, code: u64) -> String;
    /// Number of moves of operator `code` of generator `g`.
    fn moves(&self, g: Self::Gen, code: u64) -> usize;
    /// The current stage of the proposals, where the generator has stages
    /// (shown as the run's phase).
    fn stage(&self, g: Self::Gen, current: &Self::Current) -> Option<String>;
    /// Status rows for the snapshot, given the last operator on the current
    /// path (the commutator generator names the orbit it cycled).
    fn rows(&self, g: Self::Gen, last: Option<Record>) -> Vec<(String, String)>;
    /// Fields for the outcome's `--json` (the commutator catalogue's size,
    /// and whether it was capped).
    fn extra(&self, g: Self::Gen) -> Vec<(&'static str, serde_json::Value)>;
    /// A short sequence from `from` to `to`, where the space has an exact
    /// method to find one (the 3×3's two-phase reference): the annealer
    /// replaces long stretches of its path with links, so that its memory
    /// stays bounded however long it runs. `None`: the path is kept whole
    /// (also when `halt` said to stop before the link was found: a long
    /// search polls it).
    fn link(&self, from: &Self::State, to: &Self::State, halt: Halt<'_>) -> Option<Self::Link>;
    /// The number of moves of a link.
    fn link_moves(link: &Self::Link) -> usize;
    /// `state` was accepted while generator `g` proposed (with `cut_loops`
    /// on): a space that shortens the reported path through visited states
    /// keeps it. Nothing by default.
    fn visited(&mut self, _g: Self::Gen, _state: &Self::State) {}
    /// The reported solution: the moves of `ops` from `start` (a [`LINK`]
    /// record stands for `links[code]`), with loops cut out when
    /// `cut_loops` (never changes the end state).
    fn solution(
        &self,
        start: &Self::State,
        ops: &[Record],
        links: &[Self::Link],
        cut_loops: bool,
    ) -> AnyAlg;
}

/// How one generator proposes: the energy change and the operator's code,
/// plus the candidate state when computing the change already built it;
/// and how an accepted operator changes the current state.
pub trait Proposer<S: Space> {
    fn propose(
        &self,
        space: &S,
        rng: &mut CubeRng,
        current: &S::Current,
    ) -> (i32, u64, Option<S::State>);
    /// Makes `current` the state after operator `code` (of energy
    /// `energy`), using `cand` where the proposal built it.
    fn accept(
        &self,
        space: &S,
        current: &mut S::Current,
        code: u64,
        cand: Option<S::State>,
        energy: u32,
    );
}

/// What runs proposals (the annealer), for [`Space::run`] to hand its
/// generator's [`Proposer`] to.
pub trait ProposalLoop<S: Space> {
    /// Runs up to `n` proposals of `p` (`halt`: whether the caller wants
    /// long work inside a proposal, a link, to stop).
    fn run<P: Proposer<S>>(&mut self, p: &P, n: u64, halt: Halt<'_>) -> Status;
}
