//! The reducer: [`reduce`] applies one [`Action`] (from `keys.rs`) to the
//! app's state and says what must happen outside it ([`Effect`]s: commands
//! to the solver's driver, a new run, a race); [`update`] carries the
//! effects out. [`reduce`] touches no driver, so it is tested on its own.
//! While a race or a replay is open (the app's mode), it sees each action
//! first (`reducer/mode.rs`).
//! The knobs panel's actions are `knobs::reduce`'s.

use super::app::Mode;
use super::app::{App, Net, PROMPT_MAX, SPEEDS};
use super::keys::Action;
use super::keys::mouse;
use super::knobs;
use super::panels::help;
use super::panels::scale::ZOOM_MAX;
use super::race::glue as race;

mod mode;
mod start;
use cubetui_run::runner::{Command, RunState, Speed};

/// What an action asks of the world outside the app's state.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A UI frame passed (the inline driver steps).
    Frame,
    Start,
    Pause,
    /// Run one step now.
    Step,
    /// The single run's speed and every race lane's.
    Speed(Speed),
    Generator(String),
    /// Stop the solver for good (quitting).
    Stop,
    /// A fresh solver for the current start and preset (the run starts over).
    Restart,
    /// Open the default race on the current preset.
    OpenRace,
    /// Change a live parameter of the run (in a race: of every lane that
    /// has it).
    SetParam {
        key: String,
        value: f64,
    },
}

/// Applies one action to the app: the race first, then [`reduce`], then
/// the effects, then whatever the driver has.
pub fn update(app: &mut App, action: Action) {
    if mode::route(app, &action) {
        return;
    }
    for effect in reduce(app, action) {
        match effect {
            Effect::Frame => app.run.driver.frame(),
            Effect::Start => app.run.driver.send(Command::Start),
            Effect::Pause => app.run.driver.send(Command::Pause),
            Effect::Step => app.run.driver.send(Command::Step(1)),
            Effect::Speed(speed) => {
                app.run.driver.send(Command::Speed(speed));
                if let Some(view) = app.race_mut() {
                    view.set_speed(speed);
                }
            }
            Effect::Generator(g) => app.run.driver.send(Command::Generator(g)),
            Effect::Stop => {
                // The run files get their results while the solvers can still answer.
                app.end_recording();
                app.run.driver.send(Command::Stop);
            }
            Effect::Restart => app.rebuild(),
            Effect::OpenRace => race::open_default(app),
            Effect::SetParam { key, value } => set_param(app, key, value),
        }
    }
    app.absorb_pending();
}

/// Sends a live parameter change to the single run, or in a race to the
/// lanes (the race glue's).
fn set_param(app: &mut App, key: String, value: f64) {
    match &mut app.mode {
        Mode::Race(view) => {
            app.message = race::set_param(view, &key, value, app.message.take());
            app.dirty = true;
        }
        Mode::Single | Mode::Replay(_) => app.run.driver.send(Command::SetParam { key, value }),
    }
}

