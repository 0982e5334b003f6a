//! The status panel: what runs, where it stands, and the solver's own rows
//! (from its profile). A pure function of its view data ([`StatusView`],
//! taken from the app in one place: `single_view.rs`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::tui::app::Playback;
use crate::tui::layout::STATUS_WIDTH;
use crate::tui::replay::Replay;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::random::scramble_length;
use cubetui_run::numbers::{si, thousands};
use cubetui_run::runner::{Speed, Track};

/// What the status panel draws from.
pub struct StatusView<'a> {
    /// The run: its state, latest snapshot, outcome, profile, time.
    pub track: &'a Track,
    /// The preset's name, its solver's and what it runs on this size
    /// (`None`: no preset).
    pub preset: Option<(&'a str, &'a str, String)>,
    pub speed: Speed,
    /// The solution walked through, once solved.
    pub playback: Option<&'a Playback>,
    pub size: Size,
    pub upright: bool,
    /// Depth of `s` scrambles; `None`: a uniformly random state.
    pub depth: Option<usize>,
    pub seed: u64,
    /// Which cube of the seed the start was drawn as.
    pub cube_index: u64,
    /// The start's facelets.
    pub start: String,
    /// A recorded run shown in place of a solver: its own rows.
    pub replay: Option<&'a Replay>,
}

/// Speed as shown in the status panel.
pub fn speed_label(s: Speed) -> String {
    match s {
        Speed::PerFrame(n) => format!("{} / frame", thousands(n)),
        Speed::Unthrottled => "unthrottled".into(),
    }
}

/// The first `rows` lines of `text` word-wrapped by ratatui's
/// [`Paragraph::wrap`] at `width` columns, read back from a scratch buffer:
/// the status panel shows them as rows of its own paragraph, which must not
/// wrap (its other rows are cut at the border instead).
fn wrap(text: &str, width: u16, rows: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, rows);
    let mut buf = Buffer::empty(area);
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, &mut buf);
    let mut out: Vec<String> = (0..rows)
        .map(|y| {
            let mut line = String::new();
            let mut x = 0;
            while x < width {
                let symbol = buf[(x, y)].symbol();
                line.push_str(symbol);
                // A wide character covers the cells after it.
                x += u16::try_from(Span::raw(symbol).width().max(1)).unwrap_or(1);
            }
            line.trim_end().to_string()
        })
        .collect();
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// A row: its label dim in 12 columns (a longer one keeps a space before
/// its value), then the value.
fn row(k: &str, v: String) -> Line<'static> {
    let dim = Style::default().add_modifier(Modifier::DIM);
    let w = (k.chars().count() + 1).max(12);
    Line::from(vec![Span::styled(format!("{k:<w$}"), dim), Span::raw(v)])
}

/// An energy as the status shows it: "—" while there is none yet (a
/// solver still building its start reports NaN).
pub(in crate::tui) fn energy(e: f64) -> String {
    if e.is_nan() {
        "—".to_string()
    } else {
        e.to_string()
    }
}

