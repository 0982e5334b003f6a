//! How many 3-cycles a state still needs, per piece orbit: the measure of
//! progress the beam completion ([`super::beam`]) lowers, as the Santa 2023
//! winners measured theirs.
//!
//! In an orbit whose pieces can be told apart (corners, middle edges,
//! wings) the pieces' permutation is split into cycles; a cycle of `L`
//! pieces takes ⌊L/2⌋ 3-cycles (for an even permutation this is the
//! exact minimum), and the cycles whose pieces are turned in all (a
//! corner's turns summed mod 3, a middle edge's mod 2; a piece in place
//! and turned is such a cycle) take a pair twist per two. In a centre orbit the pieces of one colour are alike: position
//! `i` wanting colour `A` and holding `B` is an edge `A → B` of a graph on
//! the six colours, every decomposition of that graph into cycles is a way
//! to put the orbit right, and a cycle of `L` colours takes ⌊L/2⌋ 3-cycles
//! (a swap takes one: a third centre of one of its colours closes it). The
//! decomposition is chosen greedily, shortest cycles first, so the count
//! is an upper bound of the minimum there. The count is 0 exactly when the
//! orbit is solved.

use cubetui_cube::nxn::Size;
use cubetui_cube::nxn::orbits::{OrbitKind, Orbits, orbits};

/// No home piece has this key.
const NONE: u16 = u16::MAX;

/// What an orbit's count is made of.
#[derive(Clone, Debug)]
enum Kind {
    /// Pieces told apart by their colours (sorted unless `ordered`):
    /// `home[key]` is the piece whose home shows them.
    Distinct { home: Vec<u16>, ordered: bool },
    /// Centre pieces: alike within a colour.
    Colours,
    /// The fixed middle centres (no 3-cycle moves them): their misplaced
    /// stickers.
    Fixed,
}

/// The needed-3-cycles count of one size and colour scheme.
#[derive(Clone, Debug)]
pub struct Needed {
    orbits: &'static Orbits,
    want: Vec<u8>,
    kinds: Vec<Kind>,
}

/// A piece's colours as one number (colours are below 8).
fn key(colours: impl Iterator<Item = u8>, ordered: bool) -> usize {
    let mut c = [0u8; 3];
    let mut n = 0;
    for x in colours.take(3) {
        c[n] = x & 7;
        n += 1;
    }
    if !ordered {
        c[..n].sort_unstable();
    }
    c[..n]
        .iter()
        .fold(1usize, |k, &x| (k << 3) | usize::from(x))
}

impl Needed {
    /// For a cube of `size` whose sticker `i` should show `want[i]`.
    pub fn new(size: Size, want: &[u8]) -> Needed {
        let orbits = orbits(size);
        let kinds = orbits
            .all()
            .iter()
            .map(|orbit| match orbit.kind {
                OrbitKind::Fixed => Kind::Fixed,
                k if !k.distinct() => Kind::Colours,
                k => {
                    let ordered = matches!(k, OrbitKind::Wings { .. });
                    let mut home = vec![NONE; 1 << 12];
                    for (p, piece) in orbit.pieces.iter().enumerate() {
                        let k = key(piece.iter().map(|&s| want[s as usize]), ordered);
                        home[k] = p as u16;
                    }
                    Kind::Distinct { home, ordered }
                }
            })
            .collect();
        Needed {
            orbits,
            want: want.to_vec(),
            kinds,
        }
    }

    /// The colour sticker `i` should show.
    pub fn want(&self) -> &[u8] {
        &self.want
    }

    /// The orbit of sticker `s`.
    pub fn orbit_of(&self, s: usize) -> usize {
        self.orbits.orbit_of(s)
    }

    /// The number of orbits.
    pub fn orbit_count(&self) -> usize {
        self.kinds.len()
    }

    /// Whether orbit `o` holds centre pieces (alike within a colour).
    pub fn alike(&self, o: usize) -> bool {
        matches!(self.kinds[o], Kind::Colours)
    }

