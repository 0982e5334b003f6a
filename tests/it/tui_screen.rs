//! The cube front and centre: on every size 2–7 and at 80×24, 120×36 and
//! 160×48, read back from the drawn screen, every sticker stands apart
//! from its neighbours (a gap in both directions), reads as square, and
//! the stickers cover as much of the screen as the issue asks.

use crate::tui_support;

use cubetui::tui::app::App;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::theme::{Depth, Theme};
use cubetui::tui::ui;
use cubetui_cube::nxn::Size;
use cubetui_run::runner::{Inline, Speed};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use tui_support::shipped_choices;

/// A scrambled `n`×`n` in colour, preset `sa-faces` (it runs on every size).
fn app(n: usize) -> App {
    let choices = shipped_choices();
    let i = choices.iter().position(|c| c.preset == "sa-faces").unwrap();
    let mut a = App::new(choices, i, 7, Box::new(Inline::new(Speed::PerFrame(50))));
    if n != 3 {
        a.open_size(Size::new(n).unwrap());
    }
    a.set_theme(Theme::load("classic", Depth::True).unwrap());
    let alg = if n > 3 {
        "R U F' 2R D' L2 B"
    } else {
        "R U F' D' L2 B"
    };
    update(&mut a, Action::ApplyAlg(alg.into()));
    a
}

fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    t.backend().buffer().clone()
}

/// The stickers drawn in `area`, as "pixels" of half a cell: each cell's
/// upper and lower halves, `true` where a sticker colour is shown (a
/// background of a face colour, or the colours of `▀`/`▄`).
fn pixels(buf: &Buffer, area: Rect, faces: &[Color; 6]) -> Vec<Vec<bool>> {
    let face = |c: Color| faces.contains(&c);
    let mut out = vec![vec![false; usize::from(area.width)]; 2 * usize::from(area.height)];
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &buf[(x, y)];
            let (up, down) = match cell.symbol() {
                "▀" => (face(cell.fg), face(cell.bg)),
                "▄" => (face(cell.bg), face(cell.fg)),
                _ => (face(cell.bg), face(cell.bg)),
            };
            let (px, py) = (usize::from(x - area.x), 2 * usize::from(y - area.y));
            out[py][px] = up;
            out[py + 1][px] = down;
        }
    }
    out
}

/// What the stickers look like: (number of separate sticker blobs, half
/// cells covered, the blobs' widths in columns and heights in half rows,
/// whether every blob is a full rectangle).
struct Seen {
    blobs: usize,
    halves: usize,
    sizes: Vec<(usize, usize)>,
    rectangles: bool,
}

