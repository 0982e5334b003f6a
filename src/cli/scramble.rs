use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{eyre, Report};

#[derive(Debug, Args)]
pub struct ScrambleArgs {}

pub fn run(_args: ScrambleArgs) -> Result<ExitCode, Report> {
    Err(eyre!("`scramble` is not implemented yet"))
}
