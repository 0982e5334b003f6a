//! N×N facelet strings, validation, random states and simplification.

use cubetui_cube::nxn::error::NxnFaceletError as E;
use cubetui_cube::nxn::pieces::{centre_orbits, corner_stickers, edge_orbits};
use cubetui_cube::nxn::random::{
    random_2x2, random_moves, random_scramble, random_state, scramble_length,
};
use cubetui_cube::nxn::simplify::{simplify, simplify_sized};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::random::rng_from_seed;

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

fn scrambled(n: usize, seed: u64) -> NxnCube {
    random_state(&mut rng_from_seed(seed), size(n))
}

fn swapped(c: &NxnCube, i: usize, j: usize) -> NxnCube {
    let mut s = c.stickers().to_vec();
    s.swap(i, j);
    NxnCube::from_stickers(c.size(), s).unwrap()
}

fn err(c: &NxnCube) -> E {
    NxnCube::from_facelets(c.size(), &c.facelets()).unwrap_err()
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert!(Size::new(1).is_err());
    assert!(Size::new(0).is_err());
    assert!(Size::new(Size::MAX + 1).is_err());
    assert_eq!(Size::new(12).unwrap().stickers(), 864);
    let e = Size::new(1).unwrap_err().to_string();
    assert!(e.contains("size 1"), "{e}");
}

#[test]
fn strings_name_their_fault() {
    let s4 = size(4);
    let e = NxnCube::from_facelets(s4, &"U".repeat(54)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "facelet string has 54 characters, expected 96 for a 4x4 cube"
    );
    let mut s = NxnCube::solved(s4).facelets();
    s.replace_range(20..21, "Q");
    let e = NxnCube::from_facelets(s4, &s).unwrap_err();
    assert!(
        matches!(
            e,
            E::BadCharacter {
                ch: 'Q',
                column: 21
            }
        ),
        "{e}"
    );
    let mut s = NxnCube::solved(s4).facelets();
    s.replace_range(0..1, "R");
    let e = NxnCube::from_facelets(s4, &s).unwrap_err();
    assert_eq!(e.to_string(), "colour U appears 15 times, expected 16");
    // Lower case and whitespace around are accepted.
    let lower = format!(" {} ", NxnCube::solved(s4).facelets().to_lowercase());
    assert_eq!(
        NxnCube::from_facelets(s4, &lower).unwrap(),
        NxnCube::solved(s4)
    );
}

#[test]
fn random_states_validate_for_every_size() {
    for n in 2..=9 {
        for seed in 0..20 {
            let c = scrambled(n, seed);
            assert_eq!(c.size(), size(n));
            NxnCube::from_facelets(c.size(), &c.facelets())
                .unwrap_or_else(|e| panic!("{n} seed {seed}: {e}"));
            // In any orientation too.
            for o in c.orientations() {
                o.validate()
                    .unwrap_or_else(|e| panic!("{n} seed {seed}: {e}"));
            }
        }
    }
}

#[test]
fn twisted_corners_are_refused_on_every_size() {
    for n in [2, 4, 5, 6, 7] {
        let c = scrambled(n, 3);
        let [a, b, d] = corner_stickers(c.size())[0];
        let mut s = c.stickers().to_vec();
        (s[a], s[b], s[d]) = (s[b], s[d], s[a]);
        let t = NxnCube::from_stickers(c.size(), s).unwrap();
        assert!(
            matches!(err(&t), E::TwistedCorner { .. }),
            "{n}: {}",
            err(&t)
        );
    }
}

#[test]
fn two_by_two_corner_faults_are_named() {
    let c = NxnCube::solved(size(2));
    let corners = corner_stickers(size(2));
    // Two stickers of different corners swapped: a corner no cube has.
    let t = swapped(&c, corners[0][1], corners[1][2]);
    assert!(matches!(err(&t), E::ImpossibleCorner { .. }), "{}", err(&t));
    let msg = err(&t).to_string();
    assert!(msg.starts_with("impossible corner"), "{msg}");
    // A mirrored corner (two of its stickers swapped).
    let t = swapped(&c, corners[0][1], corners[0][2]);
    assert!(matches!(err(&t), E::ImpossibleCorner { .. }), "{}", err(&t));
}

