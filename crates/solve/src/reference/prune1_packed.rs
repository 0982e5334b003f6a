//! What a phase-1 node reads, laid out for it: the move, class and
//! conjugation tables in one block of 16-bit words and the three reduced
//! pruning tables modulo 3 (2 bits an entry, see [`next_distance`]) in one
//! block of bytes, each block of a size known when compiling. The lookup
//! then needs two base addresses and compares its indices with constants,
//! instead of keeping seven tables' addresses and lengths at hand (more
//! than the processor has registers for, so the loop spilled them).
//!
//! The search carries twist and flip as `class << SYM_BITS | symmetry`
//! words, as min2phase does: a move is read in its class's row of the
//! class move table at the move conjugated by the symmetry, and the
//! symmetries compose by exclusive or (each is a diagonal ±1 matrix). The
//! words' block the search reads is then 37 KB, where the raw move tables
//! it replaces were 152 KB.

use super::block::Block;
use super::coord::{N_FLIP, N_SLICE_POS, N_TWIST};
use super::moves::N_MOVES;

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

// Offsets in the block of words: what the search reads first.
const TWIST_MOVE: usize = 0;
const FLIP_MOVE: usize = TWIST_MOVE + N_TWIST_CLASS * N_MOVES;
const POS_CONJ: usize = FLIP_MOVE + N_FLIP_CLASS * N_MOVES;
const FLIP_REP_CONJ: usize = POS_CONJ + N_SLICE_POS * N_SYM;
const TWIST_CLASS: usize = FLIP_REP_CONJ + N_FLIP_CLASS * N_SYM;
const FLIP_CLASS: usize = TWIST_CLASS + N_TWIST;
const WORDS: usize = FLIP_CLASS + N_FLIP;
/// The words' block, a power of two (a [`Block`], read at masked indices
/// without bounds checks; valid indices are below [`WORDS`]).
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
    /// Twist class × move → the child's word, flip class × move → the
    /// child's word (the move conjugated by the word's symmetry, see
    /// [`Hot::moved`]); slice position × symmetry → conjugated position;
    /// flip class × symmetry → its representative conjugated; twist →
    /// word and flip → word (the search's root).
    words: Block<u16, WORDS_SPAN>,
    /// Twist class × slice position, flip class × slice position, twist
    /// class × flip: distances modulo 3, four to a byte (entry `i` in bits
    /// `2 (i % 4)` of byte `i / 4`).
    bytes: Block<u8, BYTES_SPAN>,
    /// `move_conj[s][m]`: move `m` conjugated by symmetry `s`.
    move_conj: [[u8; N_MOVES]; N_SYM],
}

