//! The fast move/energy kernel agrees with the portable scalar reference.

use cubetui::cube::kernel::{self, misplaced_scalar, permuted_scalar};
use cubetui::cube::{Alg, Cube, Perm};
use proptest::prelude::*;

fn arb_alg() -> impl Strategy<Value = Alg> {
    "([RUFDLBMESxyzrufdlb][2']? ){0,30}".prop_map(|s| s.parse().expect("valid"))
}

/// Any sticker array, reachable or not (centres anywhere, repeated colours).
fn arb_cube() -> impl Strategy<Value = Cube> {
    prop::collection::vec(0u8..6, 54)
        .prop_map(|v| Cube::from_stickers(v.try_into().expect("54")).expect("colours < 6"))
}

fn arb_perm() -> impl Strategy<Value = Perm> {
    Just((0u8..54).collect::<Vec<u8>>())
        .prop_shuffle()
        .prop_map(|v| Perm::from_gather(v.try_into().expect("54")).expect("bijection"))
}

proptest! {
    #[test]
    fn reachable_states_agree(a in arb_alg(), b in arb_alg()) {
        let c = Cube::solved().after(&a);
        let p = b.perm();
        let fast = c.permuted(&p);
        prop_assert_eq!(fast, permuted_scalar(&c, &p));
        prop_assert_eq!(fast.misplaced(), misplaced_scalar(&fast));
        prop_assert_eq!(c.permuted_misplaced(&p), (fast, misplaced_scalar(&fast)));
        let mut d = c;
        d.apply_perm(&p);
        prop_assert_eq!(d, fast);
    }

    #[test]
    fn arbitrary_stickers_and_perms_agree(c in arb_cube(), p in arb_perm()) {
        let fast = c.permuted(&p);
        prop_assert_eq!(fast, permuted_scalar(&c, &p));
        prop_assert_eq!(fast.stickers(), &p.apply(c.stickers()));
        prop_assert_eq!(c.misplaced(), misplaced_scalar(&c));
        prop_assert_eq!(c.permuted_misplaced(&p).1, misplaced_scalar(&fast));
    }

    #[test]
    fn composition_agrees_with_tables(p in arb_perm(), q in arb_perm()) {
        let pq = p.then(&q);
        let want: [u8; 54] = std::array::from_fn(|i| p.table()[q.table()[i] as usize]);
        prop_assert_eq!(pq.table(), &want);
        prop_assert!(p.then(&p.inverse()).is_identity());
    }
}

#[test]
fn energy_counts_stickers_off_their_centre() {
    assert_eq!(Cube::solved().misplaced(), 0);
    let mut s = *Cube::solved().stickers();
    s[0] = 5;
    s[53] = 0;
    assert_eq!(Cube::from_stickers(s).expect("valid").misplaced(), 2);
    // Every sticker the same colour: nothing differs from its centre.
    assert_eq!(Cube::from_stickers([3; 54]).expect("valid").misplaced(), 0);
    assert!(["avx2", "scalar"].contains(&kernel::backend()));
}
