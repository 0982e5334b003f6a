//! What `bench`, `sweep` and `merge` print: a first line saying what ran,
//! then one summary (one lane, no reference) or one comparative table (a
//! row per preset or combination, with the reference), on every size; past
//! the 3×3 a line of final energies per lane follows.

use std::fmt::Write as _;

use cubetui_cube::nxn::Size;

use super::super::summary::{Sample, Summary};
use super::compare::{Comparison, Row};
use super::shard::Shard;

/// How many cubes the text speaks of: `8 cubes`, `shard 2/4: 2 of 8 cubes`,
/// `interrupted: 3 of 8 cubes finished`.
pub fn count_text(
    finished: usize,
    count: u64,
    cubes: u64,
    shard: Shard,
    interrupted: bool,
) -> String {
    let shard_note = if shard.is_all() {
        String::new()
    } else {
        format!(" (shard {shard} of a {cubes}-cube run)")
    };
    if interrupted {
        format!("interrupted: {finished} of {count} cubes finished{shard_note}")
    } else if shard.is_all() {
        format!("{cubes} cubes")
    } else {
        format!("shard {shard}: {count} of {cubes} cubes")
    }
}

/// The body: the summary of a lone lane without reference, else the
/// comparative table whose first column is `first` (`preset`,
/// `combination`); on cubes of another size than the 3×3, then each
/// lane's final energies (misplaced stickers: how far the unsolved runs
/// got); and whether every run solved its cube.
pub fn body(
    first: &str,
    labels: &[String],
    samples: &[Vec<Sample>],
    reference: Option<&[usize]>,
    size: Size,
) -> (String, bool) {
    let (mut text, all) = table(first, labels, samples, reference, size);
    if size != Size::THREE {
        for (label, lane) in labels.iter().zip(samples) {
            let mut e: Vec<f64> = lane.iter().map(|s| s.energy).collect();
            e.sort_by(f64::total_cmp);
            if let (Some(min), Some(max)) = (e.first(), e.last()) {
                let _ = writeln!(
                    text,
                    "{label}: final energy (misplaced stickers) median {}, min {min}, max {max}",
                    e[e.len() / 2],
                );
            }
        }
    }
    (text, all)
}

fn table(
    first: &str,
    labels: &[String],
    samples: &[Vec<Sample>],
    reference: Option<&[usize]>,
    size: Size,
) -> (String, bool) {
    match (reference, samples) {
        (None, [one]) => {
            let s = Summary::of(one);
            let all = s.solved == s.cubes;
            (s.to_string(), all)
        }
        _ => {
            let refs = reference.unwrap_or(&[]);
            let rows: Vec<Row> = labels
                .iter()
                .zip(samples)
                .map(|(l, s)| Row::of(l, s, refs))
                .collect();
            let all = rows.iter().all(|r| r.solved == r.cubes);
            let table = Comparison {
                first: first.to_string(),
                rows,
                reference: refs.to_vec(),
                size,
            };
            (table.to_string(), all)
        }
    }
}

/// What a sweep runs, in words: `preset P, 6 combinations of a (slowest) × b
/// on the same cubes`.
pub fn sweep_what(preset: &str, combinations: usize, keys: &[String]) -> String {
    let keys = match keys {
        [] => "no swept key".to_string(),
        [one] => one.clone(),
        [first, rest @ ..] => format!("{first} (slowest) × {}", rest.join(" × ")),
    };
    format!("preset {preset}, {combinations} combinations of {keys} on the same cubes")
}

/// The keys of a combination (`k=v` each).
pub fn keys_of(combination: &[String]) -> Vec<String> {
    combination
        .iter()
        .map(|kv| {
            kv.split_once('=')
                .map_or(kv.as_str(), |(k, _)| k)
                .to_string()
        })
        .collect()
}
