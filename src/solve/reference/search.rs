//! The two-phase search as a resumable state machine: iterative deepening over
//! the phase-1 length with an explicit stack (so it can stop after any number
//! of nodes and resume), and for each phase-1 solution a bounded phase-2 IDA*
//! that only accepts totals shorter than the best so far.

use super::coord::{self, N_SLICE_PERM};
use super::cubie::{N_MOVES, face_of};
use super::tables::{N_P2, P2_MOVES, Tables};
use crate::cube::CubieCube;
use crate::cube::cubie_turns::face_turn_cubies;

/// Longest phase-2 part tried for one phase-1 solution (the phase-2 diameter
/// is 18, but short phase-2 parts are what make short totals).
const PHASE2_CAP: usize = 13;

/// A phase-1 node in G1 with fewer moves than this left is not expanded.
const REENTER: usize = 5;

/// One level of the phase-1 stack: coordinates after the moves so far and the
/// next move to try from here.
#[derive(Clone, Copy)]
struct Frame {
    twist: u16,
    flip: u16,
    /// Slice positions (the slice coordinate / 24): phase 1 needs no more.
    pos: u16,
    /// Position in [`ORDER`] of the next move to try.
    next: u8,
    /// Bit `m` set: move `m` leads to a child within the bound (all the
    /// children are looked up together on the frame's first visit, so the
    /// processor overlaps their table reads).
    ok: u32,
}

/// Whether the frame's cube is in G1 (the phase-1 goal).
#[inline]
fn in_g1(f: &Frame) -> bool {
    f.twist == 0 && f.flip == 0 && f.pos == 0
}

/// Bit `m` set: move `m` may follow the move of the index (18: none): never
/// the same face twice, and of two opposite faces only in one order (`U D`,
/// not `D U`).
const ALLOWED_AFTER: [u32; N_MOVES + 1] = {
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
/// the half turn (which either quarter turn may rule out).
const ORDER: [u8; N_MOVES] = [0, 2, 1, 3, 5, 4, 6, 8, 7, 9, 11, 10, 12, 14, 13, 15, 17, 16];

/// Bit `m` set: move `m` is not one of the G1 moves [`P2_MOVES`].
const NOT_G1: u32 = {
    let mut out = (1u32 << N_MOVES) - 1;
    let mut k = 0;
    while k < P2_MOVES.len() {
        out &= !(1 << P2_MOVES[k]);
        k += 1;
    }
    out
};

/// A two-phase search for one cube, advanced in node-bounded slices.
pub struct Search<'t> {
    t: &'t Tables,
    start: CubieCube,
    /// Longest total still wanted: `max_len`, then one less than the best
    /// known (here or, through [`Search::set_limit`], elsewhere).
    limit: usize,
    /// Stop as soon as a total this short is found.
    target: usize,
    /// Current phase-1 length.
    depth1: usize,
    stack: Vec<Frame>,
    path: Vec<u8>,
    best: Option<Vec<u8>>,
    /// Corner permutation, slice coordinate and edges after each prefix of `path` (entry 0:
    /// the start); entries past `valid` are stale.
    prefix: Vec<(u16, u16, [u8; 12])>,
    valid: usize,
    /// Phase-1 and phase-2 nodes expanded so far.
    nodes: u64,
    finished: bool,
}

impl<'t> Search<'t> {
    /// A search for `start` (a valid cube) accepting totals up to `max_len`
    /// and stopping early at `target` moves or fewer.
    pub fn new(t: &'t Tables, start: CubieCube, max_len: usize, target: usize) -> Search<'t> {
        Search::from_depth(t, start, max_len, target, 0)
    }

    /// [`Search::new`] whose phase-1 solutions are at least `min_depth1`
    /// moves long (the pre-move views', so that short solutions come from
    /// the plain views first).
    pub fn from_depth(
        t: &'t Tables,
        start: CubieCube,
        max_len: usize,
        target: usize,
        min_depth1: usize,
    ) -> Search<'t> {
        let root = Frame {
            twist: coord::twist(&start) as u16,
            flip: coord::flip(&start) as u16,
            pos: (coord::slice(&start) / N_SLICE_PERM) as u16,
            next: 0,
            ok: 0,
        };
        let h = t.phase1_bound(
            root.twist as usize,
            root.flip as usize,
            root.pos as usize * N_SLICE_PERM,
        );
        Search {
            t,
            start,
            limit: max_len,
            target,
            depth1: (h as usize).max(min_depth1),
            stack: vec![root],
            path: Vec::new(),
            best: None,
            prefix: vec![(
                coord::cperm(&start) as u16,
                coord::slice(&start) as u16,
                start.ep,
            )],
            valid: 0,
            nodes: 0,
            finished: (h as usize).max(min_depth1) > max_len,
        }
    }

    /// The cube searched.
    pub fn start(&self) -> CubieCube {
        self.start
    }

