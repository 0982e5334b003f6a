//! The terminal's bytes as key, mouse and paste events.
//!
//! The screen reads the terminal itself rather than through crossterm's
//! reader, whose parser keeps an unfinished escape sequence until its final
//! byte: after the bytes `ESC [ < 3 ; 65` (a mouse report torn in two) it
//! took every key as part of the report until an `M` or `m` came, so `q`,
//! `esc`, Ctrl-C did nothing. Here a sequence ends at its final byte, at a
//! byte that cannot belong to it (a control character, an `ESC`, anything
//! but a digit or `;` in a mouse report) — that byte is then read on its own
//! — or when no byte has come for [`TORN`]: an unfinished sequence is then
//! dropped. A bracketed paste left open that long is delivered as far as it
//! came. The events are crossterm's, decoded as crossterm decodes them.

use std::time::Duration;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};

/// How long an unfinished escape sequence waits for its next byte.
pub const TORN: Duration = Duration::from_millis(100);

/// How long an open bracketed paste waits for its next byte.
pub const TORN_PASTE: Duration = Duration::from_millis(1000);

/// The longest escape sequence kept (a paste is not a sequence here).
const LONGEST: usize = 64;

const ESC: u8 = 0x1b;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// The parser between reads: an unfinished sequence or paste.
#[derive(Debug, Default)]
pub struct Parser {
    /// An escape sequence or a UTF-8 character begun.
    seq: Vec<u8>,
    /// The text of an open bracketed paste.
    paste: Option<Vec<u8>>,
}

impl Parser {
    /// Reads `bytes`, appending the events they finish to `out`. `more`:
    /// more bytes are known to be waiting; without them a lone `ESC` at the
    /// end is the Esc key (as crossterm reads it), not the start of a
    /// sequence.
    pub fn feed(&mut self, bytes: &[u8], more: bool, out: &mut Vec<Event>) {
        for &b in bytes {
            self.byte(b, out);
        }
        if !more && self.seq == [ESC] {
            self.seq.clear();
            out.push(key(KeyCode::Esc, KeyModifiers::NONE));
        }
    }

    /// How long the parser may wait for the next byte before [`expire`]
    /// (`None`: nothing is unfinished).
    ///
    /// [`expire`]: Parser::expire
    pub fn patience(&self) -> Option<Duration> {
        if self.paste.is_some() {
            Some(TORN_PASTE)
        } else if self.seq.is_empty() {
            None
        } else {
            Some(TORN)
        }
    }

    /// No byte came within [`patience`](Parser::patience): a lone `ESC` is
    /// the Esc key, any other unfinished sequence is dropped, an open paste
    /// is delivered as far as it came.
    pub fn expire(&mut self, out: &mut Vec<Event>) {
        if let Some(text) = self.paste.take() {
            out.push(Event::Paste(String::from_utf8_lossy(&text).into_owned()));
        } else if self.seq == [ESC] {
            out.push(key(KeyCode::Esc, KeyModifiers::NONE));
        }
        self.seq.clear();
    }

    fn byte(&mut self, b: u8, out: &mut Vec<Event>) {
        if let Some(text) = &mut self.paste {
            text.push(b);
            if b == b'~' && text.ends_with(PASTE_END) {
                text.truncate(text.len() - PASTE_END.len());
                let text = std::mem::take(text);
                self.paste = None;
                out.push(Event::Paste(String::from_utf8_lossy(&text).into_owned()));
            }
            return;
        }
        match self.seq.first() {
            None => self.first(b, out),
            Some(&ESC) => self.escaped(b, out),
            Some(_) => self.utf8(b, out),
        }
    }

    /// A byte outside any sequence.
    fn first(&mut self, b: u8, out: &mut Vec<Event>) {
        if b == ESC || b >= 0x80 {
            self.seq.push(b);
            self.utf8_done(out);
        } else {
            out.push(key_of_byte(b, KeyModifiers::NONE));
        }
    }

