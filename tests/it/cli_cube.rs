//! `cubetui state` and `cubetui scramble` through the real binary.

use std::process::{Command, Output};

use cubetui_cube::{Alg, Cube};

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

/// Runs, expects exit code `code`, an empty stdout and a one-line reason on stderr.
fn fails(args: &[&str], code: i32) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    assert_eq!(stdout(&o), "", "{args:?}");
    stderr(&o)
}

#[test]
fn state_scramble_prints_facelets_last() {
    let o = run(&["state", "--scramble", "R U R' U'"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let want = Cube::solved().after(&"R U R' U'".parse::<Alg>().unwrap());
    assert_eq!(out.lines().last(), Some(want.facelets().as_str()));
    assert_eq!(
        out,
        "UUL BLL FFD RRU BRR DDR\n\
         UUF LLL FFU BRR BBB DDD\n\
         UUF LLL FFF URR BBB DDD\n\
         \n\
         UULUUFUUFRRUBRRURRFFDFFUFFFDDRDDDDDDBLLLLLLLLBRRBBBBBB\n"
    );
    assert_eq!(stderr(&o), "");
}

#[test]
fn state_scramble_accepts_every_move_kind() {
    let o = run(&["state", "--scramble", "(R U R' U')6 x y' M2 Rw r' E S"]);
    assert_eq!(o.status.code(), Some(0));
    let want = Cube::solved().after(&"x y' M2 E S".parse::<Alg>().unwrap());
    assert_eq!(stdout(&o).lines().last(), Some(want.facelets().as_str()));
}

#[test]
fn state_facelets_validates_and_draws_nets() {
    let o = run(&["state", "--facelets", SOLVED, "--net", "cross"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 11);
    assert_eq!(out.lines().nth(4), Some("LLL FFF RRR BBB"));
    assert_eq!(out.lines().last(), Some(SOLVED));
    let o = run(&["state", "--facelets", SOLVED]);
    assert_eq!(stdout(&o).lines().count(), 5);
    assert!(stdout(&o).starts_with("UUU LLL FFF RRR BBB DDD\n"));
}

/// The solved string with some stickers set.
fn solved_with(sets: &[(usize, char)]) -> String {
    let mut s: Vec<char> = SOLVED.chars().collect();
    for &(i, c) in sets {
        s[i] = c;
    }
    s.into_iter().collect()
}

#[test]
fn invalid_input_exits_3_with_one_line() {
    let recoloured = solved_with(&[(0, 'R')]);
    let twisted = solved_with(&[(8, 'R'), (9, 'F'), (20, 'U')]);
    for (args, msg) in [
        (
            vec!["state", "--scramble", "R U Q2"],
            "error: unknown move `Q2` at column 5\n",
        ),
        (
            vec!["state", "--scramble", "(R U"],
            "error: `(` at column 1 is never closed\n",
        ),
        (
            vec!["state", "--facelets", "UUU"],
            "error: facelet string has 3 characters, expected 54\n",
        ),
        (
            vec!["state", "--facelets", &recoloured],
            "error: colour U appears 8 times, expected 9\n",
        ),
        (
            vec!["state", "--facelets", &twisted],
            "error: twisted corner: corner orientations sum to 2 (mod 3), expected 0\n",
        ),
    ] {
        assert_eq!(fails(&args, 3), msg, "{args:?}");
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["state"],
        vec!["state", "--scramble", "R", "--facelets", SOLVED],
        vec!["state", "--facelets", SOLVED, "--net", "diagonal"],
        vec!["scramble", "--depth", "0"],
        vec!["scramble", "--depth", "x"],
        vec!["scramble", "--random-state", "--depth", "5"],
        vec!["scramble", "--count", "0"],
        vec!["scramble", "--seed", "-1"],
    ] {
        let err = fails(&args, 2);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn scramble_depth_is_seeded_and_well_formed() {
    let o = run(&["scramble", "--depth", "12", "--seed", "42", "--count", "3"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    // Pinned: line k is cube k of the seed (`cube::random::start_scramble`),
    // the cube `bench --depth 12 --seed 42` draws k-th.
    assert_eq!(lines[0], "B2 R2 L2 U B2 L2 F L' B' R2 U D");
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(
            *line,
            cubetui_cube::random::start_scramble(42, k as u64, 12).to_string()
        );
    }
    for line in &lines {
        let alg: Alg = line.parse().expect("scramble parses");
        assert_eq!(alg.len(), 12);
        for w in alg.moves().windows(2) {
            assert_ne!(w[0].as_face(), w[1].as_face());
        }
    }
    // Scramble k depends only on the seed and k.
    let first = run(&["scramble", "--depth", "12", "--seed", "42"]);
    assert_eq!(stdout(&first), format!("{}\n", lines[0]));
    // Default depth is 25.
    let d = run(&["scramble", "--seed", "1"]);
    assert_eq!(stdout(&d).trim().parse::<Alg>().unwrap().len(), 25);
}

#[test]
fn scramble_random_state_prints_valid_facelets() {
    let o = run(&["scramble", "--random-state", "--seed", "7", "--count", "4"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 4);
    for line in out.lines() {
        Cube::from_facelets(line).expect("valid state");
    }
    assert_eq!(
        out,
        stdout(&run(&[
            "scramble",
            "--random-state",
            "--seed",
            "7",
            "--count",
            "4"
        ]))
    );
}

#[test]
fn scramble_without_seed_prints_only_scrambles() {
    let a = stdout(&run(&["scramble", "--count", "2"]));
    let b = stdout(&run(&["scramble", "--count", "2"]));
    assert_eq!(a.lines().count(), 2);
    for line in a.lines() {
        assert_eq!(line.parse::<Alg>().expect("parses").len(), 25);
    }
    assert_ne!(a, b, "fresh seeds each run");
}
