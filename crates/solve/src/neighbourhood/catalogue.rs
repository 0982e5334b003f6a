//! The formula catalogue (`assets/formulas.txt`): `name: algorithm` per line.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use cubetui_cube::error::printable;
use cubetui_cube::{Alg, Face, Move};

use crate::api::SolveError;

/// The catalogue shipped with the program, embedded at build time.
pub const BUILTIN: &str = include_str!("../../../../assets/formulas.txt");
/// The name the embedded catalogue is reported under in errors.
pub const BUILTIN_FILE: &str = "assets/formulas.txt";

/// Most formulas in a catalogue (`pll-conj` keeps 343 operators per formula).
pub const MAX_FORMULAS: usize = 500;
/// Most moves in one formula.
pub const MAX_FORMULA_MOVES: usize = 100;
/// Largest catalogue file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

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
    /// `name: algorithm` with a non-empty name not used before and a valid
    /// algorithm of 1 to [`MAX_FORMULA_MOVES`] moves that touches only U-layer
    /// pieces (and does something); at most [`MAX_FORMULAS`] formulas. Takes
    /// time linear in the text.
    pub fn parse(text: &str, file: &str) -> Result<Catalogue, SolveError> {
        let mut formulas: Vec<Formula> = Vec::new();
        let mut names: HashSet<&str> = HashSet::new();
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
                return Err(err(format!(
                    "expected `name: algorithm`, found `{}`",
                    shown(line)
                )));
            };
            let name = name.trim();
            if name.is_empty() || name.chars().any(char::is_whitespace) {
                return Err(err(format!("bad formula name `{}`", shown(name))));
            }
            if !names.insert(name) {
                return Err(err(format!("formula `{}` defined twice", shown(name))));
            }
            if formulas.len() == MAX_FORMULAS {
                return Err(err(format!(
                    "more than {MAX_FORMULAS} formulas (the limit: pll-conj keeps 343 operators per formula)"
                )));
            }
            let alg: Alg = alg
                .trim()
                .parse()
                .map_err(|e| err(format!("formula `{}`: {e}", shown(name))))?;
            if alg.is_empty() {
                return Err(err(format!("formula `{}` is empty", shown(name))));
            }
            if alg.len() > MAX_FORMULA_MOVES {
                return Err(err(format!(
                    "formula `{}` has {} moves, at most {MAX_FORMULA_MOVES}",
                    shown(name),
                    alg.len()
                )));
            }
            check_u_layer(&alg).map_err(|m| err(format!("formula `{}` {m}", shown(name))))?;
            formulas.push(Formula {
                name: name.to_string(),
                alg,
            });
        }
        if formulas.is_empty() {
            return Err(SolveError::Config(format!(
                "{file}: the catalogue has no formulas"
            )));
        }
        Ok(Catalogue { formulas })
    }

    /// Reads a catalogue file of at most [`MAX_FILE_BYTES`] through the one
    /// bounded reader (a FIFO, device, socket or directory is refused by
    /// kind, never read); errors name the file (and the line, for a bad
    /// line).
    pub fn load(path: &std::path::Path) -> Result<Catalogue, SolveError> {
        use crate::files::{FileError, read_text};
        let file = path.display().to_string();
        let text = read_text(path, MAX_FILE_BYTES, "a catalogue").map_err(|e| {
            SolveError::Config(match e {
                FileError::Io(e) => format!("{file}: cannot read: {e}"),
                e => format!("{file}: {e}"),
            })
        })?;
        Catalogue::parse(&text, &file)
    }

    /// A digest of the formulas (names and moves, in order; comments and
    /// spacing of the file do not count): 64-bit FNV-1a, written
    /// `fnv1a64:` and 16 hex digits. It tells a changed file from the one a
    /// run used; it is no protection against a file made to collide.
    pub fn digest(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for f in &self.formulas {
            for b in format!("{}: {}\n", f.name, f.alg).bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        format!("fnv1a64:{h:016x}")
    }

    /// The embedded catalogue, parsed once.
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

/// The catalogue a run uses, as a value handed to the solver with its
/// parameters: the built-in one, or one read from a file (`--formulas
/// FILE`), which a run file records by path and digest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Formulas {
    /// The catalogue embedded in the program ([`BUILTIN`]).
    #[default]
    Builtin,
    /// A catalogue read from `path`.
    File {
        path: PathBuf,
        catalogue: Arc<Catalogue>,
        digest: String,
    },
}

impl Formulas {
    /// Reads the catalogue at `path` (see [`Catalogue::load`]).
    pub fn load(path: &Path) -> Result<Formulas, SolveError> {
        let catalogue = Catalogue::load(path)?;
        Ok(Formulas::File {
            path: path.to_path_buf(),
            digest: catalogue.digest(),
            catalogue: Arc::new(catalogue),
        })
    }

    /// The formulas.
    pub fn catalogue(&self) -> Result<&Catalogue, SolveError> {
        match self {
            Formulas::Builtin => Catalogue::builtin(),
            Formulas::File { catalogue, .. } => Ok(catalogue),
        }
    }