    /// The shortest solution found so far, as move indices (0..18).
    pub fn best(&self) -> Option<&[u8]> {
        self.best.as_deref()
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the search is over: target reached, or no shorter total exists
    /// within its limits.
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The current phase-1 length being searched.
    pub fn phase1_depth(&self) -> usize {
        self.depth1
    }

    /// Longest total still worth finding.
    fn bound(&self) -> usize {
        self.limit
    }

    /// Lowers the longest total still wanted (a shorter solution was found
    /// elsewhere); ends the search when the target is met.
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = self.limit.min(limit);
        if limit < self.target || self.depth1 > self.limit {
            self.finished = true;
        }
    }

    /// Expands up to `budget` more nodes; returns whether the search finished.
    pub fn run(&mut self, budget: u64) -> bool {
        let limit = self.nodes.saturating_add(budget);
        while !self.finished && self.nodes < limit {
            self.advance();
        }
        self.finished
    }

    /// [`Search::run`], returning early when the phase-1 depth has grown (so
    /// several searches can be kept at the same depth).
    pub fn run_depth(&mut self, budget: u64) -> bool {
        let limit = self.nodes.saturating_add(budget);
        let depth = self.depth1;
        while !self.finished && self.nodes < limit && self.depth1 == depth {
            self.advance();
        }
        self.finished
    }

    /// One unit of work: the next child of the top frame within the bound
    /// entered (its children looked up first on its first visit), one leaf
    /// handled, or one depth started.
    fn advance(&mut self) {
        let Some(&top) = self.stack.last() else {
            self.depth1 += 1;
            if self.best.is_some() && self.best.as_ref().is_some_and(|b| b.len() <= self.target)
                || self.depth1 > self.bound()
            {
                self.finished = true;
                return;
            }
            let root = self.root();
            self.stack.push(root);
            return;
        };
        let k = self.stack.len() - 1;
        let last = self.path.last().map(|&m| m as usize);
        if k == self.depth1 {
            // At a leaf the pruning bound is 0: the cube is in G1. A last move
            // inside G1 would repeat a shorter phase-1 solution.
            if let Some(m) = last.filter(|m| !P2_MOVES.contains(m)) {
                // Two over the phase-2 room: the face's other turn out of G1
                // is this cube after a G1 half turn, at most one closer in
                // every phase-2 table, so it stays over (min2phase's rule).
                if self.phase2() >= 2 && k > 0 {
                    self.stack[k - 1].ok &= !(7 << (m - m % 3));
                }
            } else if last.is_none() {
                self.phase2();
            }
            self.pop();
            return;
        }
        if top.next == 0 {
            // In G1 with fewer than `REENTER` moves left: leaving G1 and
            // coming back that fast only makes phase-1 solutions that the
            // phase-2 search from here already covers or that are rarely
            // shorter, and every move inside G1 keeps the bound 0, so that
            // subtree is unpruned (min2phase's rule).
            if self.depth1 - k < REENTER && in_g1(&top) {
                self.pop();
                return;
            }
            let room = self.depth1 - k - 1;
            let mut mask = ALLOWED_AFTER[last.unwrap_or(N_MOVES)];
            if room == 0 {
                // The last phase-1 move: only a move outside G1 makes a new
                // phase-1 solution (see the leaf), and only the goal itself
                // is at distance 0.
                mask &= NOT_G1;
            }
            self.stack[k].ok = self.children(&top, mask, room);
        }
        let ok = self.stack[k].ok;
        let t = self.t;
        let mut i = self.stack[k].next as usize;
        while i < N_MOVES {
            let m = ORDER[i] as usize;
            i += 1;
            if ok >> m & 1 == 0 {
                continue;
            }
            self.stack[k].next = i as u8;
            self.stack.push(Frame {
                twist: t.twist_mv[top.twist as usize * N_MOVES + m],
                flip: t.flip_mv[top.flip as usize * N_MOVES + m],
                pos: t.pos_mv[top.pos as usize * N_MOVES + m],
                next: 0,
                ok: 0,
            });
            self.valid = self.valid.min(self.path.len());
            self.path.push(m as u8);
            return;
        }
        self.pop();
    }

    /// The moves of `mask` from `top` whose child is within `room` more
    /// moves of G1, as a bit set; counts each lookup as a node. No early
    /// return, so the table reads of all the children are in flight at once.
    fn children(&mut self, top: &Frame, mask: u32, room: usize) -> u32 {
        let t = self.t;
        let (tw, fl, ps) = (
            top.twist as usize * N_MOVES,
            top.flip as usize * N_MOVES,
            top.pos as usize * N_MOVES,
        );
        let mut ok = 0u32;
        let mut skip = 0u32;
        let mut looked = 0u64;
        for &m in &ORDER {
            let m = m as usize;
            if (mask & !skip) >> m & 1 == 0 {
                continue;
            }
            looked += 1;
            // The u16 move tables and the small class tables (which stay in
            // the first-level cache) take half the room of tables holding
            // both, and leave more of the second-level cache to the pruning.
            let (twist, flip) = (t.twist_mv[tw + m], t.flip_mv[fl + m]);
            let twist_x = u32::from(twist) | u32::from(t.sym.twist_class(twist as usize)) << 16;
            let flip_x = u32::from(flip) | u32::from(t.sym.flip_class(flip as usize)) << 16;
            let pos = t.pos_mv[ps + m];
            // The bound in full, without branches (they would be
            // mispredicted half the time).
            let h = if room == 0 {
                usize::from(twist_x & 0xffff != 0 || flip_x & 0xffff != 0 || pos != 0)
            } else {
                t.phase1_bound_x(twist_x, flip_x, pos as usize)
            };
            ok |= u32::from(h <= room) << m;
            // Two over the room: every table is an exact distance in its own
            // coordinates, and any two turns of one face are one turn apart,
            // so the face's other turns stay over (min2phase's rule).
            skip |= u32::from(h > room + 1) * (7 << (m - m % 3));
        }
        self.nodes += looked;
        ok
    }

