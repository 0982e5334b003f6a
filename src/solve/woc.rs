//! The `woc` solver: a genetic algorithm plus a wisdom-of-crowds step, after
//! Foley's GA + WoC solver (the project's seed document 004, preset `woc`).
//! A chromosome is a fixed-length sequence of face turns; a redundancy filter
//! scores a sequence 2 when two consecutive moves turn the same face and 3 when
//! three consecutive moves turn only one pair of opposite faces, else 1.
//!
//! The GA ranks chromosomes by score = `facelets` energy × redundancy filter
//! (1, 2 or 3). Each generation is made entirely of children: four distinct
//! parents from the best `parents_from`, ranked, give four children by one-point
//! crossover (best with second, third with worst). Each child is then mutated with
//! probability `mutation_rate` if it passes the filter: one move replaced, redrawn
//! until the filter passes again. The GA stops at energy 0 or after `stagnation`
//! generations without a better score. Every generation whose best score improves
//! or ties the best so far is kept; the crowd step (its own `step`, phase
//! `crowd`) counts, over the best `crowd_fraction` of every kept generation, each
//! ordered pair of moves at positions (i, i+1), i = 0, 2, 4, …, builds a sequence
//! from the most frequent pair at each position and cuts it where it first solves.
//! One `step` is one generation; the crowd step is one more step once the GA stops.

mod params;

use rand::RngExt;
use rand::seq::index::sample;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::json;

use super::chromosome::{Chromosome, GENES, face_of, genes_alg, random_gene, seeded_rng};
use super::ga::{diversity, generation_step};
use crate::cube::Cube;
use crate::solve::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::solve::params::{self as declared, ParamSpec};
use crate::solve::popstats::{POPULATION_SERIES, PopStats};

pub use params::{MAX_GENES_PER_GENERATION, WocParams, params};

pub fn build(p: &WocParams, start: Cube, seed: u64) -> Result<Box<dyn Solver>, SolveError> {
    Ok(Box::new(Woc::new(p.clone(), start, seed)?))
}

/// The seed's redundancy filter: 3 if two moves of opposite faces are followed
/// by a move on their axis, 2 if two neighbours turn the same face, else 1
/// (the first offending triple decides, as in the seed's code).
pub fn filter(genes: &[u8]) -> u32 {
    for w in genes.windows(3) {
        let (a, b, c) = (face_of(w[0]), face_of(w[1]), face_of(w[2]));
        if a != b && a % 3 == b % 3 && c % 3 == a % 3 {
            return 3;
        }
        if a == b || b == c {
            return 2;
        }
    }
    1
}

/// Score: energy × filter (0 when some prefix solves the cube).
fn score(c: &Chromosome, start: &Cube) -> u32 {
    c.energy(start) * filter(c.genes())
}

/// A running `woc`.
pub struct Woc {
    p: WocParams,
    start: Cube,
    rng: Xoshiro256PlusPlus,
    /// Ranked by score, best first.
    pop: Vec<Chromosome>,
    scores: Vec<u32>,
    generation: u64,
    /// Best score of the previous generation.
    prev_top: u32,
    since_better: u64,
    best: Chromosome,
    best_score: u32,
    kept: u64,
    /// `crowd[i][a * 18 + b]`: how often moves (a, b) sit at positions (2i, 2i+1).
    crowd: Vec<Vec<u32>>,
    /// The GA has stopped; the next step is the crowd step.
    ga_done: bool,
    /// The crowd's sequence (cut) once the crowd step has run.
    wisdom: Option<Vec<u8>>,
    status: Status,
}

impl Woc {
    pub fn new(p: WocParams, start: Cube, seed: u64) -> Result<Woc, SolveError> {
        p.validate()?;
        let mut rng = seeded_rng(seed);
        let pop: Vec<Chromosome> = (0..p.population)
            .map(|_| {
                let genes = (0..p.length).map(|_| rng.random_range(0..GENES)).collect();
                Chromosome::new(&start, genes)
            })
            .collect();
        let mut w = Woc {
            crowd: vec![vec![0; 18 * 18]; p.length / 2],
            best: pop[0].clone(),
            best_score: u32::MAX,
            pop,
            scores: Vec::new(),
            p,
            start,
            rng,
            generation: 0,
            prev_top: u32::MAX,
            since_better: 0,
            kept: 0,
            ga_done: false,
            wisdom: None,
            status: Status::Running,
        };
        w.rank_and_record();
        w.ga_done = w.best_score == 0;
        Ok(w)
    }

