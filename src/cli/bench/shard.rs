//! `--shard i/n`: one of n shards of a bench (or sweep), to spread it over
//! machines. Shards are numbered from 1 (`1/4` … `4/4`, as Slurm array
//! indices `--array=1-4` and GNU parallel's `{#}` count); cube `k` belongs
//! to shard `k mod n + 1`. A shard runs its cubes with the indices and seeds
//! they have in the whole run, so `cubetui merge` of every shard's `--jsonl`
//! prints what the whole run prints.
//!
//! `--shard auto/n` takes the shard from the task index a job engine gives
//! each task ([`from_env`]): HyperQueue, GNU parallel, Kubernetes Indexed
//! Jobs, Slurm job arrays. Task ids counted from 0 or from 1 both cover the
//! run once: task id `t` runs shard `t mod n + 1`.

use std::fmt;

/// Shard `i` of `n`, `1 <= i <= n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub i: u64,
    pub n: u64,
}

/// `--shard` as given: a shard, or `auto/n` (the index from the job
/// engine's environment, read once the command line is parsed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardArg {
    Fixed(Shard),
    Auto { n: u64 },
}

/// Most shards.
pub const MAX_SHARDS: u64 = 1_000_000;

/// The task-index variables `auto/N` reads, in this order (a task runner
/// started inside an allocation first: HyperQueue or GNU parallel run
/// inside a Slurm job, not the other way round).
pub const ENGINE_VARS: [&str; 4] = [
    "HQ_TASK_ID",
    "PARALLEL_SEQ",
    "JOB_COMPLETION_INDEX",
    "SLURM_ARRAY_TASK_ID",
];

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { i: 1, n: 1 };

    /// How many of `cubes` cubes (indices `0..cubes`) this shard runs.
    pub fn count(self, cubes: u64) -> u64 {
        let first = self.i - 1;
        if first >= cubes {
            0
        } else {
            (cubes - 1 - first) / self.n + 1
        }
    }

    /// The index of this shard's `pos`-th cube (from 0).
    pub fn index(self, pos: u64) -> u64 {
        self.i - 1 + pos * self.n
    }

    /// The position in this shard of cube `index`, if the shard runs it.
    pub fn position_of(self, index: u64) -> Option<u64> {
        (index % self.n == self.i - 1).then_some(index / self.n)
    }

    /// Whether this is the whole run.
    pub fn is_all(self) -> bool {
        self.n == 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.i, self.n)
    }
}

/// Clap's parser of `--shard I/N` or `--shard auto/N`: the error names
/// what is wrong (exit 2).
pub fn parse(raw: &str) -> Result<ShardArg, String> {
    let (i, n) = raw
        .split_once('/')
        .ok_or_else(|| "expected I/N, e.g. 1/4 (shard I of N, from 1), or auto/N".to_string())?;
    let num = |s: &str, what: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("{what} `{s}` is not a whole number (expected I/N, e.g. 1/4)"))
    };
    let i = match i.trim() {
        "auto" => None,
        i => Some(num(i, "shard")?),
    };
    let n = num(n, "count")?;
    if n == 0 || n > MAX_SHARDS {
        return Err(format!(
            "the count of shards must be from 1 to {MAX_SHARDS}, got {n}"
        ));
    }
    let Some(i) = i else {
        return Ok(ShardArg::Auto { n });
    };
    if i == 0 || i > n {
        return Err(format!(
            "shards are numbered from 1 to {n} (I/N, I from 1), got {i}"
        ));
    }
    Ok(ShardArg::Fixed(Shard { i, n }))
}

