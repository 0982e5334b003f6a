//! The net widget on cubes of every size: it fits the panel the layout
//! gives it at every terminal size, draws every sticker exactly once, and
//! looks as the snapshots show for 2×2, 4×4 and 7×7 in both nets.

use cubetui::tui::app::Net;
use cubetui::tui::layout::{self, Areas};
use cubetui::tui::panels::net::{self, CubeView, Shape, upright_word};
use cubetui::tui::theme::{Depth, Theme};
use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::{Block, Widget};

/// Status lines the layout is asked for (as the layout tests do).
const STATUS_LINES: u16 = 16;

fn size(n: usize) -> Size {
    Size::new(n).unwrap()
}

fn shape(net: Net, n: usize, colour: bool) -> Shape {
    Shape {
        net,
        size: size(n),
        half_blocks: colour,
    }
}

fn theme(colour: bool) -> Theme {
    let depth = if colour { Depth::True } else { Depth::None };
    Theme::load("classic", depth).unwrap()
}

/// A fixed scramble of each size (every move kind the size has).
fn scrambled(n: usize) -> NxnCube {
    let alg = match n {
        2 => "R U F' R2 U' F x",
        4 => "Rw U 2R' F Lw2 D' 3Fw B 2U2 y",
        7 => "3Rw U 2F' 3L D2 Bw' M 4U' 2R2 S 3Bw",
        _ => "R U F'",
    };
    let alg = NxnAlg::parse_sized(alg, size(n)).unwrap();
    NxnCube::solved(size(n)).after(&alg).unwrap()
}

/// The screen's areas for `shape` on a `w`×`h` terminal, and the net's
/// rectangle inside the cube panel (centred, as the screen draws it).
fn placed(shape: Shape, w: u16, h: u16) -> (Areas, Rect) {
    let a = layout::areas(Rect::new(0, 0, w, h), shape, STATUS_LINES);
    let inner = Block::bordered().inner(a.cube);
    let rect = net::centred(inner, a.scale.extent(shape.with_net(a.net)));
    (a, rect)
}

/// Draws `cube` in `rect` of a `w`×`h` buffer, as the layout places it.
fn draw(cube: &NxnCube, a: &Areas, rect: Rect, w: u16, h: u16, colour: bool) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    CubeView {
        cube,
        net: a.net,
        scale: a.scale,
        theme: &theme(colour),
        letters: !colour,
        overlay: false,
    }
    .render(rect, &mut buf);
    buf
}

/// The face a theme colour belongs to.
fn face_of(c: Color, th: &Theme) -> Option<usize> {
    th.faces.iter().position(|&f| f == c)
}

/// Sticker areas drawn per colour, counting half cells as one each on a
/// half-height net and whole cells otherwise (colours read from the cells;
/// in letters, the letters).
fn counts(buf: &Buffer, colour: bool, half: bool) -> [usize; 6] {
    let th = theme(colour);
    let mut out = [0; 6];
    for cell in buf.content.iter() {
        if !colour {
            let letters = "URFDLB";
            if let Some(i) = cell.symbol().chars().next().and_then(|c| letters.find(c)) {
                out[i] += 1;
            }
            continue;
        }
        let (fg, bg) = (face_of(cell.fg, &th), face_of(cell.bg, &th));
        let drawn = match (cell.symbol(), half) {
            ("▀", true) => [fg, bg],
            ("▄", true) => [fg, None],
            (_, false) => [bg, None],
            // The line between two faces no further apart than stickers.
            ("│", true) => [None, None],
            // A whole cell of one colour is a blank on it.
            (s, true) => {
                assert_eq!(s, " ", "a whole cell on a half-height net");
                [bg, bg]
            }
        };
        for f in drawn.into_iter().flatten() {
            out[f] += 1;
        }
    }
    out
}

/// Terminal sizes from 80×24 to 200×60, every 20 columns and 6 rows.
fn terminals() -> impl Iterator<Item = (u16, u16)> {
    (0..7).flat_map(|i| (0..7).map(move |j| (80 + 20 * i, 24 + 6 * j)))
}

