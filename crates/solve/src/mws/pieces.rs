//! Piece-level views of a sticker cube for the moving-window solver: which
//! corner or edge sits in each slot, the twelve 2x2x3 blocks, the `pairs`
//! fitness, edge orientation for a pair of free faces, and the two-generator
//! membership test. Tables are derived from the move permutations by search,
//! so they agree with the sticker model by construction. [`pieces`] is a fast,
//! non-validating twin of `cube::cubie::CubieCube::from_cube` (tests check they agree).

use std::collections::{HashMap, VecDeque};
use std::sync::OnceLock;

use cubetui_cube::{Cube, Face, Move, Perm};

/// Corner slots' facelets, clockwise, U/D facelet first (URF UFL ULB UBR DFR DLF DBL DRB).
pub const CORNERS: [[usize; 3]; 8] = cubetui_cube::cubie::CORNER_FACELETS;

/// Edge slots' facelets (UR UF UL UB DR DF DL DB FR FL BL BR).
pub const EDGES: [[usize; 2]; 12] = cubetui_cube::cubie::EDGE_FACELETS;

/// Which piece sits in every slot, with its orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// `cp[slot]` = corner piece, `co[slot]` = how far its U/D sticker is turned (0..3).
    pub cp: [u8; 8],
    pub co: [u8; 8],
    /// `ep[slot]` = edge piece, `eo[slot]` = 1 if its first colour is on the slot's second facelet.
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

struct Lookup {
    /// Corner colours (c0*36+c1*6+c2) → (piece, orientation); 255 if none.
    corner: [(u8, u8); 216],
    /// Edge colours (c0*6+c1) → (piece, flip); 255 if none.
    edge: [(u8, u8); 36],
}

fn lookup() -> &'static Lookup {
    static L: OnceLock<Lookup> = OnceLock::new();
    L.get_or_init(|| {
        let colours = |i: usize| (i / 9) as u8;
        let mut corner = [(255, 255); 216];
        for (p, f) in CORNERS.iter().enumerate() {
            let c = f.map(colours);
            for o in 0..3 {
                // Orientation o: the U/D colour sits on facelet o of the slot.
                let seen = [c[(3 - o) % 3], c[(4 - o) % 3], c[(5 - o) % 3]];
                let key = seen[0] as usize * 36 + seen[1] as usize * 6 + seen[2] as usize;
                corner[key] = (p as u8, o as u8);
            }
        }
        let mut edge = [(255, 255); 36];
        for (p, f) in EDGES.iter().enumerate() {
            let c = f.map(colours);
            edge[c[0] as usize * 6 + c[1] as usize] = (p as u8, 0);
            edge[c[1] as usize * 6 + c[0] as usize] = (p as u8, 1);
        }
        Lookup { corner, edge }
    })
}

/// The pieces of a cube; `None` if some slot shows colours no piece has.
pub fn pieces(cube: &Cube) -> Option<Pieces> {
    let s = cube.stickers();
    let l = lookup();
    let mut out = Pieces {
        cp: [0; 8],
        co: [0; 8],
        ep: [0; 12],
        eo: [0; 12],
    };
    for (slot, f) in CORNERS.iter().enumerate() {
        let key = s[f[0]] as usize * 36 + s[f[1]] as usize * 6 + s[f[2]] as usize;
        let (p, o) = l.corner[key];
        if p == 255 {
            return None;
        }
        (out.cp[slot], out.co[slot]) = (p, o);
    }
    for (slot, f) in EDGES.iter().enumerate() {
        let (p, o) = l.edge[s[f[0]] as usize * 6 + s[f[1]] as usize];
        if p == 255 {
            return None;
        }
        (out.ep[slot], out.eo[slot]) = (p, o);
    }
    Some(out)
}

fn parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[i] > p[j];
        }
    }
    odd
}

