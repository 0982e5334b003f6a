//! The `mws` solver: the moving-window method of Steitz, Golle and Rothlauf
//! (GECCO 2009), the project's paper 003. A fixed-length sequence of
//! turns, random at first, is improved by a window that slides left to right:
//! at each position the window's turns are mutated several times and the best
//! window (judged on every prefix) is kept, then the window moves one step and
//! its first turn is fixed. Three phases, each with its own fitness and moves:
//! solve a 2x2x3 block (`pairs` fitness, all 18 turns); bring the rest into
//! the two-generator group of the two faces the block does not touch; finish
//! with turns of those two faces only.
//!
//! Twelve runs, one per 2x2x3 block, advance in lock-step rounds: one round moves
//! every unfinished run's window by one position. The first run to finish all three
//! phases wins, ties broken by block index, so the result does not depend on how
//! the rounds are scheduled (with `best_of` > 1, the shortest of the first runs
//! to finish). Each run has its own generator seeded from the base seed and its
//! block index. An exhaustive window search visits at most [`NODES_PER_STEP`]
//! windows per run and round, so one round (the elementary step) stays short.

mod params;
pub mod pieces;
pub mod window;

use rand_xoshiro::Xoshiro256PlusPlus;

use self::params::phase_moves;
pub use self::params::{MAX_EXHAUSTIVE_NODES, MAX_TRIAL_TURNS, MwsParams, NODES_PER_STEP, params};
use self::pieces::blocks;
use self::window::{Improvement, Objective, WindowParams};
use super::chromosome::{genes_alg, seeded_rng};
use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::stop::StopReason;
use cubetui_cube::Cube;
use cubetui_cube::random::derive_seed;

pub fn build(p: &MwsParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Mws::new(p.clone(), start, seed)?))
}

/// One block's run through the three phases.
struct Run {
    block: usize,
    rng: Xoshiro256PlusPlus,
    /// 0, 1, 2 = phases 1..3; 3 = finished.
    phase: usize,
    /// Moves fixed in earlier phases and so far in this one.
    fixed: Vec<u8>,
    /// Length of `fixed` when each phase started / finished.
    phase_start: [usize; 4],
    /// State at the start of the current phase and after `fixed`.
    phase_state: Cube,
    state: Cube,
    /// The current phase's random sequence and the window's position in it.
    seq: Vec<u8>,
    pos: usize,
    score: u32,
    restarts: u64,
    /// Window moves made in each phase, restarts included.
    slides: [u64; 3],
    /// The exhaustive search of the current window position, while unfinished.
    search: Option<window::Exhaustive>,
}

const OBJECTIVES: [Objective; 3] = [Objective::Block, Objective::TwoGen, Objective::Finish];

impl Run {
    fn new(block: usize, start: Cube, seed: u64, p: &MwsParams) -> Run {
        let mut run = Run {
            block,
            rng: seeded_rng(derive_seed(seed, block as u64)),
            phase: 0,
            fixed: Vec::new(),
            phase_start: [0; 4],
            phase_state: start,
            state: start,
            seq: Vec::new(),
            pos: 0,
            score: 0,
            restarts: 0,
            slides: [0; 3],
            search: None,
        };
        run.enter_phase(0, Some(p));
        run
    }

