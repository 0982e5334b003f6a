//! The building blocks `comm` and `pll-conj` compose their operators from:
//! paper 001's basic turns, the whole-cube rotations, and sequences of them.

use cubetui_cube::{Alg, Face, Move, MoveKind, Rotation};

/// The basic turns paper 001 uses for setups and commutators, in the order
/// F B L R U D (clockwise quarter turns), then "nothing" (`None`).
pub(crate) const BASIC: [Option<Face>; 7] = [
    Some(Face::F),
    Some(Face::B),
    Some(Face::L),
    Some(Face::R),
    Some(Face::U),
    Some(Face::D),
    None,
];

/// The rotations O of `pll-conj`: x y z x' y' z' and nothing.
pub(crate) fn rotations() -> [Alg; 7] {
    let r = |rot: Rotation, turns: u8| {
        Alg::new(vec![
            Move::new(MoveKind::Rotation(rot), turns).expect("1 or 3"),
        ])
    };
    [
        r(Rotation::X, 1),
        r(Rotation::Y, 1),
        r(Rotation::Z, 1),
        r(Rotation::X, 3),
        r(Rotation::Y, 3),
        r(Rotation::Z, 3),
        Alg::default(),
    ]
}

/// All sequences of `len` elements of [`BASIC`], as algorithms, in
/// lexicographic order of their element indices (first element most significant).
pub(crate) fn basic_sequences(len: u32) -> Vec<Alg> {
    (0..7usize.pow(len))
        .map(|mut code| {
            let mut digits = Vec::new();
            for _ in 0..len {
                digits.push(code % 7);
                code /= 7;
            }
            digits
                .iter()
                .rev()
                .filter_map(|&d| BASIC[d].map(|f| Move::face(f, 1)))
                .collect()
        })
        .collect()
}

/// `a` then `b`.
pub(crate) fn concat(parts: &[&Alg]) -> Alg {
    parts
        .iter()
        .flat_map(|a| a.moves().iter().copied())
        .collect()
}