/// Whether the pieces form a reachable cube: each piece once, corner twist
/// sum 0 mod 3, edge flip sum even, corner and edge permutation parities equal.
pub fn is_valid(p: &Pieces) -> bool {
    let mut cs = [false; 8];
    let mut es = [false; 12];
    p.cp.iter().for_each(|&c| cs[c as usize] = true);
    p.ep.iter().for_each(|&e| es[e as usize] = true);
    cs.iter().all(|&b| b)
        && es.iter().all(|&b| b)
        && p.co.iter().map(|&o| u32::from(o)).sum::<u32>() % 3 == 0
        && p.eo.iter().map(|&o| u32::from(o)).sum::<u32>() % 2 == 0
        && parity(&p.cp) == parity(&p.ep)
}

/// A 2x2x3 block: everything but two adjacent free faces.
#[derive(Debug)]
pub struct Block {
    /// The two free faces, in face order.
    pub free: [Face; 2],
    /// The 22 pairs of adjacent block stickers on the four non-free faces.
    pub pairs: Vec<(u8, u8)>,
    /// The other 50 pairs of adjacent stickers (the unsolved part in phase 3).
    pub rest_pairs: Vec<(u8, u8)>,
    /// `pairs` and `rest_pairs` as masks over [`Cube::equal_neighbours`]:
    /// (pairs `(i, i + 1)`, pairs `(i, i + 3)`) by bit `i`.
    pair_mask: (u64, u64),
    rest_mask: (u64, u64),
    /// Corner and edge slots belonging to the block.
    pub corners: Vec<u8>,
    pub edges: Vec<u8>,
    /// `good_flip[piece][slot]`: the flip the edge piece shows in that slot when it
    /// can be solved by turns that keep the free faces' edge orientation.
    good_flip: [[u8; 12]; 12],
    /// Corner arrangements the two free faces can make, by Lehmer code of `cp`.
    corner_perms: Vec<bool>,
}

fn touches(facelets: &[usize], f: Face) -> bool {
    facelets.iter().any(|&i| i / 9 == f.index())
}

/// The twelve blocks, free-face pairs in order UR UF UL UB RF RD RB FD FL DL DB LB.
pub fn blocks() -> &'static [Block; 12] {
    static B: OnceLock<Vec<Block>> = OnceLock::new();
    let v = B.get_or_init(|| {
        let mut out = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                if b != (a + 3) % 6 {
                    out.push(make_block(Face::ALL[a], Face::ALL[b]));
                }
            }
        }
        out
    });
    v.as_slice().try_into().expect("twelve blocks")
}

fn make_block(a: Face, b: Face) -> Block {
    let corners: Vec<u8> = (0..8u8)
        .filter(|&s| !touches(&CORNERS[s as usize], a) && !touches(&CORNERS[s as usize], b))
        .collect();
    let edges: Vec<u8> = (0..12u8)
        .filter(|&s| !touches(&EDGES[s as usize], a) && !touches(&EDGES[s as usize], b))
        .collect();
    // Block stickers: the block's pieces' facelets plus the centres of the other faces.
    let mut region = [false; 54];
    for &c in &corners {
        CORNERS[c as usize].iter().for_each(|&i| region[i] = true);
    }
    for &e in &edges {
        EDGES[e as usize].iter().for_each(|&i| region[i] = true);
    }
    for f in Face::ALL {
        if f != a && f != b {
            region[f.index() * 9 + 4] = true;
        }
    }
    let mut pairs = Vec::new();
    let mut rest_pairs = Vec::new();
    for f in 0..6 {
        for r in 0..3 {
            for c in 0..3 {
                let i = f * 9 + r * 3 + c;
                for j in [(c < 2).then_some(i + 1), (r < 2).then_some(i + 3)]
                    .into_iter()
                    .flatten()
                {
                    if region[i] && region[j] {
                        pairs.push((i as u8, j as u8));
                    } else {
                        rest_pairs.push((i as u8, j as u8));
                    }
                }
            }
        }
    }
    let mask = |pairs: &[(u8, u8)]| {
        pairs
            .iter()
            .fold((0u64, 0u64), |(h, v), &(i, j)| match j - i {
                1 => (h | 1 << i, v),
                _ => (h, v | 1 << i),
            })
    };
    let (pair_mask, rest_mask) = (mask(&pairs), mask(&rest_pairs));
    let free_moves: Vec<Perm> = [a, b]
        .iter()
        .flat_map(|&f| [1, 3].map(|t| *Move::face(f, t).perm()))
        .collect();
    // Edge orientation kept by every turn except quarter turns of the third axis.
    let third = Face::ALL
        .into_iter()
        .find(|&f| f != a && f != b && f != a.opposite() && f != b.opposite())
        .expect("a third axis");
    let eo_moves: Vec<Perm> = Move::face_turns()
        .into_iter()
        .filter(|m| {
            let f = m.as_face().expect("face turn");
            m.turns() == 2 || (f != third && f != third.opposite())
        })
        .map(|m| *m.perm())
        .collect();
    let mut good_flip = [[255u8; 12]; 12];
    for (piece, row) in good_flip.iter_mut().enumerate() {
        for (key, _) in orbit(&eo_moves, |c| {
            let p = pieces(c).expect("reachable");
            let slot =
                p.ep.iter()
                    .position(|&e| e as usize == piece)
                    .expect("piece");
            (slot, p.eo[slot])
        }) {
            row[key.0] = key.1;
        }
    }
    let perms = orbit(&free_moves, |c| pieces(c).expect("reachable").cp);
    let mut corner_perms = vec![false; 40320];
    for (cp, _) in perms {
        corner_perms[lehmer(&cp)] = true;
    }
    Block {
        free: [a, b],
        pairs,
        rest_pairs,
        pair_mask,
        rest_mask,
        corners,
        edges,
        good_flip,
        corner_perms,
    }
}

