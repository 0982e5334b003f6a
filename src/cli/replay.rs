//! Run files on the command line: `solve --record FILE` writes one
//! ([`record`]; the screen's and `race`'s are written from their runners'
//! updates, see `cubetui_run::record::live`), `replay FILE` opens the
//! screen on it (no solver running), `replay FILE --summary` (and `replay
//! FILE` when stdout is not a terminal) summarises it, and `replay FILE
//! --verify` runs it again and compares the result.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::Args;
use color_eyre::eyre::Report;

use crate::tui::app::App;
use crate::tui::replay::Replay;
use cubetui_cube::AnyCube;
use cubetui_run::budget::{Budget, Ran};
use cubetui_run::record::{self, Event, Header, RunFile, Writer, check, play};
use cubetui_run::runner::{Inline, Speed};
use cubetui_solve::Solver;
use cubetui_solve::preset::Presets;

use super::config::Resolved;
use super::exit::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, InvalidInput, OutputError};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The run file (written by `--record FILE` of `solve`, `race` or the screen).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Run the solve again from the file's header and its recorded knob and
    /// generator changes, and compare the result (solved, solution, steps):
    /// exit 0 when identical, 4 when not (naming what differs); 3 when the
    /// file cannot be run again (among others: the formula catalogue it
    /// records is missing or has changed).
    #[arg(long, conflicts_with = "summary")]
    pub verify: bool,
    /// Print a summary (header, events, result) instead of opening the
    /// screen; the default when stdout is not a terminal.
    #[arg(long)]
    pub summary: bool,
}

/// Steps `solver` as `solve` would, writing the run file at `path`.
pub fn record(
    r: &Resolved,
    start: &AnyCube,
    seed: u64,
    solver: &mut dyn Solver,
    limits: Budget,
    cancel: Option<&AtomicBool>,
    path: &Path,
) -> Result<Ran, Report> {
    let shown = path.display().to_string();
    let header = Header::new(
        &r.preset,
        &r.config,
        seed,
        start,
        r.max_steps,
        r.time_limit,
        &solver.profile(),
    )
    .map_err(|e| OutputError(format!("{shown}: {e}")))?;
    let file = cubetui_solve::files::create_locked(path)
        .map_err(|e| OutputError(super::out::created(&shown, &e)))?;
    let write_err = |e: record::RecordError| OutputError(format!("{shown}: {e}"));
    let mut w = Writer::new(file, &header).map_err(write_err)?;
    let played = play::run(solver, limits, cancel, &[], &mut |e| w.event(e)).map_err(write_err)?;
    Ok(Ran {
        steps: played.result.steps,
        search: played.search,
        stop: played.stop,
    })
}

/// The largest run file `replay` reads (a long screen session writes a
/// few MB; a whole walk of millions of moves tens of MB).
pub const RUN_FILE_LIMIT: u64 = 256 << 20;

/// Reads and checks a run file: any failure is exit 3 with the reason.
fn read(path: &Path) -> Result<RunFile, Report> {
    let shown = path.display();
    let bytes = cubetui_solve::files::read_bounded(path, RUN_FILE_LIMIT, "a run file")
        .map_err(|e| InvalidInput(format!("{shown}: {e}")))?;
    Ok(RunFile::parse(&bytes).map_err(|e| InvalidInput(format!("{shown}: {e}")))?)
}

/// What `file` claims that does not hold (see [`check::problems`]), its
/// preset looked up in `presets`.
fn problems(file: &RunFile, presets: &Presets) -> Vec<String> {
    let solver = match (file.header.config(), file.header.start()) {
        (Ok(cfg), Ok(start)) => cubetui_solve::build_any(&cfg, &start, file.header.seed).ok(),
        _ => None,
    };
    check::problems(file, presets, solver.as_deref())
}

