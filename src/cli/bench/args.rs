//! The options of a batch of cubes, shared by `bench` and `sweep`.

use std::path::PathBuf;

use clap::Args;

use super::shard::{self, ShardArg};

/// Most cubes one bench runs.
pub const MAX_CUBES: u64 = 1_000_000;
/// Longest random scramble.
pub const MAX_DEPTH: u64 = 10_000;
/// Most worker threads.
pub const MAX_JOBS: u64 = 256;

#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Number of cubes, 1 to 1000000 (with --states: the file's first N;
    /// default: all of them).
    #[arg(long, value_name = "N", required_unless_present = "states",
          value_parser = clap::value_parser!(u64).range(1..=MAX_CUBES))]
    pub cubes: Option<u64>,
    /// Scramble each cube with D random face turns, 1 to 10000 (with
    /// --size N: D random layer turns of that size).
    #[arg(long, value_name = "D", group = "bench_start",
          value_parser = clap::value_parser!(u64).range(1..=MAX_DEPTH))]
    pub depth: Option<u64>,
    /// Start each cube from a uniformly random state (on every size; `--depth`
    /// gives random-move scrambles).
    #[arg(long, group = "bench_start")]
    pub random_state: bool,
    /// Run the cubes of a test set: one per line, a 54-letter facelet string
    /// or a WCA scramble (with --size N: 6N² letters, or big-cube notation);
    /// blank lines and `#` comments are skipped. The k-th
    /// cube of the file (from 0) gets the seed cube k of a random bench gets.
    /// `cubetui scramble --count N --facelets` (with the same --size)
    /// writes such a file.
    #[arg(long, value_name = "FILE", group = "bench_start")]
    pub states: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_name = "J", value_parser = clap::value_parser!(u64).range(1..=MAX_JOBS))]
    pub jobs: Option<u64>,
    /// Write one `solve --json --full` line per cube to FILE (with `index`),
    /// in index order, each flushed as soon as its cube and all earlier ones
    /// finish. Solutions are written whole, however long (a file to replay
    /// and analyse, not the screen). `cubetui merge` reads such files.
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<PathBuf>,
    /// Run only shard I of N (I from 1 to N): the cubes whose index k has
    /// k mod N = I - 1, with the indices and seeds they have in the whole
    /// run. `cubetui merge` of every shard's --jsonl prints the whole run's
    /// summary. `auto/N`: I from the job engine's task index (HQ_TASK_ID,
    /// PARALLEL_SEQ, JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID); task id t
    /// runs shard t mod N + 1, so ids from 0 or from 1 both cover the run.
    #[arg(long, value_name = "I/N", value_parser = shard::parse)]
    pub shard: Option<ShardArg>,
    /// Go on with the --jsonl file of this same command (e.g. a shard
    /// that was killed): keep its whole lines, drop a torn last line and
    /// run only the cubes missing. A file of another run (preset,
    /// settings, seed, cubes, start states, shard) is refused naming its
    /// line (exit 3); a missing or empty file starts the run afresh.
    #[arg(long, requires = "jsonl")]
    pub resume: bool,
    /// Draw to FILE as SVG, one colour per preset (or combination): the
    /// distribution of solution lengths and of times to solve, and the
    /// convergence curves (median best energy and moves to solved against
    /// time, with the 25-75 % band). Implies --trace.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// Print the summary (or table) as one JSON object on stdout instead
    /// of text: per preset (or combination) the cubes, solved, times,
    /// lengths and the ratio to the reference.
    #[arg(long)]
    pub json: bool,
    /// Record each run's convergence trace (best energy and moves to
    /// solved on a log time grid) in its --jsonl line, for `cubetui merge
    /// --plot`. The runs take the same steps as without.
    #[arg(long)]
    pub trace: bool,
}
