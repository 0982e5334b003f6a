//! `y` in the real binary: the command in the message line and, where the
//! terminal may take it, the same text on the clipboard through OSC 52.

use crate::pty_support;

use crossterm::Command;
use crossterm::clipboard::CopyToClipboard;
use pty_support::Session;

const CMD: &str = "cubetui solve --preset mws --random-state --seed 7";

/// The bytes the screen wrote after `y`, and whether they held the OSC 52
/// sequence copying `CMD`.
fn press_y(env: &[(&str, &str)]) -> bool {
    let mut session = Session::start_sized(&["--seed", "7", "--preset", "mws"], env, 40, 120);
    session
        .screen
        .wait("the start row", |s| s.contains("start "));
    session.send("y");
    session.screen.wait("the command", |s| s.contains(CMD));
    let mut osc = String::new();
    CopyToClipboard::to_clipboard_from(CMD)
        .write_ansi(&mut osc)
        .unwrap();
    session.quit();
    let raw = session.raw.lock().unwrap();
    let text = String::from_utf8_lossy(&raw);
    assert_eq!(
        text.contains("\x1b]52;"),
        text.contains(&osc),
        "an OSC 52 sequence other than the command's"
    );
    text.contains(&osc)
}

#[test]
fn y_copies_with_osc52_unless_turned_off() {
    assert!(press_y(&[]), "xterm-256color takes OSC 52");
    assert!(!press_y(&[("CUBETUI_OSC52", "0")]), "CUBETUI_OSC52=0");
    assert!(!press_y(&[("TERM", "linux")]), "the Linux console");
}
