//! Drawing: a pure function of the app state. The single run's screen
//! composes its panels, each drawn from its own view data
//! ([`SingleView`], taken from the app in one place); the race's is
//! `race/panel.rs`.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use ratatui::widgets::{Block, Paragraph};

use super::app::{App, Net};
use super::keys::BINDINGS;
use super::knobs::panel as knobs_panel;
use super::layout;
use super::panels::folded::FoldedPlots;
use super::panels::net::{self, CubeView, Scale};
use super::panels::plot::EnergyPlot;
use super::panels::population::{self, BandPlot, DiversityPlot};
use super::panels::progress::SidePlot;
use super::panels::status::{self, StatusView};
use super::single_view::{self, CubePanel, KeysView, MessageView, Shown, SingleView};
use super::theme::Theme;

/// The smallest terminal the main screen needs.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    draw_screen(f, app);
    if app.theme().ascii {
        super::terminal::asciify(f.buffer_mut());
    }
}

fn draw_screen(f: &mut Frame, app: &App) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        f.render_widget(TooSmall, area);
        return;
    }
    if app.race().is_some() {
        super::race::panel::draw(f, app);
        if let Some(knobs) = single_view::knobs(app) {
            // Over the lanes, right-aligned, above the note and the keys.
            let w = super::layout::STATUS_WIDTH.min(area.width);
            let top = Rect::new(area.right() - w, area.y + 1, w, 3);
            let panel = knobs_panel::area(&knobs.rows, top, area, area.bottom().saturating_sub(2));
            f.render_widget(&knobs, panel);
        }
        if let Some(h) = single_view::help(app) {
            f.render_widget(h, area);
        }
        return;
    }
    let v = SingleView::of(app);
    let a = areas(&v.cube, &v.status, area, app.plots_kept());
    let status_lines = status::lines_in(&v.status, a.status.height.saturating_sub(2));
    f.render_widget(
        CubeBox {
            view: &v.cube,
            net: a.net,
            scale: a.scale,
        },
        a.cube,
    );
    f.render_widget(&v.moves, a.moves);
    f.render_widget(
        Paragraph::new(status_lines).block(block(" status ", v.cube.theme)),
        a.status,
    );
    if a.plots_folded.height > 0 {
        f.render_widget(FoldedPlots(&v.plots), a.plots_folded);
    } else if v.population {
        let (energy, band, diversity) = population::areas(a.energy.union(a.aux));
        f.render_widget(EnergyPlot(&v.plots), energy);
        f.render_widget(BandPlot(&v.plots), band);
        f.render_widget(DiversityPlot(&v.plots), diversity);
    } else {
        f.render_widget(EnergyPlot(&v.plots), a.energy);
        f.render_widget(SidePlot(&v.plots), a.aux);
    }
    if let Some(knobs) = &v.knobs {
        // Over the status panel, widened to the left for its rows, unless
        // that covers the cube: then under the cube panel, as wide.
        let mut panel = knobs_panel::area(&knobs.rows, a.status, area, a.message.y);
        let under = a.message.y.saturating_sub(a.cube.bottom());
        if panel.intersects(a.cube) && under >= 6 {
            panel = Rect::new(panel.x, a.cube.bottom(), panel.width, under);
        }
        f.render_widget(knobs, panel);
    }
    f.render_widget(&v.message, a.message);
    f.render_widget(&v.keys, a.keys);
    if let Some(h) = v.help {
        f.render_widget(h, area);
    }
}

/// The main screen's panels in `area`, as [`draw`] places them (the
/// status panel's height depends on the app): what the mouse is mapped by.
pub fn main_areas(app: &App, area: Rect) -> layout::Areas {
    areas(
        &single_view::cube(app),
        &single_view::status(app),
        area,
        app.plots_kept(),
    )
}

/// The panels in `area` for the net of `cube` and the rows of `status`,
/// the plots kept at their rows though the net then cannot part its
/// stickers when `plots_kept` (`t`).
fn areas(cube: &CubePanel, status: &StatusView, area: Rect, plots_kept: bool) -> layout::Areas {
    let shape = net::Shape::on_screen(cube.net, cube.size, cube.theme, cube.marks());
    let lines = status::lines(status).len() as u16;
    layout::areas_with(area, shape, lines, plots_kept)
}

