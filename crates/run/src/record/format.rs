//! The run-file format: [`Header`], [`Event`], [`RunResult`], reading a
//! file back ([`RunFile::parse`]) and writing one line by line ([`Writer`]).

use std::io::Write;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The format version this program writes and the newest it reads.
pub const FORMAT: u32 = 1;

/// The first line of a run file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The run-file format version ([`FORMAT`] when written by this program).
    pub format: u32,
    /// The version of the program that wrote the file.
    pub program: String,
    /// The preset the run started from.
    pub preset: String,
    /// The solver the preset runs.
    pub solver: String,
    /// The cube's size N (3 for the 3x3); a run of any size replays.
    pub size: u32,
    pub seed: u64,
    /// The start state, as a facelet string of 6N² letters (54 on the 3×3).
    pub facelets: String,
    /// Every parameter value as resolved: the preset's table after `--set`.
    pub params: serde_json::Map<String, serde_json::Value>,
    /// The step budget, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_steps: Option<u64>,
    /// The time limit in seconds, when one was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_s: Option<f64>,
    /// What one step is (the solver's step unit).
    pub step_unit: String,
    /// The names of the plot series, in the order of a point's `values`.
    pub series: Vec<String>,
    /// The formula catalogue the run read, when it was not the built-in
    /// one (`--formulas FILE`): replaying reads the file again and refuses
    /// it if its digest differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formulas: Option<FormulasUsed>,
}

/// Where a run's formula catalogue was read, and its digest
/// ([`cubetui_solve::neighbourhood::Catalogue::digest`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormulasUsed {
    /// The file, as an absolute path where the run could make it one.
    pub path: String,
    /// `fnv1a64:` and 16 hex digits.
    pub digest: String,
}

/// One line after the header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Event {
    /// The plot series after `step` steps (`null` where there is no value).
    Point {
        step: u64,
        values: Vec<Option<f64>>,
        /// The solver's current state at this point, as a facelet string (the
        /// state the screen shows), where the writer knows it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        facelets: Option<String>,
    },
    /// A live parameter changed from `from` to `to` before step `step + 1`.
    Knob {
        knob: String,
        from: Option<f64>,
        to: f64,
        step: u64,
    },
    /// The neighbourhood generator changed before step `step + 1`.
    Generator {
        from: Option<String>,
        to: String,
        step: u64,
    },
    /// The solver's phase changed (seen at step `step`).
    Phase {
        from: Option<String>,
        to: String,
        step: u64,
    },
    /// The final result.
    Result(RunResult),
}

/// The end of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunResult {
    pub solved: bool,
    /// Length of the simplified solution (half-turn metric).
    pub htm: usize,
    /// The simplified solution (face turns).
    pub solution: String,
    /// Elementary steps asked of the solver (what `max_steps` counts; a
    /// solver stops early once solved or exhausted, so past that point this
    /// depends on how the steps were batched).
    pub steps: u64,
    /// Elementary steps the solver says it ran (its own count: what
    /// `replay --verify` compares).
    pub iterations: u64,
    /// Whether Ctrl-C stopped the run.
    #[serde(default)]
    pub interrupted: bool,
}

/// A run file read back.
#[derive(Clone, Debug, PartialEq)]
pub struct RunFile {
    pub header: Header,
    /// Every event but the result, in file order.
    pub events: Vec<Event>,
    /// The result, if the run got to write one.
    pub result: Option<RunResult>,
}

