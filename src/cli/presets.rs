//! `cubetui presets`: every preset with what it runs and the seed it follows.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;
use serde::Serialize;

use cubetui::solve::preset;

/// Options of `cubetui presets`.
#[derive(Debug, Args)]
pub struct PresetsArgs {
    /// One JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
}

/// One preset as `--json` prints it.
#[derive(Serialize)]
struct Row<'a> {
    name: &'a str,
    solver: &'a str,
    follows: &'a str,
    aliases: &'a [String],
    description: &'a str,
}

/// The table (or JSON lines) of every preset.
pub fn render(json: bool) -> Result<String, Report> {
    let all = preset::all();
    let mut out = String::new();
    if json {
        for i in &all {
            let row = Row {
                name: &i.name,
                solver: &i.solver,
                follows: &i.follows,
                aliases: &i.aliases,
                description: &i.description,
            };
            out.push_str(&serde_json::to_string(&row)?);
            out.push('\n');
        }
        return Ok(out);
    }
    let w = all.iter().map(|i| i.name.len()).max().unwrap_or(4);
    let sw = all.iter().map(|i| i.solver.len()).max().unwrap_or(6);
    for i in &all {
        out.push_str(&format!(
            "{:<w$}  {:<sw$}  {}\n",
            i.name, i.solver, i.description
        ));
        let aliases = if i.aliases.is_empty() {
            String::new()
        } else {
            format!("; also called {}", i.aliases.join(", "))
        };
        out.push_str(&format!(
            "{:<w$}  {:<sw$}  follows {}{aliases}\n",
            "", "", i.follows
        ));
    }
    Ok(out)
}

pub fn run(args: PresetsArgs) -> Result<ExitCode, Report> {
    let text = render(args.json)?;
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth a message.
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}
