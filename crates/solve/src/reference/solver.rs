//! The `reference` solver: the two-phase search behind the [`Solver`] trait.
//! One elementary step is a slice of `nodes_per_step` search nodes, so pause,
//! single-step and time limits act inside the search.

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::cache;
use super::limits::SearchLimits;
use super::views::MultiSearch;
use crate::api::{Outcome, Snapshot, SolveError, Solver, Status};
use crate::declare::{Declared, declare_params};
use crate::params::ParamSpec;
use crate::profile::{Profile, SeriesSpec};
use crate::stop::StopReason;
use cubetui_cube::{Alg, Cube};

declare_params! {
    /// Parameters of `reference`; the defaults are preset `reference`.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct ReferenceParams {
        /// Longest solution accepted (face turns).
        max_len: usize = 30 => int(1, MAX_LEN as i64, Log), No,
            "longest solution accepted (face turns)",
        /// Stop as soon as a solution this short is found.
        target: usize = SearchLimits::default().target => int(1, MAX_LEN as i64, Log), No,
            "stop as soon as a solution this short is found",
        /// Search nodes after which the best solution found is final.
        max_nodes: u64 = SearchLimits::default().nodes => int(1, i64::MAX, Log), No,
            "search nodes after which the best solution found is final",
        /// Search nodes after which the search gives up if it has no solution.
        give_up_nodes: u64 = SearchLimits::default().give_up => int(1, i64::MAX, Log), No,
            "search nodes after which the search gives up without a solution",
        /// Once a solution within `target` is found, search this many more
        /// nodes for a shorter one, in per cent of those spent until then.
        past_target: u64 = SearchLimits::default().past_target => int(0, 1000, Linear), No,
            "after a solution within the target, search this % more nodes for a shorter one",
        /// The longest `target` that `past_target` applies to: at a looser
        /// target the first solution within it is final.
        past_target_max: usize = SearchLimits::default().past_target_max => int(0, MAX_LEN as i64, Linear), No,
            "longest target past_target applies to (looser: the first solution is final)",
        /// Search nodes per elementary step.
        nodes_per_step: u64 = 10_000 => int(1, MAX_NODES_PER_STEP as i64, Log), No,
            "search nodes per elementary step",
    }
}

/// The declaration of `reference`'s parameters, with the values runs had
/// before `past_target` existed (0: the first solution within the
/// target) and before `past_target_max` did (`MAX_LEN`: `past_target` at
/// every target), so a run file recorded then replays as it ran.
pub fn params() -> Vec<ParamSpec> {
    let before = [
        ("past_target", toml::Value::Integer(0)),
        ("past_target_max", toml::Value::Integer(MAX_LEN as i64)),
    ];
    crate::params::added(ReferenceParams::default().declare(""), &before)
}

/// Longest `max_len` accepted.
pub const MAX_LEN: usize = 1000;

/// Most search nodes in one elementary step (well under a second), so a
/// time limit is honoured between steps.
pub const MAX_NODES_PER_STEP: u64 = 10_000_000;

/// The running two-phase search.
pub struct Reference {
    params: ReferenceParams,
    start: Cube,
    search: MultiSearch<'static>,
    steps: u64,
    status: Status,
}

/// Builds the solver for `start`; fails on an unreachable cube or bad
/// parameters. The seed is unused: the search is deterministic.
pub fn build(p: &ReferenceParams, start: Cube, _seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    // The cube is checked by the search's construction (the same message
    // as [`check`]'s).
    check_params(p)?;
    let search = MultiSearch::past_target(
        cache::tables(),
        &start,
        p.max_len,
        p.target,
        p.past_percent(),
    )
    .map_err(|e| SolveError::Parameter(format!("reference: {e}")))?;
    let mut solver = Reference {
        params: p.clone(),
        start,
        search,
        steps: 0,
        status: Status::Running,
    };
    solver.update_status();
    Ok(Box::new(solver))
}

/// The checks [`build`] makes that need no tables: the parameters, and that
/// `start` is a reachable cube.
pub fn check(p: &ReferenceParams, start: &Cube) -> Result<(), SolveError> {
    check_params(p)?;
    super::moves::cubies(start).map_err(|e| {
        SolveError::Parameter(format!(
            "reference: {}",
            super::limits::ReferenceError::from(e)
        ))
    })?;
    Ok(())
}