    /// A byte after `ESC`.
    fn escaped(&mut self, b: u8, out: &mut Vec<Event>) {
        let seq = &self.seq;
        if seq.len() == 1 {
            match b {
                b'[' | b'O' => self.seq.push(b),
                ESC => out.push(key(KeyCode::Esc, KeyModifiers::NONE)),
                0x80.. => {
                    self.seq.clear();
                    self.first(b, out);
                }
                _ => {
                    self.seq.clear();
                    out.push(key_of_byte(b, KeyModifiers::ALT));
                }
            }
            return;
        }
        if seq[1] == b'O' {
            self.seq.clear();
            match ss3(b) {
                Some(code) => out.push(key(code, KeyModifiers::NONE)),
                None => self.first(b, out),
            }
            return;
        }
        // ESC [ …: X10 mouse reports carry three raw bytes after `M`.
        if seq.len() >= 3 && seq[2] == b'M' {
            self.seq.push(b);
            if self.seq.len() == 6 {
                let ev = x10_mouse(&self.seq[3..]);
                self.seq.clear();
                out.extend(ev);
            }
            return;
        }
        // ESC [ [ A–E: the Linux console's F1–F5.
        if seq.len() == 3 && seq[2] == b'[' {
            self.seq.clear();
            match b {
                b'A'..=b'E' => out.push(key(KeyCode::F(1 + b - b'A'), KeyModifiers::NONE)),
                _ => self.first(b, out),
            }
            return;
        }
        let mouse = seq.len() >= 3 && seq[2] == b'<';
        let fits = match b {
            // Parameters and intermediates.
            0x20..=0x3f => !mouse || b.is_ascii_digit() || b == b';',
            // Final bytes.
            0x40..=0x7e => !mouse || b == b'M' || b == b'm',
            _ => false,
        };
        if !fits || self.seq.len() >= LONGEST {
            // Not part of this sequence: the sequence is torn, the byte
            // stands on its own.
            self.seq.clear();
            self.first(b, out);
            return;
        }
        self.seq.push(b);
        if (0x40..=0x7e).contains(&b) && !(self.seq.len() == 3 && (b == b'[' || b == b'M')) {
            let seq = std::mem::take(&mut self.seq);
            if seq == PASTE_START {
                self.paste = Some(Vec::new());
            } else {
                out.extend(csi(&seq[2..seq.len() - 1], b));
            }
        }
    }

    /// A byte of a UTF-8 character begun.
    fn utf8(&mut self, b: u8, out: &mut Vec<Event>) {
        if b & 0xc0 != 0x80 {
            self.seq.clear();
            self.first(b, out);
            return;
        }
        self.seq.push(b);
        self.utf8_done(out);
    }