/// The shard of `auto/n` from the job engine's task index, read by `get`
/// (the environment): the first of [`ENGINE_VARS`] that is set, and with it
/// the words saying where it came from (`HQ_TASK_ID=3`). Task id `t` (for
/// Slurm counted from `SLURM_ARRAY_TASK_MIN`, in steps of
/// `SLURM_ARRAY_TASK_STEP`) runs shard `t mod n + 1`, so ids 0 to n−1 and 1
/// to n both cover the run once; an id past those, or a Slurm array of
/// another size than n, is refused (it would run some shard twice).
pub fn from_env(n: u64, get: impl Fn(&str) -> Option<String>) -> Result<(Shard, String), String> {
    let get = |k: &str| get(k).filter(|v| !v.trim().is_empty());
    let Some((var, raw)) = ENGINE_VARS.iter().find_map(|&k| get(k).map(|v| (k, v))) else {
        return Err(format!(
            "--shard auto/{n} takes the shard from the job engine's task index, and none \
             is set: HQ_TASK_ID (HyperQueue), PARALLEL_SEQ (GNU parallel), \
             JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID \
             (Slurm job array); outside one give --shard I/{n}"
        ));
    };
    let number = |k: &str, v: &str| {
        v.trim().parse::<u64>().map_err(|_| {
            format!("--shard auto/{n}: {k}=`{v}` is not a task index (a whole number from 0)")
        })
    };
    let id = number(var, &raw)?;
    let told = format!("{var}={id}");
    let out_of = |ids: String| {
        format!(
            "--shard auto/{n}: {told} is not one of {n} task ids ({ids}): some shard would run twice"
        )
    };
    let from_0_or_1 = || format!("0 to {} or 1 to {n}", n - 1);
    let t = match var {
        "JOB_COMPLETION_INDEX" if id >= n => return Err(out_of(format!("0 to {}", n - 1))),
        "SLURM_ARRAY_TASK_ID" => slurm(n, id, &get, &number).map_err(|e| match e {
            SlurmFault::Words(w) => w,
            SlurmFault::Range(ids) => out_of(ids),
        })?,
        _ if id > n => return Err(out_of(from_0_or_1())),
        _ => id,
    };
    Ok((Shard { i: t % n + 1, n }, told))
}

/// Why a Slurm task index was refused: the words, or the ids it may take.
enum SlurmFault {
    Words(String),
    Range(String),
}

