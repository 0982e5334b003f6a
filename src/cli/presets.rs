//! `cubetui presets`: every preset with what it runs and the paper or work it follows
//! (`--size N`: those that run on the N×N, described for it);
//! `cubetui presets NAME`: one preset's full parameter table, read from its
//! solver's declaration (key, value in the preset, range, scale, live, meaning).

use std::process::ExitCode;

use clap::Args;
use color_eyre::eyre::Report;
use serde::Serialize;

use cubetui_cube::nxn::Size;
use cubetui_solve::SolveError;
use cubetui_solve::params::{Kind, Value};
use cubetui_solve::preset::{PresetInfo, Presets};

use super::exit::UsageError;
use super::table::{self, Column};

/// Options of `cubetui presets`.
#[derive(Debug, Args)]
pub struct PresetsArgs {
    /// Show this preset's parameters (key, value, range, scale, live,
    /// meaning) instead of the list of presets.
    #[arg(value_name = "NAME")]
    name: Option<String>,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    json: bool,
    /// Only the presets that run on an N×N cube (2 to 32; `4` or `4x4`),
    /// each described for that size (its move set counted there); with
    /// NAME, its description on N (exit 2 if it does not run there).
    #[arg(long, value_name = "N")]
    size: Option<Size>,
}

/// One parameter of one preset as `presets NAME --json` prints it.
#[derive(Serialize)]
struct ParamRow<'a> {
    key: &'a str,
    value: serde_json::Value,
    default: serde_json::Value,
    #[serde(rename = "type")]
    kind: &'static str,
    range: String,
    min: Option<serde_json::Value>,
    max: Option<serde_json::Value>,
    choices: Option<&'static [&'static str]>,
    /// `linear` or `log`; none for a flag or a choice.
    scale: Option<String>,
    live: bool,
    meaning: &'static str,
    /// Earlier names of the key, still read as it; left out when none.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    aliases: &'a [&'static str],
}

