//! Paper 001's commutator machine on every size: a catalogue of
//! commutators that move few pieces, generated at start from the cube's own
//! layer turns (no hand-written formulas).
//!
//! 1. **Screen** (`catalogue.rs`): commutators [X, Y] = X Y X⁻¹ Y⁻¹ with X one
//!    layer turn about the R axis and Y = A B A⁻¹ (A an outer U or D turn, B
//!    one layer turn about the R or F axis). Where X and Y overlap on one
//!    piece, [X, Y] is a 3-cycle (paper 001: small overlap, small support).
//!    Those that move the pieces of one orbit only, three of them, are kept:
//!    corner, midge, wing and centre 3-cycles.
//! 2. **Close under conjugation**: S C S⁻¹ for every layer turn S, breadth
//!    first, until every 3-cycle of the orbit is there (or the size's memory
//!    bound is reached: the catalogue says it is capped).
//! 3. **Twists and flips**: the products of two 3-cycles of the same three
//!    corners (midges) that leave all pieces in place with two of them
//!    turned: pair twists of corners, pair flips of midges.
//!
//! These generate the even permutations of every orbit (with the orientation
//! sums of a legal cube), so from any unsolved state with even orbits some
//! entry lowers the number of misplaced stickers. What 3-cycles cannot do is
//! an odd orbit permutation: [`parity_turns`] gives the layer turns that
//! make every orbit even (an outer turn for the corners, an inner slice for
//! a wing orbit); the annealer applies them once before its first proposal.

mod build;
mod catalogue;
pub mod sparse;

pub use build::{built, cycles, cycles_within};
pub use catalogue::{Cycles, Entry, MAX_ENTRIES, Shape};

use rand::{Rng, RngExt};

use cubetui_cube::face::Face;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};
use cubetui_cube::nxn::{NxnKind, NxnMove, Size};

/// How proposals admit the orbits (`comm.stages`): all at once, or in the
/// stages of Chen & Ding's dynamic annealing — centres, then edges (midges
/// and wings), then corners; a stage is over when its orbits are solved.
pub const STAGINGS: [&str; 2] = ["one", "centres-edges-corners"];

/// The stages' names, by [`stage_of`].
pub const STAGE_NAMES: [&str; 3] = ["centres", "edges", "corners"];

/// The stage of orbits of `kind`: 0 for all when not `staged`.
pub fn stage_of(kind: OrbitKind, staged: bool) -> usize {
    match kind {
        _ if !staged => 0,
        k if k.is_centre() => 0,
        k if k.is_edge() => 1,
        _ => 2,
    }
}

/// The orbits a proposal may draw from now, written to `out`: those with
/// misplaced stickers (`bad[o] > 0`; the fixed centres never count: no
/// commutator moves them), in the first stage that has any. Returns that
/// stage (`None`: no such orbit).
pub fn active(size: Size, bad: &[u32], staged: bool, out: &mut Vec<u16>) -> Option<usize> {
    out.clear();
    let o = orbits(size);
    let open =
        |i: usize, kind: OrbitKind| kind != OrbitKind::Fixed && bad.get(i).is_some_and(|&b| b > 0);
    let stage = o
        .all()
        .iter()
        .enumerate()
        .filter(|&(i, orbit)| open(i, orbit.kind))
        .map(|(_, orbit)| stage_of(orbit.kind, staged))
        .min()?;
    out.extend(
        o.all()
            .iter()
            .enumerate()
            .filter(|&(i, orbit)| open(i, orbit.kind) && stage_of(orbit.kind, staged) == stage)
            .map(|(i, _)| i as u16),
    );
    Some(stage)
}

/// Draws `candidates` entries and keeps the one whose `delta` is lowest,
/// the one of fewer moves among equals: (its energy change, its index);
/// `None` when `active` is empty. A draw picks an orbit of `active`
/// uniformly, then a misplaced sticker of it (`misplaced(s)`; a few tries,
/// else any of its stickers), then one of the entries that move that
/// sticker: every draw can put something right.
#[inline]
pub fn draw<R: Rng>(
    c: &Cycles,
    rng: &mut R,
    active: &[u16],
    candidates: u32,
    misplaced: impl Fn(usize) -> bool,
    mut delta: impl FnMut(&[[u16; 2]]) -> i32,
) -> Option<(i32, usize)> {
    if active.is_empty() {
        return None;
    }
    let o = orbits(c.size());
    let mut best: Option<(i32, usize)> = None;
    for _ in 0..candidates.max(1) {
        let orbit = &o.all()[active[rng.random_range(0..active.len())] as usize];
        let mut sticker = 0;
        for _ in 0..16 {
            let piece = &orbit.pieces[rng.random_range(0..orbit.pieces.len())];
            sticker = piece[rng.random_range(0..piece.len())] as usize;
            if misplaced(sticker) {
                break;
            }
        }
        let list = c.moving(sticker);
        if list.is_empty() {
            continue;
        }
        let e = list[rng.random_range(0..list.len())] as usize;
        let d = delta(c.pairs_of(e));
        let better = match best {
            None => true,
            Some((bd, be)) => d < bd || (d == bd && c.entries()[e].moves < c.entries()[be].moves),
        };
        if better {
            best = Some((d, e));
        }
    }
    best
}

/// The quarter turns that make every orbit of `stickers` even, in the order
/// to apply them (each changes the parity of the orbits named): an outer U
/// turn if the corners are odd (on odd sizes the midges are then odd too,
/// and it fixes both); for each odd wing orbit, the inner R-axis slice that
/// four-cycles it. `home[f]`: the colour of face `f` when solved. Orbits
/// whose pieces cannot be told apart (an impossible cube) are left as they
/// are.
pub fn parity_turns(size: Size, stickers: &[u8], home: &[u8; 6]) -> Vec<NxnMove> {
    let o = orbits(size);
    let mut out = Vec::new();
    for (i, orbit) in o.all().iter().enumerate() {
        if o.odd(i, stickers, home) != Some(true) {
            continue;
        }
        let kind = match orbit.kind {
            OrbitKind::Corners => NxnKind::outer(Face::U),
            OrbitKind::Wings { from_corner } => NxnKind::slice(Face::R, from_corner as u8 + 1),
            // Odd midges alone are not a legal cube; with odd corners the
            // corners' turn fixed them.
            _ => continue,
        };
        if let Some(m) = NxnMove::new(kind, 1) {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::nxn::{NxnAlg, NxnCube};

    #[test]
    fn parity_turns_make_every_orbit_even() {
        let home = [0, 1, 2, 3, 4, 5];
        for (n, alg, want) in [
            (4, "U", "U"),
            (4, "2R", "2R"),
            (4, "U 2R", "U 2R"),
            (5, "R", "U"),
            (6, "3U", "3R"),
            (6, "2F 3F", "2R 3R"),
            (3, "R U", ""),
        ] {
            let size = Size::new(n).unwrap();
            let c = NxnCube::solved(size)
                .after(&alg.parse::<NxnAlg>().unwrap())
                .unwrap();
            let turns = parity_turns(size, c.stickers(), &home);
            let text: Vec<String> = turns.iter().map(|m| m.to_string()).collect();
            assert_eq!(text.join(" "), want, "{n} {alg}");
            let fixed = c.after(&NxnAlg::new(turns)).unwrap();
            let o = orbits(size);
            for i in 0..o.all().len() {
                assert_ne!(
                    o.odd(i, fixed.stickers(), &home),
                    Some(true),
                    "{n} {alg} {i}"
                );
            }
        }
    }
}
