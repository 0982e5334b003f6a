//! Face turns on the cubie view ([`CubieCube`]), and the move set of each group.
//!
//! A move is a gene in the numbering of [`crate::chromosome`]:
//! `face * 3 + turns - 1` with faces in facelet-string order `U R F D L B`
//! (`0 = U`, `1 = U2`, `2 = U'`, `3 = R`, …), the order of
//! [`cubetui_cube::cubie_turns`], whose face-turn table this uses.

use crate::chromosome::gene_move;
use cubetui_cube::cubie_turns;
use cubetui_cube::{CubieCube, Move};

/// The state after gene `g` is applied to `c`.
#[inline]
pub fn turn(c: &CubieCube, g: u8) -> CubieCube {
    cubie_turns::turn(c, usize::from(g))
}

/// The state packed into 128 bits (a key for telling states apart).
#[inline]
pub fn pack(c: &CubieCube) -> u128 {
    let mut k: u128 = 0;
    for i in 0..8 {
        k = k << 5 | u128::from(c.cp[i] << 2 | c.co[i]);
    }
    for i in 0..12 {
        k = k << 5 | u128::from(c.ep[i] << 1 | c.eo[i]);
    }
    k
}

/// The state after every gene of `genes`, in order.
pub fn apply_all(c: &CubieCube, genes: &[u8]) -> CubieCube {
    genes.iter().fold(*c, |acc, &g| turn(&acc, g))
}

/// Genes of ⟨U,D,L,R,F,B⟩: all 18 face turns.
pub const G0_MOVES: &[u8] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
/// Genes of ⟨U2,D2,L,R,F,B⟩.
pub const G1_MOVES: &[u8] = &[1, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16, 17];
/// Genes of ⟨U2,D2,L,R,F2,B2⟩.
pub const G2_MOVES: &[u8] = &[1, 3, 4, 5, 7, 10, 12, 13, 14, 16];
/// Genes of ⟨U2,D2,L2,R2,F2,B2⟩.
pub const G3_MOVES: &[u8] = &[1, 4, 7, 10, 13, 16];

/// The generators of G0..G3, indexed by group.
pub const GROUP_MOVES: [&[u8]; 4] = [G0_MOVES, G1_MOVES, G2_MOVES, G3_MOVES];

/// The moves of a gene list, for messages and replay.
pub fn moves_of(genes: &[u8]) -> Vec<Move> {
    genes.iter().map(|&g| gene_move(g)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chromosome::{genes_alg, random_genes, seeded_rng};
    use cubetui_cube::Cube;

    #[test]
    fn cubie_turns_agree_with_sticker_turns() {
        let mut rng = seeded_rng(5);
        for _ in 0..50 {
            let genes = random_genes(&mut rng, 30);
            let stickers = Cube::solved().after(&genes_alg(&genes));
            let cubies = apply_all(&CubieCube::SOLVED, &genes);
            assert_eq!(CubieCube::from_cube(&stickers).unwrap(), cubies);
            assert_eq!(cubies.to_cube(), stickers);
        }
    }

    #[test]
    fn move_sets_name_the_right_turns() {
        let names = |s: &[u8]| {
            moves_of(s)
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(G1_MOVES), "U2 R R2 R' F F2 F' D2 L L2 L' B B2 B'");
        assert_eq!(names(G2_MOVES), "U2 R R2 R' F2 D2 L L2 L' B2");
        assert_eq!(names(G3_MOVES), "U2 R2 F2 D2 L2 B2");
    }
}