#[test]
fn two_by_two_random_states_are_uniform_looking_and_dbl_home() {
    let mut rng = rng_from_seed(11);
    let corners = corner_stickers(size(2));
    let mut seen = std::collections::HashSet::new();
    let mut at_urf = [0usize; 6];
    for _ in 0..3000 {
        let c = random_2x2(&mut rng);
        c.validate().unwrap();
        // DBL home: D, B, L stickers of the DBL position.
        let dbl: Vec<u8> = corners[6].iter().map(|&i| c.stickers()[i]).collect();
        assert_eq!(dbl, [3, 5, 4]);
        at_urf[c.stickers()[corners[0][0]] as usize] += 1;
        seen.insert(c);
    }
    assert!(seen.len() > 2990, "{} distinct of 3000", seen.len());
    // Every colour but none turns up on the URF corner's U sticker.
    assert!(at_urf.iter().all(|&k| k > 200), "{at_urf:?}");
    let same = random_2x2(&mut rng_from_seed(5));
    assert_eq!(same, random_2x2(&mut rng_from_seed(5)));
}

#[test]
fn odd_middle_centres_must_be_distinct() {
    let c = NxnCube::solved(size(5));
    let mid = |f| size(5).index(f, 2, 2);
    let t = swapped(&c, mid(0), size(5).index(1, 0, 0));
    assert!(matches!(err(&t), E::Centres { .. }), "{}", err(&t));
    // Two middle centres exchanged: a mirror image.
    let t = swapped(&c, mid(1), mid(4));
    assert!(matches!(err(&t), E::CentresMirrored { .. }), "{}", err(&t));
}

#[test]
fn centre_orbits_are_counted() {
    // 6x6: an oblique centre sticker exchanged with the mirror oblique.
    for n in [5, 6, 7] {
        let c = scrambled(n, 2);
        let orbits = centre_orbits(c.size());
        let outer: Vec<_> = orbits.iter().filter(|o| !o.is_middle()).collect();
        let (a, b) = (&outer[0], &outer[1]);
        let i = a.stickers[0];
        let j = *b
            .stickers
            .iter()
            .find(|&&j| c.stickers()[j] != c.stickers()[i])
            .unwrap();
        let t = swapped(&c, i, j);
        let e = err(&t);
        assert!(matches!(e, E::CentreOrbit { .. }), "{n}: {e}");
        assert!(e.to_string().contains("centre orbit ("), "{e}");
    }
}

#[test]
fn edge_orbits_are_counted() {
    for n in [4, 5, 6, 7] {
        let c = NxnCube::solved(size(n));
        let orbits = edge_orbits(c.size());
        // A wing sticker exchanged with a corner sticker of another colour:
        // an edge no cube has.
        let [w, _] = orbits[0].pieces[0][0];
        let corner = corner_stickers(c.size())[2][1];
        let t = swapped(&c, w, corner);
        let e = err(&t);
        assert!(
            matches!(e, E::ImpossibleCorner { .. } | E::ImpossibleEdge { .. }),
            "{n}: {e}"
        );
        // UR's R sticker exchanged with DR's D sticker: a U-D edge.
        let on =
            |pair: [usize; 2], face: usize| *pair.iter().find(|&&i| i / (n * n) == face).unwrap();
        let ur_r = on(orbits[0].pieces[0][0], 1);
        let dr_d = on(orbits[0].pieces[4][0], 3);
        let e = err(&swapped(&c, ur_r, dr_d));
        assert!(matches!(e, E::ImpossibleEdge { .. }), "{n}: {e}");
        assert!(
            e.to_string().contains("impossible edge UD at UR"),
            "{n}: {e}"
        );
        // Whole wings of two orbits exchanged (both stickers): every edge
        // still real, but each orbit has the wrong set.
        if orbits.len() >= 2 {
            let [a1, a2] = orbits[0].pieces[0][0]; // UR
            let [b1, b2] = orbits[1].pieces[1][0]; // UF
            let t = swapped(&swapped(&c, a1, b1), a2, b2);
            let e = err(&t);
            assert!(matches!(e, E::EdgeCount { .. }), "{n}: {e}");
        }
    }
}

#[test]
fn three_by_three_uses_the_full_rules() {
    let c = scrambled(3, 4);
    c.validate().unwrap();
    // An edge flipped: only the full rules see it.
    let (a, b) = (5, 10); // UR edge
    let t = swapped(&c, a, b);
    assert!(err(&t).to_string().contains("flipped edge"), "{}", err(&t));
}

