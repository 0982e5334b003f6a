//! A ladder of nested groups G0 ⊃ G1 ⊃ … ⊃ {solved}: what the phase searches
//! climb, one phase per rung. Phase `i` (1..=[`Ladder::phases`]) takes a
//! state of G(i−1) into Gi with G(i−1)'s moves only, guided by a fitness that
//! is zero exactly inside Gi. Moves are genes `face·3 + turns − 1` with
//! faces in the order U R F D L B (the numbering of
//! [`crate::chromosome`]), so the sequence helpers ([`super::seq`])
//! serve every ladder.
//!
//! A ladder is not a search space: it says nothing of how a phase is
//! searched (no proposals, populations or acceptance), only which groups
//! the phases climb through, their move sets and the fitness that is zero
//! inside each rung. The searches of a phase are the shared ones: the
//! annealer's loop (`anneal/chain.rs`, over a phase problem),
//! `ga`'s generation ([`crate::ga::generation::next_generation`] over a
//! [`Breed`](crate::ga::generation::Breed)); [`crate::anneal::Space`] and
//! [`crate::genome::Genome`] are the search spaces of the whole-cube
//! solvers.
//!
//! Two ladders: Thistlethwaite's four groups on the 3×3 ([`Thistlethwaite`],
//! on the cubie view) and the 2×2's ⟨U,R,F⟩ ⊃ ⟨U,R2,F2⟩ ⊃ {solved}
//! ([`super::urf::UrfLadder`], on stickers). A ladder value is built for
//! one start: it also knows how a gene list reads on that start as given
//! (its orientation), for the pictures and the reported solution.

use std::fmt::Debug;

use super::cubie::{GROUP_MOVES, pack, turn};
use super::group::{in_group, max_fitness, phase_fitness};
use crate::api::SolveError;
use crate::chromosome::genes_alg;
use cubetui_cube::state::{CENTRES, whole_cube_rotations};
use cubetui_cube::{AnyAlg, AnyCube, Cube, CubieCube};

/// Nested groups, one phase per rung, seen from one start: what the phases
/// climb, not how a phase is searched (see the module doc).
pub trait Ladder: Clone + Debug + Send + 'static {
    /// The state the phases turn.
    type State: Copy + Eq + Debug + Send + 'static;
    /// The number of phases (rungs below G0): 4 on the 3×3, 2 on the 2×2.
    fn phases(&self) -> usize;
    /// The genes of group `g` (0 = G0): the moves phase `g + 1` uses.
    fn moves(&self, g: usize) -> &'static [u8];
    /// `s` after gene `g`.
    fn turn(&self, s: &Self::State, g: u8) -> Self::State;
    /// Phase `i`'s fitness (1..=phases): what is still wrong for group `i`,
    /// given a state of group `i − 1`; zero exactly inside group `i`.
    fn fitness(&self, i: usize, s: &Self::State) -> u32;
    /// The largest value [`Ladder::fitness`] takes in phase `i`.
    fn max_fitness(&self, i: usize) -> u32;
    /// Whether `s` is in group `i` (0 = every state; phases = solved only).
    fn in_group(&self, i: usize, s: &Self::State) -> bool;
    /// A key telling states apart (equal exactly for equal states).
    fn key(&self, s: &Self::State) -> u128;
    /// The label of phase `i` (1..=phases; past it: `solved`).
    fn label(&self, i: usize) -> String;
    /// Whether a run climbs again from phase 1 once solved, until its step
    /// budget is spent, keeping the shortest whole solution (a short
    /// ladder, as the 2×2's, where one climb costs little); `false`: the
    /// run ends at the first solution.
    fn repeats(&self) -> bool {
        false
    }
    /// The start cube (as given) after `genes` (in the ladder's frame), and
    /// its misplaced stickers: what a snapshot shows.
    fn after(&self, genes: &[u8]) -> (AnyCube, u32);
    /// `genes` as the moves that take the start cube (as given) there.
    fn solution(&self, genes: &[u8]) -> AnyAlg;
}

/// Thistlethwaite's groups on the 3×3, from one start:
/// G0 = ⟨U,D,L,R,F,B⟩ ⊃ G1 = ⟨U2,D2,L,R,F,B⟩ ⊃ G2 = ⟨U2,D2,L,R,F2,B2⟩ ⊃
/// G3 = ⟨U2,D2,L2,R2,F2,B2⟩ ⊃ {solved} ([`super::group`]).
#[derive(Clone, Debug)]
pub struct Thistlethwaite {
    /// The start as given.
    start: Cube,
    /// Upright gene → gene on `start` (identity unless its centres are turned).
    face_map: [u8; 18],
}

impl Thistlethwaite {
    /// The ladder for `start`, and the upright cubie state the phases start
    /// from (the cube turned as a whole so its centres are home).
    ///
    /// # Errors
    /// A start that is not a solvable cube.
    pub fn for_start(start: &Cube) -> Result<(Thistlethwaite, CubieCube), SolveError> {
        let cc = CubieCube::from_cube(start).map_err(|e| SolveError::Parameter(e.to_string()))?;
        cc.check()
            .map_err(|e| SolveError::Parameter(format!("the start cube is not solvable: {e}")))?;
        let r = whole_cube_rotations()
            .iter()
            .find(|r| start.permuted(r).stickers() == cc.to_cube().stickers())
            .ok_or_else(|| SolveError::Parameter("the start cube has stray stickers".into()))?;
        let face_map = std::array::from_fn(|g| {
            let face = r.table()[CENTRES[g / 3]] as usize / 9;
            (face * 3 + g % 3) as u8
        });
        let ladder = Thistlethwaite {
            start: *start,
            face_map,
        };
        Ok((ladder, cc))
    }

    /// The ladder of an upright start (genes read as they are).
    pub fn upright() -> Thistlethwaite {
        Thistlethwaite {
            start: Cube::solved(),
            face_map: std::array::from_fn(|g| g as u8),
        }
    }

    fn physical(&self, genes: &[u8]) -> Vec<u8> {
        genes.iter().map(|&g| self.face_map[g as usize]).collect()
    }
}

impl Ladder for Thistlethwaite {
    type State = CubieCube;

    fn phases(&self) -> usize {
        4
    }

    fn moves(&self, g: usize) -> &'static [u8] {
        GROUP_MOVES[g]
    }

    #[inline]
    fn turn(&self, s: &CubieCube, g: u8) -> CubieCube {
        turn(s, g)
    }

    #[inline]
    fn fitness(&self, i: usize, s: &CubieCube) -> u32 {
        phase_fitness(i, s)
    }

    fn max_fitness(&self, i: usize) -> u32 {
        max_fitness(i)
    }

    fn in_group(&self, i: usize, s: &CubieCube) -> bool {
        in_group(i, s)
    }

    fn key(&self, s: &CubieCube) -> u128 {
        pack(s)
    }

    fn label(&self, i: usize) -> String {
        match i {
            1..=3 => format!("phase {i}/4 · G{}→G{i}", i - 1),
            4 => "phase 4/4 · G3→solved".into(),
            _ => "solved".into(),
        }
    }

    fn after(&self, genes: &[u8]) -> (AnyCube, u32) {
        let c = self.start.after(&genes_alg(&self.physical(genes)));
        (c.into(), c.misplaced())
    }

    fn solution(&self, genes: &[u8]) -> AnyAlg {
        genes_alg(&self.physical(genes)).into()
    }
}
