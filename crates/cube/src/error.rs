//! Errors for notation and facelet strings. Every message names what is wrong.

use thiserror::Error;

/// `text` with every character that would not show up as itself on a terminal
/// (control characters, zero-width and other invisible characters, whitespace
/// other than a space) written as a Rust escape such as `\u{200b}`.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

fn invisible(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c,
            '\u{00ad}' | '\u{034f}' | '\u{061c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}'
            | '\u{17b5}' | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e0fff}')
}

/// A move sequence that cannot be parsed. Columns count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    #[error("unknown move `{token}` at column {column}")]
    UnknownMove { token: String, column: usize },
    #[error(
        "bad turn amount in `{token}` at column {column} (use nothing, 1, 2 or 3, and at most one ')"
    )]
    BadAmount { token: String, column: usize },
    #[error("`)` at column {column} has no matching `(`")]
    UnmatchedClose { column: usize },
    #[error("`(` at column {column} is never closed")]
    Unclosed { column: usize },
    #[error("bad repeat count `{text}` at column {column} (use 1 to {max})")]
    BadRepeat {
        text: String,
        column: usize,
        max: usize,
    },
    #[error("sequence expands to more than {limit} moves")]
    TooLong { limit: usize },
    #[error("`{text}` is not a single move")]
    NotOneMove { text: String },
}

/// A facelet string that does not describe a reachable cube.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FaceletError {
    #[error("facelet string has {len} characters, expected 54")]
    WrongLength { len: usize },
    #[error("invalid character `{}` at column {column} (expected one of U R F D L B)", printable(&ch.to_string()))]
    BadCharacter { ch: char, column: usize },
    #[error("colour {face} appears {count} times, expected 9")]
    ColourCount { face: char, count: usize },
    #[error("centres are {centres}, expected six distinct colours")]
    Centres { centres: String },
    #[error("centres {centres} are a mirror image of a real cube (read U R F D L B)")]
    CentresMirrored { centres: String },
    #[error("impossible corner {colours} at {position}: no corner has these colours")]
    ImpossibleCorner { position: String, colours: String },
    #[error("impossible edge {colours} at {position}: no edge has these colours")]
    ImpossibleEdge { position: String, colours: String },
    #[error("{piece} appears twice")]
    DuplicatePiece { piece: String },
    #[error("twisted corner: corner orientations sum to {sum} (mod 3), expected 0")]
    TwistedCorner { sum: u32 },
    #[error("flipped edge: edge orientations sum to {sum} (mod 2), expected 0")]
    FlippedEdge { sum: u32 },
    #[error("parity mismatch: corner permutation is {corners}, edge permutation is {edges}")]
    Parity {
        corners: &'static str,
        edges: &'static str,
    },
}
