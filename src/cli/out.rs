//! Writing results: to stdout, where a reader that went away (`| head`) is not
//! an error, and to files, where every failure names the file and the reason.

use std::fs::File;
use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

use color_eyre::eyre::Report;
use cubetui_solve::files::{CreateError, FileError, ReopenError, create_locked, reopen_locked};

use super::exit::{InvalidInput, OutputError};

/// Move sequences longer than this are printed as a summary unless `--full`.
pub const SHOWN_MOVES: usize = 200;

/// Moves shown at each end of a summarised sequence.
const ENDS: usize = 20;

/// `first 20 … last 20` of a move sequence (moves separated by spaces) longer
/// than [`SHOWN_MOVES`]; `None` when it is short enough to print whole.
pub fn summary(moves: &str) -> Option<String> {
    let m: Vec<&str> = moves.split_ascii_whitespace().collect();
    (m.len() > SHOWN_MOVES).then(|| {
        format!(
            "{} … {}",
            m[..ENDS].join(" "),
            m[m.len() - ENDS..].join(" ")
        )
    })
}

/// Writes `bytes` to stdout and flushes. A closed pipe is not an error (the
/// reader has what it wanted); any other failure is an [`OutputError`] (exit 5).
pub fn stdout(bytes: &[u8]) -> Result<(), Report> {
    let mut out = std::io::stdout().lock();
    check(out.write_all(bytes).and_then(|()| out.flush())).map(|_| ())
}

/// A file of lines, each flushed as it is written.
pub struct LineFile {
    shown: String,
    w: BufWriter<File>,
}

impl LineFile {
    /// Creates (or truncates) `path`, locked while it is open (another
    /// run writing it is refused); a failure names the path and the reason.
    pub fn create(path: &Path) -> Result<LineFile, Report> {
        let shown = path.display().to_string();
        let file = create_locked(path).map_err(|e| OutputError(created(&shown, &e)))?;
        Ok(LineFile {
            shown,
            w: BufWriter::new(file),
        })
    }

    /// Goes on with the file `path` ([`reopen_locked`], at most `limit`
    /// bytes): its text, and a writer that `keep`s the first bytes given
    /// and appends after them. A file another run holds is refused (exit 5),
    /// one that is not a regular file, too large or not text is bad input
    /// (exit 3).
    pub fn reopen(path: &Path, limit: u64) -> Result<(Reopened, String), Report> {
        let shown = path.display().to_string();
        let (file, bytes) =
            reopen_locked(path, limit, "a --jsonl file to resume").map_err(|e| match e {
                ReopenError::Open(e) => Report::from(OutputError(created(&shown, &e))),
                ReopenError::Read(FileError::Io(e)) => {
                    OutputError(format!("cannot read {shown}: {}", reason(&e))).into()
                }
                ReopenError::Read(e) => {
                    InvalidInput(format!("cannot go on with {shown}: {e}")).into()
                }
            })?;
        let text = String::from_utf8(bytes).map_err(|_| {
            InvalidInput(format!("cannot go on with {shown}: it is not UTF-8 text"))
        })?;
        Ok((Reopened { shown, file }, text))
    }

    /// Writes `line` and a newline, then flushes.
    pub fn line(&mut self, line: &str) -> Result<(), Report> {
        writeln!(self.w, "{line}")
            .and_then(|()| self.w.flush())
            .map_err(|e| OutputError(format!("cannot write {}: {}", self.shown, reason(&e))).into())
    }
}

/// A file reopened by [`LineFile::reopen`], not yet cut to what is kept.
pub struct Reopened {
    shown: String,
    file: File,
}

impl Reopened {
    /// Keeps the first `len` bytes (drops what follows) and appends after them.
    pub fn keep(mut self, len: u64) -> Result<LineFile, Report> {
        use std::io::{Seek, SeekFrom};
        let shown = self.shown;
        self.file
            .set_len(len)
            .and_then(|()| self.file.seek(SeekFrom::End(0)).map(|_| ()))
            .map_err(|e| OutputError(format!("cannot write {shown}: {}", reason(&e))))?;
        Ok(LineFile {
            shown,
            w: BufWriter::new(self.file),
        })
    }
}

/// Why `shown` could not be created, in words.
pub fn created(shown: &str, e: &CreateError) -> String {
    match e {
        CreateError::Io(e) => format!("cannot create {shown}: {}", reason(e)),
        CreateError::Locked => format!("cannot write {shown}: {e}"),
    }
}

/// The reason of an I/O error in words, with the OS code.
fn reason(e: &std::io::Error) -> String {
    let words = match e.kind() {
        ErrorKind::NotFound => "its directory does not exist",
        ErrorKind::PermissionDenied => "permission denied",
        ErrorKind::IsADirectory => "it is a directory",
        _ => return e.to_string(),
    };
    match e.raw_os_error() {
        Some(code) => format!("{words} (os error {code})"),
        None => words.to_string(),
    }
}

/// Lines streamed to stdout through a buffer, for output too long to build
/// in memory first. A closed pipe ends the stream quietly.
pub(crate) struct StdoutLines {
    w: BufWriter<std::io::StdoutLock<'static>>,
}

impl StdoutLines {
    /// Locks stdout for the stream.
    pub(crate) fn new() -> StdoutLines {
        StdoutLines {
            w: BufWriter::new(std::io::stdout().lock()),
        }
    }

    /// Writes `line` and a newline; `Ok(false)` once the reader has gone.
    pub fn line(&mut self, line: &str) -> Result<bool, Report> {
        check(writeln!(self.w, "{line}"))
    }

    /// Flushes what is buffered.
    pub fn finish(mut self) -> Result<(), Report> {
        check(self.w.flush()).map(|_| ())
    }
}

/// `Ok(true)` for success, `Ok(false)` for a closed pipe, else an [`OutputError`].
fn check(r: std::io::Result<()>) -> Result<bool, Report> {
    match r {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(OutputError(format!("cannot write to stdout: {e}")).into()),
    }
}
