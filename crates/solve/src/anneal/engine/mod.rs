//! The annealing engine as a stepping state machine, one for every space
//! ([`Space`]: the 3×3 kernel, the N×N sticker vectors).

use super::chain::Chain;
use super::params::SaParams;
use super::schedule::TEMPERATURE;
use super::space::{LINK, ProposalLoop, Proposer, Record, Space};
use crate::api::{Halt, Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status, never};
use steps::Steps;
use words::Proposal;

mod steps;
mod words;

/// Records the path keeps before long stretches of it become links
/// ([`Space::link`]): 16 MB.
const HISTORY_CAP: usize = 1 << 20;

/// A simulated-annealing run over space `S`: the one annealing loop
/// (`anneal/chain.rs`) over the space's states, each generator's
/// proposals a problem of that loop (`engine/steps.rs`).
#[derive(Debug)]
pub struct Annealer<S: Space> {
    pub(super) params: SaParams,
    space: S,
    /// The generator in use; `None` while what it needs is still being
    /// built (the commutator catalogue of a big size: built by the first
    /// steps, see [`Space::generator`]).
    generator: Option<S::Gen>,
    /// The generator's index in the space's names (recorded with each operator).
    gen_index: u8,
    /// The random numbers, the proposals made, the temperature, the
    /// acceptance counts.
    pub(super) chain: Chain,
    start: S::State,
    current: S::Current,
    best: S::State,
    best_energy: u32,
    /// Accepted operators from the start to the current state. The best state
    /// is always reached by a prefix of it.
    history: Vec<Record>,
    /// What the [`LINK`] records of `history` stand for.
    links: Vec<S::Link>,
    /// `history` is shortened with links when it reaches this length.
    pub(super) history_cap: usize,
    current_moves: usize,
    best_prefix: usize,
    best_moves: usize,
    last_improvement: u64,
    accepted: u64,
    restarts: u64,
    /// The last proposal made (none before the first step).
    last: Option<Proposal>,
    status: Status,
}

impl<S: Space> Annealer<S> {
    /// A run from `start` over `space`, fully determined by (`params`,
    /// `seed`, `start`). Quick on every size: a generator whose catalogue
    /// is not built yet is obtained by the first step (which applies its
    /// prelude then, before any proposal: the same run).
    pub fn new(
        space: S,
        params: &SaParams,
        start: S::State,
        seed: u64,
    ) -> Result<Annealer<S>, SolveError> {
        params.validate()?;
        let mut space = space;
        space.configure(&params.comm);
        let generator = space.generator(&params.neighbourhood, &|| true)?;
        let current = space.prepare(&start);
        let e = S::energy(&current);
        let name = match generator {
            Some(g) => S::name(g),
            None => params.neighbourhood.as_str(),
        };
        let mut a = Annealer {
            gen_index: index_in(space.names(), name),
            generator,
            chain: Chain::new(seed, &params.schedule, params.max_steps),
            best: start.clone(),
            start,
            current,
            best_energy: e,
            history: Vec::new(),
            links: Vec::new(),
            history_cap: HISTORY_CAP,
            current_moves: 0,
            best_prefix: 0,
            best_moves: 0,
            last_improvement: 0,
            accepted: 0,
            restarts: 0,
            last: None,
            status: if e == 0 {
                Status::Solved
            } else {
                Status::Running
            },
            params: params.clone(),
            space,
        };
        a.apply_prelude(0, &never);
        Ok(a)
    }

    /// The generator, obtained now if it is not yet (building what it
    /// needs until `halt`; its prelude applied once it is there).
    fn ready(&mut self, halt: Halt<'_>) -> Option<S::Gen> {
        if self.generator.is_none() && self.status == Status::Running {
            let g = self
                .space
                .generator(&self.params.neighbourhood, halt)
                .ok()
                .flatten()?;
            self.generator = Some(g);
            self.apply_prelude(self.chain.iteration, halt);
        }
        self.generator
    }

    /// The name of the generator in use (or being obtained).
    pub(super) fn generator_name(&self) -> &str {
        match self.generator {
            Some(g) => S::name(g),
            None => &self.params.neighbourhood,
        }
    }

    /// Applies the generator's prelude (operators it needs before its
    /// first proposal), each recorded as accepted at proposal `iteration`.
    fn apply_prelude(&mut self, iteration: u64, halt: Halt<'_>) {
        let Some(g) = self.generator else {
            return;
        };
        if self.status != Status::Running {
            return;
        }
        for code in self.space.prelude(g, &self.current) {
            self.space.force(g, &mut self.current, code);
            let e = S::energy(&self.current);
            self.note_accepted(e, code, iteration, halt);
        }
    }

    /// The parameters of this run (the generator may since have been swapped).
    pub fn params(&self) -> &SaParams {
        &self.params
    }

    /// The current temperature.
    pub fn temperature(&self) -> f64 {
        self.chain.cooling.temperature()
    }