/// The checks of [`check`] on the parameters alone.
fn check_params(p: &ReferenceParams) -> Result<(), SolveError> {
    if p.nodes_per_step == 0 || p.max_nodes == 0 || p.give_up_nodes == 0 {
        return Err(SolveError::Parameter(
            "reference: nodes_per_step, max_nodes and give_up_nodes must be at least 1".into(),
        ));
    }
    if p.nodes_per_step > MAX_NODES_PER_STEP {
        return Err(SolveError::Parameter(format!(
            "reference: nodes_per_step must be 1 – {MAX_NODES_PER_STEP} (one step must stay short)"
        )));
    }
    if !(1..=MAX_LEN).contains(&p.max_len) {
        return Err(SolveError::Parameter(format!(
            "reference: max_len must be 1 – {MAX_LEN} (a scrambled cube needs up to 20 moves)"
        )));
    }
    Ok(())
}

impl ReferenceParams {
    /// The per cent searched past the target ([`SearchLimits::past_percent`]).
    fn past_percent(&self) -> u64 {
        SearchLimits {
            target: self.target,
            past_target: self.past_target,
            past_target_max: self.past_target_max,
            ..SearchLimits::default()
        }
        .past_percent()
    }
}

/// What the `reference` solver plots.
pub fn profile() -> Profile {
    Profile {
        step: "search slice",
        series: vec![
            SeriesSpec::new("best length", 0).short("length"),
            SeriesSpec::new("phase-1 depth", 0).short("depth"),
            SeriesSpec::new("nodes", 0).no_plot(),
        ],
    }
}

impl Reference {
    fn solution(&self) -> Alg {
        self.search.best().cloned().unwrap_or_default()
    }

    /// Nodes the next step may use: up to the soft limit once a solution is
    /// known, up to the give-up limit before.
    fn allowance(&self) -> u64 {
        let cap = if self.search.best().is_some() {
            self.params.max_nodes
        } else {
            self.params.give_up_nodes
        };
        cap.saturating_sub(self.search.nodes())
    }

    /// Coarse phase for the plot: looking for a first solution, looking for
    /// shorter ones, or done.
    fn phase(&self) -> &'static str {
        match (self.status, self.search.best()) {
            (Status::Running, None) => "first solution",
            (Status::Running, Some(_)) => "shorter solutions",
            _ => "done",
        }
    }

    /// What the search has done so far: nodes, phase-1 depth, best length.
    fn last_step(&self) -> Option<String> {
        (self.steps > 0).then(|| {
            let best = match self.search.best() {
                Some(a) => format!("best {} moves", a.len()),
                None => "no solution yet".to_string(),
            };
            format!(
                "slice {}: {} nodes searched, phase-1 depth {}, {best}",
                self.steps,
                self.search.nodes(),
                self.search.phase1_depth()
            )
        })
    }

    /// Why the search ended without a solution.
    fn exhausted_by(&self) -> Option<StopReason> {
        (self.status == Status::Exhausted).then(|| {
            if self.search.finished() {
                StopReason::SearchComplete {
                    max_len: self.params.max_len,
                }
            } else {
                StopReason::GiveUp(self.params.give_up_nodes)
            }
        })
    }

    fn update_status(&mut self) {
        if self.search.finished() || self.allowance() == 0 {
            self.status = if self.search.best().is_some() {
                Status::Solved
            } else {
                Status::Exhausted
            };
        }
    }
}

impl Solver for Reference {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            self.search
                .run(self.params.nodes_per_step.min(self.allowance()));
            self.steps += 1;
            self.update_status();
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn profile(&self) -> Profile {
        profile()
    }

    fn snapshot(&self) -> Snapshot {
        let best = self.start.after(&self.solution());
        let energy = f64::from(best.misplaced());
        let best_len = self.search.best().map(Alg::len);
        Snapshot {
            iteration: self.steps,
            energy,
            best_energy: energy,
            current: best.into(),
            best: best.into(),
            sequence_len: best_len.unwrap_or(0),
            generator: None,
            phase: Some(self.phase().to_string()),
            status: self.status,
            last_step: self.last_step(),
            exhausted_by: self.exhausted_by(),
            rows: Vec::new(),
            values: vec![
                best_len.map_or(f64::NAN, |l| l as f64),
                self.search.phase1_depth() as f64,
                self.search.nodes() as f64,
            ],
        }
    }

    fn iteration(&self) -> u64 {
        self.steps
    }

    fn outcome(&self) -> Outcome {
        let solution = self.solution();
        let best = self.start.after(&solution);
        let mut extra = serde_json::Map::new();
        extra.insert("nodes".into(), json!(self.search.nodes()));
        extra.insert("search_complete".into(), json!(self.search.finished()));
        Outcome {
            solved: self.search.best().is_some() && best.is_solved(),
            solution: solution.into(),
            energy: f64::from(best.misplaced()),
            iterations: self.steps,
            extra,
        }
    }
}