    /// The file read, if not the built-in catalogue.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Formulas::Builtin => None,
            Formulas::File { path, .. } => Some(path),
        }
    }

    /// The digest of the formulas ([`Catalogue::digest`]).
    pub fn digest(&self) -> Result<String, SolveError> {
        match self {
            Formulas::Builtin => Ok(Catalogue::builtin()?.digest()),
            Formulas::File { digest, .. } => Ok(digest.clone()),
        }
    }

    /// A key telling catalogues apart for the tables built from them: the
    /// built-in one is `""`.
    pub fn key(&self) -> &str {
        match self {
            Formulas::Builtin => "",
            Formulas::File { digest, .. } => digest,
        }
    }
}

/// `text` as an error message shows it: invisible characters escaped, and
/// cut after 60 characters.
fn shown(text: &str) -> String {
    const MAX: usize = 60;
    let mut cut: String = text.chars().take(MAX).collect();
    if text.chars().nth(MAX).is_some() {
        cut.push('…');
    }
    printable(&cut)
}

/// Checks the catalogue's contract: the formula moves only stickers that a
/// U turn moves (U-layer pieces stay in the U layer) and moves something.
fn check_u_layer(alg: &Alg) -> Result<(), String> {
    let u = Move::face(Face::U, 1).perm();
    let p = alg.perm();
    if p.is_identity() {
        return Err("does nothing".into());
    }
    if p.moved().any(|i| u.table()[i] as usize == i) {
        return Err(
            "moves pieces outside the U layer (formulas must touch only U-layer pieces)".into(),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_follows_the_formulas_not_the_layout() {
        let a = Catalogue::parse("# c\nA: U\nB: U2\n", "f.txt").unwrap();
        let b = Catalogue::parse("A:U   # same\n\nB: U2\n", "g.txt").unwrap();
        let c = Catalogue::parse("A: U\nB: U'\n", "f.txt").unwrap();
        assert_eq!(a.digest(), b.digest());
        assert_ne!(a.digest(), c.digest());
        assert!(a.digest().starts_with("fnv1a64:") && a.digest().len() == 24);
        assert_eq!(
            Formulas::Builtin.digest().unwrap(),
            Catalogue::builtin().unwrap().digest()
        );
    }

    #[test]
    fn builtin_has_the_six_two_look_formulas() {
        let c = Catalogue::builtin().unwrap();
        let names: Vec<&str> = c.formulas.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["T", "Y", "Ua", "Ub", "H", "Z"]);
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let e = Catalogue::parse("# c\nT: U\nno colon here\n", "f.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.txt:3: expected `name: algorithm`, found `no colon here`"
        );
        let e = Catalogue::parse("T: U\nA: R U R' U'\n", "f.txt").unwrap_err();
        assert_eq!(
            e.to_string(),
            "f.txt:2: formula `A` moves pieces outside the U layer \
             (formulas must touch only U-layer pieces)"
        );
        let e = Catalogue::parse("A: U U'\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("does nothing"), "{e}");
        let e = Catalogue::parse("A: (U)101\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("101 moves, at most 100"), "{e}");
        let e = Catalogue::parse("A: R Q\n", "f.txt").unwrap_err();
        assert!(e.to_string().starts_with("f.txt:1: formula `A`:"), "{e}");
        let e = Catalogue::parse("A: U\nA: U2\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("defined twice"));
        assert!(Catalogue::parse("# nothing\n", "f.txt").is_err());
        assert!(Catalogue::parse("A:\n", "f.txt").is_err());
        let e = Catalogue::parse(&format!("\u{1b}[2J{}\n", "x".repeat(100)), "f.txt");
        assert_eq!(
            e.unwrap_err().to_string(),
            format!(
                "f.txt:1: expected `name: algorithm`, found `\\u{{1b}}[2J{}…`",
                "x".repeat(56)
            )
        );
    }

    #[test]
    fn the_number_of_formulas_is_bounded() {
        let text: String = (0..=MAX_FORMULAS).map(|i| format!("f{i}: U\n")).collect();
        let e = Catalogue::parse(&text, "f.txt").unwrap_err();
        assert!(
            e.to_string().starts_with(&format!(
                "f.txt:{}: more than {MAX_FORMULAS} formulas",
                MAX_FORMULAS + 1
            )),
            "{e}"
        );
        let ok: String = (0..MAX_FORMULAS).map(|i| format!("f{i}: U2\n")).collect();
        assert_eq!(
            Catalogue::parse(&ok, "f.txt").unwrap().formulas.len(),
            MAX_FORMULAS
        );
    }

    #[test]
    fn a_missing_or_huge_file_is_named_without_a_line_number() {
        let e = Catalogue::load(std::path::Path::new("/nonexistent/f.txt")).unwrap_err();
        let msg = e.to_string();
        assert!(msg.starts_with("/nonexistent/f.txt: cannot read:"), "{msg}");
        let path = std::env::temp_dir().join(format!("cubetui-huge-{}.txt", std::process::id()));
        std::fs::write(&path, "#".repeat(MAX_FILE_BYTES as usize + 1)).unwrap();
        let e = Catalogue::load(&path).unwrap_err().to_string();
        let _ = std::fs::remove_file(&path);
        assert!(e.contains("larger than 1048576 bytes"), "{e}");
    }
}
