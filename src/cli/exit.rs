//! Exit codes and the errors that choose them: 0 ok or solved, 2 usage
//! error, 3 invalid cube or notation, 4 not solved within the budget, 5
//! cannot write output, 130 interrupted (1 only for an internal error).
//! A leaf: the subcommands import it, it imports none of them.

use color_eyre::eyre::Report;

use cubetui_cube::nxn::{MoveSizeError, NxnFaceletError, NxnNotationError};
use cubetui_cube::{FaceletError, NotationError};

/// Success.
pub const EXIT_OK: u8 = 0;
/// Bad command-line usage (clap also exits with 2).
pub const EXIT_USAGE: u8 = 2;
/// Invalid cube state or move notation.
pub const EXIT_INVALID: u8 = 3;
/// A solver ran out of budget without solving (`bench`: not every cube solved).
pub const EXIT_UNSOLVED: u8 = 4;
/// Output could not be written (stdout or a `--jsonl` file).
pub const EXIT_IO: u8 = 5;
/// Interrupted by Ctrl-C (SIGINT).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The exit codes, for `--help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0    ok (solve: solved; bench, sweep, merge: every cube solved)
  2    usage error (unknown option, bad or out-of-range value)
  3    invalid cube or notation (merge: a bad or mismatched file;
       replay: a bad run file; the screen: a broken config.toml or
       --theme file)
  4    not solved within the budget (bench, sweep: some cube not solved;
       merge: some cube unsolved or missing; replay --verify: a
       different result)
  5    cannot write output (stdout, --jsonl, --plot or --record file)
  130  interrupted (Ctrl-C)";

/// A command-line usage error found after parsing (exit code 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// A cube or notation the user gave that is not valid (exit code 3).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct InvalidInput(pub String);

/// Output that could not be written (exit code 5).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OutputError(pub String);

/// The exit code for an error: 3 for invalid cubes or notation, 2 for usage,
/// 5 for output that cannot be written.
pub fn exit_code(err: &Report) -> u8 {
    for cause in err.chain() {
        if cause.is::<OutputError>() {
            return EXIT_IO;
        }
        if cause.is::<NotationError>()
            || cause.is::<FaceletError>()
            || cause.is::<InvalidInput>()
            || cause.is::<NxnNotationError>()
            || cause.is::<NxnFaceletError>()
            || cause.is::<MoveSizeError>()
        {
            return EXIT_INVALID;
        }
        if cause.is::<UsageError>() {
            return EXIT_USAGE;
        }
    }
    1
}
