//! The phase-1 stack frame of [`Search`](super::search::Search) and the
//! lookup of a frame's children: the part of the search every phase-1 node
//! goes through.

use super::coord::{self, N_SLICE_PERM};
use super::moves::{N_MOVES, face_of};
use super::prune1_packed::{OVER, SYM_BITS, Steps, TWO_OVER};
use super::tables::{P2_MOVES, Tables};
use cubetui_cube::CubieCube;

/// One level of the phase-1 stack: coordinates after the moves so far and the
/// next move to try from here.
#[derive(Clone, Copy)]
pub(super) struct Frame {
    /// Twist and flip as `class << SYM_BITS | symmetry` words (see
    /// [`super::prune1_packed`]).
    pub(super) twist: u16,
    pub(super) flip: u16,
    /// Slice positions (the slice coordinate / 24): phase 1 needs no more.
    pub(super) pos: u16,
    /// Exact distances in the three phase-1 tables (twist × slice positions,
    /// flip × slice positions, twist × flip): the search reads the tables
    /// modulo 3 (a quarter of a byte an entry) and adds the change to these.
    pub(super) d: [u8; 3],
    /// Position in [`ORDER`] of the next move to try.
    pub(super) next: u8,
    /// The distances ([`Frame::d`]) of the child of move `m`, four bits
    /// each, when bit `m` of `ok` is set (read with the bounds in
    /// [`children`], so entering a child reads no table again).
    pub(super) child_d: [u16; N_MOVES],
    /// Bit `i` set: move `ORDER[i]` leads to a child within the bound (all
    /// the children are looked up together on the frame's first visit, so
    /// the processor overlaps their table reads). The three bits of a face
    /// are its three bits in move order too, only the half and the
    /// counter-clockwise turn swapped ([`ORDER`] is its own inverse).
    pub(super) ok: u32,
}

/// Whether the frame's cube is in G1 (the phase-1 goal).
#[inline]
pub(super) fn in_g1(f: &Frame) -> bool {
    f.twist >> SYM_BITS == 0 && f.flip >> SYM_BITS == 0 && f.pos == 0
}

/// The phase-1 frame of `start`.
pub(super) fn root_of(t: &Tables, start: &CubieCube) -> Frame {
    let (twist, flip) = (coord::twist(start), coord::flip(start));
    let pos = coord::slice(start) / N_SLICE_PERM;
    let hot = &t.sym.hot;
    Frame {
        twist: hot.twist_class(twist as u16),
        flip: hot.flip_class(flip as u16),
        pos: pos as u16,
        d: t.phase1_distances(twist, flip, pos),
        child_d: [0; N_MOVES],
        next: 0,
        ok: 0,
    }
}

/// Bit `m` set: move `m` may follow the move of the index (18: none): never
/// the same face twice, and of two opposite faces only in one order (`U D`,
/// not `D U`).
pub(super) const ALLOWED_AFTER: [u32; N_MOVES + 1] = {
    let mut out = [0u32; N_MOVES + 1];
    let mut l = 0;
    while l <= N_MOVES {
        let mut m = 0;
        while m < N_MOVES {
            let ok = l == N_MOVES || {
                let (fl, fm) = (face_of(l), face_of(m));
                fl != fm && fl != fm + 3
            };
            if ok {
                out[l] |= 1 << m;
            }
            m += 1;
        }
        l += 1;
    }
    out
};

/// The order phase 1 tries moves in: per face the two quarter turns, then
/// the half turn (which either quarter turn may rule out). Its own
/// inverse: move `m` is tried at position `ORDER[m]`.
pub(super) const ORDER: [u8; N_MOVES] =
    [0, 2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12, 14, 13, 15, 17, 16];

/// Bit `m` set: move `m` is not one of the G1 moves [`P2_MOVES`].
pub(super) const NOT_G1: u32 = {
    let mut out = (1u32 << N_MOVES) - 1;
    let mut k = 0;
    while k < P2_MOVES.len() {
        out &= !(1 << P2_MOVES[k]);
        k += 1;
    }
    out
};

/// The moves of `mask` from `top` whose child is within `room` more
/// moves of G1, as a bit set in [`ORDER`] positions (see [`Frame::ok`]),
/// with their distances and the number of
/// children looked up (each counts as a node). Only a face's own turns
/// wait for each other, so the table reads of the faces overlap.
pub(super) fn children(
    t: &Tables,
    top: &Frame,
    mask: u32,
    room: usize,
) -> (u32, [u16; N_MOVES], u64) {
    let mut ok = 0u32;
    let mut child_d = [0u16; N_MOVES];
    // The parent's row of the slice positions' move table, checked once
    // here.
    const NONE: [u16; N_MOVES] = [0; N_MOVES];
    let ps: &[u16; N_MOVES] = t
        .pos_mv
        .get(top.pos as usize * N_MOVES..)
        .and_then(|r| r.first_chunk())
        .unwrap_or(&NONE);
    let hot = &t.sym.hot;
    let moves = hot.moves(top.twist, top.flip);
    if room == 0 {
        // The last phase-1 move: only the goal itself is at distance 0
        // (twist 0 and flip 0 are alone in class 0).
        let mut looked = 0;
        for m in 0..N_MOVES {
            if mask >> m & 1 != 0 {
                looked += 1;
                let (tw, fl) = moves.child(m);
                let goal = tw >> SYM_BITS == 0 && fl >> SYM_BITS == 0 && ps[m] == 0;
                ok |= u32::from(goal) << ORDER[m];
            }
        }
        return (ok, child_d, looked);
    }
    let steps = Steps::new(top.d, room);
    let mut looked = 0u64;
    // Child `m` looked up; whether it is two over the room: every table is
    // an exact distance in its own coordinates, and any two turns of one
    // face are one turn apart, so the face's other turns stay over
    // (min2phase's rule).
    // (A macro, not a closure: the closure was not inlined.)
    macro_rules! child {
        ($m:expr, $at:expr) => {{
            let m = $m;
            looked += 1;
            // The bound in full, without branches (they would be
            // mispredicted half the time).
            let (tw, fl) = moves.child(m);
            let x = steps.of(hot.rests(tw, fl, ps[m]));
            child_d[m] = (x & 0xfff) as u16;
            ok |= u32::from(x & OVER == 0) << $at;
            x & TWO_OVER != 0
        }};
    }
    for face in 0..6 {
        let f = 3 * face;
        let bits = mask >> f & 7;
        // The two quarter turns, then the half turn.
        if bits & 1 != 0 && child!(f, f) {
            continue;
        }
        if bits & 4 != 0 && child!(f + 2, f + 1) {
            continue;
        }
        if bits & 2 != 0 {
            let _ = child!(f + 1, f + 2);
        }
    }
    (ok, child_d, looked)
}