#[test]
fn every_size_fits_its_panel_and_draws_every_sticker_once_at_every_terminal_size() {
    for n in 2..=7 {
        for net in [Net::Strip, Net::Cross] {
            for colour in [true, false] {
                let solved = NxnCube::solved(size(n));
                for (w, h) in terminals() {
                    let shape = shape(net, n, colour);
                    let at = format!("{n}x{n} {net:?} colour {colour} at {w}x{h}");
                    let (a, rect) = placed(shape, w, h);
                    let (nw, nh) = a.scale.extent(shape.with_net(a.net));
                    let inner = Block::bordered().inner(a.cube);
                    assert!(nw <= inner.width && nh <= inner.height, "{at}: {a:?}");
                    assert!(colour || !a.scale.half, "{at}: half cells in letters");
                    // The rest of the screen keeps its panels: the plots
                    // six rows of data (or one line, folded, when the net
                    // needs their rows to part its stickers), the moves
                    // panel a line at least.
                    let folded = a.plots_folded.height == 1 && net::apart(&a.scale);
                    assert!(a.energy.height >= 10 || folded, "{at}: plots {a:?}");
                    assert!(a.moves.height >= 3, "{at}: moves {a:?}");
                    // The net drawn is the one asked for unless the other
                    // parts its stickers (where this one cannot, or twice
                    // as large), or a cross fits nowhere (the strip then).
                    if a.net != net {
                        assert!(
                            net::apart(&a.scale) || net == Net::Cross,
                            "{at}: fell back to {a:?}"
                        );
                    }
                    let buf = draw(&solved, &a, rect, w, h, colour);
                    let per_face = if colour {
                        n * n * usize::from(a.scale.w * a.scale.h)
                    } else {
                        n * n
                    };
                    assert_eq!(counts(&buf, colour, a.scale.half), [per_face; 6], "{at}");
                    // Nothing drawn outside the net's rectangle.
                    for y in 0..h {
                        for x in 0..w {
                            if !rect.contains((x, y).into()) {
                                assert_eq!(buf[(x, y)].symbol(), " ", "{at}: ({x}, {y})");
                                assert_eq!(buf[(x, y)].bg, Color::Reset, "{at}: ({x}, {y})");
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_3x3_and_2x2_stand_apart_at_every_terminal_size() {
    // In colour and in letters, a column between stickers side by side and
    // a row (a half row on half-height stickers) between stacked ones.
    for (w, h) in terminals() {
        for n in [2, 3] {
            for net in [Net::Strip, Net::Cross] {
                for colour in [true, false] {
                    let a = layout::areas(Rect::new(0, 0, w, h), shape(net, n, colour), 16);
                    let at = format!("{n}x{n} {net:?} colour {colour} at {w}x{h}: {a:?}");
                    assert!(net::apart(&a.scale), "{at}");
                    assert!(a.scale.gap_x >= 1 && a.scale.gap_y >= 1, "{at}");
                }
            }
        }
    }
}

#[test]
fn the_upright_word_names_what_stays_home() {
    for n in 2..=7 {
        let word = upright_word(size(n));
        let want = if n % 2 == 1 {
            "upright: centres"
        } else {
            "upright: DBL corner"
        };
        assert_eq!(word, want, "{n}");
        // And the view it names keeps that home.
        assert!(scrambled(n).upright().is_upright(), "{n}");
    }
}

/// Row `y` of `buf` as two lines, its upper and lower halves: a sticker's
/// face letter (from its colour) in each half of `▀`/`▄`, elsewhere the
/// face letter of the background or, off the stickers, the symbol.
fn halves(buf: &Buffer, y: u16) -> [String; 2] {
    let th = theme(true);
    let letter = |c: Color| face_of(c, &th).map(|f| "URFDLB".as_bytes()[f] as char);
    let area = buf.area;
    let mut lines = [String::new(), String::new()];
    for x in 0..area.width {
        let cell = &buf[(area.x + x, area.y + y)];
        let sym = cell.symbol().chars().next().unwrap_or(' ');
        let (upper, lower) = match sym {
            '▀' => (letter(cell.fg), letter(cell.bg).or(Some(' '))),
            '▄' => (Some(' '), letter(cell.fg)),
            _ => (letter(cell.bg), letter(cell.bg)),
        };
        lines[0].push(upper.unwrap_or(sym));
        lines[1].push(lower.unwrap_or(sym));
    }
    lines
}

/// The panel as text: on a half-height net each row inside the border
/// becomes its two [`halves`], else each row its upper one.
fn picture(buf: &Buffer, half: bool) -> String {
    let mut out = String::new();
    let height = buf.area.height;
    for y in 0..height {
        let lines = halves(buf, y);
        let border = y == 0 || y + 1 == height;
        for line in &lines[..if half && !border { 2 } else { 1 }] {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// A scale in a few words: sticker size (`½` a half row), gaps.
fn label(s: net::Scale) -> String {
    let h = if s.half {
        "½".to_string()
    } else {
        s.h.to_string()
    };
    format!(
        "{}x{h} gaps {}x{} faces {}x{}",
        s.w, s.gap_x, s.gap_y, s.face_x, s.face_y
    )
}

/// The cube panel of a `w`×`h` screen with `cube` drawn in it, and the
/// scale used.
fn panel(cube: &NxnCube, net: Net, w: u16, h: u16, colour: bool) -> (Buffer, bool) {
    let shape = shape(net, cube.size().get(), colour);
    let (a, rect) = placed(shape, w, h);
    let mut buf = Buffer::empty(a.cube);
    let name = match a.net {
        Net::Strip => "strip",
        Net::Cross => "cross",
    };
    let b = Block::bordered()
        .title(format!(" cube {} ", cube.size()))
        .title_bottom(format!(" {name} {} ", label(a.scale)));
    b.render(a.cube, &mut buf);
    CubeView {
        cube,
        net: a.net,
        scale: a.scale,
        theme: &theme(colour),
        letters: !colour,
        overlay: !colour,
    }
    .render(rect, &mut buf);
    (buf, a.scale.half)
}

#[test]
fn snapshots_of_2x2_4x4_7x7_in_both_nets_at_80x24_and_160x48() {
    for n in [2, 4, 7] {
        let cube = scrambled(n).upright();
        for net in [Net::Strip, Net::Cross] {
            for (w, h) in [(80, 24), (160, 48)] {
                let (buf, half) = panel(&cube, net, w, h, true);
                let name = format!("net_{n}x{n}_{net:?}_{w}x{h}").to_lowercase();
                insta::assert_snapshot!(name, picture(&buf, half));
            }
        }
    }
}

#[test]
fn snapshots_in_letters_with_the_overlay() {
    // No colours: one-cell stickers at least, letters and misplaced marks.
    for (n, net, w, h) in [
        (4, Net::Cross, 80, 24),
        (7, Net::Strip, 80, 24),
        (7, Net::Cross, 80, 24),
        (4, Net::Strip, 160, 48),
    ] {
        let cube = scrambled(n).upright();
        let (buf, _) = panel(&cube, net, w, h, false);
        let mut text = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                text.push_str(buf[(buf.area.x + x, buf.area.y + y)].symbol());
            }
            text.push('\n');
        }
        let name = format!("letters_{n}x{n}_{net:?}_{w}x{h}").to_lowercase();
        insta::assert_snapshot!(name, text);
    }
}

/// The text of `buf`'s rows (or, with `half`, of their [`halves`]), blank
/// lines dropped, trailing blanks cut.
fn sticker_lines(buf: &Buffer, half: bool) -> Vec<String> {
    let a = buf.area;
    let rows = (0..a.height).flat_map(|y| {
        if half {
            halves(buf, y).to_vec()
        } else {
            vec![(0..a.width).map(|x| buf[(x, y)].symbol()).collect()]
        }
    });
    rows.map(|l| l.trim_end().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn stickers_sit_where_the_text_net_puts_them() {
    // One-cell stickers with the faces parted (in letters) and half-height
    // ones (in colour) read back as `cubetui state --net …` prints the
    // cube: a space between faces, blank rows dropped.
    for n in 2..=7 {
        let cube = scrambled(n);
        for net in [Net::Strip, Net::Cross] {
            let want: Vec<String> = cubetui_cube::nxn::net::render(&cube, net)
                .lines()
                .map(str::to_string)
                .collect();
            for (scale, colour) in [(net::COMPACT[1], false), (net::COMPACT[3], true)] {
                let (w, h) = scale.extent(shape(net, n, colour));
                let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
                CubeView {
                    cube: &cube,
                    net,
                    scale,
                    theme: &theme(colour),
                    letters: !colour,
                    overlay: false,
                }
                .render(buf.area, &mut buf);
                let got = sticker_lines(&buf, scale.half);
                assert_eq!(got, want, "{n}x{n} {net:?} {scale:?}");
            }
        }
    }
}
