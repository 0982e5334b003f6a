//! Every preset that runs past the 3×3 gives the same seeded result on the
//! 2×2, 4×4 and 5×5 as when it was pinned (the 3×3's are pinned by
//! `faithful_pins`): a change to a solver shared by every size (the one
//! annealer, the phase search) that changes what a preset returns on another
//! size shows here. The pins (`tests/it/snapshots/it__size_pins__*.snap`)
//! hold the energy, the steps run, the solution's length, its first moves
//! and a digest of all of them; re-pin only on purpose, by reviewing the new
//! snapshots. And the 2×2 annealer's walk is reported through the shortcut
//! of the states it visited: its mean solution stays short.

use cubetui_cube::AnyCube;
use cubetui_cube::nxn::random::random_state;
use cubetui_cube::nxn::{NxnCube, Size};
use cubetui_cube::random::start_rng;
use cubetui_solve::api::Status;
use cubetui_solve::build_any;

/// Elementary steps each pinned run takes (in four calls, as a runner
/// makes them); a run that ends sooner stops there.
const STEPS: u64 = 4_000;

/// The start of cube `index` under seed 1 on `size`, as `bench --random-state` draws it.
fn start(size: Size, index: u64) -> NxnCube {
    random_state(&mut start_rng(1, index), size)
}

/// FNV-1a of `text`.
fn digest(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Runs `preset` from `start` (seed 9) for up to `steps` steps and writes
/// down what it returns.
fn run(preset: &str, start: &NxnCube, steps: u64) -> String {
    let config = crate::shipped().get(preset).unwrap();
    let mut s = build_any(&config, &AnyCube::from(start.clone()), 9).unwrap();
    for _ in 0..4 {
        if s.step(steps / 4) != Status::Running {
            break;
        }
    }
    let out = s.outcome();
    let solution = out.solution.to_string();
    let moves: Vec<&str> = solution.split_whitespace().collect();
    format!(
        "solved {}\nenergy {:?}\niterations {}\nsolution {} moves, digest {}\nfirst moves {}\n",
        out.solved,
        out.energy,
        out.iterations,
        moves.len(),
        digest(&solution),
        moves[..moves.len().min(20)].join(" "),
    )
}

fn pins(n: usize) {
    let size = Size::new(n).unwrap();
    let presets = crate::shipped();
    let mut pinned = 0;
    for name in presets.list() {
        if presets.runs_on(name, size).is_err() {
            continue;
        }
        insta::assert_snapshot!(format!("{name}-{n}x{n}"), run(name, &start(size, 0), STEPS));
        pinned += 1;
    }
    assert!(pinned >= 3, "{n}x{n}: only {pinned} presets run");
}

#[test]
fn the_2x2_presets_give_their_pinned_results() {
    pins(2);
}

#[test]
fn the_4x4_presets_give_their_pinned_results() {
    pins(4);
}

#[test]
fn the_5x5_presets_give_their_pinned_results() {
    pins(5);
}

#[test]
fn the_2x2_annealer_reports_a_short_path_through_the_states_it_visited() {
    // docs/performance.md: a mean of 76 HTM over 200 random states, median
    // 41; walks of about a thousand moves when the path is only cut of its
    // loops.
    let size = Size::new(2).unwrap();
    let config = crate::shipped().get("2x2-sa").unwrap();
    let mut lengths = Vec::new();
    for index in 0..8 {
        let start = start(size, index);
        let mut s = build_any(&config, &AnyCube::from(start.clone()), index).unwrap();
        while s.step(100_000) == Status::Running {}
        let out = s.outcome();
        assert!(out.solved, "cube {index}");
        lengths.push(out.solution.to_string().split_whitespace().count());
    }
    let mean = lengths.iter().sum::<usize>() as f64 / 8.0;
    assert!(
        mean < 150.0,
        "2x2-sa: a mean of {mean} moves over 8 random states"
    );
    insta::assert_snapshot!("2x2-sa-2x2-whole-runs", format!("{lengths:?}"));
}
