//! How much throughput an unthrottled solver loses with the UI attached.
//!
//! Runs the same solver (by default the annealer of preset sa-faces, budget
//! N proposals, never frozen; `preset=ga` a GA of N generations, `woc`,
//! `phases-es` … likewise) twice per round, side by side in one run: stepped directly in a loop on a
//! bare thread, and through the runner (a tokio task on its own thread) while
//! the real app, in a tokio event loop like the screen's, absorbs the
//! runner's channel updates as they come and redraws a 120x40 screen at
//! 60 fps. Prints proposals per solver-CPU-second (the target: the UI costs
//! at most 2 %) and per wall second for both, median over the rounds.
//!
//! `popview` turns the population view (`i`) on for the drawn screen.
//!
//! The runner measures moves to solved (two-phase searches from the best
//! state, on a thread of their own: `solve::runner::measure`) with the
//! reference tables loaded first; `nomeasure` leaves the tables unloaded,
//! so the measure stays off. Each round also prints the measuring thread's
//! CPU time beside the solver thread's.
//!
//! `cargo bench --bench runner_overhead -- [N] [rounds] [nodraw] [popview] [nomeasure] [preset=NAME]`

use std::time::{Duration, Instant};

use cubetui::tui::app::{App, Choice, SPEEDS};
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use cubetui_cube::random::{random_state, rng_from_seed};
use cubetui_run::runner::{RunState, Runner, Speed};
use cubetui_solve::{SolverConfig, Status, preset};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Preset `name` with a budget of `n` steps (whichever budget key it has).
fn config(name: &str, n: u64) -> SolverConfig {
    let mut t = preset::Presets::builtin().table(name).expect("preset");
    for key in ["max_steps", "max_generations"] {
        if t.contains_key(key) {
            t.insert(key.into(), toml::Value::Integer(n as i64));
        }
    }
    // Not frozen before the budget: the geometric schedule (T ← 0.98·T per
    // level) reaches its smallest accepted t_min, 1e-6, after 684 levels,
    // so each level takes a 684th of the budget (t_min 1e-300 is refused
    // since the parameters declare their ranges).
    if let Some(toml::Value::Table(s)) = t.get_mut("schedule") {
        s.insert("t_min".into(), toml::Value::Float(1e-6));
        s.insert(
            "per_temperature".into(),
            toml::Value::Integer((n / 684).max(1) as i64),
        );
    }
    preset::from_table(t).expect("config")
}

/// On-CPU seconds of a thread, from Linux's schedstat (0 elsewhere).
fn cpu_secs(path: &str) -> f64 {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// The on-CPU seconds of this process's threads named `name` (the solver
/// thread: "solver"; the moves-to-solved thread: "to-solved").
fn thread_cpu(name: &str) -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    dir.flatten()
        .map(|e| e.path())
        .filter(|p| std::fs::read_to_string(p.join("comm")).is_ok_and(|c| c.trim() == name))
        .map(|p| cpu_secs(&p.join("schedstat").to_string_lossy()))
        .sum()
}

/// (iterations, wall seconds, cpu seconds), stepping in the caller's loop.
fn direct(cfg: &SolverConfig, start: cubetui_cube::Cube) -> (u64, f64, f64) {
    let cfg = cfg.clone();
    std::thread::spawn(move || {
        let mut s = cfg.build(start, 1).unwrap();
        let c0 = cpu_secs("/proc/thread-self/schedstat");
        let t = Instant::now();
        while s.step(16384) == Status::Running {}
        // A run ends with its outcome (the runner builds it once at the end too).
        let _ = s.outcome();
        let secs = t.elapsed().as_secs_f64();
        let cpu = cpu_secs("/proc/thread-self/schedstat") - c0;
        (s.snapshot().iteration, secs, cpu)
    })
    .join()
    .unwrap()
}

