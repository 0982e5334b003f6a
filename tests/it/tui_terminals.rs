//! Terminals that cannot draw everything, through
//! the real binary in a pseudo-terminal: `TERM=dumb` is refused, a monochrome
//! terminal gets no colour, a non-UTF-8 locale gets ASCII only, and six race
//! lanes at 80x24 each get a legend entry.

use crate::pty_support;

use std::time::Duration;

use pty_support::Session;

/// The single-run screen, fully drawn.
fn main_screen(s: &str) -> bool {
    s.contains("status") && s.contains("energy") && s.contains("space solves it")
}

#[test]
fn term_dumb_is_refused_with_exit_2() {
    let mut s = Session::start(&["--seed", "3"], &[("TERM", "dumb")]);
    let code = s.exit_status().exit_code();
    assert_eq!(code, 2, "screen:\n{}", s.screen.text());
    let text = s.screen.text();
    assert!(text.contains("TERM=dumb"), "{text}");
    assert!(
        text.contains("cubetui solve"),
        "says what to run instead: {text}"
    );
    let raw = s.raw.lock().unwrap();
    let raw = String::from_utf8_lossy(&raw);
    assert!(
        !raw.contains("\x1b[?1049h"),
        "never entered the alternate screen"
    );
}

#[test]
fn a_monochrome_terminal_gets_no_colour() {
    // Colour where the terminal has it (so the check below can fail) …
    let mut s = Session::start(&["--seed", "3"], &[]);
    s.screen.wait("the main screen", main_screen);
    assert!(
        s.screen.coloured_cells() > 0,
        "a colour terminal shows colours"
    );
    s.quit();
    // … and none on a vt100, whose terminfo entry has no colours.
    let mut s = Session::start(&["--seed", "3"], &[("TERM", "vt100")]);
    let text = s.screen.wait("the main screen", main_screen);
    assert_eq!(
        s.screen.coloured_cells(),
        0,
        "no colour on a vt100:\n{text}"
    );
    // Stickers still read: their face letters.
    assert!(text.contains(" U ") || text.contains(" F "), "{text}");
    s.quit();
}

#[test]
fn a_non_utf8_locale_gets_ascii_borders_and_plot_markers() {
    for (var, value) in [("LC_ALL", "POSIX"), ("LANG", "C")] {
        let mut s = Session::start(&["--seed", "3"], &[(var, value)]);
        s.screen.wait("the main screen", main_screen);
        // Run, so the plots have points.
        s.send(" ");
        let text = s
            .screen
            .wait("plot points", |t| main_screen(t) || t.contains("solved"));
        std::thread::sleep(Duration::from_millis(300));
        let text = format!("{text}{}", s.screen.text());
        assert!(text.is_ascii(), "{var}={value}: not ASCII:\n{text}");
        assert!(text.contains("+-"), "ASCII borders:\n{text}");
        s.quit();
        let raw = s.raw.lock().unwrap();
        assert!(
            raw.is_ascii(),
            "{var}={value}: a byte above 127 reached the terminal"
        );
    }
    // The same screen in a UTF-8 locale draws box characters.
    let mut s = Session::start(&["--seed", "3"], &[]);
    let text = s.screen.wait("the main screen", main_screen);
    assert!(text.contains('│'), "{text}");
    s.quit();
}

#[test]
fn six_race_lanes_at_80x24_each_have_a_legend_entry() {
    let lanes = "sa-pll-conj,sa-faces-hot,mws-short,phases-es,phases-ga,reference";
    let mut s = Session::start_sized(&["--race", lanes, "--seed", "3"], &[], 24, 80);
    let text = s.screen.wait("the race plot", |t| {
        t.contains("race · 6 lanes")
            && t.lines()
                .any(|l| l.contains("to solved") && l.contains('■'))
    });
    let title = text
        .lines()
        .find(|l| l.contains("to solved") && l.contains('■'))
        .unwrap();
    assert_eq!(
        title.matches('■').count(),
        6,
        "every lane has an entry: {title}"
    );
    // Six labels, all distinct, none cut by the border.
    let labels: Vec<&str> = title
        .split('■')
        .skip(1)
        .map(|e| e.trim().trim_end_matches(['─', '┐']).trim())
        .collect();
    for (i, a) in labels.iter().enumerate() {
        assert!(!a.is_empty(), "{title}");
        for b in &labels[i + 1..] {
            assert_ne!(a, b, "{title}");
        }
    }
    assert!(title.trim_end().ends_with('┐'), "{title}");
    s.quit();
}
