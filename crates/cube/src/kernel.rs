//! The hot kernels: gather a sticker array through a permutation table, and count
//! stickers that differ from the centre of their face.
//!
//! Stickers live in a 64-byte, 32-byte-aligned array (`Lanes`): 54 stickers,
//! then 10 zero bytes. On x86_64 with AVX2 (checked at run time) a gather is
//! eight `vpshufb` over the four 16-byte chunks of the source, merged by three
//! byte blends per output half; the energy compares each half with the centre
//! colours and counts the mismatches with `movemask` + `popcnt`. Everywhere else
//! a scalar loop computes the same thing; tests check the two agree.
//!
//! This module owns the sticker layout ([`STICKERS`], [`CENTRES`], the padded
//! `Lanes` form) and imports nothing from the rest of `cube`: every other
//! module builds on it.

/// Number of stickers on the cube.
pub const STICKERS: usize = 54;

/// Index of the centre sticker of each face, in facelet-string order.
pub const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

/// Stickers 0..54 followed by 10 padding bytes, always zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(32))]
pub(crate) struct Lanes(pub(crate) [u8; 64]);

impl Lanes {
    /// Pads 54 bytes with zeros.
    #[inline]
    pub(crate) const fn new(s: &[u8; STICKERS]) -> Lanes {
        let mut a = [0u8; 64];
        let mut i = 0;
        while i < STICKERS {
            a[i] = s[i];
            i += 1;
        }
        Lanes(a)
    }

    /// The 54 stickers.
    #[inline]
    pub(crate) fn stickers(&self) -> &[u8; STICKERS] {
        self.0.first_chunk().expect("64 >= 54")
    }
}

/// Which implementation the dispatching functions use on this machine:
/// `"avx2"`, or `"scalar"` (no AVX2, or `CUBETUI_KERNEL=scalar` set).
pub fn backend() -> &'static str {
    if use_avx2() { "avx2" } else { "scalar" }
}

/// The rule [`backend`] follows: the vector kernel when the CPU has it
/// (`cpu_has_vector`, see [`cpu_has_vector`]) unless `CUBETUI_KERNEL`
/// (`kernel_var`) is `scalar`.
pub fn choose(cpu_has_vector: bool, kernel_var: Option<&std::ffi::OsStr>) -> &'static str {
    if cpu_has_vector && kernel_var.is_none_or(|v| v != "scalar") {
        "avx2"
    } else {
        "scalar"
    }
}

/// Whether this CPU can run the vector kernel (x86_64 with AVX2 and POPCNT).
pub fn cpu_has_vector() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[inline(always)]
pub(crate) fn use_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::Ordering::Relaxed;
        match FAST.load(Relaxed) {
            0 => detect(),
            v => v == 2,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// 0 = not yet checked, 1 = no, 2 = AVX2 and POPCNT available.
#[cfg(target_arch = "x86_64")]
static FAST: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// The first call: checks the CPU (and `CUBETUI_KERNEL`) and remembers.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
fn detect() -> bool {
    // `CUBETUI_KERNEL=scalar` forces the fallback (to test it here).
    let var = std::env::var_os("CUBETUI_KERNEL");
    let yes = choose(cpu_has_vector(), var.as_deref()) == "avx2";
    FAST.store(
        if yes { 2 } else { 1 },
        std::sync::atomic::Ordering::Relaxed,
    );
    yes
}

/// `out[i] = src[table[i]]` for the 54 stickers; padding stays zero.
/// Every entry of `table` must be below 54 (a `Perm` guarantees it).
#[inline]
pub(crate) fn gather(src: &Lanes, table: &[u8; STICKERS]) -> Lanes {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: AVX2 and POPCNT are available (checked just above).
        return unsafe { avx2::gather(src, table) };
    }
    scalar::gather(src, table)
}

/// Number of stickers that differ from the centre of their face.
#[inline]
pub(crate) fn misplaced(s: &Lanes) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: AVX2 and POPCNT are available (checked just above).
        return unsafe { avx2::misplaced(s) };
    }
    scalar::misplaced(s)
}

/// [`gather`] and [`misplaced`] of the result in one pass.
#[inline]
pub(crate) fn gather_misplaced(src: &Lanes, table: &[u8; STICKERS]) -> (Lanes, u32) {
    #[cfg(target_arch = "x86_64")]
    if use_avx2() {
        // SAFETY: AVX2 and POPCNT are available (checked just above).
        return unsafe { avx2::gather_misplaced(src, table) };
    }
    let out = scalar::gather(src, table);
    (out, scalar::misplaced(&out))
}

