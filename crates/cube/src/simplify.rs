//! Simplification to face turns, the form solutions are reported in (their
//! length is the HTM count): rotations removed by relabelling the moves after
//! them, slices and wide turns expressed as face turns, then consecutive
//! turns of one face merged, also across a turn of the opposite face. The
//! result reaches the same state up to whole-cube orientation.

use super::alg::Alg;
use super::face::Face;
use super::kernel::CENTRES;
use super::moves::{Move, MoveKind, Rotation};

/// The rotation that turns like `face` (x like R, x' like L, …), and its sense.
fn rotation_like(face: Face) -> (Rotation, bool) {
    match face {
        Face::R => (Rotation::X, true),
        Face::L => (Rotation::X, false),
        Face::U => (Rotation::Y, true),
        Face::D => (Rotation::Y, false),
        Face::F => (Rotation::Z, true),
        Face::B => (Rotation::Z, false),
    }
}

fn rotation_move(face: Face, turns: u8) -> Move {
    let (rot, clockwise) = rotation_like(face);
    let t = if clockwise { turns } else { 4 - turns };
    Move::new(MoveKind::Rotation(rot), t).expect("turns in 1..=3")
}

/// Expresses a move as face turns plus at most one rotation (all on one axis,
/// so their order does not matter).
fn expand(m: Move, out: &mut Vec<Move>) {
    let t = m.turns();
    match m.kind {
        MoveKind::Face(_) | MoveKind::Rotation(_) => out.push(m),
        // Rw = L x: the far face turns with the rotation, the near two layers do not move relative to it.
        MoveKind::Wide(f) => {
            out.push(Move::face(f.opposite(), t));
            out.push(rotation_move(f, t));
        }
        // M (like L) = R L' x'.
        MoveKind::Slice(s) => {
            let f = s.like();
            out.push(Move::face(f.opposite(), t));
            out.push(Move::face(f, 4 - t));
            out.push(rotation_move(f, t));
        }
    }
}

/// Rewrites `alg` with face turns only: rotations dropped, the moves after each
/// relabelled so the physical turns are the same.
pub fn without_rotations(alg: &Alg) -> Alg {
    let mut expanded = Vec::with_capacity(alg.len());
    for &m in alg.moves() {
        expand(m, &mut expanded);
    }
    // frame[f] = the face, in the original frame, that letter f names now.
    let mut frame = Face::ALL;
    let mut out = Alg::default();
    for m in expanded {
        match m.kind {
            MoveKind::Face(f) => out.push(Move::face(frame[f.index()], m.turns())),
            MoveKind::Rotation(_) => {
                // After the rotation, position f shows what was at face_from(f).
                let p = m.perm().table();
                let prev = frame;
                for f in Face::ALL {
                    let from = p[CENTRES[f.index()]] as usize / 9;
                    frame[f.index()] = prev[from];
                }
            }
            _ => unreachable!("expand leaves face turns and rotations"),
        }
    }
    out
}

/// Merges consecutive turns of one face, also across a turn of the opposite face.
pub fn merge_turns(alg: &Alg) -> Alg {
    let mut out: Vec<Move> = Vec::with_capacity(alg.len());
    for &m in alg.moves() {
        let Some(f) = m.as_face() else {
            out.push(m);
            continue;
        };
        let n = out.len();
        let target = if n >= 1 && out[n - 1].as_face() == Some(f) {
            Some(n - 1)
        } else if n >= 2
            && out[n - 1].as_face() == Some(f.opposite())
            && out[n - 2].as_face() == Some(f)
        {
            Some(n - 2)
        } else {
            None
        };
        match target {
            Some(i) => match Move::new(m.kind, out[i].turns() + m.turns()) {
                Some(merged) => out[i] = merged,
                None => {
                    out.remove(i);
                }
            },
            None => out.push(m),
        }
    }
    Alg::new(out)
}

/// Face-turn-only, merged form of `alg` (see the module doc).
pub fn simplify(alg: &Alg) -> Alg {
    merge_turns(&without_rotations(alg))
}

impl Alg {
    /// Half-turn metric: face and wide turns count 1, slices 2, rotations 0.
    pub fn htm(&self) -> usize {
        self.moves()
            .iter()
            .map(|m| match m.kind {
                MoveKind::Face(_) | MoveKind::Wide(_) => 1,
                MoveKind::Slice(_) => 2,
                MoveKind::Rotation(_) => 0,
            })
            .sum()
    }

    /// Quarter-turn metric: half turns count 2; slices twice that; rotations 0.
    pub fn qtm(&self) -> usize {
        self.moves()
            .iter()
            .map(|m| {
                let q = if m.turns() == 2 { 2 } else { 1 };
                match m.kind {
                    MoveKind::Face(_) | MoveKind::Wide(_) => q,
                    MoveKind::Slice(_) => 2 * q,
                    MoveKind::Rotation(_) => 0,
                }
            })
            .sum()
    }

    /// Slice-turn metric: face, wide and slice turns count 1, rotations 0.
    pub fn stm(&self) -> usize {
        self.moves()
            .iter()
            .filter(|m| !matches!(m.kind, MoveKind::Rotation(_)))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Cube;

    fn s(a: &str) -> String {
        simplify(&a.parse().unwrap()).to_string()
    }

    #[test]
    fn merges_as_spec_says() {
        assert_eq!(s("U U"), "U2");
        assert_eq!(s("U U'"), "");
        assert_eq!(s("U D U"), "U2 D");
        assert_eq!(s("R U D U' D' R'"), "");
    }

    #[test]
    fn rotations_relabel_later_moves() {
        assert_eq!(s("x U"), "F");
        assert_eq!(s("y F"), "R");
        assert_eq!(s("x y F"), "R");
        assert_eq!(s("Rw"), "L");
        assert_eq!(s("M"), "R L'");
    }

    #[test]
    fn same_state_up_to_orientation() {
        for a in ["Rw U x' M2 E S' y z2 Fw' d", "x y z R U M' E2 S b' l2"] {
            let alg: Alg = a.parse().unwrap();
            let simple = simplify(&alg);
            let full = Cube::solved().after(&alg);
            assert!(
                full.same_up_to_rotation(&Cube::solved().after(&simple)),
                "{a} -> {simple}"
            );
            assert!(!full.same_up_to_rotation(&Cube::solved().after(&"R".parse().unwrap())));
        }
    }
}
