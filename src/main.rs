use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    if let Err(e) = color_eyre::install() {
        eprintln!("warning: {e}");
    }
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(cli::exit_code(&err))
        }
    }
}
