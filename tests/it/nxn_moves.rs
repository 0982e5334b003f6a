//! The N×N model: on N = 3 it agrees with the 3×3 kernel on every move;
//! group laws for every move of every size 2..=7.

use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnKind, NxnMove, Size, tables};
use cubetui_cube::{Alg, Cube, Move};

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

#[test]
fn three_agrees_with_the_kernel_on_every_move() {
    let scramble: Alg = "R U2 F' L D B2 M E' S2 x y' z Rw u' F".parse().unwrap();
    let start = Cube::solved().after(&scramble);
    let mut nxn = NxnCube::solved(size(3));
    nxn.apply_alg(&NxnAlg::from(&scramble)).unwrap();
    assert_eq!(nxn.facelets(), start.facelets());
    for m in Move::all() {
        let mut a = nxn.clone();
        a.apply_move(NxnMove::from(m)).unwrap();
        assert_eq!(
            a.facelets(),
            start.after(&Alg::new(vec![m])).facelets(),
            "{m}"
        );
        // Printed the same, parsed back the same.
        let p: NxnMove = m.to_string().parse().unwrap();
        assert_eq!(p, NxnMove::from(m));
    }
}

#[test]
fn three_inner_layers_are_the_kernels_slices() {
    // 2R is M', 2U is E', 2F is S; 3R is L'; 3Rw is x.
    let s3 = size(3);
    for (a, b) in [
        ("2R", "M'"),
        ("2U", "E'"),
        ("2F", "S"),
        ("3R", "L'"),
        ("3Rw", "x"),
        ("r", "Rw"),
    ] {
        let a = NxnCube::solved(s3).after(&NxnAlg::parse_sized(&format!("F U {a}"), s3).unwrap());
        let b = NxnCube::solved(s3).after(&NxnAlg::parse_sized(&format!("F U {b}"), s3).unwrap());
        assert_eq!(a, b);
    }
}

fn moves(n: usize) -> Vec<NxnMove> {
    NxnMove::all(size(n)).collect()
}

/// A state where every sticker is told apart (indices mod 6 would hide swaps
/// of same-coloured stickers): compare by permutations instead.
fn perm_of(n: usize, alg: &[NxnMove]) -> Vec<u16> {
    let t = tables(size(n));
    let mut p: Vec<u16> = (0..size(n).stickers() as u16).collect();
    for &m in alg {
        let g = t.perm(m).unwrap().gather();
        p = g.iter().map(|&i| p[i as usize]).collect();
    }
    p
}

#[test]
fn four_quarter_turns_are_the_identity() {
    for n in 2..=7 {
        let id = perm_of(n, &[]);
        for m in moves(n).into_iter().filter(|m| m.turns() == 1) {
            assert_eq!(perm_of(n, &[m; 4]), id, "{n}: {m}");
            assert_ne!(perm_of(n, &[m]), id, "{n}: {m} moves nothing");
            assert_eq!(
                perm_of(n, &[m, m]),
                perm_of(n, &[NxnMove::new(m.kind, 2).unwrap()])
            );
            assert_eq!(perm_of(n, &[m, m, m]), perm_of(n, &[m.inverse()]));
        }
    }
}

#[test]
fn every_move_then_its_inverse_is_the_identity() {
    for n in 2..=7 {
        let id = perm_of(n, &[]);
        for m in moves(n) {
            assert_eq!(perm_of(n, &[m, m.inverse()]), id, "{n}: {m}");
        }
    }
}

#[test]
fn moves_about_one_axis_commute_and_others_mostly_do_not() {
    for n in 2..=7 {
        let all = moves(n);
        for &a in &all {
            for &b in &all {
                let ab = perm_of(n, &[a, b]);
                let ba = perm_of(n, &[b, a]);
                if a.kind.axis() == b.kind.axis() {
                    assert_eq!(ab, ba, "{n}: {a} {b}");
                } else if matches!(
                    a.kind,
                    NxnKind::Turn {
                        layer: 1,
                        wide: false,
                        ..
                    }
                ) && matches!(
                    b.kind,
                    NxnKind::Turn {
                        layer: 1,
                        wide: false,
                        ..
                    }
                ) {
                    assert_ne!(ab, ba, "{n}: {a} {b}");
                }
            }
        }
    }
}

#[test]
fn sizes_refuse_what_they_lack() {
    for bad in ["M", "E2", "S'"] {
        let e = NxnAlg::parse_sized(&format!("R {bad}"), size(4)).unwrap_err();
        assert!(e.to_string().contains("even size"), "{e}");
        assert!(e.to_string().contains("column 3"), "{e}");
    }
    let e = NxnAlg::parse_sized("R 5R", size(4)).unwrap_err();
    assert!(
        e.to_string().contains("layer 5 is out of range for a 4x4"),
        "{e}"
    );
    let e = NxnAlg::parse_sized("1Rw", size(4)).unwrap_err();
    assert!(e.to_string().contains("2 or more layers"), "{e}");
    let e = NxnAlg::parse_sized("0R", size(4)).unwrap_err();
    assert!(e.to_string().contains("layer number 0"), "{e}");
    assert!(NxnAlg::parse_sized("M E S 3Rw 2R 4L'", size(5)).is_ok());
    // Unsized parse accepts it, applying refuses, the cube unchanged.
    let alg: NxnAlg = "R M".parse().unwrap();
    let mut c = NxnCube::solved(size(4));
    assert!(c.apply_alg(&alg).is_err());
    assert_eq!(c, NxnCube::solved(size(4)));
}

#[test]
fn kind_indices_are_dense_and_agree_with_layers() {
    use cubetui_cube::{Face, Rotation, Slice};
    for n in 2..=7 {
        let s = size(n);
        let mut kinds: Vec<NxnKind> = Vec::new();
        for f in Face::ALL {
            for layer in 0..=n as u8 + 1 {
                kinds.push(NxnKind::slice(f, layer));
                kinds.push(NxnKind::wide(f, layer));
            }
        }
        kinds.extend(Slice::ALL.map(NxnKind::Middle));
        kinds.extend(Rotation::ALL.map(NxnKind::Rotation));
        let mut seen = std::collections::HashSet::new();
        for k in kinds {
            assert_eq!(k.index(s).is_some(), k.layers(s).is_ok(), "{n}: {k:?}");
            if let Some(i) = k.index(s) {
                assert!(i < NxnKind::count(s));
                assert!(seen.insert(i), "{n}: {k:?} shares index {i}");
                let m = NxnMove::new(k, 1).unwrap();
                assert!(tables(s).perm(m).is_ok());
            } else {
                assert!(tables(s).perm(NxnMove::new(k, 2).unwrap()).is_err());
            }
        }
        assert_eq!(seen.len(), NxnKind::all(s).count());
    }
}
