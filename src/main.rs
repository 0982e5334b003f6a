use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    if let Err(e) = color_eyre::install() {
        let _ = writeln!(std::io::stderr(), "warning: {e}");
    }
    // The user's presets join the built-in ones before anything reads them.
    let warnings = cli::userconf::load_presets();
    let args = cli::Cli::parse();
    match cli::run(args, warnings) {
        Ok(code) => code,
        Err(err) => {
            // `{:#}` adds the causes; input echoed in them cannot reach the
            // terminal raw; a closed stderr is not worth a panic.
            let msg = cubetui::cube::error::printable(&format!("{err:#}"));
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::from(cli::exit::exit_code(&err))
        }
    }
}
