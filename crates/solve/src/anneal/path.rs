//! Turning the recorded operators into the reported solution, cutting loops.
//!
//! The annealer's path may come back to a state it has visited before, or to
//! a whole-cube rotation of one (energy is the same for all 24 orientations).
//! Every such loop is replaced by the rotation that links its two ends, which
//! costs no face turns. Two states a few operators apart may also be linked
//! by one short face-turn sequence or one `pll`/`pll-conj` operator; the
//! cheapest route (in HTM) through the visited states is reported. The path
//! still ends in exactly the same state, and the search is not affected.

use std::sync::{Mutex, OnceLock};

// FxHash: fast for the 54-byte keys used here (states and permutations),
// which are not attacker-controlled. No map here is iterated, so the hash
// never shows in the output.
use rustc_hash::FxHashMap as HashMap;

use crate::neighbourhood::{Formulas, Generator};
use cubetui_cube::state::CENTRES;
use cubetui_cube::{Alg, Cube, Move, MoveKind, Perm, Rotation};

/// The 24 whole-cube rotations as (permutation, shortest rotation moves).
fn rotations() -> Vec<(Perm, Alg)> {
    let gens: Vec<Move> = [Rotation::X, Rotation::Y, Rotation::Z]
        .iter()
        .flat_map(|&r| (1..=3).map(move |t| Move::new(MoveKind::Rotation(r), t).expect("1..3")))
        .collect();
    let mut out = vec![(Perm::IDENTITY, Alg::default())];
    let mut i = 0;
    while i < out.len() {
        let (p, a) = out[i].clone();
        for &g in &gens {
            let q = p.then(g.perm());
            if !out.iter().any(|(r, _)| *r == q) {
                let mut b = a.clone();
                b.push(g);
                out.push((q, b));
            }
        }
        i += 1;
    }
    out
}

/// For each (U centre colour, F centre colour), the index into `rots` of the
/// rotation that puts the centres back in their solved places.
fn centre_index(rots: &[(Perm, Alg)]) -> [[usize; 6]; 6] {
    let mut idx = [[0; 6]; 6];
    for (k, (p, _)) in rots.iter().enumerate() {
        let c = Cube::solved().permuted(&p.inverse());
        let s = c.stickers();
        idx[s[CENTRES[0]] as usize][s[CENTRES[2]] as usize] = k;
    }
    idx
}

/// The state turned so its centres are in the solved places, and the
/// rotation (index into `rots`) that does it.
fn canonical(c: &Cube, rots: &[(Perm, Alg)], idx: &[[usize; 6]; 6]) -> (Cube, usize) {
    let s = c.stickers();
    let k = idx[s[CENTRES[0]] as usize % 6][s[CENTRES[2]] as usize % 6];
    (c.permuted(&rots[k].0), k)
}

/// Short replacements: every face-turn sequence of up to `SHORT_DEPTH` moves,
/// keyed by permutation, with its length.
const SHORT_DEPTH: usize = 3;

fn short_table() -> &'static HashMap<Perm, Alg> {
    static CELL: OnceLock<HashMap<Perm, Alg>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut table: HashMap<Perm, Alg> = HashMap::default();
        table.insert(Perm::IDENTITY, Alg::default());
        let mut frontier = vec![(Perm::IDENTITY, Alg::default())];
        for _ in 0..SHORT_DEPTH {
            let mut next = Vec::new();
            for (p, a) in &frontier {
                for m in Move::face_turns() {
                    let q = p.then(m.perm());
                    if let std::collections::hash_map::Entry::Vacant(e) = table.entry(q) {
                        let mut b = a.clone();
                        b.push(m);
                        e.insert(b.clone());
                        next.push((q, b));
                    }
                }
            }
            frontier = next;
        }
        table
    })
}

/// Operators of `pll` and `pll-conj`, each followed by the rotation that puts
/// the centres back, keyed by permutation; built once per catalogue a
/// process uses (a function of the catalogue, kept for the process's life).
fn operator_table(formulas: &Formulas) -> &'static HashMap<Perm, Alg> {
    type Built = Vec<(String, &'static HashMap<Perm, Alg>)>;
    static BUILT: Mutex<Built> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, m)) = built.iter().find(|(k, _)| k == formulas.key()) {
        return m;
    }
    let m: &'static HashMap<Perm, Alg> = Box::leak(Box::new({
        let rots = rotations();
        let mut m: HashMap<Perm, Alg> = HashMap::default();
        for name in ["pll", "pll-conj"] {
            if let Ok(Generator::Table(t)) = Generator::get(name, formulas) {
                for (p, a) in t.perms().iter().zip(t.algs()) {
                    // The operator followed by the rotation that restores the
                    // centres: a centre-fixing link between canonical states.
                    let Some((w, walg)) = rots
                        .iter()
                        .find(|(w, _)| CENTRES.iter().all(|&c| w.table()[c] == p.table()[c]))
                    else {
                        continue;
                    };
                    let q = p.then(&w.inverse());
                    let alg: Alg = a
                        .moves()
                        .iter()
                        .chain(walg.inverse().moves())
                        .copied()
                        .collect();
                    let e = m.entry(q).or_insert_with(|| alg.clone());
                    if alg.htm() < e.htm() {
                        *e = alg;
                    }
                }
            }
        }
        m
    }));
    built.push((formulas.key().to_string(), m));
    m
}

