//! What a phase-1 child lookup reads, laid out for it: the class and
//! conjugation tables in one block of 16-bit words and the three reduced
//! pruning tables modulo 3 (2 bits an entry, see [`next_distance`]) in one
//! block of bytes, each block of a size known when compiling. The lookup
//! then needs two base addresses and compares its indices with constants,
//! instead of keeping seven tables' addresses and lengths at hand (more
//! than the processor has registers for, so the loop spilled them).

use super::coord::{N_FLIP, N_SLICE_POS, N_TWIST};

/// The symmetries the phase-1 tables are reduced by (see the
/// `prune1_sym` module): identity, x2, y2, z2, each with or without the
/// left–right mirror (each its own inverse).
pub const N_SYM: usize = 8;
/// Bits of the symmetry in a `class << SYM_BITS | symmetry` word.
pub const SYM_BITS: u32 = N_SYM.trailing_zeros();
/// A word's symmetry bits.
const SYM: usize = N_SYM - 1;

/// Classes of twists under the eight symmetries.
pub const N_TWIST_CLASS: usize = 324;
/// Classes of flips under the eight symmetries.
pub const N_FLIP_CLASS: usize = 336;

// Offsets in the block of words.
const TWIST_CLASS: usize = 0;
const FLIP_CLASS: usize = TWIST_CLASS + N_TWIST;
const POS_CONJ: usize = FLIP_CLASS + N_FLIP;
const FLIP_CONJ: usize = POS_CONJ + N_SLICE_POS * N_SYM;
const WORDS: usize = FLIP_CONJ + N_FLIP * N_SYM;
/// The words' block, a power of two: an index masked with `WORDS_SPAN - 1`
/// needs no bounds check (valid indices are below [`WORDS`]; a corrupt
/// one reads a wrong entry, never out of the block).
const WORDS_SPAN: usize = WORDS.next_power_of_two();

// Offsets in the block of bytes (four entries a byte).
const TWIST_SLICE: usize = 0;
const FLIP_SLICE: usize = TWIST_SLICE + (N_TWIST_CLASS * N_SLICE_POS).div_ceil(4);
const TWIST_FLIP: usize = FLIP_SLICE + (N_FLIP_CLASS * N_SLICE_POS).div_ceil(4);
const BYTES: usize = TWIST_FLIP + (N_TWIST_CLASS * N_FLIP).div_ceil(4);
/// The bytes' block, a power of two (as [`WORDS_SPAN`]).
const BYTES_SPAN: usize = BYTES.next_power_of_two();

/// `values` two to a byte (entry `i` in the low nibble of byte `i / 2` when
/// `i` is even, the high one when odd), each capped at 15: a cap keeps a
/// lower bound one, and phase-1 distances stay below 13 anyway.
pub fn pack(values: &[u8]) -> Vec<u8> {
    values
        .chunks(2)
        .map(|p| p[0].min(15) | p.get(1).map_or(0, |&v| v.min(15)) << 4)
        .collect()
}

/// `NEXT[d * 4 + r]`: the distance one move from a node at distance `d`
/// (0..16) whose own distance is `r` mod 3: `d - 1`, `d` or `d + 1`.
const NEXT: [u8; 64] = {
    let mut out = [0u8; 64];
    let mut d = 0;
    while d < 16 {
        let mut r = 0;
        while r < 3 {
            // (r - d) mod 3: 0 the same, 1 one more, 2 one less.
            out[d * 4 + r] = match (r + 3 - d % 3) % 3 {
                0 => d as u8,
                1 => d as u8 + 1,
                _ => (d as u8).saturating_sub(1),
            };
            r += 1;
        }
        d += 1;
    }
    out
};

/// The exact distance of a node one move from a node at distance `parent`,
/// from its own distance mod 3 (`rest`, an entry of the 2-bit tables).
#[inline]
pub fn next_distance(parent: u8, rest: u8) -> u8 {
    NEXT[(usize::from(parent) & 15) << 2 | usize::from(rest & 3)]
}

/// What the children of a node follow from its distances and the room
/// left: for each table and each value `r` of a child's entry modulo 3, the
/// child's distance (4 bits, at bit 4 × table), whether it is over the room
/// (bit 12) and whether it is two over (bit 13), in a 16-bit lane `r` of the
/// table's word. A child then needs three shifts and two ors instead of
/// three lookups, two packings, two maxima and two comparisons.
#[derive(Clone, Copy)]
pub struct Steps([u64; 3]);

/// Bit of [`Steps::of`]: the child is over the room.
pub const OVER: u64 = 1 << 12;
/// Bit of [`Steps::of`]: the child is two over the room (so are its face's
/// other turns).
pub const TWO_OVER: u64 = 1 << 13;

