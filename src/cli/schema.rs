//! The result line: one `solve --json` object, one line of `bench --jsonl`
//! and `sweep --jsonl`, and what `merge` reads back — one type,
//! [`ResultLine`], written and read by serde.
//!
//! A line is, in this order (the order the writers have always used):
//! the run's own fields ([`Run`]: `size` … `trace_ms`); then, sorted by
//! name, the solver's own fields together with `reference_htm` and
//! `solution_truncated` ([`Tail`]); then `trace`. Lines of older versions
//! lack `size` (a 3×3), `stopped_by`, `trace_ms` and `trace`: they read as
//! absent, and an energy that was not a number is written (and read) as
//! `null`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use cubetui::solve::trace::Trace;

use super::out;

/// One result line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultLine {
    #[serde(flatten)]
    pub run: Run,
    #[serde(flatten)]
    pub tail: Tail,
    /// The convergence trace (`bench --trace` or `--plot`): points
    /// `[ms, best energy, moves to solved]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Trace>,
}

/// The fields every run has, in the order written; the bench's fields
/// (`index` … `combination`) only in `bench` and `sweep` lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The cube's size N, on every size but the 3×3 (whose lines stay as
    /// they were).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    pub solver: String,
    pub preset: String,
    /// The neighbourhood generator in use, for solvers that have them
    /// (`null` for the others).
    pub neighbourhood: Option<String>,
    pub seed: u64,
    /// The start state.
    pub facelets: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scramble: Option<String>,
    /// The cube's index in a bench.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index: Option<u64>,
    /// The cube's line in a `bench --states` file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The bench's scramble depth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
    /// The bench's base seed (`seed` is cube `index`'s seed drawn from it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_seed: Option<u64>,
    /// How many cubes the whole bench (all its shards) runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cubes: Option<u64>,
    /// A fingerprint (CRC-32) of the bench's solver configuration and budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<String>,
    /// A sweep's combination, as `--set` arguments (`key=value`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combination: Option<Vec<String>>,
    pub solved: bool,
    /// Simplified (on the 3×3 to face turns only); summarised in an
    /// unsolved `solve --json` walk unless `--full` (see
    /// [`Tail::solution_truncated`]).
    pub solution: String,
    /// The simplified solution's length in layer turns (HTM).
    pub moves_htm: usize,
    pub moves_raw: usize,
    /// `null` when it is not a number.
    #[serde(deserialize_with = "nan_if_null")]
    pub energy: f64,
    pub iterations: u64,
    /// Why the run stopped, in words (absent in older lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
    pub elapsed_ms: f64,
    pub search_ms: f64,
    /// The program's version.
    pub version: String,
    /// Present (and true) only when Ctrl-C stopped the run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    /// With a trace: the wall time the tracing took, left out of
    /// `elapsed_ms` (and of the run's time limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace_ms: Option<f64>,
}

/// The exact reference's length of the start (`reference_htm`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Reference {
    /// Not asked for: no field.
    #[default]
    Unasked,
    /// Asked for on a size that has none: `null`.
    NoneForSize,
    /// Its length in HTM.
    Htm(usize),
}

impl Reference {
    /// The length, when there is one.
    pub fn htm(self) -> Option<usize> {
        match self {
            Reference::Htm(n) => Some(n),
            _ => None,
        }
    }
}

/// What follows the run's fields, written sorted by name: the solver's own
/// fields, `reference_htm` and `solution_truncated`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tail {
    /// `reference_htm`.
    pub reference: Reference,
    /// The solution is summarised (first and last 20 moves), not whole:
    /// `solution_truncated` true; `moves_htm` keeps the length.
    pub solution_truncated: bool,
    /// The solver's own fields ([`Tail::of`] drops a name the line uses
    /// for something else).
    pub solver: Map<String, Value>,
}

const REFERENCE: &str = "reference_htm";
const TRUNCATED: &str = "solution_truncated";
/// [`ResultLine::trace`]'s name (a test checks [`ResultLine::field_names`]
/// names every field written).
const TRACE: &str = "trace";

impl Tail {
    /// A tail with a solver's own `fields`, less any whose name the line
    /// already uses.
    pub fn of(mut fields: Map<String, Value>) -> Tail {
        fields.retain(|k, _| !ResultLine::field_names().contains(&k.as_str()));
        Tail {
            solver: fields,
            ..Tail::default()
        }
    }
}

impl Serialize for Tail {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut all: BTreeMap<&str, Cow<'_, Value>> = self
            .solver
            .iter()
            .map(|(k, v)| (k.as_str(), Cow::Borrowed(v)))
            .collect();
        match self.reference {
            Reference::Unasked => {}
            Reference::NoneForSize => {
                all.insert(REFERENCE, Cow::Owned(Value::Null));
            }
            Reference::Htm(n) => {
                all.insert(REFERENCE, Cow::Owned(n.into()));
            }
        }
        if self.solution_truncated {
            all.insert(TRUNCATED, Cow::Owned(true.into()));
        }
        s.collect_map(all)
    }
}

impl<'de> Deserialize<'de> for Tail {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tail, D::Error> {
        let mut solver = Map::<String, Value>::deserialize(d)?;
        let reference = match solver.remove(REFERENCE) {
            None => Reference::Unasked,
            Some(Value::Null) => Reference::NoneForSize,
            Some(v) => v
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .map(Reference::Htm)
                .ok_or_else(|| de::Error::custom(format!("{REFERENCE}: {v} is not a length")))?,
        };
        let solution_truncated = match solver.remove(TRUNCATED) {
            None => false,
            Some(Value::Bool(b)) => b,
            Some(v) => return Err(de::Error::custom(format!("{TRUNCATED}: {v} is not true"))),
        };
        Ok(Tail {
            reference,
            solution_truncated,
            solver,
        })
    }
}

impl ResultLine {
    /// Every name the line gives a field of its own (a solver's field of
    /// the same name is left out: [`Tail::of`]).
    pub fn field_names() -> &'static [&'static str] {
        use std::sync::OnceLock;
        static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
        NAMES.get_or_init(|| {
            let mut names = struct_fields::<Run>().to_vec();
            names.extend([REFERENCE, TRUNCATED, TRACE]);
            names
        })
    }

    /// Summarises an unsolved walk's solution (first and last 20 moves,
    /// `solution_truncated` true) unless `full`: a `solve --json` object. A
    /// solution is the result, always whole.
    pub fn cut_solution(&mut self, full: bool) {
        if full || self.run.solved {
            return;
        }
        if let Some(short) = out::summary(&self.run.solution) {
            self.run.solution = short;
            self.tail.solution_truncated = true;
        }
    }

    /// One line of JSON (no newline).
    pub fn to_line(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }
}

/// Reads a number, or `null` as NaN (what serde_json writes for one).
fn nan_if_null<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::NAN))
}

/// The field names a derived `Deserialize` of a struct declares.
fn struct_fields<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    struct Names<'a>(&'a mut &'static [&'static str]);
    impl<'de> Deserializer<'de> for Names<'_> {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("only the names"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            *self.0 = fields;
            Err(de::Error::custom("only the names"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }
    let mut names: &'static [&'static str] = &[];
    let _ = T::deserialize(Names(&mut names));
    names
}

#[cfg(test)]
mod tests;