fn draw_too_small(buf: &mut Buffer, area: Rect) {
    let text = format!(
        "too small: need {MIN_WIDTH}×{MIN_HEIGHT}, now {}×{}",
        area.width, area.height
    );
    let lines = wrap_words(&text, usize::from(area.width.max(1)));
    let shown = lines.len().min(usize::from(area.height));
    let top = (area.height - shown as u16) / 2;
    for (i, l) in lines.into_iter().take(shown).enumerate() {
        let row = Rect::new(area.x, area.y + top + i as u16, area.width, 1);
        Paragraph::new(l)
            .alignment(Alignment::Center)
            .render(row, buf);
    }
}

/// `text` in lines of at most `width` characters, broken between words
/// (a word longer than a line is cut into pieces).
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let chars: Vec<char> = word.chars().collect();
        for piece in chars.chunks(width) {
            let piece: String = piece.iter().collect();
            let len = line.chars().count();
            if len > 0 && len + 1 + piece.chars().count() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&piece);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

pub(crate) fn block<'a>(title: impl Into<Line<'a>>, theme: &Theme) -> Block<'a> {
    Block::bordered()
        .title(title)
        .border_style(Style::default().fg(theme.accent))
}

/// The cube panel in `area`: the net `net` (the layout's) at `scale`.
fn draw_cube(buf: &mut Buffer, v: &CubePanel, area: Rect, net: Net, scale: Scale) {
    let title = match v.shown {
        Shown::Start => " start ".to_string(),
        Shown::Recorded => " recorded state ".to_string(),
        Shown::Playback { pos, len } => format!(" playback {pos}/{len} "),
        Shown::Current => " current state ".to_string(),
        Shown::Cube => " cube ".to_string(),
    };
    let view = match net {
        Net::Strip if scale.fold => "folded strip",
        Net::Strip => "strip",
        Net::Cross => "cross",
    };
    let pose = if v.upright { "upright" } else { "raw" };
    let b =
        block(title, v.theme).title_bottom(Line::from(format!(" {pose} {view} ")).right_aligned());
    let inner = b.inner(area);
    b.render(area, buf);
    let shape = net::Shape::on_screen(net, v.size, v.theme, v.marks());
    let inner = net::centred(inner, scale.extent(shape));
    (CubeView {
        cube: &v.cube,
        net,
        scale,
        theme: v.theme,
        letters: v.letters,
        overlay: v.overlay,
    })
    .render(inner, buf);
}

fn draw_message(buf: &mut Buffer, v: &MessageView, area: Rect) {
    let line = match (v.prompt, v.message) {
        (Some(p), message) => {
            // Long input scrolls: the end (where typing goes) stays in view.
            // A message (a refused paste) stands in for the hint.
            let (hint, hint_style) = match message {
                Some(m) => (format!("  {m}"), Style::default()),
                None => (
                    "  (enter apply, esc cancel)".to_string(),
                    Style::default().add_modifier(Modifier::DIM),
                ),
            };
            let width = usize::from(area.width);
            let mut room = width.saturating_sub(5 + 1 + hint.chars().count() + 16);
            if message.is_some() {
                // The message may be cut at the right, the input's end not.
                room = room.max(width / 3);
            }
            let n = p.chars().count();
            let shown: String = if n > room {
                let tail: String = p.chars().skip(n - room.saturating_sub(1)).collect();
                format!("…{tail}")
            } else {
                p.to_string()
            };
            let count = if n > room {
                format!(" ({n} chars)")
            } else {
                String::new()
            };
            Line::from(vec![
                Span::styled("alg: ", Style::default().fg(v.accent)),
                Span::raw(format!("{shown}█")),
                Span::styled(format!("{hint}{count}"), hint_style),
            ])
        }
        (None, Some(m)) => Line::from(m.to_string()),
        (None, None) => Line::from(""),
    };
    Paragraph::new(line).render(area, buf);
}

/// Hint labels in the order the hint bar shows them, the keys a newcomer
/// needs first; hints not listed follow in the key table's order. `?` is
/// not here: it always ends the bar, as `? help`, or `? more` when the bar
/// is cut (the help popup lists every key).
const HINT_ORDER: &[&str] = &[
    "solve", "step", "gen", "speed", "scramble", "reset", "preset", "race", "quit", "alg",
];

