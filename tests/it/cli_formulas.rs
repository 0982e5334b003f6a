//! `--formulas FILE`: a formula catalogue loaded at run time replaces the built-in one.

use std::process::{Command, Output};

fn cubetui(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cubetui-formulas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_custom_catalogue_is_used_by_pll() {
    // The only operator is U; the scramble is U', so one proposal solves it,
    // which the built-in PLL catalogue (no formula is a U turn) cannot do.
    let file = write("spin.txt", "# one formula\nspin: U\n");
    let args = |f: Option<&str>| {
        let mut a = vec!["solve", "--scramble", "U'", "--neighbourhood", "pll"];
        a.extend(["--max-steps", "1", "--seed", "1"]);
        if let Some(f) = f {
            a.extend(["--formulas", f]);
        }
        cubetui(&a)
    };
    let custom = args(Some(file.to_str().unwrap()));
    assert_eq!(
        custom.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&custom.stderr)
    );
    assert!(
        String::from_utf8_lossy(&custom.stdout).contains("solution:   U\n"),
        "{}",
        String::from_utf8_lossy(&custom.stdout)
    );
    assert_eq!(
        args(None).status.code(),
        Some(4),
        "built-in catalogue: not solved in one step"
    );
}

/// Runs `solve --formulas path`, checks it is refused as a usage error
/// (exit 2) and returns the message.
fn refused(path: &str) -> String {
    let o = cubetui(&["solve", "--scramble", "R", "--formulas", path]);
    assert_eq!(o.status.code(), Some(2));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_bad_catalogue_line_is_a_usage_error_naming_file_and_line() {
    let file = write(
        "bad.txt",
        "T: R U R' U' R' F R2 U' R' U' R U R' F'\nQ: R Q2\n",
    );
    let err = refused(file.to_str().unwrap());
    assert!(
        err.contains("bad.txt:2: formula `Q`: unknown move `Q2` at column 3"),
        "{err}"
    );
    let err = refused("/nonexistent/f.txt");
    assert!(
        err.starts_with("error: /nonexistent/f.txt: cannot read: "),
        "no line number for a file that cannot be read: {err}"
    );
}

#[test]
fn a_formula_that_leaves_the_u_layer_is_refused() {
    let file = write("sexy.txt", "# not a PLL\nsexy: R U R' U'\n");
    let err = refused(file.to_str().unwrap());
    assert!(
        err.contains("sexy.txt:2: formula `sexy` moves pieces outside the U layer"),
        "{err}"
    );
}

#[test]
fn a_catalogue_over_the_limit_is_refused_naming_the_limit() {
    let text: String = (0..=500).map(|i| format!("f{i}: U\n")).collect();
    let file = write("many.txt", &text);
    let err = refused(file.to_str().unwrap());
    assert!(
        err.contains("many.txt:501: more than 500 formulas"),
        "{err}"
    );
}

/// `cubetui args… --formulas path`, killed if it has not ended in 20 s
/// (`None`: it hung).
fn run_within(args: &[&str], path: &std::path::Path) -> Option<Output> {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .arg("--formulas")
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let t = std::time::Instant::now();
    while t.elapsed() < std::time::Duration::from_secs(20) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn a_fifo_dev_null_a_socket_or_a_directory_is_refused_naming_the_file() {
    let dir = std::env::temp_dir().join(format!("cubetui-formulas-odd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("fifo.txt");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo has no other effect.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let socket = dir.join("socket.txt");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let cases = [
        (fifo.clone(), "a FIFO"),
        (std::path::PathBuf::from("/dev/null"), "a character device"),
        (socket.clone(), "a socket"),
        (dir.clone(), "a directory"),
    ];
    let solve = ["solve", "--scramble", "R", "--neighbourhood", "pll"];
    let bench = [
        "bench",
        "--depth",
        "1",
        "--cubes",
        "1",
        "--neighbourhood",
        "pll",
    ];
    for (path, kind) in &cases {
        for args in [&solve[..], &bench[..]] {
            let o = run_within(args, path)
                .unwrap_or_else(|| panic!("{args:?} --formulas {} hung", path.display()));
            let err = String::from_utf8_lossy(&o.stderr);
            assert_eq!(
                o.status.code(),
                Some(2),
                "{args:?} {}: {err}",
                path.display()
            );
            assert!(
                err.starts_with(&format!(
                    "error: {}: it is {kind}, not a regular file",
                    path.display()
                )),
                "{args:?}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
