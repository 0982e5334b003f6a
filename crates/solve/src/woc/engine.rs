//! The GA and crowd step of `woc` (see [`crate::woc`]), over any
//! [`Genome`].

use rand::RngExt;
use rand::seq::index::sample;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::json;

use crate::api::{Outcome, Profile, SeriesSpec, Snapshot, SolveError, Solver, Status};
use crate::chromosome::{Chromosome, seeded_rng};
use crate::ga::{diversity, generation_step};
use crate::genome::Genome;
use crate::popstats::{POPULATION_SERIES, PopStats};

use super::params::WocParams;
use crate::stop::StopReason;

/// The seed's redundancy filter: 3 if two moves of opposite faces (two
/// layers on one axis) are followed by a move on their axis, 2 if two
/// neighbours turn the same face (layer), else 1 (the first offending triple
/// decides, as in the seed's code).
pub fn filter<G: Genome>(set: &G, genes: &[G::Gene]) -> u32 {
    for w in genes.windows(3) {
        let (a, b, c) = (set.layer(w[0]), set.layer(w[1]), set.layer(w[2]));
        let axis = set.axis(w[0]);
        if a != b && set.axis(w[1]) == axis && set.axis(w[2]) == axis {
            return 3;
        }
        if a == b || b == c {
            return 2;
        }
    }
    1
}

/// Score: energy × filter (0 when some prefix solves the cube).
fn score<G: Genome>(c: &Chromosome<G>, set: &G, start: &G::State) -> u32 {
    c.energy(set, start) * filter(set, c.genes())
}

/// A running `woc` over the genes of `G`.
pub struct Woc<G: Genome> {
    pub(super) set: G,
    pub(super) p: WocParams,
    pub(super) start: G::Owned,
    pub(super) rng: Xoshiro256PlusPlus,
    /// Ranked by score, best first.
    pub(super) pop: Vec<Chromosome<G>>,
    pub(super) scores: Vec<u32>,
    pub(super) generation: u64,
    /// Best score of the previous generation.
    pub(super) prev_top: u32,
    pub(super) since_better: u64,
    pub(super) best: Chromosome<G>,
    pub(super) best_score: u32,
    pub(super) kept: u64,
    /// `crowd[i][a * genes + b]`: how often genes (a, b) sit at positions
    /// (2i, 2i+1).
    pub(super) crowd: Vec<Vec<u32>>,
    /// The GA has stopped; the next step is the crowd step.
    pub(super) ga_done: bool,
    /// The crowd's sequence (cut) once the crowd step has run.
    pub(super) wisdom: Option<Vec<G::Gene>>,
    pub(super) status: Status,
}

