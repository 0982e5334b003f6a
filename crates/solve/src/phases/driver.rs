//! Runs one [`PhaseSearch`] per phase of a [`Ladder`] (G0 → G1 → … →
//! solved), each from where the last one ended, and reports the whole run
//! as a [`Solver`](crate::Solver) ([`super::PhaseSolver`]). A
//! ladder that [`repeats`](Ladder::repeats) is climbed again from phase 1
//! until the step budget is spent; the shortest whole solution is kept.

use super::ladder::Ladder;
use super::search::PhaseSearch;
use super::seq::merge_same_face;
use crate::api::{SolveError, Status};
use crate::popstats::PopStats;
use crate::stop::StopReason;
use cubetui_cube::random::derive_seed;
use cubetui_cube::{AnyAlg, AnyCube};

/// The most phases a ladder has (the parameter tables' count).
pub const PHASES: usize = 4;

/// Builds the search of phase `phase` (1..=phases) of the ladder from
/// `start`, using the moves of G(phase − 1), with its own seed.
pub type MakeSearch<L> =
    Box<dyn Fn(&L, usize, <L as Ladder>::State, u64) -> Box<dyn PhaseSearch<L>> + Send>;

/// A whole solution of a repeating run, and how its phases went.
struct Climb {
    genes: Vec<u8>,
    lengths: Vec<usize>,
    steps: Vec<u64>,
    restarts: Vec<u64>,
}

/// A run through the phases of ladder `L`.
pub struct Phased<L: Ladder> {
    ladder: L,
    make: MakeSearch<L>,
    seed: u64,
    /// The upright start (every climb starts there).
    start: L::State,
    /// 1..=phases while searching; phases + 1 once solved.
    phase: usize,
    phase_start: L::State,
    search: Option<Box<dyn PhaseSearch<L>>>,
    /// Genes of the finished phases, in the ladder's frame.
    done: Vec<u8>,
    phase_lengths: Vec<usize>,
    phase_steps: Vec<u64>,
    phase_restarts: Vec<u64>,
    steps_in_phase: u64,
    iteration: u64,
    max_steps: u64,
    status: Status,
    /// A repeating run: climbs finished so far, and the shortest.
    climbs: u64,
    /// A repeating run: climbs given up.
    abandoned: u64,
    shortest: Option<Climb>,
}

impl<L: Ladder> Phased<L> {
    /// A run up `ladder` from its upright `start` state.
    pub fn new(
        ladder: L,
        make: MakeSearch<L>,
        start: L::State,
        seed: u64,
        max_steps: u64,
    ) -> Phased<L> {
        let mut p = Phased {
            ladder,
            make,
            seed,
            start,
            phase: 1,
            phase_start: start,
            search: None,
            done: Vec::new(),
            phase_lengths: Vec::new(),
            phase_steps: Vec::new(),
            phase_restarts: Vec::new(),
            steps_in_phase: 0,
            iteration: 0,
            max_steps,
            status: Status::Running,
            climbs: 0,
            abandoned: 0,
            shortest: None,
        };
        p.enter_phase();
        p
    }

    /// The ladder climbed.
    pub fn ladder(&self) -> &L {
        &self.ladder
    }

    /// Starts the current phase, skipping phases whose group the state is already in.
    fn enter_phase(&mut self) {
        let phases = self.ladder.phases();
        while self.phase <= phases && self.ladder.in_group(self.phase, &self.phase_start) {
            self.phase_lengths.push(0);
            self.phase_steps.push(0);
            self.phase_restarts.push(0);
            self.phase += 1;
        }
        if self.phase > phases {
            self.search = None;
            self.finish_climb();
            return;
        }
        // The first climb's seeds are the phase numbers' own.
        let climb = self.climbs + self.abandoned;
        let seed = derive_seed(self.seed, climb * 256 + self.phase as u64);
        self.search = Some((self.make)(
            &self.ladder,
            self.phase,
            self.phase_start,
            seed,
        ));
        self.steps_in_phase = 0;
    }