    fn params<'a>(&self, p: &'a MwsParams) -> &'a WindowParams {
        [&p.phase1, &p.phase2, &p.phase3][self.phase.min(2)]
    }

    /// Starts (or restarts) phase `phase` from the current state, skipping phases
    /// already complete.
    fn enter_phase(&mut self, mut phase: usize, p: Option<&MwsParams>) {
        let b = &blocks()[self.block];
        while phase < 3 && OBJECTIVES[phase].score(b, &self.state) == OBJECTIVES[phase].goal() {
            self.phase_start[phase + 1] = self.fixed.len();
            phase += 1;
        }
        self.phase = phase;
        self.phase_start[phase] = self.fixed.len();
        self.phase_state = self.state;
        self.pos = 0;
        if phase < 3 {
            self.score = OBJECTIVES[phase].score(b, &self.state);
            let len = p.map_or(0, |p| self.params(p).length);
            let moves = phase_moves(b, phase);
            self.seq =
                window::random_sequence(&mut self.rng, &moves, self.fixed.last().copied(), len);
        }
    }

    /// Moves the window one position (mutate), or advances the exhaustive
    /// search of the current position by up to [`NODES_PER_STEP`] windows and
    /// moves the window once that search is complete.
    fn slide(&mut self, p: &MwsParams) {
        if self.phase >= 3 {
            return;
        }
        let b = &blocks()[self.block];
        let wp = self.params(p).clone();
        if self.seq.len() < wp.length {
            let moves = phase_moves(b, self.phase);
            self.seq = window::random_sequence(
                &mut self.rng,
                &moves,
                self.fixed.last().copied(),
                wp.length,
            );
        }
        let obj = OBJECTIVES[self.phase];
        let moves = phase_moves(b, self.phase);
        let site = window::Site {
            obj,
            block: b,
            state: &self.state,
            prev: self.fixed.last().copied(),
            moves: &moves,
        };
        let end = (self.pos + wp.window).min(wp.length);
        let (score, prefix) = match wp.search {
            Improvement::Mutate => {
                let (s, n) = window::mutate_window(
                    &mut self.rng,
                    site,
                    &mut self.seq[self.pos..end],
                    wp.trials,
                );
                (s, self.seq[self.pos..self.pos + n].to_vec())
            }
            Improvement::Exhaustive => {
                let depth = end - self.pos;
                let rng = &mut self.rng;
                let search = self.search.get_or_insert_with(|| {
                    window::Exhaustive::new(rng, obj, site.state, site.prev, &moves, depth)
                });
                match search.advance(b, NODES_PER_STEP) {
                    Some(found) => {
                        self.search = None;
                        found
                    }
                    // The window's search goes on in the next round.
                    None => return,
                }
            }
        };
        self.slides[self.phase] += 1;
        let take = if score == obj.goal() { prefix.len() } else { 1 };
        let perms = super::chromosome::gene_perms();
        for &g in &prefix[..take] {
            self.state.apply_perm(&perms[g as usize]);
            self.fixed.push(g);
        }
        self.score = obj.score(b, &self.state);
        self.pos += take;
        if self.score == obj.goal() {
            let next = self.phase + 1;
            self.phase_start[next] = self.fixed.len();
            self.enter_phase(next, Some(p));
        } else if self.pos >= wp.length {
            // The whole sequence is fixed without finishing: start the phase again.
            self.restarts += 1;
            self.fixed.truncate(self.phase_start[self.phase]);
            self.state = self.phase_state;
            self.enter_phase(self.phase, Some(p));
        }
    }

    /// Progress for display: phase + fraction of the phase goal (3.0 = done).
    fn progress(&self) -> f64 {
        if self.phase >= 3 {
            return 3.0;
        }
        self.phase as f64 + f64::from(self.score) / f64::from(OBJECTIVES[self.phase].goal())
    }

    /// What the current phase still lacks: its goal less its score (0 once
    /// the three phases are done); what the window search drives down.
    fn gap(&self) -> u32 {
        OBJECTIVES
            .get(self.phase)
            .map_or(0, |o| o.goal().saturating_sub(self.score))
    }
}

/// Names of the three phases, as the plot marks their start.
const PHASE_NAMES: [&str; 3] = ["block", "orient", "two-gen"];

/// A running `mws`.
pub struct Mws {
    p: MwsParams,
    start: Cube,
    runs: Vec<Run>,
    rounds: u64,
    winner: Option<usize>,
    status: Status,
    /// The leader's phase and the smallest gap a leader had in it (only
    /// for display: the best line of the main plot).
    best_gap: (usize, u32),
}