/// The new state after `action`, and what must happen outside it. Touches
/// no driver.
pub fn reduce(app: &mut App, action: Action) -> Vec<Effect> {
    let mut effects = Vec::new();
    match action {
        Action::Tick => return vec![Effect::Frame],
        Action::Quit => {
            effects.push(Effect::Stop);
            app.quit = true;
        }
        Action::Turn(m) => {
            start::turn(app, m);
            effects.push(Effect::Restart);
        }
        Action::CycleSize(back) => {
            start::cycle_size(app, back);
            effects.push(Effect::Restart);
        }
        Action::OpenPrompt => {
            // The prompt line shows the message while the prompt is open:
            // an older one would stand in for the hint.
            app.message = None;
            app.view.prompt = Some(String::new());
        }
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
        Action::Paste(text) => paste(app, &text),
        Action::Notice(text) => app.message = Some(text),
        Action::CopyCommand => {
            let cmd = app.reproduce_command();
            app.message = Some(cmd.clone());
            app.copy = Some(cmd);
        }
        Action::UnknownKey(c) => app.message = Some(format!("unknown key `{c}` — ? for help")),
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
                    if start::apply_alg(app, &text) {
                        effects.push(Effect::Restart);
                    }
                }
            }
        }
        Action::ApplyAlg(text) => {
            if start::apply_alg(app, &text) {
                effects.push(Effect::Restart);
            }
        }
        Action::Scramble => {
            start::scramble(app);
            effects.push(Effect::Restart);
        }
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
            start::reset(app);
            effects.push(Effect::Restart);
        }
        Action::StartPause => match app.state() {
            RunState::Running => effects.push(Effect::Pause),
            RunState::Idle | RunState::Paused => effects.push(Effect::Start),
            s => {
                app.message = Some(format!(
                    "the run is {}: x, s or a turn starts over",
                    s.name()
                ))
            }
        },
        Action::Step => {
            if !app.state().finished() {
                app.words.ask_step(app.run.epoch);
            }
            effects.push(Effect::Step);
        }
        Action::Faster | Action::Slower => {
            app.view.speed = if action == Action::Faster {
                (app.view.speed + 1).min(SPEEDS.len() - 1)
            } else {
                app.view.speed.saturating_sub(1)
            };
            // At either end of the ladder only the other key is offered.
            let hint = match app.view.speed {
                0 => "the slowest; + faster",
                i if i == SPEEDS.len() - 1 => "the fastest; - slower",
                _ => "+ faster, - slower",
            };
            app.message = Some(format!(
                "speed: {} ({hint})",
                crate::tui::panels::status::speed_label(app.speed())
            ));
            effects.push(Effect::Speed(app.speed()));
        }
        Action::CycleGenerator => effects.extend(cycle_generator(app)),
        Action::CycleSolver | Action::PrevSolver => {
            // Only presets that run on the current size are offered.
            if let Some(i) = app.next_fitting(action == Action::PrevSolver) {
                app.setup.choice = i;
                app.message = None;
                effects.push(Effect::Restart);
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
        Action::ToggleLogScale | Action::ZoomIn | Action::ZoomOut => plot_view(app, &action),
        Action::TogglePopulation => toggle_population(app),
        Action::TogglePlots => app.view.plots_kept = !app.view.plots_kept,
        Action::PlayForward
        | Action::PlayBack
        | Action::PlayStart
        | Action::PlayEnd
        | Action::PlayJump(_) => match app.run.playback.as_mut() {
            Some(p) => {
                let tenth = (p.moves.len() / 10).max(1);
                p.pos = match action {
                    Action::PlayForward => (p.pos + 1).min(p.moves.len()),
                    Action::PlayBack => p.pos.saturating_sub(1),
                    Action::PlayJump(true) => (p.pos + tenth).min(p.moves.len()),
                    Action::PlayJump(false) => p.pos.saturating_sub(tenth),
                    Action::PlayStart => 0,
                    _ => p.moves.len(),
                }
            }
            None => app.message = Some("playback needs a solved run".into()),
        },
        Action::Race => effects.push(Effect::OpenRace),
        Action::ToggleRaceMeasure => {
            app.message = Some(
                "m switches a race's plot (moves to solved / misplaced stickers); w opens a race"
                    .into(),
            );
        }
        Action::Knob(key) => {
            if let Some((key, value)) = knobs::reduce(app, key) {
                knobs::note_before_start(app, &key, value);
                effects.push(Effect::SetParam { key, value });
            }
        }
        // The event loop acts on these (they concern the terminal, not the
        // app's state).
        Action::Suspend | Action::Redraw => {}
        Action::ToggleHelp => {
            app.view.help = !app.view.help;
            app.view.help_scroll = 0;
        }
        Action::ScrollHelp(how) => {
            if app.view.help {
                let (w, h) = app.view.size;
                let g = help::geometry(ratatui::layout::Rect::new(0, 0, w, h));
                app.view.help_scroll = help::scrolled(app.view.help_scroll, how, &g);
            }
        }
        Action::Resize(w, h) => app.view.size = (w, h),
        Action::Wheel { up, column, row } => mouse::wheel(app, up, column, row),
        Action::Click { column, row } => mouse::click(app, column, row),
        Action::CloseHelp => {
            app.view.help = false;
            app.view.prompt = None;
        }
    }
    app.dirty = true;
    effects
}

/// Switches to the solver's next generator.
fn cycle_generator(app: &mut App) -> Option<Effect> {
    let g = app.track().generators();
    if g.is_empty() {
        app.message = Some("this solver has no generators to switch".into());
        return None;
    }
    let cur = app.snapshot().and_then(|s| s.generator.as_deref());
    let i = cur
        .and_then(|c| g.iter().position(|x| x == c))
        .map_or(0, |i| (i + 1) % g.len());
    let next = g[i].clone();
    app.message = Some(format!("generator → {next}"));
    Some(Effect::Generator(next))
}

