//! The CPU time of the calling thread, so each solver is measured by the
//! time it had a core, however many cores the machine has and however busy.
//!
//! The clock is `CLOCK_THREAD_CPUTIME_ID`, read through `rustix`'s safe and
//! infallible `clock_gettime` (no `unsafe` here). The dedicated crate
//! `cpu-time` was judged and not used: its only release (1.0.0) and its last
//! commit date from 2019, and on Windows it pulls the unmaintained `winapi`.

use std::time::Duration;

/// CPU time the calling thread has used so far (zero where the platform
/// cannot tell).
// The fallback below is unreachable where the clock exists; the platform
// test is written once, here, not twice (for the clock and its absence).
#[allow(unreachable_code)]
pub fn thread_cpu_time() -> Duration {
    #[cfg(all(
        unix,
        not(any(
            target_os = "solaris",
            target_os = "illumos",
            target_os = "horizon",
            target_os = "netbsd",
            target_os = "redox",
            target_os = "vita"
        ))
    ))]
    {
        let ts = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        return Duration::new(
            u64::try_from(ts.tv_sec).unwrap_or(0),
            u32::try_from(ts.tv_nsec.clamp(0, 999_999_999)).unwrap_or(0),
        );
    }
    Duration::ZERO
}

/// What reading the clock twice in a row measures (the least of a few
/// tries): the part of one reading that falls inside a measured interval.
/// Subtracted from every interval, so small step batches (slow speeds,
/// cheap steps) are not charged for the clock itself (about 1 µs a read).
pub fn read_bias() -> Duration {
    least_gap(thread_cpu_time, 32)
}

/// The least of `tries` gaps between two readings of `read` in a row.
fn least_gap(mut read: impl FnMut() -> Duration, tries: usize) -> Duration {
    (0..tries)
        .map(|_| {
            let a = read();
            read().saturating_sub(a)
        })
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_with_work_and_not_with_sleep() {
        let t0 = thread_cpu_time();
        let mut x = 0u64;
        for i in 0..20_000_000u64 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(i);
        }
        std::hint::black_box(x);
        let t1 = thread_cpu_time();
        assert!(t1 > t0, "{t0:?} {t1:?}");
        std::thread::sleep(Duration::from_millis(50));
        let t2 = thread_cpu_time();
        // Sleeping costs (almost) no CPU time.
        assert!(t2 - t1 < Duration::from_millis(25), "{t1:?} {t2:?}");
    }

    #[test]
    fn the_bias_is_the_least_gap_between_two_readings() {
        // A clock whose back-to-back readings are 7, 3, 9 and 3 ns apart
        // (time also passes between the pairs).
        let gaps = [7u64, 3, 9, 3];
        let mut now = 0u64;
        let mut k = 0;
        let clock = || {
            let t = now;
            now += if k % 2 == 0 { gaps[k / 2 % 4] } else { 1000 };
            k += 1;
            Duration::from_nanos(t)
        };
        assert_eq!(least_gap(clock, 4), Duration::from_nanos(3));
        assert_eq!(least_gap(|| Duration::ZERO, 0), Duration::ZERO);
        // The real clock: a read costs far less than a millisecond.
        assert!(read_bias() < Duration::from_millis(1));
    }
}