impl Mws {
    pub fn new(p: MwsParams, start: Cube, seed: u64) -> Result<Mws, SolveError> {
        p.validate()?;
        let runs: Vec<Run> = (0..12).map(|b| Run::new(b, start, seed, &p)).collect();
        let mut m = Mws {
            p,
            start,
            runs,
            rounds: 0,
            winner: None,
            status: Status::Running,
            best_gap: (0, u32::MAX),
        };
        m.check_winner();
        m.note_gap();
        Ok(m)
    }

    fn check_winner(&mut self) {
        if self.winner.is_none() {
            let done = || self.runs.iter().filter(|r| r.phase >= 3);
            let finished = done().count();
            let out_of_rounds = self.rounds >= self.p.max_rounds && finished > 0;
            if self.p.best_of <= 1 {
                // The seed's rule: the first run to finish, ties by block index.
                self.winner = done().map(|r| r.block).next();
            } else if finished >= self.p.best_of.min(12) || out_of_rounds {
                self.winner = done()
                    .min_by_key(|r| (r.fixed.len(), r.block))
                    .map(|r| r.block);
            }
        }
        self.status = if self.winner.is_some() {
            Status::Solved
        } else if self.rounds >= self.p.max_rounds {
            Status::Exhausted
        } else {
            Status::Running
        };
    }

    /// The last round's window move, as the leader made it.
    fn last_step(&self) -> Option<String> {
        if self.rounds == 0 {
            return None;
        }
        let lead = self.leader();
        let b = &blocks()[lead.block];
        let run = format!(
            "round {}: leader run {} ({}{} free)",
            self.rounds,
            lead.block,
            b.free[0].letter(),
            b.free[1].letter()
        );
        if lead.phase >= 3 {
            return Some(format!(
                "{run} finished the three phases with {} moves",
                lead.fixed.len()
            ));
        }
        let what = if lead.search.is_some() {
            "searching the window"
        } else {
            "window"
        };
        Some(format!(
            "{run}, phase {}/3, {what} at {}/{}, fitness {}/{}, {} moves fixed",
            lead.phase + 1,
            lead.pos,
            lead.params(&self.p).length,
            lead.score,
            OBJECTIVES[lead.phase].goal(),
            lead.fixed.len()
        ))
    }

    /// Folds the leader's gap into the best gap of its phase (a new phase
    /// starts afresh; the leader's phase never goes back).
    fn note_gap(&mut self) {
        let lead = self.leader();
        let (phase, gap) = (lead.phase, lead.gap());
        self.best_gap = if phase == self.best_gap.0 {
            (phase, self.best_gap.1.min(gap))
        } else {
            (phase, gap)
        };
    }

    /// The run that is furthest on (the winner once there is one).
    fn leader(&self) -> &Run {
        if let Some(w) = self.winner {
            return &self.runs[w];
        }
        let mut best = &self.runs[0];
        for r in &self.runs[1..] {
            if r.progress() > best.progress() {
                best = r;
            }
        }
        best
    }
}

impl Solver for Mws {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            for r in &mut self.runs {
                r.slide(&self.p);
            }
            self.rounds += 1;
            self.check_winner();
            self.note_gap();
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn snapshot(&self) -> Snapshot {
        let lead = self.leader();
        // The leader's phase, without its block: the plot marks a change.
        let phase = match PHASE_NAMES.get(lead.phase) {
            Some(name) => format!("phase {}/3 · {name}", lead.phase + 1),
            None => "done".to_string(),
        };
        let energy = f64::from(lead.state.misplaced());
        Snapshot {
            iteration: self.rounds,
            energy,
            best_energy: energy,
            current: lead.state.into(),
            best: lead.state.into(),
            sequence_len: lead.fixed.len(),
            generator: None,
            phase: Some(phase),
            status: self.status,
            last_step: self.last_step(),
            exhausted_by: (self.status == Status::Exhausted)
                .then_some(StopReason::RoundLimit(self.p.max_rounds)),
            rows: Vec::new(),
            values: vec![
                // The leader's fitness in its phase, 0..1 (1 = phase solved).
                lead.progress() - lead.phase.min(3) as f64,
                // Phases done plus the current phase's fitness, 0..3.
                lead.progress(),
                // The smallest gap of the leader's phase, and the leader's now.
                f64::from(self.best_gap.1.min(lead.gap())),
                f64::from(lead.gap()),
            ],
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "window move",
            series: vec![
                SeriesSpec::new("phase fitness", 3).no_plot(),
                SeriesSpec::new("leader progress", 3).short("leader"),
                // What the window search drives down: the main plot.
                SeriesSpec::new("phase gap", 0).main().no_plot(),
                SeriesSpec::new("leader gap", 0)
                    .main_current()
                    .no_plot()
                    .no_row(),
            ],
        }
    }

