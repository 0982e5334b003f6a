//! `comm`: seed 001's commutator generator.
//!
//! X ∈ {F,B,L,R,U,D,nothing}³ and S ∈ {F,B,L,R,U,D,nothing}². A commutator
//! C = [X₁, X₂] = X₁X₂X₁⁻¹X₂⁻¹; the operator is S·C1·S⁻¹ with C1 = [C₁, C₂]
//! (two commutators), or S·C2·S⁻¹ with C2 = [C, S'] (a second setup), each
//! half of the time, with a fresh S.

use rand::{Rng, RngExt};

use crate::cube::{Alg, Cube, Perm};

use super::sequences::{basic_sequences, concat};

const X_COUNT: u64 = 343;
const S_COUNT: u64 = 49;

/// The commutator generator: triples and setups kept as permutations.
#[derive(Debug)]
pub struct Comm {
    x: Vec<Alg>,
    x_perm: Vec<Perm>,
    x_inv: Vec<Perm>,
    s: Vec<Alg>,
    s_perm: Vec<Perm>,
    s_inv: Vec<Perm>,
}

fn commutator(a: &Perm, ai: &Perm, b: &Perm, bi: &Perm) -> Perm {
    a.then(b).then(ai).then(bi)
}

fn comm_alg(a: &Alg, b: &Alg) -> Alg {
    concat(&[a, b, &a.inverse(), &b.inverse()])
}

/// A decoded `comm` operator.
struct Parts {
    second_setup: bool,
    s: usize,
    a: [usize; 4],
}

impl Parts {
    fn decode(code: u64) -> Parts {
        let f = |shift: u32| ((code >> shift) & 0x1ff) as usize % X_COUNT as usize;
        Parts {
            second_setup: code & 1 == 1,
            s: ((code >> 1) & 0x3f) as usize % S_COUNT as usize,
            a: [f(7), f(16), f(25), f(34)],
        }
    }

    fn encode(&self) -> u64 {
        let mut c = self.second_setup as u64 | (self.s as u64) << 1;
        for (i, &v) in self.a.iter().enumerate() {
            c |= (v as u64) << (7 + 9 * i as u32);
        }
        c
    }
}

impl Default for Comm {
    fn default() -> Self {
        Comm::new()
    }
}

impl Comm {
    /// Precomputes the 343 triples and 49 setups.
    pub fn new() -> Comm {
        let x = basic_sequences(3);
        let s = basic_sequences(2);
        let x_perm: Vec<Perm> = x.iter().map(Alg::perm).collect();
        let s_perm: Vec<Perm> = s.iter().map(Alg::perm).collect();
        Comm {
            x_inv: x_perm.iter().map(Perm::inverse).collect(),
            s_inv: s_perm.iter().map(Perm::inverse).collect(),
            x,
            x_perm,
            s,
            s_perm,
        }
    }

    fn perm(&self, p: &Parts) -> Perm {
        let [a, b, c, d] = p.a;
        let xc = |i: usize, j: usize| {
            commutator(
                &self.x_perm[i],
                &self.x_inv[i],
                &self.x_perm[j],
                &self.x_inv[j],
            )
        };
        let inner = if p.second_setup {
            // C2 = [C, S'] with C = [X_a, X_b] and S' = setup number c.
            let cab = xc(a, b);
            let cba = xc(b, a); // [X_a, X_b]⁻¹ = [X_b, X_a]
            let s2 = c % S_COUNT as usize;
            commutator(&cab, &cba, &self.s_perm[s2], &self.s_inv[s2])
        } else {
            commutator(&xc(a, b), &xc(b, a), &xc(c, d), &xc(d, c))
        };
        self.s_perm[p.s].then(&inner).then(&self.s_inv[p.s])
    }

    /// Draws an operator and applies it to `cube`.
    #[inline]
    pub fn propose<R: Rng>(&self, rng: &mut R, cube: &Cube) -> (Cube, u64) {
        let second_setup = rng.random::<bool>();
        let s = rng.random_range(0..S_COUNT as u32) as usize;
        let mut a = [0usize; 4];
        for v in a.iter_mut() {
            *v = rng.random_range(0..X_COUNT as u32) as usize;
        }
        if second_setup {
            a[2] %= S_COUNT as usize;
            a[3] = 0;
        }
        let parts = Parts { second_setup, s, a };
        (cube.permuted(&self.perm(&parts)), parts.encode())
    }

    /// The moves of operator `code`.
    pub fn alg(&self, code: u64) -> Alg {
        let p = Parts::decode(code);
        let [a, b, c, d] = p.a;
        let inner = if p.second_setup {
            comm_alg(
                &comm_alg(&self.x[a], &self.x[b]),
                &self.s[c % S_COUNT as usize],
            )
        } else {
            comm_alg(
                &comm_alg(&self.x[a], &self.x[b]),
                &comm_alg(&self.x[c], &self.x[d]),
            )
        };
        let s = &self.s[p.s];
        concat(&[s, &inner, &s.inverse()])
    }

    /// The permutation of operator `code` (for tests).
    pub fn perm_of(&self, code: u64) -> Perm {
        self.perm(&Parts::decode(code))
    }
}
