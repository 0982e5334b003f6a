//! What the N×N solvers share: the [`SizedSolver`] trait, its
//! [`SizedOutcome`] and [`SizedProgress`], the move set [`moves`] and
//! [`upright`]. Every [`SizedSolver`] runs as a
//! [`Solver`](crate::solve::api::Solver) through [`super::adapter`].

use crate::cube::face::Face;
use crate::cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnKind, NxnMove, Size, tables};
use crate::solve::api::{Profile, SolveError, Status};
use crate::solve::pocket;

/// The move set of the sticker-energy solvers on `size`, every kind by 1, 2
/// and 3 quarter turns:
///
/// - even N: single layers 1 to N − 1 counted from U, R and F (outer U R F
///   and every inner slice; they leave the DBL corner home and reach every
///   state with DBL home): 9 moves on the 2×2, 27 on the 4×4, 45 on the 6×6;
/// - odd N: single layers 1 to (N − 1)/2 of all six faces (outer turns and
///   every inner slice but the middle one, so the centres stay home): the
///   18 face turns on the 3×3, 36 moves on the 5×5, 54 on the 7×7.
pub fn moves(size: Size) -> Vec<NxnMove> {
    let kinds: Vec<NxnKind> = if size.is_odd() {
        let half = (size.get() / 2) as u8;
        Face::ALL
            .into_iter()
            .flat_map(|f| (1..=half).map(move |l| NxnKind::slice(f, l)))
            .collect()
    } else {
        NxnKind::keeping_dbl(size)
    };
    kinds
        .into_iter()
        .flat_map(|k| (1..=3).filter_map(move |t| NxnMove::new(k, t)))
        .collect()
}

/// The move set [`moves`] of `size` in words, with its count: what a
/// preset's description says in place of `{moves}`
/// ([`PresetInfo::description_on`](crate::solve::preset::PresetInfo::description_on)).
/// "the 18 face turns" on the 3×3, "the 9 turns of U R F" on the 2×2,
/// "the 27 outer and inner layer turns of U R F" on the 4×4, "the 36 outer
/// and inner layer turns of all six faces (not the middle slices)" on the
/// 5×5.
pub fn moves_in_words(size: Size) -> String {
    let count = moves(size).len();
    match size.get() {
        2 => format!("the {count} turns of U R F"),
        3 => format!("the {count} face turns"),
        n if n % 2 == 0 => format!("the {count} outer and inner layer turns of U R F"),
        _ => format!(
            "the {count} outer and inner layer turns of all six faces (not the middle slices)"
        ),
    }
}

/// The move set [`moves`] of `size` and each move's sticker permutation,
/// looked up once (the tables are built once per size).
///
/// # Errors
/// [`SolveError::Parameter`] for a move without a table for the size (not
/// expected: the move set is the size's own).
pub fn moves_and_perms(size: Size) -> Result<(Vec<NxnMove>, Vec<&'static MovePerm>), SolveError> {
    let moves = moves(size);
    let t = tables(size);
    let perms = moves
        .iter()
        .map(|&m| t.perm(m).map_err(|e| SolveError::Parameter(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((moves, perms))
}

/// Misplaced stickers of `stickers` (faces of `per_face` stickers in
/// U R F D L B order), each face counted against its `home` colour: the
/// energy of the sticker-energy solvers, on the stickers alone (no state).
pub fn misplaced(stickers: &[u8], home: &[u8; 6], per_face: usize) -> u32 {
    stickers
        .chunks_exact(per_face)
        .zip(home)
        .map(|(f, &h)| f.iter().filter(|&&c| c != h).count() as u32)
        .sum()
}

/// The result of an N×N run so far.
#[derive(Clone, Debug)]
pub struct SizedOutcome {
    pub solved: bool,
    /// Moves that take the start (as given) to the best state.
    pub solution: NxnAlg,
    /// Misplaced stickers of the best state ([`NxnCube::misplaced`]).
    pub energy: f64,
    /// Elementary steps run.
    pub iterations: u64,
}

/// What an N×N run looks like at one moment (the numbers of a
/// [`Snapshot`](crate::solve::api::Snapshot)); cheap enough to take every
/// frame and every step batch.
#[derive(Clone, Debug)]
pub struct SizedProgress {
    /// Elementary steps so far.
    pub iteration: u64,
    /// Misplaced stickers of the current state.
    pub energy: f64,
    /// Misplaced stickers of the best state.
    pub best_energy: f64,
    /// The current state (upright).
    pub current: NxnCube,
    /// The best state seen (upright).
    pub best: NxnCube,
    /// Length of the current move sequence.
    pub sequence_len: usize,
    /// One value per series of the solver's profile, in that order (empty:
    /// none known, every series NaN).
    pub values: Vec<f64>,
}

/// An N×N solver that advances in small steps. Only [`Self::step`],
/// [`Self::status`] and [`Self::outcome`] are required; the adapter
/// ([`super::adapter::Adapted`]) makes it a
/// [`Solver`](crate::solve::api::Solver).
pub trait SizedSolver: Send {
    /// Runs up to `n` elementary steps; stops early when solved or exhausted.
    fn step(&mut self, n: u64) -> Status;
    /// Where the run stands.
    fn status(&self) -> Status;
    /// The best result so far.
    fn outcome(&self) -> SizedOutcome;
    /// The name of an elementary step and the series the snapshots carry
    /// (none by default).
    fn profile(&self) -> Profile {
        Profile {
            step: "step",
            series: Vec::new(),
        }
    }
    /// The run now, cheaply; `None` (the default) lets the adapter derive it
    /// from [`Self::outcome`] (the best state as the current one), which
    /// suits solvers whose outcome is cheap.
    fn progress(&self) -> Option<SizedProgress> {
        None
    }
    /// The neighbourhood generator in use, for solvers that have one (none
    /// by default).
    fn generator(&self) -> Option<String> {
        None
    }
    /// Solver-specific results for the outcome (`accepted`, `restarts`, …;
    /// none by default).
    fn extra(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }
    /// What stopped the run unsolved, once [`Status::Exhausted`]: a short
    /// phrase, as [`Snapshot::exhausted_by`](crate::solve::api::Snapshot::exhausted_by).
    fn exhausted_by(&self) -> Option<String> {
        None
    }
}

/// The rotation that turns `start` upright, and the upright state; the
/// start itself when no rotation does (then the solvers see its colours as
/// they are).
pub fn upright(start: &NxnCube) -> (NxnAlg, NxnCube) {
    pocket::rotations()
        .into_iter()
        .find_map(|r| {
            let c = start.after(&r).ok()?;
            c.is_upright().then_some((r, c))
        })
        .unwrap_or_else(|| (NxnAlg::default(), start.clone()))
}
