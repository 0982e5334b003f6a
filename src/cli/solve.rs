use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{eyre, Report};

#[derive(Debug, Args)]
pub struct SolveArgs {}

pub fn run(_args: SolveArgs) -> Result<ExitCode, Report> {
    Err(eyre!("`solve` is not implemented yet"))
}
