//! The 2×2's ladder: ⟨U,R,F⟩ ⊃ ⟨U,R2,F2⟩ ⊃ {solved}, with the DBL corner
//! home (the start is turned upright first, [`upright`]) and the nine turns
//! of U, R and F as genes `face·3 + turns − 1` (the 3×3's numbering, so the
//! sequence helpers apply):
//!
//! 1. ⟨U,R,F⟩ → ⟨U,R2,F2⟩: orient the corners (every U/D sticker on U or D)
//!    with all nine turns; fitness = U/D stickers elsewhere (0 to 7);
//! 2. ⟨U,R2,F2⟩ → solved with U, U2, U', R2, F2 (they keep the corners
//!    oriented); fitness = misplaced stickers (0 to 21).
//!
//! One climb is short, so a run climbs again until its budget is spent and
//! keeps the shortest whole solution ([`Ladder::repeats`]).

use super::ladder::Ladder;
use crate::api::SolveError;
use crate::moveset::upright;
use cubetui_cube::face::Face;
use cubetui_cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnKind, NxnMove, Size, tables};
use cubetui_cube::{AnyAlg, AnyCube};

/// An upright 2×2's stickers (faces U R F D L B, four each).
pub type State = [u8; 24];

/// Every gene: U U2 U' R R2 R' F F2 F'.
pub const ALL: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The genes of ⟨U, R2, F2⟩: they keep the corners oriented.
pub const HALF: &[u8] = &[0, 1, 2, 4, 7];

/// The move of gene `g` (0..9).
pub fn gene_move(g: u8) -> NxnMove {
    let face = [Face::U, Face::R, Face::F][usize::from(g / 3 % 3)];
    NxnMove::new(NxnKind::outer(face), g % 3 + 1).expect("turns 1 to 3")
}

/// The 2×2's ladder from one start.
#[derive(Clone, Debug)]
pub struct UrfLadder {
    perms: [&'static MovePerm; 9],
    /// The colour each face has when solved (the upright start's).
    home: [u8; 6],
    /// The start as given.
    start: NxnCube,
    /// The rotation that turned the start upright (leads every solution).
    rotation: NxnAlg,
}

/// Why the 2×2's ladder does not serve a start of `size`.
pub fn not_two(size: Size) -> SolveError {
    SolveError::Config(format!("the 2x2 ladder is for the 2x2, not for the {size}"))
}

impl UrfLadder {
    /// The ladder for a 2×2 `start` in any orientation, and the upright
    /// stickers the phases start from.
    ///
    /// # Errors
    /// A start that is not a 2×2.
    pub fn for_start(start: &NxnCube) -> Result<(UrfLadder, State), SolveError> {
        let size = start.size();
        if size != Size::TWO {
            return Err(not_two(size));
        }
        let (rotation, cube) = upright(start);
        let stickers: State = cube.stickers().try_into().map_err(|_| not_two(size))?;
        let t = tables(Size::TWO);
        let mut perms = Vec::with_capacity(ALL.len());
        for &g in ALL {
            let p = t
                .perm(gene_move(g))
                .map_err(|e| SolveError::Config(e.to_string()))?;
            perms.push(p);
        }
        let ladder = UrfLadder {
            perms: perms.try_into().map_err(|_| not_two(size))?,
            home: cube.face_colours(),
            start: start.clone(),
            rotation,
        };
        Ok((ladder, stickers))
    }

    /// U/D stickers not on U or D.
    fn unoriented(&self, s: &State) -> u32 {
        let (u, d) = (self.home[Face::U.index()], self.home[Face::D.index()]);
        let ud = s[..4].iter().chain(&s[12..16]);
        ud.filter(|&&c| c != u && c != d).count() as u32
    }

    /// Stickers not of their face's solved colour.
    fn misplaced(&self, s: &State) -> u32 {
        s.chunks_exact(4)
            .zip(self.home)
            .map(|(f, h)| f.iter().filter(|&&c| c != h).count() as u32)
            .sum()
    }

    fn alg(&self, genes: &[u8]) -> NxnAlg {
        let turns = genes.iter().map(|&g| gene_move(g));
        self.rotation.moves().iter().copied().chain(turns).collect()
    }
}

impl Ladder for UrfLadder {
    type State = State;

