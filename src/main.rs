use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use cubetui::cli;

fn main() -> ExitCode {
    if let Err(e) = color_eyre::install() {
        let _ = writeln!(std::io::stderr(), "warning: {e}");
    }
    // The preset table: the built-in presets and the user's, read once
    // and handed to the commands.
    let (presets, warnings) = cli::userconf::load_presets();
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) if !e.use_stderr() => {
            // `--help`, `--version`: to stdout, whose failure (a full disk,
            // `/dev/full`) is exit 5 as for every other output.
            let text = e.render().to_string();
            return match cli::out::stdout(text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) => {
                    let msg = cubetui_cube::error::printable(&format!("{err:#}"));
                    let _ = writeln!(std::io::stderr(), "error: {msg}");
                    ExitCode::from(cli::exit::exit_code(&err))
                }
            };
        }
        Err(e) => e.exit(),
    };
    match cli::run(args, &presets, warnings) {
        Ok(code) => code,
        Err(err) => {
            // `{:#}` adds the causes; input echoed in them cannot reach the
            // terminal raw; a closed stderr is not worth a panic.
            let msg = cubetui_cube::error::printable(&format!("{err:#}"));
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::from(cli::exit::exit_code(&err))
        }
    }
}
