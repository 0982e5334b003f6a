//! What the 3×3's notation ([`crate::alg`]) and the N×N's
//! ([`crate::nxn`]) share: groups in parentheses with repeat counts,
//! the turn amount after a move's letters (`2`, `'`, `2'`, `'2`), the cap on
//! a sequence's length and the token an error message quotes. Each notation
//! reads its own move letters.

use super::error::{NotationError, printable};

/// Longest sequence a parse may expand to (repeat counts multiply).
pub const MAX_MOVES: usize = 100_000;
/// Largest repeat count after `)`.
pub const MAX_REPEAT: usize = 1_000;

fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | '′')
}

/// Whether `c` ends a move token: white space or a parenthesis.
pub(crate) fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')'
}

/// Longest token an error message quotes; longer ones are cut with `…`.
const SHOWN_TOKEN: usize = 40;

/// The run of characters from `start` up to the next separator, for error
/// messages (invisible characters escaped, so the message shows them).
pub(crate) fn token_at(chars: &[char], start: usize) -> String {
    let mut run = chars[start..].iter().take_while(|c| !is_separator(**c));
    let mut token: String = run.by_ref().take(SHOWN_TOKEN).collect();
    if run.next().is_some() {
        token.push('…');
    }
    printable(&token)
}

/// The ASCII digits from `chars[i]` on.
pub(crate) fn digits_at(chars: &[char], i: usize) -> String {
    chars[i..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .collect()
}

/// The quarter turns (1 to 3) that the amount from `chars[i]` on says, and
/// the index after it: nothing, `1`, `2` or `3`, then primes (`R2'` is `R2`,
/// a prime otherwise inverts; `R'2` is read as `R2'`). `None` for any other
/// amount.
pub(crate) fn turns_at(chars: &[char], mut i: usize) -> Option<(u8, usize)> {
    let mut digits = digits_at(chars, i);
    i += digits.len();
    let mut primes = 0;
    while i < chars.len() && is_prime(chars[i]) {
        primes += 1;
        i += 1;
    }
    if digits.is_empty() && primes > 0 {
        digits = digits_at(chars, i);
        i += digits.len();
    }
    let amount: u8 = match digits.as_str() {
        "" | "1" => 1,
        "2" => 2,
        "3" => 3,
        _ => return None,
    };
    let turns = match (amount, primes) {
        (a, 0) => a,
        (2, 1) => 2,
        (a, 1) => 4 - a,
        _ => return None,
    };
    Some((turns, i))
}

fn extend<M: Copy>(out: &mut Vec<M>, add: &[M], times: usize) -> Result<(), NotationError> {
    if out.len() + add.len().saturating_mul(times) > MAX_MOVES {
        return Err(NotationError::TooLong { limit: MAX_MOVES });
    }
    for _ in 0..times {
        out.extend_from_slice(add);
    }
    Ok(())
}

/// Parses `s`: white space, groups `( … )` with an optional repeat count
/// after the `)`, and moves, each read by `parse_move` from its first
/// character's index (it returns the move and the index after it). The
/// moves in order, groups expanded.
pub(crate) fn parse_groups<M: Copy, E: From<NotationError>>(
    s: &str,
    mut parse_move: impl FnMut(&[char], usize) -> Result<(M, usize), E>,
) -> Result<Vec<M>, E> {
    let chars: Vec<char> = s.chars().collect();
    // Open groups: (moves before the group, column of its `(`).
    let mut stack: Vec<(Vec<M>, usize)> = Vec::new();
    let mut cur: Vec<M> = Vec::new();
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
            let digits = digits_at(&chars, i);
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
                        }
                        .into());
                    }
                }
            };
            extend(&mut outer, &cur, times)?;
            cur = outer;
        } else {
            let (m, next) = parse_move(&chars, i)?;
            extend(&mut cur, &[m], 1)?;
            i = next;
        }
    }
    if let Some((_, column)) = stack.pop() {
        return Err(NotationError::Unclosed { column }.into());
    }
    Ok(cur)
}
