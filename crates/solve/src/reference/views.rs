//! Thirty searches on one cube: the cube seen along each of its three axes,
//! and its inverse along each, each plain and with one of four pre-moves
//! made first (whose phase-1 solutions also serve the pre-move's other
//! quarter turn). Each view has its own short phase-1 solutions, so running
//! them side by side (always advancing the one at the shallowest length)
//! finds short totals sooner than one search would. A solution found in one
//! view bounds the others.

use super::limits::ReferenceError;
use super::moves::{N_MOVES, cubies, face_of, merged, to_alg};
use super::search::Search;
use super::tables::Tables;
use super::view::{PRE_MOVES, View, other_quarter, pre_view, view_of};
use cubetui_cube::cubie_turns;
use cubetui_cube::{Alg, Cube, CubieCube, Rotation};

/// Nodes one view expands before the next view may take a turn.
const SLICE: u64 = 2_000;

/// The views with two pre-moves are made a group at a time, each when every
/// other view is past this length (phase-1 depth plus pre-moves), so a cube
/// solved sooner never pays for making them; a view of theirs at a shorter
/// length then goes first.
const PRE2_AFTER: usize = 10;

/// The six searches for one cube, sharing the best length.
pub struct MultiSearch<'t> {
    t: &'t Tables,
    cube: Cube,
    views: Vec<View<'t>>,
    best: Option<Alg>,
    /// The views' target.
    target: usize,
    max_len: usize,
    /// The cubes of the plain views (`views[..6]`, made at the first run),
    /// for the short passes.
    starts: Vec<CubieCube>,
    /// The plain views' face maps and whether they solve the inverse.
    bases: Vec<([usize; 6], bool)>,
    /// Groups of views with two pre-moves made so far (see [`PRE2_AFTER`]).
    pre2_groups: usize,
    /// The pass for short totals under way, if any (see [`Short`]).
    short: Option<Short<'t>>,
    /// Nodes of the short passes already over.
    short_nodes: u64,
    /// Length at which the search ends (the views' `target` is 0 when
    /// `percent` is not).
    user_target: usize,
    /// Nodes searched past the first solution within `user_target`, in
    /// per cent of those spent until then.
    percent: u64,
    /// Node count at which a search past its target ends.
    stop_at: Option<u64>,
}

/// Longest total the short passes look for.
const SHORT_MAX: usize = 7;

/// A pass for totals of at most `total` moves on one plain view, run before
/// the views proper for `total` = 0, 1, …, [`SHORT_MAX`]: the views go by
/// phase-1 depth and accept a long phase-2 part early, so without these
/// passes a cube a few moves from solved could get a solution of a dozen.
/// A pass whose phase-1 bound is over its total ends at once, so a random
/// cube spends little here.
struct Short<'t> {
    total: usize,
    view: usize,
    search: Search<'t>,
}

