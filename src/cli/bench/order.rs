//! `--jsonl` lines in cube order, whatever order the cubes finish in.

use std::collections::BTreeMap;

use color_eyre::eyre::Report;

use super::super::out::LineFile;

/// JSONL lines in index order: a line is written (and flushed) as soon as
/// the lines of every earlier index have been.
pub struct InOrder {
    file: LineFile,
    next: u64,
    waiting: BTreeMap<u64, Vec<String>>,
}

impl InOrder {
    pub fn new(file: LineFile) -> InOrder {
        InOrder {
            file,
            next: 0,
            waiting: BTreeMap::new(),
        }
    }

    /// Takes the lines of the `i`-th cube run (one per lane); writes every line now
    /// in order.
    pub fn push(&mut self, i: u64, lines: Vec<String>) -> Result<(), Report> {
        self.waiting.insert(i, lines);
        while let Some(lines) = self.waiting.remove(&self.next) {
            for line in lines {
                self.file.line(&line)?;
            }
            self.next += 1;
        }
        Ok(())
    }

    /// Writes the lines still waiting for an earlier one that never came.
    pub fn finish(&mut self) -> Result<(), Report> {
        for line in std::mem::take(&mut self.waiting).into_values().flatten() {
            self.file.line(&line)?;
        }
        Ok(())
    }
}