/// (iterations, wall seconds, solver-thread cpu seconds, frames drawn,
/// moves-to-solved points, measuring-thread cpu seconds).
fn with_ui(
    cfg: &SolverConfig,
    start: cubetui_cube::Cube,
    draw: bool,
    popview: bool,
) -> (u64, f64, f64, u64, usize, f64) {
    let cfg2 = cfg.clone();
    let choice = Choice {
        preset: "bench".into(),
        solver: cfg.name().into(),
        description: "a preset, benchmarked".into(),
        build: Box::new(move |_, seed| cfg2.build(start, seed)),
    };
    let mut app = App::new(
        vec![choice],
        0,
        1,
        Box::new(Runner::spawn(Speed::PerFrame(1))),
    );
    while app.speed() != SPEEDS[SPEEDS.len() - 1] {
        update(&mut app, Action::Faster);
    }
    if popview {
        // The runner thread sends the profile after `Replace`.
        while app.profile().is_none() {
            std::thread::sleep(Duration::from_millis(1));
            app.absorb_pending();
        }
        update(&mut app, Action::TogglePopulation);
        assert!(app.population_view(), "{:?}", app.message());
    }
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    update(&mut app, Action::StartPause);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    // The screen's loop without input: tick at 60 fps, runner updates
    // absorbed as they arrive, drawn at the next tick.
    let frames = rt.block_on(async {
        let mut tick = tokio::time::interval(Duration::from_micros(16_667));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut frames = 0u64;
        loop {
            tokio::select! {
                biased;
                _ = tick.tick() => {
                    update(&mut app, Action::Tick);
                    if app.dirty() && draw {
                        term.draw(|f| ui::draw(f, &app)).unwrap();
                        app.set_dirty(false);
                        frames += 1;
                    }
                }
                _ = app.driver_mut().wait() => app.absorb_pending(),
            }
            if app.state().finished() || (app.state() == RunState::Idle && frames > 600) {
                return frames;
            }
        }
    });
    let it = app.snapshot().map_or(0, |s| s.iteration);
    (
        it,
        app.track().elapsed().as_secs_f64(),
        thread_cpu("solver"),
        frames,
        app.track().to_solved().points().len(),
        thread_cpu("to-solved"),
    )
}

fn main() {
    // `cargo bench` appends `--bench`; only the others count. Words
    // (`nodraw`, `popview`, `preset=NAME`) may come anywhere.
    let all: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let word = |w: &str| all.iter().any(|a| a == w);
    let name = all
        .iter()
        .find_map(|a| a.strip_prefix("preset="))
        .unwrap_or("sa-faces")
        .to_string();
    let mut args = all.iter().filter(|a| a.parse::<u64>().is_ok());
    let n: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(3_000_000);
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    // `nodraw`: absorb the runner's updates but do not render (isolates the
    // runner's own cost from the drawing thread's competition).
    let draw = !word("nodraw");
    let popview = word("popview");
    let measure = !word("nomeasure");
    if measure {
        cubetui_solve::reference::cache::tables();
    }
    let cfg = config(&name, n);
    println!(
        "preset {name}, {n} steps, {rounds} rounds, draw {draw}, population view {popview}, moves to solved {measure}"
    );
    let start = random_state(&mut rng_from_seed(99));
    let (mut d, mut u, mut dc, mut uc) = (vec![], vec![], vec![], vec![]);
    // Each round's own loss per cpu-second (the pair ran back to back, so
    // a slow drift of the machine's load cancels out).
    let mut paired = vec![];
    for r in 0..rounds {
        let (it, s, c) = direct(&cfg, start);
        d.push(it as f64 / s);
        dc.push(it as f64 / c);
        let (it2, s2, c2, frames, measured, mc) = with_ui(&cfg, start, draw, popview);
        u.push(it2 as f64 / s2);
        uc.push(it2 as f64 / c2);
        paired.push((1.0 - (it2 as f64 / c2) / (it as f64 / c)) * 100.0);
        println!(
            "round {r}: direct {it} in {s:.3} s wall, {c:.3} s cpu; \
             with UI {it2} in {s2:.3} s wall, {c2:.3} s solver-thread cpu ({frames} frames drawn, \
             {measured} moves-to-solved points, measuring thread {mc:.3} s cpu)"
        );
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    let (md, mu) = (median(&mut d), median(&mut u));
    let (mdc, muc) = (median(&mut dc), median(&mut uc));
    println!(
        "median wall: direct {md:.0}/s, with UI {mu:.0}/s, loss {:.2} %",
        (1.0 - mu / md) * 100.0
    );
    println!(
        "median per cpu-second: direct {mdc:.0}/s, with UI {muc:.0}/s, loss {:.2} %",
        (1.0 - muc / mdc) * 100.0
    );
    println!(
        "median of the rounds' own losses per cpu-second: {:.2} %",
        median(&mut paired)
    );
}