/// The hints of the key table as (key, label), most important first, and
/// the `?` key last.
fn hints() -> (Vec<(String, &'static str)>, String) {
    let key_of = |keys: &str| keys.split("  ").next().unwrap_or(keys).replace(' ', "");
    let mut help_key = "?".to_string();
    let mut hints: Vec<(String, &'static str)> = Vec::new();
    for b in BINDINGS {
        match b.hint {
            Some("help") => help_key = key_of(b.keys),
            Some(h) => hints.push((key_of(b.keys), h)),
            None => {}
        }
    }
    let rank = |h: &str| {
        HINT_ORDER
            .iter()
            .position(|&o| o == h)
            .unwrap_or(HINT_ORDER.len())
    };
    hints.sort_by_key(|&(_, h)| rank(h));
    (hints, help_key)
}

/// The hint bar of a replay: (the row of the key table, the keys shown,
/// what they do in a replay).
pub const REPLAY_HINTS: &[(&str, &str, &str)] = &[
    ("← →  home end", "←→", "point"),
    ("← →  home end", "home end", "ends"),
    ("PgUp PgDn", "PgUp/PgDn", "tenth"),
    ("space", "space", "play"),
    ("+ -", "+-", "rate"),
    ("q  Ctrl-C", "q", "quit"),
];

/// The replay's hints as (keys, label), from [`REPLAY_HINTS`] (a row the
/// key table lost is left out).
fn replay_hints() -> Vec<(String, &'static str)> {
    REPLAY_HINTS
        .iter()
        .filter(|(row, ..)| BINDINGS.iter().any(|b| b.keys == *row))
        .map(|&(_, keys, label)| (keys.to_string(), label))
        .collect()
}

/// The hint bar: the most important keys that fit the width, then `? help`,
/// or `? more` when some were left out.
fn draw_keys(buf: &mut Buffer, v: &KeysView, area: Rect) {
    let (mut hints, help_key) = hints();
    if v.replay {
        hints = replay_hints();
    }
    let cell = |k: &str, h: &str, sep: usize| k.chars().count() + 1 + h.chars().count() + sep;
    let width = |sep: usize, n: usize, last: &str| -> usize {
        hints[..n]
            .iter()
            .map(|(k, h)| cell(k, h, sep))
            .sum::<usize>()
            + cell(&help_key, last, 0)
    };
    let room = usize::from(area.width);
    // Two spaces between hints where they fit, else one; else drop the
    // least important ones and say so.
    let (sep, n, last) = if width(2, hints.len(), "help") <= room {
        (2, hints.len(), "help")
    } else if width(1, hints.len(), "help") <= room {
        (1, hints.len(), "help")
    } else {
        let n = (0..hints.len())
            .rev()
            .find(|&n| width(1, n, "more") <= room)
            .unwrap_or(0);
        (1, n, "more")
    };
    let key_style = Style::default()
        .fg(v.accent)
        .add_modifier(Modifier::REVERSED);
    let mut spans = Vec::new();
    for (key, h) in &hints[..n] {
        spans.push(Span::styled(key.clone(), key_style));
        spans.push(Span::raw(format!(" {h}{}", " ".repeat(sep))));
    }
    spans.push(Span::styled(help_key, key_style));
    spans.push(Span::raw(format!(" {last}")));
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// "too small" with the size needed and the size now, wrapped between
/// words and centred in the screen.
struct TooSmall;

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_too_small(buf, area);
    }
}

/// The cube panel: the net `net` (the layout's) at `scale`.
pub struct CubeBox<'v, 'a> {
    pub view: &'v CubePanel<'a>,
    pub net: Net,
    pub scale: Scale,
}

impl Widget for CubeBox<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_cube(buf, self.view, area, self.net, self.scale);
    }
}

/// The message line.
impl Widget for &MessageView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_message(buf, self, area);
    }
}

