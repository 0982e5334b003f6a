//! `mws`'s live parameters: each phase's window and trials. Every run reads
//! its phase's values at each window move, so a change applies to every run
//! in that phase from the next round (an exhaustive search already under way
//! at one position finishes with the window it began with).

use std::sync::LazyLock;

use super::{Mws, params};
use crate::solve::api::SolveError;
use crate::solve::params::{self as declared, ParamSpec};

static DECLARED: LazyLock<Vec<ParamSpec>> = LazyLock::new(params);

impl Mws {
    pub(super) fn live(&self) -> Vec<(String, f64)> {
        let phases = [&self.p.phase1, &self.p.phase2, &self.p.phase3];
        let keys: Vec<(String, f64)> = phases
            .iter()
            .enumerate()
            .flat_map(|(i, w)| {
                [
                    (format!("phase{}.window", i + 1), w.window as f64),
                    (format!("phase{}.trials", i + 1), w.trials as f64),
                ]
            })
            .collect();
        let values: Vec<(&str, f64)> = keys.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        declared::live_values(&DECLARED, &values)
    }

    pub(super) fn set_live(&mut self, key: &str, value: f64) -> Result<(), SolveError> {
        let v = declared::check_live(&DECLARED, key, value)?;
        let mut p = self.p.clone();
        let w = match key.split_once('.').map(|(h, _)| h) {
            Some("phase1") => &mut p.phase1,
            Some("phase2") => &mut p.phase2,
            _ => &mut p.phase3,
        };
        match key.rsplit('.').next() {
            Some("window") => w.window = v as usize,
            _ => w.trials = v as usize,
        }
        p.validate()?;
        self.p = p;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::MwsParams;
    use super::*;
    use crate::cube::Cube;
    use crate::solve::api::{Solver, Status};

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
        assert!(e.contains("`phase2.window`") && e.contains("from 1 to 16"), "{e}");
        let e = m.set_param("phase3.trials", 5000.0).unwrap_err().to_string();
        assert!(e.contains("phase3.trials must be 1..=1000"), "{e}");
        let e = m.set_param("phase1.length", 20.0).unwrap_err().to_string();
        assert!(e.contains("cannot change during a run"), "{e}");
        let e = m.set_param("phase4.window", 2.0).unwrap_err().to_string();
        assert!(e.contains("unknown parameter `phase4.window`"), "{e}");
        assert_eq!(m.p, MwsParams::default());
        assert_eq!(m.step(1), Status::Running);
    }
}