    fn root(&self) -> Frame {
        Frame {
            twist: coord::twist(&self.start) as u16,
            flip: coord::flip(&self.start) as u16,
            pos: (coord::slice(&self.start) / N_SLICE_PERM) as u16,
            next: 0,
            ok: 0,
        }
    }

    fn pop(&mut self) {
        self.stack.pop();
        if self.path.len() > self.stack.len().saturating_sub(1) {
            self.path.pop();
            self.valid = self.valid.min(self.path.len());
        }
    }

    /// Tries to finish from a phase-1 solution with a phase-2 part short
    /// enough to beat the best total; returns by how much the phase-2 bound
    /// exceeds the room left (0 if it does not).
    fn phase2(&mut self) -> usize {
        let Some(room) = self.bound().checked_sub(self.depth1) else {
            return 0;
        };
        let room = room.min(PHASE2_CAP);
        // The corner and edge permutations along the path, extended from the
        // part still valid (consecutive leaves share most of their path).
        let n = self.path.len();
        if self.prefix.len() <= n {
            self.prefix.resize(n + 1, self.prefix[0]);
        }
        for i in self.valid..n {
            let m = self.path[i] as usize;
            let (c, s, ep) = self.prefix[i];
            let mv = &face_turn_cubies()[m].ep;
            self.prefix[i + 1] = (
                self.t.cperm_mv[c as usize * N_MOVES + m],
                self.t.slice_mv[s as usize * N_MOVES + m],
                std::array::from_fn(|j| ep[mv[j] as usize]),
            );
        }
        self.valid = n;
        let (cperm, slice, ep) = self.prefix[n];
        let (cperm, slice) = (cperm as usize, slice as usize);
        let h_corner = self.t.phase2_corner_bound(cperm, slice) as usize;
        if h_corner > room {
            return h_corner - room;
        }
        let udedge = coord::perm_rank(&ep[..8]);
        let h = h_corner
            .max(self.t.phase2_edge_bound(udedge, slice) as usize)
            .max(self.t.comb.bound(udedge, cperm) as usize);
        if h > room {
            return h - room;
        }
        let last = self.path.last().map(|&m| m as usize);
        let mut moves = Vec::with_capacity(room);
        // One bounded search finds some phase-2 part of at most `room` moves
        // (cheaper than deepening one move at a time); then shorter ones
        // are looked for under the new, lower limit.
        let mut room = room;
        while h <= room && self.dfs2(cperm, udedge, slice, room, last, &mut moves) {
            let mut sol = self.path.clone();
            sol.extend(moves.iter().rev());
            self.limit = sol.len().saturating_sub(1);
            self.best = Some(sol);
            if self.best.as_ref().is_some_and(|b| b.len() <= self.target) || moves.is_empty() {
                self.finished |= self.best.as_ref().is_some_and(|b| b.len() <= self.target);
                return 0;
            }
            room = moves.len() - 1;
            moves.clear();
        }
        0
    }

    /// Phase-2 depth-first search for at most `depth` more moves; on success
    /// `moves` holds them in reverse order.
    fn dfs2(
        &mut self,
        cperm: usize,
        udedge: usize,
        slice: usize,
        depth: usize,
        last: Option<usize>,
        moves: &mut Vec<u8>,
    ) -> bool {
        if cperm == 0 && udedge == 0 && slice == 0 {
            return true;
        }
        let t = self.t;
        let mask = ALLOWED_AFTER[last.unwrap_or(N_MOVES)];
        for (k, &m) in P2_MOVES.iter().enumerate() {
            if mask >> m & 1 == 0 {
                continue;
            }
            self.nodes += 1;
            let c = t.cperm2_mv[cperm * N_P2 + k] as usize;
            let s = t.slice2_mv[slice * N_P2 + k] as usize;
            if t.phase2_corner_bound(c, s) as usize >= depth {
                continue;
            }
            let u = t.udedge_mv[udedge * N_P2 + k] as usize;
            if t.phase2_edge_bound(u, s) as usize >= depth || t.comb.bound(u, c) as usize >= depth {
                continue;
            }
            if self.dfs2(c, u, s, depth - 1, Some(m), moves) {
                moves.push(m as u8);
                return true;
            }
        }
        false
    }
}
