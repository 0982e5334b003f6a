//! Seeded random N×N states and scrambles (take any `Rng`, as
//! `cube::random` does).
//!
//! - 2×2: uniformly random states, [`random_2x2`]: the DBL corner stays home
//!   (each of the 3,674,160 states with DBL home equally likely; every 2×2
//!   state is one of them seen in some orientation).
//! - 3×3: the 3×3's uniformly random states (`cube::random`).
//! - N ≥ 4: random-move scrambles of the length WCA used for random-move
//!   scrambles of that size, [`scramble_length`]: 4×4 40, 5×5 60, 6×6 80,
//!   7×7 100 (20 per layer past the 3×3, also beyond 7).
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

/// A random state: uniformly random on the 2×2 ([`random_2x2`]) and 3×3, the
/// state after a [`random_scramble`] on larger sizes.
pub fn random_state<R: Rng + ?Sized>(rng: &mut R, size: Size) -> NxnCube {
    match size.get() {
        2 => random_2x2(rng),
        3 => {
            let c = crate::random::random_state(rng);
            NxnCube::from_stickers(size, c.stickers().to_vec()).expect("54 stickers in range")
        }
        _ => NxnCube::solved(size)
            .after(&random_scramble(rng, size))
            .expect("scramble kinds fit the size"),
    }
}
