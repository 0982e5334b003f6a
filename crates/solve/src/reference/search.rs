//! The two-phase search as a resumable state machine: iterative deepening over
//! the phase-1 length with an explicit stack (so it can stop after any number
//! of nodes and resume), and for each phase-1 solution a bounded phase-2 IDA*
//! that only accepts totals shorter than the best so far.

use super::coord::{self, N_SLICE_PERM};
use super::moves::{N_MOVES, merged};
use super::phase1::{ALLOWED_AFTER, Frame, NOT_G1, ORDER, children, in_g1, root_of};
use super::prefix::Prefixes;
use super::prune2_classes::Node2;
use super::tables::{P2_MOVES, Tables};
use cubetui_cube::CubieCube;

/// Longest phase-2 part tried for one phase-1 solution (the phase-2 diameter
/// is 18, but short phase-2 parts are what make short totals).
const PHASE2_CAP: usize = 13;
// The phase-2 tables hold 4 bits an entry, capped at 15: a cap over every
// room phase 2 searches changes no decision.
const _: () = assert!(PHASE2_CAP < 15);

/// A phase-1 node in G1 with fewer moves than this left is not expanded.
const REENTER: usize = 5;

/// Room the per-length lists start with: more than the phase-1 lengths a
/// search reaches within its usual bounds, so they are allocated once and
/// never grow while it runs.
const ROOM: usize = 16;

