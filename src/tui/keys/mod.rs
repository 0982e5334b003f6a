//! Actions and the one key table that maps keys to them, feeds the key-hint
//! bar and the help popup.

pub mod mouse;
pub mod panel;

use crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::knobs::keys::KnobKey;
use cubetui_cube::{Face, Move};

/// Everything the user (or the clock) can do to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A frame went by: read the solver's progress.
    Tick,
    Quit,
    /// Turn the displayed cube (resets the run).
    Turn(Move),
    /// Open the prompt for an algorithm in WCA notation.
    OpenPrompt,
    PromptChar(char),
    PromptBackspace,
    PromptSubmit,
    PromptCancel,
    /// Text pasted into the terminal (bracketed paste): into an open knob
    /// value, else into the prompt, which opens if it is closed; never run
    /// as keys.
    Paste(String),
    /// Apply an algorithm typed elsewhere (the prompt submits through this).
    ApplyAlg(String),
    /// Scramble at the chosen depth (a random state by default).
    Scramble,
    /// Depth of later scrambles; `None`: random state.
    SetDepth(Option<usize>),
    /// Upright view / raw view of the state.
    ToggleUpright,
    /// Back to the solved cube.
    Reset,
    /// The next cube size (`true`: the previous one): a solved cube of
    /// that size, the run reset.
    CycleSize(bool),
    StartPause,
    Step,
    Faster,
    Slower,
    CycleGenerator,
    CycleSolver,
    /// The previous solver preset (Shift-Tab; resets the run).
    PrevSolver,
    ToggleLayout,
    ToggleLetters,
    ToggleOverlay,
    /// Log-scale / linear y axis on the plots.
    ToggleLogScale,
    /// Show half as much of the run on the plots (the latest part).
    ZoomIn,
    /// Show the whole run on the plots again.
    ZoomOut,
    /// The population view (fitness band, diversity) in place of the side
    /// plot, or back.
    TogglePopulation,
    /// The plots fold to a line when the net needs their rows to part its
    /// stickers (the default), or keep their rows.
    TogglePlots,
    /// Solution playback (when solved), or a replay's cursor: one move or
    /// point forward, back, to the first, to the last.
    PlayForward,
    PlayBack,
    PlayStart,
    PlayEnd,
    /// A tenth of the solution or of the replay forward (`true`) or back.
    PlayJump(bool),
    /// Open the race of several presets on the shown cube, or leave it.
    Race,
    /// In a race: the shared plot shows moves to solved / misplaced stickers.
    ToggleRaceMeasure,
    /// The knobs panel (the solver's live parameters): open, close, or
    /// act in it.
    Knob(KnobKey),
    /// Show (and copy, where the terminal can) the command that reproduces
    /// the run or race in batch.
    CopyCommand,
    ToggleHelp,
    CloseHelp,
    /// Scroll the open help popup.
    ScrollHelp(HelpScroll),
    /// The terminal's size (columns, rows): at start and on every resize,
    /// so the reducer maps mouse positions with the layout the screen draws.
    Resize(u16, u16),
    /// The mouse wheel at a cell (column, row): over a plot, up zooms in
    /// and down zooms out; over the open help, it scrolls.
    Wheel {
        up: bool,
        column: u16,
        row: u16,
    },
    /// A left click at a cell (column, row): on a race lane, focuses it.
    Click {
        column: u16,
        row: u16,
    },
    /// Give the terminal back and stop (Ctrl-Z); `fg` brings the screen back.
    Suspend,
    /// Clear the terminal and draw the whole screen again (Ctrl-L).
    Redraw,
    /// Show a message from elsewhere in the program (the reference tables
    /// being built) in the message line.
    Notice(String),
    /// A plain printable key that maps to nothing: said in the message line.
    UnknownKey(char),
}

/// How the open help popup scrolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpScroll {
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
}

/// One row of the key table.
pub struct Binding {
    /// The keys, as shown to the user.
    pub keys: &'static str,
    /// Short label for the hint bar; `None` keeps it out of the bar.
    pub hint: Option<&'static str>,
    /// One line for the help popup.
    pub help: &'static str,
    /// Maps a key press to the action, if this row handles it.
    pub map: fn(&KeyEvent) -> Option<Action>,
}

fn ch(k: &KeyEvent) -> Option<char> {
    match k.code {
        KeyCode::Char(c) if !k.modifiers.contains(KeyModifiers::CONTROL) => Some(c),
        _ => None,
    }
}

/// `Ctrl-<c>`.
fn ctrl(k: &KeyEvent, c: char) -> bool {
    k.code == KeyCode::Char(c) && k.modifiers.contains(KeyModifiers::CONTROL)
}