/// How many operators ahead a direct link is looked for.
const SPAN: usize = 16;
/// Longer paths (random walks at high temperature) are reported as they are.
const LINK_LIMIT: usize = 5_000;

/// Expands `ops` (each an algorithm and its permutation) applied from
/// `start` into one move sequence. With `cut_loops`, the shortest route through
/// the visited states is taken, where a state seen again (up to rotation) is
/// joined to its last visit by a rotation, and two states up to `SPAN`
/// operators apart may be joined by a face-turn sequence of at most three
/// moves or by a single `pll`/`pll-conj` operator (and a rotation). Paths of more than
/// `LINK_LIMIT` operators are expanded as they are.
/// The `pll`/`pll-conj` operators are those of `formulas`.
pub fn expand(start: &Cube, ops: &[(Alg, Perm)], cut_loops: bool, formulas: &Formulas) -> Alg {
    if !cut_loops || ops.len() > LINK_LIMIT {
        return ops.iter().flat_map(|(a, _)| a.moves().to_vec()).collect();
    }
    let rots = rotations();
    let idx = centre_index(&rots);
    let short = short_table();
    let extra = operator_table(formulas);
    let n = ops.len();
    // Canonical form and rotation index of every state on the path.
    let mut w = Vec::with_capacity(n + 1);
    let mut canon = Vec::with_capacity(n + 1);
    let mut s = *start;
    let (c, k) = canonical(&s, &rots, &idx);
    canon.push(c);
    w.push(k);
    for (_, p) in ops {
        s = s.permuted(p);
        let (c, k) = canonical(&s, &rots, &idx);
        canon.push(c);
        w.push(k);
    }
    let mut last: HashMap<Cube, usize> = HashMap::default();
    for (i, c) in canon.iter().enumerate() {
        last.insert(*c, i);
    }
    // best[j] = (cost, from, replacement) of the cheapest route to state j.
    let inf = usize::MAX;
    let mut best: Vec<(usize, usize, Option<Alg>)> = vec![(inf, 0, None); n + 1];
    best[0] = (0, 0, None);
    for i in 0..n {
        if best[i].0 == inf {
            continue;
        }
        let base = best[i].0;
        let again = last[&canon[i]];
        if again > i && base < best[again].0 {
            best[again] = (base, i, Some(Alg::default()));
        }
        // The operator itself.
        let plain = base + ops[i].0.htm();
        if plain < best[i + 1].0 {
            best[i + 1] = (plain, i, None);
        }
        // link = W_i⁻¹ · P_{i+1} ⋯ P_j · W_j maps canonical state i to canonical state j.
        let wi_inv = rots[w[i]].0.inverse();
        let mut run = Perm::IDENTITY;
        for j in i + 1..=n.min(i + SPAN) {
            run = run.then(&ops[j - 1].1);
            let link = wi_inv.then(&run).then(&rots[w[j]].0);
            if let Some(alg) = short.get(&link).or_else(|| extra.get(&link)) {
                let c = base + alg.htm();
                if c < best[j].0 {
                    best[j] = (c, i, Some(alg.clone()));
                }
            }
        }
    }
    // Walk back from the end.
    let mut segments = Vec::new();
    let mut j = n;
    while j > 0 {
        let (_, i, r) = &best[j];
        segments.push((*i, j, r.clone()));
        j = *i;
    }
    segments.reverse();
    let mut out = Vec::new();
    for (i, j, r) in segments {
        match r {
            None => out.extend_from_slice(ops[i].0.moves()),
            Some(alg) => {
                // state_j = state_i · W_i · link · W_j⁻¹.
                out.extend_from_slice(rots[w[i]].1.moves());
                out.extend_from_slice(alg.moves());
                out.extend_from_slice(rots[w[j]].1.inverse().moves());
            }
        }
    }
    Alg::new(out)
}
