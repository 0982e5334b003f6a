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

use cubetui_run::trace::Trace;

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
    /// The shard that ran the line (`"2/4"`), with `--shard` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
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
    /// Its length in layer turns counting a turn of k adjacent layers as
    /// k (rotations 0; on the 3×3 the same as `moves_htm`). Absent in
    /// older lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_layers: Option<usize>,
    /// Its length in Santa 2023's metric: a quarter turn of one layer 1, a
    /// half turn 2 (rotations 0). Absent in older lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_santa: Option<usize>,
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
mod tests {
    use proptest::prelude::*;

    use cubetui_run::trace::TracePoint;

    use super::*;

    /// Lines written by version 0.1.0 before the schema was one type: `solve
    /// --json` on the 3×3 (with the reference), the 4×4 (a summarised walk,
    /// the reference null), the 2×2 and `ga`; `bench --jsonl` with traces, a
    /// comparison with the reference, a sweep, a test set, a 5×5.
    const WRITTEN: &str = include_str!("../../tests/data/lines/written-0.1.0.jsonl");

    fn round_trip(text: &str) -> String {
        let line: ResultLine =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: cannot read {text}"));
        line.to_line().unwrap()
    }

    #[test]
    fn every_line_written_before_is_read_and_written_again_byte_for_byte() {
        let mut kinds = (0, 0, 0, 0);
        for text in WRITTEN.lines() {
            assert_eq!(round_trip(text), text);
            let l: ResultLine = serde_json::from_str(text).unwrap();
            kinds.0 += usize::from(l.trace.is_some());
            kinds.1 += usize::from(l.tail.solution_truncated);
            kinds.2 += usize::from(l.tail.reference == Reference::NoneForSize);
            kinds.3 += usize::from(l.run.combination.is_some());
        }
        // The file has each kind of line it claims.
        assert!(
            kinds.0 > 0 && kinds.1 > 0 && kinds.2 > 0 && kinds.3 > 0,
            "{kinds:?}"
        );
    }

    #[test]
    fn the_parts_land_where_they_belong() {
        let l: ResultLine = serde_json::from_str(WRITTEN.lines().next().unwrap()).unwrap();
        assert_eq!(l.run.solver, "sa");
        assert!(matches!(l.tail.reference, Reference::Htm(n) if n > 0 && n <= 22));
        // The solver's own fields, and nothing of the run's.
        assert!(l.tail.solver.contains_key("accepted"), "{l:?}");
        for name in ResultLine::field_names() {
            assert!(!l.tail.solver.contains_key(*name), "{name}");
        }
    }

    #[test]
    fn an_older_line_without_stopped_by_reads_and_stays_without() {
        let text = WRITTEN.lines().nth(4).unwrap();
        let older = text.replace(",\"stopped_by\":\"solved\"", "");
        assert_ne!(older, text);
        let l: ResultLine = serde_json::from_str(&older).unwrap();
        assert_eq!(l.run.stopped_by, None);
        assert_eq!(round_trip(&older), older);
    }

    #[test]
    fn a_solver_field_named_as_a_line_field_is_left_out() {
        let mut fields = Map::new();
        for name in ["solver", "reference_htm", "trace", "solved", "accepted"] {
            fields.insert(name.into(), Value::from(7));
        }
        let tail = Tail::of(fields);
        assert_eq!(tail.solver.keys().collect::<Vec<_>>(), ["accepted"]);
    }

    #[test]
    fn a_line_that_is_not_one_is_refused() {
        for bad in [
            "{}",
            r#"{"solver":"sa"}"#,
            &WRITTEN
                .lines()
                .next()
                .unwrap()
                .replace("\"reference_htm\":", "\"reference_htm\":-"),
            &WRITTEN
                .lines()
                .nth(1)
                .unwrap()
                .replace("\"solution_truncated\":true", "\"solution_truncated\":1"),
        ] {
            assert!(serde_json::from_str::<ResultLine>(bad).is_err(), "{bad}");
        }
    }

    fn opt<T: std::fmt::Debug + Clone>(
        s: impl Strategy<Value = T>,
    ) -> impl Strategy<Value = Option<T>> {
        proptest::option::of(s)
    }

