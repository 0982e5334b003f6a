use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{eyre, Report};

/// Options of the interactive screen (the default command).
#[derive(Debug, Args)]
pub struct TuiArgs {}

pub fn run(_args: TuiArgs) -> Result<ExitCode, Report> {
    Err(eyre!("the terminal UI is not implemented yet"))
}
