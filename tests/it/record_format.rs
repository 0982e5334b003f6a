//! The run-file format in the library: written and read back, recorded
//! knob and generator changes replayed at their steps, and reading that
//! never panics on any input.

use cubetui_cube::{Alg, Cube};
use cubetui_run::budget::Budget;
use cubetui_run::record::play;
use cubetui_run::record::verify::verify;
use cubetui_run::record::{Event, Header, RecordError, RunFile, Writer};
use proptest::prelude::*;

const SCRAMBLE: &str = "D2 F' R U2 L B' D R2 F U' B2 L' D F2 R' U B D' L2 F";

fn start() -> Cube {
    Cube::solved().after(&SCRAMBLE.parse::<Alg>().unwrap())
}

/// Records sa-pll-conj for `steps` steps with `changes`; the file's bytes.
fn recorded(steps: u64, changes: &[Event]) -> Vec<u8> {
    let config = crate::shipped().get("sa-pll-conj").unwrap();
    let mut solver = config.build(start(), 9).unwrap();
    let profile = solver.profile();
    let header = Header::new(
        "sa-pll-conj",
        &config,
        9,
        &start().into(),
        Some(steps),
        None,
        &profile,
    )
    .unwrap();
    let mut bytes = Vec::new();
    let mut w = Writer::new(&mut bytes, &header).unwrap();
    let limits = Budget {
        max_steps: Some(steps),
        deadline: None,
    };
    play::run(solver.as_mut(), limits, None, changes, &mut |e| w.event(e)).unwrap();
    bytes
}

fn knob(to: f64, step: u64) -> Event {
    Event::Knob {
        knob: "temperature".into(),
        from: None,
        to,
        step,
    }
}

#[test]
fn a_written_file_reads_back_with_its_header_events_and_result() {
    let bytes = recorded(2000, &[]);
    let file = RunFile::parse(&bytes).unwrap();
    assert_eq!(file.header.preset, "sa-pll-conj");
    assert_eq!(file.header.seed, 9);
    assert_eq!(file.header.facelets, start().facelets());
    assert_eq!(file.header.series.len(), 2);
    let result = file.result.unwrap();
    assert_eq!(result.steps, 2000);
    let points: Vec<u64> = file
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Point {
                step,
                values,
                facelets,
            } => {
                assert_eq!(values.len(), 2);
                // The state the screen would show at that step.
                assert!(facelets.as_ref().is_some_and(|f| f.len() == 54));
                Some(*step)
            }
            _ => None,
        })
        .collect();
    // Every step up to the first resolution level, then every other one.
    assert_eq!(points[..3], [0, 1, 2]);
    assert_eq!(*points.last().unwrap(), 2000);
    assert!(points.windows(2).all(|w| w[0] < w[1]));
    assert!(points.len() < 2000, "{}", points.len());
}

#[test]
fn recorded_knob_and_generator_changes_replay_at_their_steps() {
    let changes = [
        knob(2.0, 300),
        Event::Generator {
            from: None,
            to: "faces".into(),
            step: 700,
        },
        knob(0.5, 1200),
    ];
    let bytes = recorded(3000, &changes);
    let file = RunFile::parse(&bytes).unwrap();
    let made: Vec<&Event> = file
        .events
        .iter()
        .filter(|e| matches!(e, Event::Knob { .. } | Event::Generator { .. }))
        .collect();
    assert_eq!(made.len(), 3);
    // The file says what each knob was before.
    assert!(
        matches!(made[0], Event::Knob { from: Some(t), to, step: 300, .. } if *t < 1.0 && *to == 2.0)
    );
    assert!(
        matches!(made[1], Event::Generator { from: Some(g), to, step: 700 } if g == "pll-conj" && to == "faces")
    );
    let verdict = verify(&file, crate::shipped(), None).unwrap();
    assert!(verdict.differences.is_empty(), "{:?}", verdict.differences);

    // Without the changes, the same header gives another run.
    let plain = RunFile::parse(&recorded(3000, &[])).unwrap();
    assert_ne!(
        plain.result.as_ref().unwrap().solution,
        file.result.as_ref().unwrap().solution
    );
    let mut edited = file.clone();
    edited
        .events
        .retain(|e| !matches!(e, Event::Knob { .. } | Event::Generator { .. }));
    let verdict = verify(&edited, crate::shipped(), None).unwrap();
    assert!(!verdict.differences.is_empty());
}

#[test]
fn a_change_the_solver_refuses_is_an_error_naming_its_step() {
    let mut file = RunFile::parse(&recorded(500, &[])).unwrap();
    file.events.push(knob(-5.0, 100));
    let err = verify(&file, crate::shipped(), None).unwrap_err();
    assert!(
        matches!(err, RecordError::Change { step: 100, .. }),
        "{err}"
    );
}

#[test]
fn a_newer_format_is_refused_as_newer() {
    let text = String::from_utf8(recorded(100, &[])).unwrap();
    let newer = text.replacen("\"format\":1", "\"format\":7", 1);
    let err = RunFile::parse(newer.as_bytes()).unwrap_err();
    assert!(matches!(err, RecordError::Newer { found: 7 }), "{err}");
}

#[test]
fn every_cut_of_a_file_is_refused_or_read_never_a_panic() {
    let bytes = recorded(300, &[]);
    for cut in 0..bytes.len() {
        match RunFile::parse(&bytes[..cut]) {
            // Cut at a line end: a shorter run, without a result until the end.
            Ok(f) => assert!(bytes[cut - 1] == b'\n' && f.result.is_none()),
            Err(RecordError::CutLine { .. } | RecordError::Empty) => {}
            Err(e) => panic!("cut at {cut}: {e}"),
        }
    }
}

fn line() -> impl Strategy<Value = String> {
    let header = String::from_utf8(recorded(5, &[]))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    prop_oneof![
        Just(header),
        Just(r#"{"kind":"point","step":3,"values":[1.0,null]}"#.to_string()),
        Just(r#"{"kind":"knob","knob":"temperature","from":null,"to":2.0,"step":1}"#.to_string()),
        Just(r#"{"kind":"phase","from":null,"to":"G1","step":0}"#.to_string()),
        Just(
            r#"{"kind":"result","solved":false,"htm":0,"solution":"","steps":1,"iterations":1}"#
                .to_string()
        ),
        Just(r#"{"kind":"header","format":18446744073709551615}"#.to_string()),
        "[ -~]{0,40}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = RunFile::parse(&bytes);
    }

    #[test]
    fn random_lines_never_panic_and_a_read_file_verifies_or_errs(
        lines in proptest::collection::vec(line(), 0..8),
        newline in any::<bool>(),
    ) {
        let mut text = lines.join("\n");
        if newline {
            text.push('\n');
        }
        if let Ok(file) = RunFile::parse(text.as_bytes()) {
            // Replaying any file that reads is an answer or an error, never a panic.
            let _ = verify(&file, crate::shipped(), None);
        }
    }
}

#[test]
fn parameters_outside_their_declared_range_are_refused_before_running() {
    let mut file = RunFile::parse(&recorded(100, &[])).unwrap();
    file.header
        .params
        .insert("max_steps".into(), serde_json::Value::from(0));
    let err = verify(&file, crate::shipped(), None).unwrap_err();
    assert!(err.to_string().contains("`max_steps`"), "{err}");
    file.header
        .params
        .insert("max_steps".into(), serde_json::Value::from("many"));
    assert!(matches!(
        verify(&file, crate::shipped(), None),
        Err(RecordError::Header(_))
    ));
}
