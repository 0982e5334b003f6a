//! Stage 2's start in the constructive seed ([`super::build`]): the turns
//! that make every piece orbit an even permutation without disturbing the
//! exact part, found as the Santa 2023 winners did, by a linear system mod
//! 2 over the inner-slice turns. A quarter turn of a *free* layer (an inner
//! slice, not the middle one of an odd size: those keep the exact part
//! where it is) changes the parity of some orbits; which ones is read off
//! the turn itself, and the system "odd orbits = a sum of such columns" is
//! solved by elimination. Orbits whose pieces cannot be told apart (the
//! centres) have no parity to mend: a swap of two same-coloured stickers
//! is free.

use cubetui_cube::nxn::orbits::orbits;
use cubetui_cube::nxn::{NxnCube, Size};

use super::seq::{Mv, to_alg};

/// Whether `layer` (1 = outer) of a cube of `size` is free: an inner slice
/// that is not the middle one of an odd size. Turns of free layers never
/// move corners, middle edges or fixed centres.
pub fn free(size: Size, layer: u8) -> bool {
    let n = size.get() as u8;
    layer >= 2 && layer < n && !(n % 2 == 1 && layer == n.div_ceil(2))
}

/// The wing orbit a free layer's quarter turn four-cycles, named by the
/// nearer of its two layers (`layer` and `n + 1 − layer` are one class).
pub fn class(size: Size, layer: u8) -> u8 {
    layer.min(size.get() as u8 + 1 - layer)
}

/// The orbits of `size` that can be odd (their pieces told apart), as bits
/// of `stickers`' state: bit `i` set when orbit `i` is odd.
pub fn odd_orbits(size: Size, stickers: &[u8], home: &[u8; 6]) -> u64 {
    let o = orbits(size);
    let mut bits = 0u64;
    for i in 0..o.all().len().min(64) {
        if o.odd(i, stickers, home) == Some(true) {
            bits |= 1 << i;
        }
    }
    bits
}

/// The parity change of a quarter turn of each free layer class (one
/// representative layer per class, turned about the R axis).
fn columns(size: Size) -> Vec<(Mv, u64)> {
    let solved = NxnCube::solved(size);
    let home = solved.face_colours();
    let n = size.get() as u8;
    (2..=n / 2)
        .filter(|&l| free(size, l))
        .filter_map(|layer| {
            let m = Mv {
                axis: 0,
                layer,
                turns: 1,
            };
            let after = solved.after(&to_alg(&[m], size)).ok()?;
            Some((m, odd_orbits(size, after.stickers(), &home)))
        })
        .collect()
}

/// Quarter turns of free layers that leave every orbit of `stickers` even
/// (`home[f]`: the colour of face `f` when solved), fewest first found by
/// elimination mod 2; `None` when no sum of them does (an odd orbit the
/// free layers cannot reach, such as the corners, whose parity is the
/// exact part's).
pub fn parity_fix(size: Size, stickers: &[u8], home: &[u8; 6]) -> Option<Vec<Mv>> {
    let want = odd_orbits(size, stickers, home);
    let cols = columns(size);
    // Gaussian elimination over GF(2): rows are orbits, columns turns.
    // `basis`: (pivot bit, vector, the columns it sums).
    let mut basis: Vec<(u64, u64, u64)> = Vec::new();
    for (j, &(_, v)) in cols.iter().enumerate() {
        let (mut v, mut used) = (v, 1u64 << j);
        for &(pivot, bv, bu) in &basis {
            if v & pivot != 0 {
                v ^= bv;
                used ^= bu;
            }
        }
        if v != 0 {
            let pivot = 1u64 << v.trailing_zeros();
            for b in basis.iter_mut() {
                if b.1 & pivot != 0 {
                    b.1 ^= v;
                    b.2 ^= used;
                }
            }
            basis.push((pivot, v, used));
        }
    }
    let (mut rest, mut used) = (want, 0u64);
    for &(pivot, bv, bu) in &basis {
        if rest & pivot != 0 {
            rest ^= bv;
            used ^= bu;
        }
    }
    (rest == 0).then(|| {
        cols.iter()
            .enumerate()
            .filter(|&(j, _)| used >> j & 1 == 1)
            .map(|(_, &(m, _))| m)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::nxn::NxnAlg;
    use cubetui_cube::nxn::random::random_moves;
    use cubetui_cube::random::rng_from_seed;

    #[test]
    fn free_layers_are_the_inner_ones_but_the_middle() {
        let free_of = |n: usize| -> Vec<u8> {
            let size = Size::new(n).unwrap();
            (1..=n as u8).filter(|&l| free(size, l)).collect()
        };
        assert_eq!(free_of(3), Vec::<u8>::new());
        assert_eq!(free_of(4), vec![2, 3]);
        assert_eq!(free_of(5), vec![2, 4]);
        assert_eq!(free_of(7), vec![2, 3, 5, 6]);
        assert_eq!(class(Size::new(7).unwrap(), 6), 2);
    }

    /// After the fix, every orbit that can be odd is even, on scrambles
    /// whose corners (and midges) are even, as the exact part leaves them.
    #[test]
    fn the_fix_leaves_every_orbit_even() {
        for n in [4, 5, 6, 7, 8] {
            let size = Size::new(n).unwrap();
            let home = NxnCube::solved(size).face_colours();
            let mut odd_seen = 0;
            for seed in 0..12 {
                let mut rng = rng_from_seed(seed);
                // Inner slices only: the corners and midges stay home.
                // Every other scramble starts with one inner quarter turn
                // (odd on its wing orbit), as wide moves are left out.
                let first = (seed % 2 == 0).then(|| "2R".to_string());
                let moves: Vec<String> = first
                    .into_iter()
                    .chain(
                        random_moves(&mut rng, size, 40)
                            .into_moves()
                            .into_iter()
                            .filter_map(|m| {
                                let turns = super::super::seq::of_move(m, size);
                                turns
                                    .iter()
                                    .all(|t| free(size, t.layer))
                                    .then(|| to_alg(&turns, size).to_string())
                            }),
                    )
                    .collect();
                let cube = NxnCube::solved(size)
                    .after(&moves.join(" ").parse::<NxnAlg>().unwrap())
                    .unwrap();
                if odd_orbits(size, cube.stickers(), &home) != 0 {
                    odd_seen += 1;
                }
                let fix = parity_fix(size, cube.stickers(), &home).expect("reachable");
                assert!(fix.iter().all(|m| free(size, m.layer)), "{n}");
                let fixed = cube.after(&to_alg(&fix, size)).unwrap();
                assert_eq!(odd_orbits(size, fixed.stickers(), &home), 0, "{n} {seed}");
            }
            assert!(odd_seen > 0, "{n}: some scramble was odd");
        }
        // An odd corner orbit is out of the free layers' reach.
        let size = Size::new(4).unwrap();
        let u = NxnCube::solved(size)
            .after(&"U".parse::<NxnAlg>().unwrap())
            .unwrap();
        assert_eq!(
            parity_fix(size, u.stickers(), &NxnCube::solved(size).face_colours()),
            None
        );
    }
}
