//! Short 3×3 words: every element of the cube group within
//! [`DEPTH`] face turns of the identity, by its cubies (hashed), with its
//! distance in face turns; and the shortening of a 3×3 face-turn sequence
//! by it: every window of the sequence (up to a given length) whose
//! element has a shorter word is replaced by the shortest one (a
//! dynamic programme picks the replacements that shorten most), and the
//! result merged, until no window shortens. Windows longer than
//! [`DEPTH`] + 1 are matched in the middle: a word `a · b` with `b` of at
//! most [`DEPTH`] − 1 turns (listed) and `a` in the table.
//!
//! The Thistlethwaite phases' solutions, which seed `sa-short` on the 3×3,
//! are built phase by phase; their windows across phase boundaries are
//! where this finds shorter words.

use std::sync::OnceLock;

use cubetui_cube::CubieCube;
use cubetui_cube::cubie_turns::{N_FACE_TURNS, face_turn_cubies, inverse, multiply};
use rustc_hash::FxHashMap;

use super::seq::{Mv, merged};

/// The longest word the table holds (621 649 elements; one more turn
/// would be 7.6 million).
pub const DEPTH: usize = 5;

/// The cubies packed: corner position and twist 3 + 2 bits, edge position
/// and flip 4 + 1 bits (100 bits).
fn key(c: &CubieCube) -> u128 {
    let mut k = 0u128;
    for i in 0..8 {
        k = (k << 5) | u128::from(c.cp[i] << 2 | c.co[i]);
    }
    for i in 0..12 {
        k = (k << 5) | u128::from(c.ep[i] << 1 | c.eo[i]);
    }
    k
}

/// Bits of the filter in front of the table (1 MiB): most elements looked
/// up are not in it, and the filter says so without the table's cache
/// misses.
const FILTER_BITS: u32 = 23;

