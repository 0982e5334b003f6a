//! Why a solver stopped without solving: [`StopReason`], a value the
//! solver reports in its [`Snapshot`](crate::api::Snapshot) once it is
//! exhausted. The words the screen, `solve`, `bench` and the result lines
//! show come from its `Display`; the summaries group runs by
//! [`StopReason::limit`], never by reading the words back.

use std::fmt;

/// What stopped a run unsolved, said by the solver that stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum StopReason {
    /// The solver's own step budget (`max_steps`).
    StepLimit(u64),
    /// The annealing schedule reached its final temperature.
    Frozen {
        /// The temperature it froze at.
        temperature: f64,
    },
    /// This many generations passed without a better best.
    Stagnation(u64),
    /// The generation budget.
    GenerationLimit(u64),
    /// The moving-window solver's round budget.
    RoundLimit(u64),
    /// An exact search ended: no solution within this many moves.
    SearchComplete {
        /// The longest solution searched for.
        max_len: usize,
    },
    /// An exact search gave up after this many nodes.
    GiveUp(u64),
    /// The solver could not be built from its tables.
    NotBuilt,
    /// The wisdom-of-crowds step: the GA ended for this reason, and the
    /// crowd's aggregate sequence did not solve either.
    CrowdFailed(Box<StopReason>),
    /// A solver's own words, where none of the above fits.
    Other(String),
}

/// The kinds of limit a summary counts unsolved runs by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Limit {
    /// A step budget.
    Steps,
    /// The annealing schedule froze.
    Frozen,
    /// Generations without improvement.
    Stagnation,
    /// A generation budget.
    Generations,
    /// Anything else (rounds, an exhausted search, a solver's own words).
    Other,
}

impl StopReason {
    /// The kind of limit that ran out (the GA's, for the crowd's step).
    pub fn limit(&self) -> Limit {
        match self {
            StopReason::StepLimit(_) => Limit::Steps,
            StopReason::Frozen { .. } => Limit::Frozen,
            StopReason::Stagnation(_) => Limit::Stagnation,
            StopReason::GenerationLimit(_) => Limit::Generations,
            StopReason::CrowdFailed(inner) => inner.limit(),
            StopReason::RoundLimit(_)
            | StopReason::SearchComplete { .. }
            | StopReason::GiveUp(_)
            | StopReason::NotBuilt
            | StopReason::Other(_) => Limit::Other,
        }
    }
}

