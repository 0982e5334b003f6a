//! Reading Rust source as text for the module-graph test: blank comments and
//! literals, tokenise, and list every path a file names.

/// A module path such as `["cube", "state"]`; the crate root is `[]`.
pub type ModPath = Vec<String>;

/// One file of the crate: its module path and its text.
pub struct Source {
    pub module: ModPath,
    pub file: String,
    pub text: String,
}

/// Blanks comments, string and char literals (keeping line breaks), so that
/// only code is scanned.
fn strip(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if c[i] == 'r'
            && (c.get(i + 1) == Some(&'"') || c.get(i + 1) == Some(&'#'))
            && (i == 0 || !(c[i - 1].is_alphanumeric() || c[i - 1] == '_'))
        {
            // Raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while c.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if c.get(j) != Some(&'"') {
                out.push(c[i]);
                i += 1;
                continue;
            }
            j += 1;
            while j < c.len() {
                if c[j] == '"' && (0..hashes).all(|h| c.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                out.push(blank(c[j]));
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c[i] == '"' {
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c[i] == '\'' {
            // A char literal ('x', '\n', '\u{…}') or a lifetime ('a).
            if c.get(i + 1) == Some(&'\\') {
                let mut j = i + 2;
                while j < c.len() && c[j] != '\'' {
                    j += 1;
                }
                out.push_str("' '");
                i = j + 1;
            } else if c.get(i + 2) == Some(&'\'') {
                out.push_str("' '");
                i += 3;
            } else {
                out.push('\'');
                i += 1;
            }
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Sep,
    Open,
    Close,
    Comma,
    Star,
    Other(char),
}

/// Tokens with the line each starts on.
fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = code.chars().collect();
    let (mut out, mut i, mut line) = (Vec::new(), 0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            // Raw identifiers (`r#type`) keep their name.
            out.push((Tok::Ident(word), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::Sep, line));
            i += 2;
        } else {
            out.push((
                match ch {
                    '{' => Tok::Open,
                    '}' => Tok::Close,
                    ',' => Tok::Comma,
                    '*' => Tok::Star,
                    c => Tok::Other(c),
                },
                line,
            ));
            i += 1;
        }
    }
    out
}

/// Expands the use tree starting at `toks[*i]` under `prefix` into full paths
/// (`*` and `self` end a path at the module they follow).
fn expand(toks: &[(Tok, usize)], i: &mut usize, prefix: &[String], out: &mut Vec<ModPath>) {
    let mut path = prefix.to_vec();
    loop {
        match toks.get(*i).map(|t| &t.0) {
            Some(Tok::Ident(w)) if w == "as" => {
                *i += 2; // `as name`
                out.push(path);
                return;
            }
            Some(Tok::Ident(w)) if w == "self" && !path.is_empty() => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(Tok::Ident(w)) => {
                path.push(w.clone());
                *i += 1;
            }
            Some(Tok::Sep) => *i += 1,
            Some(Tok::Star) => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(Tok::Open) => {
                *i += 1;
                loop {
                    match toks.get(*i).map(|t| &t.0) {
                        Some(Tok::Close) => {
                            *i += 1;
                            return;
                        }
                        Some(Tok::Comma) => *i += 1,
                        None => return,
                        _ => expand(toks, i, &path, out),
                    }
                }
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// A path written in module `at` (file module plus inline `mod`s), and where.
pub struct Reference {
    pub at: ModPath,
    pub path: ModPath,
    /// Whether it is a `pub use` (a re-export).
    pub reexport: bool,
    pub line: usize,
}

/// Every `use` path and every `crate::`/`super::`/`self::` path in one file.
pub fn references(src: &Source) -> Vec<Reference> {
    let toks = tokens(&strip(&src.text));
    let mut out = Vec::new();
    // Inline `mod name {` blocks: (name, brace depth inside them).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let here = |inline: &[(String, usize)]| -> ModPath {
        let mut m = src.module.clone();
        m.extend(inline.iter().map(|(n, _)| n.clone()));
        m
    };
    while i < toks.len() {
        let (t, line) = (&toks[i].0, toks[i].1);
        match t {
            Tok::Open => depth += 1,
            Tok::Close => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Tok::Ident(w) if w == "mod" => {
                if let (Some((Tok::Ident(name), _)), Some((Tok::Open, _))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Tok::Ident(w) if w == "use" => {
                let reexport = i > 0 && matches!(&toks[i - 1].0, Tok::Ident(p) if p == "pub")
                    || i > 3 && matches!(&toks[i - 4].0, Tok::Ident(p) if p == "pub");
                let mut j = i + 1;
                let mut paths = Vec::new();
                expand(&toks, &mut j, &[], &mut paths);
                let at = here(&inline);
                for path in paths {
                    out.push(Reference {
                        at: at.clone(),
                        path,
                        reexport,
                        line,
                    });
                }
                i = j;
                continue;
            }
            Tok::Ident(w) if (w == "crate" || w == "super" || w == "self") => {
                let after_sep = i > 0 && toks[i - 1].0 == Tok::Sep;
                if !after_sep && toks.get(i + 1).map(|t| &t.0) == Some(&Tok::Sep) {
                    let mut path = Vec::new();
                    let mut j = i;
                    while let Some((Tok::Ident(w), _)) = toks.get(j) {
                        path.push(w.clone());
                        if toks.get(j + 1).map(|t| &t.0) != Some(&Tok::Sep) {
                            break;
                        }
                        j += 2;
                    }
                    out.push(Reference {
                        at: here(&inline),
                        path,
                        reexport: false,
                        line,
                    });
                    i = j + 1;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}