/// The filter's bit of a key.
fn bit(k: u128) -> usize {
    let h = ((k >> 64) as u64 ^ (k as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> (64 - FILTER_BITS)) as usize
}

/// The table: distance by element up to [`DEPTH`], and the elements of
/// every depth below it (the right halves of longer words).
pub struct Words {
    dist: FxHashMap<u128, u8>,
    /// Bit [`bit`] of every key in `dist` set.
    filter: Vec<u64>,
    /// `levels[d]`: the inverses of the elements at distance `d`, for `d`
    /// up to [`DEPTH`] − 1.
    levels: Vec<Vec<CubieCube>>,
    /// The 18 face turns' inverses.
    inverses: [CubieCube; N_FACE_TURNS],
}

impl Words {
    /// The table, built on first use (breadth first, about 0.1 s).
    pub fn get() -> &'static Words {
        static WORDS: OnceLock<Words> = OnceLock::new();
        WORDS.get_or_init(Words::build)
    }

    fn build() -> Words {
        let turns = face_turn_cubies();
        let mut dist = FxHashMap::default();
        dist.insert(key(&CubieCube::SOLVED), 0u8);
        let mut levels = vec![vec![CubieCube::SOLVED]];
        let mut frontier = vec![CubieCube::SOLVED];
        for d in 1..=DEPTH {
            let mut next = Vec::new();
            for c in &frontier {
                for t in turns {
                    let n = multiply(c, t);
                    dist.entry(key(&n)).or_insert_with(|| {
                        next.push(n);
                        d as u8
                    });
                }
            }
            if d < DEPTH {
                levels.push(next.iter().map(inverse).collect());
            }
            frontier = next;
        }
        let mut filter = vec![0u64; 1 << (FILTER_BITS - 6)];
        for &k in dist.keys() {
            let b = bit(k);
            filter[b >> 6] |= 1 << (b & 63);
        }
        Words {
            dist,
            filter,
            levels,
            inverses: std::array::from_fn(|m| inverse(&turns[m])),
        }
    }

    /// The distance of `c` if it is at most [`DEPTH`].
    fn near(&self, c: &CubieCube) -> Option<usize> {
        let k = key(c);
        let b = bit(k);
        if self.filter[b >> 6] & (1 << (b & 63)) == 0 {
            return None;
        }
        self.dist.get(&k).map(|&d| usize::from(d))
    }

    /// A shortest word (face-turn indices) of `c`, known to be at distance
    /// `d` within the table.
    fn word_near(&self, c: &CubieCube, d: usize) -> Vec<usize> {
        let mut c = *c;
        let mut out = vec![0; d];
        for k in (0..d).rev() {
            let (m, prev) = (0..N_FACE_TURNS)
                .map(|m| (m, multiply(&c, &self.inverses[m])))
                .find(|(_, p)| self.near(p) == Some(k))
                .expect("a table element has a neighbour one turn nearer");
            out[k] = m;
            c = prev;
        }
        out
    }

    /// A shortest word of `c` shorter than `limit` turns, if there is one
    /// within [`DEPTH`] + the listed depths.
    pub fn shorter(&self, c: &CubieCube, limit: usize) -> Option<Vec<usize>> {
        if let Some(d) = self.near(c) {
            return (d < limit).then(|| self.word_near(c, d));
        }
        // Not within DEPTH: a word a · b, b of `k` turns, a of DEPTH.
        for (k, level) in self.levels.iter().enumerate().skip(1) {
            if DEPTH + k >= limit {
                return None;
            }
            for b_inv in level {
                let a = multiply(c, b_inv);
                if let Some(d) = self.near(&a) {
                    let mut w = self.word_near(&a, d);
                    w.extend(self.word_near(&inverse(b_inv), k));
                    return Some(w);
                }
            }
        }
        None
    }

    /// The element of the face turns `word`.
    fn element(word: &[usize]) -> CubieCube {
        let turns = face_turn_cubies();
        word.iter()
            .fold(CubieCube::SOLVED, |c, &m| multiply(&c, &turns[m]))
    }

    /// `word` with every window of at most `window` turns whose element
    /// has a shorter word replaced (the replacements that shorten most,
    /// by dynamic programming); the same element, never longer.
    pub fn shorten_word(&self, word: &[usize], window: usize) -> Vec<usize> {
        let turns = face_turn_cubies();
        let n = word.len();
        let mut prefix = Vec::with_capacity(n + 1);
        prefix.push(CubieCube::SOLVED);
        for &m in word {
            let last = prefix[prefix.len() - 1];
            prefix.push(multiply(&last, &turns[m]));
        }
        let inv: Vec<CubieCube> = prefix.iter().map(inverse).collect();
        // best[j]: the shortest rewrite of word[..j]; from[j]: where its
        // last piece starts and that piece's replacement (None: the turn).
        let mut best = vec![0usize; n + 1];
        let mut from: Vec<(usize, Option<Vec<usize>>)> = vec![(0, None); n + 1];
        for j in 1..=n {
            best[j] = best[j - 1] + 1;
            from[j] = (j - 1, None);
            for i in j.saturating_sub(window)..j.saturating_sub(1) {
                // A replacement must be shorter than the window and than
                // what reaches j so far.
                let limit = (j - i).min(best[j].saturating_sub(best[i]));
                if limit == 0 {
                    continue;
                }
                let w = multiply(&inv[i], &prefix[j]);
                if let Some(r) = self.shorter(&w, limit)
                    && best[i] + r.len() < best[j]
                {
                    best[j] = best[i] + r.len();
                    from[j] = (i, Some(r));
                }
            }
        }
        let mut pieces = Vec::new();
        let mut j = n;
        while j > 0 {
            let (i, r) = &from[j];
            pieces.push(r.clone().unwrap_or_else(|| word[*i..j].to_vec()));
            j = *i;
        }
        pieces.into_iter().rev().flatten().collect()
    }
}

/// Face turn index (`U U2 U' R … B'`) of the 3×3 turn `m`, if it is an
/// outer one.
fn face_index(m: Mv) -> Option<usize> {
    // Faces U R F D L B = 0..6; an axis's layer 3 is the opposite face,
    // turned the other way.
    let face = match (m.axis, m.layer) {
        (0, 1) => 1,
        (1, 1) => 0,
        (2, 1) => 2,
        (0, 3) => 4,
        (1, 3) => 3,
        (2, 3) => 5,
        _ => return None,
    };
    let turns = if m.layer == 3 { 4 - m.turns } else { m.turns };
    Some(face * 3 + usize::from(turns) - 1)
}

