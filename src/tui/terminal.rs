//! What the terminal can draw, decided once at start-up from the
//! environment: whether it can hold the screen at all (`TERM=dumb` cannot),
//! whether it has colours (its terminfo entry's `colors`, see
//! [`super::theme::Depth::detect`]), and whether the locale is UTF-8 (if not,
//! every cell is drawn in ASCII: `+-|` borders, `*` plot points).

use std::path::{Path, PathBuf};

use ratatui::buffer::Buffer;

/// Whether `TERM` names a terminal that cannot address the cursor.
pub fn is_dumb(term: &str) -> bool {
    term == "dumb"
}

/// Whether `y` may copy with OSC 52 on terminal `term`: `CUBETUI_OSC52`
/// (`setting`) `0`/`off`/`no` turns it off and `1`/`on`/`yes` on; unset, it is
/// on except where `TERM` is empty, `dumb` or the Linux console (which has
/// no clipboard to give it to).
pub fn osc52(term: &str, setting: Option<&str>) -> bool {
    match setting.map(str::to_ascii_lowercase).as_deref() {
        Some("0" | "off" | "no" | "false") => false,
        Some("1" | "on" | "yes" | "true") => true,
        _ => !(term.is_empty() || is_dumb(term) || term == "linux"),
    }
}

/// [`osc52`] from the environment (`TERM`, `CUBETUI_OSC52`).
pub fn osc52_from_env() -> bool {
    osc52(
        &std::env::var("TERM").unwrap_or_default(),
        std::env::var("CUBETUI_OSC52").ok().as_deref(),
    )
}

/// Whether the locale given by `LC_ALL`, `LC_CTYPE` and `LANG` (the first one
/// set decides, as in POSIX) is UTF-8. None set at all: UTF-8 is assumed, as
/// every current terminal emulator speaks it (only an explicit non-UTF-8
/// locale such as `C` or `POSIX` asks for ASCII).
pub fn utf8_locale(lc_all: &str, lc_ctype: &str, lang: &str) -> bool {
    match [lc_all, lc_ctype, lang].into_iter().find(|v| !v.is_empty()) {
        None => true,
        Some(v) => {
            let v = v.to_ascii_lowercase();
            v.contains("utf-8") || v.contains("utf8")
        }
    }
}

/// Whether the screen must be drawn in ASCII: the locale is not UTF-8.
pub fn ascii_from_env() -> bool {
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    !utf8_locale(&var("LC_ALL"), &var("LC_CTYPE"), &var("LANG"))
}

/// Whether the terminal `term` shows fewer than 8 colours, by its terminfo
/// entry (`colors` absent or below 8); terminals without an entry found are
/// judged by name (`vt52`/`vt1xx`/`vt2xx`/…, a `-m` or `-mono` suffix).
pub fn monochrome(term: &str) -> bool {
    match terminfo_colours(term) {
        Some(n) => n < 8,
        None => monochrome_name(term),
    }
}

/// The name rule of [`monochrome`].
pub fn monochrome_name(term: &str) -> bool {
    let base = term.split('-').next().unwrap_or(term);
    ["vt52", "vt100", "vt102", "vt220", "vt320", "vt420"].contains(&base)
        || term.ends_with("-m")
        || term.ends_with("-mono")
}

/// Terminfo's `colors` for `term` (-1 when the entry has none), or `None`
/// when no entry is found or it cannot be read. The entry is found here, not
/// by `termini::TermInfo::from_name`, so that a `TERM` with a path in it is
/// never looked up and the file is read through the bounded reader (a FIFO
/// or a device at an entry's place is skipped, never waited on).
fn terminfo_colours(term: &str) -> Option<i32> {
    let first = term.chars().next()?;
    if term.contains('/') || term.starts_with('.') || !term.is_ascii() {
        return None;
    }
    let hex = format!("{:x}", first as u32);
    for dir in terminfo_dirs() {
        for sub in [first.to_string(), hex.clone()] {
            let path = dir.join(&sub).join(term);
            // A regular, small file only: never a FIFO or a device.
            if let Ok(bytes) =
                cubetui_solve::files::read_bounded(&path, 1 << 16, "a terminfo entry")
            {
                return parse_colours(&bytes);
            }
        }
    }
    None
}

/// Where terminfo entries live, in ncurses' search order.
fn terminfo_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = std::env::var_os("TERMINFO") {
        dirs.push(PathBuf::from(d));
    }
    if let Some(home) = std::env::var_os("HOME") {
        dirs.push(Path::new(&home).join(".terminfo"));
    }
    if let Ok(list) = std::env::var("TERMINFO_DIRS") {
        dirs.extend(list.split(':').filter(|d| !d.is_empty()).map(PathBuf::from));
    }
    for d in [
        "/etc/terminfo",
        "/lib/terminfo",
        "/usr/share/terminfo",
        "/usr/lib/terminfo",
        "/usr/share/lib/terminfo",
    ] {
        dirs.push(PathBuf::from(d));
    }
    dirs
}

/// `colors` of a compiled terminfo entry (legacy or extended format, read
/// by `termini`); -1 when absent, `None` when the bytes are no entry.
pub fn parse_colours(b: &[u8]) -> Option<i32> {
    let info = termini::TermInfo::parse(b).ok()?;
    Some(
        info.number_cap(termini::NumberCapability::MaxColors)
            .filter(|n| *n >= 0)
            .unwrap_or(-1),
    )
}

