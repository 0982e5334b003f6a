//! The reducer: [`update`] applies one [`Action`] (from `keys.rs`) to the
//! [`App`]. No terminal is needed: the solver is reached through the app's
//! driver, inline in tests. While a race is open, the race glue
//! (`race.rs`) sees each action first.

use super::app::{App, Net, PROMPT_MAX, SPEEDS};
use super::keys::Action;
use super::race;
use super::scramble;
use crate::cube::{Alg, Cube};
use crate::solve::runner::{Command, RunState};

/// Applies one action to the app.
pub fn update(app: &mut App, action: Action) {
    if race::route(app, &action) {
        return;
    }
    match action {
        Action::Tick => {
            app.run.driver.frame();
            app.absorb_pending();
            return;
        }
        Action::Quit => {
            app.run.driver.send(Command::Stop);
            app.quit = true;
        }
        Action::Turn(m) => {
            let mut cube = app.setup.cube;
            cube.apply_move(m);
            let scramble = app.setup.scramble.take().map(|mut s| {
                s.push(m);
                s
            });
            app.message = None;
            app.set_start(cube, scramble);
        }
        Action::OpenPrompt => app.view.prompt = Some(String::new()),
        Action::PromptChar(c) => {
            if let Some(p) = app.view.prompt.as_mut() {
                if p.len() < PROMPT_MAX {
                    p.push(c);
                } else {
                    app.message = Some(format!(
                        "the prompt holds at most {PROMPT_MAX} characters: `{}` was not taken",
                        c.escape_debug()
                    ));
                }
            }
        }
        Action::PromptBackspace => {
            if let Some(p) = app.view.prompt.as_mut() {
                p.pop();
            }
        }
        Action::PromptCancel => app.view.prompt = None,
        Action::PromptSubmit => {
            if let Some(text) = app.view.prompt.take() {
                if text.trim().is_empty() {
                    app.message = Some("nothing to apply: the prompt was empty".into());
                } else {
                    app.apply_alg(&text);
                }
            }
        }
        Action::ApplyAlg(text) => app.apply_alg(&text),
        Action::Scramble => scramble(app),
        Action::SetDepth(d) => {
            app.setup.depth = d;
            app.message = Some(match d {
                None => "s now makes a random-state scramble".to_string(),
                Some(d) => format!("s now scrambles {d} random moves"),
            });
        }
        Action::ToggleUpright => {
            app.view.upright = !app.view.upright;
            app.message = Some(if app.view.upright {
                "upright view: the net turned so the centres stay home".to_string()
            } else {
                "raw view: the state exactly as the solver turns it".to_string()
            });
        }
        Action::Reset => {
            app.message = None;
            app.set_start(Cube::solved(), Some(Alg::default()));
        }
        Action::StartPause => match app.state() {
            RunState::Running => app.run.driver.send(Command::Pause),
            RunState::Idle | RunState::Paused => app.run.driver.send(Command::Start),
            s => {
                app.message = Some(format!(
                    "the run is {}: x, s or a turn starts over",
                    s.name()
                ))
            }
        },
        Action::Step => app.run.driver.send(Command::Step(1)),
        Action::Faster | Action::Slower => {
            app.view.speed = if action == Action::Faster {
                (app.view.speed + 1).min(SPEEDS.len() - 1)
            } else {
                app.view.speed.saturating_sub(1)
            };
            app.run.driver.send(Command::Speed(app.speed()));
            if let Some(view) = app.race.as_mut() {
                view.set_speed(SPEEDS[app.view.speed]);
            }
        }
        Action::CycleGenerator => cycle_generator(app),
        Action::CycleSolver => {
            if !app.setup.choices.is_empty() {
                app.setup.choice = (app.setup.choice + 1) % app.setup.choices.len();
                app.message = None;
                app.rebuild();
            }
        }
        Action::ToggleLayout => {
            app.view.net = match app.view.net {
                Net::Strip => Net::Cross,
                Net::Cross => Net::Strip,
            }
        }
        Action::ToggleLetters => app.view.letters = !app.view.letters,
        Action::ToggleOverlay => app.view.overlay = !app.view.overlay,
        Action::PlayForward | Action::PlayBack | Action::PlayStart | Action::PlayEnd => {
            match app.run.playback.as_mut() {
                Some(p) => {
                    p.pos = match action {
                        Action::PlayForward => (p.pos + 1).min(p.moves.len()),
                        Action::PlayBack => p.pos.saturating_sub(1),
                        Action::PlayStart => 0,
                        _ => p.moves.len(),
                    }
                }
                None => app.message = Some("playback needs a solved run".into()),
            }
        }
        Action::Race => race::open_default(app),
        Action::ToggleHelp => app.view.help = !app.view.help,
        Action::CloseHelp => {
            app.view.help = false;
            app.view.prompt = None;
        }
    }
    app.dirty = true;
    app.absorb_pending();
}

/// A new start: a random state, or random moves of the chosen depth.
fn scramble(app: &mut App) {
    let (cube, alg, what) = match app.setup.depth {
        None => (
            scramble::random_state(&mut app.setup.rng),
            None,
            "random-state scramble".to_string(),
        ),
        Some(d) => {
            let alg = scramble::random_moves(&mut app.setup.rng, d);
            (
                Cube::solved().after(&alg),
                Some(alg),
                format!("{d}-move scramble"),
            )
        }
    };
    app.message = Some(format!("{what}: space solves it"));
    app.set_start(cube, alg);
}

/// Switches to the solver's next generator.
fn cycle_generator(app: &mut App) {
    let g = app.run.track.generators().to_vec();
    match g.is_empty() {
        false => {
            let cur = app.snapshot().and_then(|s| s.generator.clone());
            let i = cur
                .and_then(|c| g.iter().position(|x| *x == c))
                .map_or(0, |i| (i + 1) % g.len());
            app.message = Some(format!("generator → {}", g[i]));
            app.run.driver.send(Command::Generator(g[i].clone()));
        }
        true => app.message = Some("this solver has no generators to switch".into()),
    }
}
