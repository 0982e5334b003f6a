//! The constructive seed's way out where no 3-cycle drawn lowers the
//! misplaced stickers ([`super::build`]): a 3-cycle of pieces that puts
//! one home and takes none away.

use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};

use crate::neighbourhood::cycles::sparse::Pairs;

/// A 3-cycle of pieces of one orbit of `end` (stickers that should show
/// `want`) outside the exact part that puts at least one misplaced piece
/// home and takes none away, as sticker pairs; `None` when every such
/// orbit is solved.
pub(super) fn home_cycle(size: Size, end: &[u8], want: &[u8]) -> Option<Pairs> {
    let o = orbits(size);
    let colours = |p: &[u16], of: &[u8]| -> Vec<u8> { p.iter().map(|&s| of[s as usize]).collect() };
    for orbit in o.all() {
        if matches!(
            orbit.kind,
            OrbitKind::Corners | OrbitKind::Midges | OrbitKind::Fixed
        ) {
            continue;
        }
        let pieces = &orbit.pieces;
        let has = |i: usize| colours(&pieces[i], end);
        let wants = |i: usize| colours(&pieces[i], want);
        let wrong: Vec<usize> = (0..pieces.len()).filter(|&i| has(i) != wants(i)).collect();
        for &a in &wrong {
            // The piece at `a` goes to a misplaced slot that wants it.
            let Some(b) = wrong
                .iter()
                .copied()
                .find(|&b| b != a && wants(b) == has(a))
            else {
                continue;
            };
            // The piece at `b` goes where it is wanted, or somewhere it
            // breaks nothing.
            let other = |c: usize| c != a && c != b;
            let Some(c) = wrong
                .iter()
                .copied()
                .find(|&c| other(c) && wants(c) == has(b))
                .or_else(|| (0..pieces.len()).find(|&c| other(c) && wants(c) == has(b)))
                .or_else(|| wrong.iter().copied().find(|&c| other(c)))
            else {
                continue;
            };
            let mut pairs: Pairs = Vec::new();
            let stickers = pieces[a].iter().zip(&pieces[b]).zip(&pieces[c]);
            for ((&sa, &sb), &sc) in stickers {
                pairs.extend([[sb, sa], [sc, sb], [sa, sc]]);
            }
            pairs.sort_unstable();
            return Some(pairs);
        }
    }
    None
}
