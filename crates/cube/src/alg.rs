//! Move sequences: WCA notation with parentheses and repeat counts, parsed into a
//! flat list of moves and printed canonically (single spaces).

use std::fmt;
use std::str::FromStr;

use super::error::NotationError;
pub use super::grammar::{MAX_MOVES, MAX_REPEAT};
use super::grammar::{is_separator, parse_groups, token_at, turns_at};
use super::kernel::{Lanes, gather};
use super::moves::{Move, parse_kind, write_spaced};
use super::perm::Perm;

/// A sequence of moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Alg(Vec<Move>);

impl Alg {
    pub fn new(moves: Vec<Move>) -> Alg {
        Alg(moves)
    }
    pub fn moves(&self) -> &[Move] {
        &self.0
    }
    pub fn into_moves(self) -> Vec<Move> {
        self.0
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn push(&mut self, m: Move) {
        self.0.push(m);
    }
    /// The sequence that undoes this one: inverted moves in reverse order.
    pub fn inverse(&self) -> Alg {
        Alg(self.0.iter().rev().map(|m| m.inverse()).collect())
    }
    /// The whole sequence as one sticker permutation.
    pub fn perm(&self) -> Perm {
        let start = Lanes::new(Perm::IDENTITY.table());
        let lanes = self
            .0
            .iter()
            .fold(start, |acc, m| gather(&acc, m.perm().table()));
        Perm::from_gather(*lanes.stickers()).expect("a product of moves is a bijection")
    }
}

impl From<Vec<Move>> for Alg {
    fn from(v: Vec<Move>) -> Alg {
        Alg(v)
    }
}

impl FromIterator<Move> for Alg {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Alg {
        Alg(iter.into_iter().collect())
    }
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_spaced(f, &self.0)
    }
}

impl FromStr for Alg {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Alg, NotationError> {
        parse_groups(s, parse_move).map(Alg)
    }
}

/// Parses one move token starting at `chars[start]`: (move, next index).
fn parse_move(chars: &[char], start: usize) -> Result<(Move, usize), NotationError> {
    let column = start + 1;
    let letters = if chars.get(start + 1) == Some(&'w') {
        2
    } else {
        1
    };
    let name: String = chars[start..start + letters].iter().collect();
    let kind = parse_kind(&name).ok_or_else(|| NotationError::UnknownMove {
        token: token_at(chars, start),
        column,
    })?;
    let (turns, i) = turns_at(chars, start + letters).ok_or_else(|| NotationError::BadAmount {
        token: token_at(chars, start),
        column,
    })?;
    if i < chars.len() && !is_separator(chars[i]) && !chars[i].is_alphabetic() {
        return Err(NotationError::UnknownMove {
            token: token_at(chars, start),
            column,
        });
    }
    let m = Move::new(kind, turns).expect("turns in 1..=3");
    Ok((m, i))
}

/// One move token, parsed with the sequence grammar (kept here so `moves` need
/// not know about sequences).
impl FromStr for Move {
    type Err = NotationError;

    /// Parses one move token such as `R`, `U'`, `F2`, `R2'`, `Rw`, `r'`, `M2`, `x'`.
    fn from_str(s: &str) -> Result<Move, NotationError> {
        let alg: Alg = s.parse()?;
        match alg.moves() {
            [m] => Ok(*m),
            _ => Err(NotationError::NotOneMove {
                text: s.to_string(),
            }),
        }
    }
}