    fn rank_and_record(&mut self) {
        let start = self.start;
        self.pop.sort_by_cached_key(|c| score(c, &start));
        self.scores = self.pop.iter().map(|c| score(c, &start)).collect();
        let s = self.scores[0];
        if s <= self.best_score {
            if s < self.best_score {
                self.since_better = 0;
                self.best = self.pop[0].clone();
                self.best_score = s;
            }
            self.keep();
        }
    }

    /// Adds the best fraction of the current population to the crowd's counts.
    fn keep(&mut self) {
        self.kept += 1;
        let n = (self.pop.len() as f64 * self.p.crowd_fraction) as usize;
        for c in &self.pop[..n] {
            for (i, pair) in c.genes().chunks_exact(2).enumerate() {
                self.crowd[i][pair[0] as usize * 18 + pair[1] as usize] += 1;
            }
        }
    }

    fn generation(&mut self) {
        let (start, n, k) = (self.start, self.p.population, self.p.length);
        let from = self.p.parents_from.min(self.pop.len());
        let mut children = Vec::with_capacity(n + 3);
        while children.len() < n {
            let mut idx = sample(&mut self.rng, from, 4).into_vec();
            idx.sort_unstable(); // the population is ranked: lower index = better
            let a = self.rng.random_range(0..k);
            let p = |i: usize| &self.pop[idx[i]];
            children.push(p(0).crossover(p(1), &start, a));
            children.push(p(1).crossover(p(0), &start, a));
            children.push(p(2).crossover(p(3), &start, a));
            children.push(p(3).crossover(p(2), &start, a));
        }
        for c in &mut children {
            if self.rng.random::<f64>() < self.p.mutation_rate && filter(c.genes()) == 1 {
                let i = self.rng.random_range(0..k);
                let old = c.genes()[i];
                let mut genes = c.genes().to_vec();
                let mut ok = false;
                for _ in 0..1000 {
                    genes[i] = random_gene(&mut self.rng, None, None, None);
                    if filter(&genes) == 1 {
                        ok = true;
                        break;
                    }
                }
                c.set_gene(&start, i, if ok { genes[i] } else { old });
            }
        }
        self.pop = children;
        self.prev_top = self.scores[0];
        self.generation += 1;
        self.since_better += 1;
        self.rank_and_record();
        self.ga_done = self.best_score == 0
            || self.since_better >= self.p.stagnation
            || self.generation >= self.p.max_generations;
    }

    /// The wisdom-of-crowds step: the most frequent pair at each even position.
    fn crowd_step(&mut self) {
        let mut genes = Vec::with_capacity(self.p.length);
        for counts in &self.crowd {
            let mut best = (0, 0u8, 0u8);
            for a in 0..18u8 {
                for b in 0..18u8 {
                    let c = counts[a as usize * 18 + b as usize];
                    if c > best.0 {
                        best = (c, a, b);
                    }
                }
            }
            genes.extend([best.1, best.2]);
        }
        let c = Chromosome::new(&self.start, genes);
        self.wisdom = Some(c.genes()[..c.effective_len()].to_vec());
        self.status = if self.best_score == 0 || self.wisdom_energy() == Some(0) {
            Status::Solved
        } else {
            Status::Exhausted
        };
    }

    fn wisdom_energy(&self) -> Option<u32> {
        self.wisdom
            .as_ref()
            .map(|w| self.start.after(&genes_alg(w)).misplaced())
    }

    /// What the last step did: the new generation's best score, or the
    /// crowd's sequence.
    fn last_step(&self) -> Option<String> {
        if let (Some(w), Some(e)) = (&self.wisdom, self.wisdom_energy()) {
            return Some(format!(
                "crowd step: the most frequent pairs make {} moves, {e} stickers misplaced",
                w.len()
            ));
        }
        (self.generation > 0).then(|| {
            generation_step(
                self.generation,
                self.scores[0],
                self.prev_top,
                self.best_score,
                self.generation - self.since_better,
            )
        })
    }