/// The population view on (when the solver has a population) or off.
fn toggle_population(app: &mut App) {
    let has = app.profile().is_some_and(|p| p.has_population());
    let v = &mut app.view.population;
    app.message = Some(if *v {
        *v = false;
        "side plot (i: population view)".to_string()
    } else if has {
        *v = true;
        "population view: fitness band and diversity (i: side plot)".to_string()
    } else {
        "this solver has no population".to_string()
    });
}

/// Log scale and zoom of the plots, said in the message line.
fn plot_view(app: &mut App, action: &Action) {
    let v = &mut app.view.plot;
    let text = match action {
        Action::ToggleLogScale => {
            v.log = !v.log;
            if v.log {
                "log-scale y axis: log10(1+v) (e: linear)".to_string()
            } else {
                "linear y axis (e: log scale)".to_string()
            }
        }
        Action::ZoomIn if v.zoom >= ZOOM_MAX => {
            format!(
                "zoomed in as far as it goes (the last 1/{}; ]: whole run)",
                1u32 << ZOOM_MAX
            )
        }
        Action::ZoomIn => {
            v.zoom += 1;
            format!(
                "zoom: the last 1/{} of the run (]: whole run)",
                1u32 << v.zoom
            )
        }
        _ => {
            v.zoom = 0;
            "zoom: the whole run".to_string()
        }
    };
    app.message = Some(text);
}

