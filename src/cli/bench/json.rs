//! The summary as JSON (`bench --json`, `sweep --json`, `merge --json`):
//! the numbers of the table, from the same [`Summary`] and [`Row`], one
//! object on stdout. The shape (every key always present, `null` where
//! there is no value):
//!
//! ```text
//! { "command": "bench" | "sweep" | "merge",
//!   "size": 3, "seed": 1, "start": "random 3-move scrambles",
//!   "cubes": 200,              the whole run's cubes (every shard)
//!   "finished": 200,           cubes summarised here
//!   "shard": "2/4" | null, "interrupted": false,
//!   "reference": null | { "name": "two-phase" | "optimal",
//!                         "mean", "median", "min", "max" },   HTM
//!   "rows": [ { "label": "sa-pll-conj",   the table's first column
//!               "preset": "sa-pll-conj",
//!               "combination": null | ["key=value", …],   a sweep's
//!               "cubes": 200, "solved": 196,
//!               "time_ms": { "median", "p90", "p99", "max" },
//!               "moves_htm": null | { "median", "mean", "p90", "min", "max" },
//!               "reference_ratio": null | 1.23,
//!               "unsolved_by": { "time limit": 3, … },
//!               "steps_per_s": { "search", "overall" },
//!               "final_energy": null | { "median", "min", "max" } } ],
//!   "version": "0.1.0" }
//! ```
//!
//! `moves_htm` is over the solved runs (null when none solved), `time_ms`
//! over every run (wall clock per cube, setup included), `reference_ratio`
//! the mean of HTM ÷ the reference's HTM over the solved runs whose start
//! was not solved already (null without a reference), `final_energy` the
//! runs' last energies (misplaced stickers past the 3×3).

use serde::Serialize;

use cubetui_cube::nxn::Size;

use super::super::summary::{Lengths, Sample, Summary, quantile};
use super::compare::{Row, reference_name};
use super::shard::Shard;

/// The whole object.
#[derive(Debug, Serialize)]
pub struct SummaryJson {
    pub command: &'static str,
    pub size: usize,
    pub seed: u64,
    pub start: String,
    pub cubes: u64,
    pub finished: usize,
    pub shard: Option<String>,
    pub interrupted: bool,
    pub reference: Option<ReferenceJson>,
    pub rows: Vec<RowJson>,
    pub version: &'static str,
}