    /// The 3-cycles (and pair twists) orbit `o` of state `s` still needs.
    pub fn orbit(&self, o: usize, s: &[u8]) -> u32 {
        let pieces = &self.orbits.all()[o].pieces;
        let wrong = |st: u16| s[st as usize] != self.want[st as usize];
        match &self.kinds[o] {
            Kind::Fixed => pieces.iter().flatten().filter(|&&st| wrong(st)).count() as u32,
            Kind::Colours => {
                let mut g = [[0u8; 6]; 6];
                let mut left = 0u32;
                for &st in pieces.iter().flatten() {
                    let (w, h) = (self.want[st as usize], s[st as usize]);
                    if w != h {
                        if w < 6 && h < 6 {
                            g[w as usize][h as usize] += 1;
                        } else {
                            left += 1;
                        }
                    }
                }
                left + decompose(&mut g)
            }
            Kind::Distinct { home, ordered } => {
                let misplaced = || {
                    pieces
                        .iter()
                        .filter(|p| p.iter().any(|&st| wrong(st)))
                        .count()
                };
                let mut perm = [0u16; 24];
                let mut used = 0u32;
                if pieces.len() > perm.len() {
                    return misplaced() as u32;
                }
                for (p, piece) in pieces.iter().enumerate() {
                    let j = home[key(piece.iter().map(|&st| s[st as usize]), *ordered)];
                    // Not one of the orbit's pieces, or one twice: an
                    // impossible state; count its misplaced pieces.
                    if j == NONE || used & (1 << j) != 0 {
                        return misplaced() as u32;
                    }
                    used |= 1 << j;
                    perm[p] = j;
                }
                // A piece's turn: which of its stickers shows its home's
                // first colour (0 when it is not turned).
                let turn = |p: usize| {
                    let first = self.want[pieces[perm[p] as usize][0] as usize];
                    pieces[p]
                        .iter()
                        .position(|&st| s[st as usize] == first)
                        .unwrap_or(0)
                };
                let mut seen = 0u32;
                let (mut need, mut turned) = (0u32, 0u32);
                for (p, piece) in pieces.iter().enumerate() {
                    if seen & (1 << p) != 0 {
                        continue;
                    }
                    let (mut len, mut twist) = (0, 0);
                    let mut i = p;
                    while seen & (1 << i) == 0 {
                        seen |= 1 << i;
                        twist += turn(i);
                        i = perm[i] as usize;
                        len += 1;
                    }
                    turned += u32::from(twist % piece.len() != 0);
                    need += len / 2;
                }
                need + turned.div_ceil(2)
            }
        }
    }

    /// The 3-cycles state `s` still needs, over every orbit.
    pub fn total(&self, s: &[u8]) -> u32 {
        (0..self.kinds.len()).map(|o| self.orbit(o, s)).sum()
    }
}

/// Takes cycles out of colour graph `g` (`g[a][b]` edges `a → b`), shortest
/// first, and returns what they take: ⌊L/2⌋ 3-cycles for a cycle of `L`
/// colours; edges on no cycle (never in a reachable state) count one each.
fn decompose(g: &mut [[u8; 6]; 6]) -> u32 {
    let mut need = 0;
    for len in 2..=6 {
        let mut path = [0usize; 6];
        'again: loop {
            for a in 0..6 {
                path[0] = a;
                if find(g, &mut path, 1, len) {
                    let m = (0..len)
                        .map(|i| g[path[i]][path[(i + 1) % len]])
                        .min()
                        .unwrap_or(0);
                    for i in 0..len {
                        g[path[i]][path[(i + 1) % len]] -= m;
                    }
                    need += u32::from(m) * (len as u32 / 2);
                    continue 'again;
                }
            }
            break;
        }
    }
    need + g.iter().flatten().map(|&e| u32::from(e)).sum::<u32>()
}

