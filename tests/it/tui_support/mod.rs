//! A tiny deterministic solver for the runner and screen tests: it knows the
//! inverse of the scramble and plays one move of it per step.
#![allow(dead_code)]

pub mod solvers;

use cubetui::tui::app::{App, Choice};
use cubetui_cube::{Alg, Cube};
use cubetui_run::runner::{Inline, Speed};
use cubetui_solve::{
    Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status, StopReason,
};

pub struct Toy {
    start: Cube,
    current: Cube,
    plan: Vec<cubetui_cube::Move>,
    done: usize,
    iteration: u64,
    generator: String,
}

pub const GENERATORS: [&str; 2] = ["faces", "pll"];

impl Toy {
    /// A toy that solves `start` by undoing `scramble` (which led to it).
    pub fn new(start: Cube, scramble: &Alg) -> Toy {
        Toy {
            start,
            current: start,
            plan: scramble.inverse().into_moves(),
            done: 0,
            iteration: 0,
            generator: GENERATORS[0].into(),
        }
    }
}

impl Solver for Toy {
    fn profile(&self) -> Profile {
        Profile {
            step: "toy step",
            series: vec![
                SeriesSpec::new("temperature", 4),
                SeriesSpec::new("acceptance", 1).unit("%", 100.0).no_plot(),
                SeriesSpec::new("hidden", 0).no_plot().no_row(),
            ],
        }
    }
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status() != Status::Running {
                break;
            }
            self.current.apply_move(self.plan[self.done]);
            self.done += 1;
            self.iteration += 1;
        }
        self.status()
    }
    fn status(&self) -> Status {
        if self.current.is_solved() {
            Status::Solved
        } else if self.done >= self.plan.len() {
            Status::Exhausted
        } else {
            Status::Running
        }
    }
    fn snapshot(&self) -> Snapshot {
        let e = self.current.misplaced() as f64;
        Snapshot {
            iteration: self.iteration,
            energy: e,
            best_energy: e,
            current: self.current.into(),
            best: self.current.into(),
            sequence_len: self.done,
            generator: Some(self.generator.clone()),
            phase: None,
            status: self.status(),
            last_step: self.done.checked_sub(1).map(|i| {
                format!(
                    "played {} ({}/{})",
                    self.plan[i],
                    self.done,
                    self.plan.len()
                )
            }),
            exhausted_by: (self.status() == Status::Exhausted)
                .then(|| StopReason::Other(format!("plan of {} moves", self.plan.len()))),
            rows: Vec::new(),
            values: vec![1.0 / (1.0 + self.iteration as f64), 0.5, 7.0],
        }
    }
    fn outcome(&self) -> Outcome {
        Outcome {
            solved: self.current.is_solved(),
            solution: Alg::new(self.plan[..self.done].to_vec()).into(),
            energy: self.current.misplaced() as f64,
            iterations: self.iteration,
            extra: Default::default(),
        }
    }
    fn generators(&self) -> Vec<String> {
        GENERATORS.iter().map(|s| s.to_string()).collect()
    }
    fn set_generator(&mut self, name: &str) -> Result<(), SolveError> {
        if GENERATORS.contains(&name) {
            self.generator = name.into();
            Ok(())
        } else {
            Err(SolveError::UnknownGenerator {
                name: name.into(),
                available: GENERATORS.join(", "),
            })
        }
    }
}

/// Preset `name` as a menu entry with `description`, built as the binary
/// builds it (any size).
pub fn preset_choice(name: &str, description: String) -> Choice {
    let cfg = crate::shipped().get(name).expect("preset builds");
    Choice {
        preset: name.to_string(),
        solver: cfg.name().to_string(),
        description,
        build: Box::new(move |start, seed| cubetui_solve::build_any(&cfg, start, seed)),
    }
}

/// Every shipped preset, in the screen's order, with its description, built
/// for any size as the binary builds them.
pub fn shipped_choices() -> Vec<Choice> {
    crate::shipped()
        .list()
        .into_iter()
        .map(|name| preset_choice(name, crate::shipped().info(name).unwrap().description))
        .collect()
}

/// Two toy presets for the screen, both undoing `scramble`.
pub fn toy_choices(scramble: &'static str) -> Vec<Choice> {
    let alg: Alg = scramble.parse().expect("scramble");
    let mk = |name: &str| Choice {
        preset: name.to_string(),
        description: format!("a toy solver called {name} that replays a plan"),
        solver: "toy".into(),
        build: Box::new({
            let alg = alg.clone();
            move |start, _seed| {
                let start = start
                    .three()
                    .copied()
                    .ok_or_else(|| cubetui_solve::SolveError::Config("a 3x3 toy".into()))?;
                Ok(Box::new(Toy::new(start, &alg)) as Box<dyn Solver>)
            }
        }),
    };
    vec![mk("toy-a"), mk("toy-b")]
}

/// An app on the inline driver with the toy presets, scrambled by `scramble`.
pub fn toy_app(scramble: &'static str) -> App {
    let inline = Inline::new(Speed::PerFrame(1));
    let mut app = App::new(toy_choices(scramble), 0, 42, Box::new(inline));
    // One step per frame, so tests count frames.
    cubetui::tui::reducer::update(&mut app, cubetui::tui::keys::Action::Slower);
    assert_eq!(app.speed(), Speed::PerFrame(1));
    cubetui::tui::reducer::update(
        &mut app,
        cubetui::tui::keys::Action::ApplyAlg(scramble.to_string()),
    );
    app
}