/// The plural ending of a count's noun.
fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Words a solver says in a [`StopReason::Other`] (checked by
/// [`StopReason::known`]; a test holds each solver's to this list).
const OWN_WORDS: [(&str, &str); 2] = [
    ("stagnation ", " proposals"),
    ("sa-comm did not solve the start", ""),
];

/// Whether `words` is `prefix`, a number, `suffix` (or `prefix` alone when
/// `suffix` is empty and no number follows).
fn framed(words: &str, prefix: &str, suffix: &str) -> bool {
    let Some(rest) = words.strip_prefix(prefix) else {
        return false;
    };
    let Some(number) = rest.strip_suffix(suffix) else {
        return false;
    };
    if number.is_empty() {
        return suffix.is_empty();
    }
    number.parse::<f64>().is_ok_and(f64::is_finite)
        && number.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

impl StopReason {
    /// Whether `words` are the words of some reason (a result line's
    /// `stopped_by` read back: [`fmt::Display`]'s forms, with their numbers).
    pub fn known(words: &str) -> bool {
        let crowd = ", and the crowd's sequence did not solve";
        if let Some(inner) = words.strip_suffix(crowd) {
            return !inner.ends_with(crowd) && StopReason::known(inner);
        }
        words == StopReason::NotBuilt.to_string()
            || [
                ("step limit ", ""),
                ("temperature frozen at ", ""),
                ("stagnation ", " generations"),
                ("stagnation ", " generation"),
                ("generation limit ", ""),
                ("round limit ", ""),
                ("search complete: no solution within ", " moves"),
                ("search complete: no solution within ", " move"),
                ("give-up limit ", " nodes"),
                ("give-up limit ", " node"),
            ]
            .into_iter()
            .chain(OWN_WORDS)
            .any(|(p, s)| framed(words, p, s))
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::StepLimit(n) => write!(f, "step limit {n}"),
            StopReason::Frozen { temperature } => {
                write!(f, "temperature frozen at {temperature:.4}")
            }
            StopReason::Stagnation(n) => write!(f, "stagnation {n} generation{}", plural(*n)),
            StopReason::GenerationLimit(n) => write!(f, "generation limit {n}"),
            StopReason::RoundLimit(n) => write!(f, "round limit {n}"),
            StopReason::SearchComplete { max_len } => {
                write!(
                    f,
                    "search complete: no solution within {max_len} move{}",
                    plural(*max_len as u64)
                )
            }
            StopReason::GiveUp(n) => write!(f, "give-up limit {n} node{}", plural(*n)),
            StopReason::NotBuilt => f.write_str("the solver could not be built from the tables"),
            StopReason::CrowdFailed(inner) => {
                write!(f, "{inner}, and the crowd's sequence did not solve")
            }
            StopReason::Other(words) => f.write_str(words),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_are_the_ones_the_solvers_said_before_the_type() {
        let cases = [
            (StopReason::StepLimit(50), "step limit 50"),
            (
                StopReason::Frozen { temperature: 0.01 },
                "temperature frozen at 0.0100",
            ),
            (StopReason::Stagnation(200), "stagnation 200 generations"),
            (StopReason::GenerationLimit(3000), "generation limit 3000"),
            (StopReason::RoundLimit(6), "round limit 6"),
            (
                StopReason::SearchComplete { max_len: 12 },
                "search complete: no solution within 12 moves",
            ),
            (StopReason::GiveUp(1000), "give-up limit 1000 nodes"),
            (
                StopReason::CrowdFailed(Box::new(StopReason::Stagnation(200))),
                "stagnation 200 generations, and the crowd's sequence did not solve",
            ),
            (
                StopReason::Other("plan of 3 moves".into()),
                "plan of 3 moves",
            ),
        ];
        for (reason, words) in cases {
            assert_eq!(reason.to_string(), words);
        }
    }

    #[test]
    fn every_reason_is_known_by_its_words_and_edited_words_are_not() {
        let reasons = [
            StopReason::StepLimit(50),
            StopReason::Frozen { temperature: 0.05 },
            StopReason::Stagnation(200),
            StopReason::GenerationLimit(3000),
            StopReason::RoundLimit(6),
            StopReason::SearchComplete { max_len: 12 },
            StopReason::GiveUp(1000),
            StopReason::NotBuilt,
            StopReason::CrowdFailed(Box::new(StopReason::Stagnation(200))),
            StopReason::Other("stagnation 5000 proposals".into()),
            StopReason::Other("sa-comm did not solve the start".into()),
        ];
        for r in reasons {
            assert!(StopReason::known(&r.to_string()), "{r}");
        }
        // Counts of one in the singular are known too.
        for r in [
            StopReason::Stagnation(1),
            StopReason::SearchComplete { max_len: 1 },
            StopReason::GiveUp(1),
        ] {
            assert!(!r.to_string().ends_with('s'), "{r}");
            assert!(StopReason::known(&r.to_string()), "{r}");
        }
        for words in [
            "",
            "solved",
            "step limit",
            "step limit -5",
            "step limit 5 steps",
            "temperature frozen at NaN",
            "stagnation 5 days",
            "gave up",
            ", and the crowd's sequence did not solve",
        ] {
            assert!(!StopReason::known(words), "{words}");
        }
    }

    #[test]
    fn the_crowds_stop_counts_as_the_budget_that_ended_its_ga() {
        let crowd = |r| StopReason::CrowdFailed(Box::new(r));
        assert_eq!(crowd(StopReason::Stagnation(9)).limit(), Limit::Stagnation);
        assert_eq!(
            crowd(StopReason::GenerationLimit(9)).limit(),
            Limit::Generations
        );
        assert_eq!(StopReason::StepLimit(1).limit(), Limit::Steps);
        assert_eq!(
            StopReason::Frozen { temperature: 1.0 }.limit(),
            Limit::Frozen
        );
        assert_eq!(StopReason::RoundLimit(1).limit(), Limit::Other);
        assert_eq!(StopReason::NotBuilt.limit(), Limit::Other);
    }
}
