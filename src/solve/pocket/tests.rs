use std::path::Path;
use std::sync::OnceLock;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::coord::{N_STATES, search_move};
use super::*;
use crate::cube::nxn::random::{random_2x2, random_moves};

fn t() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(Table::build)
}

/// Fewest face turns that solve `cube`, by iterative deepening over sticker
/// states, independent of the table: on the upright view with U R F turns
/// (an optimal solution with D L B turns has one as short with U R F).
fn iddfs(cube: &NxnCube, limit: usize) -> Option<usize> {
    fn go(c: &NxnCube, depth: usize, last: Option<usize>) -> bool {
        if c.is_solved() {
            return true;
        }
        if depth == 0 {
            return false;
        }
        let turns: Vec<NxnMove> = NxnMove::all(Size::TWO)
            .filter(|m| {
                matches!(m.kind, NxnKind::Turn { face, layer: 1, wide: false }
                    if matches!(face, crate::cube::face::Face::U | crate::cube::face::Face::R | crate::cube::face::Face::F))
            })
            .collect();
        turns.iter().enumerate().any(|(i, &m)| {
            // Skip a second turn of the same face (it would merge).
            if last == Some(i / 3) {
                return false;
            }
            let mut next = c.clone();
            next.apply_move(m).expect("a 2x2 turns its faces");
            go(&next, depth - 1, Some(i / 3))
        })
    }
    let up = cube.upright();
    (0..=limit).find(|&d| go(&up, d, None))
}

#[test]
fn every_state_is_reached_and_gods_number_is_11() {
    let t = t();
    assert!((0..N_STATES).all(|i| t.distance(i).is_some_and(|d| d <= GODS_NUMBER)));
    assert_eq!(t.max_distance(), 11);
    assert_eq!(t.distance(0), Some(0));
}

#[test]
fn solutions_replay_and_match_the_table() {
    let mut rng = StdRng::seed_from_u64(19);
    for _ in 0..200 {
        let cube = random_2x2(&mut rng);
        let sol = solve_with(t(), &cube).unwrap();
        assert!(cube.after(&sol).unwrap().is_solved(), "{cube:?} {sol}");
        let index = Corners::read(&cube).unwrap().index();
        assert_eq!(Some(sol.len() as u8), t().distance(index));
    }
}

#[test]
fn solutions_are_optimal_against_brute_force() {
    let mut rng = StdRng::seed_from_u64(7);
    for depth in [1, 2, 3, 4, 5, 6, 7, 8, 8, 8] {
        let scramble = random_moves(&mut rng, Size::TWO, depth);
        let cube = NxnCube::solved(Size::TWO).after(&scramble).unwrap();
        let sol = solve_with(t(), &cube).unwrap();
        assert_eq!(Some(sol.len()), iddfs(&cube, 8), "{scramble}");
    }
}

#[test]
fn a_start_in_any_orientation_is_solved_with_face_turns() {
    let mut rng = StdRng::seed_from_u64(3);
    for r in rotations() {
        let cube = random_2x2(&mut rng).after(&r).unwrap();
        let sol = solve_with(t(), &cube).unwrap();
        assert!(cube.after(&sol).unwrap().is_solved());
        assert!(sol.moves().iter().all(|m| matches!(
            m.kind,
            NxnKind::Turn {
                layer: 1,
                wide: false,
                ..
            }
        )));
        let upright = Corners::read(&cube.upright()).unwrap().index();
        assert_eq!(Some(sol.len() as u8), t().distance(upright));
    }
}

#[test]
fn other_sizes_and_bad_cubes_are_refused() {
    assert_eq!(
        solve_with(t(), &NxnCube::solved(Size::THREE)),
        Err(PocketError::NotTwo(Size::THREE))
    );
    let mut s = NxnCube::solved(Size::TWO).stickers().to_vec();
    s.swap(0, 4);
    let bad = NxnCube::from_stickers(Size::TWO, s).unwrap();
    assert!(solve_with(t(), &bad).is_err());
    assert_eq!(search_move(4).to_string(), "R2");
}

#[test]
fn the_file_image_round_trips_and_damage_is_caught() {
    let path = Path::new("pocket-test.bin");
    let bytes = t().to_bytes();
    let back = Table::from_bytes(&bytes, path).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    let mut flipped = bytes.clone();
    flipped[100] ^= 1;
    assert!(matches!(
        Table::from_bytes(&flipped, path),
        Err(disk_error) if disk_error.to_string().contains("checksum")
    ));
    let mut forged = bytes[..bytes.len() - 4].to_vec();
    forged[16 + 5] = 0;
    let sum = crc32fast::hash(&forged);
    forged.extend_from_slice(&sum.to_le_bytes());
    assert!(Table::from_bytes(&forged, path).is_err());
    assert!(Table::from_bytes(&bytes[..50], path).is_err());
}

#[test]
fn the_table_is_stored_and_loaded_through_the_cache_file() {
    let dir = std::env::temp_dir().join(format!("cubetui-pocket-{}", std::process::id()));
    let path = dir.join(table::FILE_NAME);
    let _ = std::fs::remove_dir_all(&dir);
    let (_, first) = table::load_or_build(Some(&path));
    assert!(matches!(
        first,
        table::Obtained::Built {
            stored: Some(Ok(_)),
            ..
        }
    ));
    let (loaded, second) = table::load_or_build(Some(&path));
    assert!(matches!(second, table::Obtained::Loaded));
    assert_eq!(loaded.max_distance(), 11);
    let _ = std::fs::remove_dir_all(&dir);
}
