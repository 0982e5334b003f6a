//! One seed, one cube: the screen, `solve`, `race`, `bench` (cube 0) and
//! `scramble` draw the same start from `--seed`, the solver gets the same
//! seed, and the command `y` prints reproduces the screen's run.

use crate::cli_support;
use crate::tui_support;

use cli_support::{code, cubetui, json};
use cubetui::tui::app::{App, Choice};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui_cube::simplify::simplify;
use cubetui_run::runner::{Inline, RunState, Speed};
use tui_support::preset_choice;

/// Every preset, built as the binary builds them (no reference table wait).
fn choices() -> Vec<Choice> {
    crate::shipped()
        .list()
        .into_iter()
        .map(|name| preset_choice(name, String::new()))
        .collect()
}

/// The screen as `cubetui --seed SEED --preset PRESET` opens it: a random
/// state drawn at once.
fn screen(seed: u64, preset: &str) -> App {
    let all = choices();
    let i = all.iter().position(|c| c.preset == preset).unwrap();
    let mut app = App::new(all, i, seed, Box::new(Inline::new(Speed::PerFrame(1))));
    update(&mut app, Action::Scramble);
    app
}

fn stdout(args: &[&str]) -> String {
    let o = cubetui(args);
    assert_eq!(
        code(&o),
        0,
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// Splits a printed command on spaces, keeping a "double-quoted" scramble whole.
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut cur, mut quoted) = (String::new(), false);
    for c in cmd.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => out.extend((!cur.is_empty()).then(|| std::mem::take(&mut cur))),
            c => cur.push(c),
        }
    }
    out.extend((!cur.is_empty()).then_some(cur));
    out
}

#[test]
fn the_screen_starts_from_the_cube_every_command_draws_from_the_seed() {
    for seed in [1u64, 7, 42, 2026, u64::MAX] {
        let s = seed.to_string();
        let app = screen(seed, "sa-pll-conj");
        let shown = app.start().facelets();
        assert_eq!(app.run_seed(), seed);
        // scramble: line 0 of the seed.
        let scr = stdout(&["scramble", "--random-state", "--seed", &s]);
        assert_eq!(scr.trim(), shown, "scramble, seed {seed}");
        // solve and race report the start they ran from.
        let solve = json(&cubetui(&[
            "solve",
            "--random-state",
            "--seed",
            &s,
            "--max-steps",
            "1",
            "--json",
        ]));
        assert_eq!(solve["facelets"], shown.as_str(), "solve, seed {seed}");
        assert_eq!(solve["seed"], seed, "solve, seed {seed}");
        let race = json(&cubetui(&[
            "race",
            "--presets",
            "reference,sa-pll-conj",
            "--random-state",
            "--seed",
            &s,
            "--time-limit",
            "0.05",
            "--json",
        ]));
        assert_eq!(race["facelets"], shown.as_str(), "race, seed {seed}");
        // bench: cube 0 (and the screen's next `s` is bench's cube 1).
        let dir =
            std::env::temp_dir().join(format!("cubetui-seed-rule-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("b.jsonl");
        cubetui(&[
            "bench",
            "--random-state",
            "--cubes",
            "2",
            "--seed",
            &s,
            "--max-steps",
            "1",
            "--jsonl",
            path.to_str().unwrap(),
        ]);
        let lines = cli_support::jsonl_without_times(&path);
        assert_eq!(lines[0]["facelets"], shown.as_str(), "bench, seed {seed}");
        assert_eq!(lines[0]["seed"], seed);
        let mut next = screen(seed, "sa-pll-conj");
        update(&mut next, Action::Scramble);
        assert_eq!(lines[1]["facelets"], next.start().facelets().as_str());
        assert_eq!(lines[1]["seed"], next.run_seed());
        assert_eq!(next.cube_index(), 1);
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Runs the screen's solver to its end, unthrottled.
fn run_to_end(app: &mut App) {
    for _ in 0..10 {
        update(app, Action::Faster);
    }
    update(app, Action::StartPause);
    for _ in 0..100_000 {
        if matches!(app.state(), RunState::Solved | RunState::Exhausted) {
            return;
        }
        update(app, Action::Tick);
    }
    panic!("the run did not end: {:?}", app.state());
}

#[test]
fn the_command_y_prints_reproduces_the_screens_run() {
    for (seed, preset, draws) in [(3u64, "sa-pll-conj", 1), (11, "mws-short", 2)] {
        let mut app = screen(seed, preset);
        for _ in 1..draws {
            update(&mut app, Action::Scramble);
        }
        update(&mut app, Action::CopyCommand);
        let cmd = app.reproduce_command();
        assert_eq!(app.message(), Some(cmd.as_str()), "y shows the command");
        if draws == 1 {
            assert_eq!(
                cmd,
                format!("cubetui solve --preset {preset} --random-state --seed {seed}")
            );
        }
        run_to_end(&mut app);
        let outcome = app.outcome().expect("an outcome").clone();
        let args = words(&cmd);
        assert_eq!(args[0], "cubetui");
        let mut argv: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        argv.push("--json");
        let o = cubetui(&argv);
        let batch = json(&o);
        assert_eq!(batch["facelets"], app.start().facelets().as_str(), "{cmd}");
        assert_eq!(batch["solved"], outcome.solved, "{cmd}");
        assert_eq!(
            batch["solution"],
            simplify(outcome.solution.three().unwrap())
                .to_string()
                .as_str(),
            "{cmd}"
        );
        assert_eq!(batch["iterations"], outcome.iterations, "{cmd}");
    }
}

#[test]
fn y_on_a_scrambled_screen_and_in_a_race_names_the_start_exactly() {
    let mut app = screen(5, "sa-pll-conj");
    update(&mut app, Action::ApplyAlg("R U".into()));
    let cmd = app.reproduce_command();
    assert!(cmd.contains("--facelets "), "{cmd}");
    update(&mut app, Action::Reset);
    update(&mut app, Action::ApplyAlg("R U' F2".into()));
    assert_eq!(
        app.reproduce_command(),
        "cubetui solve --preset sa-pll-conj --scramble \"R U' F2\" --seed 5"
    );
    app.note_override("schedule.t0", "5000");
    app.note_override("schedule.t0", "4000");
    assert!(
        app.reproduce_command()
            .ends_with("--seed 5 --set schedule.t0=4000"),
        "{}",
        app.reproduce_command()
    );
    app.open_race(&["sa-pll-conj".into(), "reference".into()])
        .unwrap();
    update(&mut app, Action::CopyCommand);
    let cmd = "cubetui race --presets sa-pll-conj,reference --scramble \"R U' F2\" --seed 5";
    assert_eq!(app.message(), Some(cmd));
    // The race screen shows it too.
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(160, 48)).unwrap();
    t.draw(|f| cubetui::tui::ui::draw(f, &app)).unwrap();
    assert!(format!("{}", t.backend()).contains(cmd), "{}", t.backend());
}