impl<'t> MultiSearch<'t> {
    /// Searches for `cube`; fails if it is not a reachable cube.
    pub fn new(
        t: &'t Tables,
        cube: &Cube,
        max_len: usize,
        target: usize,
    ) -> Result<MultiSearch<'t>, ReferenceError> {
        MultiSearch::past_target(t, cube, max_len, target, 0)
    }

    /// [`MultiSearch::new`] that, once a solution within `target` is found,
    /// goes on looking for a shorter one for `percent` per cent of the
    /// nodes spent until then (its `stop_at`).
    pub fn past_target(
        t: &'t Tables,
        cube: &Cube,
        max_len: usize,
        target: usize,
        percent: u64,
    ) -> Result<MultiSearch<'t>, ReferenceError> {
        cubies(cube)?;
        // (The views stop at the target only when nothing is searched past it.)
        let user_target = target;
        let target = if percent == 0 { target } else { 0 };
        // The views are made at the first run (`make_views`).
        let (mut starts, mut bases) = (Vec::with_capacity(6), Vec::with_capacity(6));
        for rotation in [None, Some(Rotation::X), Some(Rotation::Z)] {
            let (seen, faces) = view_of(cube, rotation).ok_or(ReferenceError::Internal)?;
            let c = cubies(&seen)?;
            for inverse in [false, true] {
                starts.push(if inverse { cubie_turns::inverse(&c) } else { c });
                bases.push((faces, inverse));
            }
        }
        let short = Some(Short {
            total: 0,
            view: 0,
            search: Search::new(t, starts[0], 0, 0),
        });
        Ok(MultiSearch {
            t,
            cube: *cube,
            views: Vec::new(),
            best: None,
            target,
            max_len,
            starts,
            bases,
            pre2_groups: 0,
            short,
            short_nodes: 0,
            user_target,
            percent,
            stop_at: None,
        })
    }

    /// Makes the views, plain ones first (they go first at equal length),
    /// at the first run: a search built long before it runs costs little.
    fn make_views(&mut self) {
        self.views = self.new_views();
    }

    /// The views [`MultiSearch::make_views`] makes.
    fn new_views(&self) -> Vec<View<'t>> {
        let (t, max_len, target) = (self.t, self.max_len, self.target);
        let mut views = Vec::with_capacity(6 * (1 + PRE_MOVES.len()));
        for (&start, &(faces, inverse)) in self.starts.iter().zip(&self.bases) {
            views.push(View {
                search: Search::new(t, start, max_len, target),
                faces,
                inverse,
                pre: None,
                pre2: None,
            });
        }
        for (&start, &base) in self.starts.iter().zip(&self.bases) {
            for m in PRE_MOVES {
                views.push(pre_view(t, &start, m, None, base, max_len, target));
            }
        }
        views
    }

    /// Adds the next group of views with two pre-moves (see
    /// [`PRE2_AFTER`]: one plain view's, with one pre-move), bounded by
    /// the best solution so far.
    fn add_pre2(&mut self) {
        let group = self.pre2_groups;
        self.pre2_groups += 1;
        let turns = cubie_turns::face_turn_cubies();
        let limit = self.best.as_ref().map(|b| b.len().saturating_sub(1));
        let (base, m) = (group / PRE_MOVES.len(), PRE_MOVES[group % PRE_MOVES.len()]);
        if let (Some(&start), Some(&(faces, inverse))) =
            (self.starts.get(base), self.bases.get(base))
        {
            for first in
                (0..N_MOVES as u8).filter(|&f| face_of(f as usize) % 3 != face_of(m as usize) % 3)
            {
                let inner = cubie_turns::multiply(&turns[first as usize], &start);
                let mut view = pre_view(
                    self.t,
                    &inner,
                    m,
                    Some(first),
                    (faces, inverse),
                    self.max_len,
                    self.target,
                );
                if let Some(limit) = limit {
                    view.search.set_limit(limit.saturating_sub(2));
                }
                self.views.push(view);
            }
        }
    }

    /// Shortest solution so far, for the cube as given.
    pub fn best(&self) -> Option<&Alg> {
        self.best.as_ref()
    }

    /// Nodes expanded by all views.
    pub fn nodes(&self) -> u64 {
        let short = self.short.as_ref().map_or(0, |s| s.search.nodes());
        self.views.iter().map(|v| v.search.nodes()).sum::<u64>() + self.short_nodes + short
    }

    /// Whether every view is finished (or the target is met and the
    /// search past it spent).
    pub fn finished(&self) -> bool {
        self.stop_at.is_some_and(|s| self.nodes() >= s)
            || self.short.is_none()
                && !self.views.is_empty()
                && self.views.iter().all(|v| v.search.finished())
    }

    /// Advances the short passes (see [`Short`]) by up to `budget` nodes.
    fn run_short(&mut self, budget: u64) {
        let Some(short) = self.short.as_mut() else {
            return;
        };
        short.search.run(budget);
        if let Some(moves) = short.search.best().map(<[u8]>::to_vec) {
            let view = short.view;
            self.short_nodes += short.search.nodes();
            self.short = None;
            self.accept(view, &moves);
            return;
        }
        if !short.search.finished() {
            return;
        }
        self.short_nodes += short.search.nodes();
        let (mut total, mut view) = (short.total, short.view + 1);
        // A pass whose phase-1 bound is over its total would end at once,
        // with no node: it is not made (a random cube makes none).
        loop {
            if view == self.starts.len() {
                (total, view) = (total + 1, 0);
            }
            if total > SHORT_MAX.min(self.max_len) {
                self.short = None;
                return;
            }
            if self
                .views
                .get(view)
                .is_none_or(|v| v.search.phase1_bound() <= total)
            {
                break;
            }
            view += 1;
        }
        self.short = Some(Short {
            total,
            view,
            search: Search::new(self.t, self.starts[view], total, total),
        });
    }

    /// Shallowest phase-1 depth any unfinished view is searching (before
    /// the first run, the one the views will start at).
    pub fn phase1_depth(&self) -> usize {
        if self.views.is_empty() {
            return Self::shallowest(&self.new_views());
        }
        Self::shallowest(&self.views)
    }

    /// Shallowest phase-1 depth any unfinished view of `views` is searching.
    fn shallowest(views: &[View<'t>]) -> usize {
        views
            .iter()
            .filter(|v| !v.search.finished())
            .map(View::key)
            .min()
            .unwrap_or(0)
    }

    /// Expands about `budget` more nodes; returns whether the search finished.
    pub fn run(&mut self, budget: u64) -> bool {
        if self.views.is_empty() {
            self.make_views();
        }
        let limit = self.nodes().saturating_add(budget);
        loop {
            // (A solution within the target sets `stop_at`.)
            let limit = limit.min(self.stop_at.unwrap_or(u64::MAX));
            let nodes = self.nodes();
            if nodes >= limit || self.finished() {
                break;
            }
            if self.short.is_some() {
                self.run_short(SLICE.min(limit - nodes));
                continue;
            }
            let Some(i) = (0..self.views.len())
                .filter(|&i| !self.views[i].search.finished())
                .min_by_key(|&i| self.views[i].key())
            else {
                break;
            };
            if self.views[i].key() > PRE2_AFTER
                && self.pre2_groups < self.starts.len() * PRE_MOVES.len()
            {
                self.add_pre2();
                continue;
            }
            let before = self.views[i].search.best().map(|b| b.len());
            self.views[i].search.run_depth(SLICE.min(limit - nodes));
            let after = self.views[i].search.best().map(|b| b.to_vec());
            if let Some(moves) = after.filter(|m| Some(m.len()) != before) {
                self.accept(i, &moves);
            }
        }
        self.finished()
    }

    /// Takes a view's solution over to the cube as given and bounds every view.
    fn accept(&mut self, i: usize, moves: &[u8]) {
        let alg = self.mapped(i, moves, self.views[i].search.best_is_alt());
        let improves = self.best.as_ref().is_none_or(|b| alg.len() < b.len());
        if !improves || !self.cube.after(&alg).is_solved() {
            return;
        }
        let (len, limit) = (alg.len(), alg.len().saturating_sub(1));
        self.best = Some(alg);
        for v in &mut self.views {
            let extra = v.extra();
            v.search.set_limit(limit.saturating_sub(extra));
        }
        if limit < self.target {
            for v in &mut self.views {
                v.search.set_limit(0);
            }
        } else if limit < self.user_target && self.stop_at.is_none() {
            // (None shorter than no move.)
            let (nodes, percent) = (self.nodes(), if len == 0 { 0 } else { self.percent });
            self.stop_at = Some(nodes.saturating_add(nodes.saturating_mul(percent) / 100));
        }
    }

    /// A solution of view `i`'s cube (`alt`: of its other cube, see
    /// [`Search::with_alt`]) as a solution of the cube as given.
    fn mapped(&self, i: usize, moves: &[u8], alt: bool) -> Alg {
        let view = &self.views[i];
        let mut ms: Vec<u8> = moves.to_vec();
        ms.extend(view.pre.map(|m| if alt { other_quarter(m) } else { m }));
        ms.extend(view.pre2);
        if view.inverse {
            ms.reverse();
            for m in &mut ms {
                *m = other_quarter(*m);
            }
        }
        let mapped: Vec<u8> = merged(&ms)
            .iter()
            .map(|&m| (view.faces[face_of(m as usize)] * 3 + m as usize % 3) as u8)
            .collect();
        debug_assert!(mapped.iter().all(|&m| (m as usize) < N_MOVES));
        to_alg(&mapped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{coord, moves};
    use cubetui_cube::random::{random_state, rng_from_seed};

    #[test]
    fn every_view_solves_the_cube_as_given_pre_moves_and_inverses_too() {
        let t = crate::reference::cache::tables();
        let mut rng = rng_from_seed(23);
        for k in 0..3 {
            let cube = random_state(&mut rng);
            let mut multi = MultiSearch::new(t, &cube, 24, 0).unwrap();
            // Made at the first run.
            assert!(multi.views.is_empty());
            multi.run(0);
            assert_eq!(multi.views.len(), 6 * (1 + PRE_MOVES.len()));
            assert_eq!(multi.views.iter().filter(|v| v.pre.is_some()).count(), 24);
            if k == 0 {
                // The views with two pre-moves too, every group of them.
                for _ in 0..6 * PRE_MOVES.len() {
                    multi.add_pre2();
                }
                assert_eq!(multi.views.len(), 30 + 6 * 4 * 12);
                assert!(multi.views[30..].iter().all(|v| v.extra() == 2));
            }
            for i in 0..multi.views.len() {
                let v = &mut multi.views[i].search;
                while v.best().is_none() && !v.finished() {
                    v.run(100_000);
                }
                let moves = v.best().expect("a solution within 24").to_vec();
                let alg = multi.mapped(i, &moves, multi.views[i].search.best_is_alt());
                assert!(cube.after(&alg).is_solved(), "view {i}");
                assert!(alg.len() <= moves.len() + multi.views[i].extra());
                // A solution of the view's other cube (the pre-move's other
                // quarter turn first) maps to one of the cube too.
                if let Some(pre) = multi.views[i].pre {
                    let seen = multi.views[i].search.start();
                    // The half turn first: m2 m = m'.
                    let other = cubie_turns::multiply(
                        &cubie_turns::face_turn_cubies()[(pre - pre % 3 + 1) as usize],
                        &seen,
                    );
                    let mut s = Search::new(t, other, 24, 0);
                    while s.best().is_none() && !s.finished() {
                        s.run(100_000);
                    }
                    let moves = s.best().expect("a solution within 24").to_vec();
                    let alg = multi.mapped(i, &moves, true);
                    assert!(cube.after(&alg).is_solved(), "view {i}, other quarter turn");
                }
            }
        }
    }

    #[test]
    fn the_views_with_two_pre_moves_come_only_past_their_length() {
        let t = crate::reference::cache::tables();
        // A short scramble is solved long before them.
        let cube = Cube::solved().after(&"R U F' D2 L B'".parse().unwrap());
        let mut multi = MultiSearch::new(t, &cube, 20, 20).unwrap();
        while !multi.run(100_000) {}
        assert_eq!(multi.best().map(Alg::len), Some(6));
        assert_eq!(multi.pre2_groups, 0);
        // A search that must go past them makes them all.
        let cube = random_state(&mut rng_from_seed(5));
        let mut multi = MultiSearch::new(t, &cube, 30, 0).unwrap();
        multi.run(3_000_000);
        assert!(multi.phase1_depth() > PRE2_AFTER);
        assert_eq!(multi.pre2_groups, 6 * PRE_MOVES.len());
        let best = multi.best().expect("a solution").clone();
        assert!(cube.after(&best).is_solved());
    }

    #[test]
    fn a_short_pass_is_made_only_when_its_total_reaches_the_phase1_bound() {
        let t = crate::reference::cache::tables();
        // A random cube (nearly always) is over every short total: after
        // the first pass (total 0, made with the searches) no other is made.
        let mut rng = rng_from_seed(41);
        let over = |m: &MultiSearch<'_>| {
            m.views[..6]
                .iter()
                .all(|v| v.search.phase1_bound() > SHORT_MAX)
        };
        let mut multi = MultiSearch::new(t, &random_state(&mut rng), 21, 21).unwrap();
        multi.make_views();
        while !over(&multi) {
            multi = MultiSearch::new(t, &random_state(&mut rng), 21, 21).unwrap();
            multi.make_views();
        }
        multi.run(1);
        assert!(multi.short.is_none());
        assert_eq!(multi.short_nodes, 0);
        // Three moves from solved: the pass for total 3 finds them.
        let cube = Cube::solved().after(&"R U' F2".parse().unwrap());
        let mut multi = MultiSearch::new(t, &cube, 21, 21).unwrap();
        while !multi.run(1_000) {}
        assert_eq!(multi.best().map(Alg::len), Some(3));
    }

    #[test]
    fn a_search_past_the_target_is_never_longer_and_sometimes_shorter() {
        let t = crate::reference::cache::tables();
        let mut rng = rng_from_seed(43);
        let solve = |cube: &Cube, percent: u64| {
            let mut multi = MultiSearch::past_target(t, cube, 20, 20, percent).unwrap();
            while !multi.run(100_000) {}
            let best = multi.best().expect("a solution within 20").clone();
            assert!(cube.after(&best).is_solved() && best.len() <= 20);
            (best.len(), multi.nodes())
        };
        let mut shorter = 0;
        for _ in 0..24 {
            let cube = random_state(&mut rng);
            let ((first, nodes), (past, more)) = (solve(&cube, 0), solve(&cube, 100));
            assert!(past <= first, "{past} after the target, {first} at it");
            // The same search up to the first solution, then as many more
            // (give or take the slice and the phase-2 search under way).
            assert!(more > nodes && more <= nodes * 21 / 10 + 20_000);
            shorter += usize::from(past < first);
        }
        assert!(shorter > 0, "no cube got shorter");
    }

    #[test]
    fn a_pre_moves_other_quarter_turn_keeps_the_phase1_coordinates() {
        let mut rng = rng_from_seed(29);
        for _ in 0..20 {
            let c = cubies(&random_state(&mut rng)).unwrap();
            for m in PRE_MOVES {
                let turn =
                    |m: u8| cubie_turns::multiply(&cubie_turns::face_turn_cubies()[m as usize], &c);
                let (a, b) = (turn(m), turn(other_quarter(m)));
                assert_ne!(a, b);
                assert_eq!(coord::twist(&a), coord::twist(&b));
                assert_eq!(coord::flip(&a), coord::flip(&b));
                assert_eq!(coord::slice(&a) / 24, coord::slice(&b) / 24);
            }
        }
    }

    #[test]
    fn a_search_finishes_the_other_start_when_only_it_is_short_enough() {
        // g, in G1, is solved by its 4-move inverse; R2 g (R2 first) needs
        // more. Searching R2 g within 4 moves with g as the other start
        // finds g's solution and says so.
        let t = crate::reference::cache::tables();
        let g = Cube::solved().after(&"U R2 D' F2".parse().unwrap());
        let g = cubies(&g).unwrap();
        let r2 = cubie_turns::multiply(&cubie_turns::face_turn_cubies()[4], &g);
        let mut plain = Search::new(t, r2, 4, 4);
        plain.run(1_000_000);
        assert!(plain.best().is_none(), "R2 g has no 4-move solution");
        let mut s = Search::new(t, r2, 4, 4).with_alt(g);
        s.run(1_000_000);
        let moves = s.best().expect("g's solution").to_vec();
        assert!(s.best_is_alt());
        assert_eq!(moves.len(), 4);
        assert!(g.to_cube().after(&to_alg(&moves)).is_solved());
    }

    #[test]
    fn meeting_turns_of_one_face_merge() {
        // R2 R → R'; R L2 R' → L2; U R R' U → U2; R R' → nothing.
        assert_eq!(merged(&[4, 3]), vec![5]);
        assert_eq!(merged(&[3, 13, 5]), vec![13]);
        assert_eq!(merged(&[0, 3, 5, 0]), vec![1]);
        assert_eq!(merged(&[3, 5]), Vec::<u8>::new());
        assert_eq!(merged(&[0, 9, 3]), vec![0, 9, 3]);
        let mut rng = rng_from_seed(3);
        for _ in 0..200 {
            let moves: Vec<u8> = (0..12)
                .map(|_| rand::RngExt::random_range(&mut rng, 0..18u8))
                .collect();
            let m = merged(&moves);
            let before = Cube::solved().after(&to_alg(&moves));
            assert_eq!(Cube::solved().after(&to_alg(&m)), before, "{moves:?}");
            assert!(
                m.windows(2)
                    .all(|w| face_of(w[0] as usize) != face_of(w[1] as usize))
            );
        }
    }

    #[test]
    fn a_turn_in_a_view_is_the_mapped_turn_of_the_cube() {
        let mut rng = rng_from_seed(17);
        for _ in 0..20 {
            let cube = random_state(&mut rng);
            for rotation in [None, Some(Rotation::X), Some(Rotation::Z)] {
                let (seen, faces) = view_of(&cube, rotation).unwrap();
                let mut used = faces;
                used.sort_unstable();
                assert_eq!(used, [0, 1, 2, 3, 4, 5], "{rotation:?}: a face map");
                for m in 0..N_MOVES {
                    let mapped = faces[face_of(m)] * 3 + m % 3;
                    let turned = cube.permuted(moves::to_move(mapped).perm());
                    let (seen_turned, _) = view_of(&turned, rotation).unwrap();
                    let expected = seen.permuted(moves::to_move(m).perm());
                    assert_eq!(seen_turned, expected, "{rotation:?}, move {m}");
                }
            }
        }
    }
}
