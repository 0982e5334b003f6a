//! Ranking a race ([`compare`], see the module doc of [`super`]) and its
//! results table as data (the binary and the screen draw it).

use std::cmp::Ordering;

use serde::Serialize;

/// One line of the results table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LaneResult {
    /// 1 for the winner.
    pub rank: usize,
    pub preset: String,
    /// The lane's run state ("solved", "exhausted", "stopped", …).
    pub state: String,
    pub solved: bool,
    /// Solution length in HTM after simplification (0 when unsolved and no
    /// outcome came yet).
    pub htm: usize,
    /// The solver thread's CPU time, in ms.
    pub cpu_ms: f64,
    pub steps: u64,
    /// What one step is for this solver ("iteration", "generation", …).
    pub step: String,
    /// Best misplaced-sticker energy.
    pub energy: f64,
    /// Moves to solved from the best state when the lane was last measured
    /// (HTM of a two-phase solution found by a capped search, an upper
    /// bound; 0 when solved; `None`: not measured, see
    /// [`crate::runner::measure`]).
    pub to_solved: Option<usize>,
    /// The simplified solution.
    pub solution: String,
}

/// The ranking rule (see the module doc): `Less` when `a` ranks before `b`.
pub fn compare(a: &LaneResult, b: &LaneResult) -> Ordering {
    b.solved.cmp(&a.solved).then_with(|| {
        let by_quality = if a.solved {
            a.htm.cmp(&b.htm)
        } else {
            a.energy.total_cmp(&b.energy)
        };
        by_quality.then_with(|| a.cpu_ms.total_cmp(&b.cpu_ms))
    })
}

/// Sorts by [`compare`] (stable) and numbers the ranks from 1.
pub fn rank(mut lanes: Vec<LaneResult>) -> Vec<LaneResult> {
    lanes.sort_by(compare);
    for (i, l) in lanes.iter_mut().enumerate() {
        l.rank = i + 1;
    }
    lanes
}

/// The results table of a race.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Results {
    pub seed: u64,
    /// The start state (URFDLB facelets).
    pub facelets: String,
    /// Sorted by rank.
    pub lanes: Vec<LaneResult>,
}
