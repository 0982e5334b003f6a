//! Runs one [`PhaseSearch`] per phase, G0 → G1 → G2 → G3 → solved, each from
//! where the last one ended, and reports the whole run as a [`Solver`](crate::solve::Solver).

use super::cubie::{GROUP_MOVES, apply_all};
use super::group::in_group;
use super::search::PhaseSearch;
use super::seq::merge_same_face;
use crate::cube::random::derive_seed;
use crate::cube::state::{CENTRES, whole_cube_rotations};
use crate::cube::{Alg, Cube, CubieCube};
use crate::solve::api::{SolveError, Status};
use crate::solve::chromosome::genes_alg;
use crate::solve::popstats::PopStats;

/// Number of phases.
pub const PHASES: usize = 4;

/// Builds the search of phase `phase` (1..=4) from `start`, using the moves of
/// G(phase − 1), with its own seed.
pub type MakeSearch =
    Box<dyn Fn(usize, &'static [u8], CubieCube, u64) -> Box<dyn PhaseSearch> + Send>;

/// The label of phase `i` (1..=4), e.g. `phase 2/4 · G1→G2`.
pub fn phase_label(i: usize) -> String {
    match i {
        1..=3 => format!("phase {i}/4 · G{}→G{i}", i - 1),
        4 => "phase 4/4 · G3→solved".into(),
        _ => "solved".into(),
    }
}

/// A run through the four phases.
pub struct Phased {
    make: MakeSearch,
    seed: u64,
    start_cube: Cube,
    /// Upright gene → gene on `start_cube` (identity unless its centres are turned).
    face_map: [u8; 18],
    /// 1..=4 while searching; 5 once solved.
    phase: usize,
    phase_start: CubieCube,
    search: Option<Box<dyn PhaseSearch>>,
    /// Genes of the finished phases, in the upright frame.
    done: Vec<u8>,
    phase_lengths: Vec<usize>,
    phase_steps: Vec<u64>,
    phase_restarts: Vec<u64>,
    steps_in_phase: u64,
    iteration: u64,
    max_steps: u64,
    status: Status,
}

/// The cube turned as a whole so its centres are home, and the map from a
/// face turn of that cube to the same physical turn of `cube`.
fn upright(cube: &Cube) -> Result<(CubieCube, [u8; 18]), SolveError> {
    let cc = CubieCube::from_cube(cube).map_err(|e| SolveError::Parameter(e.to_string()))?;
    cc.check()
        .map_err(|e| SolveError::Parameter(format!("the start cube is not solvable: {e}")))?;
    let r = whole_cube_rotations()
        .iter()
        .find(|r| cube.permuted(r).stickers() == cc.to_cube().stickers())
        .ok_or_else(|| SolveError::Parameter("the start cube has stray stickers".into()))?;
    let map = std::array::from_fn(|g| {
        let face = r.table()[CENTRES[g / 3]] as usize / 9;
        (face * 3 + g % 3) as u8
    });
    Ok((cc, map))
}

impl Phased {
    /// A run from `start`; fails on a cube that cannot be solved.
    pub fn new(
        make: MakeSearch,
        start: Cube,
        seed: u64,
        max_steps: u64,
    ) -> Result<Phased, SolveError> {
        let (cc, face_map) = upright(&start)?;
        let mut p = Phased {
            make,
            seed,
            start_cube: start,
            face_map,
            phase: 1,
            phase_start: cc,
            search: None,
            done: Vec::new(),
            phase_lengths: Vec::new(),
            phase_steps: Vec::new(),
            phase_restarts: Vec::new(),
            steps_in_phase: 0,
            iteration: 0,
            max_steps,
            status: Status::Running,
        };
        p.enter_phase();
        Ok(p)
    }

    /// Starts the current phase, skipping phases whose group the state is already in.
    fn enter_phase(&mut self) {
        while self.phase <= PHASES && in_group(self.phase, &self.phase_start) {
            self.phase_lengths.push(0);
            self.phase_steps.push(0);
            self.phase_restarts.push(0);
            self.phase += 1;
        }
        if self.phase > PHASES {
            self.search = None;
            self.status = Status::Solved;
            return;
        }
        let seed = derive_seed(self.seed, self.phase as u64);
        let set = GROUP_MOVES[self.phase - 1];
        self.search = Some((self.make)(self.phase, set, self.phase_start, seed));
        self.steps_in_phase = 0;
    }

    /// Ends the current phase with its search's best sequence.
    fn finish_phase(&mut self, search: &dyn PhaseSearch) {
        let mut genes = search.best().useful().to_vec();
        merge_same_face(&mut genes);
        let end = apply_all(&self.phase_start, &genes);
        assert!(
            in_group(self.phase, &end),
            "phase {} ended outside its group",
            self.phase
        );
        let set = GROUP_MOVES[self.phase - 1];
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
                self.status = Status::Exhausted;
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

    /// The current phase (1..=4; 5 once solved).
    pub fn phase(&self) -> usize {
        self.phase
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

    fn physical(&self, genes: impl Iterator<Item = u8>) -> Vec<u8> {
        genes.map(|g| self.face_map[g as usize]).collect()
    }

    /// Genes of the finished phases followed by `tail` (turns of one face
    /// merged), on the start cube's frame. Turns are not merged across phase
    /// ends, so the path splits into phases by [`Phased::phase_lengths`].
    fn path(&self, tail: &[u8]) -> Vec<u8> {
        let mut tail = tail.to_vec();
        merge_same_face(&mut tail);
        self.physical(self.done.iter().chain(&tail).copied())
    }

    /// The start cube after the finished phases and the current phase's
    /// current (`best = false`) or best sequence.
    pub fn state(&self, best: bool) -> (Cube, usize) {
        let tail = match &self.search {
            Some(s) if best => s.best().useful(),
            Some(s) => s.current().useful(),
            None => &[],
        };
        let genes = self.path(tail);
        (self.start_cube.after(&genes_alg(&genes)), genes.len())
    }

    /// The moves to the best state: the finished phases and the current
    /// phase's best sequence (the whole solution once solved).
    pub fn best_solution(&self) -> Alg {
        let tail = self.search.as_ref().map_or(&[][..], |s| s.best().useful());
        genes_alg(&self.path(tail))
    }

    /// Moves each finished phase added.
    pub fn phase_lengths(&self) -> &[usize] {
        &self.phase_lengths
    }

    /// Elementary steps each finished phase took.
    pub fn phase_steps(&self) -> &[u64] {
        &self.phase_steps
    }

    /// What the last step did: the current phase's best and current
    /// fitness (misplaced pieces of the phase), or the phase it finished.
    pub fn last_step(&self) -> Option<String> {
        let it = self.iteration;
        if it == 0 {
            return None;
        }
        if self.steps_in_phase == 0 || self.search.is_none() {
            let done = self.phase - 1;
            let len = self.phase_lengths.last().copied().unwrap_or(0);
            let next = if self.phase > PHASES {
                "solved".to_string()
            } else {
                format!("{} begins", phase_label(self.phase))
            };
            return Some(format!(
                "step {it}: phase {done}/4 done with {len} moves; {next}"
            ));
        }
        let (best, current) = self.phase_fitness();
        Some(format!(
            "step {it}: {}, step {} of the phase: best fitness {best} ({} moves), current {current}",
            phase_label(self.phase),
            self.steps_in_phase,
            self.phase_length()
        ))
    }

    /// Which budget ran out, once exhausted.
    pub fn exhausted_by(&self) -> Option<String> {
        (self.status == Status::Exhausted).then(|| format!("step limit {}", self.max_steps))
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
        match (&mut self.search, asked) {
            (Some(s), Some(n)) if n == running => s.set_param(key, value),
            (_, Some(n)) if (1..=PHASES).contains(&n) => {
                let now = match running {
                    1..=PHASES => format!("{} runs", phase_label(running)),
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

    /// Restarts of each finished phase's search.
    pub fn phase_restarts(&self) -> &[u64] {
        &self.phase_restarts
    }
}