    /// Goes back to the best state, `iteration` proposals in (the caller
    /// restarts the schedule).
    fn restart(&mut self, iteration: u64, halt: Halt<'_>) {
        self.current = self.space.prepare(&self.best);
        self.history.truncate(self.best_prefix);
        self.current_moves = self.best_moves;
        self.last_improvement = iteration;
        self.restarts += 1;
        // The best state may come before the generator's prelude.
        self.apply_prelude(iteration, halt);
    }

    /// Books an operator that made the current state (of energy `e`).
    fn note_accepted(&mut self, e: u32, code: u64, iteration: u64, halt: Halt<'_>) {
        self.accepted += 1;
        self.history.push(Record {
            generator: self.gen_index,
            code,
        });
        if let Some(g) = self.generator {
            self.current_moves += self.space.moves(g, code);
            if self.params.cut_loops {
                self.space.visited(g, S::state(&self.current));
            }
        }
        if e < self.best_energy {
            self.best = S::state(&self.current).clone();
            self.best_energy = e;
            self.best_prefix = self.history.len();
            self.best_moves = self.current_moves;
            self.last_improvement = iteration;
            if e == 0 {
                self.status = Status::Solved;
            }
        }
        if self.history.len() >= self.history_cap {
            self.compact(halt);
        }
    }

    /// Replaces the path to the best state, and the path from there to the
    /// current state, with one link each (when the space finds both), so
    /// that the history stays bounded. The states, the energies and the
    /// end of every reported path stay as they are. When `halt` says to
    /// stop before both links are found, the history stays whole (and
    /// valid); the next acceptance tries again.
    fn compact(&mut self, halt: Halt<'_>) {
        let mut links = Vec::new();
        let mut history = Vec::new();
        let mut best_moves = 0;
        if self.best_prefix > 0 {
            let Some(l) = self.space.link(&self.start, &self.best, halt) else {
                return;
            };
            best_moves = S::link_moves(&l);
            links.push(l);
            history.push(Record {
                generator: LINK,
                code: 0,
            });
        }
        let mut current_moves = best_moves;
        if self.history.len() > self.best_prefix {
            let Some(l) = self.space.link(&self.best, S::state(&self.current), halt) else {
                return;
            };
            current_moves += S::link_moves(&l);
            links.push(l);
            history.push(Record {
                generator: LINK,
                code: links.len() as u64 - 1,
            });
        }
        self.best_prefix = usize::from(self.best_prefix > 0);
        self.best_moves = best_moves;
        self.current_moves = current_moves;
        self.history = history;
        self.links = links;
    }

    /// Runs up to `n` proposals from `p`: the one loop ([`Chain::run`])
    /// over this run's state, `p` proposing.
    ///
    /// Never inlined: one function per proposer, compiled alike whatever
    /// calls it. Inlined into `step_within` (and on into the caller's
    /// loop), the sparse delta ran out of registers in the bench binary
    /// and reloaded its state's address from the stack: 269 instructions
    /// a proposal instead of 249 (cachegrind), 0.91× the throughput.
    #[inline(never)]
    fn run_proposals<P: Proposer<S>>(&mut self, p: &P, n: u64, halt: Halt<'_>) -> Status {
        let schedule = self.params.schedule.clone();
        let max_steps = self.params.max_steps;
        let limit = self.chain.iteration.saturating_add(n).min(max_steps);
        let restarts = self.restarts;
        let mut chain = self.chain.clone();
        let mut steps = Steps::new(self, p, halt);
        chain.run(&schedule, &mut steps, limit);
        let last = steps.last();
        self.chain = chain;
        if let Some((code, delta, accepted)) = last {
            self.last = Some(Proposal {
                generator: self.gen_index,
                code,
                delta,
                accepted,
                restarted: self.restarts > restarts,
            });
        }
        if self.status == Status::Running
            && (self.chain.iteration >= max_steps || self.chain.cooling.frozen(&schedule))
        {
            self.status = Status::Exhausted;
        }
        self.status
    }
}

/// The index of `name` in `names` (0 if absent: names come from the space).
fn index_in(names: &[&str], name: &str) -> u8 {
    names.iter().position(|n| *n == name).unwrap_or(0) as u8
}

impl<S: Space> Annealer<S> {
    /// Records on the current path (tests: it stays bounded).
    #[cfg(test)]
    pub(super) fn history_len(&self) -> usize {
        self.history.len()
    }

    /// Links in use (tests).
    #[cfg(test)]
    pub(super) fn links_len(&self) -> usize {
        self.links.len()
    }

    /// Hands the space new commutator settings.
    pub(super) fn configure(&mut self, comm: &super::params::CommParams) {
        self.space.configure(comm);
        // The orbits a proposal draws from depend on the stages.
        self.current = self.space.prepare(S::state(&self.current));
    }
}

impl<S: Space> ProposalLoop<S> for Annealer<S> {
    #[inline(always)]
    fn run<P: Proposer<S>>(&mut self, p: &P, n: u64, halt: Halt<'_>) -> Status {
        self.run_proposals(p, n, halt)
    }
}

impl<S: Space> Solver for Annealer<S> {
    fn step(&mut self, n: u64) -> Status {
        self.step_within(n, &never)
    }