/// The 3×3 turn of face turn index `i`.
fn of_index(i: usize) -> Mv {
    let (face, turns) = (i / 3, (i % 3) as u8 + 1);
    let (axis, layer) = [(1, 1), (0, 1), (2, 1), (1, 3), (0, 3), (2, 3)][face];
    Mv {
        axis,
        layer,
        turns: if layer == 3 { 4 - turns } else { turns },
    }
}

/// The merged 3×3 sequence `seq` shortened by windows of at most `window`
/// turns ([`Words::shorten_word`]) and merged, again until it no longer
/// shortens; `seq` as it is if it has a middle-slice turn or `window` < 2.
pub fn shorten(seq: &[Mv], window: usize) -> Vec<Mv> {
    let Some(mut word) = seq
        .iter()
        .map(|&m| face_index(m))
        .collect::<Option<Vec<_>>>()
    else {
        return seq.to_vec();
    };
    if window < 2 {
        return seq.to_vec();
    }
    let words = Words::get();
    loop {
        let next = words.shorten_word(&word, window);
        let next: Vec<usize> = merged(next.into_iter().map(of_index))
            .into_iter()
            .filter_map(face_index)
            .collect();
        if next.len() >= word.len() {
            break;
        }
        word = next;
    }
    debug_assert_eq!(
        key(&Words::element(&word)),
        key(&Words::element(
            &seq.iter()
                .filter_map(|&m| face_index(m))
                .collect::<Vec<_>>()
        ))
    );
    word.into_iter().map(of_index).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(s: &[(usize, u8)]) -> Vec<Mv> {
        // (face U R F D L B = 0..6, quarter turns)
        s.iter()
            .map(|&(f, t)| of_index(f * 3 + t as usize - 1))
            .collect()
    }

    #[test]
    fn every_face_turn_round_trips() {
        for i in 0..N_FACE_TURNS {
            assert_eq!(face_index(of_index(i)), Some(i));
        }
        assert_eq!(
            face_index(Mv {
                axis: 0,
                layer: 2,
                turns: 1
            }),
            None
        );
    }

    #[test]
    fn the_table_holds_the_known_counts() {
        let w = Words::get();
        assert_eq!(w.dist.len(), 1 + 18 + 243 + 3240 + 43239 + 574_908);
        assert_eq!(
            w.levels.iter().map(Vec::len).sum::<usize>(),
            1 + 18 + 243 + 3240 + 43239
        );
    }

    /// (R2 U2)^6 is the identity: its first ten turns are U2 R2, and the
    /// whole goes, leaving what follows it.
    #[test]
    fn an_identity_longer_than_the_window_goes() {
        let mut seq = Vec::new();
        for _ in 0..6 {
            seq.extend(word(&[(1, 2), (0, 2)]));
        }
        seq.extend(word(&[(1, 1), (0, 1)]));
        assert_eq!(shorten(&seq, 10), word(&[(1, 1), (0, 1)]));
        assert_eq!(shorten(&seq, 1), seq, "window 1 changes nothing");
    }

    /// Random merged sequences keep their element and never grow; the
    /// ones of 30 turns shorten (a random word that long is rarely
    /// optimal in every window of 10).
    #[test]
    fn random_sequences_keep_their_element_and_never_grow() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut shortened = 0;
        for _ in 0..20 {
            let raw: Vec<Mv> = (0..30)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    of_index((x % 18) as usize)
                })
                .collect();
            let seq = merged(raw);
            let out = shorten(&seq, 10);
            let idx = |s: &[Mv]| s.iter().filter_map(|&m| face_index(m)).collect::<Vec<_>>();
            assert_eq!(
                key(&Words::element(&idx(&out))),
                key(&Words::element(&idx(&seq)))
            );
            assert!(out.len() <= seq.len());
            shortened += usize::from(out.len() < seq.len());
        }
        assert!(shortened > 0);
    }
}