/// Keys that act the same with the prompt or a panel open or closed.
pub(crate) fn global(k: &KeyEvent) -> Option<Action> {
    if ctrl(k, 'c') {
        Some(Action::Quit)
    } else if ctrl(k, 'z') {
        Some(Action::Suspend)
    } else if ctrl(k, 'l') {
        Some(Action::Redraw)
    } else {
        None
    }
}

/// Shift held (with an arrow: a tenth at a time).
fn shifted(k: &KeyEvent) -> bool {
    k.modifiers.contains(KeyModifiers::SHIFT)
}

fn face_turn(k: &KeyEvent) -> Option<Action> {
    let c = ch(k)?;
    let face = Face::from_letter(c.to_ascii_uppercase())?;
    let prime = c.is_ascii_uppercase();
    Some(Action::Turn(Move::face(face, if prime { 3 } else { 1 })))
}

macro_rules! key {
    ($c:literal => $a:expr) => {
        |k: &KeyEvent| (ch(k) == Some($c)).then_some($a)
    };
}

/// The key table, in the order of the help popup.
pub static BINDINGS: &[Binding] = &[
    Binding {
        keys: "q  Ctrl-C",
        hint: Some("quit"),
        help: "quit (restores the terminal)",
        map: |k| (ctrl(k, 'c') || ch(k) == Some('q')).then_some(Action::Quit),
    },
    Binding {
        keys: "?",
        hint: Some("help"),
        help: "show or hide this help (↑ ↓ PgUp PgDn home end scroll it)",
        map: key!('?' => Action::ToggleHelp),
    },
    Binding {
        keys: "space",
        hint: Some("solve"),
        help: "start (solve the shown cube) or pause the solver; replay: play",
        map: key!(' ' => Action::StartPause),
    },
    Binding {
        keys: "n",
        hint: Some("step"),
        help: "one step (proposal, generation, window move); pauses",
        map: key!('n' => Action::Step),
    },
    Binding {
        keys: "+ -",
        hint: Some("speed"),
        help: "speed: 1, 2, 10, … steps per frame, unthrottled; replay: rate",
        map: |k| match ch(k)? {
            '+' | '=' => Some(Action::Faster),
            '-' | '_' => Some(Action::Slower),
            _ => None,
        },
    },
    Binding {
        keys: "g",
        hint: Some("gen"),
        help: "next neighbourhood generator (live, marked on the plot)",
        map: key!('g' => Action::CycleGenerator),
    },
    Binding {
        keys: "p",
        hint: Some("knobs"),
        help: "knobs: live parameters; ↑↓ pick, ←→ step, enter type, ⌫ preset",
        map: key!('p' => Action::Knob(KnobKey::Toggle)),
    },
    Binding {
        keys: "tab  S-tab",
        hint: Some("preset"),
        help: "next solver preset; shift-tab: the previous (resets the run)",
        map: |k| match k.code {
            KeyCode::Tab => Some(Action::CycleSolver),
            KeyCode::BackTab => Some(Action::PrevSolver),
            _ => None,
        },
    },
    Binding {
        keys: "u d l r f b",
        hint: None,
        help: "turn a face clockwise; shifted: counter-clockwise",
        map: face_turn,
    },
    Binding {
        keys: ":",
        hint: Some("alg"),
        help: "type an algorithm in WCA notation, enter to apply",
        map: key!(':' => Action::OpenPrompt),
    },
    Binding {
        keys: "s",
        hint: Some("scramble"),
        help: "scramble: a random state, or the depth set by 1-9",
        map: key!('s' => Action::Scramble),
    },
    Binding {
        keys: "1-9  0",
        hint: None,
        help: "depth of s scrambles: 1-9 random moves; 0: a random state",
        map: |k| match ch(k)? {
            '0' => Some(Action::SetDepth(None)),
            c @ '1'..='9' => Some(Action::SetDepth(Some(c as usize - '0' as usize))),
            _ => None,
        },
    },
    Binding {
        keys: "x  y",
        hint: Some("reset"),
        help: "reset to the solved cube; y: show, copy the command of this run",
        map: |k| match ch(k)? {
            'x' => Some(Action::Reset),
            'y' => Some(Action::CopyCommand),
            _ => None,
        },
    },
    Binding {
        keys: "z  Z",
        hint: None,
        help: "cube size 2x2 … 7x7: z up, Z down (a solved cube, run reset)",
        map: |k| match ch(k)? {
            'z' => Some(Action::CycleSize(false)),
            'Z' => Some(Action::CycleSize(true)),
            _ => None,
        },
    },
    Binding {
        keys: "w  m",
        hint: Some("race"),
        help: "race 4 presets (again/esc: leave); m: plot to solved/misplaced",
        map: |k| match ch(k)? {
            'w' => Some(Action::Race),
            'm' => Some(Action::ToggleRaceMeasure),
            _ => None,
        },
    },
    Binding {
        keys: "← →  home end",
        hint: None,
        help: "when solved or in a replay: back / forward one, first / last",
        map: |k| match k.code {
            KeyCode::Left if !shifted(k) => Some(Action::PlayBack),
            KeyCode::Right if !shifted(k) => Some(Action::PlayForward),
            KeyCode::Home => Some(Action::PlayStart),
            KeyCode::End => Some(Action::PlayEnd),
            _ => None,
        },
    },
    Binding {
        keys: "PgUp PgDn",
        hint: None,
        help: "a tenth back / forward (also shift ← →): solution or replay",
        map: |k| match k.code {
            KeyCode::PageUp => Some(Action::PlayJump(false)),
            KeyCode::PageDown => Some(Action::PlayJump(true)),
            KeyCode::Left if shifted(k) => Some(Action::PlayJump(false)),
            KeyCode::Right if shifted(k) => Some(Action::PlayJump(true)),
            _ => None,
        },
    },
    Binding {
        keys: "v",
        hint: None,
        help: "switch the net: 3x18 strip / cross",
        map: key!('v' => Action::ToggleLayout),
    },
    Binding {
        keys: "a",
        hint: None,
        help: "upright view (centres home) / raw view (as the solver turns it)",
        map: key!('a' => Action::ToggleUpright),
    },
    Binding {
        keys: "c  o",
        hint: None,
        help: "c face letters (on under NO_COLOR); o mark misplaced stickers",
        map: |k| match ch(k)? {
            'c' => Some(Action::ToggleLetters),
            'o' => Some(Action::ToggleOverlay),
            _ => None,
        },
    },
    Binding {
        keys: "e  [ ]  i",
        hint: None,
        help: "plots: e log y; [ latest half, ] whole run; i population view",
        map: |k| match ch(k)? {
            'e' => Some(Action::ToggleLogScale),
            'i' => Some(Action::TogglePopulation),
            '[' => Some(Action::ZoomIn),
            ']' => Some(Action::ZoomOut),
            _ => None,
        },
    },
    Binding {
        keys: "t",
        hint: None,
        help: "plots folded to a line to give a big cube room / kept",
        map: key!('t' => Action::TogglePlots),
    },
    Binding {
        keys: "mouse",
        hint: None,
        help: "wheel over a plot: zoom in / out; click a race lane: focus it",
        map: |_| None,
    },
    Binding {
        keys: "Ctrl-Z Ctrl-L",
        hint: None,
        help: "suspend (`fg` returns to the screen) / redraw the whole screen",
        map: |k| {
            if ctrl(k, 'z') {
                Some(Action::Suspend)
            } else {
                ctrl(k, 'l').then_some(Action::Redraw)
            }
        },
    },
    Binding {
        keys: "esc",
        hint: None,
        help: "close this help or the prompt; leave the race",
        map: |k| (k.code == KeyCode::Esc).then_some(Action::CloseHelp),
    },
];

