//! The formula catalogue (`assets/formulas.txt`): `name: algorithm` per line.

use std::sync::OnceLock;

use crate::cube::Alg;

use crate::solve::SolveError;

/// The catalogue shipped with the program, embedded at build time.
pub const BUILTIN: &str = include_str!("../../../assets/formulas.txt");
/// The name the embedded catalogue is reported under in errors.
pub const BUILTIN_FILE: &str = "assets/formulas.txt";

/// A catalogue loaded at run time, which replaces the built-in one.
static INSTALLED: OnceLock<Catalogue> = OnceLock::new();

/// One named formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    pub name: String,
    pub alg: Alg,
}

/// A list of named formulas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalogue {
    pub formulas: Vec<Formula>,
}

impl Catalogue {
    /// Parses catalogue text; `file` names the source in error messages.
    ///
    /// Blank lines and `#` comments are skipped; every other line must be
    /// `name: algorithm` with a non-empty name, a valid non-empty algorithm and
    /// a name not used before.
    pub fn parse(text: &str, file: &str) -> Result<Catalogue, SolveError> {
        let mut formulas: Vec<Formula> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let err = |message: String| SolveError::Asset {
                file: file.to_string(),
                line: i + 1,
                message,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((name, alg)) = line.split_once(':') else {
                return Err(err(format!("expected `name: algorithm`, found `{line}`")));
            };
            let name = name.trim();
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return Err(err(format!("bad formula name `{name}`")));
            }
            if formulas.iter().any(|f| f.name == name) {
                return Err(err(format!("formula `{name}` defined twice")));
            }
            let alg: Alg = alg
                .trim()
                .parse()
                .map_err(|e| err(format!("formula `{name}`: {e}")))?;
            if alg.is_empty() {
                return Err(err(format!("formula `{name}` is empty")));
            }
            formulas.push(Formula {
                name: name.to_string(),
                alg,
            });
        }
        if formulas.is_empty() {
            return Err(SolveError::Asset {
                file: file.to_string(),
                line: 0,
                message: "the catalogue has no formulas".into(),
            });
        }
        Ok(Catalogue { formulas })
    }

    /// The embedded catalogue, parsed once.
    /// Reads a catalogue file; errors name the file and line.
    pub fn load(path: &std::path::Path) -> Result<Catalogue, SolveError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| SolveError::Asset {
            file: file.clone(),
            line: 0,
            message: format!("cannot read: {e}"),
        })?;
        Catalogue::parse(&text, &file)
    }

    /// Makes `catalogue` the one every generator built from now on uses (the
    /// `--formulas FILE` option). Fails once generators use another one.
    pub fn install(catalogue: Catalogue) -> Result<(), SolveError> {
        match INSTALLED.set(catalogue) {
            Ok(()) => Ok(()),
            Err(c) if INSTALLED.get() == Some(&c) => Ok(()),
            Err(_) => Err(SolveError::Config(
                "a formula catalogue is already in use".into(),
            )),
        }
    }

    /// The catalogue in use: an installed one, else the built-in one, which
    /// is then pinned so a later [`Catalogue::install`] of another one fails
    /// instead of being silently ignored by generators already built.
    pub fn active() -> Result<&'static Catalogue, SolveError> {
        if let Some(c) = INSTALLED.get() {
            return Ok(c);
        }
        let builtin = Catalogue::builtin()?;
        Ok(INSTALLED.get_or_init(|| builtin.clone()))
    }

    pub fn builtin() -> Result<&'static Catalogue, SolveError> {
        static CELL: OnceLock<Result<Catalogue, (usize, String)>> = OnceLock::new();
        let parsed = CELL.get_or_init(|| {
            Catalogue::parse(BUILTIN, BUILTIN_FILE).map_err(|e| match e {
                SolveError::Asset { line, message, .. } => (line, message),
                other => (0, other.to_string()),
            })
        });
        parsed
            .as_ref()
            .map_err(|(line, message)| SolveError::Asset {
                file: BUILTIN_FILE.to_string(),
                line: *line,
                message: message.clone(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_in_use_the_catalogue_cannot_be_swapped() {
        let active = Catalogue::active().unwrap().clone();
        assert!(
            Catalogue::install(active.clone()).is_ok(),
            "same one again is fine"
        );
        let other = Catalogue::parse("A: R U R' U'\n", "f.txt").unwrap();
        assert!(Catalogue::install(other).is_err());
        assert_eq!(Catalogue::active().unwrap(), &active);
    }

    #[test]
    fn builtin_has_the_six_two_look_formulas() {
        let c = Catalogue::builtin().unwrap();
        let names: Vec<&str> = c.formulas.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["T", "Y", "Ua", "Ub", "H", "Z"]);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let e = Catalogue::parse("# c\nT: R U\nno colon here\n", "f.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.txt:3: expected `name: algorithm`, found `no colon here`"
        );
        let e = Catalogue::parse("A: R Q\n", "f.txt").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:1: formula `A`:"), "{e}");
        let e = Catalogue::parse("A: R\nA: U\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("defined twice"));
        assert!(Catalogue::parse("# nothing\n", "f.txt").is_err());
        assert!(Catalogue::parse("A:\n", "f.txt").is_err());
    }
}
