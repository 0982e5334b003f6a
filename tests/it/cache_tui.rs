//! The reference tables on a cold cache, from the live screen: choosing `reference` with Tab or opening a race
//! with `w` builds the tables off the screen's thread, the message line (in
//! a race: the line under the plot) shows "building reference tables… n %",
//! nothing is written over the screen, and `q` quits at once.

use crate::pty_support;

use std::path::{Path, PathBuf};

use pty_support::Session;

/// `cubetui args` in a pseudo-terminal, its cache under `cache_home`.
fn start(args: &[&str], cache_home: &Path) -> Session {
    let home = cache_home.to_str().expect("a UTF-8 cache path");
    Session::start(args, &[("XDG_CACHE_HOME", home)])
}

/// How long to wait for the screen, in seconds (tables build slowly on
/// loaded machines).
const WAIT: u64 = 60;

/// A fresh, empty cache home.
fn cold_cache(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("cubetui-cache-tui-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The message line's progress, if the screen shows it.
fn building(screen: &str) -> bool {
    screen.contains("building reference tables… ") && screen.contains(" %")
}

/// Nothing was written behind the screen's back (the batch wording).
fn no_stray_text(screen: &str) {
    assert!(
        !screen.contains("cubetui:") && !screen.contains("two-phase tables"),
        "text over the screen:\n{screen}"
    );
}

/// Opens `preset` on a fresh cache home called `name`, presses `key` and
/// waits for the build's progress at `place`, with nothing written over the
/// screen.
fn progress_after_key(name: &str, preset: &str, key: &str, place: &str) -> (PathBuf, Session) {
    let home = cold_cache(name);
    let mut s = start(&["--seed", "3", "--preset", preset], &home);
    s.screen
        .wait_for("the main screen", WAIT, |t| t.contains(preset));
    s.send(key);
    let shown = s
        .screen
        .wait_for(&format!("the progress {place}"), WAIT, building);
    no_stray_text(&shown);
    (home, s)
}

#[test]
fn tab_to_reference_on_a_cold_cache_shows_progress_and_q_quits_at_once() {
    let (home, mut s) = progress_after_key("tab", "phases-sa", "\t", "in the message line");
    // Still answering keys while the tables build: `q` quits.
    s.quit();
    let left: Vec<_> = std::fs::read_dir(home.join("cubetui"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        left.iter().all(|n| !n.to_string_lossy().contains(".tmp")),
        "temporary file left: {left:?}"
    );
}

#[test]
fn a_race_on_a_cold_cache_builds_off_the_screen_and_then_runs() {
    // The race runs at once; its reference lane waits for the tables, and
    // the line under the plot shows their build meanwhile.
    let (home, mut s) = progress_after_key("race", "sa-pll-conj", "w", "under the plot");
    // One `+`: the lanes at 10 steps per frame (the default is 2), so the
    // annealer and mws lanes end in time and the results table shows.
    s.send("+");
    // The reference lane runs once the tables are there, and finishes.
    let done = s.screen.wait_for("the reference lane's result", WAIT, |t| {
        t.contains("results")
            && t.lines()
                .any(|l| l.contains("reference") && l.contains("yes"))
    });
    no_stray_text(&done);
    assert!(
        home.join("cubetui/reference-tables-v2.bin").is_file(),
        "the tables were cached"
    );
    s.quit();
}

#[test]
fn a_damaged_cache_is_named_in_the_message_line_after_the_rebuild() {
    // Short paths, so the reason fits on the line.
    let home = PathBuf::from(format!("/tmp/ct{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("cubetui")).unwrap();
    let mut bytes = b"cubetui-2phase-2".to_vec();
    bytes.resize(cubetui_solve::reference::cache::expected_len(), 0);
    std::fs::write(home.join("cubetui/reference-tables-v2.bin"), bytes).unwrap();
    let mut s = start(&["--seed", "3", "--preset", "reference"], &home);
    let shown = s
        .screen
        .wait_for("the reason after the rebuild", WAIT, |t| {
            t.contains("is corrupt (checksum mismatch); tables rebuilt in")
        });
    no_stray_text(&shown);
    s.quit();
    let _ = std::fs::remove_dir_all(&home);
}
