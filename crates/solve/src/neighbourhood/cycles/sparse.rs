//! Sparse sticker permutations: the (position, source) pairs of the stickers
//! an operator moves, and the few operations the commutator search needs on
//! them (composition, commutator, conjugation) computed on their supports
//! only, through dense scratch tables that are reset after each use.

/// (position, source): after the operator, `position` shows the sticker
/// that was at `source`. Sorted by position, identity pairs left out.
pub type Pairs = Vec<[u16; 2]>;

/// The pairs of a gather table (`gather[i]`: where position `i` takes its
/// sticker from).
pub fn of_gather(gather: &[u16]) -> Pairs {
    gather
        .iter()
        .enumerate()
        .filter(|&(i, &g)| i != g as usize)
        .map(|(i, &g)| [i as u16, g])
        .collect()
}

/// The inverse permutation's pairs.
pub fn inverse(p: &[[u16; 2]]) -> Pairs {
    let mut out: Pairs = p.iter().map(|&[d, s]| [s, d]).collect();
    out.sort_unstable();
    out
}

/// `T · P · T⁻¹` (T first) for a turn `T` of gather table `gather`: the same
/// cycle structure carried to other stickers.
pub fn conjugate(p: &[[u16; 2]], gather: &[u16]) -> Pairs {
    let mut out: Pairs = p
        .iter()
        .map(|&[d, s]| [gather[d as usize], gather[s as usize]])
        .collect();
    out.sort_unstable();
    out
}

/// Dense gather tables of one size kept at the identity between uses.
#[derive(Debug)]
pub struct Scratch {
    tables: [Vec<u16>; 4],
    mark: Vec<bool>,
    union: Vec<u16>,
}

impl Scratch {
    /// Scratch space for permutations of `stickers` stickers.
    pub fn new(stickers: usize) -> Scratch {
        let id: Vec<u16> = (0..stickers as u16).collect();
        Scratch {
            tables: [id.clone(), id.clone(), id.clone(), id],
            mark: vec![false; stickers],
            union: Vec::new(),
        }
    }

    /// The product of `words` applied left to right (the first applied
    /// first), each a sparse permutation.
    pub fn product(&mut self, words: &[&[[u16; 2]]]) -> Pairs {
        debug_assert!(words.len() <= 4);
        self.union.clear();
        for (t, w) in words.iter().enumerate() {
            for &[d, s] in w.iter() {
                self.tables[t][d as usize] = s;
                if !std::mem::replace(&mut self.mark[d as usize], true) {
                    self.union.push(d);
                }
            }
        }
        // gather(P₁ then P₂ …) = g₁ ∘ g₂ ∘ …: i ↦ g₁[g₂[…[gₖ[i]]]].
        let mut out = Pairs::new();
        for &i in &self.union {
            let mut j = i;
            for t in (0..words.len()).rev() {
                j = self.tables[t][j as usize];
            }
            if j != i {
                out.push([i, j]);
            }
        }
        for (t, w) in words.iter().enumerate() {
            for &[d, _] in w.iter() {
                self.tables[t][d as usize] = d;
                self.mark[d as usize] = false;
            }
        }
        out.sort_unstable();
        out
    }

    /// The commutator `X Y X⁻¹ Y⁻¹` (X first).
    pub fn commutator(&mut self, x: &[[u16; 2]], y: &[[u16; 2]]) -> Pairs {
        let (xi, yi) = (inverse(x), inverse(y));
        self.product(&[x, y, &xi, &yi])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::nxn::{NxnAlg, NxnCube, Size, tables};

    fn pairs(size: Size, alg: &str) -> Pairs {
        let alg: NxnAlg = alg.parse().unwrap();
        let mut scratch = Scratch::new(size.stickers());
        let t = tables(size);
        let mut p = Pairs::new();
        for &m in alg.moves() {
            let q = of_gather(t.perm(m).unwrap().gather());
            p = scratch.product(&[&p, &q]);
        }
        p
    }

    fn apply(c: &NxnCube, p: &[[u16; 2]]) -> Vec<u8> {
        let mut s = c.stickers().to_vec();
        for &[d, src] in p {
            s[d as usize] = c.stickers()[src as usize];
        }
        s
    }

    #[test]
    fn products_commutators_and_conjugates_agree_with_the_moves() {
        let size = Size::new(4).unwrap();
        let start = NxnCube::solved(size)
            .after(&"R 2U F' 3L D2".parse().unwrap())
            .unwrap();
        for alg in ["R U R' U'", "2R U' 2L' U 2R' U' 2L U", "F 2R B'"] {
            let p = pairs(size, alg);
            let want = start.after(&alg.parse().unwrap()).unwrap();
            assert_eq!(apply(&start, &p), want.stickers(), "{alg}");
        }
        let mut s = Scratch::new(size.stickers());
        let c = s.commutator(&pairs(size, "2R"), &pairs(size, "U' 2L' U"));
        assert_eq!(c, pairs(size, "2R U' 2L' U 2R' U' 2L U"));
        let u = "U".parse::<NxnAlg>().unwrap().moves()[0];
        let u = tables(size).perm(u).unwrap().gather();
        assert_eq!(
            conjugate(&c, u),
            pairs(size, "U 2R U' 2L' U 2R' U' 2L U U'")
        );
        assert_eq!(c.len(), 3, "a centre 3-cycle");
    }
}
