//! The terminal's modes while the screen is up (raw, alternate screen,
//! bracketed paste, mouse capture), and giving them back: on
//! exit, on a panic, and around a suspend (Ctrl-Z, SIGTSTP) — as vim and
//! htop do, the shell gets a normal terminal while the program is stopped,
//! and the screen comes back whole when it continues.

use std::io::{self, stdout};

use crossterm::clipboard::CopyToClipboard;
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;
use rustix::process::{Signal, getpid, kill_current_process_group, kill_process};

/// Raw mode, the alternate screen, bracketed paste and mouse capture; a
/// panic hook turns them all off before the panic message is printed.
pub fn enter() -> io::Result<DefaultTerminal> {
    // ratatui's hook restores raw mode and the screen; ours runs before it.
    let terminal = ratatui::try_init()?;
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
        hook(info);
    }));
    execute!(stdout(), EnableBracketedPaste, EnableMouseCapture)?;
    Ok(terminal)
}

/// Back to the terminal the program started in: mouse capture and
/// bracketed paste off, raw mode off, main screen. Best effort on every
/// step.
pub fn leave() -> io::Result<()> {
    let modes = execute!(stdout(), DisableMouseCapture, DisableBracketedPaste);
    ratatui::try_restore()?;
    modes
}

/// Who stops when the screen suspends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-Z: the whole job, as the terminal's own Ctrl-Z would.
    Job,
    /// A SIGTSTP sent to this process alone.
    Process,
}

/// Gives the terminal back and stops; returns once continued (`fg`), with
/// the screen entered again and cleared, so the next draw paints it whole.
pub fn suspend(terminal: &mut DefaultTerminal, who: Stop) -> io::Result<()> {
    leave()?;
    terminal.show_cursor()?;
    // SIGSTOP, not SIGTSTP: the screen catches SIGTSTP to get here.
    match who {
        Stop::Job => kill_current_process_group(Signal::STOP)?,
        Stop::Process => kill_process(getpid(), Signal::STOP)?,
    }
    resume(terminal)
}

/// Raw mode, the alternate screen, bracketed paste and mouse capture again
/// (after a suspend, or a SIGSTOP this program never saw), then a full
/// repaint: whatever was written to the terminal meanwhile is gone.
pub fn resume(terminal: &mut DefaultTerminal) -> io::Result<()> {
    // The shell may have set cooked mode meanwhile, and crossterm skips
    // `enable_raw_mode` when it believes raw mode is on: set it afresh.
    disable_raw_mode()?;
    enable_raw_mode()?;
    execute!(
        stdout(),
        EnterAlternateScreen,
        EnableBracketedPaste,
        EnableMouseCapture
    )?;
    terminal.hide_cursor()?;
    repaint(terminal)
}

/// Copies `text` to the clipboard with OSC 52, written through the
/// terminal's backend (a terminal without OSC 52 ignores the sequence).
pub fn copy(terminal: &mut DefaultTerminal, text: &str) -> io::Result<()> {
    execute!(
        terminal.backend_mut(),
        CopyToClipboard::to_clipboard_from(text)
    )
}

/// Clears the terminal and forgets what was drawn: the next draw is whole.
///
/// Through `resize` to the current size rather than `Terminal::clear`, which
/// asks the terminal for the cursor position: an answer the input thread
/// would read as keys.
pub fn repaint(terminal: &mut DefaultTerminal) -> io::Result<()> {
    let size = terminal.size()?;
    terminal.resize(Rect::new(0, 0, size.width, size.height))
}