    /// Emits the character in `seq` once it is whole; drops bytes that
    /// cannot become one.
    fn utf8_done(&mut self, out: &mut Vec<Event>) {
        let Some(&lead) = self.seq.first() else {
            return;
        };
        if lead == ESC {
            return;
        }
        let len = match lead {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => {
                self.seq.clear();
                return;
            }
        };
        if self.seq.len() < len {
            return;
        }
        let seq = std::mem::take(&mut self.seq);
        if let Some(c) = std::str::from_utf8(&seq)
            .ok()
            .and_then(|s| s.chars().next())
        {
            out.push(char_key(c, KeyModifiers::NONE));
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// A character key; an upper-case letter carries Shift.
fn char_key(c: char, modifiers: KeyModifiers) -> Event {
    let shift = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers | shift)
}

/// The key of one ASCII byte (not `ESC`).
fn key_of_byte(b: u8, modifiers: KeyModifiers) -> Event {
    let ctrl = modifiers | KeyModifiers::CONTROL;
    match b {
        b'\r' => key(KeyCode::Enter, modifiers),
        b'\t' => key(KeyCode::Tab, modifiers),
        0x7f => key(KeyCode::Backspace, modifiers),
        // Raw mode: `\n` is Ctrl-J.
        0x01..=0x1a => key(KeyCode::Char((b - 0x01 + b'a') as char), ctrl),
        0x1c..=0x1f => key(KeyCode::Char((b - 0x1c + b'4') as char), ctrl),
        0 => key(KeyCode::Char(' '), ctrl),
        _ => char_key(b as char, modifiers),
    }
}

/// `ESC O` and a letter.
fn ss3(b: u8) -> Option<KeyCode> {
    Some(match b {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + b - b'P'),
        _ => return None,
    })
}

/// The numbers of a parameter list (`1;5`), empty ones as 0; `None` if a
/// parameter is not a number.
fn numbers(params: &str) -> Option<Vec<u16>> {
    if params.is_empty() {
        return Some(Vec::new());
    }
    params
        .split(';')
        .map(|p| {
            // `mask:kind` (the kind of key event) keeps the mask.
            let p = p.split(':').next().unwrap_or("");
            if p.is_empty() {
                Some(0)
            } else {
                p.parse().ok()
            }
        })
        .collect()
}

/// The modifiers of an xterm modifier parameter (1 + a bit mask).
fn modifiers_of(mask: u16) -> KeyModifiers {
    let m = mask.saturating_sub(1);
    let mut mods = KeyModifiers::NONE;
    for (bit, flag) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ] {
        if m & bit != 0 {
            mods |= flag;
        }
    }
    mods
}

/// A finished `ESC [ params final` sequence; `None` for one the screen has
/// no use for.
fn csi(params: &[u8], last: u8) -> Option<Event> {
    let params = std::str::from_utf8(params).ok()?;
    if let Some(mouse) = params.strip_prefix('<') {
        return sgr_mouse(mouse, last == b'm');
    }
    let n = numbers(params)?;
    let mods = |i: usize| n.get(i).map_or(KeyModifiers::NONE, |&m| modifiers_of(m));
    let code = match last {
        b'~' => {
            let code = match n.first().copied()? {
                1 | 7 => KeyCode::Home,
                2 => KeyCode::Insert,
                3 => KeyCode::Delete,
                4 | 8 => KeyCode::End,
                5 => KeyCode::PageUp,
                6 => KeyCode::PageDown,
                v @ 11..=15 => KeyCode::F((v - 10) as u8),
                v @ 17..=21 => KeyCode::F((v - 11) as u8),
                v @ 23..=26 => KeyCode::F((v - 12) as u8),
                v @ 28..=29 => KeyCode::F((v - 15) as u8),
                v @ 31..=34 => KeyCode::F((v - 17) as u8),
                _ => return None,
            };
            return Some(key(code, mods(1)));
        }
        b'Z' => {
            return Some(Event::Key(KeyEvent::new_with_kind_and_state(
                KeyCode::BackTab,
                KeyModifiers::SHIFT,
                KeyEventKind::Press,
                KeyEventState::NONE,
            )));
        }
        b'I' if n.is_empty() => return Some(Event::FocusGained),
        b'O' if n.is_empty() => return Some(Event::FocusLost),
        // rxvt's mouse report: `ESC [ Cb ; Cx ; Cy M`.
        b'M' => {
            let [cb, x, y] = n[..] else { return None };
            return mouse(u8::try_from(cb.checked_sub(32)?).ok()?, x, y, false);
        }
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'F' => KeyCode::End,
        b'H' => KeyCode::Home,
        b'P'..=b'S' => KeyCode::F(1 + last - b'P'),
        _ => return None,
    };
    // `ESC [ 1 ; 5 A`, or `ESC [ 5 A`: the modifier is the last number.
    let m = match n.len() {
        0 => KeyModifiers::NONE,
        1 => mods(0),
        _ => mods(1),
    };
    Some(key(code, m))
}

/// SGR mouse report `ESC [ < Cb ; Cx ; Cy M` (`m`: a release).
fn sgr_mouse(params: &str, release: bool) -> Option<Event> {
    let n = numbers(params)?;
    let [cb, x, y] = n[..] else { return None };
    mouse(u8::try_from(cb).ok()?, x, y, release)
}

