//! The `bench` summary table.

use std::fmt;
use std::time::Duration;

use super::run::{RunReport, StopKind};

/// What the summary keeps of one run (a few bytes, so a long bench stays small).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    pub solved: bool,
    /// HTM after simplification.
    pub moves: usize,
    /// Layer turns (k adjacent layers count k) and Santa 2023's metric,
    /// where known (older lines lack them).
    pub metrics: Option<(usize, usize)>,
    pub iterations: u64,
    pub elapsed: Duration,
    pub search: Duration,
    /// The final energy (past the 3×3 and on the 2×2: misplaced stickers).
    pub energy: f64,
    /// Why the run stopped.
    pub stop: StopKind,
}

impl From<&RunReport> for Sample {
    fn from(r: &RunReport) -> Sample {
        Sample {
            solved: r.solved,
            // Layer turns (the 3×3's simplified solution has nothing else).
            moves: r.solution.turns(),
            metrics: Some(cubetui_solve::short::metrics(&r.solution)),
            iterations: r.iterations,
            elapsed: r.elapsed,
            search: r.search,
            energy: r.energy,
            stop: r.stop,
        }
    }
}

/// Solution lengths (HTM) of the solved runs.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Lengths {
    pub median: f64,
    pub mean: f64,
    pub p90: f64,
    pub min: f64,
    pub max: f64,
}

/// Statistics over a batch of runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub cubes: usize,
    pub solved: usize,
    /// HTM after simplification of the solved runs.
    pub moves: Option<Lengths>,
    /// Layer turns (k adjacent layers count k) and Santa 2023's metric of
    /// the solved runs, when every one of them says.
    pub metrics: Option<(Lengths, Lengths)>,
    /// Milliseconds over every run: median, p90, p99, max.
    pub time_ms: (f64, f64, f64, f64),
    /// Elementary steps per second of run time (setup, search and output),
    /// over all runs.
    pub steps_per_sec: f64,
    /// Elementary steps per second of search time (inside `step` only).
    pub search_steps_per_sec: f64,
    /// Why the unsolved runs stopped: each kind and how many, most first.
    pub unsolved_by: Vec<(StopKind, usize)>,
}

/// The `q`-quantile (nearest rank) of sorted `v`.
pub fn quantile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let rank = (q * v.len() as f64).ceil().max(1.0) as usize;
    v[rank.min(v.len()) - 1]
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// The spread of `v`, `None` when empty.
fn lengths(v: Vec<f64>) -> Option<Lengths> {
    let v = sorted(v);
    (!v.is_empty()).then(|| Lengths {
        median: quantile(&v, 0.5),
        mean: v.iter().sum::<f64>() / v.len() as f64,
        p90: quantile(&v, 0.9),
        min: v[0],
        max: v[v.len() - 1],
    })
}

impl Summary {
    pub fn of(reports: &[Sample]) -> Summary {
        let moves = sorted(
            reports
                .iter()
                .filter(|r| r.solved)
                .map(|r| r.moves as f64)
                .collect(),
        );
        let times = sorted(
            reports
                .iter()
                .map(|r| r.elapsed.as_secs_f64() * 1e3)
                .collect(),
        );
        let steps: u64 = reports.iter().map(|r| r.iterations).sum();
        let secs: f64 = reports.iter().map(|r| r.elapsed.as_secs_f64()).sum();
        let search: f64 = reports.iter().map(|r| r.search.as_secs_f64()).sum();
        let mut unsolved_by: Vec<(StopKind, usize)> = Vec::new();
        for r in reports.iter().filter(|r| !r.solved) {
            match unsolved_by.iter_mut().find(|(k, _)| *k == r.stop) {
                Some((_, n)) => *n += 1,
                None => unsolved_by.push((r.stop, 1)),
            }
        }
        unsolved_by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let solved: Vec<&Sample> = reports.iter().filter(|r| r.solved).collect();
        let metrics = solved
            .iter()
            .map(|r| r.metrics)
            .collect::<Option<Vec<(usize, usize)>>>()
            .and_then(|m| {
                Some((
                    lengths(m.iter().map(|x| x.0 as f64).collect())?,
                    lengths(m.iter().map(|x| x.1 as f64).collect())?,
                ))
            });
        Summary {
            metrics,
            unsolved_by,
            cubes: reports.len(),
            solved: moves.len(),
            moves: (!moves.is_empty()).then(|| Lengths {
                median: quantile(&moves, 0.5),
                mean: moves.iter().sum::<f64>() / moves.len() as f64,
                p90: quantile(&moves, 0.9),
                min: moves[0],
                max: moves[moves.len() - 1],
            }),
            time_ms: (
                quantile(&times, 0.5),
                quantile(&times, 0.9),
                quantile(&times, 0.99),
                times.last().copied().unwrap_or(f64::NAN),
            ),
            steps_per_sec: if secs > 0.0 { steps as f64 / secs } else { 0.0 },
            search_steps_per_sec: if search > 0.0 {
                steps as f64 / search
            } else {
                0.0
            },
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rate = 100.0 * self.solved as f64 / self.cubes.max(1) as f64;
        writeln!(
            f,
            "solved        {}/{} ({rate:.1} %)",
            self.solved, self.cubes
        )?;
        if !self.unsolved_by.is_empty() {
            let by: Vec<String> = self
                .unsolved_by
                .iter()
                .map(|(k, n)| format!("{} {n}", k.name()))
                .collect();
            writeln!(f, "unsolved by   {}", by.join(", "))?;
        }
        match self.moves {
            Some(m) => writeln!(
                f,
                "moves (HTM)   median {:.0}  mean {:.1}  p90 {:.0}  min {:.0}  max {:.0}",
                m.median, m.mean, m.p90, m.min, m.max
            )?,
            None => writeln!(f, "moves (HTM)   -")?,
        }
        if let Some((l, s)) = self.metrics {
            writeln!(
                f,
                "layer turns   median {:.0}  mean {:.1}  p90 {:.0}  min {:.0}  max {:.0}",
                l.median, l.mean, l.p90, l.min, l.max
            )?;
            writeln!(
                f,
                "Santa metric  median {:.0}  mean {:.1}  p90 {:.0}  min {:.0}  max {:.0}",
                s.median, s.mean, s.p90, s.min, s.max
            )?;
        }
        let (med, p90, p99, max) = self.time_ms;
        writeln!(
            f,
            "time (ms)     median {med:.2}  p90 {p90:.2}  p99 {p99:.2}  max {max:.2}"
        )?;
        writeln!(
            f,
            "steps/s       {:.3e} in the search, {:.3e} overall",
            self.search_steps_per_sec, self.steps_per_sec
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_quantiles() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 5.0);
        assert_eq!(quantile(&v, 0.9), 9.0);
        assert_eq!(quantile(&v, 0.99), 10.0);
        assert_eq!(quantile(&v[..1], 0.5), 1.0);
        assert!(quantile(&[], 0.5).is_nan());
    }
}
