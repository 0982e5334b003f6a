//! Seeded random N×N states and scrambles (take any `Rng`, as
//! `cube::random` does).
//!
//! - 2×2: uniformly random states, [`random_2x2`]: the DBL corner stays home
//!   (each of the 3,674,160 states with DBL home equally likely; every 2×2
//!   state is one of them seen in some orientation).
//! - 3×3: the 3×3's uniformly random states (`cube::random`).
//! - N ≥ 4: uniformly random reachable states, [`random_big`]; and
//!   random-move scrambles of the length WCA used for random-move
//!   scrambles of that size, [`random_scramble`] and [`scramble_length`]:
//!   4×4 40, 5×5 60, 6×6 80, 7×7 100 (20 per layer past the 3×3, also
//!   beyond 7).
//! - Any size: [`random_moves`] of any `depth`.

use rand::{Rng, RngExt};

use crate::cubie::CORNER_COLOURS;
use crate::face::Face;

use super::alg::NxnAlg;
use super::moves::{NxnKind, NxnMove};
use super::pieces::corner_stickers;
use super::size::Size;
use super::state::NxnCube;

/// Random-move scramble length for `size` (see the module doc): 20(N − 2)
/// for N ≥ 4; 11 on the 2×2 (its God's number) and 25 on the 3×3 (WCA's
/// old random-move length) for random-move scrambles there.
pub const fn scramble_length(size: Size) -> usize {
    match size.get() {
        2 => 11,
        3 => 25,
        n => 20 * (n - 2),
    }
}

/// A uniformly random 2×2 state with the DBL corner home: the other seven
/// corners in a uniformly random arrangement, six of them twisted at random
/// and the seventh so the twists sum to 0 mod 3.
pub fn random_2x2<R: Rng + ?Sized>(rng: &mut R) -> NxnCube {
    let size = Size::TWO;
    let mut corners: [u8; 7] = [0, 1, 2, 3, 4, 5, 7];
    for i in (1..corners.len()).rev() {
        corners.swap(i, rng.random_range(0..=i));
    }
    let mut twists = [0u8; 7];
    for t in twists.iter_mut().take(6) {
        *t = rng.random_range(0..3);
    }
    twists[6] = (3 - twists[..6].iter().map(|&t| t as u32).sum::<u32>() % 3) as u8 % 3;
    let mut stickers = NxnCube::solved(size).stickers().to_vec();
    let positions = corner_stickers(size);
    let slots = [0, 1, 2, 3, 4, 5, 7];
    for (k, &slot) in slots.iter().enumerate() {
        let piece = CORNER_COLOURS[corners[k] as usize];
        for (n, colour) in piece.iter().enumerate() {
            stickers[positions[slot][(n + twists[k] as usize) % 3]] = *colour as u8;
        }
    }
    NxnCube::from_stickers(size, stickers).expect("corner colours are faces")
}

/// The move kinds random-move scrambles draw from: every face's outer turn
/// and its wide turns of 2 to N/2 layers (WCA's random-move scrambles of
/// big cubes: `R`, `Rw`, `3Rw` on 6×6 and 7×7). On the 2×2 and 3×3 the
/// outer turns alone.
pub fn scramble_kinds(size: Size) -> Vec<NxnKind> {
    let half = (size.get() / 2) as u8;
    Face::ALL
        .into_iter()
        .flat_map(|f| {
            std::iter::once(NxnKind::outer(f)).chain((2..=half).map(move |l| NxnKind::wide(f, l)))
        })
        .collect()
}

/// `depth` random moves of [`scramble_kinds`], each by 1, 2 or 3 quarter
/// turns, never repeating a kind within a run of moves about one axis (moves
/// about one axis commute), so nothing in the scramble cancels or merges.
pub fn random_moves<R: Rng + ?Sized>(rng: &mut R, size: Size, depth: usize) -> NxnAlg {
    let kinds = scramble_kinds(size);
    let mut out = NxnAlg::default();
    // Kinds turned since the axis last changed.
    let mut run: Vec<NxnKind> = Vec::new();
    while out.len() < depth {
        let kind = kinds[rng.random_range(0..kinds.len())];
        if run.last().is_some_and(|k| k.axis() != kind.axis()) {
            run.clear();
        }
        if run.contains(&kind) {
            continue;
        }
        run.push(kind);
        out.push(NxnMove::new(kind, rng.random_range(1..=3)).expect("1..=3"));
    }
    out
}

/// A random-move scramble of [`scramble_length`] for `size`.
pub fn random_scramble<R: Rng + ?Sized>(rng: &mut R, size: Size) -> NxnAlg {
    random_moves(rng, size, scramble_length(size))
}

/// A uniformly random state of any size: [`random_2x2`] on the 2×2, the
/// 3×3's uniformly random state on the 3×3, [`random_big`] past it.
pub fn random_state<R: Rng + ?Sized>(rng: &mut R, size: Size) -> NxnCube {
    match size.get() {
        2 => random_2x2(rng),
        3 => {
            let c = crate::random::random_state(rng);
            NxnCube::from_stickers(size, c.stickers().to_vec()).expect("54 stickers in range")
        }
        _ => random_big(rng, size),
    }
}

/// A uniformly random reachable state past the 3×3 (as Santa 2023's cubes
/// were drawn): the corners as a uniformly random 2×2 with DBL home (even
/// N), or the corners, middle edges and fixed centres as a uniformly random
/// 3×3 (odd N); every wing orbit in a uniformly random permutation (any
/// parity: one inner-slice quarter turn changes it; a wing's orientation
/// follows from its place); every centre orbit's colours in a uniformly
/// random arrangement (centres of one colour cannot be told apart, which
/// hides their parity).
pub fn random_big<R: Rng + ?Sized>(rng: &mut R, size: Size) -> NxnCube {
    let n = size.get();
    let solved = NxnCube::solved(size);
    let mut stickers = solved.stickers().to_vec();
    // Corners (and on odd N the midges and fixed centres) from a smaller cube.
    let (small, inner) = if size.is_odd() {
        let c = crate::random::random_state(rng);
        let c = NxnCube::from_stickers(Size::THREE, c.stickers().to_vec())
            .expect("54 stickers in range");
        (c, vec![0, n / 2, n - 1])
    } else {
        (random_2x2(rng), vec![0, n - 1])
    };
    let m = inner.len();
    for face in 0..6 {
        for (r, &row) in inner.iter().enumerate() {
            for (c, &col) in inner.iter().enumerate() {
                stickers[size.index(face, row, col)] = small.stickers()[face * m * m + r * m + c];
            }
        }
    }
    let o = super::orbits::orbits(size);
    for orbit in o.all() {
        let movable = matches!(
            orbit.kind,
            super::orbits::OrbitKind::Wings { .. } | super::orbits::OrbitKind::Centres { .. }
        );
        if !movable {
            continue;
        }
        let mut perm: Vec<usize> = (0..orbit.pieces.len()).collect();
        for i in (1..perm.len()).rev() {
            perm.swap(i, rng.random_range(0..=i));
        }
        for (slot, &piece) in perm.iter().enumerate() {
            for (k, &s) in orbit.pieces[slot].iter().enumerate() {
                stickers[s as usize] = solved.stickers()[orbit.pieces[piece][k] as usize];
            }
        }
    }
    NxnCube::from_stickers(size, stickers).expect("colours of the solved cube")
}