/// The rows of the status panel, most important first.
pub fn lines(v: &StatusView) -> Vec<Line<'static>> {
    if let Some(r) = v.replay {
        return replay_lines(v, r);
    }
    let dim = Style::default().add_modifier(Modifier::DIM);
    let dash = || "—".to_string();
    let s = v.track.snapshot();
    let (solver, preset) = v
        .preset
        .as_ref()
        .map_or((dash(), dash()), |(preset, solver, _)| {
            (solver.to_string(), preset.to_string())
        });
    let secs = v.track.elapsed().as_secs_f64();
    let iters = s.map_or(0, |s| s.iteration);
    let rate = if secs >= 0.5 {
        format!("{}/s", si(iters as f64 / secs, 2))
    } else {
        dash()
    };
    let name = if solver == preset {
        preset
    } else {
        format!("{preset}  ({solver})")
    };
    let mut lines = vec![row("preset", name)];
    if let Some((.., description)) = &v.preset {
        for l in wrap(description, STATUS_WIDTH - 2, 2) {
            lines.push(Line::from(Span::styled(l, dim)));
        }
    }
    // The rows a short panel keeps come first: where the run is, how fast.
    lines.extend([
        row("state", v.track.state().name().to_string()),
        row(
            "energy",
            s.map_or_else(dash, |s| {
                format!("{} (best {})", energy(s.energy), energy(s.best_energy))
            }),
        ),
    ]);
    // A solver's own length row (its start → now) is where its run is, so
    // a short panel keeps it too; it stands in for the general one below.
    let own_length = s.and_then(|s| s.rows.iter().find(|(label, _)| label == "length"));
    if let Some((label, value)) = own_length {
        lines.push(row(label, value.clone()));
    }
    lines.extend([
        row(v.track.step_name(), thousands(iters)),
        row("speed", format!("{}  {rate}", speed_label(v.speed))),
        row("elapsed", format!("{secs:.1} s")),
    ]);
    let size = v.size;
    let n = size.get();
    lines.push(row(
        "moves to solved",
        match v.track.latest_to_solved() {
            Some(v) => format!("{v:.0}"),
            // Exact on the 2×2 and 3×3; nothing measures it past the 3×3.
            None if n > 3 => format!("none on a {n}x{n}"),
            None => dash(),
        },
    ));
    if let Some(p) = s.and_then(|s| s.phase.clone()) {
        lines.push(row("phase", p));
    }
    if let Some(g) = s.and_then(|s| s.generator.clone()) {
        lines.push(row("generator", g));
    }
    for (label, value) in s.map(|s| s.rows.clone()).unwrap_or_default() {
        if label != "length" {
            lines.push(row(&label, value));
        }
    }
    if let (Some(profile), Some(s)) = (v.track.profile(), s) {
        for (spec, &v) in profile.series.iter().zip(&s.values) {
            if spec.status_row {
                lines.push(row(spec.name, spec.format(v)));
            }
        }
    }
    if own_length.is_none() {
        lines.push(row("length", length(v)));
    }
    if n != 3 {
        // The size first among the view rows; the 3×3's panel reads as ever.
        lines.push(row("size", format!("{n}x{n} (z Z: size)")));
    }
    lines.extend([
        view_row(v),
        row(
            "scramble",
            match v.depth {
                None if n > 3 => format!("{} moves (0-9)", scramble_length(size)),
                None => "random state (0-9)".to_string(),
                Some(d) => format!("{d} moves (0-9)"),
            },
        ),
        row(
            "seed",
            match v.cube_index {
                0 => v.seed.to_string(),
                k => format!("{} · cube {k}", v.seed),
            },
        ),
    ]);
    lines.extend(start_rows(&v.start));
    lines
}

/// The rows of the status panel for a panel `rows` lines tall: all of
/// [`lines`] when they fit, else without the preset's description (the
/// `tab` list and `?` show it), cut at the panel's bottom.
pub fn lines_in(v: &StatusView, rows: u16) -> Vec<Line<'static>> {
    let mut lines = lines(v);
    if lines.len() > usize::from(rows) && v.replay.is_none() {
        let described = lines
            .iter()
            .skip(1)
            .take_while(|l| l.spans.len() == 1)
            .count();
        lines.drain(1..1 + described);
    }
    lines
}

/// The run's length, named as `solve` names it: the solution in HTM
/// (same-layer moves merged past the 3×3) and its raw moves once solved,
/// else the raw moves of the best sequence or of the current one.
pub fn length(v: &StatusView) -> String {
    if let Some(p) = v.playback {
        // The raw count too where the row has room for it.
        let full = format!("{} HTM ({})", p.moves.len(), raw_moves(p.raw_len));
        return if full.chars().count() <= usize::from(STATUS_WIDTH - 2 - 12) {
            full
        } else {
            format!("{} HTM", p.moves.len())
        };
    }
    if let Some(o) = v.track.outcome() {
        return raw_moves(o.solution.len());
    }
    v.track
        .snapshot()
        .map_or_else(|| "—".to_string(), |s| raw_moves(s.sequence_len))
}

/// `n raw moves` (`1 raw move`).
pub fn raw_moves(n: usize) -> String {
    format!("{n} raw move{}", if n == 1 { "" } else { "s" })
}

/// The view row: upright or raw; past the 3×3 what upright keeps home
/// (the centres on odd sizes, the DBL corner on even ones).
fn view_row(v: &StatusView) -> Line<'static> {
    let size = v.size;
    row(
        "view",
        match (v.upright, size.get()) {
            (true, 3) => "upright (a: raw)".to_string(),
            // The panel's 20 columns hold what upright keeps home, not the key.
            (true, _) => crate::tui::panels::net::upright_word(size).to_string(),
            (false, _) => "raw (a: upright)".to_string(),
        },
    )
}

