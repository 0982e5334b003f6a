//! The 2×2 as the phase annealer sees it: 24 stickers, the nine turns of
//! U, R and F (the DBL corner stays home) as genes `face·3 + turns − 1`
//! (the phase solvers' encoding, so their sequence helpers apply), and the
//! two phase fitnesses, both counted on stickers.

use crate::cube::face::Face;
use crate::cube::nxn::{MovePerm, NxnKind, NxnMove, Size, tables};

/// An upright 2×2's stickers (faces U R F D L B, four each).
pub type State = [u8; 24];

/// Every gene: U U2 U' R R2 R' F F2 F'.
pub const ALL: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The genes of ⟨U, R2, F2⟩: they keep the corners oriented.
pub const HALF: &[u8] = &[0, 1, 2, 4, 7];

/// What a phase aims for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every corner oriented: U and D stickers show the U or D colour.
    /// Fitness: the U/D stickers that do not (0 to 7).
    Oriented,
    /// Solved. Fitness: misplaced stickers (0 to 24).
    Solved,
}

/// The move tables and the solved colours.
pub struct Kit {
    perms: [&'static MovePerm; 9],
    /// The colour each face has when solved.
    home: [u8; 6],
}

/// The move of gene `g`.
pub fn gene_move(g: u8) -> NxnMove {
    let face = [Face::U, Face::R, Face::F][usize::from(g / 3 % 3)];
    NxnMove::new(NxnKind::outer(face), g % 3 + 1).expect("turns 1 to 3")
}

impl Kit {
    /// The kit for an upright 2×2 whose faces are solved in colours `home`.
    pub fn new(home: [u8; 6]) -> Kit {
        let t = tables(Size::TWO);
        Kit {
            perms: std::array::from_fn(|g| t.perm(gene_move(g as u8)).expect("a 2x2 turn")),
            home,
        }
    }

    /// `s` after gene `g`.
    #[inline]
    pub fn turn(&self, s: &mut State, g: u8) {
        self.perms[usize::from(g)].apply(s);
    }

    /// `s` after `genes`.
    pub fn after(&self, s: &State, genes: &[u8]) -> State {
        let mut out = *s;
        for &g in genes {
            self.turn(&mut out, g);
        }
        out
    }

    /// What is still wrong for `goal` in `s` (0: reached).
    pub fn fitness(&self, goal: Goal, s: &State) -> u32 {
        match goal {
            Goal::Oriented => {
                let (u, d) = (self.home[Face::U.index()], self.home[Face::D.index()]);
                let ud = s[..4].iter().chain(&s[12..16]);
                ud.filter(|&&c| c != u && c != d).count() as u32
            }
            Goal::Solved => s
                .chunks_exact(4)
                .zip(self.home)
                .map(|(f, h)| f.iter().filter(|&&c| c != h).count() as u32)
                .sum(),
        }
    }

    /// The lowest fitness over the prefixes of `genes` from `start` (the
    /// empty one included) and the shortest prefix reaching it.
    pub fn best_prefix(&self, goal: Goal, start: &State, genes: &[u8]) -> (u32, usize) {
        let mut best = (self.fitness(goal, start), 0);
        let mut s = *start;
        for (i, &g) in genes.iter().enumerate() {
            if best.0 == 0 {
                break;
            }
            self.turn(&mut s, g);
            let w = self.fitness(goal, &s);
            if w < best.0 {
                best = (w, i + 1);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::nxn::{NxnAlg, NxnCube};

    fn state(alg: &str) -> State {
        let c = NxnCube::solved(Size::TWO)
            .after(&alg.parse::<NxnAlg>().unwrap())
            .unwrap();
        c.stickers().try_into().unwrap()
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
        let kit = Kit::new([0, 1, 2, 3, 4, 5]);
        let solved = state("");
        assert_eq!(kit.fitness(Goal::Solved, &solved), 0);
        // R2 F2 U keeps the corners oriented but not solved.
        let half = state("R2 F2 U");
        assert_eq!(kit.fitness(Goal::Oriented, &half), 0);
        assert!(kit.fitness(Goal::Solved, &half) > 0);
        // R twists four corners: each shows a side colour on U or D.
        assert_eq!(kit.fitness(Goal::Oriented, &state("R")), 4);
        assert_eq!(kit.after(&solved, &[3, 8]), state("R F'"));
        // The best prefix of U R U' from U': the first move, fitness 0.
        assert_eq!(
            kit.best_prefix(Goal::Solved, &state("U'"), &[0, 3, 2]),
            (0, 1)
        );
    }
}
