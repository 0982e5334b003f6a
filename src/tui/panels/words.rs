//! What the status words mean, and what the message line says when a
//! state first appears or a single step (`n`) has run. Reads only the
//! [`Snapshot`]'s words (`last_step`, `exhausted_by`), so it knows no solver.

use cubetui_run::runner::RunState;
use cubetui_solve::Snapshot;

use super::status::energy;

/// Every status word with its one-line meaning, in the order a run meets them
/// (the `?` help lists them).
pub const WORDS: [(RunState, &str); 6] = [
    (
        RunState::Idle,
        "nothing has run yet: space starts, n takes one step",
    ),
    (
        RunState::Running,
        "the solver is stepping: space pauses, + - set the speed",
    ),
    (
        RunState::Paused,
        "between two steps: n shows what one step does, space resumes",
    ),
    (
        RunState::Solved,
        "the best state is solved: ← → play the solution back",
    ),
    (
        RunState::Exhausted,
        "the solver's budget (steps, generations, stagnation) is spent unsolved",
    ),
    (
        RunState::Stopped,
        "the solver has ended for good (quit, or its task failed)",
    ),
];

/// The meaning of a status word.
pub fn meaning(state: RunState) -> &'static str {
    WORDS
        .iter()
        .find(|(s, _)| *s == state)
        .map_or("", |(_, m)| m)
}

/// What the message line has explained so far, and whether a step's
/// result is awaited.
#[derive(Debug, Default)]
pub struct Narrator {
    explained: Vec<RunState>,
    /// The epoch of the run in which `n` was pressed, until its result comes.
    step_asked: Option<u64>,
}

impl Narrator {
    /// `n` was pressed in run `epoch`: the next snapshot of that run is
    /// described in the message line.
    pub fn ask_step(&mut self, epoch: u64) {
        self.step_asked = Some(epoch);
    }

    /// The message for an update of run `epoch` that moved the state from
    /// `from` to `to`; `fresh` is its snapshot, if it brought one. `None`:
    /// leave the message line as it is.
    pub fn after(
        &mut self,
        epoch: u64,
        from: RunState,
        to: RunState,
        fresh: Option<&Snapshot>,
    ) -> Option<String> {
        if let Some(s) = fresh.filter(|_| self.step_asked == Some(epoch)) {
            self.step_asked = None;
            let step = s.last_step.clone().unwrap_or_else(|| {
                format!(
                    "step {}: energy {} (best {})",
                    s.iteration,
                    energy(s.energy),
                    energy(s.best_energy)
                )
            });
            return Some(match to {
                RunState::Exhausted => format!("{step} — {}", exhausted(fresh)),
                _ => step,
            });
        }
        if from == to {
            return None;
        }
        match to {
            // Which budget was spent differs from run to run: always said.
            RunState::Exhausted => Some(exhausted(fresh)),
            // The solved run says so itself (with how to play it back).
            RunState::Solved => {
                self.explained.push(to);
                None
            }
            _ if self.explained.contains(&to) => None,
            _ => {
                self.explained.push(to);
                Some(format!("{}: {}", to.name(), meaning(to)))
            }
        }
    }
}

/// The message for an exhausted run, with the solver's words for what
/// stopped it in parentheses (a limit, "temperature frozen at 0.0100", a
/// search that found nothing) where it says.
fn exhausted(s: Option<&Snapshot>) -> String {
    let why = s
        .and_then(|s| s.exhausted_by.as_ref())
        .map_or_else(String::new, |why| format!(" ({why})"));
    format!("exhausted without solving{why} — x, s or a turn starts over")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cubetui_cube::Cube;
    use cubetui_solve::{Status, StopReason};

    fn snap(last_step: Option<&str>, exhausted_by: Option<&str>) -> Snapshot {
        Snapshot {
            iteration: 7,
            energy: 12.0,
            best_energy: 10.0,
            current: Cube::solved().into(),
            best: Cube::solved().into(),
            sequence_len: 0,
            generator: None,
            phase: None,
            status: Status::Running,
            last_step: last_step.map(String::from),
            exhausted_by: exhausted_by.map(|w| StopReason::Other(w.into())),
            rows: Vec::new(),
            values: Vec::new(),
        }
    }

    #[test]
    fn each_state_is_explained_the_first_time_only_but_exhaustion_always() {
        let mut n = Narrator::default();
        let (i, r, p, e) = (
            RunState::Idle,
            RunState::Running,
            RunState::Paused,
            RunState::Exhausted,
        );
        let first = n.after(1, i, r, None).unwrap();
        assert!(first.starts_with("running: "), "{first}");
        assert!(n.after(1, r, p, None).unwrap().starts_with("paused: "));
        assert_eq!(n.after(1, p, r, None), None, "running was explained");
        assert_eq!(n.after(1, r, r, None), None, "no change");
        let s = snap(None, Some("generation limit 3000"));
        for _ in 0..2 {
            assert_eq!(
                n.after(1, r, e, Some(&s)).as_deref(),
                Some(
                    "exhausted without solving (generation limit 3000) — \
                     x, s or a turn starts over"
                )
            );
        }
        let frozen = snap(None, Some("temperature frozen at 0.0100"));
        assert_eq!(
            n.after(1, r, e, Some(&frozen)).as_deref(),
            Some(
                "exhausted without solving (temperature frozen at 0.0100) — \
                 x, s or a turn starts over"
            )
        );
        assert_eq!(
            n.after(1, r, e, Some(&snap(None, None))).as_deref(),
            Some("exhausted without solving — x, s or a turn starts over")
        );
    }

    #[test]
    fn an_asked_step_shows_the_solvers_words_or_the_energies() {
        let mut n = Narrator::default();
        let p = RunState::Paused;
        n.ask_step(2);
        let s = snap(Some("proposed R U (faces): Δenergy +4, rejected"), None);
        assert_eq!(n.after(1, p, p, Some(&s)), None, "another run's update");
        assert_eq!(n.after(2, p, p, None), None, "no snapshot yet");
        assert_eq!(
            n.after(2, p, p, Some(&s)).as_deref(),
            s.last_step.as_deref()
        );
        assert_eq!(n.after(2, p, p, Some(&s)), None, "shown once");
        n.ask_step(2);
        let quiet = snap(None, None);
        assert_eq!(
            n.after(2, p, p, Some(&quiet)).as_deref(),
            Some("step 7: energy 12 (best 10)")
        );
    }
}
