//! The live screen with a terminal on stdout but none to read keys from (no
//! controlling terminal, stdin not a terminal) says so and what to run
//! instead, exit 2, rather than "No such device or address (os error 6)".

#![cfg(unix)]

use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

#[test]
fn no_terminal_to_read_keys_from_is_a_clear_usage_error() {
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the two integers.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cubetui"));
    cmd.args(["--seed", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::from(slave))
        .stderr(Stdio::piped());
    // SAFETY: setsid is async-signal-safe; the child starts a session with
    // no controlling terminal, so /dev/tty cannot be opened.
    unsafe {
        cmd.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let out = cmd.output().expect("run cubetui");
    drop(master);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no terminal to read keys from"), "{err}");
    assert!(err.contains("cubetui solve --random-state"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}
