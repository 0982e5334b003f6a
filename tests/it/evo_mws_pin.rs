//! The faithful preset `mws` (alias `seed-003`) must keep its seeded outputs: these solutions
//! were recorded before the shorter preset and the re-orientation were added.

use cubetui_cube::random::{random_state, rng_from_seed};

fn run(state_seed: u64, seed: u64) -> (String, u64) {
    let start = random_state(&mut rng_from_seed(state_seed));
    let mut s = crate::shipped()
        .get("seed-003")
        .unwrap()
        .build(start, seed)
        .unwrap();
    s.step(u64::MAX);
    let out = s.outcome();
    assert!(out.solved);
    assert!(start.after(out.solution.three().unwrap()).is_solved());
    (out.solution.to_string(), out.iterations)
}

#[test]
fn seed_003_outputs_did_not_change() {
    let pins: [(u64, u64, &str, u64); 3] = [
        (
            1,
            1,
            "D B' U2 B R' U F' L' U' F' D2 R D2 R2 F R F' R U' R' U R2 F' R2 F R F' R2 F' R' F R2 F2 R2 F R2 F2 R F' R F R2 F2 R' F2 R F2 R' F2 R2 F2 R2 F2 R2",
            1757,
        ),
        (
            2,
            7,
            "U L F' B' U2 L' U D B' R' B2 D B2 D' R' U2 R2 U R' F R F' R2 U' R U2 R' U2 R' B' R2 B U2 R2 U2 R U R2 U2 R U2 R2 U2 R'",
            3050,
        ),
        (
            3,
            42,
            "U R' F U' F' B' D B2 R' B' R' U R L B L2 B' L' B' L' B2 L' B' L' B2 U' L' U L' B2 D' B D B2 L' B2 L B2 L' B L B L2 B L B' L' B L2 B' L' B2 L2 B2 L2 B2 L B2 L2 B2 L2 B2 L'",
            2990,
        ),
    ];
    for (state_seed, seed, solution, rounds) in pins {
        assert_eq!(
            run(state_seed, seed),
            (solution.to_string(), rounds),
            "state {state_seed}, seed {seed}"
        );
    }
}
