//! The shortest 3-cycles of each piece orbit (wings, x-centres, t-centres,
//! obliques; cubes from the 4×4), found at start by a meet-in-the-middle
//! search, as the Santa 2023 winners built theirs
//! (wata-orz/santa2023_permutation_puzzle).
//!
//! **The model.** Only the layers an orbit's pieces sit in matter to its
//! 3-cycles: the outer ones and its own inner ones (a wing `i` from the
//! corner and the x-centres `(i, i)`: layers 1, i, N + 1 − i, N). The
//! others are never turned, and every run of them between two such layers
//! moves alike, so it is one layer of a smaller *model* cube (the 4×4 to
//! the 11×11, whatever the size): a word of the model's layers read on the
//! real cube (its layers mapped back) moves the real stickers as the model
//! moves theirs. A search on the model serves every size and orbit with
//! the same pattern (it is cached for the run), and its words are checked
//! on the real cube as they are mapped.
//!
//! **The search.** Every word of up to [`HALF`] turns of the model's turned
//! layers (merged: a run about one axis in increasing layer order) is
//! keyed by a hash of the permutation it makes, summed over the stickers,
//! and by the same hash without the target orbit's stickers (plus the net
//! quarter turns of each face, which the model's middle centre hides).
//! Two words `a`, `b` with the same key off the target make `a b⁻¹`, a
//! word that moves target stickers only; those that 3-cycle three pieces
//! are kept, [`KEEP`] shortest (merged) per permutation. Every word of up
//! to 2 × [`HALF`] turns splits so, so no shorter 3-cycle of these layers
//! is missed. Bounds: [`MAX_WORDS`] half words and [`MAX_PAIRS`] pairs a
//! search (about 60 MB while it runs; the result keeps a few thousand
//! words); past them the search stops and says so.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::api::Halt;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::{OrbitKind, orbits};

use super::seq::{Mv, Turns};

mod search;
use search::search;

/// Turns of a half word at most: the 3-cycles found have up to twice as
/// many.
pub const HALF: usize = 4;

/// Half words one search keeps at most.
pub const MAX_WORDS: usize = 2_000_000;

/// Pairs of half words one search joins at most.
pub const MAX_PAIRS: usize = 40_000_000;

/// Model searches one size runs at most (each a few seconds on a core):
/// orbits whose model is not among the first ones searched get no words.
pub const MAX_SEARCHES: usize = 6;

/// Words one size is offered at most (each a few dozen bytes in the
/// table); past it the rest are dropped and the table says so.
pub const MAX_OFFERS: usize = 200_000;

/// Whether the search is on by default on a cube of `n` layers
/// (`sa-short`'s `cycles` −1): 1 where its words shortened the median
/// length over several cubes, 0 where they did not (docs/performance.md).
pub fn by_size(n: usize) -> i64 {
    match n {
        // 4×4 to 7×7: shorter at the median on the cubes measured, in
        // less CPU time (docs/performance.md).
        4..=7 => 1,
        // 10×10: with 4 000 draws a 3-cycle insertion (`build_candidates`)
        // the best of four seeds 586 turns against 616 without them, 796
        // with neither (docs/performance.md); the 8×8 and 9×9 not
        // measured.
        10 => 1,
        // The 11×11 to 20×20: the 20×20's seed 2 % shorter with them for
        // 4 s of CPU time more (measured on the 20×20, the others of the
        // range by the same rule); on the 32×32 (and so past the 20×20)
        // no shorter and dearer (docs/performance.md).
        11..=20 => 1,
        _ => 0,
    }
}

/// Words kept per permutation (the shortest).
pub const KEEP: usize = 3;

/// Nodes between two looks at the caller's limit.
const HALT_EVERY: usize = 1 << 14;

/// One search's words per target orbit of its model.
#[derive(Debug, Default)]
struct Found {
    /// Model orbit → its 3-cycles' words, in model layers.
    words: HashMap<usize, Vec<Vec<Mv>>>,
    capped: bool,
}

/// (model size, turned model layers as a bit set) → what its searches
/// found.
type Cache = Mutex<HashMap<(usize, u64), Found>>;

static CACHE: std::sync::OnceLock<Cache> = std::sync::OnceLock::new();

/// What the search gives one size: (target pairs, word) offers.
#[derive(Debug, Default)]
pub struct Shortest {
    /// (the sticker pairs, sorted by position, the word) of each 3-cycle.
    pub offers: Vec<(Vec<[u16; 2]>, Vec<Mv>)>,
    /// Model searches run for this size (others came from the cache).
    pub searches: usize,
    /// Whether a bound cut a search.
    pub capped: bool,
}