/// `LANES[d][room]`: [`Steps`]' word for a table at distance `d` with
/// `room` moves left (rooms over 16 act as 16: no child is over them), its
/// distances at bits 0..4 of each lane.
const LANES: [[u64; 17]; 16] = {
    let mut out = [[0u64; 17]; 16];
    let mut d = 0;
    while d < 16 {
        let mut room = 0;
        while room < 17 {
            let mut r = 0;
            while r < 3 {
                let v = NEXT[d * 4 + r] as usize;
                let lane = v as u64 | ((v > room) as u64) << 12 | ((v > room + 1) as u64) << 13;
                out[d][room] |= lane << (16 * r);
                r += 1;
            }
            room += 1;
        }
        d += 1;
    }
    out
};

/// The distance bits of each lane of a [`LANES`] word.
const DISTANCES: u64 = 0x000f_000f_000f;

impl Steps {
    /// The steps from a node at distances `d` with `room` moves left.
    #[inline(always)]
    pub fn new(d: [u8; 3], room: usize) -> Steps {
        let room = room.min(16);
        Steps(std::array::from_fn(|i| {
            let w = LANES[usize::from(d[i]) & 15][room];
            (w & DISTANCES) << (4 * i) | w & !DISTANCES
        }))
    }

    /// A child's three distances (4 bits each in bits 0..12, as the
    /// phase-1 frame keeps its children's) with the [`OVER`] and
    /// [`TWO_OVER`] bits, from its entries modulo 3 ([`Hot::rests`]; an
    /// entry of 3, which no table holds, reads as distance 0).
    #[inline(always)]
    pub fn of(&self, r: [u8; 3]) -> u64 {
        let lane = |i: usize| self.0[i] >> (u32::from(r[i] & 3) << 4);
        (lane(0) | lane(1) | lane(2)) & 0x3fff
    }
}

/// Entry `i` of a table made by [`pack`].
#[inline]
pub fn nibble(table: &[u8], i: usize) -> u8 {
    table[i >> 1] >> ((i & 1) << 2) & 15
}

/// The phase-1 lookup tables (see the module).
#[derive(Clone, PartialEq, Eq)]
pub struct Hot {
    /// Twist → class << SYM_BITS | symmetry, flip → class << SYM_BITS | symmetry, slice
    /// position × symmetry → conjugated position, flip × symmetry →
    /// conjugated flip.
    words: Box<[u16; WORDS_SPAN]>,
    /// Twist class × slice position, flip class × slice position, twist
    /// class × flip: distances modulo 3, four to a byte (entry `i` in bits
    /// `2 (i % 4)` of byte `i / 4`).
    bytes: Box<[u8; BYTES_SPAN]>,
}

/// The parts [`Hot::new`] lays out.
pub struct Parts<'a> {
    pub twist_class: &'a [u16],
    pub flip_class: &'a [u16],
    /// Position × symmetry, `N_SYM` to a position.
    pub pos_conj: &'a [u16],
    /// Flip × symmetry, `N_SYM` to a flip.
    pub flip_conj: &'a [u16],
    /// The reduced tables' exact distances, one byte an entry.
    pub twist_slice: &'a [u8],
    pub flip_slice: &'a [u8],
    pub twist_flip: &'a [u8],
}

/// `values` modulo 3, four to a byte, into `out` from its start (as far as
/// both go).
fn pack3_into(out: &mut [u8], values: &[u8]) {
    for (b, q) in out.iter_mut().zip(values.chunks(4)) {
        *b = q
            .iter()
            .enumerate()
            .fold(0, |b, (j, &v)| b | (v % 3) << (2 * j));
    }
}

/// `values` modulo 3, four to a byte (entry `i` in bits `2 (i % 4)` of
/// byte `i / 4`).
pub fn pack3(values: &[u8]) -> Vec<u8> {
    let mut out = vec![0; values.len().div_ceil(4)];
    pack3_into(&mut out, values);
    out
}

/// Entry `i` of a table made by [`pack3`].
#[inline(always)]
pub fn quarter(table: &[u8], i: usize) -> u8 {
    table[i >> 2] >> ((i & 3) << 1) & 3
}

/// `from` copied to the start of `out` (as far as both go).
fn copy_into(out: &mut [u16], from: &[u16]) {
    for (o, &v) in out.iter_mut().zip(from) {
        *o = v;
    }
}

