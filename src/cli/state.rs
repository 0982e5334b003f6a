use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{eyre, Report};

#[derive(Debug, Args)]
pub struct StateArgs {}

pub fn run(_args: StateArgs) -> Result<ExitCode, Report> {
    Err(eyre!("`state` is not implemented yet"))
}