/// Every value of `key` over the states reachable from solved with `gens`,
/// assuming the key's change under a generator depends only on the key.
fn orbit<K: Clone + Eq + std::hash::Hash>(
    gens: &[Perm],
    key: impl Fn(&Cube) -> K,
) -> HashMap<K, Cube> {
    let mut seen = HashMap::new();
    let mut queue = VecDeque::new();
    seen.insert(key(&Cube::solved()), Cube::solved());
    queue.push_back(Cube::solved());
    while let Some(c) = queue.pop_front() {
        for g in gens {
            let n = c.permuted(g);
            let k = key(&n);
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(k) {
                e.insert(n);
                queue.push_back(n);
            }
        }
    }
    seen
}

/// Rank of a permutation of 0..8 in lexicographic order.
pub fn lehmer(p: &[u8; 8]) -> usize {
    let mut r = 0;
    for i in 0..8 {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        r = r * (8 - i) + smaller;
    }
    r
}

/// Same-coloured pairs of `cube` among those in `mask`.
#[inline]
fn count(cube: &Cube, (h, v): (u64, u64)) -> u32 {
    let (eq1, eq3) = cube.equal_neighbours();
    (eq1 & h).count_ones() + (eq3 & v).count_ones()
}

impl Block {
    /// Adjacent same-coloured sticker pairs on the block's faces (22 when solved).
    #[inline]
    pub fn pairs(&self, cube: &Cube) -> u32 {
        count(cube, self.pair_mask)
    }

    /// Adjacent same-coloured pairs outside the block (50 when solved).
    #[inline]
    pub fn rest_pairs(&self, cube: &Cube) -> u32 {
        count(cube, self.rest_mask)
    }

    /// Edges (of all twelve) oriented for the free faces.
    pub fn good_edges(&self, p: &Pieces) -> u32 {
        (0..12)
            .filter(|&s| self.good_flip[p.ep[s] as usize][s] == p.eo[s])
            .count() as u32
    }

    /// Whether the free faces can make this corner arrangement.
    pub fn corners_ok(&self, p: &Pieces) -> bool {
        self.corner_perms[lehmer(&p.cp)]
    }

    /// Whether the cube can be solved by turning only the two free faces.
    pub fn is_member(&self, cube: &Cube) -> bool {
        let Some(p) = pieces(cube) else { return false };
        is_valid(&p)
            && self.pairs(cube) as usize == self.pairs.len()
            && self.good_edges(&p) == 12
            && self.corners_ok(&p)
    }
}
