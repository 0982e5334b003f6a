//! Every row of the N×N golden files (made by magiccube, an independent
//! simulator; see tests/data/nxn/README.md) must match.

use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};

fn check(n: usize, data: &str) {
    let size = Size::new(n).unwrap();
    let mut rows = 0;
    let mut kinds = std::collections::HashSet::new();
    for (i, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (alg, want) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("{n}x{n} line {}: no tab", i + 1));
        let alg = NxnAlg::parse_sized(alg, size)
            .unwrap_or_else(|e| panic!("{n}x{n} line {}: {e}", i + 1));
        kinds.extend(alg.moves().iter().map(|m| m.kind));
        let got = NxnCube::solved(size).after(&alg).unwrap();
        assert_eq!(got.facelets(), want.trim(), "{n}x{n} line {}: {alg}", i + 1);
        // The facelet string parses back to the same state.
        assert_eq!(
            NxnCube::from_facelets(size, want).unwrap(),
            got,
            "{n}x{n} line {}",
            i + 1
        );
        rows += 1;
    }
    assert!(rows >= 100, "{n}x{n}: only {rows} golden rows read");
    let every: std::collections::HashSet<_> = cubetui_cube::nxn::NxnKind::all(size).collect();
    assert_eq!(kinds, every, "{n}x{n}: the rows cover every kind of move");
}

#[test]
fn golden_2x2() {
    check(2, include_str!("../data/nxn/golden_2x2.tsv"));
}

#[test]
fn golden_3x3() {
    check(3, include_str!("../data/nxn/golden_3x3.tsv"));
}

#[test]
fn golden_4x4() {
    check(4, include_str!("../data/nxn/golden_4x4.tsv"));
}

#[test]
fn golden_5x5() {
    check(5, include_str!("../data/nxn/golden_5x5.tsv"));
}

#[test]
fn golden_6x6() {
    check(6, include_str!("../data/nxn/golden_6x6.tsv"));
}

#[test]
fn golden_7x7() {
    check(7, include_str!("../data/nxn/golden_7x7.tsv"));
}

/// The 3×3 golden file (other simulators) read by the N×N model too.
#[test]
fn golden_3x3_shared_file() {
    check_loose(3, include_str!("../data/facelets.tsv"));
}

fn check_loose(n: usize, data: &str) {
    let size = Size::new(n).unwrap();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (alg, want) = line.split_once('\t').unwrap();
        let alg = NxnAlg::parse_sized(alg, size).unwrap();
        assert_eq!(
            NxnCube::solved(size).after(&alg).unwrap().facelets(),
            want.trim(),
            "{alg}"
        );
    }
}