/// The rows of a replay: the recorded run at the cursor (its step, phase,
/// generator, knobs changed, the misplaced stickers of the recorded state
/// and the series as the solver formats them), the file and the point,
/// the recorded result.
fn replay_lines(v: &StatusView, r: &Replay) -> Vec<Line<'static>> {
    let h = r.header();
    let name = if h.preset == h.solver {
        h.preset.clone()
    } else {
        format!("{}  ({})", h.preset, h.solver)
    };
    // The file's name is cut at its start to fit the row.
    let room = usize::from(STATUS_WIDTH - 2 - 12);
    let file: Vec<char> = r.name().chars().collect();
    let file = match file.len() {
        n if n > room => format!("…{}", file[n + 1 - room..].iter().collect::<String>()),
        _ => r.name().to_string(),
    };
    let place = format!("{}/{}", (r.cursor() + 1).min(r.len()), r.len());
    let play = if r.playing() {
        format!("playing ×{}", r.rate_label())
    } else {
        "paused".to_string()
    };
    // The energy right after where the cursor is: the first rows a short
    // panel keeps.
    let mut lines = vec![
        row("preset", name),
        row("point", format!("{place} · {play}")),
        row(
            "energy",
            match r.at().and_then(|p| p.state.as_ref()) {
                Some(c) => format!("{} misplaced", crate::tui::replay::misplaced(c)),
                None if r.has_states() => "—".to_string(),
                None => "no states recorded".to_string(),
            },
        ),
        row(v.track.step_name(), thousands(r.step())),
    ];
    for (what, label) in [("phase", "phase"), ("generator", "generator")] {
        if let Some(v) = r.latest(what) {
            lines.push(row(label, v.to_string()));
        }
    }
    let mut shown: Vec<String> = Vec::new();
    if let (Some(profile), Some(at)) = (v.track.profile(), r.at()) {
        for (spec, &v) in profile.series.iter().zip(&at.values) {
            if spec.status_row {
                lines.push(row(spec.name, spec.format(v)));
                shown.push(spec.name.to_string());
            }
        }
    }
    // A knob set during the run, unless a series row already shows it
    // (the annealer's temperature: its recorded value, not the one set).
    for (k, v) in r.knobs() {
        let label = k.rsplit('.').next().unwrap_or(k);
        if !shown.iter().any(|s| s == label) {
            lines.push(row(label, v.to_string()));
        }
    }
    lines.push(row(
        "result",
        match r.result() {
            Some(o) if o.solved => format!("solved, length {} HTM", o.htm),
            Some(o) if o.interrupted => "interrupted".to_string(),
            Some(_) => "not solved".to_string(),
            None => "none (cut short)".to_string(),
        },
    ));
    lines.push(row(
        "view",
        if v.upright {
            "upright (a: raw)".to_string()
        } else {
            "raw (a: upright)".to_string()
        },
    ));
    lines.push(row("replay", file));
    lines.push(row("seed", h.seed.to_string()));
    lines.extend(start_rows(&h.facelets));
    lines
}

/// The start's facelet string on two rows: a short label and its first 28
/// letters, then the other 26 (the whole string fits the panel's 34
/// columns). Past the 3×3 (6N² letters, too many): the first 24 and how
/// many there are.
fn start_rows(facelets: &str) -> [Line<'static>; 2] {
    let dim = Style::default().add_modifier(Modifier::DIM);
    if facelets.len() > 54 {
        let head = &facelets[..24];
        return [
            Line::from(vec![
                Span::styled("start ", dim),
                Span::raw(format!("{head}…")),
            ]),
            Line::from(vec![
                Span::raw(" ".repeat(6)),
                Span::styled(format!("({} facelets)", facelets.len()), dim),
            ]),
        ];
    }
    let cut = facelets.len().min(28);
    let (head, tail) = facelets.split_at(cut);
    [
        Line::from(vec![
            Span::styled("start ", dim),
            Span::raw(head.to_string()),
        ]),
        Line::from(vec![Span::raw(" ".repeat(6)), Span::raw(tail.to_string())]),
    ]
}

#[cfg(test)]
mod tests {
    use super::{StatusView, energy, lines, lines_in, start_rows, wrap};
    use crate::tui::app::Playback;
    use cubetui_cube::nxn::Size;
    use cubetui_cube::{AnyAlg, AnyCube};
    use cubetui_run::runner::{Axis, Speed, Track};

