//! Sequences of single-layer turns as `sa-short` anneals them: a turn is
//! (axis, layer counted from R, U or F, quarter turns); sequences are kept
//! merged (turns of one layer about one axis run combine, cancel, and a
//! cancelled run lets its neighbours meet); each turn's sparse sticker
//! permutation replays a sequence on sticker vectors; the two length
//! metrics of any sequence.

use crate::neighbourhood::cycles::sparse::of_gather;
use cubetui_cube::AnyAlg;
use cubetui_cube::face::Face;
use cubetui_cube::nxn::orbits::orbits;
use cubetui_cube::nxn::simplify::simplify_sized;
use cubetui_cube::nxn::{NxnAlg, NxnKind, NxnMove, Size, tables};

/// The face each axis is counted from: R (x), U (y), F (z).
pub const AXIS_FACES: [Face; 3] = [Face::R, Face::U, Face::F];

/// One single-layer turn: `layer` (1 = outer) counted from the axis's face
/// ([`AXIS_FACES`]), turned like that face by `turns` quarter turns (1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mv {
    pub axis: u8,
    pub layer: u8,
    pub turns: u8,
}

impl Mv {
    pub fn inverse(self) -> Mv {
        Mv {
            turns: 4 - self.turns,
            ..self
        }
    }

    /// The same turn as an [`NxnMove`].
    pub fn to_move(self) -> NxnMove {
        let kind = NxnKind::slice(AXIS_FACES[self.axis as usize], self.layer);
        NxnMove::new(kind, self.turns).expect("1..=3")
    }
}

/// `m` as single-layer turns of [`AXIS_FACES`] on `size`: a turn of L, D or
/// B counted from the opposite face, a middle slice as its layer, a wide
/// turn as its layers, a rotation as every layer.
pub fn of_move(m: NxnMove, size: Size) -> Vec<Mv> {
    let n = size.get();
    let Ok((face, first, last)) = m.layers(size) else {
        return Vec::new();
    };
    let (axis, flip) = match face {
        Face::R => (0, false),
        Face::U => (1, false),
        Face::F => (2, false),
        Face::L => (0, true),
        Face::D => (1, true),
        Face::B => (2, true),
    };
    (first..=last)
        .map(|l| {
            if flip {
                Mv {
                    axis,
                    layer: (n + 1 - l) as u8,
                    turns: 4 - m.turns(),
                }
            } else {
                Mv {
                    axis,
                    layer: l as u8,
                    turns: m.turns(),
                }
            }
        })
        .collect()
}

/// Appends `m` to the merged sequence `out`, keeping it merged: a turn of
/// a layer already turned in the run of `m`'s axis at the end combines
/// with it (and both go when they cancel).
#[inline]
pub fn push(out: &mut Vec<Mv>, m: Mv) {
    let mut k = out.len();
    while k > 0 && out[k - 1].axis == m.axis {
        k -= 1;
        if out[k].layer == m.layer {
            let t = (out[k].turns + m.turns) % 4;
            if t == 0 {
                out.remove(k);
            } else {
                out[k].turns = t;
            }
            return;
        }
    }
    out.push(m);
}

/// `moves` merged ([`push`] one by one).
pub fn merged(moves: impl IntoIterator<Item = Mv>) -> Vec<Mv> {
    let mut out = Vec::new();
    for m in moves {
        push(&mut out, m);
    }
    out
}

/// The turns of one size: each turn's sparse permutation, the turns a
/// random proposal draws from, what a turn costs in the solver's length.
#[derive(Debug)]
pub struct Turns {
    pub size: Size,
    pairs: Vec<Vec<[u16; 2]>>,
    gathers: Vec<&'static [u16]>,
    /// The turns random proposals draw (even N: layers 1 to N − 1, so the
    /// DBL corner stays home; the 3×3: outer layers; odd N: every layer).
    pub random: Vec<Mv>,
}

impl Turns {
    pub fn new(size: Size) -> Turns {
        let n = size.get();
        let t = tables(size);
        let mut pairs = Vec::with_capacity(3 * n * 3);
        let mut gathers = Vec::with_capacity(3 * n * 3);
        for axis in 0..3u8 {
            for layer in 1..=n as u8 {
                for turns in 1..=3u8 {
                    let m = Mv { axis, layer, turns };
                    let g = t.perm(m.to_move()).expect("a single layer of this size");
                    pairs.push(of_gather(g.gather()));
                    gathers.push(g.gather());
                }
            }
        }
        let layers: Vec<u8> = match n {
            3 => vec![1, 3],
            n if n % 2 == 0 => (1..n as u8).collect(),
            n => (1..=n as u8).collect(),
        };
        let random = (0..3u8)
            .flat_map(|axis| {
                layers
                    .iter()
                    .flat_map(move |&layer| (1..=3u8).map(move |turns| Mv { axis, layer, turns }))
            })
            .collect();
        Turns {
            size,
            pairs,
            gathers,
            random,
        }
    }