#[test]
fn scrambles_have_wca_lengths_and_never_cancel() {
    assert_eq!(
        [4, 5, 6, 7].map(|n| scramble_length(size(n))),
        [40, 60, 80, 100]
    );
    for n in 2..=7 {
        let mut rng = rng_from_seed(n as u64);
        let s = random_scramble(&mut rng, size(n));
        assert_eq!(s.len(), scramble_length(size(n)));
        assert_eq!(simplify(&s), s, "{n}: {s}");
        for depth in [0, 1, 7, 300] {
            let a = random_moves(&mut rng, size(n), depth);
            assert_eq!(a.len(), depth);
            assert_eq!(simplify(&a).len(), depth);
            assert!(a.check(size(n)).is_ok());
        }
        let again = random_scramble(&mut rng_from_seed(n as u64), size(n));
        assert_eq!(again, s, "seeded");
    }
    // 6x6 and 7x7 scramble with 3-layer wide turns.
    let s = random_scramble(&mut rng_from_seed(1), size(7)).to_string();
    assert!(s.contains("3"), "{s}");
}

fn simp(a: &str) -> String {
    simplify(&a.parse().unwrap()).to_string()
}

#[test]
fn simplification_merges_same_layers() {
    assert_eq!(simp("2R 2R"), "2R2");
    assert_eq!(simp("2R 2R'"), "");
    assert_eq!(simp("R L R"), "R2 L");
    assert_eq!(simp("Rw 3Rw Rw'"), "3Rw");
    assert_eq!(simp("2R x 2R'"), "x");
    assert_eq!(simp("R U U' R'"), "");
    assert_eq!(simp("R U R'"), "R U R'");
    assert_eq!(simp("r Rw2"), "Rw'");
    let s4 = size(4);
    let sized = |a: &str| simplify_sized(&NxnAlg::parse_sized(a, s4).unwrap(), s4).to_string();
    assert_eq!(sized("3R 2L"), "");
    assert_eq!(sized("4R L"), "");
    let s5 = size(5);
    let a = NxnAlg::parse_sized("3R M", s5).unwrap();
    assert_eq!(simplify_sized(&a, s5).to_string(), "");
}

#[test]
fn simplification_keeps_the_state() {
    for n in 2..=7 {
        let s = size(n);
        let mut rng = rng_from_seed(100 + n as u64);
        // Scrambles over every kind, so plenty merges.
        let kinds: Vec<_> = cubetui_cube::nxn::NxnMove::all(s).collect();
        for _ in 0..50 {
            use rand::RngExt;
            let alg: NxnAlg = (0..40)
                .map(|_| kinds[rng.random_range(0..kinds.len())])
                .collect();
            let want = NxnCube::solved(s).after(&alg).unwrap();
            for simple in [simplify(&alg), simplify_sized(&alg, s)] {
                assert!(simple.len() <= alg.len());
                assert_eq!(
                    NxnCube::solved(s).after(&simple).unwrap(),
                    want,
                    "{n}: {alg}"
                );
            }
        }
    }
}

#[test]
fn upright_undoes_rotations() {
    for n in 2..=7 {
        let s = size(n);
        let turned = |a: &str| {
            NxnCube::solved(s)
                .after(&NxnAlg::parse_sized(a, s).unwrap())
                .unwrap()
        };
        // Moves that keep DBL home on even sizes, centres home on odd ones.
        let base = if n >= 4 { "R U2 F' 2U" } else { "R U2 F'" };
        let want = turned(base);
        assert!(want.is_upright(), "{n}");
        for rot in ["x", "y2 z'", "z x' y", "x2 y'"] {
            let c = turned(&format!("{base} {rot}"));
            assert!(!c.is_upright(), "{n}: {rot}");
            assert_eq!(c.upright(), want, "{n}: {rot}");
            if n % 2 == 1 {
                // Centre-relative: the same whatever the view.
                assert_eq!(c.misplaced(), want.misplaced(), "{n}: {rot}");
            }
        }
        assert!(
            NxnCube::solved(s)
                .after(&"x".parse().unwrap())
                .unwrap()
                .is_solved()
        );
        assert_eq!(NxnCube::solved(s).misplaced(), 0);
        assert!(turned("R").misplaced() > 0);
    }
}

#[test]
fn three_by_three_converts_both_ways() {
    use cubetui_cube::random::random_state as random3;
    let c = random3(&mut rng_from_seed(9));
    let n = NxnCube::from(&c);
    assert_eq!(n.facelets(), c.facelets());
    assert_eq!(n.to_three(), Some(c));
    assert_eq!(NxnCube::solved(size(4)).to_three(), None);
}