/// A list of room [`ROOM`] holding `first`.
fn with_first<T>(first: T) -> Vec<T> {
    let mut v = Vec::with_capacity(ROOM);
    v.push(first);
    v
}

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
    /// The start's phase-1 frame, where each phase-1 length begins.
    root: Frame,
    stack: Vec<Frame>,
    path: Vec<u8>,
    best: Option<Vec<u8>>,
    /// What phase 2 starts from after each prefix of `path`; entries past
    /// `valid` are stale.
    prefix: Prefixes,
    valid: usize,
    /// The other start, if any, whose phase-1 coordinates are the start's
    /// (see [`Search::with_alt`]), with its own prefixes (valid as far as
    /// `valid` too).
    alt: Option<Prefixes>,
    /// The best solution is the other start's.
    best_alt: bool,
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
        let root = root_of(t, &start);
        let h = root.d[0].max(root.d[1]).max(root.d[2]);
        Search {
            t,
            start,
            limit: max_len,
            target,
            depth1: (h as usize).max(min_depth1),
            root,
            stack: with_first(root),
            path: Vec::with_capacity(ROOM),
            best: None,
            prefix: Prefixes::new(start),
            valid: 0,
            alt: None,
            best_alt: false,
            nodes: 0,
            finished: (h as usize).max(min_depth1) > max_len,
        }
    }

    /// Also tries each phase-1 solution on `alt`, a cube with the start's
    /// phase-1 coordinates (the start with a G1 element made before it: a
    /// pre-move view's cube with the pre-move's other quarter turn, as
    /// min2phase does), so one phase-1 search serves two cubes.
    /// [`Search::best_is_alt`] says which cube the best solution solves.
    pub fn with_alt(mut self, alt: CubieCube) -> Search<'t> {
        let phase1 = |c: &CubieCube| {
            (
                coord::twist(c),
                coord::flip(c),
                coord::slice(c) / N_SLICE_PERM,
            )
        };
        debug_assert_eq!(phase1(&alt), phase1(&self.start));
        self.alt = Some(Prefixes::new(alt));
        self
    }

    /// Whether [`Search::best`] solves the other start ([`Search::with_alt`]).
    pub fn best_is_alt(&self) -> bool {
        self.best_alt
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

    /// The start's phase-1 distance bound: no solution is shorter.
    pub fn phase1_bound(&self) -> usize {
        usize::from(self.root.d[0].max(self.root.d[1]).max(self.root.d[2]))
    }

    /// The current phase-1 length being searched.
    pub fn phase1_depth(&self) -> usize {
        self.depth1
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
                || self.depth1 > self.limit
            {
                self.finished = true;
                return;
            }
            self.stack.push(self.root);
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
                    // (The face's bits in `ok` are its bits in move order.)
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
            let (ok, child_d, looked) = children(self.t, &top, mask, room);
            self.nodes += looked;
            self.stack[k].ok = ok;
            self.stack[k].child_d = child_d;
        }
        let at = self.stack[k].next as usize;
        let rest = self.stack[k].ok >> at;
        if rest == 0 {
            self.pop();
            return;
        }
        // The next move within the bound, in `ORDER`.
        let i = at + rest.trailing_zeros() as usize;
        let m = ORDER.get(i).map_or(0, |&m| usize::from(m));
        self.stack[k].next = i as u8 + 1;
        let t = self.t;
        let (twist, flip) = t.sym.hot.moved(top.twist, top.flip, m);
        let pos = t.pos_mv[top.pos as usize * N_MOVES + m];
        // A leaf is in G1 (distance 0 everywhere, and `children` left
        // its distances 0).
        let cd = self.stack[k].child_d[m];
        self.stack.push(Frame {
            twist,
            flip,
            pos,
            d: [cd as u8 & 15, (cd >> 4) as u8 & 15, (cd >> 8) as u8],
            child_d: [0; N_MOVES],
            next: 0,
            ok: 0,
        });
        self.valid = self.valid.min(self.path.len());
        self.path.push(m as u8);
    }

    fn pop(&mut self) {
        self.stack.pop();
        if self.path.len() > self.stack.len().saturating_sub(1) {
            self.path.pop();
            self.valid = self.valid.min(self.path.len());
        }
    }

    /// Tries to finish from a phase-1 solution with a phase-2 part short
    /// enough to beat the best total, from the start and from the other
    /// start if any; returns by how much the phase-2 bound exceeds the
    /// room left (0 if it does not), the smaller of the two.
    fn phase2(&mut self) -> usize {
        let before = self.best.as_ref().map(Vec::len);
        let over = self.phase2_both();
        let n = self.path.len();
        if n == 0 || self.best.as_ref().map(Vec::len) == before {
            return over;
        }
        // A solution: the phase-1 part with its last face's other quarter
        // turn (`R'` for `R`, also in G1) may finish shorter, and once the
        // target is met it would never be reached. (Phase 2 beginning with
        // `R2` covers it only one phase-2 move longer, which the search
        // for a shorter part has just ruled out.)
        let m = self.path[n - 1];
        self.path[n - 1] = m - m % 3 + (2 - m % 3);
        self.valid = self.valid.min(n - 1);
        self.phase2_both();
        self.path[n - 1] = m;
        self.valid = n - 1;
        over
    }

    /// [`Search::phase2`] on the current phase-1 part, from the start and
    /// from the other start if any.
    fn phase2_both(&mut self) -> usize {
        let n = self.path.len();
        let valid = self.valid;
        let (c, s, ep) = self.prefix.extend(self.t, &self.path, valid, ROOM);
        let over = self.phase2_from(c, s, ep, false);
        let Some(mut alt) = self.alt.take() else {
            self.valid = n;
            return over;
        };
        let (c, s, ep) = alt.extend(self.t, &self.path, valid, ROOM);
        self.alt = Some(alt);
        self.valid = n;
        // Even when the start's part met the target, the other start may
        // finish this phase-1 part shorter (the limit is now one under the
        // start's best): min2phase tries both at every phase-2 length.
        over.min(self.phase2_from(c, s, ep, true))
    }

    /// [`Search::phase2`] from one leaf's corner permutation, slice
    /// coordinate and edges; `alt`: the leaf is the other start's.
    fn phase2_from(&mut self, cperm: u16, slice: u16, ep: [u8; 12], alt: bool) -> usize {
        let Some(room) = self.limit.checked_sub(self.depth1) else {
            return 0;
        };
        let room = room.min(PHASE2_CAP);
        let t = self.t;
        let udedge = coord::perm_rank(&ep[..8]);
        let node = t.phase2_node(cperm as usize, udedge, slice as usize);
        // Exact (each at most `room`, under the tables' cap), so the
        // search below can carry them.
        let d = t.p2.distances(&t.comb, node);
        let h_inv = t.p2.inverse_bound(&t.comb, node);
        let h = usize::from(d.into_iter().fold(h_inv, u8::max));
        if h > room {
            return h - room;
        }
        let mut moves = Vec::with_capacity(room);
        // One bounded search finds some phase-2 part of at most `room` moves
        // (cheaper than deepening one move at a time); then shorter ones
        // are looked for under the new, lower limit, until there is none
        // (min2phase's order: even a total within the target gets this
        // phase-1 part's shortest phase-2 part). A search that fails tells
        // by how much the phase-2 distance exceeds its room.
        //
        // Phase 2's first move may turn the phase-1 part's last face (or,
        // after two opposite faces, the first of them), as min2phase's may:
        // `R` then `R2` is `R'`, so the total is counted after merging. It
        // is the phase-1 part with that face's other quarter turn, met one
        // move shorter here than where that part is searched itself.
        let mut room = room;
        while h <= room {
            if let Err(over) = self.dfs2(node, d, room, None, &mut moves) {
                return if self.finished { 0 } else { over };
            }
            let found = moves.len();
            let mut sol = self.path.clone();
            sol.extend(moves.iter().rev());
            let sol = merged(&sol);
            if sol.len() <= self.limit {
                self.limit = sol.len().saturating_sub(1);
                self.finished |= sol.len() <= self.target;
                self.best = Some(sol);
                self.best_alt = alt;
            }
            if found == 0 {
                return 0;
            }
            room = found - 1;
            moves.clear();
        }
        0
    }

    /// Phase-2 depth-first search for at most `depth` more moves; on success
    /// `moves` holds them in reverse order. Else the error is at least 1;
    /// over 1, it is a proven lower bound on by how much the cube's phase-2
    /// distance exceeds `depth` (1 only says that no move sequence allowed
    /// after `last` solves it).
    fn dfs2(
        &mut self,
        node: Node2,
        d: [u8; 3],
        depth: usize,
        last: Option<usize>,
        moves: &mut Vec<u8>,
    ) -> Result<(), usize> {
        if node.solved() {
            return Ok(());
        }
        let t = self.t;
        let (p2, comb) = (&t.p2, &t.comb);
        let mask = ALLOWED_AFTER[last.unwrap_or(N_MOVES)];
        for (k, &m) in P2_MOVES.iter().enumerate() {
            if mask >> m & 1 == 0 {
                continue;
            }
            self.nodes += 1;
            let child = p2.child(node, k);
            // The inverse's bound first (min2phase's order, the fewest
            // instructions of the orders measured), read whole: a move acts
            // on the inverse from the left, so its distance is not carried.
            // A child over its room by two or more puts this cube over its
            // own (their phase-2 distances differ by at most one), every
            // sibling with it (min2phase's rule).
            let di = usize::from(p2.inverse_bound(comb, child));
            if di >= depth {
                if di > depth + 1 {
                    return Err(di - depth - 1);
                }
                continue;
            }
            // The three tables modulo 3 (a quarter of a byte an entry),
            // the exact distances carried down; the corners' first.
            let dc = p2.corner_child(d[0], child);
            if usize::from(dc) >= depth {
                continue;
            }
            let (de, dm) = p2.edge_children(comb, d, child);
            if usize::from(de.max(dm)) >= depth {
                continue;
            }
            let cd = [dc, de, dm];
            match self.dfs2(child, cd, depth - 1, Some(m), moves) {
                Ok(()) => {
                    moves.push(m as u8);
                    return Ok(());
                }
                // The same one level up.
                Err(over) if over > 2 => return Err(over - 2),
                Err(_) => {}
            }
        }
        Err(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::coord::N_SLICE_PERM;
    use crate::reference::tables::N_P2;
    use cubetui_cube::cubie_turns::turn;
    use cubetui_cube::random::rng_from_seed;
    use rand::RngExt;

    /// Phase 2's depth-first search with the cube's own three tables alone
    /// (exact distances, no inverse): the first solution in move order.
    #[allow(clippy::too_many_arguments)]
    fn plain(
        t: &Tables,
        c: usize,
        u: usize,
        s: usize,
        depth: usize,
        last: Option<usize>,
        moves: &mut Vec<u8>,
        nodes: &mut u64,
    ) -> bool {
        if c == 0 && u == 0 && s == 0 {
            return true;
        }
        let mask = ALLOWED_AFTER[last.unwrap_or(N_MOVES)];
        for (k, &m) in P2_MOVES.iter().enumerate() {
            if mask >> m & 1 == 0 {
                continue;
            }
            *nodes += 1;
            let cc = t.cperm2_mv[c * N_P2 + k] as usize;
            let cu = t.udedge_mv[u * N_P2 + k] as usize;
            let cs = t.slice2_mv[s * N_P2 + k] as usize;
            let h = t.cperm_slice_pr[cc * N_SLICE_PERM + cs]
                .max(t.udedge_slice_pr[cu * N_SLICE_PERM + cs])
                .max(t.comb.bound(cu, cc));
            if usize::from(h) < depth && plain(t, cc, cu, cs, depth - 1, Some(m), moves, nodes) {
                moves.push(m as u8);
                return true;
            }
        }
        false
    }

    #[test]
    fn the_inverse_bound_leaves_the_first_phase2_solution_unchanged_with_fewer_nodes() {
        let t = Tables::build();
        let mut rng = rng_from_seed(31);
        let (mut ours, mut theirs) = (0, 0);
        for _ in 0..150 {
            let mut x = CubieCube::SOLVED;
            for _ in 0..rng.random_range(6..20) {
                x = turn(&x, P2_MOVES[rng.random_range(0..N_P2)]);
            }
            let (c, u, s) = (coord::cperm(&x), coord::udedge(&x), coord::slice(&x));
            let d = [
                t.cperm_slice_pr[c * N_SLICE_PERM + s],
                t.udedge_slice_pr[u * N_SLICE_PERM + s],
                t.comb.bound(u, c),
            ];
            let h = usize::from(*d.iter().max().unwrap_or(&0));
            // Each room from the bound up, after no move and after a move
            // out of G1 (R, which rules out R2 first).
            for room in h..=(h + 3).min(PHASE2_CAP) {
                for last in [None, Some(3)] {
                    let mut search = Search::new(&t, x, 30, 0);
                    let mut found = Vec::new();
                    let node = t.phase2_node(c, u, s);
                    let got = search.dfs2(node, d, room, last, &mut found);
                    let mut expected = Vec::new();
                    let want = plain(&t, c, u, s, room, last, &mut expected, &mut theirs);
                    ours += search.nodes();
                    assert_eq!(got.is_ok(), want, "room {room}, last {last:?}");
                    assert_eq!(found, expected, "room {room}, last {last:?}");
                }
            }
        }
        assert!(ours * 10 < theirs * 8, "{ours} nodes against {theirs}");
    }
}