/// Extends `path[..at]` (distinct colours, each after the first above
/// `path[0]` so a cycle is found from its least colour) to a cycle of
/// `len` colours in `g`.
fn find(g: &[[u8; 6]; 6], path: &mut [usize; 6], at: usize, len: usize) -> bool {
    let last = path[at - 1];
    if at == len {
        return g[last][path[0]] > 0;
    }
    for next in path[0] + 1..6 {
        if g[last][next] == 0 || path[..at].contains(&next) {
            continue;
        }
        path[at] = next;
        if find(g, path, at + 1, len) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::nxn::{NxnAlg, NxnCube};

    fn solved(size: Size) -> Vec<u8> {
        NxnCube::solved(size).stickers().to_vec()
    }

    /// The state with the pieces of orbit `o` at positions `cycle[i]`
    /// moved to `cycle[i + 1]` (stickers in the orbit's piece order).
    fn cycled(size: Size, o: usize, cycles: &[&[usize]]) -> Vec<u8> {
        let want = solved(size);
        let mut s = want.clone();
        let pieces = &orbits(size).all()[o].pieces;
        for cycle in cycles {
            for (i, &p) in cycle.iter().enumerate() {
                let to = cycle[(i + 1) % cycle.len()];
                for (&from, &dest) in pieces[p].iter().zip(&pieces[to]) {
                    s[dest as usize] = want[from as usize];
                }
            }
        }
        s
    }

    fn orbit_of(size: Size, kind: OrbitKind) -> usize {
        orbits(size)
            .all()
            .iter()
            .position(|o| {
                o.kind == kind
                    || matches!(
                        (o.kind, kind),
                        (OrbitKind::Centres { .. }, OrbitKind::Centres { .. })
                    )
            })
            .unwrap()
    }

    #[test]
    fn hand_cases_on_the_wings() {
        let size = Size::new(4).unwrap();
        let n = Needed::new(size, &solved(size));
        let w = orbit_of(size, OrbitKind::Wings { from_corner: 1 });
        assert_eq!(n.total(&solved(size)), 0);
        assert_eq!(n.total(&cycled(size, w, &[&[0, 5, 9]])), 1, "one 3-cycle");
        assert_eq!(
            n.total(&cycled(size, w, &[&[0, 5], &[9, 12]])),
            2,
            "two disjoint swaps of told-apart pieces: no single 3-cycle is two swaps"
        );
        assert_eq!(
            n.total(&cycled(size, w, &[&[0, 5, 9, 12, 20]])),
            2,
            "a 5-cycle"
        );
        assert_eq!(
            n.total(&cycled(size, w, &[&[0, 5, 9], &[1, 2, 3]])),
            2,
            "two 3-cycles"
        );
        assert_eq!(n.total(&cycled(size, w, &[&[0, 5, 9, 12], &[1, 2]])), 3);
    }

    #[test]
    fn hand_cases_on_the_centres() {
        let size = Size::new(4).unwrap();
        let want = solved(size);
        let n = Needed::new(size, &want);
        let c = orbit_of(size, OrbitKind::Centres { row: 0, col: 0 });
        let pieces = &orbits(size).all()[c].pieces;
        let face = |p: usize| want[pieces[p][0] as usize];
        // Two centres of different faces swapped: one 3-cycle (through a
        // third centre of one of their colours).
        let (a, b) = (0, (0..24).find(|&p| face(p) != face(0)).unwrap());
        assert_eq!(n.orbit(c, &cycled(size, c, &[&[a, b]])), 1);
        // Two such swaps of the same two colours: two.
        let a2 = (1..24).find(|&p| face(p) == face(a)).unwrap();
        let b2 = (0..24).find(|&p| p != b && face(p) == face(b)).unwrap();
        assert_eq!(n.orbit(c, &cycled(size, c, &[&[a, b], &[a2, b2]])), 2);
        // Two centres of one colour swapped: nothing to do.
        assert_eq!(n.total(&cycled(size, c, &[&[a, a2]])), 0);
        // Three colours in a cycle: one.
        let d = (0..24)
            .find(|&p| face(p) != face(a) && face(p) != face(b))
            .unwrap();
        assert_eq!(n.total(&cycled(size, c, &[&[a, b, d]])), 1);
    }

    #[test]
    fn layer_turns_need_something() {
        let size = Size::new(4).unwrap();
        let want = solved(size);
        let n = Needed::new(size, &want);
        for text in ["U", "2R", "R U", "2U 2R'"] {
            let alg: NxnAlg = text.parse().unwrap();
            let s = NxnCube::solved(size).after(&alg).unwrap();
            assert!(n.total(s.stickers()) > 0, "{text}");
        }
        // Two corners turned in place, opposite ways: one pair twist.
        let corners = orbit_of(size, OrbitKind::Corners);
        let pieces = &orbits(size).all()[corners].pieces;
        let mut s = want.clone();
        for (p, by) in [(0, 1), (3, 2)] {
            for k in 0..3 {
                s[pieces[p][(k + by) % 3] as usize] = want[pieces[p][k] as usize];
            }
        }
        assert_eq!(n.orbit(corners, &s), 1, "a pair twist");
        // Three corners in a cycle, one of them turned: the cycle and a twist.
        let mut s = cycled(size, corners, &[&[0, 1, 2]]);
        let p = &pieces[1];
        let (a, b, c) = (s[p[0] as usize], s[p[1] as usize], s[p[2] as usize]);
        (s[p[0] as usize], s[p[1] as usize], s[p[2] as usize]) = (c, a, b);
        assert_eq!(n.orbit(corners, &s), 2);
        // A quarter turn of the outer U layer: the corners a 4-cycle.
        let u: NxnAlg = "U".parse().unwrap();
        let s = NxnCube::solved(size).after(&u).unwrap();
        assert_eq!(n.orbit(corners, s.stickers()), 2);
    }
}