/// The parameter table (or JSON lines) of preset `name`, described for a
/// cube of `size` (the 3x3 when none), which it must run on.
pub fn render_one(
    presets: &Presets,
    name: &str,
    json: bool,
    size: Option<Size>,
) -> Result<String, Report> {
    let usage = |e: SolveError| Report::from(UsageError(e.to_string()));
    let info = presets.info(name).map_err(usage)?;
    if let Some(size) = size {
        presets.runs_on(name, size).map_err(usage)?;
    }
    let cfg = presets.get(name).map_err(usage)?;
    let table = toml::Table::try_from(&cfg)?;
    let mut rows = Vec::new();
    for spec in cfg.params() {
        let Some(value) = super::config::lookup(&table, &spec.key) else {
            continue;
        };
        let (kind, min, max, choices) = match &spec.kind {
            Kind::Int { min, max } => ("int", Some((*min).into()), Some((*max).into()), None),
            Kind::Float { min, max } => ("float", Some((*min).into()), Some((*max).into()), None),
            Kind::Bool => ("bool", None, None, None),
            Kind::Choice(c) => ("choice", None, None, Some(*c)),
        };
        let numeric = min.is_some();
        rows.push(ParamRow {
            key: &spec.key,
            value: serde_json::to_value(value)?,
            default: match &spec.default {
                Value::Int(i) => (*i).into(),
                Value::Float(f) => (*f).into(),
                Value::Bool(b) => (*b).into(),
                Value::Text(t) => (*t).into(),
            },
            kind,
            range: spec.range(),
            min,
            max,
            choices,
            scale: numeric.then(|| spec.scale.to_string()),
            live: spec.live,
            meaning: spec.meaning,
            aliases: &spec.aliases,
        });
    }
    let mut out = String::new();
    if json {
        for r in &rows {
            out.push_str(&serde_json::to_string(r)?);
            out.push('\n');
        }
        return Ok(out);
    }
    let description = info.description_on(size.unwrap_or(Size::THREE));
    let said = if description.is_empty() {
        String::new()
    } else {
        format!(": {description}")
    };
    out.push_str(&format!(
        "{} (solver {}){said}\n{}\n",
        info.name,
        info.solver,
        follows_line(&info.follows, "")
    ));
    let columns = [
        Column::left("key"),
        Column::right("value"),
        Column::left("range"),
        Column::left("scale"),
        Column::left("live"),
        Column::left("meaning"),
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let value = match &r.value {
                serde_json::Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            vec![
                r.key.to_string(),
                value,
                r.range.clone(),
                r.scale.clone().unwrap_or_else(|| "-".into()),
                if r.live { "yes" } else { "no" }.to_string(),
                r.meaning.to_string(),
            ]
        })
        .collect();
    out.push_str(&table::render(&columns, &cells));
    let renamed: Vec<String> = rows
        .iter()
        .flat_map(|r| {
            r.aliases
                .iter()
                .map(move |old| format!("{old} (now {})", r.key))
        })
        .collect();
    if !renamed.is_empty() {
        out.push_str(&format!(
            "\nearlier names, still read as the keys now: {}\n",
            renamed.join(", ")
        ));
    }
    for spec in cfg.params().iter().filter(|s| !s.in_preset) {
        out.push_str(&format!(
            "\nduring a run also: {} ({}, {}): {}\n",
            spec.key,
            spec.range(),
            spec.scale,
            spec.meaning
        ));
    }
    Ok(out)
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

/// The table (or JSON lines) of every preset of `presets`, described for
/// the 3x3; with `size`, of those that run on it, described for it.
pub fn render(presets: &Presets, json: bool, size: Option<Size>) -> Result<String, Report> {
    let all: Vec<_> = presets
        .all()
        .into_iter()
        .filter(|i| size.is_none_or(|s| presets.runs_on(&i.name, s).is_ok()))
        .collect();
    let describe = |i: &PresetInfo| i.description_on(size.unwrap_or(Size::THREE));
    let mut out = String::new();
    if json {
        for i in &all {
            let description = describe(i);
            let row = Row {
                name: &i.name,
                solver: &i.solver,
                follows: &i.follows,
                aliases: &i.aliases,
                description: &description,
            };
            out.push_str(&serde_json::to_string(&row)?);
            out.push('\n');
        }
        return Ok(out);
    }
    let w = all.iter().map(|i| i.name.len()).max().unwrap_or(4);
    let sw = all.iter().map(|i| i.solver.len()).max().unwrap_or(6);
    for i in &all {
        let line = format!("{:<w$}  {:<sw$}  {}", i.name, i.solver, describe(i));
        out.push_str(line.trim_end());
        out.push('\n');
        let aliases = if i.aliases.is_empty() {
            String::new()
        } else {
            format!("; also called {}", i.aliases.join(", "))
        };
        let said = follows_line(&i.follows, &aliases);
        if !said.is_empty() {
            out.push_str(&format!("{:<w$}  {:<sw$}  {said}", "", ""));
        }
    }
    Ok(out)
}

/// `follows F` and `tail`, a line; nothing for a preset that follows
/// nothing said (a user preset may leave it out) and has no `tail`.
fn follows_line(follows: &str, tail: &str) -> String {
    match (follows.is_empty(), tail.strip_prefix("; ")) {
        (false, _) => format!("follows {follows}{tail}\n"),
        (true, Some(rest)) => format!("{rest}\n"),
        (true, None) if tail.is_empty() => String::new(),
        (true, None) => format!("{tail}\n"),
    }
}

pub fn run(args: PresetsArgs, presets: &Presets) -> Result<ExitCode, Report> {
    let mut text = match &args.name {
        Some(name) => render_one(presets, name, args.json, args.size)?,
        None => render(presets, args.json, args.size)?,
    };
    if !args.json {
        // A user preset's name or words may hold control characters (an
        // escape sequence would clear the screen, set the title): shown
        // escaped, line by line, as `--json` and the screen show them.
        text = text
            .lines()
            .map(|l| cubetui_cube::error::printable(l) + "\n")
            .collect();
    }
    // A closed pipe (`| head`) is not an error; a full disk is (exit 5).
    super::out::stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