/// The action for a key in normal mode; a plain printable key that maps
/// to nothing is [`Action::UnknownKey`] (never a release, a modifier alone
/// or a chord with Ctrl or Alt).
pub fn action_for(k: &KeyEvent) -> Option<Action> {
    if k.kind == KeyEventKind::Release {
        return None;
    }
    BINDINGS
        .iter()
        .find_map(|b| (b.map)(k))
        .or_else(|| match k.code {
            KeyCode::Char(c)
                if !c.is_control() && (k.modifiers - KeyModifiers::SHIFT).is_empty() =>
            {
                Some(Action::UnknownKey(c))
            }
            _ => None,
        })
}

/// The action for a mouse event: the wheel, and a left click.
pub fn mouse_action_for(m: &MouseEvent) -> Option<Action> {
    let (column, row) = (m.column, m.row);
    match m.kind {
        MouseEventKind::ScrollUp => Some(Action::Wheel {
            up: true,
            column,
            row,
        }),
        MouseEventKind::ScrollDown => Some(Action::Wheel {
            up: false,
            column,
            row,
        }),
        MouseEventKind::Down(MouseButton::Left) => Some(Action::Click { column, row }),
        _ => None,
    }
}

/// The action for a key while the algorithm prompt is open.
pub fn prompt_action_for(k: &KeyEvent) -> Option<Action> {
    if let Some(a) = global(k) {
        return Some(a);
    }
    match k.code {
        KeyCode::Esc => Some(Action::PromptCancel),
        KeyCode::Enter => Some(Action::PromptSubmit),
        KeyCode::Backspace => Some(Action::PromptBackspace),
        KeyCode::Char(c) => Some(Action::PromptChar(c)),
        _ => None,
    }
}
