//! The keys while the help popup or the knobs panel holds the keyboard:
//! their own keys first, then the usual table ([`action_for`]).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

use crate::tui::keys::{Action, HelpScroll, action_for, global};
use crate::tui::knobs::keys::KnobKey;

/// The action for a key while the help popup is open: the arrows,
/// PgUp/PgDn and Home/End scroll it; other keys act as usual.
pub fn help_action_for(k: &KeyEvent) -> Option<Action> {
    if k.kind == KeyEventKind::Release {
        return None;
    }
    let scroll = match k.code {
        KeyCode::Up => HelpScroll::Up,
        KeyCode::Down => HelpScroll::Down,
        KeyCode::PageUp => HelpScroll::PageUp,
        KeyCode::PageDown => HelpScroll::PageDown,
        KeyCode::Home => HelpScroll::Top,
        KeyCode::End => HelpScroll::Bottom,
        _ => return action_for(k),
    };
    Some(Action::ScrollHelp(scroll))
}

/// The action for a key while the knobs panel is open: its own keys
/// (↑ ↓ ← → enter backspace esc p), or while a value is being typed, every
/// key but the global ones goes to the value; other keys act as usual.
pub fn knobs_action_for(k: &KeyEvent, typing: bool) -> Option<Action> {
    if k.kind == KeyEventKind::Release {
        return None;
    }
    if let Some(a) = global(k) {
        return Some(a);
    }
    let key = if typing {
        match k.code {
            KeyCode::Esc => KnobKey::Cancel,
            KeyCode::Enter => KnobKey::Submit,
            KeyCode::Backspace => KnobKey::Erase,
            KeyCode::Char(c) => KnobKey::Char(c),
            _ => return None,
        }
    } else {
        match k.code {
            KeyCode::Up => KnobKey::Prev,
            KeyCode::Down => KnobKey::Next,
            KeyCode::Left => KnobKey::Less,
            KeyCode::Right => KnobKey::More,
            KeyCode::Enter => KnobKey::Edit,
            KeyCode::Backspace => KnobKey::Reset,
            KeyCode::Esc => KnobKey::Close,
            _ => return action_for(k),
        }
    };
    Some(Action::Knob(key))
}
