//! The keys tables of docs/screen.md (and any in the README) against the key
//! bindings: every key the screen binds is listed, and every key listed is
//! bound. The bindings are probed, not read: each key of a fixed keyboard
//! goes through `action_for` (and the knobs and help panels' own mappings),
//! so a key added to `src/tui/keys/mod.rs` without a row in the docs fails.

use std::collections::BTreeSet;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use cubetui::tui::keys::panel::{help_action_for, knobs_action_for};
use cubetui::tui::keys::{Action, action_for, mouse_action_for};

use super::{Inline, plain, tables};

/// Every key press the probe tries, with the name the tables use for it.
fn keyboard() -> Vec<(String, KeyEvent)> {
    let none = KeyModifiers::NONE;
    let shift = KeyModifiers::SHIFT;
    let mut out = Vec::new();
    for c in '!'..='~' {
        let m = if c.is_ascii_uppercase() { shift } else { none };
        out.push((c.to_string(), KeyEvent::new(KeyCode::Char(c), m)));
    }
    for c in 'a'..='z' {
        let name = format!("Ctrl-{}", c.to_ascii_uppercase());
        out.push((name, KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)));
    }
    let named = [
        ("space", KeyCode::Char(' '), none),
        ("tab", KeyCode::Tab, none),
        ("shift-tab", KeyCode::BackTab, shift),
        ("esc", KeyCode::Esc, none),
        ("enter", KeyCode::Enter, none),
        ("backspace", KeyCode::Backspace, none),
        ("delete", KeyCode::Delete, none),
        ("insert", KeyCode::Insert, none),
        ("←", KeyCode::Left, none),
        ("→", KeyCode::Right, none),
        ("↑", KeyCode::Up, none),
        ("↓", KeyCode::Down, none),
        ("shift-←", KeyCode::Left, shift),
        ("shift-→", KeyCode::Right, shift),
        ("shift-↑", KeyCode::Up, shift),
        ("shift-↓", KeyCode::Down, shift),
        ("home", KeyCode::Home, none),
        ("end", KeyCode::End, none),
        ("PgUp", KeyCode::PageUp, none),
        ("PgDn", KeyCode::PageDown, none),
    ];
    for (name, code, m) in named {
        out.push((name.to_string(), KeyEvent::new(code, m)));
    }
    for n in 1..=12 {
        out.push((format!("F{n}"), KeyEvent::new(KeyCode::F(n), none)));
    }
    out
}

/// The names of the keys that `map` maps to an action `keep` accepts
/// (`mouse` added when `mouse` is true). A shifted key that does what the
/// key does unshifted (`shift-↑` scrolling as `↑` does) is the key itself.
fn bound_keys(
    map: impl Fn(&KeyEvent) -> Option<Action>,
    keep: impl Fn(&Action) -> bool,
    mouse: bool,
) -> BTreeSet<String> {
    let board = keyboard();
    let action = |name: &str| {
        let (_, k) = board.iter().find(|(n, _)| n == name)?;
        map(k).filter(|a| keep(a))
    };
    let mut out: BTreeSet<String> = board
        .iter()
        .filter(|(n, _)| action(n).is_some())
        .filter(|(n, _)| match n.strip_prefix("shift-") {
            Some(plain) if plain != "tab" => action(n) != action(plain),
            _ => true,
        })
        .map(|(n, _)| n.clone())
        .collect();
    if mouse {
        out.insert("mouse".into());
    }
    out
}

/// The tables of `md` whose header's second cell is `header`: the keys of
/// their first column. A cell's keys are its code spans, each split on
/// spaces; `` `1`–`9` `` is the keys 1 to 9.
fn listed_keys(md: &str, header: &str) -> Vec<BTreeSet<String>> {
    let mut out = Vec::new();
    for table in tables(md) {
        if table.head.get(1).map(plain).as_deref() != Some(header) {
            continue;
        }
        let mut keys = BTreeSet::new();
        for cell in table.rows.iter().filter_map(|r| r.first()) {
            for (i, piece) in cell.iter().enumerate() {
                let Inline::Code(span) = piece else { continue };
                // `a`–`b`: a range.
                if let (Some(Inline::Text(dash)), Some(Inline::Code(a))) = (
                    i.checked_sub(1).map(|j| &cell[j]),
                    i.checked_sub(2).map(|j| &cell[j]),
                ) && dash.trim() == "–"
                    && let (Some(a), Some(b)) = (a.chars().next(), span.chars().next())
                {
                    keys.extend((a..=b).map(String::from));
                    continue;
                }
                keys.extend(span.split(' ').filter(|k| !k.is_empty()).map(String::from));
            }
        }
        out.push(keys);
    }
    out
}

