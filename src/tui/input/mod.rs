//! Terminal input on its own threads.
//!
//! One thread reads the terminal's bytes as they come (a blocking read of up
//! to 64 KiB, so a 10 KB paste is one read); a second turns them into
//! events with [`parse::Parser`] and waits, when a sequence is left
//! unfinished, at most its time-out for the rest ([`parse::TORN`]): a torn
//! escape sequence is dropped rather than holding the keys after it. The
//! events feed a channel that the event loop drains completely every time it
//! wakes, so a paste or a burst of keys costs one frame. A resize is not
//! read here: the event loop catches SIGWINCH.

pub mod parse;

use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Instant;

use crossterm::event::Event;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

const READ_SIZE: usize = 64 * 1024;

/// Where the keys come from: standard input if it is the terminal, else
/// the controlling terminal (as crossterm picks it).
enum Source {
    Stdin,
    Tty(File),
}

impl Source {
    fn open() -> io::Result<Source> {
        if io::stdin().is_terminal() {
            Ok(Source::Stdin)
        } else {
            File::open("/dev/tty").map(Source::Tty)
        }
    }

    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = match self {
                Source::Stdin => io::stdin().lock().read(buf),
                Source::Tty(f) => f.read(buf),
            };
            match n {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                n => return n,
            }
        }
    }
}

/// Starts the reader; it ends when the receiver is dropped (after its next
/// read), at the end of input (the channel closes) or on the first read
/// error, which it forwards.
pub fn spawn() -> io::Result<UnboundedReceiver<io::Result<Event>>> {
    let mut source = Source::open()?;
    let (tx, rx) = unbounded_channel();
    let (bytes_tx, bytes_rx) = mpsc::channel::<io::Result<Vec<u8>>>();
    std::thread::Builder::new()
        .name("cubetui-input".into())
        .spawn(move || {
            let mut buf = vec![0; READ_SIZE];
            loop {
                let read = source.read(&mut buf);
                let end = !matches!(read, Ok(n) if n > 0);
                if bytes_tx.send(read.map(|n| buf[..n].to_vec())).is_err() || end {
                    break;
                }
            }
        })?;
    std::thread::Builder::new()
        .name("cubetui-keys".into())
        .spawn(move || parse_loop(&bytes_rx, &tx))?;
    Ok(rx)
}

/// Turns the reads into events until either side closes.
fn parse_loop(
    bytes: &mpsc::Receiver<io::Result<Vec<u8>>>,
    tx: &UnboundedSender<io::Result<Event>>,
) {
    let mut parser = parse::Parser::default();
    let mut out = Vec::new();
    let mut last = Instant::now();
    loop {
        let read = match parser.patience() {
            None => bytes.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(wait) => bytes.recv_timeout(wait.saturating_sub(last.elapsed())),
        };
        match read {
            Ok(Ok(chunk)) if !chunk.is_empty() => {
                last = Instant::now();
                // A full read means more is waiting.
                parser.feed(&chunk, chunk.len() == READ_SIZE, &mut out);
            }
            Err(RecvTimeoutError::Timeout) => parser.expire(&mut out),
            Ok(Err(e)) => {
                let _ = tx.send(Err(e));
                return;
            }
            // The end of input, or the reader gone.
            Ok(Ok(_)) | Err(RecvTimeoutError::Disconnected) => return,
        }
        for ev in out.drain(..) {
            if tx.send(Ok(ev)).is_err() {
                return;
            }
        }
    }
}
