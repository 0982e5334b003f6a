//! The faithful presets (the papers' own algorithms) give the same seeded
//! results as when they were pinned: adding solvers, re-orienting starts and
//! sharing the batching loop must not change them. The pins are the solver's
//! own outputs (energy, iterations, end state and every move of the
//! solution) in `tests/it/snapshots/it__faithful_pins__*.snap`. Re-pin only on
//! purpose (a changed random generator), by reviewing the new snapshots.

use cubetui_cube::Cube;
use cubetui_cube::random::{random_moves, random_state, rng_from_seed};
use cubetui_solve::Solver;

/// Moves per line of a pinned solution, so a change shows where it starts.
const MOVES_PER_LINE: usize = 20;

/// Runs preset `name` from `start` for `steps` elementary steps (seed 9) and
/// writes down what it returns.
fn run(name: &str, start: Cube, steps: u64) -> String {
    let mut s: Box<dyn Solver> = crate::shipped().get(name).unwrap().build(start, 9).unwrap();
    // Several calls, as a runner would make them.
    for _ in 0..4 {
        s.step(steps / 4);
    }
    let out = s.outcome();
    let moves: Vec<String> = out
        .solution
        .three()
        .unwrap()
        .moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let mut text = format!(
        "energy {:?}\niterations {}\nend state {}\nsolution {} moves\n",
        out.energy,
        out.iterations,
        start.after(out.solution.three().unwrap()).facelets(),
        moves.len(),
    );
    for line in moves.chunks(MOVES_PER_LINE) {
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

#[test]
fn faithful_presets_give_their_pinned_results() {
    let shallow = Cube::solved().after(&random_moves(&mut rng_from_seed(5), 6));
    let deep = random_state(&mut rng_from_seed(6));
    for (name, start, steps) in [
        ("sa-pll-conj", deep, 40_000),
        ("sa-faces", shallow, 40_000),
        ("sa-faces-hot", shallow, 40_000),
        ("ga", shallow, 40),
        ("woc", shallow, 40),
    ] {
        insta::assert_snapshot!(name, run(name, start, steps));
    }
}
