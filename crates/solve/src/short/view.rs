//! What `sa-short` shows and reports: the snapshot (its rows and series),
//! the words for the last proposal, the outcome with its solution.

use super::Short;
use super::propose::{Last, Op};
use super::seq::{Mv, to_alg};
use crate::api::{Outcome, Snapshot, Solver};
use cubetui_cube::nxn::{NxnAlg, Size};
use cubetui_cube::{AnyAlg, AnyCube};

impl Short {
    pub(super) fn op_words(&self, last: &Last) -> String {
        let size = self.size;
        let t = |m: Mv| to_alg(&[m], size).to_string();
        let what = match &last.op {
            Op::Replace { at, old, new } => format!("replaced {} by {} at {at}", t(*old), t(*new)),
            Op::Swap { at } => format!("swapped the turns at {at} and {}", at + 1),
            Op::InsertOne { at, m } => format!("inserted {} at {at}", t(*m)),
            Op::DeleteOne { at } => format!("deleted the turn at {at}"),
            Op::InsertPair { at, to, m } => {
                format!("inserted {} at {at} and {} at {to}", t(*m), t(m.inverse()))
            }
            Op::DeletePair { at, to } => format!("deleted the turns at {at} and {to}"),
            Op::DeleteSegment { at, to } => format!("deleted the turns {at} to {}", to - 1),
            Op::Insert { at, entry, word } => {
                let alg = to_alg(word, size).to_string();
                let words = match (self.table, entry) {
                    (Some(tb), Some(e)) => tb.cycles().describe(*e as usize),
                    _ => "a commutator of two layers".to_string(),
                };
                format!("inserted [{alg}] ({words}) at {at}")
            }
            Op::Cut => "cut segments that are the identity".to_string(),
            Op::Completion => "completed by insertions: a shorter solution".to_string(),
        };
        let d = last.delta_len;
        let turns = if d.abs() == 1 { "turn" } else { "turns" };
        let sign = match d {
            d if d < 0 => format!("\u{2212}{}", -d),
            d if d > 0 => format!("+{d}"),
            _ => "±0".to_string(),
        };
        let verdict = if last.accepted { "" } else { ", rejected" };
        format!("{what}: {sign} {turns}{verdict}")
    }

    pub(super) fn cube(&self, seq: &[Mv]) -> AnyCube {
        let c = self.replayed(seq).unwrap_or_else(|| self.start.clone());
        c.into()
    }

    pub(super) fn solution(&self, seq: &[Mv]) -> AnyAlg {
        let path = to_alg(seq, self.size);
        let all: NxnAlg = self
            .rotation
            .moves()
            .iter()
            .chain(path.moves())
            .copied()
            .collect();
        if self.size == Size::THREE
            && let Ok(a) = AnyAlg::parse_sized(&all.to_string(), Size::THREE)
        {
            return a;
        }
        AnyAlg::Nxn(all, self.size)
    }

    pub(super) fn snapshot_now(&self) -> Snapshot {
        if let Some(b) = self.building() {
            return self.build_snapshot(b);
        }
        if let Some(seeder) = &self.seed {
            let mut s = seeder.solver.snapshot();
            s.iteration = self.sweeps;
            s.status = self.status();
            s.generator = None;
            s.phase = Some(format!("seed ({})", seeder.name));
            s.rows = Vec::new();
            s.exhausted_by = self.stopped_by.clone();
            s.values = vec![
                f64::NAN,
                s.sequence_len as f64,
                f64::NAN,
                self.shown_temperature(),
                self.shown_weight(),
            ];
            return s;
        }
        let best_len = self
            .best
            .as_ref()
            .map_or(f64::NAN, |_| self.best_len as f64);
        let mut rows = Vec::new();
        if let Some(start) = self.start_len {
            let best = self
                .best
                .as_ref()
                .map_or("—".to_string(), |_| self.best_len.to_string());
            rows.push(("length".to_string(), format!("{start} \u{2192} {best}")));
        }
        rows.push((
            "accepted".to_string(),
            format!(
                "{:.1} % of {}",
                100.0 * self.accepted as f64 / self.proposals.max(1) as f64,
                self.proposals
            ),
        ));
        Snapshot {
            iteration: self.sweeps,
            energy: f64::from(self.cur.stickers),
            best_energy: if self.best.is_some() { 0.0 } else { f64::NAN },
            current: self.cube(&self.cur.seq),
            best: self.cube(self.best.as_deref().unwrap_or(&self.cur.seq)),
            sequence_len: self.cur.len,
            generator: None,
            phase: Some("shorten".into()),
            status: self.status(),
            last_step: self.last.as_ref().map(|l| self.op_words(l)),
            exhausted_by: self.stopped_by.clone(),
            rows,
            values: vec![
                best_len,
                self.cur.len as f64,
                f64::from(self.cur.pieces),
                self.shown_temperature(),
                self.shown_weight(),
            ],
        }
    }

    pub(super) fn outcome_now(&self) -> Outcome {
        let mut extra = serde_json::Map::new();
        extra.insert("seed_steps".into(), self.seed_steps.into());
        extra.insert(
            "exact_part".into(),
            super::exact::Part::of(self.size).words().into(),
        );
        if self.start_len.is_some() {
            extra.insert("exact_turns".into(), self.exact_turns.into());
        }
        if let Some(l) = self.start_len {
            extra.insert("start_length".into(), l.into());
        }
        self.seeds_json(&mut extra);
        extra.insert("proposals".into(), self.proposals.into());
        extra.insert("accepted".into(), self.accepted.into());
        extra.insert("completions".into(), self.completions.into());
        if let Some(t) = self.table {
            extra.insert("table_entries".into(), t.len().into());
            extra.insert("table_words".into(), t.word_count().into());
            extra.insert("table_capped".into(), t.capped().into());
        }
        let (solution, solved, energy) = match &self.best {
            Some(best) => {
                let solution = self.solution(best);
                // Replayed on the model of the start as given before it is
                // reported solved.
                let solved = self.replayed(best).is_some_and(|c| c.is_solved());
                (
                    solution,
                    solved,
                    if solved {
                        0.0
                    } else {
                        f64::from(self.cur.stickers)
                    },
                )
            }
            None => (
                self.solution(&[]),
                false,
                // What the empty solution leaves: the start's misplaced
                // stickers (not a seed solver's own energy, which counts
                // what its sequence leaves, or a phase's fitness).
                self.start.misplaced() as f64,
            ),
        };
        Outcome {
            solved,
            solution,
            energy,
            iterations: self.sweeps,
            extra,
        }
    }
}