/// X10 mouse report: `ESC [ M` and three bytes, each 32 + a value.
fn x10_mouse(raw: &[u8]) -> Option<Event> {
    let cb = raw[0].checked_sub(32)?;
    let x = u16::from(raw[1].saturating_sub(32));
    let y = u16::from(raw[2].saturating_sub(32));
    mouse(cb, x, y, false)
}

/// A mouse event from its button byte and 1-based cell.
fn mouse(cb: u8, x: u16, y: u16, release: bool) -> Option<Event> {
    let button = (cb & 0b11) | ((cb & 0b1100_0000) >> 4);
    let dragging = cb & 0b10_0000 != 0;
    let kind = match (button, dragging) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let kind = match kind {
        MouseEventKind::Down(b) if release => MouseEventKind::Up(b),
        k => k,
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, flag) in [
        (0b100, KeyModifiers::SHIFT),
        (0b1000, KeyModifiers::ALT),
        (0b1_0000, KeyModifiers::CONTROL),
    ] {
        if cb & bit != 0 {
            modifiers |= flag;
        }
    }
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x.checked_sub(1)?,
        row: y.checked_sub(1)?,
        modifiers,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(reads: &[&[u8]]) -> Vec<Event> {
        let mut p = Parser::default();
        let mut out = Vec::new();
        for r in reads {
            p.feed(r, false, &mut out);
        }
        out
    }

    fn k(c: char) -> Event {
        char_key(c, KeyModifiers::NONE)
    }

    fn ctrl(c: char) -> Event {
        key(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn esc() -> Event {
        key(KeyCode::Esc, KeyModifiers::NONE)
    }

    #[test]
    fn a_torn_mouse_report_times_out_and_the_next_keys_are_keys() {
        let mut p = Parser::default();
        let mut out = Vec::new();
        p.feed(b"\x1b[<3;65", false, &mut out);
        assert!(out.is_empty());
        assert_eq!(p.patience(), Some(TORN));
        p.expire(&mut out);
        assert!(out.is_empty(), "the torn report is dropped: {out:?}");
        assert_eq!(p.patience(), None);
        for (bytes, ev) in [
            (&b"q"[..], k('q')),
            (b"\x1b", esc()),
            (b"\x03", ctrl('c')),
            (b" ", k(' ')),
        ] {
            p.feed(bytes, false, &mut out);
            assert_eq!(out.pop(), Some(ev));
        }
    }

    #[test]
    fn a_key_right_after_a_torn_report_is_not_swallowed() {
        assert_eq!(events(&[b"\x1b[<3;65q"]), [k('q')]);
        assert_eq!(events(&[b"\x1b[<3;65", b" "]), [k(' ')]);
        assert_eq!(events(&[b"\x1b[<3;65\x03"]), [ctrl('c')]);
        assert_eq!(events(&[b"\x1b[<3;65\x1b"]), [esc()]);
        assert_eq!(events(&[b"\x1b[1;\x03x"]), [ctrl('c'), k('x')]);
        // Another report after the torn one is read whole.
        let [Event::Mouse(m)] = events(&[b"\x1b[<3;65\x1b[<64;2;3M"])[..] else {
            panic!("one mouse event")
        };
        assert_eq!((m.kind, m.column, m.row), (MouseEventKind::ScrollUp, 1, 2));
    }

    #[test]
    fn an_overlong_sequence_is_dropped() {
        let mut long = b"\x1b[".to_vec();
        long.extend(std::iter::repeat_n(b'1', 200));
        long.push(b'x');
        let mut keys = vec![k('1'); 200 - (LONGEST - 2)];
        keys.push(k('x'));
        assert_eq!(events(&[&long]), keys);
    }

    #[test]
    fn keys_decode_as_crossterm_decodes_them() {
        let none = KeyModifiers::NONE;
        let cases: &[(&[u8], Event)] = &[
            (b"a", k('a')),
            (b"A", key(KeyCode::Char('A'), KeyModifiers::SHIFT)),
            (b"\r", key(KeyCode::Enter, none)),
            (b"\t", key(KeyCode::Tab, none)),
            (b"\x7f", key(KeyCode::Backspace, none)),
            (b"\x0c", ctrl('l')),
            (b"\x1a", ctrl('z')),
            (b"\x1b[A", key(KeyCode::Up, none)),
            (b"\x1bOB", key(KeyCode::Down, none)),
            (b"\x1b[1;5C", key(KeyCode::Right, KeyModifiers::CONTROL)),
            (b"\x1b[H", key(KeyCode::Home, none)),
            (b"\x1b[4~", key(KeyCode::End, none)),
            (b"\x1b[5~", key(KeyCode::PageUp, none)),
            (b"\x1b[6;2~", key(KeyCode::PageDown, KeyModifiers::SHIFT)),
            (b"\x1b[15~", key(KeyCode::F(5), none)),
            (b"\x1bOP", key(KeyCode::F(1), none)),
            (b"\x1b[Z", key(KeyCode::BackTab, KeyModifiers::SHIFT)),
            (b"\x1bx", key(KeyCode::Char('x'), KeyModifiers::ALT)),
            ("é".as_bytes(), k('é')),
        ];
        for (bytes, ev) in cases {
            assert_eq!(events(&[bytes]), std::slice::from_ref(ev), "{bytes:?}");
        }
        // A UTF-8 character split between reads.
        assert_eq!(events(&[&[0xc3], &[0xa9]]), [k('é')]);
        // Two escapes are two Esc keys.
        assert_eq!(events(&[b"\x1b\x1b"]), [esc(), esc()]);
    }

    #[test]
    fn mouse_reports_decode() {
        let click = |bytes: &[u8]| match events(&[bytes])[..] {
            [Event::Mouse(m)] => (m.kind, m.column, m.row),
            ref other => panic!("{other:?}"),
        };
        let left = MouseButton::Left;
        assert_eq!(click(b"\x1b[<0;10;5M"), (MouseEventKind::Down(left), 9, 4));
        assert_eq!(click(b"\x1b[<0;10;5m"), (MouseEventKind::Up(left), 9, 4));
        assert_eq!(click(b"\x1b[<65;1;1M"), (MouseEventKind::ScrollDown, 0, 0));
        assert_eq!(click(b"\x1b[M `!"), (MouseEventKind::Down(left), 63, 0));
        assert_eq!(click(b"\x1b[32;3;4M"), (MouseEventKind::Down(left), 2, 3));
    }

    #[test]
    fn a_paste_is_one_event_even_across_reads() {
        assert_eq!(
            events(&[b"\x1b[200~R U\nq", b" x\x1b[201~", b"q"]),
            [Event::Paste("R U\nq x".into()), k('q')]
        );
        // A paste whose end never comes is delivered once the input pauses.
        let mut p = Parser::default();
        let mut out = Vec::new();
        p.feed(b"\x1b[200~R U", false, &mut out);
        assert!(out.is_empty());
        assert_eq!(p.patience(), Some(TORN_PASTE));
        p.expire(&mut out);
        assert_eq!(out, [Event::Paste("R U".into())]);
        p.feed(b"q", false, &mut out);
        assert_eq!(out.last(), Some(&k('q')));
    }

    #[test]
    fn a_lone_esc_waits_only_when_more_is_coming() {
        let mut p = Parser::default();
        let mut out = Vec::new();
        p.feed(b"\x1b", true, &mut out);
        assert!(out.is_empty());
        p.feed(b"[B", false, &mut out);
        assert_eq!(out, [key(KeyCode::Down, KeyModifiers::NONE)]);
        out.clear();
        p.feed(b"\x1b", true, &mut out);
        p.expire(&mut out);
        assert_eq!(out, [esc()]);
    }
}
