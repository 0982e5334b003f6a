//! Colour themes (embedded from `assets/themes/*.toml`) and colour depth:
//! truecolor, falling back to 256 or 16 colours, or none under `NO_COLOR`.

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
    /// From `NO_COLOR`, `COLORTERM` and `TERM`.
    pub fn detect() -> Depth {
        let var = |k: &str| std::env::var(k).unwrap_or_default();
        Depth::from_env(&var("NO_COLOR"), &var("COLORTERM"), &var("TERM"))
    }

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
struct ThemeFile {
    name: String,
    faces: FacesFile,
    ui: UiFile,
}

#[derive(Deserialize)]
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
}

fn hex(s: &str) -> Result<(u8, u8, u8), String> {
    let h = s.strip_prefix('#').unwrap_or(s);
    if h.len() != 6 || !h.is_ascii() {
        return Err(format!("bad colour `{s}`"));
    }
    let p =
        |i: usize| u8::from_str_radix(&h[i..i + 2], 16).map_err(|_| format!("bad colour `{s}`"));
    Ok((p(0)?, p(2)?, p(4)?))
}

/// Nearest xterm-256 colour (the 6x6x6 cube or the grey ramp).
pub fn to_256(r: u8, g: u8, b: u8) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let near = |v: u8| {
        (0..6)
            .min_by_key(|&i| (LEVELS[i] as i32 - v as i32).abs())
            .unwrap_or(0) as u8
    };
    let (ri, gi, bi) = (near(r), near(g), near(b));
    let cube = (
        LEVELS[ri as usize],
        LEVELS[gi as usize],
        LEVELS[bi as usize],
    );
    let avg = (r as u32 + g as u32 + b as u32) / 3;
    let grey_i = if avg < 8 { 0 } else { ((avg - 8) / 10).min(23) } as u8;
    let grey = 8 + 10 * grey_i as u32;
    let d = |(a, b2, c): (u32, u32, u32)| {
        let dr = a as i64 - r as i64;
        let dg = b2 as i64 - g as i64;
        let db = c as i64 - b as i64;
        dr * dr + dg * dg + db * db
    };
    let dc = d((cube.0 as u32, cube.1 as u32, cube.2 as u32));
    let dgrey = d((grey, grey, grey));
    if dgrey < dc {
        232 + grey_i
    } else {
        16 + 36 * ri + 6 * gi + bi
    }
}

/// Nearest of the 16 ANSI colours (typical xterm values).
pub fn to_16(r: u8, g: u8, b: u8) -> Color {
    const PALETTE: [(Color, (u8, u8, u8)); 16] = [
        (Color::Black, (0, 0, 0)),
        (Color::Red, (205, 0, 0)),
        (Color::Green, (0, 205, 0)),
        (Color::Yellow, (205, 205, 0)),
        (Color::Blue, (0, 0, 238)),
        (Color::Magenta, (205, 0, 205)),
        (Color::Cyan, (0, 205, 205)),
        (Color::Gray, (229, 229, 229)),
        (Color::DarkGray, (127, 127, 127)),
        (Color::LightRed, (255, 0, 0)),
        (Color::LightGreen, (0, 255, 0)),
        (Color::LightYellow, (255, 255, 0)),
        (Color::LightBlue, (92, 92, 255)),
        (Color::LightMagenta, (255, 0, 255)),
        (Color::LightCyan, (0, 255, 255)),
        (Color::White, (255, 255, 255)),
    ];
    let d = |(a, b2, c): (u8, u8, u8)| {
        let dr = a as i32 - r as i32;
        let dg = b2 as i32 - g as i32;
        let db = c as i32 - b as i32;
        dr * dr + dg * dg + db * db
    };
    PALETTE
        .iter()
        .min_by_key(|(_, rgb)| d(*rgb))
        .map_or(Color::Reset, |(c, _)| *c)
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
        let f: ThemeFile = toml::from_str(text).map_err(|e| e.to_string())?;
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
        })
    }
}
