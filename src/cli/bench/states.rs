//! `bench --states FILE`: a test set, one cube per line — a facelet string
//! (6N² letters, 54 on the 3×3, spaces between faces allowed) or a
//! scramble in WCA notation (SiGN/WCA big-cube notation past the 3×3).
//! Blank lines and lines starting with `#` are skipped. The whole file is
//! read and checked before any solving: a bad line is refused with its line
//! number (exit 3).

use std::path::Path;

use color_eyre::eyre::Report;

use cubetui_cube::nxn::{NxnAlg, NxnCube, Size};
use cubetui_cube::{Alg, AnyAlg, Cube};
use cubetui_solve::files::read_text;

use super::super::common::{Start, parse_facelets};
use super::super::exit::InvalidInput;

/// Largest `--states` file read, in bytes (a million facelet lines).
pub const MAX_BYTES: u64 = 64 << 20;

/// One cube of a test set and the line it came from (1-based).
#[derive(Debug, Clone)]
pub struct Entry {
    pub line: u64,
    pub start: Start,
}

/// Reads and checks a test set of cubes of `size`; every cube in file order.
pub fn load(path: &Path, size: Size) -> Result<Vec<Entry>, Report> {
    let shown = path.display();
    // A file that cannot be read, is not a text file or holds no cube is a
    // bad file (exit 3), as for `replay` and `merge`.
    let text = read_text(path, MAX_BYTES, "a test set")
        .map_err(|e| Report::new(InvalidInput(format!("--states {shown}: {e}"))))?;
    let entries = parse(&text, size).map_err(|(line, why)| {
        Report::new(InvalidInput(format!("--states {shown} line {line}: {why}")))
    })?;
    if entries.is_empty() {
        return Err(InvalidInput(format!(
            "--states {shown}: no cubes in it (only blank lines and # comments)"
        ))
        .into());
    }
    Ok(entries)
}

/// The cubes of `size` of a test set's text, or the first bad line
/// (1-based) and why.
pub fn parse(text: &str, size: Size) -> Result<Vec<Entry>, (u64, String)> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i as u64 + 1;
        let t = raw.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let start = if size == Size::THREE {
            parse_line(t)
        } else {
            parse_sized(t, size)
        }
        .map_err(|why| (line, why))?;
        out.push(Entry { line, start });
    }
    Ok(out)
}

/// One cube: facelets when every word is at least a face (9 letters) long,
/// else a scramble (a move is at most 3 characters).
fn parse_line(t: &str) -> Result<Start, String> {
    if t.split_whitespace().all(|w| w.chars().count() >= 9) {
        let cube = parse_facelets(t).map_err(|e| format!("facelets: {e}"))?;
        return Ok(Start::three(cube, None));
    }
    let alg: Alg = t.parse().map_err(|e| format!("scramble: {e}"))?;
    Ok(Start::three(Cube::solved().after(&alg), Some(alg)))
}

/// One cube of another size: facelets when every word is at least a face
/// (N² letters) long, else a scramble in big-cube notation.
fn parse_sized(t: &str, size: Size) -> Result<Start, String> {
    let face = size.get() * size.get();
    if t.split_whitespace().all(|w| w.chars().count() >= face) {
        let letters: String = t.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        let cube = NxnCube::from_facelets(size, &letters).map_err(|e| format!("facelets: {e}"))?;
        return Ok(Start {
            cube: cube.into(),
            scramble: None,
        });
    }
    let alg = NxnAlg::parse_sized(t, size).map_err(|e| format!("scramble: {e}"))?;
    let cube = NxnCube::solved(size)
        .after(&alg)
        .map_err(|(_, e)| format!("scramble: {e}"))?;
    Ok(Start {
        cube: cube.into(),
        scramble: Some(AnyAlg::Nxn(alg, size)),
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
        let e = parse(&text, Size::THREE).unwrap();
        assert_eq!(e.iter().map(|e| e.line).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(e[0].start.cube, Cube::solved().into());
        assert!(e[0].start.scramble.is_none());
        assert_eq!(e[1].start.scramble.as_ref().unwrap().len(), 4);
        assert_eq!(e[2].start.cube, Cube::solved().into());
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        let three = |t: &str| parse(t, Size::THREE);
        let (line, why) = three("R U\n\n# x\nR Q2\n").unwrap_err();
        assert_eq!(line, 4);
        assert!(why.contains("Q2"), "{why}");
        let bad = "UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        let (line, why) = three(&format!("{bad}\n")).unwrap_err();
        assert_eq!(line, 1);
        assert!(why.starts_with("facelets: "), "{why}");
        // Too short to be facelets, too long a word to be a move.
        assert_eq!(three("R U\nUUUUUUUUUR\n").unwrap_err().0, 2);
    }

    #[test]
    fn other_sizes_read_their_facelets_and_big_cube_scrambles() {
        let two = Size::new(2).unwrap();
        let text = "# 2x2\nUUUURRRRFFFFDDDDLLLLBBBB\nUUUU RRRR FFFF DDDD LLLL BBBB\nR U F'\n";
        let e = parse(text, two).unwrap();
        assert_eq!(e.iter().map(|e| e.line).collect::<Vec<_>>(), [2, 3, 4]);
        assert!(e[0].start.cube.is_solved() && e[1].start.cube.is_solved());
        assert_eq!(e[2].start.cube.size(), two);
        assert_eq!(e[2].start.scramble.as_ref().unwrap().len(), 3);
        // A 3x3 line in a 2x2 set names the length a 2x2 line has.
        let solved3 = Cube::solved().facelets();
        let (line, why) = parse(&format!("R U\n{solved3}\n"), two).unwrap_err();
        assert_eq!(line, 2);
        assert!(why.contains("expected 24"), "{why}");
        // A move off the cube's layers.
        let four = Size::new(4).unwrap();
        assert!(parse("Rw 2U 3Rw'\n", four).is_ok());
        assert_eq!(parse("Rw\nM\n", four).unwrap_err().0, 2);
    }
}