    /// Which budget ended the GA, once the crowd's answer did not solve.
    fn exhausted_by(&self) -> Option<String> {
        (self.status == Status::Exhausted).then(|| {
            let why = if self.since_better >= self.p.stagnation {
                format!("stagnation {} generations", self.p.stagnation)
            } else {
                format!("generation limit {}", self.p.max_generations)
            };
            format!("{why}, and the crowd's sequence did not solve")
        })
    }

    fn best_energy(&self) -> u32 {
        self.best.energy(&self.start)
    }
}

impl Solver for Woc {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            if self.ga_done {
                self.crowd_step();
            } else {
                self.generation();
            }
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn snapshot(&self) -> Snapshot {
        let best_state = self.best.final_state(&self.start);
        let (phase, current, energy, len) = match &self.wisdom {
            Some(w) => {
                let c = self.start.after(&genes_alg(w));
                ("crowd", c, c.misplaced(), w.len())
            }
            None => {
                let c = &self.pop[0];
                let e = c.energy(&self.start);
                ("ga", c.final_state(&self.start), e, c.effective_len())
            }
        };
        let mean =
            self.scores.iter().map(|&s| f64::from(s)).sum::<f64>() / self.scores.len() as f64;
        Snapshot {
            iteration: self.generation,
            energy: f64::from(energy),
            best_energy: f64::from(self.best_energy().min(energy)),
            current: current.into(),
            best: best_state.into(),
            sequence_len: len,
            generator: None,
            phase: Some(phase.into()),
            status: self.status,
            last_step: self.last_step(),
            exhausted_by: self.exhausted_by(),
            values: [
                f64::from(self.scores[0]),
                mean,
                f64::from(*self.scores.last().unwrap_or(&0)),
                diversity(&self.pop),
                self.kept as f64,
            ]
            .into_iter()
            .chain(
                PopStats::of(
                    self.scores.iter().map(|&s| f64::from(s)),
                    &self.pop,
                    Chromosome::genes,
                )
                .values(),
            )
            .collect(),
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "generation",
            series: vec![
                SeriesSpec::new("best score", 0),
                SeriesSpec::new("mean", 1),
                SeriesSpec::new("worst", 0),
                SeriesSpec::new("diversity", 2).no_plot(),
                SeriesSpec::new("kept", 0).no_plot(),
            ]
            .into_iter()
            .chain(POPULATION_SERIES)
            .collect(),
        }
    }

    fn outcome(&self) -> Outcome {
        let ga_energy = self.best_energy();
        let ga_seq = self.best.solution();
        let crowd_energy = self.wisdom_energy();
        let crowd_seq = self.wisdom.as_ref().map(|w| genes_alg(w));
        let mut extra = serde_json::Map::new();
        extra.insert("generations".into(), self.generation.into());
        extra.insert("kept_generations".into(), self.kept.into());
        extra.insert(
            "ga_best".into(),
            json!({
                "sequence": ga_seq.to_string(),
                "energy": ga_energy,
                "score": self.best_score,
            }),
        );
        extra.insert(
            "crowd".into(),
            json!({
                "sequence": crowd_seq.as_ref().map(|a| a.to_string()),
                "energy": crowd_energy,
            }),
        );
        // The better of the two is the run's answer (the GA's on a tie).
        let (solution, energy) = match (crowd_seq, crowd_energy) {
            (Some(s), Some(e)) if e < ga_energy => (s, e),
            _ => (ga_seq, ga_energy),
        };
        Outcome {
            solved: energy == 0,
            solution: solution.into(),
            energy: f64::from(energy),
            iterations: self.generation,
            extra,
        }
    }

    fn live_values(&self) -> Vec<(String, f64)> {
        self.live()
    }

    fn set_param(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        self.set_live(key, value)
    }
}

/// `woc`'s declaration, read by the live changes.
static DECLARED: std::sync::LazyLock<Vec<ParamSpec>> = std::sync::LazyLock::new(params);