    /// The last phase is done: the run is solved, or (a repeating ladder)
    /// keeps the climb if it is the shortest and climbs again.
    fn finish_climb(&mut self) {
        if !self.ladder.repeats() {
            self.status = Status::Solved;
            return;
        }
        let climb = Climb {
            genes: std::mem::take(&mut self.done),
            lengths: std::mem::take(&mut self.phase_lengths),
            steps: std::mem::take(&mut self.phase_steps),
            restarts: std::mem::take(&mut self.phase_restarts),
        };
        self.climbs += 1;
        if self
            .shortest
            .as_ref()
            .is_none_or(|s| climb.genes.len() < s.genes.len())
        {
            self.shortest = Some(climb);
        }
        if self.shortest.as_ref().is_some_and(|s| s.genes.is_empty()) {
            // Solved at the start: nothing is shorter.
            self.status = Status::Solved;
            return;
        }
        self.phase = 1;
        self.phase_start = self.start;
        self.enter_phase();
    }

    /// Drops the climb under way and climbs again from phase 1.
    fn abandon_climb(&mut self) {
        self.abandoned += 1;
        self.done.clear();
        self.phase_lengths.clear();
        self.phase_steps.clear();
        self.phase_restarts.clear();
        self.phase = 1;
        self.phase_start = self.start;
        self.enter_phase();
    }

    /// Ends the current phase with its search's best sequence.
    fn finish_phase(&mut self, search: &dyn PhaseSearch<L>) {
        let mut genes = search.best().useful().to_vec();
        merge_same_face(&mut genes);
        let end = genes
            .iter()
            .fold(self.phase_start, |s, &g| self.ladder.turn(&s, g));
        assert!(
            self.ladder.in_group(self.phase, &end),
            "phase {} ended outside its group",
            self.phase
        );
        let set = self.ladder.moves(self.phase - 1);
        assert!(
            genes.iter().all(|g| set.contains(g)),
            "a move outside G{}",
            self.phase - 1
        );
        self.phase_lengths.push(genes.len());
        self.phase_steps.push(self.steps_in_phase);
        self.phase_restarts.push(search.restarts());
        self.done.extend(genes);
        self.phase_start = end;
        self.phase += 1;
        self.enter_phase();
    }