/// One ASCII character standing for the drawing symbol `s`: box drawing as
/// `+`, `-` and `|`, plot points (braille, blocks, dots) as `*`, arrows as
/// `<` `>` `^` `v`; anything else not ASCII as `?`.
pub fn ascii_symbol(s: &str) -> &'static str {
    let Some(c) = s.chars().next() else {
        return " ";
    };
    match c {
        '─' | '━' | '═' | '┄' | '┅' | '┈' | '┉' | '╌' | '╍' | '—' | '–' | '▔' | '▁' => {
            "-"
        }
        '│' | '┃' | '║' | '┆' | '┇' | '┊' | '┋' | '╎' | '╏' | '▏' | '▕' => {
            "|"
        }
        '\u{2500}'..='\u{257f}' => "+",
        '\u{2800}' => " ",
        '\u{2801}'..='\u{28ff}' | '•' | '█' | '▀' | '▄' | '▌' | '▐' | '░' | '▒' | '▓' => {
            "*"
        }
        '\u{2580}'..='\u{259f}' | '\u{1fb00}'..='\u{1fbff}' | '\u{1cd00}'..='\u{1cdff}' => "*",
        '■' | '▪' | '◆' | '●' => "#",
        '·' => ".",
        '…' => "~",
        '×' => "x",
        '→' | '▶' | '►' => ">",
        '←' | '◀' | '◄' => "<",
        '↑' | '▲' => "^",
        '↓' | '▼' => "v",
        _ => "?",
    }
}

/// Redraws every cell of `buf` that is not ASCII with [`ascii_symbol`].
pub fn asciify(buf: &mut Buffer) {
    for cell in buf.content.iter_mut() {
        if !cell.symbol().is_ascii() {
            let a = ascii_symbol(cell.symbol());
            cell.set_symbol(a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_is_on_where_a_clipboard_can_be_reached_unless_turned_off() {
        assert!(osc52("xterm-256color", None));
        assert!(!osc52("dumb", None));
        assert!(!osc52("", None));
        assert!(!osc52("linux", None));
        assert!(!osc52("xterm-256color", Some("0")));
        assert!(osc52("linux", Some("on")));
        // An unknown setting changes nothing.
        assert!(osc52("tmux-256color", Some("maybe")));
    }

    #[test]
    fn the_first_locale_variable_set_decides() {
        assert!(utf8_locale("", "", "en_GB.UTF-8"));
        assert!(utf8_locale("", "", "C.utf8"));
        assert!(!utf8_locale("C", "", "en_GB.UTF-8"));
        assert!(!utf8_locale("POSIX", "", ""));
        assert!(!utf8_locale("", "en_US.ISO-8859-1", "en_US.UTF-8"));
        assert!(utf8_locale("", "", ""));
    }

    #[test]
    fn terminfo_colours_are_read_from_both_formats() {
        // Legacy: magic, names 4, bools 1 (odd: a pad byte), 14 numbers.
        let mut b: Vec<u8> = Vec::new();
        for v in [0o432i16, 4, 1, 14, 0, 0] {
            b.extend(v.to_le_bytes());
        }
        b.extend(b"abc\0");
        b.push(1);
        b.push(0);
        for i in 0..14i16 {
            b.extend((if i == 13 { 256i16 } else { -1 }).to_le_bytes());
        }
        assert_eq!(parse_colours(&b), Some(256));
        // No `colors` at all: five numbers, the 14th absent.
        let mut short: Vec<u8> = Vec::new();
        for v in [0o432i16, 4, 1, 5, 0, 0] {
            short.extend(v.to_le_bytes());
        }
        short.extend(b"abc\0");
        short.extend([1, 0]);
        for _ in 0..5 {
            short.extend((-1i16).to_le_bytes());
        }
        assert_eq!(parse_colours(&short), Some(-1));
        // A header that promises more than the file holds is no entry.
        assert_eq!(parse_colours(&short[..12]), None);
        assert_eq!(parse_colours(b"not terminfo"), None);
        assert_eq!(parse_colours(&b[..20]), None);
    }

    #[test]
    fn names_without_an_entry_decide_by_the_usual_suffixes() {
        assert!(monochrome_name("vt100"));
        assert!(monochrome_name("vt220-8bit"));
        assert!(monochrome_name("xterm-mono"));
        assert!(!monochrome_name("xterm"));
        assert!(!monochrome_name("vt340"));
    }

    #[test]
    fn drawing_symbols_become_single_ascii_characters() {
        for (s, a) in [
            ("┌", "+"),
            ("─", "-"),
            ("│", "|"),
            ("┘", "+"),
            ("⣿", "*"),
            ("•", "*"),
            ("■", "#"),
            ("→", ">"),
            ("x", "?"),
        ] {
            if s.is_ascii() {
                continue;
            }
            assert_eq!(ascii_symbol(s), a, "{s}");
        }
        let mut buf = Buffer::with_lines(["┌─⣿·┐", "│ab…│"]);
        asciify(&mut buf);
        assert_eq!(buf, Buffer::with_lines(["+-*.+", "|ab~|"]));
    }
}
