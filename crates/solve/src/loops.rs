//! Cutting loops out of a walk: where a walk returns to a state it has
//! been in before, the moves between the two visits do nothing and go.
//! Shared by the annealer's N×N history and `sa-short`'s sequence.

use std::collections::HashMap;
use std::hash::Hash;

/// `moves` with every loop cut out: the same end state, each state on the
/// way visited once. `start` is the start state's key and `after(m)` the
/// key of the state the walk is in after its next move `m` (moves are
/// given in order, each once); `None` from `after` gives `None` (a move
/// that cannot be made).
pub fn without_loops<K, M>(
    start: K,
    moves: &[M],
    mut after: impl FnMut(M) -> Option<K>,
) -> Option<Vec<M>>
where
    K: Hash + Eq + Clone,
    M: Copy,
{
    // `keys[i]` is the state after `out[..i]`; `seen` maps each to `i`.
    let mut seen: HashMap<K, usize> = HashMap::new();
    seen.insert(start.clone(), 0);
    let mut keys = vec![start];
    let mut out: Vec<M> = Vec::new();
    for &m in moves {
        let k = after(m)?;
        match seen.get(&k) {
            Some(&at) => {
                out.truncate(at);
                for gone in keys.drain(at + 1..) {
                    seen.remove(&gone);
                }
            }
            None => {
                out.push(m);
                seen.insert(k.clone(), out.len());
                keys.push(k);
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk on the integers: the key is the position.
    fn walk(steps: &[i32]) -> Vec<i32> {
        let mut at = 0;
        without_loops(0, steps, |s| {
            at += s;
            Some(at)
        })
        .unwrap()
    }

    #[test]
    fn returns_to_a_visited_state_are_cut() {
        assert_eq!(walk(&[1, -1, 2]), vec![2]);
        assert_eq!(walk(&[1, 1, -1, 1, 3]), vec![1, 1, 3]);
        assert_eq!(walk(&[2, 3, -5]), Vec::<i32>::new());
        assert_eq!(walk(&[1, 2, 3]), vec![1, 2, 3]);
    }

    #[test]
    fn a_move_that_cannot_be_made_gives_none() {
        assert_eq!(without_loops(0, &[1, 2], |m| (m == 1).then_some(m)), None);
    }
}
