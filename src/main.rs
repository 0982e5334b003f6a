use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    if let Err(e) = color_eyre::install() {
        let _ = writeln!(std::io::stderr(), "warning: {e}");
    }
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) => {
            // `{:#}` adds the causes; a closed stderr is not worth a panic.
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(cli::exit_code(&err))
        }
    }
}