    fn phases(&self) -> usize {
        2
    }

    fn moves(&self, g: usize) -> &'static [u8] {
        if g == 0 { ALL } else { HALF }
    }

    #[inline]
    fn turn(&self, s: &State, g: u8) -> State {
        let mut out = *s;
        self.perms[usize::from(g)].apply(&mut out);
        out
    }

    fn fitness(&self, i: usize, s: &State) -> u32 {
        match i {
            1 => self.unoriented(s),
            _ => self.misplaced(s),
        }
    }

    fn max_fitness(&self, i: usize) -> u32 {
        match i {
            1 => 7,
            _ => 21,
        }
    }

    fn in_group(&self, i: usize, s: &State) -> bool {
        i == 0 || self.fitness(i, s) == 0
    }

    fn key(&self, s: &State) -> u128 {
        s.iter().fold(0, |k, &c| k << 3 | u128::from(c))
    }

    fn label(&self, i: usize) -> String {
        match i {
            1 => "phase 1/2 · ⟨U,R,F⟩→⟨U,R2,F2⟩".into(),
            2 => "phase 2/2 · ⟨U,R2,F2⟩→solved".into(),
            _ => "solved".into(),
        }
    }

    fn repeats(&self) -> bool {
        true
    }

    fn after(&self, genes: &[u8]) -> (AnyCube, u32) {
        let c = self
            .start
            .after(&self.alg(genes))
            .unwrap_or_else(|_| self.start.clone());
        let misplaced = c.misplaced() as u32;
        (AnyCube::Nxn(c), misplaced)
    }

    fn solution(&self, genes: &[u8]) -> AnyAlg {
        AnyAlg::Nxn(self.alg(genes), Size::TWO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(alg: &str) -> State {
        let c = NxnCube::solved(Size::TWO)
            .after(&alg.parse::<NxnAlg>().unwrap())
            .unwrap();
        c.stickers().try_into().unwrap()
    }

    fn ladder() -> UrfLadder {
        UrfLadder::for_start(&NxnCube::solved(Size::TWO)).unwrap().0
    }

    #[test]
    fn genes_are_the_nine_turns_in_order() {
        let names: Vec<String> = ALL.iter().map(|&g| gene_move(g).to_string()).collect();
        assert_eq!(names.join(" "), "U U2 U' R R2 R' F F2 F'");
        let half: Vec<String> = HALF.iter().map(|&g| gene_move(g).to_string()).collect();
        assert_eq!(half.join(" "), "U U2 U' R2 F2");
    }

    #[test]
    fn the_fitnesses_count_what_is_wrong() {
        let l = ladder();
        let solved = state("");
        assert_eq!(l.fitness(2, &solved), 0);
        // R2 F2 U keeps the corners oriented but not solved.
        let half = state("R2 F2 U");
        assert_eq!(l.fitness(1, &half), 0);
        assert!(l.in_group(1, &half) && !l.in_group(2, &half));
        assert!(l.fitness(2, &half) > 0);
        // R twists four corners: each shows a side colour on U or D.
        assert_eq!(l.fitness(1, &state("R")), 4);
        assert_eq!(l.turn(&l.turn(&solved, 3), 8), state("R F'"));
        assert_ne!(l.key(&solved), l.key(&state("U")));
    }

    #[test]
    fn a_solution_starts_with_the_rotation_that_turned_the_start_upright() {
        let start = NxnCube::solved(Size::TWO)
            .after(&"R U x y'".parse::<NxnAlg>().unwrap())
            .unwrap();
        let (l, s) = UrfLadder::for_start(&start).unwrap();
        let genes = [2, 5]; // U' R'
        let end = genes.iter().fold(s, |s, &g| l.turn(&s, g));
        assert_eq!(l.fitness(2, &end), 0);
        let (cube, misplaced) = l.after(&genes);
        assert!(cube.is_solved() && misplaced == 0);
        let AnyAlg::Nxn(alg, _) = l.solution(&genes) else {
            panic!("a 2x2 sequence");
        };
        assert!(start.after(&alg).unwrap().is_solved());
        assert!(UrfLadder::for_start(&NxnCube::solved(Size::new(4).unwrap())).is_err());
    }
}