/// The hint bar: the keys that act now.
impl Widget for &KeysView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_keys(buf, self, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::Playback;
    use crate::tui::panels::net::SCALES;
    use crate::tui::single_view::MovesView;
    use crate::tui::theme::Depth;
    use cubetui_cube::AnyAlg;
    use cubetui_cube::nxn::{NxnCube, Size};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::style::Color;

    #[test]
    fn the_too_small_notice_wraps_between_words() {
        assert_eq!(
            wrap_words("too small: need 80×24", 40),
            ["too small: need 80×24"]
        );
        assert_eq!(
            wrap_words("too small: need 80×24", 10),
            ["too small:", "need 80×24"]
        );
        assert_eq!(
            wrap_words("too small: need 80×24", 4),
            ["too", "smal", "l:", "need", "80×2", "4"]
        );
        assert_eq!(wrap_words("", 4), Vec::<String>::new());
    }

    fn drawn(w: u16, h: u16, draw: impl FnOnce(&mut Frame)) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(draw).unwrap();
        format!("{}", t.backend())
    }

    fn theme() -> Theme {
        Theme::load("classic", Depth::None).unwrap()
    }

    /// The moves panel drawn from a view made by hand, no app.
    #[test]
    fn the_moves_panel_draws_from_its_own_view() {
        let theme = theme();
        let scramble = AnyAlg::parse_sized("R U F'", Size::THREE).unwrap();
        let mut v = MovesView {
            scramble: Some(&scramble),
            after_random: None,
            playback: None,
            replay: false,
            recorded: None,
            outcome: None,
            scroll: 0,
            theme: &theme,
        };
        let text = drawn(50, 5, |f| f.render_widget(&v, f.area()));
        assert!(text.contains("scramble 3 moves: R U F'"), "{text}");
        let playback = Playback {
            moves: AnyAlg::parse_sized("R U R' U' F2", Size::THREE).unwrap(),
            pos: 2,
            raw_len: 7,
        };
        v.playback = Some(&playback);
        let text = drawn(50, 5, |f| f.render_widget(&v, f.area()));
        assert!(
            text.contains("length 5 HTM (7 raw moves), move 2: R U R' U' F2"),
            "{text}"
        );
        v.replay = true;
        let text = drawn(50, 5, |f| f.render_widget(&v, f.area()));
        assert!(text.contains("scramble as recorded"), "{text}");
    }

    /// The cube panel's title says what its view shows; the net drawn is
    /// the layout's.
    #[test]
    fn the_cube_panel_draws_from_its_own_view() {
        let theme = theme();
        let mut v = CubePanel {
            shown: Shown::Playback { pos: 3, len: 5 },
            cube: NxnCube::solved(Size::THREE),
            size: Size::THREE,
            net: Net::Strip,
            upright: false,
            letters: false,
            overlay: false,
            theme: &theme,
        };
        let text = drawn(60, 14, |f| {
            f.render_widget(
                CubeBox {
                    view: &v,
                    net: Net::Cross,
                    scale: SCALES[0],
                },
                f.area(),
            )
        });
        assert!(text.contains(" playback 3/5 "), "{text}");
        assert!(text.contains(" raw cross "), "{text}");
        v.shown = Shown::Recorded;
        v.upright = true;
        let text = drawn(60, 14, |f| {
            f.render_widget(
                CubeBox {
                    view: &v,
                    net: Net::Strip,
                    scale: SCALES[0],
                },
                f.area(),
            )
        });
        assert!(text.contains(" recorded state "), "{text}");
        assert!(text.contains(" upright strip "), "{text}");
    }

    /// The message line and the hint bar from views made by hand.
    #[test]
    fn the_message_line_and_the_hints_draw_from_their_own_views() {
        let mut v = MessageView {
            prompt: Some("R U"),
            message: None,
            accent: Color::Reset,
        };
        let text = drawn(80, 1, |f| f.render_widget(&v, f.area()));
        assert!(
            text.contains("alg: R U█  (enter apply, esc cancel)"),
            "{text}"
        );
        // With the prompt open a message stands in for the hint.
        v.message = Some("solved");
        let text = drawn(80, 1, |f| f.render_widget(&v, f.area()));
        assert!(text.contains("alg: R U█  solved"), "{text}");
        v.prompt = None;
        assert!(drawn(80, 1, |f| f.render_widget(&v, f.area())).contains("solved"));
        let mut keys = KeysView {
            replay: false,
            accent: Color::Reset,
        };
        let single = drawn(120, 1, |f| f.render_widget(&keys, f.area()));
        assert!(
            single.contains(" solve") && !single.contains("point"),
            "{single}"
        );
        keys.replay = true;
        let replay = drawn(120, 1, |f| f.render_widget(&keys, f.area()));
        assert!(
            replay.contains("←→ point") && !replay.contains(" solve"),
            "{replay}"
        );
    }
}
