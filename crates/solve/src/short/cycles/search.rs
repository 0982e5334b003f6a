//! The meet-in-the-middle search on one model cube (see the parent
//! module): the half words, keyed by the permutation they make, and the
//! pairs of them that 3-cycle a target orbit.

use std::collections::BTreeMap;

use crate::api::Halt;
use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::orbits;

use super::super::seq::{Mv, Turns, push};
use super::{Found, HALF, HALT_EVERY, KEEP, MAX_PAIRS, MAX_WORDS, Model, pairs_on, three_pieces};

/// A hash term of sticker `d` holding `s` (summed over the stickers).
#[inline]
fn term(d: u16, s: u16) -> u64 {
    let mut x = (u64::from(d) << 32 | u64::from(s)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The meet-in-the-middle search on the model `msize` for 3-cycles of its
/// orbit `target`; `None` when `halt` says stop.
pub(super) fn search(
    msize: Size,
    model: &Model,
    targets: &[usize],
    half: usize,
    halt: Halt<'_>,
) -> Option<Found> {
    let half = half.min(HALF);
    let turns = Turns::new(msize);
    let stickers = msize.stickers();
    let gens: Vec<Mv> = (0..3u8)
        .flat_map(|axis| {
            model.turned.iter().flat_map(move |&(_, layer)| {
                (1..=3u8).map(move |t| Mv {
                    axis,
                    layer,
                    turns: t,
                })
            })
        })
        .collect();
    let orb = orbits(msize);
    let tpos: Vec<Vec<u16>> = targets
        .iter()
        .map(|&t| {
            (0..stickers as u16)
                .filter(|&d| orb.orbit_of(d as usize) == t)
                .collect()
        })
        .collect();
    let m = msize.get() as u8;
    // (full key, word length, word), and each target's key off it.
    let mut words: Vec<(u64, u8, [u8; HALF])> = Vec::new();
    let mut offs: Vec<Vec<u64>> = vec![Vec::new(); targets.len()];
    let mut found = Found::default();
    let mut perms: Vec<Vec<u16>> = vec![(0..stickers as u16).collect(); HALF + 1];
    let mut word = [0u8; HALF];
    let mut rot = [[0u8; 2]; 3];
    let id_hash: u64 = (0..stickers as u16).fold(0u64, |h, d| h.wrapping_add(term(d, d)));
    let rot_hash = |rot: &[[u8; 2]; 3]| {
        rot.iter().flatten().enumerate().fold(0u64, |h, (k, &r)| {
            h.wrapping_add(term(60_000 + k as u16, u16::from(r)))
        })
    };
    // Depth-first over merged words; `next[depth]` is the next generator to
    // try at that depth.
    let mut next = [0usize; HALF + 1];
    let mut hash = [0u64; HALF + 1];
    hash[0] = id_hash;
    // Each sticker's target (index in `targets`), and each target's part
    // of the hash at each depth.
    let mut tgt = vec![usize::MAX; stickers];
    for (t, ps) in tpos.iter().enumerate() {
        for &d in ps {
            tgt[d as usize] = t;
        }
    }
    let mut tsum = vec![vec![0u64; targets.len()]; HALF + 1];
    for (t, ps) in tpos.iter().enumerate() {
        tsum[0][t] = ps.iter().fold(0u64, |x, &d| x.wrapping_add(term(d, d)));
    }
    let mut depth = 0usize;
    let mut nodes = 0usize;
    let root = id_hash.wrapping_add(rot_hash(&rot));
    words.push((root, 0, word));
    for (t, ps) in tpos.iter().enumerate() {
        offs[t].push(ps.iter().fold(root, |x, &d| x.wrapping_sub(term(d, d))));
    }
    loop {
        if next[depth] >= gens.len() || depth == half {
            if depth == 0 {
                break;
            }
            depth -= 1;
            let g = gens[word[depth] as usize];
            let side = usize::from(g.layer == m);
            if g.layer == 1 || g.layer == m {
                let r = &mut rot[g.axis as usize][side];
                *r = (*r + 4 - g.turns) % 4;
            }
            continue;
        }
        let k = next[depth];
        next[depth] += 1;
        let g = gens[k];
        if depth > 0 {
            let last = gens[word[depth - 1] as usize];
            if last.axis == g.axis && last.layer >= g.layer {
                continue;
            }
        }
        nodes += 1;
        if nodes.is_multiple_of(HALT_EVERY) && halt() {
            return None;
        }
        if words.len() >= MAX_WORDS {
            found.capped = true;
            continue;
        }
        let gather = turns.gather(g);
        let (lo, hi) = perms.split_at_mut(depth + 1);
        let (src, dst) = (&lo[depth], &mut hi[0]);
        let mut h = hash[depth];
        dst.copy_from_slice(src);
        let (tlo, thi) = tsum.split_at_mut(depth + 1);
        let ts = &mut thi[0];
        ts.copy_from_slice(&tlo[depth]);
        for &[d, _] in turns.pairs(g) {
            let nv = src[gather[d as usize] as usize];
            let delta = term(d, nv).wrapping_sub(term(d, src[d as usize]));
            h = h.wrapping_add(delta);
            if let Some(x) = ts.get_mut(tgt[d as usize]) {
                *x = x.wrapping_add(delta);
            }
            dst[d as usize] = nv;
        }
        word[depth] = k as u8;
        if g.layer == 1 || g.layer == m {
            let r = &mut rot[g.axis as usize][usize::from(g.layer == m)];
            *r = (*r + g.turns) % 4;
        }
        depth += 1;
        hash[depth] = h;
        next[depth] = 0;
        let full = h.wrapping_add(rot_hash(&rot));
        for (t, off) in offs.iter_mut().enumerate() {
            off.push(full.wrapping_sub(tsum[depth][t]));
        }
        words.push((full, depth as u8, word));
    }
    drop(perms);
    for (t, &target) in targets.iter().enumerate() {
        let mut keyed: Vec<(u64, u64, u8, [u8; HALF])> = words
            .iter()
            .zip(&offs[t])
            .map(|(&(full, l, w), &off)| (off, full, l, w))
            .collect();
        offs[t] = Vec::new();
        keyed.sort_unstable();
        let w = join(
            &turns,
            &gens,
            &keyed,
            target,
            &tpos[t],
            halt,
            &mut found.capped,
        )?;
        found.words.insert(target, w);
    }
    Some(found)
}

/// The 3-cycles of model orbit `target` (stickers `tpos`) that two half
/// words of one key off it make, [`KEEP`] shortest words per permutation;
/// `words` sorted by (key off the target, full key, length).
fn join(
    turns: &Turns,
    gens: &[Mv],
    words: &[(u64, u64, u8, [u8; HALF])],
    target: usize,
    tpos: &[u16],
    halt: Halt<'_>,
    capped: &mut bool,
) -> Option<Vec<Vec<Mv>>> {
    let msize = turns.size;
    let stickers = msize.stickers();
    let orb = orbits(msize);
    let in_target: Vec<bool> = (0..stickers).map(|d| orb.orbit_of(d) == target).collect();
    // Join the words of one key off the target whose full keys differ:
    // `a b⁻¹` moves target stickers only; its action there is read off
    // the two words' actions on the target first (cheap), and only a
    // 3-cycle is merged and checked on every sticker.
    let mut best: BTreeMap<Vec<[u16; 2]>, Vec<Vec<Mv>>> = BTreeMap::new();
    let mut pairs = 0usize;
    let all_pos: Vec<u16> = (0..stickers as u16).collect();
    let mut tidx = vec![u16::MAX; stickers];
    for (k, &d) in tpos.iter().enumerate() {
        tidx[d as usize] = k as u16;
    }
    let per = orb.all()[target].pieces[0].len();
    let nt = tpos.len();
    // Each head's source on the target (as target indices), and its
    // inverse.
    let mut act: Vec<u16> = Vec::new();
    let mut inv: Vec<u16> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let mut j = i;
        while j < words.len() && words[j].0 == words[i].0 {
            j += 1;
        }
        // Subgroups of one full key: their first (shortest) word.
        let heads: Vec<usize> = (i..j)
            .filter(|&x| x == i || words[x].1 != words[x - 1].1)
            .collect();
        i = j;
        if heads.len() < 2 {
            continue;
        }
        act.clear();
        inv.resize(heads.len() * nt, 0);
        for (h, &x) in heads.iter().enumerate() {
            let (l, w) = (words[x].2 as usize, words[x].3);
            for (k, &d) in tpos.iter().enumerate() {
                let src = w[..l]
                    .iter()
                    .rev()
                    .fold(d, |s, &g| turns.gather(gens[g as usize])[s as usize]);
                let t = tidx[src as usize];
                act.push(t);
                inv[h * nt + t as usize] = k as u16;
            }
        }
        for (ha, &a) in heads.iter().enumerate() {
            let aa = &act[ha * nt..(ha + 1) * nt];
            for (hb, &b) in heads.iter().enumerate() {
                if a == b {
                    continue;
                }
                pairs += 1;
                if pairs > MAX_PAIRS {
                    *capped = true;
                    break;
                }
                if pairs.is_multiple_of(HALT_EVERY) && halt() {
                    return None;
                }
                let bi = &inv[hb * nt..(hb + 1) * nt];
                let mut moved = 0;
                for k in 0..nt {
                    if aa[bi[k] as usize] as usize != k {
                        moved += 1;
                        if moved > 3 * per {
                            break;
                        }
                    }
                }
                if moved != 3 * per {
                    continue;
                }
                let mut w = Vec::with_capacity(2 * HALF);
                let (la, wa) = (words[a].2 as usize, words[a].3);
                let (lb, wb) = (words[b].2 as usize, words[b].3);
                for &x in &wa[..la] {
                    push(&mut w, gens[x as usize]);
                }
                for &x in wb[..lb].iter().rev() {
                    push(&mut w, gens[x as usize].inverse());
                }
                let p = pairs_on(turns, &w, &all_pos);
                if p.iter().any(|&[d, _]| !in_target[d as usize])
                    || !three_pieces(msize, target, &p)
                {
                    continue;
                }
                let list = best.entry(p).or_default();
                if (list.len() < KEEP || list.last().is_some_and(|l| l.len() > w.len()))
                    && !list.contains(&w)
                {
                    let at = list.partition_point(|l| l.len() <= w.len());
                    list.insert(at, w);
                    list.truncate(KEEP);
                }
            }
        }
    }
    Some(best.into_values().flatten().collect())
}
