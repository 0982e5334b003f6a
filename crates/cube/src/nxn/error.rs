//! Errors for N×N sizes, notation and facelet strings. Every message names
//! what is wrong.

use thiserror::Error;

use crate::error::{FaceletError, NotationError, printable};

/// A cube size outside the sizes this model builds.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cube size {size} is not supported (use {min} to {max})")]
pub struct SizeError {
    pub size: usize,
    pub min: usize,
    pub max: usize,
}

/// Text that does not name a cube size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSizeError {
    #[error("`{text}` is not a cube size (write N or NxN, such as 4 or 4x4)")]
    NotASize { text: String },
    #[error(transparent)]
    OutOfRange(#[from] SizeError),
}

/// An N×N move sequence that cannot be parsed, or that names layers the cube
/// does not have. Columns count characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NxnNotationError {
    #[error("unknown move `{token}` at column {column}")]
    UnknownMove { token: String, column: usize },
    #[error(
        "bad turn amount in `{token}` at column {column} (use nothing, 1, 2 or 3, and at most one ')"
    )]
    BadAmount { token: String, column: usize },
    #[error("`{token}` at column {column}: a wide turn turns 2 or more layers")]
    WideTooThin { token: String, column: usize },
    #[error("`{token}` at column {column}: layer number {text} is out of range (use 1 to {max})")]
    BadLayerNumber {
        token: String,
        column: usize,
        text: String,
        max: usize,
    },
    /// Its `fault` is said in the message, not chained as a source, so
    /// a report of causes does not say it twice.
    #[error("`{token}` at column {column}: {fault}")]
    NotOnSize {
        token: String,
        column: usize,
        fault: MoveSizeError,
    },
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

/// The grammar that the sizes share ([`NotationError`]) says its faults
/// with the same words.
impl From<NotationError> for NxnNotationError {
    fn from(e: NotationError) -> NxnNotationError {
        match e {
            NotationError::UnknownMove { token, column } => {
                NxnNotationError::UnknownMove { token, column }
            }
            NotationError::BadAmount { token, column } => {
                NxnNotationError::BadAmount { token, column }
            }
            NotationError::UnmatchedClose { column } => NxnNotationError::UnmatchedClose { column },
            NotationError::Unclosed { column } => NxnNotationError::Unclosed { column },
            NotationError::BadRepeat { text, column, max } => {
                NxnNotationError::BadRepeat { text, column, max }
            }
            NotationError::TooLong { limit } => NxnNotationError::TooLong { limit },
            NotationError::NotOneMove { text } => NxnNotationError::NotOneMove { text },
        }
    }
}

/// A move that a size cannot make.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveSizeError {
    #[error("layer {layer} is out of range for a {size}x{size} cube (1 to {size})")]
    LayerOutOfRange { layer: usize, size: usize },
    #[error("a wide turn turns 2 or more layers, not {layer}")]
    WideTooThin { layer: usize },
    #[error("{slice} turns the middle layer, which a {size}x{size} cube (even size) does not have")]
    MiddleOnEven { slice: char, size: usize },
}

/// A facelet string that does not describe a reachable N×N cube (as far as
/// the checks go: complete for 2×2, the cheap necessary rules for larger).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NxnFaceletError {
    /// A 3×3 string, checked by the 3×3's full rules.
    #[error(transparent)]
    Three(#[from] FaceletError),
    #[error("facelet string has {len} characters, expected {expected} for a {size}x{size} cube")]
    WrongLength {
        len: usize,
        expected: usize,
        size: usize,
    },
    #[error("invalid character `{}` at column {column} (expected one of U R F D L B)", printable(&ch.to_string()))]
    BadCharacter { ch: char, column: usize },
    #[error("colour {face} appears {count} times, expected {expected}")]
    ColourCount {
        face: char,
        count: usize,
        expected: usize,
    },
    #[error("middle centres are {centres}, expected six distinct colours")]
    Centres { centres: String },
    #[error("middle centres {centres} are a mirror image of a real cube (read U R F D L B)")]
    CentresMirrored { centres: String },
    #[error(
        "centre orbit {orbit}: colour {face} appears {count} times on its 24 stickers, expected 4"
    )]
    CentreOrbit {
        orbit: String,
        face: char,
        count: usize,
    },
    #[error("impossible corner {colours} at {position}: no corner has these colours")]
    ImpossibleCorner { position: String, colours: String },
    #[error("corner {piece} appears twice")]
    DuplicateCorner { piece: String },
    #[error("twisted corner: corner orientations sum to {sum} (mod 3), expected 0")]
    TwistedCorner { sum: u32 },
    #[error("impossible edge {colours} at {position}: no edge has these colours")]
    ImpossibleEdge { position: String, colours: String },
    #[error("edge orbit {orbit}: wing {edge} is flipped (its two wings read {colours} alike)")]
    FlippedWing {
        orbit: String,
        edge: String,
        colours: String,
    },
    /// On odd sizes the corners, middle edges and middle centres move as a
    /// 3×3 does, and must make a reachable 3×3.
    #[error("corners, middle edges and middle centres as a 3x3: {0}")]
    Subcube(FaceletError),
    #[error("edge orbit {orbit}: edge {edge} appears {count} times, expected {expected}")]
    EdgeCount {
        orbit: String,
        edge: String,
        count: usize,
        expected: usize,
    },
}
