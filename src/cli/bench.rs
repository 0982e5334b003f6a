use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::{eyre, Report};

#[derive(Debug, Args)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> Result<ExitCode, Report> {
    Err(eyre!("`bench` is not implemented yet"))
}