/// Same-coloured stickers one and three apart: bit `i` of the first mask is
/// set when stickers `i` and `i + 1` match, of the second when `i` and `i + 3`
/// do (only for indices below 54).
#[inline]
pub(crate) fn neighbours(s: &Lanes) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of x86_64.
    let (m1, m3) = unsafe { sse2::neighbours(s) };
    #[cfg(not(target_arch = "x86_64"))]
    let (m1, m3) = scalar::neighbours(s);
    (
        m1 & ((1 << (STICKERS - 1)) - 1),
        m3 & ((1 << (STICKERS - 3)) - 1),
    )
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    use super::Lanes;

    /// Stickers `i` against `i + 1` and `i + 3` for all 64 bytes (the bytes
    /// past the end compare with zero).
    #[inline]
    pub(super) unsafe fn neighbours(s: &Lanes) -> (u64, u64) {
        unsafe {
            let p = s.0.as_ptr() as *const __m128i;
            // SAFETY: `s` is 64 bytes, 32-byte aligned: four aligned 16-byte reads.
            let c = [
                _mm_load_si128(p),
                _mm_load_si128(p.add(1)),
                _mm_load_si128(p.add(2)),
                _mm_load_si128(p.add(3)),
                _mm_setzero_si128(),
            ];
            let (mut m1, mut m3) = (0u64, 0u64);
            for k in 0..4 {
                // Bytes k*16+j+1 and k*16+j+3 of the array, by byte shifts.
                let n1 = _mm_or_si128(_mm_srli_si128::<1>(c[k]), _mm_slli_si128::<15>(c[k + 1]));
                let n3 = _mm_or_si128(_mm_srli_si128::<3>(c[k]), _mm_slli_si128::<13>(c[k + 1]));
                let e1 = _mm_movemask_epi8(_mm_cmpeq_epi8(c[k], n1)) as u32 as u64;
                let e3 = _mm_movemask_epi8(_mm_cmpeq_epi8(c[k], n3)) as u32 as u64;
                m1 |= e1 << (16 * k);
                m3 |= e3 << (16 * k);
            }
            (m1, m3)
        }
    }
}

/// The portable reference implementation.
pub(crate) mod scalar {
    use super::*;

    #[inline]
    pub(crate) fn gather(src: &Lanes, table: &[u8; STICKERS]) -> Lanes {
        let mut out = [0u8; 64];
        for (o, &t) in out.iter_mut().zip(table.iter()) {
            // `& 63` keeps the index inside the 64-byte array without a bounds check.
            *o = src.0[t as usize & 63];
        }
        Lanes(out)
    }

    #[inline]
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
    pub(crate) fn neighbours(s: &Lanes) -> (u64, u64) {
        let at = |k: usize| (0..64 - k).fold(0u64, |m, i| m | u64::from(s.0[i] == s.0[i + k]) << i);
        (at(1), at(3))
    }

    #[inline]
    pub(crate) fn misplaced(s: &Lanes) -> u32 {
        let s = &s.0;
        let mut n = 0;
        for (f, &c) in CENTRES.iter().enumerate() {
            let centre = s[c];
            n += s[f * 9..f * 9 + 9].iter().filter(|&&x| x != centre).count() as u32;
        }
        n
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use std::arch::x86_64::*;

    use super::{CENTRES, Lanes, STICKERS};

    /// Bit `i` set for the 54 real stickers.
    const REAL: u64 = (1 << STICKERS) - 1;

    /// Bit `i` set for each centre sticker.
    const CENTRE_BITS: u64 = {
        let mut b = 0;
        let mut f = 0;
        while f < 6 {
            b |= 1 << CENTRES[f];
            f += 1;
        }
        b
    };

    #[repr(C, align(32))]
    struct Aligned([u8; 64]);

    /// Solved colours (`i / 9`), padding zero.
    static SOLVED: Aligned = {
        let mut a = [0u8; 64];
        let mut i = 0;
        while i < STICKERS {
            a[i] = (i / 9) as u8;
            i += 1;
        }
        Aligned(a)
    };

    /// Gather table of "the centre of my face"; padding 0x80 (selects zero).
    static CENTRE_OF: Aligned = {
        let mut a = [0x80u8; 64];
        let mut i = 0;
        while i < STICKERS {
            a[i] = CENTRES[i / 9] as u8;
            i += 1;
        }
        Aligned(a)
    };

    /// 0x80 in the padding bytes (54..64), so padding gathers zero.
    static PAD_HIGH: Aligned = {
        let mut a = [0u8; 64];
        let mut i = STICKERS;
        while i < 64 {
            a[i] = 0x80;
            i += 1;
        }
        Aligned(a)
    };

    /// The four 16-byte chunks of `s`, each broadcast to both lanes.
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) unsafe fn chunks(s: &Lanes) -> [__m256i; 4] {
        unsafe {
            let p = s.0.as_ptr() as *const __m128i;
            // SAFETY (whole fn): `s` is 64 bytes, 32-byte aligned, so the four
            // 16-byte loads at offsets 0, 16, 32, 48 are in bounds and aligned.
            [
                _mm256_broadcastsi128_si256(_mm_load_si128(p)),
                _mm256_broadcastsi128_si256(_mm_load_si128(p.add(1))),
                _mm256_broadcastsi128_si256(_mm_load_si128(p.add(2))),
                _mm256_broadcastsi128_si256(_mm_load_si128(p.add(3))),
            ]
        }
    }