/// Why a run file was refused, or could not be written.
#[derive(Debug, Error)]
pub enum RecordError {
    #[error("empty run file")]
    Empty,
    #[error("not a run file: it is not UTF-8 text")]
    NotText,
    #[error("not a run file: it holds NUL bytes (a binary file)")]
    Binary,
    #[error("line {line}: the line is cut short (truncated file)")]
    CutLine { line: usize },
    #[error("line {line}: {message}")]
    Line { line: usize, message: String },
    #[error("run file format {found} is newer than this program reads (up to {FORMAT})")]
    Newer { found: u32 },
    #[error("line {line}: an event after the result")]
    AfterResult { line: usize },
    #[error("the header cannot be replayed: {0}")]
    Header(String),
    #[error("step {step}: the recorded change cannot be made again: {message}")]
    Change { step: u64, message: String },
    #[error("cannot write the run file: {0}")]
    Write(#[from] std::io::Error),
}

impl RunFile {
    /// Reads a run file's bytes.
    ///
    /// # Errors
    /// Not UTF-8, empty, a last line without its newline (cut short), a line
    /// that is not a header or event, a newer format, events after the result.
    pub fn parse(bytes: &[u8]) -> Result<RunFile, RecordError> {
        let text = std::str::from_utf8(bytes).map_err(|_| RecordError::NotText)?;
        if text.contains('\0') {
            return Err(RecordError::Binary);
        }
        // A byte-order mark some editors write is not part of the header.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(RecordError::Empty);
        }
        let mut lines = text
            .split_inclusive('\n')
            .enumerate()
            .map(|(i, l)| (i + 1, l));
        let mut next = || -> Option<Result<(usize, &str), RecordError>> {
            let (n, raw) = lines.next()?;
            Some(match raw.strip_suffix('\n') {
                Some(l) => Ok((n, l.strip_suffix('\r').unwrap_or(l))),
                None => Err(RecordError::CutLine { line: n }),
            })
        };
        let (n, first) = next().ok_or(RecordError::Empty)??;
        let header = header(n, first)?;
        let mut events = Vec::new();
        let mut result = None;
        while let Some(line) = next() {
            let (n, line) = line?;
            if line.trim().is_empty() {
                continue;
            }
            if result.is_some() {
                return Err(RecordError::AfterResult { line: n });
            }
            let event: Event = serde_json::from_str(line).map_err(|e| RecordError::Line {
                line: n,
                message: format!("not a run event ({e})"),
            })?;
            match event {
                Event::Result(r) => result = Some(r),
                e => events.push(e),
            }
        }
        Ok(RunFile {
            header,
            events,
            result,
        })
    }
}

/// Reads the header line: the format version first, so a newer file is
/// refused as newer rather than as garbage.
fn header(n: usize, line: &str) -> Result<Header, RecordError> {
    let bad = |message: String| RecordError::Line { line: n, message };
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| bad(format!("not a run file header ({e})")))?;
    if value.get("kind").and_then(serde_json::Value::as_str) != Some("header") {
        return Err(bad("not a run file header (no \"kind\": \"header\")".into()));
    }
    let format = value
        .get("format")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| bad("the header has no format version".into()))?;
    if format == 0 {
        return Err(bad(format!(
            "format 0 is no run-file format (1 to {FORMAT})"
        )));
    }
    if format > u64::from(FORMAT) {
        return Err(RecordError::Newer {
            found: u32::try_from(format).unwrap_or(u32::MAX),
        });
    }
    let mut value = value;
    if let Some(o) = value.as_object_mut() {
        o.remove("kind");
    }
    serde_json::from_value(value).map_err(|e| bad(format!("bad header ({e})")))
}

/// Writes a run file line by line, flushing each.
pub struct Writer<W: Write> {
    out: W,
}

impl<W: Write> Writer<W> {
    /// Starts a run file on `out` with its header.
    ///
    /// # Errors
    /// The header cannot be written.
    pub fn new(out: W, header: &Header) -> Result<Writer<W>, RecordError> {
        let mut w = Writer { out };
        let mut value = serde_json::to_value(header).map_err(std::io::Error::other)?;
        if let Some(o) = value.as_object_mut() {
            o.insert("kind".into(), "header".into());
        }
        w.line(&value)?;
        Ok(w)
    }

    /// Writes one event.
    ///
    /// # Errors
    /// The line cannot be written.
    pub fn event(&mut self, event: &Event) -> Result<(), RecordError> {
        self.line(event)
    }

    fn line(&mut self, value: &impl Serialize) -> Result<(), RecordError> {
        let mut line = serde_json::to_vec(value).map_err(std::io::Error::other)?;
        line.push(b'\n');
        // One write per line, then flush: the file ends on a whole line.
        self.out.write_all(&line)?;
        self.out.flush()?;
        Ok(())
    }
}
