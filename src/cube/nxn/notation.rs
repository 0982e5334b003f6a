//! Parsing N×N notation: the 3×3 grammar (groups, repeat counts, `R2'`,
//! `R'2`) with a layer number in front (SiGN `2R`, `3Rw`, `3r`), lower-case
//! face letters as wide turns (`r` = `Rw`), and a size check that names the
//! move a size cannot make.

use std::str::FromStr;

use crate::cube::alg::{MAX_MOVES, MAX_REPEAT};
use crate::cube::error::printable;
use crate::cube::face::Face;
use crate::cube::moves::{Rotation, Slice};

use super::alg::NxnAlg;
use super::error::NxnNotationError;
use super::moves::{NxnKind, NxnMove};
use super::size::Size;

fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | '′')
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')'
}

/// Longest token an error message quotes; longer ones are cut with `…`.
const SHOWN_TOKEN: usize = 40;

fn token_at(chars: &[char], start: usize) -> String {
    let mut run = chars[start..].iter().take_while(|c| !is_separator(**c));
    let mut token: String = run.by_ref().take(SHOWN_TOKEN).collect();
    if run.next().is_some() {
        token.push('…');
    }
    printable(&token)
}

fn digits_at(chars: &[char], i: usize) -> String {
    chars[i..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .collect()
}

fn extend(out: &mut Vec<NxnMove>, add: &[NxnMove], times: usize) -> Result<(), NxnNotationError> {
    if out.len() + add.len().saturating_mul(times) > MAX_MOVES {
        return Err(NxnNotationError::TooLong { limit: MAX_MOVES });
    }
    for _ in 0..times {
        out.extend_from_slice(add);
    }
    Ok(())
}

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
    let mut digits = digits_at(chars, i);
    i += digits.len();
    let mut primes = 0;
    while i < chars.len() && is_prime(chars[i]) {
        primes += 1;
        i += 1;
    }
    if digits.is_empty() && primes > 0 {
        // `R'2` is read as `R2'`.
        digits = digits_at(chars, i);
        i += digits.len();
    }
    let bad_amount = || NxnNotationError::BadAmount {
        token: token(),
        column,
    };
    let amount: u8 = match digits.as_str() {
        "" | "1" => 1,
        "2" => 2,
        "3" => 3,
        _ => return Err(bad_amount()),
    };
    // `R2'` is `R2`; a prime otherwise inverts.
    let turns = match (amount, primes) {
        (a, 0) => a,
        (2, 1) => 2,
        (a, 1) => 4 - a,
        _ => return Err(bad_amount()),
    };
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
    let chars: Vec<char> = s.chars().collect();
    // Open groups: (moves before the group, column of its `(`).
    let mut stack: Vec<(Vec<NxnMove>, usize)> = Vec::new();
    let mut cur: Vec<NxnMove> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c == '(' {
            stack.push((std::mem::take(&mut cur), column));
            i += 1;
        } else if c == ')' {
            let (mut outer, _) = stack
                .pop()
                .ok_or(NxnNotationError::UnmatchedClose { column })?;
            i += 1;
            let digits = digits_at(&chars, i);
            i += digits.len();
            let times = if digits.is_empty() {
                1
            } else {
                match digits.parse::<usize>() {
                    Ok(n) if (1..=MAX_REPEAT).contains(&n) => n,
                    _ => {
                        return Err(NxnNotationError::BadRepeat {
                            text: digits,
                            column: column + 1,
                            max: MAX_REPEAT,
                        });
                    }
                }
            };
            extend(&mut outer, &cur, times)?;
            cur = outer;
        } else {
            let (m, next) = parse_move(&chars, i, size)?;
            extend(&mut cur, &[m], 1)?;
            i = next;
        }
    }
    if let Some((_, column)) = stack.pop() {
        return Err(NxnNotationError::Unclosed { column });
    }
    Ok(NxnAlg::new(cur))
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
