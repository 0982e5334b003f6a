//! Simplifying N×N move sequences: consecutive turns of the same layers
//! merge (`2R 2R` → `2R2`) or cancel (`Rw Rw'` → nothing), also across moves
//! about the same axis, which commute (`R L R` → `R2 L`, `2R x 2R'` → `x`).
//! With a size, single layers are first named from the nearer face (`4R` on
//! a 4×4 is `L'`, `3R` on a 5×5 is `M'`), so those merge too.

use crate::face::Face;
use crate::moves::Slice;

use super::alg::NxnAlg;
use super::moves::{NxnKind, NxnMove};
use super::size::Size;

/// Merges and cancels same-layer moves (see the module doc). The result
/// reaches the same state and is never longer.
pub fn simplify(alg: &NxnAlg) -> NxnAlg {
    let mut out: Vec<NxnMove> = Vec::with_capacity(alg.len());
    for &m in alg.moves() {
        let axis = m.kind.axis();
        let same = out
            .iter()
            .rev()
            .take_while(|p| p.kind.axis() == axis)
            .position(|p| p.kind == m.kind)
            .map(|back| out.len() - 1 - back);
        match same {
            Some(i) => match NxnMove::new(m.kind, out[i].turns() + m.turns()) {
                Some(merged) => out[i] = merged,
                None => {
                    out.remove(i);
                }
            },
            None => out.push(m),
        }
    }
    NxnAlg::new(out)
}

/// The middle slice about the axis of `face`, and whether it turns like `face`.
fn middle_of(face: Face) -> (Slice, bool) {
    match face {
        Face::L => (Slice::M, true),
        Face::R => (Slice::M, false),
        Face::D => (Slice::E, true),
        Face::U => (Slice::E, false),
        Face::F => (Slice::S, true),
        Face::B => (Slice::S, false),
    }
}

/// `m` with a single layer named from the nearer face, the middle layer of
/// an odd size as `M E S` (moves the size cannot make are left as they are).
pub fn canonical(m: NxnMove, size: Size) -> NxnMove {
    let n = size.get();
    let NxnKind::Turn {
        face,
        layer,
        wide: false,
    } = m.kind
    else {
        return m;
    };
    let layer = layer as usize;
    if layer == 0 || layer > n {
        return m;
    }
    if size.middle_layer() == Some(layer) {
        let (slice, same) = middle_of(face);
        let turns = if same { m.turns() } else { 4 - m.turns() };
        return NxnMove::new(NxnKind::Middle(slice), turns).expect("1..=3");
    }
    let far = n + 1 - layer;
    if far < layer {
        let kind = NxnKind::slice(face.opposite(), far as u8);
        return NxnMove::new(kind, 4 - m.turns()).expect("1..=3");
    }
    m
}

/// [`simplify`] after naming every single layer canonically for `size`.
pub fn simplify_sized(alg: &NxnAlg, size: Size) -> NxnAlg {
    simplify(&alg.moves().iter().map(|&m| canonical(m, size)).collect())
}

impl NxnAlg {
    /// Layer turns (outer, inner, wide, middle; each 1 whatever its amount),
    /// rotations not counted: the block turn metric.
    pub fn turn_count(&self) -> usize {
        self.moves()
            .iter()
            .filter(|m| !matches!(m.kind, NxnKind::Rotation(_)))
            .count()
    }
}