/// A Slurm array task's id counted from the array's first, in its steps.
fn slurm(
    n: u64,
    id: u64,
    get: &impl Fn(&str) -> Option<String>,
    number: &impl Fn(&str, &str) -> Result<u64, String>,
) -> Result<u64, SlurmFault> {
    let read = |k: &str| {
        get(k)
            .map(|v| number(k, &v))
            .transpose()
            .map_err(SlurmFault::Words)
    };
    let (min, step) = (
        read("SLURM_ARRAY_TASK_MIN")?,
        read("SLURM_ARRAY_TASK_STEP")?,
    );
    let step = step.unwrap_or(1).max(1);
    if let Some(count) = read("SLURM_ARRAY_TASK_COUNT")?
        && count != n
    {
        return Err(SlurmFault::Words(format!(
            "--shard auto/{n}: the Slurm array has {count} tasks (SLURM_ARRAY_TASK_COUNT), \
             not {n}: give --array {n} ids"
        )));
    }
    match min {
        Some(min) if id < min => Err(SlurmFault::Words(format!(
            "--shard auto/{n}: SLURM_ARRAY_TASK_ID={id} is below SLURM_ARRAY_TASK_MIN={min}"
        ))),
        Some(min) if (id - min) / step >= n => Err(SlurmFault::Range(format!(
            "{min} to {}, step {step}",
            min + (n - 1) * step
        ))),
        Some(min) => Ok((id - min) / step),
        None if id > n => Err(SlurmFault::Range(format!("0 to {} or 1 to {n}", n - 1))),
        None => Ok(id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_indices_without_overlap_or_gap() {
        for cubes in 0..12 {
            for n in 1..6 {
                let mut seen: Vec<u64> = (1..=n)
                    .flat_map(|i| {
                        let s = Shard { i, n };
                        (0..s.count(cubes)).map(move |p| s.index(p))
                    })
                    .collect();
                seen.sort();
                assert_eq!(seen, (0..cubes).collect::<Vec<_>>(), "{cubes} cubes, {n}");
            }
        }
        let Ok(ShardArg::Fixed(s)) = parse("2/4") else {
            panic!("2/4 is a shard")
        };
        assert_eq!(
            (0..s.count(10)).map(|p| s.index(p)).collect::<Vec<_>>(),
            [1, 5, 9]
        );
    }

    #[test]
    fn bad_shards_name_the_fault() {
        for (raw, said) in [
            ("0/4", "numbered from 1 to 4"),
            ("5/4", "got 5"),
            ("a/b", "`a` is not a whole number"),
            ("1/0", "from 1 to"),
            ("3", "expected I/N"),
            ("-1/4", "`-1`"),
            ("auto/0", "from 1 to"),
            ("auto/x", "`x` is not a whole number"),
        ] {
            let e = parse(raw).unwrap_err();
            assert!(e.contains(said), "{raw}: {e}");
        }
        assert_eq!(parse("4/4"), Ok(ShardArg::Fixed(Shard { i: 4, n: 4 })));
        assert_eq!(parse("auto/4"), Ok(ShardArg::Auto { n: 4 }));
    }

    /// The shard `auto/n` reads from `vars`.
    fn auto(n: u64, vars: &[(&str, &str)]) -> Result<Shard, String> {
        from_env(n, |k| {
            vars.iter()
                .find(|(name, _)| *name == k)
                .map(|(_, v)| v.to_string())
        })
        .map(|(s, _)| s)
    }

    /// The shards `auto/n` runs for the task ids `ids` of `var`.
    fn shards_of(n: u64, var: &str, ids: impl Iterator<Item = u64>) -> Vec<u64> {
        let mut out: Vec<u64> = ids
            .map(|t| auto(n, &[(var, &t.to_string())]).unwrap().i)
            .collect();
        out.sort();
        out
    }

    #[test]
    fn task_ids_from_0_or_from_1_each_run_every_shard_once() {
        for n in 1..7 {
            let every: Vec<u64> = (1..=n).collect();
            for var in ["HQ_TASK_ID", "PARALLEL_SEQ", "SLURM_ARRAY_TASK_ID"] {
                assert_eq!(shards_of(n, var, 0..n), every, "{var} from 0, {n}");
                assert_eq!(shards_of(n, var, 1..=n), every, "{var} from 1, {n}");
            }
            assert_eq!(shards_of(n, "JOB_COMPLETION_INDEX", 0..n), every);
        }
        // Slurm: counted from the array's first id, in its steps.
        let slurm = |id: &str, min: &str, step: &str| {
            auto(
                4,
                &[
                    ("SLURM_ARRAY_TASK_ID", id),
                    ("SLURM_ARRAY_TASK_MIN", min),
                    ("SLURM_ARRAY_TASK_STEP", step),
                    ("SLURM_ARRAY_TASK_COUNT", "4"),
                ],
            )
        };
        assert_eq!(slurm("10", "10", "1").unwrap().i, 1);
        assert_eq!(slurm("13", "10", "1").unwrap().i, 4);
        assert_eq!(slurm("20", "8", "4").unwrap().i, 4);
        // The first variable set wins; an empty one is not set.
        let both = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("HQ_TASK_ID", "2"),
            ("PARALLEL_SEQ", ""),
        ];
        assert_eq!(auto(4, &both).unwrap().i, 3);
    }

    #[test]
    fn task_ids_that_would_run_a_shard_twice_are_refused_naming_the_variable() {
        for (vars, said) in [
            (
                &[("HQ_TASK_ID", "5")][..],
                "HQ_TASK_ID=5 is not one of 4 task ids (0 to 3 or 1 to 4)",
            ),
            (
                &[("JOB_COMPLETION_INDEX", "4")],
                "JOB_COMPLETION_INDEX=4 is not one of 4 task ids (0 to 3)",
            ),
            (
                &[("PARALLEL_SEQ", "x")],
                "PARALLEL_SEQ=`x` is not a task index",
            ),
            (
                &[
                    ("SLURM_ARRAY_TASK_ID", "14"),
                    ("SLURM_ARRAY_TASK_MIN", "10"),
                ],
                "(10 to 13, step 1)",
            ),
            (
                &[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_MIN", "5")],
                "below SLURM_ARRAY_TASK_MIN=5",
            ),
            (
                &[
                    ("SLURM_ARRAY_TASK_ID", "1"),
                    ("SLURM_ARRAY_TASK_COUNT", "8"),
                ],
                "has 8 tasks",
            ),
            (&[], "HQ_TASK_ID (HyperQueue), PARALLEL_SEQ (GNU parallel)"),
        ] {
            let e = auto(4, vars).unwrap_err();
            assert!(e.contains(said), "{vars:?}: {e}");
            assert!(e.starts_with("--shard auto/4"), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
