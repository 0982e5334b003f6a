//! Where a bench's cubes come from: random scrambles, random states or a
//! test set; cube `index` of base seed `seed` is the same in every command.

use color_eyre::eyre::Report;

use cubetui_cube::nxn::Size;

use super::super::common::{Start, random_scramble, random_start};
use super::super::exit::UsageError;
use super::states;

/// Where a bench's cubes come from, and their size.
pub struct Source {
    pub size: Size,
    pub kind: Kind,
}

/// The kind of a [`Source`].
pub enum Kind {
    /// `--depth D`: random scrambles.
    Depth(usize),
    /// `--random-state`: uniformly random states on every size.
    Random,
    /// `--states FILE`, read and checked.
    Set(Vec<states::Entry>),
}

impl Source {
    /// The source the options name, of cubes of `size`; a test set is read
    /// and checked whole here, before any solving.
    pub fn of(
        states: Option<&std::path::Path>,
        depth: Option<u64>,
        random_state: bool,
        size: Size,
    ) -> Result<Source, Report> {
        let kind = match (states, depth) {
            (Some(path), _) => Kind::Set(states::load(path, size)?),
            (None, Some(d)) => Kind::Depth(d as usize),
            (None, None) if random_state => Kind::Random,
            (None, None) => {
                return Err(
                    UsageError("give --depth D, --random-state or --states FILE".into()).into(),
                );
            }
        };
        Ok(Source { size, kind })
    }

    /// How many cubes run: `--cubes` (for a test set at most its size,
    /// default all of it).
    pub fn cubes(&self, asked: Option<u64>) -> Result<u64, Report> {
        match (&self.kind, asked) {
            (Kind::Set(set), Some(n)) if n > set.len() as u64 => Err(UsageError(format!(
                "--cubes {n}: the --states file has only {} cubes",
                set.len()
            ))
            .into()),
            (Kind::Set(set), None) => Ok(set.len() as u64),
            (_, Some(n)) => Ok(n),
            // Clap requires --cubes without --states.
            (_, None) => Err(UsageError("give --cubes N".into()).into()),
        }
    }

    /// The start of cube `index` under base seed `seed`.
    pub fn start(&self, seed: u64, index: u64) -> Start {
        match &self.kind {
            Kind::Depth(d) => random_scramble(seed, index, *d, self.size),
            Kind::Random => random_start(seed, index, self.size),
            Kind::Set(set) => set[index as usize].start.clone(),
        }
    }

    /// The line of cube `index` in the test set.
    pub fn line(&self, index: u64) -> Option<u64> {
        match &self.kind {
            Kind::Set(set) => set.get(index as usize).map(|e| e.line),
            _ => None,
        }
    }
}

/// The start states in words, for a summary's first line; past the 3×3
/// led by the size (`4x4, uniformly random states`).
pub fn describe(states: Option<&str>, depth: Option<u64>, size: Size) -> String {
    let what = match (states, depth) {
        (Some(path), _) => format!("from {path}"),
        (None, Some(d)) => format!("random {d}-move scrambles"),
        (None, None) => "uniformly random states".to_string(),
    };
    if size == Size::THREE {
        what
    } else {
        format!("{size}, {what}")
    }
}
