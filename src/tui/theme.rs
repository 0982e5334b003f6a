//! Colour themes (embedded from `assets/themes/*.toml`) and colour depth:
//! truecolor, falling back to 256 or 16 colours, or none under `NO_COLOR` or
//! on a monochrome terminal.
//!
//! The depth rule is the spec's own (see [`Depth::from_env`]), kept as a pure
//! function of the three variables; `supports-color` was judged and not used:
//! it also needs a tty, honours `FORCE_COLOR`/CI, gives no colour for an
//! unknown `TERM` and treats `NO_COLOR=0` as unset. The colour conversion is
//! `anstyle-lossy`'s.

use anstyle::RgbColor;
use anstyle_lossy::palette::Palette;
use std::str::FromStr;

use ratatui::style::Color;
use serde::Deserialize;

/// The themes shipped with the program, by name.
pub const THEMES: &[(&str, &str)] = &[
    ("classic", include_str!("../../assets/themes/classic.toml")),
    ("pastel", include_str!("../../assets/themes/pastel.toml")),
];

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    True,
    Ansi256,
    Ansi16,
    /// `NO_COLOR`: no colours at all, face letters instead.
    None,
}

impl Depth {
    /// From `NO_COLOR`, `COLORTERM` and `TERM`; a terminal whose terminfo
    /// entry has fewer than 8 colours (e.g. `TERM=vt100`) gets none, unless
    /// `COLORTERM` or a `256` in `TERM` says otherwise.
    pub fn detect() -> Depth {
        let var = |k: &str| std::env::var(k).unwrap_or_default();
        let term = var("TERM");
        match Depth::from_env(&var("NO_COLOR"), &var("COLORTERM"), &term) {
            Depth::Ansi16 if super::terminal::monochrome(&term) => Depth::None,
            d => d,
        }
    }

    /// The depth for these values of `NO_COLOR`, `COLORTERM` and `TERM`: none
    /// when `NO_COLOR` is set (non-empty), truecolor when `COLORTERM` says
    /// `truecolor`/`24bit`, xterm-256 when `TERM` mentions 256, else 16 colours.
    pub fn from_env(no_color: &str, colorterm: &str, term: &str) -> Depth {
        if !no_color.is_empty() {
            Depth::None
        } else if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            Depth::True
        } else if term.contains("256") {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    name: String,
    faces: FacesFile,
    ui: UiFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case)]
struct FacesFile {
    U: String,
    R: String,
    F: String,
    D: String,
    L: String,
    B: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UiFile {
    energy: String,
    best: String,
    temperature: String,
    accent: String,
    misplaced: String,
}

/// Resolved colours for one depth.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    pub name: String,
    pub depth: Depth,
    /// Sticker colours in face order U R F D L B.
    pub faces: [Color; 6],
    pub energy: Color,
    pub best: Color,
    pub temperature: Color,
    pub accent: Color,
    pub misplaced: Color,
    /// Draw in ASCII only (the locale is not UTF-8): set at start-up.
    pub ascii: bool,
}

/// An `#rrggbb` colour (the `#` may be left out), read by ratatui's
/// [`Color::from_str`]; only the hex form is accepted, not its colour names
/// or palette indices.
fn hex(s: &str) -> Result<(u8, u8, u8), String> {
    let spelled = if s.starts_with('#') {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(format!("#{s}"))
    };
    match Color::from_str(&spelled) {
        Ok(Color::Rgb(r, g, b)) => Ok((r, g, b)),
        _ => Err(format!("bad colour `{s}`")),
    }
}

/// xterm's default values for the 16 ANSI colours, the palette the 16-colour
/// fallback matches against (`anstyle-lossy` ships VGA and Windows palettes).
const XTERM_16: Palette = Palette([
    RgbColor(0, 0, 0),
    RgbColor(205, 0, 0),
    RgbColor(0, 205, 0),
    RgbColor(205, 205, 0),
    RgbColor(0, 0, 238),
    RgbColor(205, 0, 205),
    RgbColor(0, 205, 205),
    RgbColor(229, 229, 229),
    RgbColor(127, 127, 127),
    RgbColor(255, 0, 0),
    RgbColor(0, 255, 0),
    RgbColor(255, 255, 0),
    RgbColor(92, 92, 255),
    RgbColor(255, 0, 255),
    RgbColor(0, 255, 255),
    RgbColor(255, 255, 255),
]);

/// Nearest xterm-256 colour (the 6x6x6 cube or the grey ramp, never the 16
/// palette colours, whose values depend on the terminal).
pub fn to_256(r: u8, g: u8, b: u8) -> u8 {
    anstyle_lossy::rgb_to_xterm(RgbColor(r, g, b)).index()
}

/// Nearest of the 16 ANSI colours (xterm's default values).
pub fn to_16(r: u8, g: u8, b: u8) -> Color {
    anstyle::Color::Ansi(anstyle_lossy::rgb_to_ansi(RgbColor(r, g, b), XTERM_16)).into()
}

fn colour(s: &str, depth: Depth) -> Result<Color, String> {
    let (r, g, b) = hex(s)?;
    Ok(match depth {
        Depth::True => Color::Rgb(r, g, b),
        Depth::Ansi256 => Color::Indexed(to_256(r, g, b)),
        Depth::Ansi16 => to_16(r, g, b),
        Depth::None => Color::Reset,
    })
}

