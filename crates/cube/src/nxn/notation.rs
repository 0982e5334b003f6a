//! Parsing N×N notation: the 3×3 grammar (groups, repeat counts, `R2'`,
//! `R'2`) with a layer number in front (SiGN `2R`, `3Rw`, `3r`), lower-case
//! face letters as wide turns (`r` = `Rw`), and a size check that names the
//! move a size cannot make. The groups, repeat counts and turn amounts are
//! the 3×3's own (`cube::grammar`).

use std::str::FromStr;

use crate::error::printable;
use crate::face::Face;
use crate::grammar::{digits_at, is_separator, parse_groups, token_at, turns_at};
use crate::moves::{Rotation, Slice};

use super::alg::NxnAlg;
use super::error::NxnNotationError;
use super::moves::{NxnKind, NxnMove};
use super::size::Size;

/// The letters of a move after its layer number: (kind with `layer` filled
/// in, letters used). `None` if unknown or if a layer number stands before a
/// letter that takes none.
fn parse_letters(chars: &[char], i: usize, layer: Option<u8>) -> Option<(NxnKind, usize)> {
    let c = *chars.get(i)?;
    let w = chars.get(i + 1) == Some(&'w');
    if let Some(face) = Face::from_letter(c) {
        return Some(if w {
            (NxnKind::wide(face, layer.unwrap_or(2)), 2)
        } else {
            (NxnKind::slice(face, layer.unwrap_or(1)), 1)
        });
    }
    if let Some(face) = Face::from_letter(c.to_ascii_uppercase()).filter(|_| c.is_lowercase()) {
        return Some((NxnKind::wide(face, layer.unwrap_or(2)), 1));
    }
    if layer.is_some() {
        return None;
    }
    let kind = match c {
        'M' => NxnKind::Middle(Slice::M),
        'E' => NxnKind::Middle(Slice::E),
        'S' => NxnKind::Middle(Slice::S),
        'x' => NxnKind::Rotation(Rotation::X),
        'y' => NxnKind::Rotation(Rotation::Y),
        'z' => NxnKind::Rotation(Rotation::Z),
        _ => return None,
    };
    Some((kind, 1))
}

/// Parses one move token starting at `chars[start]`: (move, next index).
fn parse_move(
    chars: &[char],
    start: usize,
    size: Option<Size>,
) -> Result<(NxnMove, usize), NxnNotationError> {
    let column = start + 1;
    let token = || token_at(chars, start);
    let mut i = start;
    let prefix = digits_at(chars, i);
    i += prefix.len();
    let layer = if prefix.is_empty() {
        None
    } else {
        match prefix.parse::<usize>() {
            Ok(l) if (1..=Size::MAX).contains(&l) => Some(l as u8),
            _ => {
                return Err(NxnNotationError::BadLayerNumber {
                    token: token(),
                    column,
                    text: prefix,
                    max: Size::MAX,
                });
            }
        }
    };
    let (kind, letters) =
        parse_letters(chars, i, layer).ok_or_else(|| NxnNotationError::UnknownMove {
            token: token(),
            column,
        })?;
    i += letters;
    if let NxnKind::Turn {
        wide: true,
        layer: l,
        ..
    } = kind
        && l < 2
    {
        return Err(NxnNotationError::WideTooThin {
            token: token(),
            column,
        });
    }
    let (turns, i) = turns_at(chars, i).ok_or_else(|| NxnNotationError::BadAmount {
        token: token(),
        column,
    })?;
    if i < chars.len() && !is_separator(chars[i]) && !chars[i].is_alphanumeric() {
        return Err(NxnNotationError::UnknownMove {
            token: token(),
            column,
        });
    }
    if let Some(size) = size {
        kind.layers(size)
            .map_err(|fault| NxnNotationError::NotOnSize {
                token: token(),
                column,
                fault,
            })?;
    }
    let m = NxnMove::new(kind, turns).expect("turns in 1..=3");
    Ok((m, i))
}

fn parse(s: &str, size: Option<Size>) -> Result<NxnAlg, NxnNotationError> {
    parse_groups(s, |chars, i| parse_move(chars, i, size)).map(NxnAlg::new)
}

impl NxnAlg {
    /// Parses a sequence and checks that a cube of `size` can make every
    /// move (the error names the first that it cannot, and where it is).
    pub fn parse_sized(s: &str, size: Size) -> Result<NxnAlg, NxnNotationError> {
        parse(s, Some(size))
    }
}

impl FromStr for NxnAlg {
    type Err = NxnNotationError;

    /// Parses the notation alone; see [`NxnAlg::parse_sized`] for the size check.
    fn from_str(s: &str) -> Result<NxnAlg, NxnNotationError> {
        parse(s, None)
    }
}

impl NxnMove {
    /// Parses one move token and checks it against `size`.
    pub fn parse_sized(s: &str, size: Size) -> Result<NxnMove, NxnNotationError> {
        one(parse(s, Some(size))?, s)
    }
}

fn one(alg: NxnAlg, s: &str) -> Result<NxnMove, NxnNotationError> {
    match alg.moves() {
        [m] => Ok(*m),
        _ => Err(NxnNotationError::NotOneMove { text: printable(s) }),
    }
}

impl FromStr for NxnMove {
    type Err = NxnNotationError;

    /// Parses one move token such as `R`, `2R'`, `3Rw2`, `r`, `M`, `x'`.
    fn from_str(s: &str) -> Result<NxnMove, NxnNotationError> {
        one(parse(s, None)?, s)
    }
}
