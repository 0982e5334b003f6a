//! Where a bench's cubes come from: random scrambles, random states or a
//! test set; cube `index` of base seed `seed` is the same in every command.

use color_eyre::eyre::Report;

use super::super::common::{Start, random_scramble, random_start};
use super::super::exit::UsageError;
use super::states;

/// Where a bench's cubes come from.
pub enum Source {
    /// `--depth D`: random scrambles.
    Depth(usize),
    /// `--random-state`.
    Random,
    /// `--states FILE`, read and checked.
    Set(Vec<states::Entry>),
}

impl Source {
    /// The source the options name; a test set is read and checked whole
    /// here, before any solving.
    pub fn of(
        states: Option<&std::path::Path>,
        depth: Option<u64>,
        random_state: bool,
    ) -> Result<Source, Report> {
        Ok(match (states, depth) {
            (Some(path), _) => Source::Set(states::load(path)?),
            (None, Some(d)) => Source::Depth(d as usize),
            (None, None) if random_state => Source::Random,
            (None, None) => {
                return Err(
                    UsageError("give --depth D, --random-state or --states FILE".into()).into(),
                );
            }
        })
    }

    /// How many cubes run: `--cubes` (for a test set at most its size,
    /// default all of it).
    pub fn cubes(&self, asked: Option<u64>) -> Result<u64, Report> {
        match (self, asked) {
            (Source::Set(set), Some(n)) if n > set.len() as u64 => Err(UsageError(format!(
                "--cubes {n}: the --states file has only {} cubes",
                set.len()
            ))
            .into()),
            (Source::Set(set), None) => Ok(set.len() as u64),
            (_, Some(n)) => Ok(n),
            // Clap requires --cubes without --states.
            (_, None) => Err(UsageError("give --cubes N".into()).into()),
        }
    }

    /// The start of cube `index` under base seed `seed`.
    pub fn start(&self, seed: u64, index: u64) -> Start {
        match self {
            Source::Depth(d) => random_scramble(seed, index, *d),
            Source::Random => random_start(seed, index),
            Source::Set(set) => set[index as usize].start.clone(),
        }
    }

    /// The line of cube `index` in the test set.
    pub fn line(&self, index: u64) -> Option<u64> {
        match self {
            Source::Set(set) => set.get(index as usize).map(|e| e.line),
            _ => None,
        }
    }
}

/// The start states in words, for a summary's first line.
pub fn describe(states: Option<&str>, depth: Option<u64>) -> String {
    match (states, depth) {
        (Some(path), _) => format!("from {path}"),
        (None, Some(d)) => format!("random {d}-move scrambles"),
        (None, None) => "uniformly random states".to_string(),
    }
}
