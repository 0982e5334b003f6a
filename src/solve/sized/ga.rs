//! The `ga` solver on an N×N: the same parameters and generation as the
//! 3×3's (`solve::ga`: roulette-wheel selection, one-point crossover, a
//! child kept when no worse than the fitter parent, one-gene mutation kept
//! when it changes the fitness, elitism, sort and truncate), with genes
//! drawn from the move set [`super::moves`] (no gene turning the same layer
//! as its neighbour) and the energy [`NxnCube::misplaced`] of the upright
//! state. Chromosomes are evaluated from the start each time: on the small
//! cubes this is cheap, and it keeps this file short.

use rand::RngExt;

use super::api::{SizedOutcome, SizedProgress, SizedSolver, misplaced, moves, upright};
use crate::cube::nxn::{MovePerm, NxnAlg, NxnCube, NxnMove, tables};
use crate::cube::random::{CubeRng, rng_from_seed};
use crate::solve::api::{Profile, SolveError, Status};
use crate::solve::ga::{Fitness, GaParams};

/// A chromosome, its judged energy and how many of its genes count.
#[derive(Clone, Debug)]
struct Member {
    genes: Vec<u16>,
    energy: u32,
    used: usize,
}

/// A running `ga` on an N×N.
pub struct SizedGa {
    p: GaParams,
    rng: CubeRng,
    rotation: NxnAlg,
    start: NxnCube,
    home: [u8; 6],
    moves: Vec<NxnMove>,
    perms: Vec<&'static MovePerm>,
    /// Sorted best first.
    pop: Vec<Member>,
    best: Member,
    generation: u64,
    status: Status,
}