    /// Finite numbers as the writers give them, and a few that are not.
    fn energy() -> impl Strategy<Value = f64> {
        prop_oneof![
            8 => any::<f64>().prop_filter("finite", |x| x.is_finite()),
            1 => Just(f64::NAN),
            1 => (0u32..1000).prop_map(f64::from),
        ]
    }

    fn ms() -> impl Strategy<Value = f64> {
        prop_oneof![0.0..1e7f64, (0u64..10_000_000).prop_map(|n| n as f64 / 1e6)]
    }

    fn text() -> impl Strategy<Value = String> {
        "[ -~éü…×]{0,12}"
    }

    prop_compose! {
        fn run()(
            size in opt(2usize..=32),
            solver in "[a-z0-9-]{1,8}",
            preset in text(),
            neighbourhood in opt(text()),
            seed in any::<u64>(),
            facelets in "[UDFBLR]{0,60}",
            scramble in opt(text()),
            bench in opt((any::<u64>(), opt(any::<u64>()), opt(1u64..10_000), any::<u64>(), any::<u64>(), "[0-9a-f]{8}")),
            combination in opt(proptest::collection::vec(text(), 0..3)),
            shard in opt("[1-9]/[1-9]"),
            (solved, solution, moves_htm, moves_raw) in (any::<bool>(), text(), any::<usize>(), any::<usize>()),
            (moves_layers, moves_santa) in (opt(any::<usize>()), opt(any::<usize>())),
            (energy, iterations, stopped_by) in (energy(), any::<u64>(), opt(text())),
            (elapsed_ms, search_ms, version) in (ms(), ms(), "[0-9.]{1,8}"),
            (interrupted, trace_ms) in (any::<bool>(), opt(ms())),
        ) -> Run {
            let (index, line, depth, base_seed, cubes, config) = match bench {
                Some((i, l, d, b, c, f)) => (Some(i), l, d, Some(b), Some(c), Some(f)),
                None => (None, None, None, None, None, None),
            };
            Run {
                size, solver, preset, neighbourhood, seed, facelets, scramble, index, line, depth,
                base_seed, cubes, shard, config, combination, solved, solution, moves_htm, moves_layers,
                moves_santa, moves_raw,
                energy, iterations, stopped_by, elapsed_ms, search_ms, version, interrupted, trace_ms,
            }
        }
    }

    fn value() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |x| x.is_finite())
                .prop_map(Value::from),
            any::<bool>().prop_map(Value::from),
            text().prop_map(Value::from),
            proptest::collection::vec(0u32..100, 0..4).prop_map(Value::from),
        ]
    }

    prop_compose! {
        fn line()(
            run in run(),
            reference in prop_oneof![
                Just(Reference::Unasked),
                Just(Reference::NoneForSize),
                (0usize..40).prop_map(Reference::Htm)
            ],
            solution_truncated in any::<bool>(),
            fields in proptest::collection::btree_map("[a-z_]{1,10}", value(), 0..5),
            trace in opt(proptest::collection::vec(
                (ms(), 0.0..1e4f64, opt(0u32..100)).prop_map(TracePoint::from), 0..4)),
        ) -> ResultLine {
            let mut tail = Tail::of(fields.into_iter().collect());
            tail.reference = reference;
            tail.solution_truncated = solution_truncated;
            ResultLine { run, tail, trace: trace.map(|points| Trace { points }) }
        }
    }

    proptest! {
        #[test]
        fn write_read_write_gives_the_same_line(l in line()) {
            let once = l.to_line().unwrap();
            let back: ResultLine = serde_json::from_str(&once)
                .map_err(|e| TestCaseError::fail(format!("{e}: {once}")))?;
            prop_assert_eq!(back.to_line().unwrap(), once.clone());
            // Every key written is a field of the line or one of the solver's.
            let keys: Value = serde_json::from_str(&once).unwrap();
            for k in keys.as_object().unwrap().keys() {
                prop_assert!(
                    ResultLine::field_names().contains(&k.as_str()) || l.tail.solver.contains_key(k),
                    "{} in {}", k, once
                );
            }
        }
    }
}