/// A paste lands in the prompt (opened if closed), line breaks and other
/// control characters as spaces: no pasted line runs as a key. A paste that
/// does not fit in [`PROMPT_MAX`] is refused whole, out loud.
fn paste(app: &mut App, text: &str) {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    // The field that has focus takes it: an open knob field, else the
    // prompt (opened if it is closed); the knobs panel without a field
    // open takes nothing.
    if let Some(knobs) = app.view.knobs.as_mut()
        && app.view.prompt.is_none()
    {
        let Some(field) = knobs.typing.as_mut() else {
            app.message = Some("a paste goes into a knob's value: enter opens it first".into());
            return;
        };
        let room = knobs::TYPED_MAX.saturating_sub(field.chars().count());
        let typed = text.trim();
        field.extend(typed.chars().take(room));
        if typed.chars().count() > room {
            app.message = Some(format!(
                "a knob's value holds at most {} characters: {} pasted characters were not taken",
                knobs::TYPED_MAX,
                typed.chars().count() - room
            ));
        }
        return;
    }
    if app.view.prompt.is_none() {
        app.message = None;
    }
    let p = app.view.prompt.get_or_insert_with(String::new);
    if p.len() + text.len() > PROMPT_MAX {
        // Whole or not at all: a cut paste would apply a different
        // algorithm.
        app.message = Some(format!(
            "paste of {} characters refused: the prompt holds {PROMPT_MAX} ({} moves); nothing was taken",
            text.chars().count(),
            cubetui_cube::alg::MAX_MOVES
        ));
        return;
    }
    p.push_str(&text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::{Cube, Move};
    use cubetui_run::runner::Inline;

    /// An app with no presets: no solver ever runs, so only [`reduce`] acts.
    fn app() -> App {
        App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))))
    }

    #[test]
    fn a_turn_moves_the_start_and_asks_for_a_new_run() {
        let mut a = app();
        let m: Move = "R".parse().unwrap();
        assert_eq!(reduce(&mut a, Action::Turn(m)), [Effect::Restart]);
        assert_eq!(
            a.start(),
            Cube::solved().after(&"R".parse().unwrap()).into()
        );
        assert_eq!(a.scramble().map(|s| s.to_string()), Some("R".into()));
        assert_eq!(reduce(&mut a, Action::Reset), [Effect::Restart]);
        assert!(a.start().is_solved());
    }

    #[test]
    fn keys_that_drive_the_solver_become_effects_only() {
        let mut a = app();
        assert_eq!(reduce(&mut a, Action::Tick), [Effect::Frame]);
        assert_eq!(reduce(&mut a, Action::StartPause), [Effect::Start]);
        assert_eq!(reduce(&mut a, Action::Step), [Effect::Step]);
        assert_eq!(reduce(&mut a, Action::Race), [Effect::OpenRace]);
        assert_eq!(reduce(&mut a, Action::Faster), [Effect::Speed(SPEEDS[2])]);
        for _ in 0..10 {
            reduce(&mut a, Action::Faster);
        }
        assert_eq!(a.speed(), Speed::Unthrottled, "the ladder stops at its top");
        assert_eq!(
            a.message(),
            Some("speed: unthrottled (the fastest; - slower)")
        );
        for _ in 0..20 {
            reduce(&mut a, Action::Slower);
        }
        assert!(a.message().unwrap().ends_with("(the slowest; + faster)"));
        assert_eq!(reduce(&mut a, Action::Quit), [Effect::Stop]);
        assert!(a.quit());
    }

    #[test]
    fn plus_six_times_from_the_default_is_unthrottled_as_the_readme_says() {
        let mut a = app();
        assert_eq!(a.speed(), Speed::PerFrame(2), "the default speed");
        for _ in 0..5 {
            reduce(&mut a, Action::Faster);
        }
        assert_ne!(a.speed(), Speed::Unthrottled, "five presses are not enough");
        assert_eq!(
            reduce(&mut a, Action::Faster),
            [Effect::Speed(Speed::Unthrottled)]
        );
    }

    #[test]
    fn an_unknown_key_is_said_in_the_message_line_and_changes_nothing_else() {
        let mut a = app();
        let before = a.start();
        assert!(reduce(&mut a, Action::UnknownKey('j')).is_empty());
        assert_eq!(a.message(), Some("unknown key `j` — ? for help"));
        assert_eq!(a.start(), before);
    }

    #[test]
    fn the_prompt_and_a_bad_algorithm_change_only_the_state() {
        let mut a = app();
        assert!(reduce(&mut a, Action::OpenPrompt).is_empty());
        reduce(&mut a, Action::PromptChar('Q'));
        assert_eq!(a.prompt(), Some("Q"));
        assert!(reduce(&mut a, Action::PromptSubmit).is_empty());
        assert_eq!(a.prompt(), None);
        assert!(a.message().unwrap().starts_with("bad algorithm"));
        assert!(a.start().is_solved());
        assert!(reduce(&mut a, Action::CycleGenerator).is_empty());
        assert_eq!(a.message(), Some("this solver has no generators to switch"));
    }

    #[test]
    fn i_toggles_the_population_view_only_for_a_solver_with_a_population() {
        use cubetui_run::runner::Update;
        use cubetui_solve::popstats::POPULATION_SERIES;
        use cubetui_solve::{Profile, SeriesSpec};
        let mut a = app();
        // No solver (no profile): said, and nothing toggles.
        assert!(reduce(&mut a, Action::TogglePopulation).is_empty());
        assert_eq!(a.message(), Some("this solver has no population"));
        assert!(!a.population_view());
        let epoch = a.epoch();
        let profile = |series: Vec<SeriesSpec>| {
            let mut u = Update::new(epoch, RunState::Idle);
            u.profile = Some(Profile {
                step: "generation",
                series,
            });
            u
        };
        // A solver without population series: still said.
        let u = profile(vec![SeriesSpec::new("temperature", 2)]);
        a.absorb(u);
        reduce(&mut a, Action::TogglePopulation);
        assert!(!a.population_view());
        assert_eq!(a.message(), Some("this solver has no population"));
        // With population series: on, then off again.
        let u = profile(POPULATION_SERIES.to_vec());
        a.absorb(u);
        assert!(reduce(&mut a, Action::TogglePopulation).is_empty());
        assert!(a.population_view());
        assert!(a.message().unwrap().starts_with("population view"));
        reduce(&mut a, Action::TogglePopulation);
        assert!(!a.population_view());
        assert!(a.message().unwrap().starts_with("side plot"));
    }

    #[test]
    fn log_scale_toggles_and_zoom_halves_then_returns_to_the_whole_run() {
        let mut a = app();
        assert_eq!(a.plot_view(), Default::default());
        assert!(reduce(&mut a, Action::ToggleLogScale).is_empty());
        assert!(a.plot_view().log);
        assert!(a.message().unwrap().contains("log"));
        reduce(&mut a, Action::ToggleLogScale);
        assert!(!a.plot_view().log);
        assert!(reduce(&mut a, Action::ZoomIn).is_empty());
        reduce(&mut a, Action::ZoomIn);
        assert_eq!(a.plot_view().zoom, 2);
        assert!(a.message().unwrap().contains("1/4"), "{:?}", a.message());
        for _ in 0..50 {
            reduce(&mut a, Action::ZoomIn);
        }
        assert_eq!(a.plot_view().zoom, ZOOM_MAX, "zoom stops at its deepest");
        assert!(a.message().unwrap().starts_with("zoomed in as far"));
        reduce(&mut a, Action::ToggleLogScale);
        assert!(reduce(&mut a, Action::ZoomOut).is_empty());
        assert_eq!(a.plot_view().zoom, 0);
        assert!(a.plot_view().log, "the whole run keeps the log scale");
    }

    /// The knobs panel's actions (`tui::knobs`), on the test-only
    /// `throwaway` solver.
    mod knobs {
        use super::super::*;
        use crate::tui::app::{Choice, Knobs};
        use crate::tui::knobs::keys::KnobKey;
        use crate::tui::knobs::{rows, stepped};
        use cubetui_run::runner::Inline;
        use cubetui_solve::params::{ParamSpec, Scale};
        use cubetui_solve::{SolverConfig, throwaway};

        /// An app running the test-only `throwaway` solver (one live
        /// parameter, `tries`, 0..=18, preset 18) inline on the start `R`.
        fn app() -> App {
            let choice = Choice {
                preset: "throwaway".into(),
                solver: "throwaway".into(),
                description: "tries each face turn".into(),
                build: Box::new(|start, seed| {
                    let config = SolverConfig::Throwaway(throwaway::Params { tries: 18 });
                    cubetui_solve::build_any(&config, start, seed)
                }),
            };
            let mut a = App::new(
                vec![choice],
                0,
                1,
                Box::new(Inline::new(Speed::PerFrame(1))),
            );
            update(&mut a, Action::ApplyAlg("R".into()));
            a
        }

        fn tries(a: &App) -> Option<f64> {
            a.track().param("tries")
        }

        #[test]
        fn p_opens_the_panel_with_the_runs_live_parameters_and_closes_it() {
            let mut a = app();
            assert_eq!(tries(&a), Some(18.0), "the runner sends them after Replace");
            assert!(reduce(&mut a, Action::Knob(KnobKey::Toggle)).is_empty());
            assert_eq!(a.knobs(), Some(&Knobs::default()));
            let r = rows(&a);
            assert_eq!(r.len(), 1);
            assert_eq!((r[0].key.as_str(), r[0].value), ("tries", 18.0));
            assert_eq!(r[0].range(), "0 – 18");
            assert_eq!(r[0].initial, Some(18.0));
            assert_eq!(
                r[0].spec.map(|s| s.meaning),
                Some("turns to try before giving up")
            );
            reduce(&mut a, Action::Knob(KnobKey::Toggle));
            assert_eq!(a.knobs(), None, "p again closes it");
            reduce(&mut a, Action::Knob(KnobKey::Toggle));
            reduce(&mut a, Action::ToggleHelp);
            reduce(&mut a, Action::Knob(KnobKey::Close));
            assert!(
                !a.help() && a.knobs().is_some(),
                "esc closes the help first"
            );
            reduce(&mut a, Action::Knob(KnobKey::Close));
            assert_eq!(a.knobs(), None, "esc closes it");
        }

        #[test]
        fn arrows_step_the_selected_value_and_the_runner_applies_it() {
            let mut a = app();
            update(&mut a, Action::Knob(KnobKey::Toggle));
            // Up and down stay on the one row.
            update(&mut a, Action::Knob(KnobKey::Next));
            update(&mut a, Action::Knob(KnobKey::Prev));
            assert_eq!(a.knobs().unwrap().selected, 0);
            // Linear 0..=18: a step of 18/20, rounded to a whole 1.
            assert_eq!(
                reduce(&mut a, Action::Knob(KnobKey::Less)),
                [Effect::SetParam {
                    key: "tries".into(),
                    value: 17.0
                }]
            );
            assert_eq!(a.message(), Some("tries 18 → 17"));
            update(&mut a, Action::Knob(KnobKey::Less));
            assert_eq!(tries(&a), Some(17.0), "sent and answered at once inline");
            let marks = a.track().marks();
            assert_eq!(marks.last().map(|m| m.label.as_str()), Some("tries 18→17"));
            assert_eq!(a.state(), RunState::Idle, "a change starts nothing");
            // At the top of the range a step up stays and says so.
            update(&mut a, Action::Knob(KnobKey::Reset));
            assert_eq!(tries(&a), Some(18.0), "backspace: the preset's value");
            assert!(reduce(&mut a, Action::Knob(KnobKey::More)).is_empty());
            assert_eq!(a.message(), Some("tries stays at 18"));
        }

        #[test]
        fn enter_types_a_value_and_a_bad_one_is_refused_with_the_reason() {
            let mut a = app();
            update(&mut a, Action::Knob(KnobKey::Toggle));
            update(&mut a, Action::StartPause);
            update(&mut a, Action::Knob(KnobKey::Edit));
            assert_eq!(a.knobs().unwrap().typing.as_deref(), Some(""));
            for c in "40".chars() {
                update(&mut a, Action::Knob(KnobKey::Char(c)));
            }
            assert_eq!(reduce(&mut a, Action::Knob(KnobKey::Submit)), []);
            let m = a.message().unwrap();
            assert!(
                m.starts_with("refused: `tries` takes a whole number in 0 – 18"),
                "{m}"
            );
            assert_eq!(a.knobs().unwrap().typing, None, "the field closes");
            assert_eq!(a.state(), RunState::Running, "the run goes on");
            update(&mut a, Action::Knob(KnobKey::Edit));
            for c in "x2".chars() {
                update(&mut a, Action::Knob(KnobKey::Char(c)));
            }
            update(&mut a, Action::Knob(KnobKey::Submit));
            assert_eq!(
                a.message(),
                Some("refused: `tries`: expected a whole number, got x2")
            );
            update(&mut a, Action::Knob(KnobKey::Edit));
            update(&mut a, Action::Knob(KnobKey::Char('9')));
            update(&mut a, Action::Knob(KnobKey::Char('9')));
            update(&mut a, Action::Knob(KnobKey::Erase));
            update(&mut a, Action::Knob(KnobKey::Submit));
            assert_eq!(tries(&a), Some(9.0), "typed 99, erased one: 9");
            // Esc while typing gives up the value only.
            update(&mut a, Action::Knob(KnobKey::Edit));
            update(&mut a, Action::Knob(KnobKey::Char('3')));
            update(&mut a, Action::Knob(KnobKey::Cancel));
            assert!(a.knobs().is_some() && a.knobs().unwrap().typing.is_none());
            assert_eq!(tries(&a), Some(9.0));
            // The run (R undone by R' at try 11) now gives up at try 9.
            for _ in 0..20 {
                update(&mut a, Action::Tick);
            }
            assert_eq!(a.state(), RunState::Exhausted);
            assert!(reduce(&mut a, Action::Knob(KnobKey::More)).is_empty());
            assert!(a.message().unwrap().starts_with("the run is exhausted"));
        }

        #[test]
        fn a_value_the_solver_refuses_comes_back_as_an_error() {
            let mut a = app();
            update(&mut a, Action::Knob(KnobKey::Toggle));
            // Sent past the panel's check: the solver's own check speaks.
            super::super::set_param(&mut a, "tries".into(), 2.5);
            update(&mut a, Action::Tick);
            let m = a.message().unwrap();
            assert!(m.contains("`tries` takes a whole number"), "{m}");
            super::super::set_param(&mut a, "nope".into(), 1.0);
            update(&mut a, Action::Tick);
            assert!(a.message().unwrap().contains("unknown key `nope`"));
            assert_eq!(tries(&a), Some(18.0));
        }

        #[test]
        fn steps_are_logarithmic_or_a_twentieth_of_the_range() {
            use cubetui_solve::params::Live;
            let unit = ParamSpec::unit("m", 0.2, Live::Yes, "m");
            assert_eq!(stepped(0.2, Some(&unit), true), 0.25);
            assert_eq!(stepped(0.2, Some(&unit), false), 0.15);
            assert_eq!(stepped(1.0, Some(&unit), true), 1.0, "clamped");
            let pop = ParamSpec::int("p", (2, 100_000), 100, Scale::Log, Live::Yes, "p");
            assert_eq!(stepped(100.0, Some(&pop), true), 133.0);
            assert_eq!(stepped(2.0, Some(&pop), true), 3.0, "whole numbers move");
            assert_eq!(stepped(2.0, Some(&pop), false), 2.0);
            let t = ParamSpec::float("t", (1e-6, 1e3), 1.0, Scale::Log, Live::Yes, "t");
            let up8 = (0..8).fold(1.0, |v, _| stepped(v, Some(&t), true));
            assert!((up8 - 10.0).abs() < 1e-9, "eight steps a decade: {up8}");
            let open = ParamSpec::int("s", (1, i64::MAX), 200, Scale::Linear, Live::Yes, "s");
            assert_eq!(stepped(200.0, Some(&open), true), 220.0);
            assert_eq!(stepped(3.0, Some(&open), false), 2.0);
        }
    }
}