/// `cubetui replay FILE [--verify | --summary]`.
pub fn run(args: ReplayArgs, presets: &Presets) -> Result<ExitCode, Report> {
    let file = read(&args.file)?;
    // A `reference` run builds its search on the tables (checking the
    // file, re-running it): obtained first, saying so on stderr.
    if file.header.config().is_ok_and(|c| c.name() == "reference")
        && file.header.start().is_ok_and(|c| c.three().is_some())
    {
        super::table_cache::obtain_on_stderr(false);
    }
    if !args.verify {
        // The summary and the screen show only a file that holds.
        let found = problems(&file, presets);
        if !found.is_empty() {
            return Err(InvalidInput(format!(
                "{}: the file does not hold: {}",
                args.file.display(),
                found.join("; ")
            ))
            .into());
        }
    }
    // The screen shows the 2x2 to the 7x7; a file of another size is summarised.
    let shown_size = crate::tui::app::SCREEN_SIZES.contains(&(file.header.size as usize));
    if !args.verify && !args.summary && shown_size && std::io::stdout().is_terminal() {
        return screen(&args.file, file, presets);
    }
    let shown = args.file.display();
    let mut text = String::new();
    if args.verify {
        let interrupted = crate::signals::ctrl_c_flag(EXIT_INTERRUPTED);
        let verdict = cubetui_run::record::verify::verify(&file, presets, Some(&interrupted))
            .map_err(|e| InvalidInput(format!("{shown}: {e}")))?;
        let again = &verdict.again;
        if verdict.interrupted {
            let _ = writeln!(
                text,
                "interrupted after {} of {} {}s: nothing compared",
                again.steps,
                file.result.as_ref().map_or(0, |r| r.steps),
                file.header.step_unit,
            );
            super::out::stdout(text.as_bytes())?;
            return Ok(ExitCode::from(EXIT_INTERRUPTED));
        }
        if verdict.differences.is_empty() {
            let _ = writeln!(
                text,
                "identical: {}, {} HTM, {} {}s ({} points and {} phase changes compared)",
                if again.solved { "solved" } else { "not solved" },
                again.htm,
                again.iterations,
                file.header.step_unit,
                verdict.points,
                verdict.phases,
            );
        } else {
            let _ = writeln!(text, "DIFFERENT from the recorded run:");
            for d in &verdict.differences {
                let _ = writeln!(text, "  {d}");
            }
        }
        super::out::stdout(text.as_bytes())?;
        return Ok(ExitCode::from(if verdict.differences.is_empty() {
            EXIT_OK
        } else {
            EXIT_UNSOLVED
        }));
    }
    let h = &file.header;
    let count = |f: fn(&Event) -> bool| file.events.iter().filter(|e| f(e)).count();
    let _ = write!(
        text,
        "run file:   {shown} (format {}, written by cubetui {})\n\
         preset:     {} (solver {})\nseed:       {}\nstart:      {}{}\n\
         budget:     {}\nevents:     {} points ({}), {} knob, {} generator, {} phase changes\n",
        h.format,
        h.program,
        h.preset,
        h.solver,
        h.seed,
        h.facelets,
        if h.size == 3 {
            String::new()
        } else {
            format!(" ({0}x{0})", h.size)
        },
        match (h.max_steps, h.time_limit_s) {
            (None, None) => "the solver's own".to_string(),
            (Some(n), None) => format!("{n} steps"),
            (None, Some(t)) => format!("{t} s"),
            (Some(n), Some(t)) => format!("{n} steps, {t} s"),
        },
        count(|e| matches!(e, Event::Point { .. })),
        h.series.join(", "),
        count(|e| matches!(e, Event::Knob { .. })),
        count(|e| matches!(e, Event::Generator { .. })),
        count(|e| matches!(e, Event::Phase { .. })),
    );
    if let Some(f) = &h.formulas {
        let _ = writeln!(text, "formulas:   {} ({})", f.path, f.digest);
    }
    match &file.result {
        Some(r) => {
            let _ = writeln!(
                text,
                "result:     {}{}, {} HTM after {} {}s\nsolution:   {}",
                if r.solved { "solved" } else { "NOT solved" },
                if r.interrupted { " (interrupted)" } else { "" },
                r.htm,
                r.iterations,
                h.step_unit,
                if r.solution.is_empty() {
                    "(empty)"
                } else {
                    &r.solution
                },
            );
        }
        None => text.push_str("result:     none (the run was stopped before it ended)\n"),
    }
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::from(EXIT_OK))
}

/// The screen on the recorded run `file` read from `path`: no solver runs
/// (the solver the header names is built only to describe its series).
/// The screen's settings (theme, fps) come from the settings file.
/// Every check of the file is made before the terminal is taken.
fn screen(path: &Path, file: RunFile, presets: &Presets) -> Result<ExitCode, Report> {
    let settings = super::userconf::settings(presets)?;
    let theme = super::tui::theme(None, &settings)?;
    let profile = match (file.header.config(), file.header.start()) {
        (Ok(cfg), Ok(start)) => match start.three() {
            Some(c) => cfg.profile(*c, file.header.seed),
            None => cubetui_solve::build_any(&cfg, &start, file.header.seed)
                .ok()
                .map(|s| s.profile()),
        },
        _ => None,
    };
    let fps = settings.fps.unwrap_or(30);
    let name = path.display().to_string();
    let replay =
        Replay::new(&name, file, profile, fps).map_err(|e| InvalidInput(format!("{name}: {e}")))?;
    super::tui::check_terminal(&format!(
        "`cubetui replay {name} --summary` for the run as text"
    ))?;
    let mut app = App::new(
        Vec::new(),
        0,
        replay.header().seed,
        Box::new(Inline::new(Speed::PerFrame(1))),
    );
    app.set_theme(theme);
    app.open_replay(replay);
    let (_keep, notices) = std::sync::mpsc::channel();
    let exit = crate::tui::run(app, fps, notices)?;
    Ok(ExitCode::from(exit.code()))
}