#[test]
fn a_flipped_wing_is_refused() {
    for n in [4, 5, 6, 7] {
        let c = scrambled(n, 6);
        let orbits = edge_orbits(c.size());
        let [a, b] = orbits[0].pieces[3][1];
        let e = err(&swapped(&c, a, b));
        assert!(matches!(e, E::FlippedWing { .. }), "{n}: {e}");
        assert!(e.to_string().contains("is flipped"), "{e}");
    }
}

#[test]
fn odd_sizes_check_their_inner_3x3() {
    for n in [5, 7] {
        let c = scrambled(n, 8);
        let middles = edge_orbits(c.size()).iter().find(|o| o.middle).unwrap();
        // One middle edge flipped.
        let [a, b] = middles.pieces[0][0];
        let e = err(&swapped(&c, a, b));
        assert!(matches!(e, E::Subcube(_)), "{n}: {e}");
        assert!(e.to_string().contains("flipped edge"), "{e}");
        // Two middle edges exchanged: parity.
        let [a1, a2] = middles.pieces[0][0];
        let [b1, b2] = middles.pieces[1][0];
        let e = err(&swapped(&swapped(&c, a1, b1), a2, b2));
        assert!(e.to_string().contains("parity"), "{n}: {e}");
    }
}

#[test]
fn sizes_parse_from_text() {
    for (text, n) in [("4", 4), ("4x4", 4), (" 7×7 ", 7), ("2x2x2", 2), ("32", 32)] {
        assert_eq!(text.parse::<Size>().unwrap().get(), n, "{text}");
    }
    for bad in ["", "x", "4x5", "four", "4x4x4x4", "-3"] {
        let e = bad.parse::<Size>().unwrap_err().to_string();
        assert!(e.contains("is not a cube size"), "{bad}: {e}");
    }
    let e = "1".parse::<Size>().unwrap_err().to_string();
    assert_eq!(e, "cube size 1 is not supported (use 2 to 32)");
    assert_eq!(Size::try_from(5).unwrap().to_string(), "5x5");
}

#[test]
fn layers_keeping_dbl_reach_every_dbl_home_state_they_touch() {
    use cubetui_cube::nxn::{NxnKind, NxnMove};
    for n in 2..=7 {
        let s = size(n);
        let kinds = NxnKind::keeping_dbl(s);
        assert_eq!(kinds.len(), 3 * (n - 1));
        let mut rng = rng_from_seed(n as u64);
        use rand::RngExt;
        let alg: NxnAlg = (0..200)
            .map(|_| NxnMove::new(kinds[rng.random_range(0..kinds.len())], 1).unwrap())
            .collect();
        let c = NxnCube::solved(s).after(&alg).unwrap();
        if n % 2 == 0 {
            assert!(c.is_upright(), "{n}: DBL stays home");
        }
        c.validate().unwrap();
    }
    // On the 2x2 they generate all 3,674,160 states with DBL home.
    let s = size(2);
    let gens: Vec<_> = NxnKind::keeping_dbl(s)
        .into_iter()
        .map(|k| NxnMove::new(k, 1).unwrap())
        .collect();
    let key = |st: &[u8]| st.iter().fold(0u128, |k, &c| k << 3 | c as u128);
    let mut seen = rustc_hash::FxHashSet::default();
    let start: [u8; 24] = NxnCube::solved(s).stickers().try_into().unwrap();
    seen.insert(key(&start));
    let mut todo = vec![start];
    let t = cubetui_cube::nxn::tables(s);
    let perms: Vec<_> = gens.iter().map(|&m| t.perm(m).unwrap()).collect();
    while let Some(st) = todo.pop() {
        for p in &perms {
            let mut next = st;
            p.apply(&mut next);
            if seen.insert(key(&next)) {
                todo.push(next);
            }
        }
    }
    assert_eq!(seen.len(), 3_674_160);
    // And random 2x2 states are among them.
    let mut rng = rng_from_seed(77);
    for _ in 0..200 {
        assert!(seen.contains(&key(random_2x2(&mut rng).stickers())));
    }
}

#[test]
fn sizes_past_seven_work_too() {
    for n in [8, 11, 32] {
        let s = size(n);
        let c = scrambled(n, 1);
        let back = NxnCube::from_facelets(s, &c.facelets()).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(back, c);
        let far = format!("{n}R {}Lw' M", n - 1);
        let e = NxnAlg::parse_sized(&far, s);
        assert_eq!(e.is_ok(), n % 2 == 1, "{n}: {e:?}");
        let alg = NxnAlg::parse_sized(&format!("{n}R {}Lw'", n - 1), s).unwrap();
        assert_eq!(c.after(&alg).unwrap().after(&alg.inverse()).unwrap(), c);
    }
}
