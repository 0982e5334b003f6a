//! The comparative table of `bench --preset a,b,c`: every preset on the same
//! cubes, one row each, with the exact reference length as the yardstick:
//! two-phase on the 3×3, optimal (the distance table) on the 2×2, none
//! past the 3×3 (`-`).

use cubetui_solve::yardstick::Yardstick;
use std::fmt;

use cubetui_cube::nxn::Size;
use cubetui_run::numbers::ms;

use super::super::summary::{Lengths, Sample, Summary, quantile};
use super::super::table::{self, Column};

/// One preset's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub preset: String,
    pub cubes: usize,
    pub solved: usize,
    /// Milliseconds per cube over every run: median, p90.
    pub time_ms: (f64, f64),
    /// HTM of the solved runs.
    pub htm: Option<Lengths>,
    /// Mean of HTM ÷ reference HTM over the solved runs whose start was not
    /// already solved.
    pub ratio: Option<f64>,
}

/// The exact reference of cubes of `size`, in a word: `optimal` on the
/// 2×2, `two-phase` on the 3×3 (none past it).
pub fn reference_name(size: Size) -> &'static str {
    Yardstick::of(size).map_or("none", Yardstick::name)
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

impl Row {
    /// The row of `preset` from its runs, `reference[i]` being the reference
    /// length of the cube of `samples[i]`.
    pub fn of(preset: &str, samples: &[Sample], reference: &[usize]) -> Row {
        // Without the reference (an empty `reference`) there is no ratio.
        let summary = Summary::of(samples);
        let ratios: Vec<f64> = samples
            .iter()
            .zip(reference)
            .filter(|(s, r)| s.solved && **r > 0)
            .map(|(s, r)| s.moves as f64 / *r as f64)
            .collect();
        Row {
            preset: preset.to_string(),
            cubes: summary.cubes,
            solved: summary.solved,
            time_ms: (summary.time_ms.0, summary.time_ms.1),
            htm: summary.moves,
            ratio: mean(&ratios),
        }
    }
}

/// Every preset's row and the reference lengths of the cubes.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The first column's title: `preset`, or `combination` for a sweep.
    pub first: String,
    pub rows: Vec<Row>,
    pub reference: Vec<usize>,
    /// The cubes' size: names the reference (or its absence).
    pub size: Size,
}

const HEADER: [&str; 9] = [
    "preset",
    "solved",
    "median ms",
    "p90 ms",
    "mean HTM",
    "median HTM",
    "min HTM",
    "max HTM",
    "× reference",
];

impl Row {
    fn cells(&self) -> [String; 9] {
        let rate = 100.0 * self.solved as f64 / self.cubes.max(1) as f64;
        let (mean, median, min, max) = match self.htm {
            Some(m) => (
                format!("{:.1}", m.mean),
                format!("{:.0}", m.median),
                format!("{:.0}", m.min),
                format!("{:.0}", m.max),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into()),
        };
        [
            self.preset.clone(),
            format!("{}/{} {rate:5.1} %", self.solved, self.cubes),
            ms(self.time_ms.0),
            ms(self.time_ms.1),
            mean,
            median,
            min,
            max,
            self.ratio.map_or("-".into(), |r| format!("{r:.2}")),
        ]
    }
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut columns = HEADER.map(Column::right);
        columns[0] = Column::left(&self.first);
        let rows: Vec<Vec<String>> = self.rows.iter().map(|r| r.cells().to_vec()).collect();
        f.write_str(&table::render(&columns, &rows))?;
        let mut refs: Vec<f64> = self.reference.iter().map(|&r| r as f64).collect();
        refs.sort_by(f64::total_cmp);
        if self.size.get() > 3 {
            writeln!(
                f,
                "× reference: -, {}",
                cubetui_solve::yardstick::none_for(self.size)
            )?;
        }
        if let Some(m) = mean(&refs) {
            let (what, kind) = if self.size == Size::TWO {
                ("optimal (the 2x2 distance table)", "optimal")
            } else {
                ("two-phase (an exact method)", "reference")
            };
            writeln!(
                f,
                "reference: {what} on the same cubes: mean {m:.1} HTM, \
                 median {:.0}, min {:.0}, max {:.0}",
                quantile(&refs, 0.5),
                refs[0],
                refs.last().copied().unwrap_or(f64::NAN),
            )?;
            writeln!(
                f,
                "× reference: a preset's HTM ÷ the {kind} HTM, averaged over the cubes it \
                 solved; times are wall-clock per cube, setup included"
            )?;
        }
        Ok(())
    }
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
            iterations: 1,
            elapsed: Duration::from_millis(ms),
            search: Duration::from_millis(ms),
            energy: 0.0,
            stop: if solved {
                StopKind::Solved
            } else {
                StopKind::Steps
            },
        }
    }

    #[test]
    fn a_row_counts_only_solved_runs_for_length_and_ratio() {
        let samples = [
            sample(true, 40, 10),
            sample(false, 900, 30),
            sample(true, 20, 20),
        ];
        let row = Row::of("x", &samples, &[20, 20, 10]);
        assert_eq!((row.cubes, row.solved), (3, 2));
        let htm = row.htm.unwrap();
        assert_eq!((htm.mean, htm.median), (30.0, 20.0));
        assert_eq!((htm.min, htm.max), (20.0, 40.0));
        // (40/20 + 20/10) / 2
        assert_eq!(row.ratio, Some(2.0));
        assert_eq!(row.time_ms, (20.0, 30.0));
    }

    #[test]
    fn an_unsolved_preset_has_no_length_and_an_already_solved_start_no_ratio() {
        let none = Row::of("x", &[sample(false, 5, 1)], &[5]);
        assert_eq!((none.htm, none.ratio), (None, None));
        let zero = Row::of("x", &[sample(true, 0, 1)], &[0]);
        assert_eq!(zero.htm.map(|m| (m.mean, m.max)), Some((0.0, 0.0)));
        assert_eq!(zero.ratio, None);
    }

    #[test]
    fn the_table_lines_up_under_its_header() {
        let c = Comparison {
            first: "preset".into(),
            rows: vec![
                Row::of("sa-pll-conj", &[sample(true, 600, 1)], &[20]),
                Row::of("ga", &[sample(false, 9, 250)], &[20]),
            ],
            reference: vec![20],
            size: Size::THREE,
        };
        let text = c.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[0].starts_with("preset       "), "{text}");
        assert!(lines[1].starts_with("sa-pll-conj  1/1 100.0 %"), "{text}");
        assert!(lines[1].ends_with("600      600        30.00"), "{text}");
        assert!(lines[2].starts_with("ga           0/1   0.0 %"), "{text}");
        assert!(lines[2].ends_with("-"), "{text}");
        // Right-aligned columns end where their header ends.
        let end = lines[0].find("median ms").unwrap() + "median ms".len();
        assert_eq!(&lines[1][end - 4..end], "1.00", "{text}");
        assert_eq!(&lines[2][end - 3..end], "250", "{text}");
        assert!(lines[3].starts_with("reference: two-phase"), "{text}");
        assert!(lines[3].contains("median 20, min 20, max 20"), "{text}");
        assert!(lines[4].starts_with("× reference: "), "{text}");
    }
}
