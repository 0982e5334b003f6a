use proptest::prelude::*;

use cubetui::solve::trace::TracePoint;

use super::*;

/// Lines written by version 0.1.0 before the schema was one type: `solve
/// --json` on the 3×3 (with the reference), the 4×4 (a summarised walk,
/// the reference null), the 2×2 and `ga`; `bench --jsonl` with traces, a
/// comparison with the reference, a sweep, a test set, a 5×5.
const WRITTEN: &str = include_str!("../../../tests/data/lines/written-0.1.0.jsonl");

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
        (solved, solution, moves_htm, moves_raw) in (any::<bool>(), text(), any::<usize>(), any::<usize>()),
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
            base_seed, cubes, config, combination, solved, solution, moves_htm, moves_raw,
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
