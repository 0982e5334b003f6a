//! Writing results: to stdout, where a reader that went away (`| head`) is not
//! an error, and to files, where every failure names the file and the reason.

use std::fs::File;
use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

use color_eyre::eyre::Report;

use super::OutputError;

/// Writes `bytes` to stdout and flushes. A closed pipe is not an error (the
/// reader has what it wanted); any other failure is an [`OutputError`] (exit 5).
pub fn stdout(bytes: &[u8]) -> Result<(), Report> {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(OutputError(format!("cannot write to stdout: {e}")).into()),
    }
}

/// A file of lines, each flushed as it is written.
pub struct LineFile {
    shown: String,
    w: BufWriter<File>,
}

impl LineFile {
    /// Creates (or truncates) `path`; a failure names the path and the reason.
    pub fn create(path: &Path) -> Result<LineFile, Report> {
        let shown = path.display().to_string();
        let file = File::create(path)
            .map_err(|e| OutputError(format!("cannot create {shown}: {}", reason(&e))))?;
        Ok(LineFile {
            shown,
            w: BufWriter::new(file),
        })
    }

    /// Writes `line` and a newline, then flushes.
    pub fn line(&mut self, line: &str) -> Result<(), Report> {
        writeln!(self.w, "{line}")
            .and_then(|()| self.w.flush())
            .map_err(|e| OutputError(format!("cannot write {}: {}", self.shown, reason(&e))).into())
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
