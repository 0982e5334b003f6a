//! Seeded randomness: a portable generator, per-run seed derivation, uniformly
//! random reachable states and random-move scrambles.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::{SplitMix64, Xoshiro256PlusPlus};

use super::alg::Alg;
use super::cubie::{CORNER_FACELETS, CubieCube, is_odd};
use super::face::Face;
use super::moves::Move;
use super::state::Cube;

/// The project's random generator: portable and reproducible across platforms.
pub type CubeRng = Xoshiro256PlusPlus;

/// A generator seeded from a 64-bit seed.
pub fn rng_from_seed(seed: u64) -> CubeRng {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// One output of SplitMix64 seeded with `z` (Vigna's seed mixer).
fn mix(z: u64) -> u64 {
    SplitMix64::seed_from_u64(z).next_u64()
}

/// The seed of run `index` under base seed `base` (independent of threads).
pub fn derive_seed(base: u64, index: u64) -> u64 {
    mix(base ^ mix(index.wrapping_add(0x5851_F42D_4C95_7F2D)))
}

/// The run seed of cube `index` of a batch drawn from `seed`: `seed` itself
/// for cube 0 (so a single run with seed `seed` is cube 0 of any batch with
/// that seed), [`derive_seed`]`(seed, index)` for every later cube. It seeds
/// the solver and, through [`start_rng`], the cube's start.
///
/// This is the one seed rule of the program: the screen's `k`-th random
/// start, `bench`'s cube `k`, line `k` of `scramble --count` and, for
/// `k = 0`, `solve` and `race` with `--random-state` all draw from it.
pub fn cube_seed(seed: u64, index: u64) -> u64 {
    if index == 0 {
        seed
    } else {
        derive_seed(seed, index)
    }
}

/// The generator the start of cube `index` under `seed` is drawn from: a
/// stream apart from the solver's own (which is seeded with
/// [`cube_seed`]`(seed, index)` itself).
pub fn start_rng(seed: u64, index: u64) -> CubeRng {
    rng_from_seed(derive_seed(cube_seed(seed, index), u64::MAX))
}

/// The uniformly random start state of cube `index` under `seed`.
pub fn start_state(seed: u64, index: u64) -> Cube {
    random_state(&mut start_rng(seed, index))
}

/// The random-move scramble (`depth` face turns) of cube `index` under `seed`.
pub fn start_scramble(seed: u64, index: u64, depth: usize) -> Alg {
    random_moves(&mut start_rng(seed, index), depth)
}

/// A uniformly random reachable cube: random corner and edge permutations of
/// equal parity, random orientations with legal sums.
pub fn random_cubies<R: Rng + ?Sized>(rng: &mut R) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    c.cp.shuffle(rng);
    c.ep.shuffle(rng);
    if is_odd(&c.cp) != is_odd(&c.ep) {
        // Each matched-parity state has exactly two preimages here: uniform.
        c.ep.swap(0, 1);
    }
    for i in 0..7 {
        c.co[i] = rng.random_range(0..3);
    }
    c.co[7] = (3 - c.co[..7].iter().map(|&o| o as u32).sum::<u32>() % 3) as u8 % 3;
    for i in 0..11 {
        c.eo[i] = rng.random_range(0..2);
    }
    c.eo[11] = (c.eo[..11].iter().map(|&o| o as u32).sum::<u32>() % 2) as u8;
    c
}

/// A uniformly random reachable cube state.
pub fn random_state<R: Rng + ?Sized>(rng: &mut R) -> Cube {
    random_cubies(rng).to_cube()
}

/// `depth` random face turns, never turning one face twice in a row, nor
/// twice around a turn of the opposite face (`U D U`), so nothing in the
/// scramble cancels or merges.
pub fn random_moves<R: Rng + ?Sized>(rng: &mut R, depth: usize) -> Alg {
    let mut out = Alg::default();
    let (mut last, mut before): (Option<Face>, Option<Face>) = (None, None);
    while out.len() < depth {
        let face = Face::ALL[rng.random_range(0..6)];
        let sandwich = last == Some(face.opposite()) && before == Some(face);
        if Some(face) == last || sandwich {
            continue;
        }
        out.push(Move::face(face, rng.random_range(1..=3)));
        (before, last) = (last, Some(face));
    }
    out
}

/// `cube` with its URF corner twisted in place (its three stickers cycled):
/// unreachable by any move sequence, so no solver can solve it. Throughput
/// measurements start from it to run their whole step budget.
pub fn with_corner_twisted(cube: &Cube) -> Cube {
    let mut s = *cube.stickers();
    let [u, r, f] = CORNER_FACELETS[0];
    let (a, b, d) = (s[u], s[r], s[f]);
    s[u] = b;
    s[r] = d;
    s[f] = a;
    Cube::from_stickers(s).expect("cycling stickers keeps every colour in range")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::validate;

    #[test]
    fn random_states_are_valid_and_reproducible() {
        let mut a = rng_from_seed(7);
        let mut b = rng_from_seed(7);
        for _ in 0..200 {
            let c = random_state(&mut a);
            assert_eq!(c, random_state(&mut b));
            validate(&c).unwrap();
            assert_eq!(CubieCube::from_cube(&c).unwrap().to_cube(), c);
        }
    }

    #[test]
    fn scrambles_never_repeat_a_face() {
        let alg = random_moves(&mut rng_from_seed(3), 500);
        assert_eq!(alg.len(), 500);
        for w in alg.moves().windows(2) {
            assert_ne!(w[0].as_face(), w[1].as_face());
        }
    }

    #[test]
    fn derived_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..1000).map(|i| derive_seed(42, i)).collect();
        assert_eq!(seeds.len(), 1000);
    }

    #[test]
    fn cube_zero_is_the_single_run_and_later_cubes_are_derived() {
        assert_eq!(cube_seed(77, 0), 77);
        assert_eq!(cube_seed(77, 5), derive_seed(77, 5));
        // Cube k under seed s is cube 0 under its own run seed.
        for k in 0..5 {
            assert_eq!(start_state(9, k), start_state(cube_seed(9, k), 0));
        }
        assert_ne!(start_state(9, 0), start_state(9, 1));
        assert_eq!(start_scramble(9, 2, 12).len(), 12);
    }

    #[test]
    fn a_twisted_corner_is_rejected_as_twisted() {
        let c = random_state(&mut rng_from_seed(1));
        let t = with_corner_twisted(&c);
        assert_ne!(t, c);
        assert!(matches!(
            validate(&t),
            Err(crate::error::FaceletError::TwistedCorner { .. })
        ));
    }
}
