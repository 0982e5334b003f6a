//! The fast move/energy kernel agrees with the portable scalar reference.

use cubetui_cube::kernel;
use cubetui_cube::sparse::{PairBlock, Prepared};
use cubetui_cube::state::{misplaced_scalar, permuted_scalar};
use cubetui_cube::{Alg, Cube, Perm};
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

    /// The sparse energy change of a centre-keeping permutation (face turns)
    /// is the change of the full count, on any stickers.
    #[test]
    fn sparse_delta_is_the_energy_change(c in arb_cube(), a in "([RUFDLB][2']? ){0,12}") {
        let p = a.parse::<Alg>().expect("face turns").perm();
        let pairs: Vec<[u8; 2]> = p.moved().map(|i| [i as u8, p.table()[i]]).collect();
        let blocks = PairBlock::blocks(&pairs).expect("sticker indices");
        let full = c.permuted(&p).misplaced() as i32 - c.misplaced() as i32;
        prop_assert_eq!(Prepared::new(&c).delta(&blocks, pairs.len()), full);
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
}

/// The backend in use is the one the rule picks for this CPU and this
/// process's `CUBETUI_KERNEL` (run again below with `scalar` set).
#[test]
fn backend_follows_the_cpu_and_the_override() {
    let var = std::env::var_os("CUBETUI_KERNEL");
    assert_eq!(
        kernel::backend(),
        kernel::choose(kernel::cpu_has_vector(), var.as_deref())
    );
}

/// The vector kernel is used exactly when the CPU has it and
/// `CUBETUI_KERNEL=scalar` does not forbid it.
#[test]
fn only_the_cpu_and_the_scalar_override_decide_the_backend() {
    let var = |s: &'static str| Some(std::ffi::OsStr::new(s));
    assert_eq!(kernel::choose(true, None), "avx2");
    assert_eq!(kernel::choose(true, var("scalar")), "scalar");
    assert_eq!(kernel::choose(true, var("avx2")), "avx2");
    assert_eq!(kernel::choose(true, var("")), "avx2");
    assert_eq!(kernel::choose(false, None), "scalar");
    assert_eq!(kernel::choose(false, var("avx2")), "scalar");
    assert_eq!(kernel::choose(false, var("scalar")), "scalar");
}

/// Runs the test `name` of this module in a child copy of this test binary with
/// `CUBETUI_KERNEL=scalar` (the backend is chosen once per process), and
/// returns how many passed.
fn passed_under_scalar(name: &str) -> usize {
    let exe = std::env::current_exe().expect("test binary path");
    let out = std::process::Command::new(exe)
        .args([
            &crate::test_path(module_path!(), name),
            "--exact",
            "--test-threads=1",
        ])
        .env("CUBETUI_KERNEL", "scalar")
        .output()
        .expect("run the test binary");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "child run failed:\n{text}");
    text.lines()
        .find_map(|l| l.strip_prefix("test result: ok. "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn scalar_override_is_honoured_and_gives_the_same_answers() {
    // In the child the backend must be "scalar" (the rule with the override
    // set); the property tests then compare the scalar dispatch with the
    // scalar reference and with tables.
    for name in [
        "backend_follows_the_cpu_and_the_override",
        "reachable_states_agree",
        "energy_counts_stickers_off_their_centre",
        "sparse_delta_is_the_energy_change",
    ] {
        assert_eq!(
            passed_under_scalar(name),
            1,
            "{name} under CUBETUI_KERNEL=scalar"
        );
    }
}
