//! Every row of the golden file (made by independent simulators) must match.

use cubetui_cube::{Alg, Cube};

#[test]
fn golden_facelets_match() {
    let data = include_str!("../data/facelets.tsv");
    let mut rows = 0;
    for (n, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (alg, want) = line
            .split_once('\t')
            .unwrap_or_else(|| panic!("line {}: no tab", n + 1));
        let alg: Alg = alg
            .parse()
            .unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert_eq!(
            Cube::solved().after(&alg).facelets(),
            want.trim(),
            "line {}: {alg}",
            n + 1
        );
        rows += 1;
    }
    assert!(rows >= 80, "only {rows} golden rows read");
}