    fn outcome(&self) -> Outcome {
        let lead = self.leader();
        let mut extra = serde_json::Map::new();
        extra.insert("rounds".into(), self.rounds.into());
        extra.insert("block".into(), lead.block.into());
        let b = &blocks()[lead.block];
        extra.insert(
            "free_faces".into(),
            format!("{}{}", b.free[0].letter(), b.free[1].letter()).into(),
        );
        let ends = [lead.phase_start[1], lead.phase_start[2], lead.fixed.len()];
        let lens: Vec<serde_json::Value> = (0..3)
            .map(|i| {
                if lead.phase > i {
                    let from = if i == 0 { 0 } else { lead.phase_start[i] };
                    (ends[i] - from).into()
                } else {
                    serde_json::Value::Null
                }
            })
            .collect();
        extra.insert("phase_lengths".into(), lens.into());
        extra.insert("phase_slides".into(), lead.slides.to_vec().into());
        extra.insert(
            "restarts".into(),
            self.runs.iter().map(|r| r.restarts).sum::<u64>().into(),
        );
        Outcome {
            solved: self.winner.is_some(),
            solution: genes_alg(&lead.fixed).into(),
            energy: f64::from(self.start.after(&genes_alg(&lead.fixed)).misplaced()),
            iterations: self.rounds,
            extra,
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.p.live_values()
    }

    /// Every run reads its phase's window and trials at each window move,
    /// so a change applies to every run in that phase from the next round
    /// (an exhaustive search under way at one position finishes with the
    /// window it began with).
    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.p = self.p.changed(key, value)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mws() -> Mws {
        let start = Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        Mws::new(MwsParams::default(), start, 3).unwrap()
    }

    #[test]
    fn every_phases_window_and_trials_are_live() {
        let m = mws();
        let keys: Vec<String> = m.live_values().into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "phase1.window",
                "phase1.trials",
                "phase2.window",
                "phase2.trials",
                "phase3.window",
                "phase3.trials"
            ]
        );
    }

    #[test]
    fn a_new_window_is_used_at_the_next_window_move() {
        let mut m = mws();
        m.step(1);
        let ends = |m: &Mws| -> Vec<usize> { m.runs.iter().map(|r| r.fixed.len()).collect() };
        m.set_param("phase1.window", 1.0).unwrap();
        m.set_param("phase1.trials", 1.0).unwrap();
        let before = ends(&m);
        m.step(1);
        // A window of one turn fixes exactly one turn per run still in phase 1.
        for (r, b) in m.runs.iter().zip(before) {
            if r.phase == 0 {
                assert_eq!(r.fixed.len(), b + 1);
            }
        }
        assert_eq!(m.snapshot().iteration, 2, "the run goes on");
    }

    #[test]
    fn bad_values_are_refused_naming_the_key_and_range() {
        let mut m = mws();
        let e = m.set_param("phase2.window", 17.0).unwrap_err().to_string();
        assert!(
            e.contains("`phase2.window`") && e.contains("in 1 – 16"),
            "{e}"
        );
        let e = m
            .set_param("phase3.trials", 5000.0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("phase3.trials must be 1 – 1000"), "{e}");
        let e = m.set_param("phase1.length", 20.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        let e = m.set_param("phase4.window", 2.0).unwrap_err().to_string();
        assert!(e.contains("unknown parameter `phase4.window`"), "{e}");
        assert_eq!(m.p, MwsParams::default());
        assert_eq!(m.step(1), Status::Running);
    }
}