fn look(px: &[Vec<bool>]) -> Seen {
    let (h, w) = (px.len(), px.first().map_or(0, Vec::len));
    let mut seen = vec![vec![false; w]; h];
    let mut out = Seen {
        blobs: 0,
        halves: 0,
        sizes: Vec::new(),
        rectangles: true,
    };
    for y0 in 0..h {
        for x0 in 0..w {
            if !px[y0][x0] || seen[y0][x0] {
                continue;
            }
            out.blobs += 1;
            let (mut n, mut lo, mut hi) = (0, (x0, y0), (x0, y0));
            let mut stack = vec![(x0, y0)];
            seen[y0][x0] = true;
            while let Some((x, y)) = stack.pop() {
                n += 1;
                lo = (lo.0.min(x), lo.1.min(y));
                hi = (hi.0.max(x), hi.1.max(y));
                let next = [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ];
                for (nx, ny) in next {
                    if nx < w && ny < h && px[ny][nx] && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            let (bw, bh) = (hi.0 - lo.0 + 1, hi.1 - lo.1 + 1);
            out.rectangles &= bw * bh == n;
            out.halves += n;
            out.sizes.push((bw, bh));
        }
    }
    out
}

/// Terminals the issue names, and the share of the screen the stickers
/// must cover there (per cent; none at 80×24).
const TERMINALS: [(u16, u16); 3] = [(80, 24), (120, 36), (160, 48)];

fn share_wanted(n: usize, w: u16) -> f64 {
    match (n, w) {
        (_, 80) => 0.0,
        (3..=5, _) => 5.0,
        (6 | 7, _) => 3.0,
        _ => 0.0,
    }
}

/// Checks one screen; `None` when it is as the issue asks, else what is wrong.
fn check(app: &App, n: usize, w: u16, h: u16) -> Option<String> {
    let buf = draw(app, w, h);
    let a = ui::main_areas(app, Rect::new(0, 0, w, h));
    let seen = look(&pixels(&buf, a.cube, &app.theme().faces));
    let stickers = 6 * n * n;
    let share = 100.0 * seen.halves as f64 / 2.0 / f64::from(w * h);
    let at = format!("{n}x{n} at {w}x{h} ({:?} {:?})", a.net, a.scale);
    eprintln!("coverage {n}x{n} {w}x{h} {share:.1} % {:?}", a.scale);
    // Apart everywhere, 80x24 included (the plots give way there).
    if seen.blobs != stickers || !seen.rectangles {
        return Some(format!(
            "{at}: {} separate sticker blobs for {stickers} stickers",
            seen.blobs
        ));
    }
    if share < share_wanted(n, w) {
        return Some(format!("{at}: stickers cover {share:.1} % of the screen"));
    }
    // Square-ish: a sticker's columns within 2:3 of its half rows.
    if let Some(&(bw, bh)) = seen
        .sizes
        .iter()
        .find(|&&(bw, bh)| !(3 * bw >= 2 * bh && 2 * bw <= 3 * bh))
    {
        return Some(format!("{at}: a sticker {bw} columns × {bh} half rows"));
    }
    None
}

#[test]
fn stickers_stand_apart_read_square_and_cover_the_screen_at_every_size() {
    let mut wrong = Vec::new();
    for n in 2..=7 {
        let idle = app(n);
        let mut running = app(n);
        update(&mut running, Action::StartPause);
        for _ in 0..3 {
            update(&mut running, Action::Tick);
        }
        for (w, h) in TERMINALS {
            for a in [&idle, &running] {
                wrong.extend(check(a, n, w, h));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_wheel_scrolls_the_moves_panel_back_and_forth() {
    // A random state, a thousand steps a frame: a long sequence.
    let mut a = app(3);
    update(&mut a, Action::Scramble);
    for _ in 0..3 {
        update(&mut a, Action::Faster);
    }
    update(&mut a, Action::StartPause);
    for _ in 0..20 {
        update(&mut a, Action::Tick);
    }
    update(&mut a, Action::StartPause);
    let (w, h) = (80, 24);
    update(&mut a, Action::Resize(w, h));
    let moves = ui::main_areas(&a, Rect::new(0, 0, w, h)).moves;
    let (column, row) = (moves.x + 2, moves.y + 1);
    let text = |a: &App| {
        format!("{}", {
            let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
            t.draw(|f| ui::draw(f, a)).unwrap();
            t.backend().clone()
        })
    };
    let end = text(&a);
    assert!(
        end.contains("length ") && !end.contains(", to move "),
        "{end}"
    );
    update(
        &mut a,
        Action::Wheel {
            up: true,
            column,
            row,
        },
    );
    let back = text(&a);
    assert!(back.contains(", to move "), "{back}");
    assert_ne!(back, end);
    // Far back it stops at the first moves; down again returns to the end.
    for _ in 0..500 {
        update(
            &mut a,
            Action::Wheel {
                up: true,
                column,
                row,
            },
        );
    }
    for _ in 0..501 {
        update(
            &mut a,
            Action::Wheel {
                up: false,
                column,
                row,
            },
        );
    }
    assert_eq!(text(&a), end);
}

#[test]
fn the_plots_fold_to_a_line_for_a_big_cube_at_80x24_and_t_brings_them_back() {
    let (w, h) = (80, 24);
    let mut a = app(7);
    update(&mut a, Action::StartPause);
    for _ in 0..3 {
        update(&mut a, Action::Tick);
    }
    let text = |a: &App| {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| ui::draw(f, a)).unwrap();
        format!("{}", t.backend())
    };
    let folded = text(&a);
    assert!(folded.contains("t shows them"), "{folded}");
    assert!(!folded.contains("■ energy"), "{folded}");
    // The status panel's first rows stay in view.
    for row in ["state", "energy", "iteration", "speed", "elapsed"] {
        assert!(folded.contains(&format!("│{row} ")), "{row}: {folded}");
    }
    assert_eq!(check(&a, 7, w, h), None);
    // `t`: the plots keep their rows, the net gives way (its stickers
    // then touch); `t` again folds them.
    let t = cubetui::tui::keys::action_for(&crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char('t'),
        crossterm::event::KeyModifiers::NONE,
    ))
    .unwrap();
    update(&mut a, t.clone());
    let kept = text(&a);
    assert!(
        kept.contains("■ energy") && !kept.contains("t shows them"),
        "{kept}"
    );
    assert!(check(&a, 7, w, h).is_some(), "{kept}");
    update(&mut a, t);
    assert!(text(&a).contains("t shows them"));
}

/// The race's lanes each draw the 3×3 with its stickers apart and square
/// (half-row stickers with half-row gaps fit the lane's three rows) at
/// 120×36 and 160×48; 80×24 shows the lanes as one line each, no net.
#[test]
fn a_race_lane_draws_its_3x3_with_the_stickers_apart() {
    let mut a = app(3);
    update(&mut a, Action::Race);
    let lanes = 4;
    for (w, h) in [(120, 36), (160, 48)] {
        let buf = draw(&a, w, h);
        // Only the nets draw sticker backgrounds: the lanes' numbers, their
        // titles' marks and the plot are coloured text.
        let seen = look(&pixels(&buf, Rect::new(0, 0, w, h), &a.theme().faces));
        assert_eq!(seen.blobs, lanes * 54, "{w}x{h}: separate sticker blobs");
        assert!(seen.rectangles, "{w}x{h}: every sticker a rectangle");
        assert!(
            seen.sizes
                .iter()
                .all(|&(bw, bh)| 3 * bw >= 2 * bh && 2 * bw <= 3 * bh),
            "{w}x{h}: square-ish stickers {:?}",
            seen.sizes
        );
    }
}
