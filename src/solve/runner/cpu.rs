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
}
