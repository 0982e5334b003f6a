//! `bench --states FILE`: a test set, one cube per line — a facelet string
//! (54 letters, spaces between faces allowed) or a scramble in WCA notation.
//! Blank lines and lines starting with `#` are skipped. The whole file is
//! read and checked before any solving: a bad line is refused with its line
//! number (exit 3).

use std::path::Path;

use color_eyre::eyre::Report;

use cubetui::cube::{Alg, Cube};

use super::super::common::{Start, parse_facelets};
use super::super::exit::{InvalidInput, UsageError};

/// Largest `--states` file read, in bytes (a million facelet lines).
pub const MAX_BYTES: u64 = 64 << 20;

/// One cube of a test set and the line it came from (1-based).
#[derive(Debug, Clone)]
pub struct Entry {
    pub line: u64,
    pub start: Start,
}

/// Reads and checks a test set; every cube in file order.
pub fn load(path: &Path) -> Result<Vec<Entry>, Report> {
    let shown = path.display();
    let meta = std::fs::metadata(path)
        .map_err(|e| UsageError(format!("--states {shown}: cannot read it: {e}")))?;
    if meta.len() > MAX_BYTES {
        return Err(UsageError(format!(
            "--states {shown}: {} bytes, more than the {MAX_BYTES} a test set may have",
            meta.len()
        ))
        .into());
    }
    let bytes = std::fs::read(path)
        .map_err(|e| UsageError(format!("--states {shown}: cannot read it: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| InvalidInput(format!("--states {shown}: not UTF-8 text: {e}")))?;
    let entries = parse(&text).map_err(|(line, why)| {
        Report::new(InvalidInput(format!("--states {shown} line {line}: {why}")))
    })?;
    if entries.is_empty() {
        return Err(UsageError(format!(
            "--states {shown}: no cubes in it (only blank lines and # comments)"
        ))
        .into());
    }
    Ok(entries)
}

/// The cubes of a test set's text, or the first bad line (1-based) and why.
pub fn parse(text: &str) -> Result<Vec<Entry>, (u64, String)> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i as u64 + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let start = parse_line(t).map_err(|why| (line, why))?;
        out.push(Entry { line, start });
    }
    Ok(out)
}

/// One cube: facelets when every word is at least a face (9 letters) long,
/// else a scramble (a move is at most 3 characters).
fn parse_line(t: &str) -> Result<Start, String> {
    if t.split_whitespace().all(|w| w.chars().count() >= 9) {
        let cube = parse_facelets(t).map_err(|e| format!("facelets: {e}"))?;
        return Ok(Start {
            cube,
            scramble: None,
        });
    }
    let alg: Alg = t.parse().map_err(|e| format!("scramble: {e}"))?;
    Ok(Start {
        cube: Cube::solved().after(&alg),
        scramble: Some(alg),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facelets_scrambles_blanks_and_comments() {
        let solved = Cube::solved().facelets();
        let text = format!(
            "# a test set\n\n{solved}\n  R U R' U'  \nUUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB\n   # indented comment\n"
        );
        let e = parse(&text).unwrap();
        assert_eq!(e.iter().map(|e| e.line).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(e[0].start.cube, Cube::solved());
        assert!(e[0].start.scramble.is_none());
        assert_eq!(e[1].start.scramble.as_ref().unwrap().len(), 4);
        assert_eq!(e[2].start.cube, Cube::solved());
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let (line, why) = parse("R U\n\n# x\nR Q2\n").unwrap_err();
        assert_eq!(line, 4);
        assert!(why.contains("Q2"), "{why}");
        let bad = "UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let (line, why) = parse(&format!("{bad}\n")).unwrap_err();
        assert_eq!(line, 1);
        assert!(why.starts_with("facelets: "), "{why}");
        // Too short to be facelets, too long a word to be a move.
        assert_eq!(parse("R U\nUUUUUUUUUR\n").unwrap_err().0, 2);
    }
}