impl<G: Genome> Woc<G> {
    /// A run from `start` over the genes of `set`, fully determined by
    /// (`set`, `p`, `start`, `seed`).
    pub fn new(set: G, p: WocParams, start: G::Owned, seed: u64) -> Result<Woc<G>, SolveError> {
        p.validate()?;
        let mut rng = seeded_rng(seed);
        let pop: Vec<Chromosome<G>> = (0..p.population)
            .map(|_| {
                let genes = (0..p.length).map(|_| set.draw(&mut rng)).collect();
                Chromosome::new(&set, G::view(&start), genes)
            })
            .collect();
        let n = set.count();
        let mut w = Woc {
            set,
            crowd: vec![vec![0; n * n]; p.length / 2],
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
        let (set, start) = (&self.set, G::view(&self.start));
        self.pop.sort_by_cached_key(|c| score(c, set, start));
        self.scores = self.pop.iter().map(|c| score(c, set, start)).collect();
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
        let (set, genes) = (&self.set, self.set.count());
        for c in &self.pop[..n] {
            for (i, pair) in c.genes().chunks_exact(2).enumerate() {
                self.crowd[i][set.index(pair[0]) * genes + set.index(pair[1])] += 1;
            }
        }
    }

    fn generation(&mut self) {
        let (n, k) = (self.p.population, self.p.length);
        let (set, start) = (&self.set, G::view(&self.start));
        let from = self.p.parents_from.min(self.pop.len());
        let mut children = Vec::with_capacity(n + 3);
        while children.len() < n {
            let mut idx = sample(&mut self.rng, from, 4).into_vec();
            idx.sort_unstable(); // the population is ranked: lower index = better
            let a = self.rng.random_range(0..k);
            let p = |i: usize| &self.pop[idx[i]];
            children.push(p(0).crossover(p(1), set, start, a));
            children.push(p(1).crossover(p(0), set, start, a));
            children.push(p(2).crossover(p(3), set, start, a));
            children.push(p(3).crossover(p(2), set, start, a));
        }
        for c in &mut children {
            if self.rng.random::<f64>() < self.p.mutation_rate && filter(set, c.genes()) == 1 {
                let i = self.rng.random_range(0..k);
                let old = c.genes()[i];
                let mut genes = c.genes().to_vec();
                let mut ok = false;
                for _ in 0..1000 {
                    genes[i] = set.draw(&mut self.rng);
                    if filter(set, &genes) == 1 {
                        ok = true;
                        break;
                    }
                }
                c.set_gene(set, start, i, if ok { genes[i] } else { old });
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
        let (set, n) = (&self.set, self.set.count());
        let mut genes = Vec::with_capacity(self.p.length);
        for counts in &self.crowd {
            let mut best = (0, 0, 0);
            for a in 0..n {
                for b in 0..n {
                    let c = counts[a * n + b];
                    if c > best.0 {
                        best = (c, a, b);
                    }
                }
            }
            genes.extend([set.gene(best.1), set.gene(best.2)]);
        }
        let c = Chromosome::new(set, G::view(&self.start), genes);
        self.wisdom = Some(c.solution().to_vec());
        self.status = if self.best_score == 0 || self.wisdom_energy() == Some(0) {
            Status::Solved
        } else {
            Status::Exhausted
        };
    }

    fn wisdom_energy(&self) -> Option<u32> {
        self.wisdom.as_ref().map(|w| {
            self.set
                .energy(G::view(&self.set.replay(G::view(&self.start), w)))
        })
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
    fn exhausted_by(&self) -> Option<StopReason> {
        (self.status == Status::Exhausted).then(|| {
            let why = if self.since_better >= self.p.stagnation {
                StopReason::Stagnation(self.p.stagnation)
            } else {
                StopReason::GenerationLimit(self.p.max_generations)
            };
            StopReason::CrowdFailed(Box::new(why))
        })
    }

    fn best_energy(&self) -> u32 {
        self.best.energy(&self.set, G::view(&self.start))
    }
}

impl<G: Genome> Solver for Woc<G> {
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
        let (set, start) = (&self.set, G::view(&self.start));
        let best_state = set.cube(self.best.final_state(start));
        let (phase, current, energy, len) = match &self.wisdom {
            Some(w) => {
                let c = set.replay(start, w);
                (
                    "crowd",
                    set.cube(G::view(&c)),
                    set.energy(G::view(&c)),
                    w.len(),
                )
            }
            None => {
                let c = &self.pop[0];
                let e = c.energy(set, start);
                ("ga", set.cube(c.final_state(start)), e, c.effective_len())
            }
        };
        let mean =
            self.scores.iter().map(|&s| f64::from(s)).sum::<f64>() / self.scores.len() as f64;
        Snapshot {
            iteration: self.generation,
            energy: f64::from(energy),
            best_energy: f64::from(self.best_energy().min(energy)),
            current,
            best: best_state,
            sequence_len: len,
            generator: None,
            phase: Some(phase.into()),
            status: self.status,
            last_step: self.last_step(),
            exhausted_by: self.exhausted_by(),
            rows: Vec::new(),
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
                SeriesSpec::new("best score", 0).short("best"),
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
        let ga_seq = self.set.alg(self.best.solution());
        let crowd_energy = self.wisdom_energy();
        let crowd_seq = self.wisdom.as_ref().map(|w| self.set.alg(w));
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
            solution,
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
