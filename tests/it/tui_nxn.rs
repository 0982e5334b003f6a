//! The live screen on every size: the size keys, turns, `:` and `s` on
//! an N×N, playback on the 2×2, and the whole screen of the 2×2, 4×4 and
//! 7×7 drawn (snapshots at 80×24 and 160×48, every size from 80×24 to
//! 200×60 without a panic). The real presets, run inline.

use crate::tui_support;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use cubetui::tui::app::App;
use cubetui::tui::keys::{Action, action_for};
use cubetui::tui::race::RaceMeasure;
use cubetui::tui::reducer::{Effect, reduce, update};
use cubetui::tui::ui;
use cubetui_cube::nxn::Size;
use cubetui_cube::{AnyAlg, AnyCube};
use cubetui_run::runner::{Inline, RunState, Speed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::shipped_choices;

/// An app on a solved cube of size `n`, seed 7, preset `name` when it runs there.
fn app(n: usize, name: &str) -> App {
    let choices = shipped_choices();
    let i = choices.iter().position(|c| c.preset == name).unwrap();
    let mut a = App::new(choices, i, 7, Box::new(Inline::new(Speed::PerFrame(50))));
    if n != 3 {
        a.open_size(Size::new(n).unwrap());
    }
    a
}

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

fn render(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn z_and_shift_z_cycle_the_size_and_reset_the_run_on_a_solved_cube() {
    let mut a = app(3, "sa-faces");
    update(&mut a, Action::ApplyAlg("R U".into()));
    assert_eq!(
        reduce(&mut a, action_for(&key('z')).unwrap()),
        [Effect::Restart]
    );
    assert_eq!(a.cube_size(), size(4));
    assert_eq!(a.start(), AnyCube::solved(size(4)));
    assert_eq!(
        a.message(),
        Some("size 4x4: a new solved cube; the run was reset")
    );
    let mut sizes = Vec::new();
    for _ in 0..6 {
        update(&mut a, Action::CycleSize(false));
        sizes.push(a.cube_size().get());
    }
    assert_eq!(sizes, [5, 6, 7, 2, 3, 4], "z wraps from 7 to 2");
    update(&mut a, action_for(&key('Z')).unwrap());
    assert_eq!(a.cube_size(), size(3));
    update(&mut a, Action::CycleSize(true));
    assert_eq!(a.cube_size(), size(2), "Z goes down");
    update(&mut a, Action::CycleSize(true));
    assert_eq!(a.cube_size(), size(7), "Z wraps from 2 to 7");
    assert!(a.start().is_solved());
    assert_eq!(a.state(), RunState::Idle);
}

#[test]
fn tab_offers_only_the_presets_that_run_on_the_size() {
    let mut a = app(4, "sa-faces");
    let mut seen = Vec::new();
    for _ in 0..a.choices().len() {
        seen.push(a.current_choice().unwrap().preset.clone());
        update(&mut a, Action::CycleSolver);
    }
    assert!(seen.contains(&"sa-faces".to_string()), "{seen:?}");
    for p in &seen {
        let info = crate::shipped().info(p).unwrap();
        assert!(info.fits(4), "{p} is made for another size");
        assert_ne!(p, "reference", "no reference past the 3x3");
    }
    // Shift-Tab walks the same presets back.
    update(&mut a, Action::PrevSolver);
    let back = a.current_choice().unwrap().preset.clone();
    assert!(seen.contains(&back));
    // The 2×2 offers its own presets and the reference; the 3×3 not theirs.
    let two = app(2, "sa-faces");
    let fits: Vec<&str> = (0..two.choices().len())
        .filter(|&i| two.fits(i))
        .map(|i| two.choices()[i].preset.as_str())
        .collect();
    assert!(
        fits.contains(&"2x2-sa") && fits.contains(&"reference"),
        "{fits:?}"
    );
    let three = app(3, "sa-faces");
    let i = three
        .choices()
        .iter()
        .position(|c| c.preset == "2x2-sa")
        .unwrap();
    assert!(!three.fits(i));
}

#[test]
fn face_keys_turn_the_outer_layer_of_a_4x4() {
    let mut a = app(4, "sa-faces");
    update(&mut a, action_for(&key('r')).unwrap());
    let r = AnyAlg::parse_sized("R", size(4)).unwrap();
    assert_eq!(Some(a.start()), AnyCube::solved(size(4)).after(&r));
    update(&mut a, action_for(&key('U')).unwrap());
    assert_eq!(a.scramble().map(ToString::to_string), Some("R U'".into()));
    update(&mut a, Action::Reset);
    assert_eq!(a.start(), AnyCube::solved(size(4)));
}

#[test]
fn the_prompt_takes_big_cube_notation_and_refuses_m_on_an_even_cube() {
    let mut a = app(4, "sa-faces");
    assert_eq!(
        reduce(&mut a, Action::ApplyAlg("2R Rw 3Rw2 r".into())),
        [Effect::Restart]
    );
    let alg = AnyAlg::parse_sized("2R Rw 3Rw2 r", size(4)).unwrap();
    assert_eq!(Some(a.start()), AnyCube::solved(size(4)).after(&alg));
    assert_eq!(a.message(), Some("applied 2R Rw 3Rw2 Rw"));
    let before = a.start();
    assert!(reduce(&mut a, Action::ApplyAlg("R M".into())).is_empty());
    let m = a.message().unwrap();
    assert!(m.starts_with("bad algorithm") && m.contains('M'), "{m}");
    assert_eq!(a.start(), before, "nothing applied");
    // On the 5×5 M is the middle slice.
    let mut five = app(5, "sa-faces");
    assert_eq!(
        reduce(&mut five, Action::ApplyAlg("M".into())),
        [Effect::Restart]
    );
    assert!(!five.start().is_solved());
}

#[test]
fn s_scrambles_every_size_and_y_names_the_size() {
    for n in [2, 4, 5, 7] {
        let mut a = app(n, "sa-faces");
        update(&mut a, Action::Scramble);
        assert_eq!(a.cube_size(), size(n));
        assert!(!a.start().is_solved(), "{n}x{n}");
        match n {
            2 => assert!(a.scramble().is_none(), "a random 2x2 state"),
            _ => assert_eq!(
                a.scramble().map(AnyAlg::len),
                Some(20 * (n - 2)),
                "WCA's random-move length"
            ),
        }
        update(&mut a, Action::CopyCommand);
        let cmd = a.message().unwrap().to_string();
        assert!(cmd.contains(&format!("--size {n} ")), "{cmd}");
        update(&mut a, Action::SetDepth(Some(5)));
        update(&mut a, Action::Scramble);
        assert_eq!(a.scramble().map(AnyAlg::len), Some(5));
    }
    // The first draw is `solve --size 2 --random-state --seed 7`'s start.
    let mut a = app(2, "sa-faces");
    update(&mut a, Action::Scramble);
    update(&mut a, Action::CopyCommand);
    assert_eq!(
        a.message(),
        Some("cubetui solve --preset sa-faces --size 2 --random-state --seed 7")
    );
}

#[test]
fn a_2x2_run_solves_and_plays_back() {
    let mut a = app(2, "reference");
    update(&mut a, Action::ApplyAlg("R U F'".into()));
    update(&mut a, Action::StartPause);
    for _ in 0..200 {
        if a.state().finished() {
            break;
        }
        update(&mut a, Action::Tick);
    }
    assert_eq!(a.state(), RunState::Solved);
    let p = a.playback().expect("playback when solved");
    let len = p.moves.len();
    assert_eq!((p.pos, len), (3, 3), "the optimal solution");
    assert!(a.shown_cube().is_solved());
    update(&mut a, Action::PlayStart);
    assert_eq!(a.shown_cube(), a.start().upright());
    update(&mut a, Action::PlayForward);
    assert!(!a.shown_cube().is_solved());
    update(&mut a, Action::PlayEnd);
    assert!(a.shown_cube().is_solved());
    let text = render(&a, 120, 40);
    assert!(text.contains("playback 3/3"), "{text}");
}

#[test]
fn the_status_names_the_size_the_upright_rule_and_the_reference() {
    let mut four = app(4, "sa-faces");
    update(&mut four, Action::ApplyAlg("R".into()));
    let text = render(&four, 160, 48);
    assert!(text.contains("4x4 (z Z: size)"), "{text}");
    assert!(text.contains("upright: DBL corner"), "{text}");
    assert!(text.contains("none on a 4x4"), "{text}");
    assert!(text.contains("(96 facelets)"), "{text}");
    let five = app(5, "sa-faces");
    assert!(render(&five, 160, 48).contains("upright: centres"));
}

/// The idle screen of size `n` after a fixed scramble, face letters on
/// (the snapshots are text).
fn shown(n: usize) -> App {
    let mut a = app(n, "sa-faces");
    let alg = if n > 3 { "R U F' 2R" } else { "R U F'" };
    update(&mut a, Action::ApplyAlg(alg.into()));
    update(&mut a, Action::ToggleLetters);
    a
}

#[test]
fn snapshots_of_the_2x2_4x4_and_7x7() {
    for n in [2, 4, 7] {
        let a = shown(n);
        insta::assert_snapshot!(format!("nxn_{n}_80x24"), render(&a, 80, 24));
        insta::assert_snapshot!(format!("nxn_{n}_160x48"), render(&a, 160, 48));
    }
}

#[test]
fn every_size_renders_from_80x24_to_200x60_idle_and_running() {
    for n in 2..=7 {
        let idle = shown(n);
        let mut running = shown(n);
        update(&mut running, Action::StartPause);
        for _ in 0..3 {
            update(&mut running, Action::Tick);
        }
        update(&mut running, Action::ToggleLayout);
        for w in (80..=200).step_by(11) {
            for h in (24..=60).step_by(6) {
                for a in [&idle, &running] {
                    let text = render(a, w, h);
                    assert!(text.contains(" status "), "{n}x{n} at {w}x{h}");
                }
            }
        }
    }
}

#[test]
fn the_screen_records_a_4x4_run_that_replays_identically() {
    use cubetui_run::record::RunFile;
    let dir = std::env::temp_dir().join(format!("cubetui-tui-nxn-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.jsonl");
    let mut a = app(4, "sa-faces");
    a.record_to(path.clone()).unwrap();
    update(&mut a, Action::ApplyAlg("R 2U".into()));
    update(&mut a, Action::StartPause);
    for _ in 0..5 {
        update(&mut a, Action::Tick);
    }
    a.end_recording();
    let file = RunFile::parse(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(file.header.size, 4);
    assert_eq!(file.header.facelets, a.start().facelets());
    let verdict = cubetui_run::record::verify::verify(&file, crate::shipped(), None).unwrap();
    assert!(verdict.differences.is_empty(), "{:?}", verdict.differences);
    // The screen replays it: the 4×4 start, then the recorded states.
    let start = a.start();
    let replay = cubetui::tui::replay::Replay::new("run.jsonl", file, None, 30).unwrap();
    let mut r = App::new(Vec::new(), 0, 1, Box::new(Inline::new(Speed::PerFrame(1))));
    r.open_replay(replay);
    assert_eq!(r.start(), start);
    assert_eq!(r.cube_size(), size(4));
    update(&mut r, Action::PlayEnd);
    assert_eq!(r.shown_cube().size(), size(4));
    for (w, h) in [(80, 24), (160, 48)] {
        let text = render(&r, w, h);
        assert!(text.contains("misplaced"), "{w}x{h}:\n{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn w_races_the_presets_of_the_size_on_a_4x4() {
    let mut a = app(4, "sa-faces");
    update(&mut a, Action::ApplyAlg("R 2U F".into()));
    update(&mut a, Action::Race);
    let view = a.race().unwrap_or_else(|| panic!("{:?}", a.message()));
    let lanes: Vec<&str> = view.race().lanes().iter().map(|l| l.preset()).collect();
    assert!(lanes.len() >= 2 && lanes.contains(&"sa-faces"), "{lanes:?}");
    for p in &lanes {
        assert!(crate::shipped().info(p).unwrap().fits(4), "{p}");
    }
    assert_eq!(view.race().start(), &a.start());
    for _ in 0..5 {
        update(&mut a, Action::Tick);
    }
    for (w, h) in [(80, 24), (120, 40), (160, 48), (200, 60)] {
        let text = render(&a, w, h);
        if std::env::var("SHOW").is_ok() {
            eprintln!("{text}");
        }
        assert!(text.contains("lanes"), "{w}x{h}:\n{text}");
        // No reference past the 3x3: the shared plot is the energy, and
        // `m` is not offered.
        assert!(
            text.contains("misplaced-sticker energy"),
            "{w}x{h}:\n{text}"
        );
        assert!(!text.contains("m to solved"), "{w}x{h}:\n{text}");
    }
    let view = a.race().unwrap();
    assert_eq!(view.measure(), RaceMeasure::Misplaced);
    update(&mut a, Action::ToggleRaceMeasure);
    assert_eq!(a.race().unwrap().measure(), RaceMeasure::Misplaced);
    assert!(
        a.message().unwrap().contains("no moves to solved on a 4x4"),
        "{:?}",
        a.message()
    );
    // … and the line under the race plot shows it (it used to keep its
    // x-axis note, so `m` seemed to do nothing).
    let text = render(&a, 120, 40);
    assert!(text.contains("no moves to solved on a 4x4"), "{text}");
    update(&mut a, Action::CopyCommand);
    assert!(
        a.message().unwrap().contains("--size 4 "),
        "{:?}",
        a.message()
    );
}

#[test]
fn the_population_view_works_on_a_4x4_ga() {
    let mut a = app(4, "ga");
    update(&mut a, Action::ApplyAlg("R 2U F' 2L D2 B".into()));
    update(&mut a, Action::StartPause);
    for _ in 0..5 {
        update(&mut a, Action::Tick);
    }
    update(&mut a, Action::TogglePopulation);
    assert!(a.population_view(), "{:?}", a.message());
    assert!(a.message().unwrap().starts_with("population view"));
    let text = render(&a, 160, 48);
    assert!(text.contains("fitness"), "{text}");
}

#[test]
fn a_solver_without_side_series_gives_the_side_column_to_moves_to_solved() {
    // The 2x2 has the measure (the distance table); `2x2-phases` plots no
    // series of its own, so the side column is the measure's, even at 80x24
    // where a solver with series keeps it for them.
    let mut a = app(2, "2x2-phases");
    update(&mut a, Action::ApplyAlg("R U F' R2".into()));
    update(&mut a, Action::StartPause);
    for _ in 0..5 {
        update(&mut a, Action::Tick);
    }
    // (At 80x24 the net now takes the status panel's later rows.)
    let text = render(&a, 120, 36);
    assert!(text.contains("moves to solved"), "{text}");
    assert!(!text.contains("nothing to plot"), "{text}");
    // Past the 3x3 there is no measure: the side plot stays the solver's
    // (the 4x4's default, `sa-short`, plots its lengths there).
    let text = render(&app(4, "4x4-sa"), 80, 24);
    assert!(text.contains("preset      sa-short"), "{text}");
    assert!(text.contains("■ best ■ now ■ misplaced"), "{text}");
    assert!(!text.contains("moves to solved"), "{text}");
}