    /// Runs up to `n` elementary steps of the current phase (or phases).
    pub fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            if self.iteration >= self.max_steps {
                self.status = if self.shortest.is_some() {
                    self.phase = self.ladder.phases() + 1;
                    self.search = None;
                    Status::Solved
                } else {
                    Status::Exhausted
                };
                break;
            }
            let Some(mut search) = self.search.take() else {
                break;
            };
            search.step();
            self.iteration += 1;
            self.steps_in_phase += 1;
            if search.finished() {
                self.finish_phase(search.as_ref());
            } else if self.ladder.repeats() && search.restarts() > 0 {
                // A repeating run gives up a climb whose search had to
                // start afresh: climbing again from phase 1 costs less.
                self.abandon_climb();
            } else {
                self.search = Some(search);
            }
        }
        self.status
    }

    /// Where the run stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Elementary steps so far.
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The current phase (1..=phases; phases + 1 once solved).
    pub fn phase(&self) -> usize {
        self.phase
    }

    /// The label of the current phase.
    pub fn phase_label(&self) -> String {
        self.ladder.label(self.phase)
    }

    /// The phase fitness of the current phase's best and current sequences.
    pub fn phase_fitness(&self) -> (u32, u32) {
        match &self.search {
            Some(s) => (s.best().score.wrong, s.current().score.wrong),
            None => (0, 0),
        }
    }

    /// The current phase's population statistics, if its search has a
    /// population.
    pub fn population(&self) -> Option<PopStats> {
        self.search.as_ref().and_then(|s| s.population())
    }

    /// Length of the current phase's best sequence.
    pub fn phase_length(&self) -> usize {
        self.search.as_ref().map_or(0, |s| s.best().score.used)
    }

    /// Genes of the finished phases followed by `tail` (turns of one face
    /// merged), in the ladder's frame. Turns are not merged across phase
    /// ends, so the path splits into phases by [`Phased::phase_lengths`].
    fn path(&self, tail: &[u8]) -> Vec<u8> {
        let mut tail = tail.to_vec();
        merge_same_face(&mut tail);
        self.done.iter().chain(&tail).copied().collect()
    }

    /// The genes of the best state (`best`) or of the current one: the
    /// finished phases and the current phase's sequence; a repeating run's
    /// shortest whole solution once it has one (for the current state:
    /// once the run is over).
    fn genes(&self, best: bool) -> Vec<u8> {
        if let Some(s) = &self.shortest
            && (best || self.status != Status::Running)
        {
            return s.genes.clone();
        }
        let tail = match &self.search {
            Some(s) if best => s.best().useful(),
            Some(s) => s.current().useful(),
            None => &[],
        };
        self.path(tail)
    }

    /// The start cube after the best (`best`) or current moves, its
    /// misplaced stickers and the number of moves.
    pub fn state(&self, best: bool) -> (AnyCube, u32, usize) {
        let genes = self.genes(best);
        let (cube, misplaced) = self.ladder.after(&genes);
        (cube, misplaced, genes.len())
    }

    /// The moves to the best state: the finished phases and the current
    /// phase's best sequence (the whole solution once solved).
    pub fn best_solution(&self) -> AnyAlg {
        self.ladder.solution(&self.genes(true))
    }

    /// Moves each finished phase added (a repeating run: of its shortest
    /// solution, once it has one).
    pub fn phase_lengths(&self) -> &[usize] {
        self.shortest
            .as_ref()
            .map_or(&self.phase_lengths, |s| &s.lengths)
    }

    /// Elementary steps each finished phase took.
    pub fn phase_steps(&self) -> &[u64] {
        self.shortest
            .as_ref()
            .map_or(&self.phase_steps, |s| &s.steps)
    }

    /// Restarts of each finished phase's search.
    pub fn phase_restarts(&self) -> &[u64] {
        self.shortest
            .as_ref()
            .map_or(&self.phase_restarts, |s| &s.restarts)
    }

    /// Whole solutions found (a repeating run; 0 otherwise).
    pub fn climbs(&self) -> u64 {
        self.climbs
    }

    /// Climbs given up (a repeating run; 0 otherwise).
    pub fn abandoned(&self) -> u64 {
        self.abandoned
    }

    /// What the last step did: the current phase's best and current
    /// fitness (misplaced pieces of the phase), or the phase it finished.
    pub fn last_step(&self) -> Option<String> {
        let it = self.iteration;
        if it == 0 {
            return None;
        }
        let phases = self.ladder.phases();
        if self.steps_in_phase == 0 || self.search.is_none() {
            if self.phase_lengths.is_empty() && self.climbs > 0 {
                let shortest = self.shortest.as_ref().map_or(0, |s| s.genes.len());
                return Some(format!(
                    "step {it}: climb {} done (shortest so far {shortest} moves); {} begins",
                    self.climbs,
                    self.ladder.label(self.phase)
                ));
            }
            let done = self.phase - 1;
            let len = self.phase_lengths.last().copied().unwrap_or(0);
            let next = if self.phase > phases {
                "solved".to_string()
            } else {
                format!("{} begins", self.ladder.label(self.phase))
            };
            return Some(format!(
                "step {it}: phase {done}/{phases} done with {len} moves; {next}"
            ));
        }
        let (best, current) = self.phase_fitness();
        Some(format!(
            "step {it}: {}, step {} of the phase: best fitness {best} ({} moves), current {current}",
            self.ladder.label(self.phase),
            self.steps_in_phase,
            self.phase_length()
        ))
    }

    /// Which budget ran out, once exhausted.
    pub fn exhausted_by(&self) -> Option<StopReason> {
        (self.status == Status::Exhausted).then_some(StopReason::StepLimit(self.max_steps))
    }

    /// The live values of the running phase's parameters (none once solved).
    pub fn live_values(&self) -> Vec<(String, f64)> {
        self.search
            .as_ref()
            .map_or_else(Vec::new, |s| s.live_values())
    }

    /// Changes a live parameter of the running phase; a key of another
    /// phase is refused, naming the phase that runs.
    pub fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let asked = key
            .split_once('.')
            .and_then(|(head, _)| head.strip_prefix("phase"))
            .and_then(|n| n.parse::<usize>().ok());
        let running = self.phase;
        let phases = self.ladder.phases();
        match (&mut self.search, asked) {
            (Some(s), Some(n)) if n == running => s.set_param(key, value),
            (_, Some(n)) if (1..=phases).contains(&n) => {
                let now = match running {
                    r if (1..=phases).contains(&r) => format!("{} runs", self.ladder.label(r)),
                    _ => "the run is over".to_string(),
                };
                Err(SolveError::Parameter(format!(
                    "`{key}` cannot change now: phase {n} is not running ({now})"
                )))
            }
            (Some(s), None) if key != "max_steps" => s.set_param(key, value),
            _ => Err(SolveError::Parameter(format!(
                "`{key}` cannot change during a run"
            ))),
        }
    }
}
