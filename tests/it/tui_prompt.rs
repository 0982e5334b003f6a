//! The `:` prompt takes long input whole, refuses what does not fit out
//! loud, and an empty prompt changes nothing.

use crate::tui_support;

use cubetui::tui::app::PROMPT_MAX;
use cubetui::tui::keys::Action;
use cubetui::tui::reducer::update;
use cubetui::tui::ui;
use cubetui_cube::alg::MAX_MOVES;
use cubetui_cube::{Alg, Cube};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::toy_app;

fn type_in(app: &mut cubetui::tui::app::App, text: &str) {
    update(app, Action::OpenPrompt);
    for c in text.chars() {
        update(app, Action::PromptChar(c));
    }
}

#[test]
fn a_long_algorithm_is_taken_whole_and_its_tail_shown() {
    let mut app = toy_app("R");
    // 201 characters and far more: the old prompt cut at 200 bytes.
    let long = ["R U R' U'"; 300].join(" ") + " F";
    assert!(long.len() > 2_400);
    type_in(&mut app, &long);
    assert_eq!(app.prompt(), Some(long.as_str()));
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| ui::draw(f, &app)).unwrap();
    let text = format!("{}", t.backend());
    assert!(
        text.contains(&format!("({} chars)", long.chars().count())),
        "{text}"
    );
    assert!(
        text.contains("U' F█"),
        "the end of the input is in view:\n{text}"
    );
    update(&mut app, Action::PromptSubmit);
    let alg: Alg = long.parse().unwrap();
    assert_eq!(
        app.start().three(),
        Some(
            &Cube::solved()
                .after(&"R".parse::<Alg>().unwrap())
                .after(&alg)
        )
    );
    assert_eq!(app.message(), Some("applied 1201 moves"));
}

#[test]
fn input_past_the_limit_is_refused_visibly() {
    let mut app = toy_app("R");
    app.set_message(None);
    update(&mut app, Action::Paste("R".repeat(PROMPT_MAX - 1)));
    update(&mut app, Action::PromptChar('R'));
    assert_eq!(app.message(), None);
    update(&mut app, Action::PromptChar('U'));
    assert_eq!(app.prompt().map(|p| p.len()), Some(PROMPT_MAX));
    let m = app.message().expect("a refusal is said");
    assert!(
        m.contains(&PROMPT_MAX.to_string()) && m.contains("`U`"),
        "{m}"
    );
}

#[test]
fn an_empty_prompt_applies_nothing_and_keeps_the_run() {
    let mut app = toy_app("R U");
    update(&mut app, Action::StartPause);
    update(&mut app, Action::Tick);
    let (start, epoch, iteration) = (app.start(), app.epoch(), app.snapshot().unwrap().iteration);
    for text in ["", "   "] {
        type_in(&mut app, text);
        update(&mut app, Action::PromptSubmit);
        assert_eq!(app.start(), start);
        assert_eq!(app.epoch(), epoch, "the run was not reset");
        assert_eq!(app.snapshot().unwrap().iteration, iteration);
        assert!(app.message().unwrap().contains("nothing to apply"));
    }
}

#[test]
fn a_paste_is_prompt_text_with_line_breaks_as_spaces() {
    let mut app = toy_app("R");
    // Outside the prompt a paste opens it; nothing runs as a key.
    update(&mut app, Action::Paste("R U\nq\r\n x".into()));
    assert_eq!(app.prompt(), Some("R U q   x"));
    // Into the open prompt it appends.
    update(&mut app, Action::Paste("\tF'".into()));
    assert_eq!(app.prompt(), Some("R U q   x F'"));
    update(&mut app, Action::PromptCancel);
    assert_eq!(app.prompt(), None);
}

/// `n` moves of every face and turn, as a user would paste them.
fn moves(n: usize) -> String {
    let pool = [
        "R", "U'", "F2", "D", "L'", "B2", "R'", "U2", "F", "D'", "L2", "B",
    ];
    (0..n)
        .map(|i| pool[(i * 7 + i / 12) % pool.len()])
        .collect::<Vec<_>>()
        .join(" ")
}

/// The screen's text with the app drawn on it.
fn drawn(app: &cubetui::tui::app::App) -> String {
    let mut t = Terminal::new(TestBackend::new(120, 30)).unwrap();
    t.draw(|f| ui::draw(f, app)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn a_paste_of_the_notations_limit_is_applied_whole() {
    let mut app = toy_app("R");
    let text = moves(MAX_MOVES);
    update(&mut app, Action::Paste(text.clone()));
    assert_eq!(
        app.prompt(),
        Some(text.as_str()),
        "the paste is taken whole"
    );
    update(&mut app, Action::PromptSubmit);
    assert_eq!(app.message(), Some("applied 100000 moves"));
    let alg: Alg = text.parse().unwrap();
    assert_eq!(
        app.start().three(),
        Some(
            &Cube::solved()
                .after(&"R".parse::<Alg>().unwrap())
                .after(&alg)
        )
    );
}

#[test]
fn a_paste_past_the_notations_limit_is_refused_in_words() {
    let mut app = toy_app("R");
    let start = app.start();
    update(&mut app, Action::Paste(moves(MAX_MOVES + 1)));
    update(&mut app, Action::PromptSubmit);
    let m = app.message().unwrap_or_default().to_string();
    assert!(
        !m.contains("applied") && m.contains("more than 100000 moves"),
        "{m}"
    );
    assert_eq!(app.start(), start, "nothing was applied");
    assert!(drawn(&app).contains("more than 100000 moves"));
}

#[test]
fn a_paste_past_the_prompts_room_is_refused_whole_and_visibly() {
    let mut app = toy_app("R");
    update(&mut app, Action::Paste("R U".into()));
    update(&mut app, Action::Paste("R ".repeat(PROMPT_MAX / 2)));
    assert_eq!(app.prompt(), Some("R U"), "nothing of the paste was taken");
    let m = app.message().unwrap_or_default().to_string();
    assert!(
        m.contains(&format!("{} characters", PROMPT_MAX / 2 * 2)) && m.contains("nothing"),
        "{m}"
    );
    // Said on the screen while the prompt is still open.
    let text = drawn(&app);
    assert!(
        text.lines()
            .any(|l| l.contains("alg: R U█") && l.contains("nothing")),
        "{text}"
    );
}
