//! `cubetui --set KEY=VALUE` on the screen, as in `solve`: the starting
//! preset is built with it, `y` prints it, and the command `y` prints
//! (the single run's and, after `w`, the race's) runs as printed.

use crate::cli_support;
use crate::pty_support;

use cli_support::{code, cubetui};
use pty_support::Session;

const SET: &str = "schedule.t_max=0.5";

/// The command `y` shows in the message line, from `cubetui ` on.
fn y_command(session: &mut Session, starts: &str) -> String {
    session.send("y");
    let s = session
        .screen
        .wait("the command", |s| s.contains(starts) && s.contains(SET));
    let line = s.lines().find(|l| l.contains(starts)).unwrap();
    let at = line.find("cubetui ").unwrap();
    line[at..].trim_end().to_string()
}

/// Runs a printed command line (no quotes in it) with extra arguments.
fn run(cmd: &str, extra: &[&str]) -> std::process::Output {
    let words: Vec<&str> = cmd
        .split_whitespace()
        .skip(1)
        .chain(extra.iter().copied())
        .collect();
    cubetui(&words)
}

#[test]
fn set_builds_the_screens_preset_and_y_prints_what_cubetui_accepts() {
    let args = ["--seed", "7", "--preset", "sa-pll-conj", "--set", SET];
    let mut session = Session::start_sized(&args, &[], 40, 160);
    session
        .screen
        .wait("the start row", |s| s.contains("start "));
    let solve = y_command(&mut session, "cubetui solve ");
    assert!(solve.ends_with(&format!("--set {SET}")), "{solve}");
    // The knobs panel shows the value set, not the preset's 0.37.
    session.send("p");
    session
        .screen
        .wait("the knob", |s| s.contains("t_max") && s.contains("0.5"));
    session.send("p");
    // A race from here runs the preset so, and says so.
    session.send("w");
    session.screen.wait("the race", |s| s.contains("race:"));
    let race = y_command(&mut session, "cubetui race ");
    assert!(race.contains("--presets sa-pll-conj,"), "{race}");
    assert!(race.ends_with(&format!("--set {SET}")), "{race}");
    session.quit();
    // Both run as printed (solved or not within the budget: not a usage error).
    let o = run(&solve, &["--max-steps", "2000"]);
    assert!([0, 4].contains(&code(&o)), "{solve}: {o:?}");
    let o = run(&race, &["--time-limit", "0.2"]);
    assert!([0, 4].contains(&code(&o)), "{race}: {o:?}");
}

#[test]
fn a_bad_set_is_a_usage_error_naming_the_key_before_the_terminal_is_asked_for() {
    let o = cubetui(&["--preset", "sa-pll-conj", "--set", "schedule.nope=1"]);
    assert_eq!(code(&o), 2);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("schedule.nope"), "{err}");
    // A good one passes the checks; without a terminal the screen then
    // says it needs one.
    let o = cubetui(&["--preset", "sa-pll-conj", "--set", SET]);
    assert_eq!(code(&o), 2);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("not a terminal"), "{err}");
}