/// The compression of one real orbit onto its model.
#[derive(Debug, PartialEq, Eq)]
struct Model {
    m: usize,
    /// Real coordinate (0-based) → model coordinate.
    coord: Vec<usize>,
    /// Real layers turned, and each one's model layer.
    turned: Vec<(u8, u8)>,
}

impl Model {
    /// The model of an orbit whose stickers the real layers `used` (about
    /// one axis, 1-based, symmetric) move.
    fn of(n: usize, used: &[bool]) -> Model {
        let mut coord = Vec::with_capacity(n);
        let mut m = 0;
        for a in 0..n {
            let gap = !used[a + 1];
            if a == 0 || !gap || used[a] {
                m += 1;
            }
            coord.push(m - 1);
        }
        let inner: Vec<u8> = (2..n as u8).filter(|&l| used[l as usize]).collect();
        let turned: Vec<u8> = if inner.len() <= 2 {
            std::iter::once(1)
                .chain(inner)
                .chain(std::iter::once(n as u8))
                .collect()
        } else {
            // Obliques and t-centres: the outer layers and the inner ones
            // of the near half (36 turns, as the others).
            std::iter::once(1)
                .chain(inner.into_iter().filter(|&l| usize::from(l) * 2 <= n + 1))
                .chain(std::iter::once(n as u8))
                .collect()
        };
        let turned = turned
            .into_iter()
            .map(|l| (l, coord[l as usize - 1] as u8 + 1))
            .collect();
        Model { m, coord, turned }
    }

    fn mask(&self) -> u64 {
        self.turned.iter().fold(0, |b, &(_, l)| b | 1 << l)
    }
}

/// The real layers (about axis 0) that move any of `stickers`.
fn used_layers(turns: &Turns, stickers: &[u16]) -> Vec<bool> {
    let n = turns.size.get();
    let mut used = vec![false; n + 1];
    for (layer, u) in used.iter_mut().enumerate().skip(1) {
        let g = turns.gather(Mv {
            axis: 0,
            layer: layer as u8,
            turns: 1,
        });
        *u = stickers.iter().any(|&s| g[s as usize] != s);
    }
    used
}

/// The (position, source) pairs `word` makes on `positions` (those it
/// moves, sorted by position).
fn pairs_on(turns: &Turns, word: &[Mv], positions: &[u16]) -> Vec<[u16; 2]> {
    let gathers: Vec<&[u16]> = word.iter().map(|&m| turns.gather(m)).collect();
    let mut out: Vec<[u16; 2]> = positions
        .iter()
        .filter_map(|&d| {
            let s = gathers.iter().rev().fold(d, |s, g| g[s as usize]);
            (s != d).then_some([d, s])
        })
        .collect();
    out.sort_unstable();
    out
}

/// Whether `pairs` move exactly three whole pieces of orbit `o`.
fn three_pieces(size: Size, o: usize, pairs: &[[u16; 2]]) -> bool {
    let orb = orbits(size);
    let mut pieces: Vec<usize> = Vec::with_capacity(6);
    for &[d, _] in pairs {
        if orb.orbit_of(d as usize) != o {
            return false;
        }
        let p = orb.piece_of(d as usize);
        if !pieces.contains(&p) {
            pieces.push(p);
        }
    }
    let per = orb.all()[o].pieces[0].len();
    pieces.len() == 3 && pairs.len() == 3 * per
}