impl Theme {
    /// Names of the embedded themes.
    pub fn names() -> Vec<&'static str> {
        THEMES.iter().map(|(n, _)| *n).collect()
    }

    /// Loads an embedded theme by name for a colour depth.
    pub fn load(name: &str, depth: Depth) -> Result<Theme, String> {
        let text = THEMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                format!(
                    "unknown theme `{name}` (available: {})",
                    Theme::names().join(", ")
                )
            })?;
        Theme::parse(text, depth)
    }

    /// Parses a theme file.
    pub fn parse(text: &str, depth: Depth) -> Result<Theme, String> {
        // One line: the line number and the reason (the TOML error's own
        // text spans several lines, with the source quoted).
        let f: ThemeFile = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    format!(
                        "line {}: ",
                        text.get(..s.start).unwrap_or(text).matches('\n').count() + 1
                    )
                })
                .unwrap_or_default();
            format!("{at}{}", e.message().trim())
        })?;
        let c = |s: &str| colour(s, depth);
        Ok(Theme {
            name: f.name,
            depth,
            faces: [
                c(&f.faces.U)?,
                c(&f.faces.R)?,
                c(&f.faces.F)?,
                c(&f.faces.D)?,
                c(&f.faces.L)?,
                c(&f.faces.B)?,
            ],
            energy: c(&f.ui.energy)?,
            best: c(&f.ui.best)?,
            temperature: c(&f.ui.temperature)?,
            accent: c(&f.ui.accent)?,
            misplaced: c(&f.ui.misplaced)?,
            ascii: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_follows_the_environment() {
        assert_eq!(
            Depth::from_env("1", "truecolor", "xterm-256color"),
            Depth::None
        );
        assert_eq!(Depth::from_env("", "truecolor", "xterm"), Depth::True);
        assert_eq!(Depth::from_env("", "24bit", "xterm"), Depth::True);
        assert_eq!(Depth::from_env("", "", "xterm-256color"), Depth::Ansi256);
        assert_eq!(Depth::from_env("", "", "screen-256color"), Depth::Ansi256);
        assert_eq!(Depth::from_env("", "", "xterm"), Depth::Ansi16);
        assert_eq!(Depth::from_env("", "", ""), Depth::Ansi16);
    }

    #[test]
    fn conversions_pick_the_nearest_colour() {
        // Exact members of the 6x6x6 cube and the grey ramp map to themselves.
        assert_eq!(to_256(255, 0, 0), 196);
        assert_eq!(to_256(0, 0, 0), 16);
        assert_eq!(to_256(95, 135, 175), 16 + 36 + 12 + 3);
        assert_eq!(to_256(128, 128, 128), 244);
        assert_eq!(to_256(238, 238, 238), 255);
        // Near misses go to the nearest entry.
        assert_eq!(to_256(250, 5, 3), 196);
        assert_eq!(to_16(250, 5, 3), Color::LightRed);
        assert_eq!(to_16(200, 0, 0), Color::Red);
        assert_eq!(to_16(0, 0, 230), Color::Blue);
        assert_eq!(to_16(130, 125, 128), Color::DarkGray);
        assert_eq!(to_16(3, 3, 3), Color::Black);
        assert_eq!(to_16(250, 250, 250), Color::White);
    }

    #[test]
    fn classic_faces_stay_distinct_at_every_depth() {
        for d in [Depth::True, Depth::Ansi256, Depth::Ansi16] {
            let t = Theme::load("classic", d).expect("embedded theme");
            for i in 0..6 {
                for j in i + 1..6 {
                    assert_ne!(t.faces[i], t.faces[j], "faces {i} and {j} at {d:?}");
                }
            }
        }
    }

    #[test]
    fn depth_decides_the_kind_of_colour() {
        let red = "name = \"t\"\n[faces]\nU = \"#ff0000\"\nR = \"#ff0000\"\nF = \"#ff0000\"\n\
                   D = \"#ff0000\"\nL = \"#ff0000\"\nB = \"#ff0000\"\n[ui]\nenergy = \"#ff0000\"\n\
                   best = \"#ff0000\"\ntemperature = \"#ff0000\"\naccent = \"#ff0000\"\n\
                   misplaced = \"#ff0000\"\n";
        let at = |d| Theme::parse(red, d).expect("valid theme").faces[0];
        assert_eq!(at(Depth::True), Color::Rgb(255, 0, 0));
        assert_eq!(at(Depth::Ansi256), Color::Indexed(196));
        assert_eq!(at(Depth::Ansi16), Color::LightRed);
        assert_eq!(at(Depth::None), Color::Reset);
        assert!(Theme::parse(&red.replace("#ff0000", "#ff00"), Depth::True).is_err());
    }

    #[test]
    fn only_hex_colours_are_read() {
        assert_eq!(hex("#1a2B3c"), Ok((0x1a, 0x2b, 0x3c)));
        assert_eq!(hex("ff8000"), Ok((255, 128, 0)));
        // ratatui also reads names and palette indices: a theme does not.
        for bad in [
            "red", "#red", "42", "#ff00", "#ff00000", "#gg0000", "#ffé00", "",
        ] {
            assert_eq!(hex(bad), Err(format!("bad colour `{bad}`")), "{bad}");
        }
    }
}
