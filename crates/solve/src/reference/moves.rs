//! Move indices of the search (the order of [`cubetui_cube::cubie_turns`],
//! which holds the cubie product, inverse and face-turn table), and the
//! conversions between the sticker cube, the cubie view and move indices.

use cubetui_cube::cubie_turns::N_FACE_TURNS;
use cubetui_cube::{Alg, Cube, CubieCube, FaceletError, Move};

/// Number of face turns (`U U2 U' R R2 R' F … B'`, [`Move::FACE_TURNS`] order).
pub const N_MOVES: usize = N_FACE_TURNS;

/// The face turned by move index `m` (0..18): `U R F D L B` as 0..6.
#[inline]
pub const fn face_of(m: usize) -> usize {
    m / 3
}

/// The [`Move`] with index `m` (0..18): its entry in [`Move::FACE_TURNS`].
pub fn to_move(m: usize) -> Move {
    Move::FACE_TURNS[m]
}

/// The ten G1 moves as indices into the 18 face turns: U U2 U' R2 F2 D D2 D' L2 B2.
pub const P2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Number of G1 moves.
pub const N_P2: usize = P2_MOVES.len();
/// Pruning entry not yet reached.
const UNSEEN: u8 = u8::MAX;

/// Breadth-first distances from entry 0 over `n` entries with `n_moves` moves.
pub fn bfs(n: usize, n_moves: usize, next: impl Fn(usize, usize) -> usize) -> Vec<u8> {
    let mut dist = vec![UNSEEN; n];
    dist[0] = 0;
    let mut depth = 0u8;
    let mut frontier = 1usize;
    while frontier > 0 {
        frontier = 0;
        for i in 0..n {
            if dist[i] != depth {
                continue;
            }
            for m in 0..n_moves {
                let j = next(i, m);
                if dist[j] == UNSEEN {
                    dist[j] = depth + 1;
                    frontier += 1;
                }
            }
        }
        depth += 1;
    }
    dist
}

/// The cubie view of a reachable cube, or why it is not one.
pub fn cubies(cube: &Cube) -> Result<CubieCube, FaceletError> {
    let c = CubieCube::from_cube(cube)?;
    c.check()?;
    Ok(c)
}

/// Move indices (0..18) as an [`Alg`] of face turns.
pub fn to_alg(moves: &[u8]) -> Alg {
    moves.iter().map(|&m| to_move(m as usize)).collect()
}

/// `moves` with turns of one face that meet (next to each other, or with
/// only a turn of the opposite face between them) made one turn or none, as
/// where a pre-move follows its view's solution (`R2 R` is `R'`, `R L2 R'` is
/// `L2`). The result never turns one face twice in a row.
pub fn merged(moves: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(moves.len());
    for &m in moves {
        push_merged(&mut out, m);
    }
    out
}

fn push_merged(out: &mut Vec<u8>, m: u8) {
    let face = face_of(m as usize);
    let opposite = |f: usize| f % 3 == face % 3 && f != face;
    let n = out.len();
    let at = if n >= 1 && face_of(out[n - 1] as usize) == face {
        Some(n - 1)
    } else if n >= 2
        && opposite(face_of(out[n - 1] as usize))
        && face_of(out[n - 2] as usize) == face
    {
        Some(n - 2)
    } else {
        None
    };
    let Some(at) = at else {
        out.push(m);
        return;
    };
    // Quarter turns: m % 3 is 0, 1, 2 for 1, 2, 3 quarter turns.
    let turns = (out[at] % 3 + 1 + m % 3 + 1) % 4;
    let rest = out.split_off(at + 1);
    out.pop();
    if turns != 0 {
        push_merged(out, (face * 3) as u8 + turns - 1);
    }
    for r in rest {
        push_merged(out, r);
    }
}