/// The shortest 3-cycles of every wing and centre orbit of `size` (from
/// the 4×4), or `None` when `halt` says stop.
pub fn shortest(size: Size, halt: Halt<'_>) -> Option<Shortest> {
    let n = size.get();
    let mut out = Shortest::default();
    if n < 4 {
        return Some(out);
    }
    let turns = Turns::new(size);
    let orb = orbits(size);
    let cache = CACHE.get_or_init(Default::default);
    // Each orbit's model and target there.
    let mut todo: Vec<(usize, Vec<u16>, Model, Size, usize)> = Vec::new();
    for (o, orbit) in orb.all().iter().enumerate() {
        if !matches!(
            orbit.kind,
            OrbitKind::Wings { .. } | OrbitKind::Centres { .. }
        ) {
            continue;
        }
        let positions: Vec<u16> = orbit.pieces.iter().flatten().copied().collect();
        let model = Model::of(n, &used_layers(&turns, &positions));
        let first = positions[0] as usize;
        let (face, row, col) = (first / (n * n), first / n % n, first % n);
        let msize = Size::new(model.m).ok()?;
        let mfirst = face * model.m * model.m + model.coord[row] * model.m + model.coord[col];
        let target = orbits(msize).orbit_of(mfirst);
        todo.push((o, positions, model, msize, target));
    }
    // The first [`MAX_SEARCHES`] models (in orbit order, so the same
    // whatever the cache holds); the orbits of others get no words.
    let mut models: Vec<(usize, u64)> = Vec::new();
    for (_, _, model, _, _) in &todo {
        let key = (model.m, model.mask());
        if !models.contains(&key) {
            if models.len() == MAX_SEARCHES {
                out.capped = true;
                continue;
            }
            models.push(key);
        }
    }
    todo.retain(|(_, _, model, _, _)| models.contains(&(model.m, model.mask())));
    // One search per model not in the cache yet, for all its targets.
    let mut missing: Vec<(usize, Vec<usize>)> = Vec::new();
    {
        let c = cache.lock().ok()?;
        for (k, (_, _, model, _, target)) in todo.iter().enumerate() {
            let key = (model.m, model.mask());
            if c.get(&key).is_some_and(|f| f.words.contains_key(target)) {
                continue;
            }
            match missing.iter_mut().find(|(j, _)| {
                let m = &todo[*j].2;
                (m.m, m.mask()) == key
            }) {
                Some((_, ts)) if !ts.contains(target) => ts.push(*target),
                Some(_) => {}
                None => missing.push((k, vec![*target])),
            }
        }
    }
    for (k, targets) in missing {
        let (_, _, model, msize, _) = &todo[k];
        let found = search(*msize, model, &targets, HALF, halt)?;
        out.searches += 1;
        let mut c = cache.lock().ok()?;
        let entry = c.entry((model.m, model.mask())).or_default();
        entry.capped |= found.capped;
        entry.words.extend(found.words);
    }
    let c = cache.lock().ok()?;
    for (o, positions, model, _, target) in &todo {
        if halt() {
            return None;
        }
        let found = c.get(&(model.m, model.mask()))?;
        out.capped |= found.capped;
        let real: HashMap<u8, u8> = model.turned.iter().map(|&(r, l)| (l, r)).collect();
        for w in found.words.get(target).into_iter().flatten() {
            if out.offers.len() == MAX_OFFERS {
                out.capped = true;
                return Some(out);
            }
            let word: Vec<Mv> = w
                .iter()
                .filter_map(|m| real.get(&m.layer).map(|&layer| Mv { layer, ..*m }))
                .collect();
            if word.len() != w.len() {
                continue;
            }
            let pairs = pairs_on(&turns, &word, positions);
            if three_pieces(size, *o, &pairs) {
                out.offers.push((pairs, word));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::never;
    use std::collections::BTreeMap;

    /// Every word given for the 4×4 and 5×5 is a 3-cycle of three pieces
    /// of one wing or centre orbit and moves no other sticker (replayed on
    /// every sticker of the cube), with the pairs it was offered for.
    #[test]
    fn every_word_three_cycles_its_orbit_and_fixes_the_rest() {
        for n in [4, 5] {
            let size = Size::new(n).unwrap();
            let s = shortest(size, &never).unwrap();
            assert!(!s.capped, "{n}");
            assert!(s.offers.len() > 1000, "{n}: {}", s.offers.len());
            let turns = Turns::new(size);
            let all: Vec<u16> = (0..size.stickers() as u16).collect();
            let orb = orbits(size);
            for (pairs, w) in s.offers.iter().step_by(7) {
                assert!(w.len() <= 2 * HALF, "{n}: {w:?}");
                let p = pairs_on(&turns, w, &all);
                assert_eq!(&p, pairs, "{n}: {w:?}");
                let o = orb.orbit_of(p[0][0] as usize);
                assert!(
                    matches!(
                        orb.all()[o].kind,
                        OrbitKind::Wings { .. } | OrbitKind::Centres { .. }
                    ),
                    "{n}"
                );
                assert!(three_pieces(size, o, &p), "{n}: {w:?}");
            }
        }
    }

    /// The 3-cycles of the 4×4's turns of layers 1 and 2 (18 turns), each
    /// with its shortest length, of up to six turns: the search (half
    /// words of three) finds exactly those a brute force over every merged
    /// word of up to six turns finds.
    #[test]
    fn the_search_finds_what_a_brute_force_finds_up_to_six_turns() {
        let size = Size::new(4).unwrap();
        let model = Model {
            m: 4,
            coord: vec![0, 1, 2, 3],
            turned: vec![(1, 1), (2, 2)],
        };
        let orb = orbits(size);
        let targets: Vec<usize> = (0..orb.all().len())
            .filter(|&o| !matches!(orb.all()[o].kind, OrbitKind::Corners))
            .collect();
        let found = search(size, &model, &targets, 3, &never).unwrap();
        let turns = Turns::new(size);
        let all: Vec<u16> = (0..size.stickers() as u16).collect();
        let mut by_search: BTreeMap<Vec<[u16; 2]>, usize> = BTreeMap::new();
        for w in found.words.values().flatten() {
            let p = pairs_on(&turns, w, &all);
            let l = by_search.entry(p).or_insert(usize::MAX);
            *l = (*l).min(w.len());
        }
        // Brute force: every merged word of up to six turns.
        let gens: Vec<Mv> = (0..3u8)
            .flat_map(|axis| {
                [1u8, 2].into_iter().flat_map(move |layer| {
                    (1..=3u8).map(move |t| Mv {
                        axis,
                        layer,
                        turns: t,
                    })
                })
            })
            .collect();
        let mut brute: BTreeMap<Vec<[u16; 2]>, usize> = BTreeMap::new();
        let mut stack: Vec<Vec<Mv>> = vec![Vec::new()];
        let mut words = 0usize;
        while let Some(w) = stack.pop() {
            words += 1;
            if !w.is_empty() {
                let p = pairs_on(&turns, &w, &all);
                let o = p.first().map(|&[d, _]| orb.orbit_of(d as usize));
                if let Some(o) = o
                    && targets.contains(&o)
                    && three_pieces(size, o, &p)
                {
                    let l = brute.entry(p).or_insert(usize::MAX);
                    *l = (*l).min(w.len());
                }
            }
            if w.len() == 6 {
                continue;
            }
            for &g in &gens {
                if let Some(&last) = w.last()
                    && last.axis == g.axis
                    && last.layer >= g.layer
                {
                    continue;
                }
                let mut x = w.clone();
                x.push(g);
                stack.push(x);
            }
        }
        assert!(words > 1_000_000, "{words}");
        by_search.retain(|_, l| *l <= 6);
        assert_eq!(by_search, brute);
    }

    /// A limit stops the search.
    #[test]
    fn a_halt_stops_the_search() {
        let size = Size::new(4).unwrap();
        let model = Model::of(4, &[false, true, true, true, true]);
        assert!(search(size, &model, &[1], HALF, &|| true).is_none());
    }

    /// On the 32×32 the bounds hold: at most [`MAX_SEARCHES`] models
    /// searched and [`MAX_OFFERS`] words, said as capped; a limit stops
    /// it (at its first look past the models' searches, or inside one).
    #[test]
    fn the_bounds_hold_on_the_32x32() {
        let size = Size::new(32).unwrap();
        let calls = std::cell::Cell::new(0u32);
        let late = || {
            calls.set(calls.get() + 1);
            calls.get() > 2
        };
        assert!(shortest(size, &late).is_none());
        let s = shortest(size, &never).unwrap();
        assert!(s.capped);
        assert!(s.searches <= MAX_SEARCHES, "{}", s.searches);
        assert!(!s.offers.is_empty() && s.offers.len() <= MAX_OFFERS);
        let turns = Turns::new(size);
        let orb = orbits(size);
        let all: Vec<u16> = (0..size.stickers() as u16).collect();
        for (pairs, w) in s.offers.iter().step_by(997) {
            let o = orb.orbit_of(pairs[0][0] as usize);
            assert_eq!(&pairs_on(&turns, w, &all), pairs, "nothing else moves");
            assert!(three_pieces(size, o, pairs));
        }
    }

    /// `cycles` −1 takes the size's default; a run file recorded before
    /// the key existed reads it as 0 (off), so it replays as it ran.
    #[test]
    fn by_size_by_default_and_off_for_runs_recorded_before() {
        use super::super::{ShortParams, params};
        for n in 2..=32 {
            let p = ShortParams::default().on_size(Size::new(n).unwrap());
            assert_eq!(p.cycles, by_size(n), "{n}");
        }
        assert_eq!(by_size(3), 0, "no wings or centres to cycle");
        let mut old = toml::Table::new();
        assert!(crate::renamed::fill_before(&params(), &mut old));
        assert_eq!(old.get("cycles"), Some(&toml::Value::Integer(0)));
    }
}
