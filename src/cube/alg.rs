//! Move sequences: WCA notation with parentheses and repeat counts, parsed into a
//! flat list of moves and printed canonically (single spaces).

use std::fmt;
use std::str::FromStr;

use super::error::NotationError;
use super::kernel::{Lanes, gather};
use super::moves::{Move, parse_kind};
use super::perm::Perm;

/// Longest sequence a parse may expand to (repeat counts multiply).
pub const MAX_MOVES: usize = 100_000;
/// Largest repeat count after `)`.
pub const MAX_REPEAT: usize = 1_000;

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
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | '′')
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')'
}

/// The run of characters from `start` up to the next separator, for error messages.
fn token_at(chars: &[char], start: usize) -> String {
    chars[start..]
        .iter()
        .take_while(|c| !is_separator(**c))
        .collect()
}

fn extend(out: &mut Vec<Move>, add: &[Move], times: usize) -> Result<(), NotationError> {
    if out.len() + add.len().saturating_mul(times) > MAX_MOVES {
        return Err(NotationError::TooLong { limit: MAX_MOVES });
    }
    for _ in 0..times {
        out.extend_from_slice(add);
    }
    Ok(())
}

impl FromStr for Alg {
    type Err = NotationError;

    fn from_str(s: &str) -> Result<Alg, NotationError> {
        let chars: Vec<char> = s.chars().collect();
        // Open groups: (moves before the group, column of its `(`).
        let mut stack: Vec<(Vec<Move>, usize)> = Vec::new();
        let mut cur: Vec<Move> = Vec::new();
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
                    .ok_or(NotationError::UnmatchedClose { column })?;
                i += 1;
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                i += digits.len();
                let times = if digits.is_empty() {
                    1
                } else {
                    match digits.parse::<usize>() {
                        Ok(n) if (1..=MAX_REPEAT).contains(&n) => n,
                        _ => {
                            return Err(NotationError::BadRepeat {
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
                let start = i;
                let letters = if chars.get(i + 1) == Some(&'w') { 2 } else { 1 };
                let name: String = chars[i..i + letters].iter().collect();
                let kind = parse_kind(&name).ok_or_else(|| NotationError::UnknownMove {
                    token: token_at(&chars, start),
                    column,
                })?;
                i += letters;
                let digits: String = chars[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                i += digits.len();
                let mut primes = 0;
                while i < chars.len() && is_prime(chars[i]) {
                    primes += 1;
                    i += 1;
                }
                let bad_amount = || NotationError::BadAmount {
                    token: token_at(&chars, start),
                    column,
                };
                let amount: u8 = match digits.as_str() {
                    "" => 1,
                    "1" => 1,
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
                if i < chars.len() && !is_separator(chars[i]) && !chars[i].is_alphabetic() {
                    return Err(NotationError::UnknownMove {
                        token: token_at(&chars, start),
                        column,
                    });
                }
                let m = Move::new(kind, turns).expect("turns in 1..=3");
                extend(&mut cur, &[m], 1)?;
            }
        }
        if let Some((_, column)) = stack.pop() {
            return Err(NotationError::Unclosed { column });
        }
        Ok(Alg(cur))
    }
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
