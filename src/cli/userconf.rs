//! The user's own settings and presets: where they live
//! (`$CUBETUI_CONFIG_DIR`, else the platform's config directory +
//! `cubetui`), the settings file `config.toml` (the screen's defaults:
//! theme, fps, preset, speed) and the `presets/` folder beside it, whose
//! `*.toml` files join the built-in presets. `cubetui config path` shows them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand};
use color_eyre::eyre::Report;
use serde::Deserialize;

use cubetui_solve::files::read_text;
use cubetui_solve::preset::{self, Presets};

use crate::tui::theme::{Depth, Theme};

use super::exit::{InvalidInput, UsageError};

/// The variable that names the configuration directory (it wins over the
/// platform's one).
pub const DIR_VAR: &str = "CUBETUI_CONFIG_DIR";

/// The largest `config.toml` read.
pub const CONFIG_LIMIT: u64 = 64 << 10;
/// The largest user preset file read.
pub const PRESET_LIMIT: u64 = 64 << 10;
/// The largest theme file read.
pub const THEME_LIMIT: u64 = 64 << 10;

/// The directory of `config.toml` and `presets/`, if one can be named.
pub fn dir() -> Option<PathBuf> {
    match std::env::var_os(DIR_VAR) {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => dirs::config_dir().map(|d| d.join("cubetui")),
    }
}

/// The settings file.
pub fn config_file() -> Option<PathBuf> {
    dir().map(|d| d.join("config.toml"))
}

/// The folder of the user's presets.
pub fn presets_dir() -> Option<PathBuf> {
    dir().map(|d| d.join("presets"))
}

/// The screen's defaults from `config.toml`; the command line wins.
#[derive(Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// A theme name or a theme file (relative to the config directory).
    pub theme: Option<String>,
    /// Frames per second, 1 to 60.
    pub fps: Option<u32>,
    /// The preset to start with.
    pub preset: Option<String>,
    /// Steps per frame at start: 1, 2, 10, 100, 1000, 10000, 100000 or "max".
    pub speed: Option<toml::Value>,
}

/// The speeds `speed` takes, as written in the settings file.
pub const SPEED_NAMES: &str = "1, 2, 10, 100, 1000, 10000, 100000 or \"max\"";

impl Settings {
    /// The speed-ladder step (0 = 1 step per frame, 7 = unthrottled) of `speed`.
    pub fn speed_step(v: &toml::Value) -> Option<usize> {
        const LADDER: [i64; 7] = [1, 2, 10, 100, 1_000, 10_000, 100_000];
        match v {
            toml::Value::Integer(i) => LADDER.iter().position(|s| s == i),
            toml::Value::String(s) if s == "max" => Some(LADDER.len()),
            _ => None,
        }
    }
}

/// Reads `config.toml` (none there: the defaults). A file that cannot be
/// read, does not parse, has an unknown key or a bad value is an error
/// naming the file and line (exit code 3).
pub fn settings(presets: &Presets) -> Result<Settings, Report> {
    let Some(path) = config_file() else {
        return Ok(Settings::default());
    };
    let text = match read_text(&path, CONFIG_LIMIT, "config.toml") {
        Ok(t) => t,
        Err(e) if e.not_found() => return Ok(Settings::default()),
        Err(e) => return Err(broken(&path, None, &e.to_string())),
    };
    parse_settings(&path, &text, presets)
}

fn broken(path: &Path, line: Option<usize>, why: &str) -> Report {
    let at = line.map(|l| format!(":{l}")).unwrap_or_default();
    InvalidInput(format!("{}{at}: {}", path.display(), why.trim())).into()
}

/// Parses and checks a settings text read from `path`.
pub fn parse_settings(path: &Path, text: &str, presets: &Presets) -> Result<Settings, Report> {
    let s: Settings = toml::from_str(text).map_err(|e| {
        broken(
            path,
            e.span().map(|s| preset::line_at(text, s.start)),
            e.message(),
        )
    })?;
    let line = |key: &str| {
        text.lines()
            .position(|l| {
                l.trim_start()
                    .strip_prefix(key)
                    .is_some_and(|r| r.trim_start().starts_with('='))
            })
            .map(|i| i + 1)
    };
    if let Some(f) = s.fps
        && !(1..=60).contains(&f)
    {
        return Err(broken(
            path,
            line("fps"),
            &format!("fps = {f}: takes 1 to 60"),
        ));
    }
    if let Some(v) = &s.speed
        && Settings::speed_step(v).is_none()
    {
        return Err(broken(
            path,
            line("speed"),
            &format!("speed = {v}: takes {SPEED_NAMES}"),
        ));
    }
    if let Some(t) = &s.theme
        && !is_theme_path(t)
        && !Theme::names().contains(&t.as_str())
    {
        return Err(broken(
            path,
            line("theme"),
            &format!(
                "theme = {t:?}: unknown theme (available: {}; or a theme file's path)",
                Theme::names().join(", ")
            ),
        ));
    }
    if let Some(p) = &s.preset
        && let Err(e) = presets.canonical(p)
    {
        return Err(broken(path, line("preset"), &format!("preset: {e}")));
    }
    Ok(s)
}