/// The parts [`Hot::new`] lays out.
pub struct Parts<'a> {
    /// Twist → `class << SYM_BITS | symmetry` to the representative.
    pub twist_class: &'a [u16],
    /// Flip → `class << SYM_BITS | symmetry` to the representative.
    pub flip_class: &'a [u16],
    /// The classes' representatives.
    pub twist_reps: &'a [u32],
    pub flip_reps: &'a [u32],
    /// The raw move tables, `N_MOVES` to a twist (flip).
    pub twist_mv: &'a [u16],
    pub flip_mv: &'a [u16],
    /// Position × symmetry, `N_SYM` to a position.
    pub pos_conj: &'a [u16],
    /// Flip × symmetry, `N_SYM` to a flip.
    pub flip_conj: &'a [u16],
    /// Symmetry × move → the conjugated move.
    pub move_conj: [[u8; N_MOVES]; N_SYM],
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
        let mut words = vec![0u16; WORDS];
        // A representative's row of a raw move table, as words.
        let moved = |reps: &[u32], mv: &[u16], class: &[u16]| -> Vec<u16> {
            reps.iter()
                .flat_map(|&r| (0..N_MOVES).map(move |m| r as usize * N_MOVES + m))
                .map(|i| {
                    mv.get(i)
                        .and_then(|&x| class.get(usize::from(x)))
                        .map_or(0, |&w| w)
                })
                .collect()
        };
        let flip_rep_conj: Vec<u16> = (p.flip_reps.iter())
            .flat_map(|&r| (0..N_SYM).map(move |s| r as usize * N_SYM + s))
            .map(|i| p.flip_conj.get(i).map_or(0, |&f| f))
            .collect();
        let parts: [(usize, usize, &[u16]); 6] = [
            (
                TWIST_MOVE,
                FLIP_MOVE,
                &moved(p.twist_reps, p.twist_mv, p.twist_class),
            ),
            (
                FLIP_MOVE,
                POS_CONJ,
                &moved(p.flip_reps, p.flip_mv, p.flip_class),
            ),
            (POS_CONJ, FLIP_REP_CONJ, p.pos_conj),
            (FLIP_REP_CONJ, TWIST_CLASS, &flip_rep_conj),
            (TWIST_CLASS, FLIP_CLASS, p.twist_class),
            (FLIP_CLASS, WORDS, p.flip_class),
        ];
        for (from, to, part) in parts {
            copy_into(&mut words[from..to], part);
        }
        let mut bytes = vec![0u8; BYTES];
        pack3_into(&mut bytes[TWIST_SLICE..FLIP_SLICE], p.twist_slice);
        pack3_into(&mut bytes[FLIP_SLICE..TWIST_FLIP], p.flip_slice);
        pack3_into(&mut bytes[TWIST_FLIP..BYTES], p.twist_flip);
        let (words, bytes) = (Block::new(&words), Block::new(&bytes));
        Hot {
            words,
            bytes,
            move_conj: p.move_conj,
        }
    }

    /// Word `i` of the block (masked: see [`WORDS_SPAN`]).
    #[inline(always)]
    fn word(&self, i: usize) -> usize {
        usize::from(self.words.get(i))
    }

    /// Entry `i` of the 2-bit table starting at byte `at`.
    #[inline(always)]
    fn quarter(&self, at: usize, i: usize) -> u8 {
        self.bytes.quarter(4 * at + i)
    }

    /// The moves of a node: its twist and flip words' rows of the class
    /// move tables and their symmetries' conjugated moves, read once for
    /// all its children ([`Moves::child`]).
    #[inline(always)]
    pub fn moves(&self, twist: u16, flip: u16) -> Moves<'_> {
        let (te, fe) = (usize::from(twist), usize::from(flip));
        Moves {
            hot: self,
            twist: TWIST_MOVE + (te >> SYM_BITS) * N_MOVES,
            flip: FLIP_MOVE + (fe >> SYM_BITS) * N_MOVES,
            twist_sym: te & SYM,
            flip_sym: fe & SYM,
            twist_conj: &self.move_conj[te & SYM],
            flip_conj: &self.move_conj[fe & SYM],
        }
    }

    /// The twist and flip words after move `m` (0..18).
    #[inline]
    pub fn moved(&self, twist: u16, flip: u16, m: usize) -> (u16, u16) {
        self.moves(twist, flip).child(m)
    }

    /// The three tables' entries modulo 3 of a cube (for [`Steps::of`])
    /// from its twist and flip words and its slice positions.
    #[inline(always)]
    pub fn rests(&self, twist: u16, flip: u16, pos: u16) -> [u8; 3] {
        let (te, fe) = (usize::from(twist), usize::from(flip));
        let at = POS_CONJ + usize::from(pos) * N_SYM;
        let (tp, fp) = (self.word(at + (te & SYM)), self.word(at + (fe & SYM)));
        // The flip conjugated by the twist's symmetry: its representative
        // by both (the symmetries compose by exclusive or).
        let tf = self.word(FLIP_REP_CONJ + (fe >> SYM_BITS) * N_SYM + ((te ^ fe) & SYM));
        [
            self.quarter(TWIST_SLICE, (te >> SYM_BITS) * N_SLICE_POS + tp),
            self.quarter(FLIP_SLICE, (fe >> SYM_BITS) * N_SLICE_POS + fp),
            self.quarter(TWIST_FLIP, (te >> SYM_BITS) * N_FLIP + tf),
        ]
    }

    /// The exact distances in the three phase-1 tables of a cube one move
    /// from a cube at distances `d`, from its twist and flip words and its
    /// slice positions.
    #[inline(always)]
    pub fn child(&self, d: [u8; 3], twist: u16, flip: u16, pos: u16) -> [u8; 3] {
        let r = self.rests(twist, flip, pos);
        std::array::from_fn(|i| next_distance(d[i], r[i]))
    }

    /// Twist → class << SYM_BITS | symmetry.
    pub fn twist_class(&self, twist: u16) -> u16 {
        self.words
            .get(TWIST_CLASS + usize::from(twist).min(N_TWIST - 1))
    }

    /// Flip → class << SYM_BITS | symmetry.
    pub fn flip_class(&self, flip: u16) -> u16 {
        self.words
            .get(FLIP_CLASS + usize::from(flip).min(N_FLIP - 1))
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        2 * WORDS + BYTES + N_SYM * N_MOVES
    }
}

/// A node's moves (see [`Hot::moves`]).
pub struct Moves<'h> {
    hot: &'h Hot,
    /// Where the twist's and the flip's class rows start in the words.
    twist: usize,
    flip: usize,
    twist_sym: usize,
    flip_sym: usize,
    twist_conj: &'h [u8; N_MOVES],
    flip_conj: &'h [u8; N_MOVES],
}

impl Moves<'_> {
    /// The twist and flip words after move `m` (0..18): the
    /// representative moved by the move conjugated, the symmetries
    /// composed. Twist 0 (flip 0) is alone in class 0.
    #[inline(always)]
    pub fn child(&self, m: usize) -> (u16, u16) {
        let h = self.hot;
        let tm = usize::from(self.twist_conj[m % N_MOVES]);
        let fm = usize::from(self.flip_conj[m % N_MOVES]);
        (
            (h.word(self.twist + tm) ^ self.twist_sym) as u16,
            (h.word(self.flip + fm) ^ self.flip_sym) as u16,
        )
    }
}
