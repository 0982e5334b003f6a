//! What the runner task sends the UI: the latest values (over the `watch`)
//! and the batches that must arrive in full (over the bounded `mpsc`).

use std::time::Duration;

use super::protocol::{Change, Mark, Point, RunState};
use cubetui_solve::api::{Outcome, Profile, Snapshot};

/// What only matters at its latest value.
#[derive(Clone, Debug)]
pub(super) struct Latest {
    pub(super) epoch: u64,
    pub(super) state: RunState,
    pub(super) elapsed: Duration,
    pub(super) cpu: Duration,
    pub(super) snapshot: Option<Snapshot>,
    pub(super) outcome: Option<Outcome>,
    /// Bumped with each new snapshot and outcome, so the reader clones only
    /// new ones.
    pub(super) snapshot_seq: u64,
    pub(super) outcome_seq: u64,
}

/// What must reach the reader in full.
#[derive(Debug)]
pub(super) struct Batch {
    pub(super) epoch: u64,
    pub(super) points: Vec<Point>,
    pub(super) marks: Vec<Mark>,
    pub(super) changes: Vec<Change>,
    pub(super) errors: Vec<String>,
    pub(super) generators: Option<Vec<String>>,
    pub(super) profile: Option<Profile>,
    pub(super) params: Option<Vec<(String, f64)>>,
}