/// The live parameters: population size, mutation rate, stagnation limit
/// and crowd fraction. Each generation is made wholly of children, so a new
/// population size is the number of children the next generation makes; a
/// new stagnation limit may end the GA (or, before the crowd step has run,
/// let it go on).
impl Woc {
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        declared::live_values(
            &DECLARED,
            &[
                ("population", self.p.population as f64),
                ("mutation_rate", self.p.mutation_rate),
                ("stagnation", self.p.stagnation as f64),
                ("crowd_fraction", self.p.crowd_fraction),
            ],
        )
    }

    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        match key {
            "population" => p.population = v as usize,
            "mutation_rate" => p.mutation_rate = v,
            "stagnation" => p.stagnation = v as u64,
            "crowd_fraction" => p.crowd_fraction = v,
            _ => {
                return Err(SolveError::Parameter(format!(
                    "`{key}` cannot change during a run"
                )));
            }
        }
        p.validate().map_err(|e| declared::refused(key, v, e))?;
        self.p = p;
        if self.wisdom.is_none() {
            self.ga_done = self.best_score == 0
                || self.since_better >= self.p.stagnation
                || self.generation >= self.p.max_generations;
        }
        Ok(())
    }
}

#[cfg(test)]
mod live_tests {
    use super::*;

    fn woc() -> Woc {
        let p = WocParams {
            population: 40,
            length: 12,
            parents_from: 12,
            ..WocParams::default()
        };
        let start = Cube::solved().after(&"R U F' L2 D B R2 U' F".parse().unwrap());
        Woc::new(p, start, 3).unwrap()
    }

    fn value(w: &Woc, key: &str) -> f64 {
        w.live_values()
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .unwrap()
    }

    #[test]
    fn the_next_generation_has_the_new_population_size() {
        let mut w = woc();
        w.step(2);
        w.set_param("population", 100.0).unwrap();
        assert_eq!(w.pop.len(), 40, "not before the next generation");
        w.step(1);
        assert_eq!(w.pop.len(), 100);
        w.set_param("population", 20.0).unwrap();
        w.step(1);
        assert_eq!(w.pop.len(), 20);
        assert_eq!(w.snapshot().iteration, 4, "the run goes on");
    }

    #[test]
    fn stagnation_ends_the_ga_at_the_next_step_or_lets_it_go_on() {
        let mut w = woc();
        w.step(1);
        while w.since_better == 0 {
            w.step(1);
        }
        let s = w.since_better as f64;
        w.set_param("stagnation", s).unwrap();
        assert_eq!(value(&w, "stagnation"), s);
        assert!(w.ga_done, "{s} generations without a better score");
        // Raised again before the crowd step: the GA goes on.
        w.set_param("stagnation", 1000.0).unwrap();
        assert!(!w.ga_done);
        w.step(1);
        assert_eq!(w.snapshot().phase.as_deref(), Some("ga"));
        w.set_param("crowd_fraction", 0.5).unwrap();
        w.set_param("mutation_rate", 0.0).unwrap();
        assert_eq!(value(&w, "crowd_fraction"), 0.5);
        assert_eq!(value(&w, "mutation_rate"), 0.0);
    }

    #[test]
    fn bad_values_are_refused_naming_the_key_and_range() {
        let mut w = woc();
        w.step(2);
        let e = w.set_param("crowd_fraction", -0.1).unwrap_err().to_string();
        assert!(
            e.contains("`crowd_fraction`") && e.contains("from 0 to 1"),
            "{e}"
        );
        let e = w.set_param("stagnation", 0.0).unwrap_err().to_string();
        assert!(e.contains("`stagnation`") && e.contains("from 1"), "{e}");
        let e = w.set_param("population", 8.0).unwrap_err().to_string();
        assert!(
            e.contains("parents_from") && e.contains("population"),
            "{e}"
        );
        let e = w.set_param("parents_from", 8.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        assert_eq!(value(&w, "population"), 40.0);
        assert_eq!(w.step(1), Status::Running);
        assert_eq!(w.snapshot().iteration, 3);
    }
}
