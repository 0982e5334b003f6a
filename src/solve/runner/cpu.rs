//! The CPU time of the calling thread, so each solver is measured by the
//! time it had a core, however many cores the machine has and however busy.

use std::time::Duration;

/// CPU time the calling thread has used so far (zero where the platform
/// cannot tell).
pub fn thread_cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec for the call.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        if rc == 0 {
            return Duration::new(
                ts.tv_sec.max(0) as u64,
                ts.tv_nsec.clamp(0, 999_999_999) as u32,
            );
        }
        Duration::ZERO
    }
    #[cfg(not(unix))]
    {
        Duration::ZERO
    }
}

/// What reading the clock twice in a row measures (the least of a few
/// tries): the part of one reading that falls inside a measured interval.
/// Subtracted from every interval, so small step batches (slow speeds,
/// cheap steps) are not charged for the clock itself (about 1 µs a read).
pub fn read_bias() -> Duration {
    (0..32)
        .map(|_| {
            let a = thread_cpu_time();
            thread_cpu_time().saturating_sub(a)
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
    fn the_bias_is_what_an_empty_interval_measures() {
        let bias = read_bias();
        // An empty interval, less the bias, is (all but) nothing.
        let empty = (0..32)
            .map(|_| {
                let a = thread_cpu_time();
                thread_cpu_time().saturating_sub(a).saturating_sub(bias)
            })
            .min()
            .unwrap();
        assert!(
            empty <= Duration::from_nanos(20),
            "{empty:?} (bias {bias:?})"
        );
        assert!(bias < Duration::from_millis(1), "{bias:?}");
    }
}
