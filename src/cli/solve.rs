//! `cubetui solve`: one cube of any size (`--size N`), headless: one text
//! and one `--json` object (the run's [`super::schema::ResultLine`], with
//! `size` past the 3×3) for every size.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;
use color_eyre::eyre::Report;

use cubetui_cube::nxn::Size;
use cubetui_solve::preset::Presets;

use super::common::StartArgs;
use super::config::SolverArgs;
use super::exit::{EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED};
use super::run::run_recorded;
use super::schema::Reference;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub start: StartArgs,
    #[command(flatten)]
    pub solver: SolverArgs,
    #[command(flatten)]
    pub size: super::common::SizeArg,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
    /// Print a sequence longer than 200 moves in full. By default the text
    /// shows any such sequence, solved or not, as its count and its first and
    /// last 20 moves; with --json a solution is always whole (it is the
    /// result), while an unsolved walk is summarised the same way, with
    /// `solution_truncated` true (`moves_htm` keeps the length).
    #[arg(long)]
    pub full: bool,
    /// Also solve the start with the two-phase reference (an exact method;
    /// on the 2x2 the optimal distance table) and report its length as
    /// `reference_htm`. No reference exists for sizes past the 3x3: the run
    /// goes ahead and the reference line says so (`reference_htm` null).
    #[arg(long)]
    pub reference: bool,
    /// Write the run to FILE as it goes (JSON Lines: a header, then plot
    /// points, changes and the result, each line flushed); `cubetui replay
    /// FILE --verify` runs it again. Every size.
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
}

/// Solves one cube: 0 when solved, 4 when not, 130 when interrupted
/// (solved or not).
pub fn run(args: SolveArgs, presets: &Presets) -> Result<ExitCode, Report> {
    // Ctrl-C stops the search and prints the best result so far (exit 130).
    let size = args.size.get();
    let has_reference = super::bench::engine::has_reference(size);
    let interrupted = crate::signals::ctrl_c_flag(EXIT_INTERRUPTED);
    let resolved = args.solver.on_size(size, presets).resolve(presets)?;
    let start = args.start.resolve(args.solver.seed, size)?;
    let running = AtomicBool::new(true);
    let mut r = std::thread::scope(|s| {
        s.spawn(|| progress(&running, &resolved));
        let r = run_recorded(
            &resolved,
            &start,
            args.solver.seed,
            Some(&interrupted),
            args.record.as_deref(),
        );
        running.store(false, Ordering::SeqCst);
        r
    })?;
    let reference = if args.reference && !has_reference {
        // The run goes ahead; the yardstick says why it is missing.
        r.json.tail.reference = Reference::NoneForSize;
        format!(
            "reference:  none ({})\n",
            cubetui_solve::yardstick::none_for(size)
        )
    } else if args.reference {
        let htm = super::bench::engine::exact_htm(&start.cube)?;
        r.json.tail.reference = Reference::Htm(htm);
        let how = cubetui_solve::yardstick::Yardstick::of(size).map_or("", |y| y.how());
        format!("reference:  {htm} HTM ({how})\n")
    } else {
        String::new()
    };
    // A walk can be hundreds of thousands of moves, solved or not: shown, not dumped.
    let short = (!args.full)
        .then(|| super::out::summary(&r.json.run.solution))
        .flatten();
    let mut text = String::new();
    if args.json {
        // A solution is the result: whole; an unsolved walk is summarised.
        r.json.cut_solution(args.full);
        text = r.json.to_line()?;
        text.push('\n');
    } else {
        let sol = if r.solution.is_empty() {
            "(empty)".to_string()
        } else if let Some(short) = short {
            format!(
                "{} moves, first and last 20: {short} (--full prints all)",
                r.solution.len(),
            )
        } else {
            r.solution.to_string()
        };
        let mut neighbourhood = r
            .json
            .run
            .neighbourhood
            .as_deref()
            .map(|n| format!(", neighbourhood {n}"))
            .unwrap_or_default();
        if size != Size::THREE {
            let _ = write!(neighbourhood, ", {size}");
        }
        let _ = write!(
            text,
            "{}\nsolution:   {sol}\nlength:     {} HTM ({} raw move{})\n\
             energy:     {}\niterations: {}\nstopped by: {}\ntime:       {:.1} ms\nsolver:     {} (preset {}{neighbourhood})\n",
            match (r.solved, r.cancelled) {
                (true, false) => "solved",
                (true, true) => "solved (interrupted: the best so far)",
                (false, false) => "NOT solved",
                (false, true) => "NOT solved (interrupted)",
            },
            r.solution.turns(),
            r.moves_raw,
            if r.moves_raw == 1 { "" } else { "s" },
            r.energy,
            r.iterations,
            r.stopped_by,
            r.elapsed.as_secs_f64() * 1e3,
            r.json.run.solver,
            resolved.preset,
        );
        text.push_str(&reference);
    }
    super::out::stdout(text.as_bytes())?;
    // Ctrl-C is 130 even when an anytime solver (sa-short) had a solved
    // sequence by then: the run was cut, as the docs say of every command.
    Ok(ExitCode::from(if r.cancelled {
        EXIT_INTERRUPTED
    } else if r.solved {
        EXIT_OK
    } else {
        EXIT_UNSOLVED
    }))
}

/// While `running`, a progress line every few seconds when stderr is not
/// a terminal: `solve: 10.0 s elapsed (time limit 60 s)`.
fn progress(running: &AtomicBool, r: &super::config::Resolved) {
    let mut ticker = super::progress::Ticker::new();
    if !ticker.on() {
        return;
    }
    let budget = match (r.time_limit, r.max_steps) {
        (Some(t), _) => format!(" (time limit {} s)", t.as_secs_f64()),
        (None, Some(n)) => format!(" (step limit {n})"),
        (None, None) => String::new(),
    };
    while running.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(50));
        ticker.tick(|secs| format!("solve: {}{budget}", super::progress::elapsed(secs)));
    }
}