/// The built-in presets and the `presets/*.toml` files; a warning for
/// each file refused (file, line, reason) or unreadable.
pub fn load_presets() -> (Presets, Vec<String>) {
    let mut warnings = Vec::new();
    let Some(dir) = presets_dir() else {
        return (Presets::builtin(), warnings);
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return (Presets::builtin(), warnings);
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    let mut texts = Vec::new();
    for path in &paths {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match read_text(path, PRESET_LIMIT, "a preset file") {
            Ok(text) => texts.push((name, text)),
            Err(e) => warnings.push(format!("{}: {e}; preset skipped", path.display())),
        }
    }
    let (presets, refused) = Presets::with_user(texts);
    for e in refused {
        let path = dir.join(format!("{}.toml", e.name));
        let at = e.line.map(|l| format!(":{l}")).unwrap_or_default();
        warnings.push(cubetui_cube::error::printable(&format!(
            "{}{at}: {}; preset `{}` skipped",
            path.display(),
            e.message,
            e.name
        )));
    }
    (presets, warnings)
}

/// Whether theme `spec` names a file (a path, or a name ending in `.toml`)
/// rather than a built-in theme.
fn is_theme_path(spec: &str) -> bool {
    spec.contains(['/', std::path::MAIN_SEPARATOR]) || spec.ends_with(".toml")
}

/// Loads theme `spec`: a built-in theme's name, else a theme file (a path,
/// or a name ending in `.toml`; relative to `base` when given). An unknown
/// name is `Err(None-file message)`; a file that cannot be read or parsed
/// names the file.
pub fn theme(spec: &str, base: Option<&Path>, depth: Depth) -> Result<Theme, Report> {
    if !is_theme_path(spec) {
        return Theme::load(spec, depth).map_err(|e| UsageError(e).into());
    }
    let path = match base {
        Some(b) if Path::new(spec).is_relative() => b.join(spec),
        _ => PathBuf::from(spec),
    };
    let text = read_text(&path, THEME_LIMIT, "a theme file")
        .map_err(|e| broken(&path, None, &format!("theme file: {e}")))?;
    Theme::parse(&text, depth).map_err(|e| broken(&path, None, &format!("theme file: {e}")))
}

/// Options of `cubetui config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    #[command(subcommand)]
    command: ConfigCommand,
}

#[derive(Debug, Subcommand)]
enum ConfigCommand {
    /// Print where the settings file and the presets folder are, and whether
    /// they exist (`CUBETUI_CONFIG_DIR` names another directory).
    Path,
}

pub fn run(args: ConfigArgs) -> Result<ExitCode, Report> {
    match args.command {
        ConfigCommand::Path => {
            let show = |what: &str, p: Option<PathBuf>, dir: bool| match p {
                Some(p) => format!("{what} {} ({})\n", p.display(), path_state(&p, dir)),
                None => format!("{what} (no config directory on this system; set {DIR_VAR})\n"),
            };
            let text = show("config file:", config_file(), false)
                + &show("presets dir:", presets_dir(), true);
            super::out::stdout(text.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// What `cubetui config path` says of `p`, which should be a directory
/// when `dir`, else a regular file: "exists" only when it is of that kind.
fn path_state(p: &Path, dir: bool) -> String {
    match std::fs::metadata(p) {
        Ok(m) if dir && m.is_dir() || !dir && m.is_file() => "exists".into(),
        Ok(m) if m.is_dir() => "a directory, not a file: not read".into(),
        Ok(_) if dir => "not a directory: no presets are read from it".into(),
        Ok(_) => "not a regular file: refused when read".into(),
        Err(_) => {
            // Not there; say so differently when it cannot be created
            // because something on its way is a file.
            let blocked = p
                .ancestors()
                .skip(1)
                .find(|a| std::fs::metadata(a).is_ok_and(|m| !m.is_dir()));
            match blocked {
                Some(a) => format!("cannot exist: {} is not a directory", a.display()),
                None => "not there".into(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Settings, String> {
        parse_settings(Path::new("c.toml"), text, &Presets::builtin()).map_err(|e| e.to_string())
    }

    #[test]
    fn settings_parse_and_mistakes_name_file_and_line() {
        let s = parse("theme = \"pastel\"\nfps = 20\nspeed = \"max\"\npreset = \"ga\"\n").unwrap();
        assert_eq!(s.fps, Some(20));
        assert_eq!(Settings::speed_step(s.speed.as_ref().unwrap()), Some(7));
        let e = parse("fps = 20\ncolour = 1\n").unwrap_err();
        assert!(e.starts_with("c.toml:2: ") && e.contains("colour"), "{e}");
        let e = parse("\n\nfps = 90\n").unwrap_err();
        assert!(e.starts_with("c.toml:3: ") && e.contains("1 to 60"), "{e}");
        let e = parse("speed = 3\n").unwrap_err();
        assert!(e.starts_with("c.toml:1: ") && e.contains("max"), "{e}");
        let e = parse("preset = \"nope\"\n").unwrap_err();
        assert!(e.contains("unknown preset `nope`"), "{e}");
        let e = parse("fps = \"x\n").unwrap_err();
        assert!(e.starts_with("c.toml:1: "), "{e}");
    }
}