    #[inline]
    fn index(&self, m: Mv) -> usize {
        (m.axis as usize * self.size.get() + m.layer as usize - 1) * 3 + m.turns as usize - 1
    }

    /// Turn `m`'s gather table.
    #[inline]
    pub fn gather(&self, m: Mv) -> &'static [u16] {
        self.gathers[self.index(m)]
    }

    /// Turn `m`'s (position, source) pairs.
    #[inline]
    pub fn pairs(&self, m: Mv) -> &[[u16; 2]] {
        &self.pairs[self.index(m)]
    }

    /// Applies `moves` to the stickers `s` (`tmp` is scratch space).
    #[inline]
    pub fn replay(&self, s: &mut [u8], moves: &[Mv], tmp: &mut Vec<u8>) {
        for &m in moves {
            let p = self.pairs(m);
            tmp.clear();
            tmp.extend(p.iter().map(|&[_, src]| s[src as usize]));
            for (&[i, _], &c) in p.iter().zip(tmp.iter()) {
                s[i as usize] = c;
            }
        }
    }

    /// What `m` costs in the solver's length: 1, but 2 for a middle slice
    /// of the 3×3 (two face turns there).
    #[inline]
    pub fn cost(&self, m: Mv) -> usize {
        if self.size.get() == 3 && m.layer == 2 {
            2
        } else {
            1
        }
    }

    /// The solver's length of a merged sequence.
    pub fn length(&self, seq: &[Mv]) -> usize {
        if self.size.get() == 3 {
            seq.iter().map(|&m| self.cost(m)).sum()
        } else {
            seq.len()
        }
    }
}

/// Counts misplaced pieces (a piece with any sticker off its colour) and
/// misplaced stickers of sticker vectors of one size.
#[derive(Debug)]
pub struct Misplaced {
    want: Vec<u8>,
    piece: Vec<u32>,
    stamp: Vec<u32>,
    now: u32,
}

impl Misplaced {
    /// For a cube of `size` whose face `f` should show `home[f]`.
    pub fn new(size: Size, home: &[u8; 6]) -> Misplaced {
        let per_face = size.face_stickers();
        let want = (0..size.stickers()).map(|i| home[i / per_face]).collect();
        let o = orbits(size);
        let mut offset = Vec::with_capacity(o.all().len());
        let mut total = 0u32;
        for orbit in o.all() {
            offset.push(total);
            total += orbit.pieces.len() as u32;
        }
        let piece: Vec<u32> = (0..size.stickers())
            .map(|s| offset[o.orbit_of(s)] + o.piece_of(s) as u32)
            .collect();
        Misplaced {
            want,
            piece,
            stamp: vec![0; total as usize],
            now: 0,
        }
    }

    /// The colour sticker `i` should show.
    pub fn want(&self) -> &[u8] {
        &self.want
    }

    /// (misplaced pieces, misplaced stickers) of `s`.
    pub fn count(&mut self, s: &[u8]) -> (u32, u32) {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|x| *x = 0);
            self.now = 1;
        }
        let (mut pieces, mut stickers) = (0, 0);
        for (i, (&c, &w)) in s.iter().zip(&self.want).enumerate() {
            if c != w {
                stickers += 1;
                let p = self.piece[i] as usize;
                if self.stamp[p] != self.now {
                    self.stamp[p] = self.now;
                    pieces += 1;
                }
            }
        }
        (pieces, stickers)
    }
}

/// The two lengths a solution is reported in, counted on its merged form
/// (turns of one layer merged; on the 3×3 the face-turn simplification):
/// layer turns (a turn of one layer by any angle 1, of k adjacent layers
/// together k, rotations 0) and Santa 2023's metric (a quarter turn of one
/// layer 1, a half turn 2, so k layers by a half turn 2k; rotations 0).
pub fn metrics(alg: &AnyAlg) -> (usize, usize) {
    let simplified = alg.simplified();
    let (moves, size): (Vec<NxnMove>, Size) = match &simplified {
        AnyAlg::Three(a) => (NxnAlg::from(a).into_moves(), Size::THREE),
        AnyAlg::Nxn(a, s) => (a.moves().to_vec(), *s),
    };
    let (mut layers, mut santa) = (0, 0);
    for m in moves {
        let k = match m.kind {
            NxnKind::Rotation(_) => 0,
            kind => kind.layers(size).map_or(1, |(_, a, b)| b + 1 - a),
        };
        layers += k;
        santa += k * if m.turns() == 2 { 2 } else { 1 };
    }
    (layers, santa)
}

/// A merged sequence as an [`NxnAlg`], each layer named from its nearer
/// face (`M E S` for a middle layer).
pub fn to_alg(seq: &[Mv], size: Size) -> NxnAlg {
    simplify_sized(&seq.iter().map(|m| m.to_move()).collect(), size)
}
