//! The reference-table cache through the real binary, with odd things at the
//! cache path: a symlink to a device, a FIFO, a
//! huge sparse file, a directory, a forged file with a valid checksum,
//! temporary files of dead processes, a write that fails or is ended by a
//! signal, and a cache directory whose name holds control characters.

use std::fs;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use cubetui_solve::reference::Tables;
use cubetui_solve::reference::cache::{self, FILE_NAME};
use cubetui_solve::reference::coord::N_TWIST;

/// Longest any run here may take before it counts as hung (a table build is
/// about a second; this only catches a reader that never returns).
const HUNG: Duration = Duration::from_secs(120);

/// A fresh, empty `XDG_CACHE_HOME` (named `name` inside the test's directory).
fn cache_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("cubetui-cache-files-{}", std::process::id()))
        .join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("cubetui")).unwrap();
    dir
}

fn table_file(home: &Path) -> PathBuf {
    home.join("cubetui").join(FILE_NAME)
}

/// `cubetui solve` of one seeded random state with the reference preset.
fn solve_command(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cubetui"));
    cmd.args([
        "solve",
        "--preset",
        "reference",
        "--random-state",
        "--seed",
        "7",
    ])
    .env("XDG_CACHE_HOME", home)
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    cmd
}

/// Waits for `child` (killing it and failing if it hangs); its status and stderr.
fn finish(mut child: Child, what: &str) -> (ExitStatus, String) {
    let started = Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        if started.elapsed() > HUNG {
            let _ = child.kill();
            panic!("{what}: still running after {HUNG:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status, err)
}

/// Runs the reference solve with `home` as the cache home; exit status and stderr.
fn solve(home: &Path, what: &str) -> (ExitStatus, String) {
    finish(solve_command(home).spawn().unwrap(), what)
}

/// A solve with `setup` at the cache path: refused with `reason` on stderr,
/// rebuilt, solved (exit 0).
fn refused_then_solved(name: &str, setup: impl FnOnce(&Path), reason: &str) -> String {
    let home = cache_home(name);
    setup(&table_file(&home));
    let (status, err) = solve(&home, name);
    assert_eq!(status.code(), Some(0), "{name}: {err}");
    assert!(
        err.contains(reason),
        "{name}: expected `{reason}` in:\n{err}"
    );
    assert!(
        err.contains("building the two-phase tables"),
        "{name}: {err}"
    );
    err
}

#[test]
fn a_symlink_to_dev_zero_is_refused_before_reading() {
    refused_then_solved(
        "dev-zero",
        |p| std::os::unix::fs::symlink("/dev/zero", p).unwrap(),
        "is a character device, not a table file; rebuilding it",
    );
}

#[test]
fn a_fifo_at_the_cache_path_is_refused_without_hanging() {
    let err = refused_then_solved(
        "fifo",
        |p| {
            let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: a valid NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        },
        "is a FIFO, not a table file; rebuilding it",
    );
    assert!(err.contains("cached in"), "the FIFO is replaced: {err}");
}

#[test]
fn a_huge_sparse_file_is_refused_by_its_size() {
    let err = refused_then_solved(
        "sparse",
        |p| fs::File::create(p).unwrap().set_len(6_000_000_000).unwrap(),
        "has the wrong size (6000000000 bytes, expected",
    );
    assert!(err.contains("cached in"), "replaced by a valid file: {err}");
}

#[test]
fn a_directory_at_the_cache_path_runs_uncached() {
    let err = refused_then_solved(
        "directory",
        |p| fs::create_dir(p).unwrap(),
        "is a directory, not a table file; rebuilding it",
    );
    assert!(err.contains("tables built but not cached"), "{err}");
}

/// Tables whose file image has a valid checksum but `forge` applied.
fn forged(forge: impl FnOnce(&mut Tables)) -> Vec<u8> {
    let mut t = Tables::build();
    forge(&mut t);
    cache::to_bytes(&t)
}

#[test]
fn forged_tables_with_a_valid_checksum_are_rebuilt_not_trusted() {
    let cases: [(&str, Vec<u8>, &str); 3] = [
        // Every pruning bound 0: the search would take any cube for one in
        // G1 and index the phase-2 tables far out of range.
        (
            "zero-pruning",
            forged(|t| t.twist_slice_pr.fill(0)),
            "table `twist-slice` holds an impossible value",
        ),
        (
            "move-out-of-range",
            forged(|t| t.twist_mv[100] = N_TWIST as u16),
            "table `twist` holds an impossible value",
        ),
        (
            "distance-too-large",
            forged(|t| t.udedge_slice_pr[5] = 200),
            "table `udedge-slice` holds an impossible value",
        ),
    ];
    for (name, bytes, reason) in cases {
        let err = refused_then_solved(name, |p| fs::write(p, &bytes).unwrap(), reason);
        assert!(!err.contains("panicked"), "{name}: {err}");
    }
}

/// The PID of a process that has ended.
fn dead_pid() -> u32 {
    let mut child = Command::new("true").spawn().unwrap();
    let pid = child.id();
    child.wait().unwrap();
    pid
}

fn temp_files(home: &Path) -> Vec<String> {
    fs::read_dir(home.join("cubetui"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp"))
        .collect()
}

#[test]
fn temporary_files_of_dead_processes_are_cleaned_and_live_ones_kept() {
    let home = cache_home("stale");
    let dead = dead_pid();
    let live = std::process::id();
    for name in [
        format!("reference-tables-v2.tmp{dead}"),
        format!("reference-tables-v1.tmp{dead}"),
        format!("reference-tables-v2.tmp{live}"),
    ] {
        fs::write(home.join("cubetui").join(name), vec![0u8; 4096]).unwrap();
    }
    let (status, err) = solve(&home, "stale");
    assert_eq!(status.code(), Some(0), "{err}");
    assert_eq!(
        temp_files(&home),
        vec![format!("reference-tables-v2.tmp{live}")],
        "only the live process's file stays"
    );
}

#[test]
fn a_write_that_fails_leaves_no_temporary_file() {
    // A file size limit makes the write fail part-way, as a full disk does.
    let home = cache_home("write-fails");
    let mut cmd = solve_command(&home);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: 1 << 20,
                rlim_max: 1 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let (status, err) = finish(cmd.spawn().unwrap(), "write fails");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(err.contains("tables built but not cached"), "{err}");
    assert_eq!(temp_files(&home), Vec::<String>::new(), "{err}");
    assert!(!table_file(&home).exists());
}

/// Starts the solve with a FIFO already at its temporary path (the shell
/// execs the binary, keeping its PID), so the write blocks once the pipe is
/// full: then the process is certainly in the middle of the write.
fn stuck_in_the_write(name: &str, extra: &[&str]) -> (Child, PathBuf, fs::File) {
    let home = cache_home(name);
    let dir = home.join("cubetui");
    let script = r#"mkfifo "$1/reference-tables-v2.tmp$$" && shift && exec "$@""#;
    let child = Command::new("sh")
        .args(["-c", script, "sh"])
        .arg(&dir)
        .arg(env!("CARGO_BIN_EXE_cubetui"))
        .args(["solve", "--preset", "reference", "--random-state"])
        .args(extra)
        .env("XDG_CACHE_HOME", &home)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let tmp = dir.join(format!("reference-tables-v2.tmp{}", child.id()));
    let started = Instant::now();
    while !tmp.exists() {
        assert!(started.elapsed() < HUNG, "no FIFO");
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut reader = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(&tmp)
        .unwrap();
    // The first bytes read: the binary has opened the file and is writing.
    let mut buf = [0u8; 16];
    loop {
        assert!(started.elapsed() < HUNG, "the write never started");
        match reader.read(&mut buf) {
            Ok(n) if n > 0 => break,
            _ => std::thread::sleep(Duration::from_millis(5)),
        }
    }
    (child, tmp, reader)
}

fn kill(child: &Child, sig: libc::c_int) {
    // SAFETY: kill has no memory effects; the pid is our live child.
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, sig) }, 0);
}

#[test]
fn sigterm_during_the_write_removes_the_temporary_file() {
    let (child, tmp, _reader) = stuck_in_the_write("sigterm", &[]);
    kill(&child, libc::SIGTERM);
    let (status, err) = finish(child, "sigterm");
    assert_eq!(
        status.signal(),
        Some(libc::SIGTERM),
        "still ends by the signal: {err}"
    );
    assert!(!tmp.exists(), "temporary file left: {err}");
}

#[test]
fn a_second_ctrl_c_during_the_write_removes_the_temporary_file() {
    let (child, tmp, _reader) = stuck_in_the_write("sigint", &[]);
    kill(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(100));
    kill(&child, libc::SIGINT);
    let (status, err) = finish(child, "sigint");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(!tmp.exists(), "temporary file left: {err}");
}

#[test]
fn control_characters_in_the_cache_path_are_escaped() {
    let home = cache_home("ctl\u{1b}[31mred\nline");
    let (status, err) = solve(&home, "control characters");
    assert_eq!(status.code(), Some(0), "{err}");
    assert!(!err.contains('\u{1b}'), "raw escape in: {err:?}");
    let cached = err
        .lines()
        .find(|l| l.contains("cached in"))
        .unwrap_or_else(|| panic!("no `cached in` line in {err:?}"));
    assert!(
        cached.contains(r"ctl\u{1b}[31mred\u{a}line/cubetui/reference-tables-v2.bin"),
        "{cached}"
    );
}