    /// The chunks of a state held in two registers.
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn chunks_of(lo: __m256i, hi: __m256i) -> [__m256i; 4] {
        [
            _mm256_permute2x128_si256::<0x00>(lo, lo),
            _mm256_permute2x128_si256::<0x11>(lo, lo),
            _mm256_permute2x128_si256::<0x00>(hi, hi),
            _mm256_permute2x128_si256::<0x11>(hi, hi),
        ]
    }

    /// Byte `j` of the result is byte `idx[j]` (0..64) of the source whose
    /// chunks are `ch`; an index with bit 7 set gives zero.
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) unsafe fn select(ch: &[__m256i; 4], idx: __m256i) -> __m256i {
        let a = _mm256_shuffle_epi8(ch[0], idx);
        let b = _mm256_shuffle_epi8(ch[1], idx);
        let c = _mm256_shuffle_epi8(ch[2], idx);
        let d = _mm256_shuffle_epi8(ch[3], idx);
        // Signed compares: indices with bit 7 set are negative and keep `a` (zero).
        let r = _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi8(idx, _mm256_set1_epi8(15)));
        let r = _mm256_blendv_epi8(r, c, _mm256_cmpgt_epi8(idx, _mm256_set1_epi8(31)));
        _mm256_blendv_epi8(r, d, _mm256_cmpgt_epi8(idx, _mm256_set1_epi8(47)))
    }

    /// The table as two 32-byte index vectors for output bytes 0..32 and 32..64.
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn indices(table: &[u8; STICKERS]) -> (__m256i, __m256i) {
        unsafe {
            let p = table.as_ptr();
            // SAFETY: the table is 54 bytes: loads of 32 at offsets 0 and 22 are in bounds.
            let lo = _mm256_loadu_si256(p as *const __m256i);
            let raw = _mm256_loadu_si256(p.add(22) as *const __m256i);
            // Shift `raw` down by 10 bytes across lanes: entries 32..54 land in
            // bytes 0..22; bytes 22..32 become 0x80 so padding gathers zero.
            let upper = _mm256_permute2x128_si256::<0x81>(raw, raw);
            let hi = _mm256_alignr_epi8::<10>(upper, raw);
            let pad = _mm256_load_si256(PAD_HIGH.0.as_ptr().add(32) as *const __m256i);
            (lo, _mm256_or_si256(hi, pad))
        }
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn load_pair(a: &Aligned) -> (__m256i, __m256i) {
        unsafe {
            let p = a.0.as_ptr() as *const __m256i;
            // SAFETY: 64 bytes, 32-byte aligned.
            (_mm256_load_si256(p), _mm256_load_si256(p.add(1)))
        }
    }

    /// Count of real stickers where `lo:hi` differs from the reference `rlo:rhi`,
    /// and whether every centre matched.
    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn mismatches(lo: __m256i, hi: __m256i, rlo: __m256i, rhi: __m256i) -> (u32, bool) {
        let e0 = _mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, rlo)) as u32 as u64;
        let e1 = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, rhi)) as u32 as u64;
        let eq = (e0 | (e1 << 32)) & REAL;
        (
            STICKERS as u32 - eq.count_ones(),
            eq & CENTRE_BITS == CENTRE_BITS,
        )
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn energy(lo: __m256i, hi: __m256i) -> u32 {
        unsafe {
            // Fast path: centres at home, so "centre of my face" is the solved colour.
            let (slo, shi) = load_pair(&SOLVED);
            let (n, centres_home) = mismatches(lo, hi, slo, shi);
            if centres_home {
                return n;
            }
            let ch = chunks_of(lo, hi);
            let (clo, chi) = load_pair(&CENTRE_OF);
            let (rlo, rhi) = (select(&ch, clo), select(&ch, chi));
            mismatches(lo, hi, rlo, rhi).0
        }
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn gather_regs(src: &Lanes, table: &[u8; STICKERS]) -> (__m256i, __m256i) {
        unsafe {
            let ch = chunks(src);
            let (ilo, ihi) = indices(table);
            (select(&ch, ilo), select(&ch, ihi))
        }
    }

    #[inline]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn store(lo: __m256i, hi: __m256i) -> Lanes {
        unsafe {
            let mut out = Lanes([0; 64]);
            let p = out.0.as_mut_ptr() as *mut __m256i;
            // SAFETY: `out` is 64 bytes, 32-byte aligned.
            _mm256_store_si256(p, lo);
            _mm256_store_si256(p.add(1), hi);
            out
        }
    }

    /// # Safety
    /// The CPU must support AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) unsafe fn gather(src: &Lanes, table: &[u8; STICKERS]) -> Lanes {
        unsafe {
            let (lo, hi) = gather_regs(src, table);
            store(lo, hi)
        }
    }

    /// # Safety
    /// The CPU must support AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) unsafe fn misplaced(s: &Lanes) -> u32 {
        unsafe {
            let p = s.0.as_ptr() as *const __m128i;
            // SAFETY: `s` is 64 bytes, 32-byte aligned: four aligned 16-byte reads.
            // Volatile keeps them 16 bytes wide: callers built without AVX copy a
            // `Cube` in 16-byte pieces, and one 32-byte load over two pending
            // 16-byte stores cannot take their data by store forwarding.
            let q = |i| std::ptr::read_volatile(p.add(i));
            energy(_mm256_set_m128i(q(1), q(0)), _mm256_set_m128i(q(3), q(2)))
        }
    }

    /// # Safety
    /// The CPU must support AVX2 and POPCNT.
    #[target_feature(enable = "avx2,popcnt")]
    pub(crate) unsafe fn gather_misplaced(src: &Lanes, table: &[u8; STICKERS]) -> (Lanes, u32) {
        unsafe {
            let (lo, hi) = gather_regs(src, table);
            (store(lo, hi), energy(lo, hi))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::FileFailurePersistence;

    fn arb_table() -> impl Strategy<Value = [u8; STICKERS]> {
        Just((0..STICKERS as u8).collect::<Vec<u8>>())
            .prop_shuffle()
            .prop_map(|v| v.try_into().expect("54 entries"))
    }

    fn arb_lanes() -> impl Strategy<Value = Lanes> {
        prop::collection::vec(0u8..6, STICKERS)
            .prop_map(|v| Lanes::new(&v.try_into().expect("54 entries")))
    }

    proptest! {
        // Keep saved failure cases under this crate's tests/, not in a top-level folder.
        #![proptest_config(ProptestConfig {
            failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
                "tests/cube_kernel_unit.proptest-regressions",
            ))),
            ..ProptestConfig::default()
        })]
        #[test]
        fn fast_path_matches_scalar(src in arb_lanes(), table in arb_table(), home in any::<bool>()) {
            let mut src = src;
            if home {
                // Centres at home exercise the energy's fast path.
                for (f, &c) in CENTRES.iter().enumerate() {
                    src.0[c] = f as u8;
                }
            }
            let want = scalar::gather(&src, &table);
            prop_assert_eq!(gather(&src, &table), want);
            prop_assert_eq!(misplaced(&src), scalar::misplaced(&src));
            prop_assert_eq!(gather_misplaced(&src, &table), (want, scalar::misplaced(&want)));
        }
    }

    proptest! {
        #[test]
        fn neighbours_compare_stickers_one_and_three_apart(src in arb_lanes()) {
            let s = src.stickers();
            let want = |k: usize| (0..STICKERS - k)
                .filter(|&i| s[i] == s[i + k])
                .fold(0u64, |m, i| m | 1 << i);
            prop_assert_eq!(neighbours(&src), (want(1), want(3)));
            let (a, b) = scalar::neighbours(&src);
            prop_assert_eq!((a & ((1 << 53) - 1), b & ((1 << 51) - 1)), (want(1), want(3)));
        }
    }

    #[test]
    fn padding_stays_zero() {
        let src = Lanes::new(&std::array::from_fn(|i| (i % 6) as u8));
        let rev: [u8; STICKERS] = std::array::from_fn(|i| (STICKERS - 1 - i) as u8);
        let out = gather(&src, &rev);
        assert_eq!(&out.0[STICKERS..], &[0u8; 10]);
        assert_eq!(out.stickers()[0], src.0[53]);
    }
}