impl SizedGa {
    pub fn new(p: &GaParams, start: &NxnCube, seed: u64) -> Result<SizedGa, SolveError> {
        p.validate()?;
        let (rotation, start) = upright(start);
        let size = start.size();
        let moves = moves(size);
        let t = tables(size);
        let perms = moves
            .iter()
            .map(|&m| t.perm(m).map_err(|e| SolveError::Parameter(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        let home = start.face_colours();
        let empty = Member {
            genes: Vec::new(),
            energy: u32::MAX,
            used: 0,
        };
        let mut ga = SizedGa {
            p: p.clone(),
            rng: rng_from_seed(seed),
            rotation,
            start,
            home,
            moves,
            perms,
            pop: Vec::new(),
            best: empty,
            generation: 0,
            status: Status::Running,
        };
        ga.pop = (0..p.population)
            .map(|_| {
                let mut genes = Vec::with_capacity(p.length);
                for _ in 0..p.length {
                    let g = ga.random_gene(genes.last().copied(), None);
                    genes.push(g);
                }
                ga.judge(genes)
            })
            .collect();
        ga.sort_and_record();
        Ok(ga)
    }

    fn same_layer(&self, a: u16, b: u16) -> bool {
        self.moves[a as usize].kind == self.moves[b as usize].kind
    }

    /// A gene not turning the layer of `prev` or `next`.
    fn random_gene(&mut self, prev: Option<u16>, next: Option<u16>) -> u16 {
        loop {
            let g = self.rng.random_range(0..self.moves.len()) as u16;
            if !prev.is_some_and(|p| self.same_layer(p, g))
                && !next.is_some_and(|n| self.same_layer(n, g))
            {
                return g;
            }
        }
    }

    fn misplaced(&self, s: &[u8]) -> u32 {
        misplaced(s, &self.home, self.start.size().face_stickers())
    }

    /// Evaluates `genes` by the fitness rule.
    fn judge(&self, genes: Vec<u16>) -> Member {
        let mut s = self.start.stickers().to_vec();
        let (mut best, mut used) = (self.misplaced(&s), 0);
        for (i, &g) in genes.iter().enumerate() {
            self.perms[g as usize].apply(&mut s);
            let e = self.misplaced(&s);
            let better = match self.p.fitness {
                Fitness::Final => e == 0 || i + 1 == genes.len(),
                Fitness::Prefix => e < best,
            };
            if better {
                (best, used) = (e, i + 1);
                if e == 0 {
                    break;
                }
            }
        }
        Member {
            genes,
            energy: best,
            used,
        }
    }

    /// The upright start after the genes of `m` that count.
    fn state_of(&self, m: &Member) -> NxnCube {
        let mut s = self.start.stickers().to_vec();
        for &g in &m.genes[..m.used] {
            self.perms[g as usize].apply(&mut s);
        }
        NxnCube::from_stickers(self.start.size(), s).unwrap_or_else(|| self.start.clone())
    }

    fn sort_and_record(&mut self) {
        self.pop.sort_by_key(|m| (m.energy, m.used));
        if self.pop[0].energy < self.best.energy {
            self.best = self.pop[0].clone();
        }
        self.status = if self.best.energy == 0 {
            Status::Solved
        } else if self.generation >= self.p.max_generations {
            Status::Exhausted
        } else {
            Status::Running
        };
    }

    fn weight(&self, e: u32) -> f64 {
        let f = (self.start.size().stickers() as f64 + 1.0) - f64::from(e);
        f * f
    }

    fn roulette(&mut self, total: f64) -> usize {
        let mut x = self.rng.random::<f64>() * total;
        for (i, m) in self.pop.iter().enumerate() {
            x -= self.weight(m.energy);
            if x < 0.0 {
                return i;
            }
        }
        self.pop.len() - 1
    }

    fn generation(&mut self) {
        let (n, k) = (self.p.population, self.p.length);
        let total: f64 = self.pop.iter().map(|m| self.weight(m.energy)).sum();
        let mut pool: Vec<Member> = Vec::with_capacity(2 * n);
        for _ in 0..n / 2 {
            let (a, b) = (self.roulette(total), self.roulette(total));
            if self.rng.random::<f64>() >= self.p.crossover_rate || k < 2 {
                continue;
            }
            let cut = self.rng.random_range(1..k);
            let bar = self.pop[a].energy.min(self.pop[b].energy);
            for (x, y) in [(a, b), (b, a)] {
                let mut genes: Vec<u16> = self.pop[x].genes[..cut].to_vec();
                genes.extend_from_slice(&self.pop[y].genes[cut..]);
                if self.same_layer(genes[cut - 1], genes[cut]) {
                    let next = genes.get(cut + 1).copied();
                    genes[cut] = self.random_gene(Some(genes[cut - 1]), next);
                }
                let child = self.judge(genes);
                if child.energy <= bar {
                    pool.push(child);
                }
            }
        }
        for i in 0..n {
            if self.rng.random::<f64>() >= self.p.mutation_rate {
                continue;
            }
            let mut genes = self.pop[i].genes.clone();
            let j = self.rng.random_range(0..k);
            let prev = j.checked_sub(1).map(|p| genes[p]);
            let next = genes.get(j + 1).copied();
            genes[j] = self.random_gene(prev, next);
            let child = self.judge(genes);
            if child.energy != self.pop[i].energy {
                pool.push(child);
            }
        }
        let elite = ((n as f64 * self.p.elite_fraction).round() as usize).min(n);
        pool.extend(self.pop[..elite].iter().cloned());
        let mut rest = self.pop[elite..].iter();
        while pool.len() < n {
            match rest.next() {
                Some(m) => pool.push(m.clone()),
                None => break,
            }
        }
        self.pop = pool;
        self.pop.sort_by_key(|m| (m.energy, m.used));
        self.pop.truncate(n);
        self.generation += 1;
        self.sort_and_record();
    }
}

impl SizedSolver for SizedGa {
    fn step(&mut self, n: u64) -> Status {
        for _ in 0..n {
            if self.status != Status::Running {
                break;
            }
            self.generation();
        }
        self.status
    }

    fn status(&self) -> Status {
        self.status
    }

    fn outcome(&self) -> SizedOutcome {
        let solution = self
            .rotation
            .moves()
            .iter()
            .copied()
            .chain(
                self.best.genes[..self.best.used]
                    .iter()
                    .map(|&g| self.moves[g as usize]),
            )
            .collect();
        SizedOutcome {
            solved: self.best.energy == 0,
            solution,
            energy: f64::from(self.best.energy),
            iterations: self.generation,
        }
    }

    fn profile(&self) -> Profile {
        Profile {
            step: "generation",
            series: Vec::new(),
        }
    }

    fn progress(&self) -> Option<SizedProgress> {
        let current = &self.pop[0];
        Some(SizedProgress {
            iteration: self.generation,
            energy: f64::from(current.energy),
            best_energy: f64::from(self.best.energy),
            current: self.state_of(current),
            best: self.state_of(&self.best),
            sequence_len: current.used,
            values: Vec::new(),
        })
    }

    fn exhausted_by(&self) -> Option<String> {
        Some(format!("generation limit {}", self.p.max_generations))
    }
}