impl Hot {
    /// Lays the tables out. Parts longer than their place are cut (the
    /// class counts are fixed by the cube; a test checks them).
    pub fn new(p: &Parts<'_>) -> Hot {
        let mut words = vec![0u16; WORDS_SPAN];
        copy_into(&mut words[TWIST_CLASS..FLIP_CLASS], p.twist_class);
        copy_into(&mut words[FLIP_CLASS..POS_CONJ], p.flip_class);
        copy_into(&mut words[POS_CONJ..FLIP_CONJ], p.pos_conj);
        copy_into(&mut words[FLIP_CONJ..WORDS], p.flip_conj);
        let mut bytes = vec![0u8; BYTES_SPAN];
        pack3_into(&mut bytes[TWIST_SLICE..FLIP_SLICE], p.twist_slice);
        pack3_into(&mut bytes[FLIP_SLICE..TWIST_FLIP], p.flip_slice);
        pack3_into(&mut bytes[TWIST_FLIP..BYTES], p.twist_flip);
        let words = words
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| Box::new([0; WORDS_SPAN]));
        let bytes = bytes
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| Box::new([0; BYTES_SPAN]));
        Hot { words, bytes }
    }

    /// Entry `i` of the 2-bit table starting at byte `at`.
    #[inline(always)]
    fn quarter(&self, at: usize, i: usize) -> u8 {
        self.bytes[(at + (i >> 2)) & (BYTES_SPAN - 1)] >> ((i & 3) << 1) & 3
    }

    /// The three tables' entries modulo 3 of a cube (for [`Steps::of`])
    /// from its raw twist, flip and slice positions: their classes and
    /// conjugates are read here, in the words' block (49 KB), rather than
    /// per move in tables of their own (a frame's rows of those read in
    /// one go, but 0.37 MB more for the caches to hold).
    #[inline(always)]
    pub fn rests_of(&self, twist: u16, flip: u16, pos: u16) -> [u8; 3] {
        let word = |i: usize| usize::from(self.words[i & (WORDS_SPAN - 1)]);
        let te = word(TWIST_CLASS + usize::from(twist));
        let fe = word(FLIP_CLASS + usize::from(flip));
        let at = POS_CONJ + usize::from(pos) * N_SYM;
        let (tp, fp) = (word(at + (te & SYM)), word(at + (fe & SYM)));
        let tf = word(FLIP_CONJ + usize::from(flip) * N_SYM + (te & SYM));
        [
            self.quarter(TWIST_SLICE, (te >> SYM_BITS) * N_SLICE_POS + tp),
            self.quarter(FLIP_SLICE, (fe >> SYM_BITS) * N_SLICE_POS + fp),
            self.quarter(TWIST_FLIP, (te >> SYM_BITS) * N_FLIP + tf),
        ]
    }

    /// The exact distances in the three phase-1 tables of a cube one move
    /// from a cube at distances `d`, from its twist's and flip's classes
    /// and symmetries (`class << SYM_BITS | symmetry`), its slice positions'
    /// eight conjugates and its flip (valid ones: the tables' own values).
    #[inline(always)]
    pub fn child(&self, d: [u8; 3], te: u16, fe: u16, pos: &[u16; N_SYM], flip: u16) -> [u8; 3] {
        let (te, fe) = (usize::from(te), usize::from(fe));
        let tp = usize::from(pos[te & SYM]);
        let fp = usize::from(pos[fe & SYM]);
        let tf = usize::from(
            self.words[(FLIP_CONJ + usize::from(flip) * N_SYM + (te & SYM)) & (WORDS_SPAN - 1)],
        );
        [
            next_distance(
                d[0],
                self.quarter(TWIST_SLICE, (te >> SYM_BITS) * N_SLICE_POS + tp),
            ),
            next_distance(
                d[1],
                self.quarter(FLIP_SLICE, (fe >> SYM_BITS) * N_SLICE_POS + fp),
            ),
            next_distance(
                d[2],
                self.quarter(TWIST_FLIP, (te >> SYM_BITS) * N_FLIP + tf),
            ),
        ]
    }

    /// Twist → class << SYM_BITS | symmetry.
    pub fn twist_class(&self, twist: u16) -> u16 {
        self.words[TWIST_CLASS + usize::from(twist).min(N_TWIST - 1)]
    }

    /// Flip → class << SYM_BITS | symmetry.
    pub fn flip_class(&self, flip: u16) -> u16 {
        self.words[FLIP_CLASS + usize::from(flip).min(N_FLIP - 1)]
    }

    /// Slice positions → the eight conjugates.
    pub fn pos_conj(&self, pos: u16) -> [u16; N_SYM] {
        let at = POS_CONJ + usize::from(pos).min(N_SLICE_POS - 1) * N_SYM;
        std::array::from_fn(|s| self.words[at + s])
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        2 * WORDS + BYTES
    }
}