fn screen_md() -> String {
    std::fs::read_to_string("docs/screen.md").expect("docs/screen.md")
}

/// `listed` against `bound`, one line per difference.
fn differences(listed: &BTreeSet<String>, bound: &BTreeSet<String>) -> Vec<String> {
    let names: BTreeSet<String> = keyboard().into_iter().map(|(n, _)| n).collect();
    let mut out = Vec::new();
    for k in listed {
        if k != "mouse" && !names.contains(k) {
            out.push(format!("`{k}` is not a key name the test knows"));
        } else if !bound.contains(k) {
            out.push(format!("`{k}` is listed but not bound"));
        }
    }
    for k in bound.difference(listed) {
        out.push(format!("`{k}` is bound but not listed"));
    }
    out
}

fn main_bound() -> BTreeSet<String> {
    let wheel = MouseEvent {
        kind: MouseEventKind::ScrollUp,
        column: 0,
        row: 0,
        modifiers: KeyModifiers::NONE,
    };
    let mouse = mouse_action_for(&wheel).is_some();
    bound_keys(action_for, |a| !matches!(a, Action::UnknownKey(_)), mouse)
}

#[test]
fn the_keys_table_lists_exactly_the_bound_keys() {
    let tables = listed_keys(&screen_md(), "does");
    assert_eq!(
        tables.len(),
        1,
        "one `| key | does |` table in docs/screen.md"
    );
    let diff = differences(&tables[0], &main_bound());
    assert!(
        diff.is_empty(),
        "docs/screen.md keys table:\n{}",
        diff.join("\n")
    );
}

#[test]
fn the_panel_tables_list_exactly_the_panels_keys() {
    let md = screen_md();
    let knobs = listed_keys(&md, "in the knobs panel");
    assert_eq!(knobs.len(), 1);
    let bound = bound_keys(
        |k| knobs_action_for(k, false),
        |a| matches!(a, Action::Knob(_)),
        false,
    );
    let diff = differences(&knobs[0], &bound);
    assert!(diff.is_empty(), "knobs panel table:\n{}", diff.join("\n"));
    let help = listed_keys(&md, "in the help popup");
    assert_eq!(help.len(), 1);
    let bound = bound_keys(
        help_action_for,
        |a| matches!(a, Action::ScrollHelp(_)),
        false,
    );
    let diff = differences(&help[0], &bound);
    assert!(diff.is_empty(), "help popup table:\n{}", diff.join("\n"));
}

/// The replay's keys (docs/reproducibility.md) and any keys table in the
/// README name only bound keys.
#[test]
fn other_keys_tables_name_only_bound_keys() {
    let bound = main_bound();
    let repro = std::fs::read_to_string("docs/reproducibility.md").expect("reproducibility.md");
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let tables = [
        listed_keys(&repro, "in a replay"),
        listed_keys(&readme, "does"),
    ]
    .concat();
    assert!(!tables.is_empty(), "the replay keys table is found");
    for keys in tables {
        let stray: Vec<&String> = keys.difference(&bound).collect();
        assert!(stray.is_empty(), "listed but not bound: {stray:?}");
    }
}

#[test]
fn the_table_reader_finds_ranges_lists_and_modified_keys() {
    let md = "| key | does |\n| --- | --- |\n| `q` `Ctrl-C` | quit |\n\
              | `1`–`3`, `0` | depth |\n| `u d`, `shift-←` | x `not-a-key` |\n\ntext\n";
    let keys = listed_keys(md, "does");
    let want: BTreeSet<String> = ["q", "Ctrl-C", "1", "2", "3", "0", "u", "d", "shift-←"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(keys, vec![want]);
    let bound: BTreeSet<String> = ["q", "x"].into_iter().map(String::from).collect();
    let listed: BTreeSet<String> = ["q", "zz"].into_iter().map(String::from).collect();
    assert_eq!(
        differences(&listed, &bound),
        [
            "`zz` is not a key name the test knows",
            "`x` is bound but not listed"
        ]
    );
}
