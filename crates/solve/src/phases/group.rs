//! Exact membership tests for Thistlethwaite's nested groups, on the cubie view.
//!
//! - G1 = ⟨U2,D2,L,R,F,B⟩: every edge oriented for the U/D axis (no edge needs
//!   a quarter turn of U or D to come home).
//! - G2 = ⟨U2,D2,L,R,F2,B2⟩: G1, every corner oriented for the L/R axis (its
//!   L or R sticker on the L or R face) and the four M-slice edges (UF UB DF DB)
//!   in the M slice.
//! - G3 = ⟨U2,D2,L2,R2,F2,B2⟩: G2, every corner in its tetrad, the four E-slice
//!   edges in the E slice, and the two tetrads permuted alike (the permutation
//!   each induces on its three pairings, one per axis, is the same; this holds
//!   the corner parity and the "tetrad twist").
//! - G4 = {solved}.
//!
//! The tests assume a legal cube ([`CubieCube::check`]).

use cubetui_cube::CubieCube;

/// Which of an edge's two stickers is its U/D-axis reference (its F/B sticker,
/// else its U/D sticker), by edge (= position) index.
const EDGE_REF: [u8; 12] = [0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0];
/// Which of a corner's three stickers is its L/R sticker, by corner index.
const CORNER_LR: [u8; 8] = [1, 2, 1, 2, 2, 1, 2, 1];
/// Tetrad of each corner: 0 = {URF ULB DLF DRB}, 1 = {UFL UBR DFR DBL}.
const TETRAD: [u8; 8] = [0, 1, 0, 1, 1, 0, 1, 0];
/// Index of each corner in its tetrad, chosen so corners `i` and `i ^ k` face
/// each other across axis k (1 = U/D, 2 = F/B, 3 = R/L).
const TETRAD_INDEX: [u8; 8] = [0, 0, 1, 1, 2, 2, 3, 3];
/// Positions of each tetrad, by index in the tetrad.
const TETRAD_POSITIONS: [[usize; 4]; 2] = [[0, 2, 5, 7], [1, 3, 4, 6]];
/// The M-slice edges UF UB DF DB.
const M_EDGES: [usize; 4] = [1, 3, 5, 7];
/// The E-slice edges FR FL BL BR.
const E_EDGES: [usize; 4] = [8, 9, 10, 11];

/// Whether edge `e` is an M-slice edge.
#[inline]
fn is_m(e: u8) -> bool {
    e & 1 == 1 && e < 8
}

/// Edges not oriented for the U/D axis (0..=12, always even).
pub fn bad_edges(c: &CubieCube) -> u32 {
    (0..12)
        .filter(|&p| (EDGE_REF[c.ep[p] as usize] ^ c.eo[p]) != EDGE_REF[p])
        .count() as u32
}

/// Corners whose L/R sticker is not on the L or R face (0..=8).
pub fn bad_corners(c: &CubieCube) -> u32 {
    (0..8)
        .filter(|&p| (CORNER_LR[c.cp[p] as usize] + c.co[p]) % 3 != CORNER_LR[p])
        .count() as u32
}

/// M-slice positions holding an edge from elsewhere (0..=4).
pub fn m_slice_wrong(c: &CubieCube) -> u32 {
    M_EDGES.iter().filter(|&&p| !is_m(c.ep[p])).count() as u32
}

/// E-slice positions holding an edge from elsewhere (0..=4).
pub fn e_slice_wrong(c: &CubieCube) -> u32 {
    E_EDGES.iter().filter(|&&p| c.ep[p] < 8).count() as u32
}

/// Corner positions holding a corner of the other tetrad (0..=8, even).
pub fn tetrad_wrong(c: &CubieCube) -> u32 {
    (0..8)
        .filter(|&p| TETRAD[c.cp[p] as usize] != TETRAD[p])
        .count() as u32
}

/// Whether the corner permutation is odd.
pub fn corner_parity_odd(c: &CubieCube) -> bool {
    // Parity = (elements − cycles) mod 2.
    let mut seen = 0u8;
    let mut cycles = 0;
    for i in 0..8 {
        if seen & (1 << i) == 0 {
            cycles += 1;
            let mut j = i;
            while seen & (1 << j) == 0 {
                seen |= 1 << j;
                j = c.cp[j] as usize;
            }
        }
    }
    (8 - cycles) % 2 == 1
}

/// For corners in their tetrads: the axes (1..=3) on which the two tetrads'
/// induced pairing permutations differ (0, 2 or 3). `None` if a corner is in
/// the other tetrad.
pub fn tetrad_twist(c: &CubieCube) -> Option<u32> {
    if tetrad_wrong(c) != 0 {
        return None;
    }
    let image = |t: usize, k: usize| {
        let pos = TETRAD_POSITIONS[t];
        TETRAD_INDEX[c.cp[pos[0]] as usize] ^ TETRAD_INDEX[c.cp[pos[k]] as usize]
    };
    Some((1..4).filter(|&k| image(0, k) != image(1, k)).count() as u32)
}

/// Whether `c` is in G1 = ⟨U2,D2,L,R,F,B⟩.
pub fn in_g1(c: &CubieCube) -> bool {
    bad_edges(c) == 0
}

/// Whether `c` is in G2 = ⟨U2,D2,L,R,F2,B2⟩.
pub fn in_g2(c: &CubieCube) -> bool {
    in_g1(c) && bad_corners(c) == 0 && m_slice_wrong(c) == 0
}

/// Whether `c` is in G3 = ⟨U2,D2,L2,R2,F2,B2⟩.
pub fn in_g3(c: &CubieCube) -> bool {
    in_g2(c) && e_slice_wrong(c) == 0 && tetrad_twist(c) == Some(0)
}

/// Whether `c` is in group `i` (0 = every cube, 4 = solved only).
pub fn in_group(i: usize, c: &CubieCube) -> bool {
    match i {
        0 => true,
        1 => in_g1(c),
        2 => in_g2(c),
        3 => in_g3(c),
        _ => *c == CubieCube::SOLVED,
    }
}

/// Phase `i` (1..=4) fitness: what is still wrong for group `i`, given a state
/// of group `i - 1`. Zero exactly when the state is in group `i`.
///
/// 1. edges not oriented for the U/D axis;
/// 2. corners not oriented for the L/R axis + M-slice positions with a foreign edge;
/// 3. corners in the other tetrad + E-slice positions with a foreign edge
///    + 1 for odd corner parity + 1 while the tetrads are not permuted alike;
/// 4. corners and edges not at home.
pub fn phase_fitness(i: usize, c: &CubieCube) -> u32 {
    match i {
        1 => bad_edges(c),
        2 => bad_corners(c) + m_slice_wrong(c),
        3 => {
            let twist = match tetrad_twist(c) {
                Some(0) => 0,
                _ => 1,
            };
            tetrad_wrong(c) + e_slice_wrong(c) + u32::from(corner_parity_odd(c)) + twist
        }
        _ => {
            let corners = (0..8).filter(|&p| c.cp[p] as usize != p).count();
            let edges = (0..12).filter(|&p| c.ep[p] as usize != p).count();
            (corners + edges) as u32
        }
    }
}

/// The largest value [`phase_fitness`] takes in phase `i`.
pub fn max_fitness(i: usize) -> u32 {
    match i {
        1 => 12,
        2 => 12,
        3 => 14,
        _ => 20,
    }
}
