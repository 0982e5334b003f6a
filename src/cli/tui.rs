//! `cubetui` with no subcommand: the live screen.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, Sender};
use std::time::{SystemTime, UNIX_EPOCH};

use clap::Args;
use color_eyre::eyre::Report;

use crate::tui::app::{App, Choice, SCREEN_SIZES, SPEEDS};
use crate::tui::keys::Action;
use crate::tui::reducer::update;
use crate::tui::terminal;
use crate::tui::theme::{Depth, Theme};
use cubetui_cube::AnyAlg;
use cubetui_cube::nxn::Size;
use cubetui_run::runner::{Runner, Speed};
use cubetui_solve::SolverConfig;
use cubetui_solve::neighbourhood::Formulas;
use cubetui_solve::preset::Presets;
use cubetui_solve::reference::cache;

use super::exit::{InvalidInput, OutputError, UsageError};
use super::userconf::{self, Settings};

/// Options of the interactive screen (the default command).
#[derive(Debug, Args)]
pub struct TuiArgs {
    /// Solver preset to start with (Tab cycles through all of them).
    #[arg(long)]
    preset: Option<String>,
    /// Start with the first preset of this solver (see `cubetui solve --help`).
    #[arg(long)]
    solver: Option<String>,
    /// Seed of the solver and of `s` scrambles, drawn as `bench --seed` draws
    /// its cubes (the first is `solve --random-state --seed`'s; default: from
    /// the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Scramble to start from, in WCA notation (SiGN/WCA big-cube notation
    /// on other sizes: `2R`, `Rw`, `3Rw2`).
    #[arg(long, allow_hyphen_values = true)]
    scramble: Option<String>,
    #[command(flatten)]
    size: super::common::SizeArg,
    /// Colour theme: classic, pastel, or a theme file (a path, like
    /// assets/themes/pastel.toml) [default: classic, or config.toml's]
    #[arg(long, value_name = "NAME|FILE")]
    theme: Option<String>,
    /// Formula catalogue for pll and pll-conj, replacing assets/formulas.txt.
    #[arg(long, value_name = "FILE")]
    formulas: Option<std::path::PathBuf>,
    /// Start a race of these presets (2 to 6, comma-separated) on the
    /// start state; w or esc leaves it for the single run.
    #[arg(long, value_name = "A,B,…", value_delimiter = ',')]
    race: Vec<String>,
    /// Frames per second, at most 60 [default: 30, or config.toml's]
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    fps: Option<u32>,
    /// Write each run to a run file as it goes (see `cubetui replay`): the
    /// first to FILE, later runs to FILE.2, FILE.3, … (before the
    /// extension: run.2.jsonl), a race's lanes to FILE with each preset's
    /// name (run.mws.jsonl). Exit 5 if FILE cannot be created.
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// Override a parameter of the preset the screen starts with, as in
    /// `solve`, e.g. `--set schedule.t0=5000` (repeatable); `y` prints them.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

/// What to run instead of the screen without a terminal.
const NO_TERMINAL: &str = "`cubetui solve --random-state` or \
`cubetui bench --cubes 10 --random-state` for results as text";

/// Whether keys can be read: stdin is a terminal, or the process has a
/// controlling terminal (`/dev/tty`), which is what the screen reads then.
fn has_tty() -> bool {
    cfg!(not(unix))
        || std::io::stdin().is_terminal()
        || std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .is_ok()
}

/// Every preset of `table` as a choice for the screen, its annealers
/// reading `formulas`.
fn choices(table: &Presets, formulas: &Formulas) -> Vec<Choice> {
    offered(table)
        .into_iter()
        .map(|(name, cfg)| (name, cfg.with_formulas(formulas)))
        .map(|(name, cfg)| Choice {
            description: table
                .info(&name)
                .map(|i| i.description_on(Size::THREE))
                .unwrap_or_default(),
            preset: name,
            solver: cfg.name().to_string(),
            build: Box::new(move |start, seed| cubetui_solve::build_any_pending(&cfg, start, seed)),
        })
        .collect()
}

/// The screen's theme: `arg` (`--theme`), else the settings file's, else
/// classic; as deep as the terminal draws, ASCII where it must.
pub(super) fn theme(arg: Option<String>, settings: &Settings) -> Result<Theme, Report> {
    let mut base = None;
    let name = match arg {
        Some(t) => t,
        None => {
            base = settings.theme.as_ref().and_then(|_| userconf::dir());
            settings.theme.clone().unwrap_or_else(|| "classic".into())
        }
    };
    // What the terminal can draw is decided once, here.
    let mut theme = userconf::theme(&name, base.as_deref(), Depth::detect())?;
    theme.ascii = terminal::ascii_from_env();
    Ok(theme)
}

/// Refuses to open the screen where it cannot work: stdout not a terminal,
/// no terminal to read keys from, `TERM=dumb`. `instead` says what to run.
pub(super) fn check_terminal(instead: &str) -> Result<(), Report> {
    let needs = format!(
        "the screen needs one: run it from a terminal without redirecting it, or {instead}"
    );
    if !std::io::stdout().is_terminal() {
        return Err(UsageError(format!("stdout is not a terminal (redirected?); {needs}")).into());
    }
    if !has_tty() {
        return Err(UsageError(format!("there is no terminal to read keys from; {needs}")).into());
    }
    if terminal::is_dumb(&std::env::var("TERM").unwrap_or_default()) {
        return Err(UsageError(format!(
            "TERM=dumb: this terminal cannot move the cursor or draw in place, which \
             the screen needs; run it in a full terminal (e.g. TERM=xterm-256color), or {instead}"
        ))
        .into());
    }
    Ok(())
}

/// The presets of `table` the screen offers: those that run on one of its
/// sizes (the app offers on each size those that run there).
fn offered(table: &Presets) -> Vec<(String, SolverConfig)> {
    table
        .list()
        .into_iter()
        .filter(|name| {
            SCREEN_SIZES
                .clone()
                .filter_map(|n| Size::new(n).ok())
                .any(|size| table.runs_on(name, size).is_ok())
        })
        .filter_map(|name| Some((name.to_string(), table.get(name).ok()?)))
        .collect()
}

/// Runs the screen on the presets of `table`; `warnings` (user presets
/// refused) go to its message line.
pub fn run(mut args: TuiArgs, table: &Presets, warnings: Vec<String>) -> Result<ExitCode, Report> {
    let formulas = super::config::formulas(args.formulas.as_deref())?;
    if args.formulas.is_some() && (args.record.is_some() || !args.race.is_empty()) {
        // The screen's run files and races name presets, not the catalogue.
        return Err(UsageError(
            "--formulas with --record or --race: the screen records and races the built-in \
             catalogue only (`cubetui solve --formulas F --record R` records a catalogue)"
                .into(),
        )
        .into());
    }
    // The settings file gives the defaults; the command line wins.
    let settings = userconf::settings(table)?;
    // A preset asked for on the command line must run on the size; the
    // settings file's or the default gives way to one that does.
    let asked = args.preset.is_some() || args.solver.is_some();
    if args.preset.is_none() && args.solver.is_none() {
        args.preset = settings.preset.clone();
    }
    let fps = args.fps.or(settings.fps).unwrap_or(30);
    // Without --size, a preset made for one size opens that size.
    args.size.settle(args.preset.as_deref(), table)?;
    let size = args.size.get();
    if !SCREEN_SIZES.contains(&size.get()) {
        return Err(UsageError(format!(
            "--size {n}: the screen shows the 2x2 to the 7x7 \
             (`cubetui solve --size {n} --random-state` runs any size as text)",
            n = size.get()
        ))
        .into());
    }
    let theme = theme(args.theme.take(), &settings)?;
    let mut choices = choices(table, &formulas);
    let default = table
        .default_for(&table.default_solver())
        .unwrap_or_default();
    let mut choice = choices
        .iter()
        .position(|c| c.preset == default)
        .unwrap_or(0);
    if let Some(p) = &args.preset {
        if p.contains(',') {
            return Err(UsageError(format!(
                "--preset `{p}`: one preset to start with (`--race a,b,c` races several)"
            ))
            .into());
        }
        let name = table.canonical(p).map_err(|e| UsageError(e.to_string()))?;
        choice = choices
            .iter()
            .position(|c| c.preset == name)
            .ok_or_else(|| UsageError(format!("preset `{p}` cannot be built")))?;
    } else if let Some(s) = &args.solver {
        let preferred = table.default_for(s).unwrap_or_default();
        choice = choices
            .iter()
            .position(|c| c.preset == preferred)
            .or_else(|| choices.iter().position(|c| &c.solver == s))
            .ok_or_else(|| {
                UsageError(format!(
                    "unknown solver `{s}` (available: {})",
                    table.solvers().join(", ")
                ))
            })?;
    }
    if let Some(s) = &args.scramble {
        AnyAlg::parse_sized(s, size).map_err(|e| InvalidInput(format!("--scramble: {e}")))?;
    }
    // `--set` builds the starting preset with its overrides.
    let sets = if args.set.is_empty() {
        None
    } else {
        let name = choices[choice].preset.clone();
        let base = table.get(&name).map_err(|e| UsageError(e.to_string()))?;
        let (cfg, pairs) = super::config::apply_sets(&base, &args.set)?;
        let built = cfg.clone();
        choices[choice].build =
            Box::new(move |start, seed| cubetui_solve::build_any_pending(&built, start, seed));
        Some((pairs, cfg))
    };
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let (notice_tx, notices) = std::sync::mpsc::channel();
    let runner = Runner::spawn(Speed::PerFrame(1));
    let mut app = App::new(choices, choice, seed, Box::new(runner));
    app.set_presets(table.clone());
    if let Some((pairs, cfg)) = sets {
        app.set_command_line_overrides(choice, pairs, cfg);
    }
    if size != Size::THREE {
        app.open_size(size);
        // Opening the size picked the first preset that runs there; the
        // one asked for (or the default, where it runs) comes first.
        if !app.select(choice) && asked {
            let name = app.choices()[choice].preset.clone();
            let why = table
                .runs_on(&name, size)
                .err()
                .map_or_else(String::new, |e| format!(": {e}"));
            return Err(UsageError(format!(
                "preset `{name}` does not run on the {size}{why} (Tab on the screen offers those that do)"
            ))
            .into());
        }
    }
    app.set_theme(theme);
    app.set_lane_driver(Box::new(|| Box::new(Runner::spawn(Speed::PerFrame(1)))));
    // A newcomer meets a scrambled cube: the given scramble, else a random state.
    match args.scramble {
        Some(s) => {
            update(&mut app, Action::ApplyAlg(s));
            app.set_message(Some(
                "space solves it (s: a new scramble, x: solved cube)".into(),
            ));
        }
        None => update(&mut app, Action::Scramble),
    }
    if !args.race.is_empty() {
        let entries: Vec<&str> = args.race.iter().map(String::as_str).collect();
        super::common::check_preset_list("--race", &entries)?;
    }
    if let Some(path) = args.record {
        app.record_to(path).map_err(OutputError)?;
    }
    if !args.race.is_empty() {
        app.open_race(&args.race)
            .map_err(|e| UsageError(format!("--race: {e}")))?;
    }
    // Options are checked first: a bad one is reported the same with or
    // without a terminal (the run files written so far are removed).
    if let Err(e) = check_terminal(NO_TERMINAL) {
        app.discard_recording();
        return Err(e);
    }
    run_screen(app, &settings, warnings, fps, (notice_tx, notices))
}

/// The screen itself, once everything is checked: the speed from the
/// settings, `warnings` in the message line, the reference tables started
/// (their messages sent to `notice_tx`, shown from `notices`), then the
/// event loop.
fn run_screen(
    mut app: App,
    settings: &Settings,
    warnings: Vec<String>,
    fps: u32,
    (notice_tx, notices): (Sender<String>, Receiver<String>),
) -> Result<ExitCode, Report> {
    if let Some(step) = settings.speed.as_ref().and_then(Settings::speed_step) {
        for _ in 0..SPEEDS.len() {
            update(&mut app, Action::Slower);
        }
        for _ in 0..step {
            update(&mut app, Action::Faster);
        }
    }
    if let Some(w) = warnings.first() {
        // Shown before the screen takes the terminal, and on its message line.
        let mut err = std::io::stderr();
        for w in &warnings {
            let _ = writeln!(err, "warning: {w}");
        }
        let more = match warnings.len() {
            1 => String::new(),
            n => format!(" (and {} more)", n - 1),
        };
        app.set_message(Some(format!("{w}{more}")));
    }
    // Every run measures moves to solved with the reference tables: they
    // are loaded (or, once, built) off the screen's thread; until then the
    // measure is unknown.
    super::table_cache::warm_up_for_screen(notice_tx);
    let exit = crate::tui::run(app, fps, notices);
    // A table build may still be writing on its own thread.
    cache::remove_temp();
    Ok(ExitCode::from(exit?.code()))
}
