//! The reducer's changes of the start state, on every size: a face turn
//! from the keyboard, an algorithm from the `:` prompt, `s` scrambles,
//! `x` and the size keys. Each change asks for a new run (the reducer's
//! `Effect::Restart`).

use crate::tui::app::App;
use crate::tui::scramble;
use cubetui_cube::nxn::random as nxn_random;
use cubetui_cube::nxn::{NxnAlg, NxnCube, NxnMove, Size};
use cubetui_cube::random::start_rng;
use cubetui_cube::{Alg, AnyAlg, AnyCube, Move};

/// A face turn from the keyboard: the outer layer of that face, on any size.
pub(super) fn turn(app: &mut App, m: Move) {
    let alg = match app.setup.cube.size() {
        Size::THREE => AnyAlg::Three(Alg::from_iter([m])),
        size => AnyAlg::Nxn(NxnAlg::new(vec![NxnMove::from(m)]), size),
    };
    app.message = None;
    extend(app, &alg);
}

/// The start after `alg`, and the scramble log with it.
fn extend(app: &mut App, alg: &AnyAlg) {
    let Some(cube) = app.setup.cube.after(alg) else {
        return;
    };
    let was_random = app.setup.scramble.is_none();
    let typed = app.setup.after_random.take();
    let scramble = app.setup.scramble.take().and_then(|s| s.then(alg));
    app.set_start(cube, scramble);
    if was_random {
        // The moves panel says what was typed onto the random state.
        app.setup.after_random = match typed {
            Some(t) => t.then(alg),
            None => Some(alg.clone()),
        };
    }
}

/// Applies an algorithm to the start (a new run), or says why it cannot
/// (the notation of the cube's size: `2R`, `Rw`, `3Rw2` past the 3×3,
/// `M E S` on odd sizes only). Whether the start changed.
pub(super) fn apply_alg(app: &mut App, text: &str) -> bool {
    let size = app.setup.cube.size();
    match AnyAlg::parse_sized(text, size) {
        Ok(alg) => {
            app.message = Some(match alg.len() {
                0..=12 => format!("applied {alg}"),
                n => format!("applied {n} moves"),
            });
            extend(app, &alg);
            true
        }
        Err(e) => {
            app.message = Some(format!("bad algorithm: {e}"));
            false
        }
    }
}

/// A new start: a random state (uniform on the 2×2 and 3×3, a scramble of
/// WCA's random-move length past the 3×3), or random moves of the chosen
/// depth; drawn as `solve --size N --random-state` draws cube `index`.
pub(super) fn scramble(app: &mut App) {
    let (seed, index) = (app.setup.seed, app.setup.draws);
    app.setup.draws += 1;
    app.setup.index = index;
    let size = app.setup.cube.size();
    let (cube, alg, what) = match (app.setup.depth, size) {
        (None, Size::THREE) => (
            AnyCube::Three(scramble::random_state(seed, index)),
            None,
            "random-state scramble".to_string(),
        ),
        (None, Size::TWO) => (
            AnyCube::from(nxn_random::random_state(&mut start_rng(seed, index), size)),
            None,
            "random-state scramble".to_string(),
        ),
        (None, size) => {
            let alg = nxn_random::random_scramble(&mut start_rng(seed, index), size);
            let what = format!("{}-move random-move scramble", alg.len());
            (nxn_start(&alg, size), Some(AnyAlg::Nxn(alg, size)), what)
        }
        (Some(d), Size::THREE) => {
            let alg = scramble::random_moves(seed, index, d);
            let cube = cubetui_cube::Cube::solved().after(&alg);
            (
                AnyCube::Three(cube),
                Some(AnyAlg::Three(alg)),
                format!("{d}-move scramble"),
            )
        }
        (Some(d), size) => {
            let alg = nxn_random::random_moves(&mut start_rng(seed, index), size, d);
            (
                nxn_start(&alg, size),
                Some(AnyAlg::Nxn(alg, size)),
                format!("{d}-move scramble"),
            )
        }
    };
    app.message = Some(format!("{what}: space solves it"));
    app.set_start(cube, alg);
}

/// The solved cube of `size` after `alg` (made of its own size's moves).
fn nxn_start(alg: &NxnAlg, size: Size) -> AnyCube {
    let solved = NxnCube::solved(size);
    AnyCube::from(solved.after(alg).unwrap_or_else(|_| NxnCube::solved(size)))
}

/// Back to the solved cube of the current size.
pub(super) fn reset(app: &mut App) {
    let size = app.setup.cube.size();
    app.message = None;
    app.set_start(AnyCube::solved(size), Some(AnyAlg::empty(size)));
}

/// The next size (`back`: the previous one): a solved cube, the run reset.
pub(super) fn cycle_size(app: &mut App, back: bool) {
    let size = app.cycled_size(back);
    app.set_size(size);
}