    fn step_within(&mut self, n: u64, halt: Halt<'_>) -> Status {
        match self.ready(halt) {
            Some(g) => S::run(self, g, n, halt),
            None => self.status,
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "iteration",
            series: vec![
                // The series the knob `temperature` sets (a status row shows it once).
                SeriesSpec::new(TEMPERATURE, 4),
                SeriesSpec::new("acceptance", 1).unit("%", 100.0).no_plot(),
            ],
        }
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            iteration: self.chain.iteration,
            energy: S::energy(&self.current) as f64,
            best_energy: self.best_energy as f64,
            current: self.space.cube(S::state(&self.current)),
            best: self.space.cube(&self.best),
            sequence_len: self.current_moves,
            generator: Some(self.generator_name().to_string()),
            phase: self
                .generator
                .and_then(|g| self.space.stage(g, &self.current)),
            status: self.status,
            last_step: self.last_step(),
            exhausted_by: self.exhausted_by(),
            rows: self.generator.map_or_else(Vec::new, |g| {
                self.space.rows(g, self.history.last().copied())
            }),
            values: vec![self.temperature(), self.acceptance().unwrap_or(f64::NAN)],
        }
    }

    fn outcome(&self) -> Outcome {
        let solution = self.space.solution(
            &self.start,
            &self.history[..self.best_prefix],
            &self.links,
            self.params.cut_loops,
        );
        let mut extra = serde_json::Map::new();
        extra.insert("accepted".into(), self.accepted.into());
        extra.insert("restarts".into(), self.restarts.into());
        for (k, v) in self
            .generator
            .map_or_else(Vec::new, |g| self.space.extra(g))
        {
            extra.insert(k.into(), v);
        }
        Outcome {
            solved: self.best_energy == 0,
            solution,
            energy: self.best_energy as f64,
            iterations: self.chain.iteration,
            extra,
        }
    }

    fn generators(&self) -> Vec<String> {
        self.space.names().iter().map(|s| s.to_string()).collect()
    }

    fn set_generator(&mut self, name: &str) -> Result<(), SolveError> {
        // Not built yet: the next step builds it.
        self.generator = self.space.generator(name, &|| true)?;
        self.gen_index = index_in(self.space.names(), name);
        self.params.neighbourhood = name.to_string();
        self.apply_prelude(self.chain.iteration, &never);
        Ok(())
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.live()
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.set_live(key, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anneal::three::Three;
    use cubetui_cube::Cube;

    #[test]
    fn last_step_describes_each_proposal_and_its_verdict() {
        let start = Cube::solved().after(&"R U F' L2 D B".parse().unwrap());
        let mut a = Annealer::new(Three::default(), &SaParams::default(), start, 4).unwrap();
        assert_eq!(a.snapshot().last_step, None, "no step yet");
        let (mut accepted, mut rejected) = (0, 0);
        for _ in 0..300 {
            let before = a.snapshot().energy;
            a.step(1);
            let s = a.snapshot();
            let p = a.last.expect("a step proposes");
            let text = s.last_step.expect("described");
            let op = a.space.describe(p.generator, p.code);
            assert!(text.starts_with(&format!("proposed {op} ")), "{text}");
            assert!(text.contains(&format!("Δenergy {:+}", p.delta)), "{text}");
            if p.accepted {
                accepted += 1;
                assert!(text.contains("accepted"), "{text}");
                assert_eq!(s.energy - before, f64::from(p.delta), "{text}");
            } else {
                rejected += 1;
                assert!(text.contains("rejected"), "{text}");
                assert_eq!(s.energy, before, "{text}");
            }
            if s.status != Status::Running {
                break;
            }
        }
        assert!(accepted > 0 && rejected > 0, "{accepted} / {rejected}");
    }

    #[test]
    fn a_long_hot_run_keeps_its_history_bounded_and_its_path_exact() {
        let p = super::super::params::hot_walk();
        let start = Cube::solved().after(&"R U F' L2 D B R2 U'".parse().unwrap());
        let mut a = Annealer::new(Three::default(), &p, start, 4).unwrap();
        a.history_cap = 1000;
        for _ in 0..50 {
            a.step(4_000);
            assert!(a.history.len() < 1000, "{}", a.history.len());
            assert!(a.links.len() <= 2);
        }
        assert!(a.accepted > 10_000, "the walk went far: {}", a.accepted);
        assert!(!a.links.is_empty(), "it was shortened");
        let s = a.snapshot();
        let out = a.outcome();
        let best = *s.best.three().unwrap();
        assert_eq!(start.after(out.solution.three().unwrap()), best);
        assert_eq!(out.energy, f64::from(best.misplaced()));
    }

    #[test]
    fn an_exhausted_run_names_its_step_limit() {
        let p = SaParams {
            max_steps: 50,
            ..SaParams::default()
        };
        let start = Cube::solved().after(&"R U F' L2 D B".parse().unwrap());
        let mut a = Annealer::new(Three::default(), &p, start, 4).unwrap();
        assert_eq!(a.snapshot().exhausted_by, None);
        assert_eq!(a.step(100), Status::Exhausted);
        assert_eq!(
            a.snapshot()
                .exhausted_by
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("step limit 50")
        );
    }
}
