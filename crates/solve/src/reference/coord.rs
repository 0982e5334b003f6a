//! Coordinates: each cube property the search tracks as one small integer,
//! with the inverse maps used to build move tables.
//!
//! Phase 1: corner twist (0..2187), edge flip (0..2048) and the positions and
//! order of the four E-slice edges FR FL BL BR (`slice`, 0..11880; the cube is
//! in G1 = <U, D, R2, L2, F2, B2> exactly when twist = flip = 0 and slice < 24).
//! Phase 2: corner permutation (0..40320), permutation of the eight U/D edges
//! (0..40320) and, in G1, `slice` itself (0..24) as the slice permutation.
//! Every coordinate is 0 on the solved cube.

use cubetui_cube::CubieCube;

pub const N_TWIST: usize = 2187;
pub const N_FLIP: usize = 2048;
/// Positions of the four slice edges, unordered: C(12, 4).
pub const N_SLICE_POS: usize = 495;
/// Orders of the four slice edges.
pub const N_SLICE_PERM: usize = 24;
pub const N_SLICE: usize = N_SLICE_POS * N_SLICE_PERM;
pub const N_CPERM: usize = 40320;
pub const N_UDEDGE: usize = 40320;

/// First slice edge (FR); edges 8..12 are FR FL BL BR.
const FIRST_SLICE_EDGE: u8 = 8;

const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// `binomial(n, k)` for `n` < 12 and `k` ≤ 4, what [`slice()`] and
/// [`set_slice`] read (a division-free lookup: a search computes the slice
/// coordinate of every cube it is given).
const CHOOSE: [[usize; 5]; 12] = {
    let mut t = [[0; 5]; 12];
    let mut n = 0;
    while n < 12 {
        let mut k = 0;
        while k < 5 {
            t[n][k] = binomial(n, k);
            k += 1;
        }
        n += 1;
    }
    t
};

/// Lehmer rank of a permutation of `0..p.len()`; the identity ranks 0.
pub fn perm_rank(p: &[u8]) -> usize {
    let mut rank = 0;
    for i in 0..p.len() {
        let smaller = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        rank = rank * (p.len() - i) + smaller;
    }
    rank
}

/// The permutation of `0..n` with Lehmer rank `rank` (inverse of [`perm_rank`]).
pub fn perm_unrank(mut rank: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = vec![0usize; n];
    for i in (0..n).rev() {
        let base = n - i;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut free: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        out[i] = free.remove(digits[i]);
    }
}

pub fn twist(c: &CubieCube) -> usize {
    c.co[..7].iter().fold(0, |a, &o| a * 3 + o as usize)
}

pub fn set_twist(c: &mut CubieCube, mut t: usize) {
    let mut sum = 0;
    for i in (0..7).rev() {
        c.co[i] = (t % 3) as u8;
        sum += c.co[i];
        t /= 3;
    }
    c.co[7] = (3 - sum % 3) % 3;
}

pub fn flip(c: &CubieCube) -> usize {
    c.eo[..11].iter().fold(0, |a, &o| a * 2 + o as usize)
}

pub fn set_flip(c: &mut CubieCube, mut f: usize) {
    let mut sum = 0;
    for i in (0..11).rev() {
        c.eo[i] = (f % 2) as u8;
        sum += c.eo[i];
        f /= 2;
    }
    c.eo[11] = sum % 2;
}

/// Positions (scanned from position 11 down) and order of the slice edges:
/// `position rank * 24 + order rank`.
pub fn slice(c: &CubieCube) -> usize {
    let mut pos_rank = 0;
    let mut found = 0;
    let mut order = [0u8; 4];
    for j in (0..12).rev() {
        let e = c.ep[j];
        if e >= FIRST_SLICE_EDGE {
            found += 1;
            pos_rank += CHOOSE[11 - j][found];
            order[4 - found] = e - FIRST_SLICE_EDGE;
        }
    }
    pos_rank * N_SLICE_PERM + perm_rank(&order)
}

/// Sets the edge permutation to one with the given [`slice()`] coordinate; the
/// other edges fill the remaining positions in increasing order.
pub fn set_slice(c: &mut CubieCube, s: usize) {
    let mut order = [0u8; 4];
    perm_unrank(s % N_SLICE_PERM, &mut order);
    let mut pos_rank = s / N_SLICE_PERM;
    let mut k = 4;
    let (mut next_slice, mut next_other) = (0, 0);
    for (j, e) in c.ep.iter_mut().enumerate() {
        if k > 0 && CHOOSE[11 - j][k] <= pos_rank {
            pos_rank -= CHOOSE[11 - j][k];
            k -= 1;
            *e = FIRST_SLICE_EDGE + order[next_slice];
            next_slice += 1;
        } else {
            *e = next_other;
            next_other += 1;
        }
    }
}

pub fn cperm(c: &CubieCube) -> usize {
    perm_rank(&c.cp)
}

pub fn set_cperm(c: &mut CubieCube, r: usize) {
    perm_unrank(r, &mut c.cp);
}

/// Permutation of the eight U/D edges; meaningful in G1 (positions 0..8 hold
/// edges 0..8).
pub fn udedge(c: &CubieCube) -> usize {
    perm_rank(&c.ep[..8])
}

pub fn set_udedge(c: &mut CubieCube, r: usize) {
    perm_unrank(r, &mut c.ep[..8]);
    for j in 8..12 {
        c.ep[j] = j as u8;
    }
}