    /// A view made by hand of `track` under `preset` (name, solver,
    /// description) on a solved `size` cube: 2 steps a frame, a 12-move
    /// scramble, seed 7, cube 3.
    fn view_of<'a>(
        track: &'a Track,
        (name, solver, description): (&'static str, &'static str, &str),
        size: Size,
    ) -> StatusView<'a> {
        StatusView {
            track,
            preset: Some((name, solver, description.to_string())),
            speed: Speed::PerFrame(2),
            playback: None,
            size,
            upright: false,
            depth: Some(12),
            seed: 7,
            cube_index: 3,
            start: AnyCube::solved(size).facelets(),
            replay: None,
        }
    }

    /// No energy yet (a start still being built reports NaN) reads as a
    /// dash, not "NaN"; an energy reads as its number.
    #[test]
    fn an_energy_not_there_yet_is_a_dash() {
        assert_eq!(energy(f64::NAN), "—");
        assert_eq!(energy(12.0), "12");
        assert_eq!(energy(0.0), "0");
    }

    /// The panel drawn from a view made by hand, no app: a 4×4 before its
    /// run, then its solution walked through.
    #[test]
    fn the_panel_reads_its_own_view() {
        let track = Track::new(Axis::Steps, 16);
        let size = Size::new(4).unwrap();
        let mut view = view_of(&track, ("sa-faces", "sa", "a face-turn annealer"), size);
        let text =
            |v: &StatusView| -> Vec<String> { lines(v).iter().map(|l| l.to_string()).collect() };
        let rows = text(&view);
        for row in [
            "preset      sa-faces  (sa)",
            "a face-turn annealer",
            "state       idle",
            "energy      —",
            "speed       2 / frame  —",
            "moves to solved none on a 4x4",
            "length      —",
            "size        4x4 (z Z: size)",
            "view        raw (a: upright)",
            "scramble    12 moves (0-9)",
            "seed        7 · cube 3",
        ] {
            assert!(rows.iter().any(|r| r == row), "no `{row}` in {rows:#?}");
        }
        assert!(rows.last().unwrap().contains("(96 facelets)"), "{rows:#?}");
        let playback = Playback {
            moves: AnyAlg::parse_sized("R U R' U' F2", size).unwrap(),
            pos: 2,
            raw_len: 9,
        };
        view.playback = Some(&playback);
        assert!(
            text(&view)
                .iter()
                .any(|r| r == "length      5 HTM (9 raw moves)"),
            "{:#?}",
            text(&view)
        );
    }

    /// A solver that counts its own length (sa-short: start → best) has
    /// it among the rows a short panel keeps, once, and the general row
    /// gives way to it.
    #[test]
    fn a_solvers_own_length_is_kept_by_a_short_panel() {
        use cubetui_run::runner::{RunState, Update};
        use cubetui_solve::{Snapshot, Status};
        let size = Size::new(4).unwrap();
        let mut track = Track::new(Axis::Steps, 16);
        let snapshot = Snapshot {
            iteration: 7,
            energy: 12.0,
            best_energy: 0.0,
            current: AnyCube::solved(size),
            best: AnyCube::solved(size),
            sequence_len: 0,
            generator: None,
            phase: Some("shorten".into()),
            status: Status::Running,
            last_step: None,
            exhausted_by: None,
            rows: vec![("length".into(), "429 \u{2192} 420".into())],
            values: Vec::new(),
        };
        track.absorb(Update {
            snapshot: Some(snapshot),
            ..Update::new(0, RunState::Running)
        });
        let view = view_of(
            &track,
            ("sa-short", "sa-short", "anneals the sequence"),
            size,
        );
        let rows: Vec<String> = lines_in(&view, 6).iter().map(|l| l.to_string()).collect();
        let kept: Vec<&String> = rows.iter().take(6).collect();
        assert!(
            kept.iter().any(|r| *r == "length      429 \u{2192} 420"),
            "{rows:#?}"
        );
        assert_eq!(
            rows.iter().filter(|r| r.starts_with("length")).count(),
            1,
            "{rows:#?}"
        );
    }

    #[test]
    fn the_start_fits_on_two_rows_whole() {
        let f = cubetui_cube::Cube::solved().facelets();
        let rows = start_rows(&f);
        let text: Vec<String> = rows.iter().map(|l| l.to_string()).collect();
        assert!(text.iter().all(|t| t.chars().count() <= 34), "{text:?}");
        let letters: String = text.concat().split_whitespace().skip(1).collect();
        assert_eq!(letters, f);
    }

    #[test]
    fn descriptions_wrap_at_word_boundaries_into_at_most_the_rows_asked() {
        assert_eq!(
            wrap(
                "Thistlethwaite phases G0→G1→G2→G3→solved, each by a face-turn annealer",
                34,
                2
            ),
            ["Thistlethwaite phases", "G0→G1→G2→G3→solved, each by a"]
        );
        // A line may end exactly at the width.
        assert_eq!(
            wrap("aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbb ccccc", 34, 2),
            ["aaaa bbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "ccccc"]
        );
        assert_eq!(wrap("Kociemba two-phase", 34, 2), ["Kociemba two-phase"]);
        assert!(wrap("", 34, 2).is_empty());
    }
}