/// The exact reference's lengths on the cubes.
#[derive(Debug, Serialize)]
pub struct ReferenceJson {
    pub name: &'static str,
    pub mean: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

/// Median, p90, p99 and max.
#[derive(Debug, Serialize)]
pub struct Times {
    pub median: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

/// Elementary steps per second.
#[derive(Debug, Serialize)]
pub struct Rates {
    pub search: f64,
    pub overall: f64,
}

/// Median, min and max.
#[derive(Debug, Serialize)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

/// One preset or combination.
#[derive(Debug, Serialize)]
pub struct RowJson {
    pub label: String,
    pub preset: String,
    pub combination: Option<Vec<String>>,
    pub cubes: usize,
    pub solved: usize,
    pub time_ms: Times,
    pub moves_htm: Option<Lengths>,
    /// Layer turns (k adjacent layers count k) of the solved runs.
    pub moves_layers: Option<Lengths>,
    /// Santa 2023's metric (quarter turn 1, half turn 2) of the solved runs.
    pub moves_santa: Option<Lengths>,
    pub reference_ratio: Option<f64>,
    /// Why the unsolved runs stopped: a kind and how many, most first.
    #[serde(serialize_with = "as_map")]
    pub unsolved_by: Vec<(&'static str, usize)>,
    pub steps_per_s: Rates,
    pub final_energy: Option<Spread>,
}

/// What a row is made of.
pub struct Lane<'a> {
    pub label: &'a str,
    pub preset: &'a str,
    pub combination: Option<&'a [String]>,
    pub samples: &'a [Sample],
}

impl RowJson {
    /// The row of `lane`; `reference[i]` is the reference length of the
    /// cube of `lane.samples[i]` (empty without a reference).
    pub fn of(lane: &Lane<'_>, reference: &[usize]) -> RowJson {
        let s = Summary::of(lane.samples);
        let row = Row::of(lane.label, lane.samples, reference);
        let mut energies: Vec<f64> = lane.samples.iter().map(|s| s.energy).collect();
        energies.sort_by(f64::total_cmp);
        let (median, p90, p99, max) = s.time_ms;
        RowJson {
            label: lane.label.to_string(),
            preset: lane.preset.to_string(),
            combination: lane.combination.map(<[String]>::to_vec),
            cubes: s.cubes,
            solved: s.solved,
            time_ms: Times {
                median,
                p90,
                p99,
                max,
            },
            moves_htm: s.moves,
            moves_layers: s.metrics.map(|m| m.0),
            moves_santa: s.metrics.map(|m| m.1),
            reference_ratio: row.ratio,
            unsolved_by: s.unsolved_by.iter().map(|(k, n)| (k.name(), *n)).collect(),
            steps_per_s: Rates {
                search: s.search_steps_per_sec,
                overall: s.steps_per_sec,
            },
            final_energy: (!energies.is_empty()).then(|| Spread {
                median: quantile(&energies, 0.5),
                min: energies[0],
                max: energies[energies.len() - 1],
            }),
        }
    }
}

impl ReferenceJson {
    /// The reference's lengths on the cubes; `None` without any.
    pub fn of(size: Size, lengths: &[usize]) -> Option<ReferenceJson> {
        let mut v: Vec<f64> = lengths.iter().map(|&n| n as f64).collect();
        v.sort_by(f64::total_cmp);
        let (min, max) = (*v.first()?, *v.last()?);
        Some(ReferenceJson {
            name: reference_name(size),
            mean: v.iter().sum::<f64>() / v.len() as f64,
            median: quantile(&v, 0.5),
            min,
            max,
        })
    }
}

/// How a run is described beside its rows.
pub struct Head {
    pub command: &'static str,
    pub size: Size,
    pub seed: u64,
    pub start: String,
    pub cubes: u64,
    pub shard: Shard,
    pub interrupted: bool,
}

/// The object of `head` with a row per lane; `reference` when the run had
/// it (one length per cube, in the samples' order).
pub fn summary(head: Head, lanes: &[Lane<'_>], reference: Option<&[usize]>) -> SummaryJson {
    let refs = reference.unwrap_or(&[]);
    SummaryJson {
        command: head.command,
        size: head.size.get(),
        seed: head.seed,
        start: head.start,
        cubes: head.cubes,
        finished: lanes.first().map_or(0, |l| l.samples.len()),
        shard: (!head.shard.is_all()).then(|| head.shard.to_string()),
        interrupted: head.interrupted,
        reference: ReferenceJson::of(head.size, refs),
        rows: lanes.iter().map(|l| RowJson::of(l, refs)).collect(),
        version: env!("CARGO_PKG_VERSION"),
    }
}

fn as_map<S: serde::Serializer>(v: &[(&'static str, usize)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(v.iter().map(|(k, n)| (*k, *n)))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::super::run::StopKind;
    use super::*;

    fn sample(solved: bool, moves: usize, ms: u64) -> Sample {
        Sample {
            solved,
            moves,
            metrics: None,
            iterations: 10,
            elapsed: Duration::from_millis(ms),
            search: Duration::from_millis(ms),
            energy: if solved { 0.0 } else { 4.0 },
            stop: if solved {
                StopKind::Solved
            } else {
                StopKind::Time
            },
        }
    }

    #[test]
    fn the_rows_carry_the_tables_numbers() {
        let a = [sample(true, 40, 10), sample(false, 900, 30)];
        let b = [sample(true, 20, 20), sample(true, 30, 20)];
        let lanes = [
            Lane {
                label: "x",
                preset: "x",
                combination: None,
                samples: &a,
            },
            Lane {
                label: "y",
                preset: "y",
                combination: None,
                samples: &b,
            },
        ];
        let head = Head {
            command: "bench",
            size: Size::THREE,
            seed: 1,
            start: "s".into(),
            cubes: 4,
            shard: Shard::ALL,
            interrupted: false,
        };
        let j = serde_json::to_value(summary(head, &lanes, Some(&[20, 10]))).unwrap();
        assert_eq!(j["finished"], 2);
        assert_eq!(j["shard"], serde_json::Value::Null);
        assert_eq!(j["reference"]["name"], "two-phase");
        assert_eq!(j["reference"]["mean"], 15.0);
        let x = &j["rows"][0];
        assert_eq!(
            (x["cubes"].as_u64(), x["solved"].as_u64()),
            (Some(2), Some(1))
        );
        assert_eq!(x["moves_htm"]["max"], 40.0);
        assert_eq!(x["reference_ratio"], 2.0);
        assert_eq!(x["unsolved_by"]["time limit"], 1);
        assert_eq!(x["time_ms"]["max"], 30.0);
        assert_eq!(x["final_energy"]["max"], 4.0);
        // (20/20 + 30/10) / 2
        assert_eq!(j["rows"][1]["reference_ratio"], 2.0);
        assert_eq!(j["rows"][1]["unsolved_by"], serde_json::json!({}));
    }
}
