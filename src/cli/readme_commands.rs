//! Finds every `cubetui …` command line a page of the documentation (the
//! README, CONTRIBUTING.md, docs/*.md) shows and says what is
//! wrong with one: the parser refuses it, or a preset it names does not
//! exist. The tests in `cli.rs` pass the binary's real parser in, so a
//! table's command cannot silently stop working. Nothing is solved: the
//! lines are only parsed (the `console` blocks, which may show a refusal on
//! purpose, are run whole and compared by tests/it/cli_readme.rs).
//!
//! Looked at: `sh`/`bash` blocks (loops `for d in …; do … done` expanded,
//! `\` continuations joined, heredoc bodies, comments, pipes and
//! redirections skipped; `parallel … {} ::: a b` expanded), `$ ` lines of
//! `text` blocks, and inline code in the prose that starts with `cubetui`
//! (also across a line break, or quoted inside another command). Prose
//! synopses are filled in: `…` dropped, `[optional]` kept, `<its seed>`
//! and the capitalised placeholders (`FILE`, `NAME`, `N`…) replaced by a
//! sample value from [`PLACEHOLDERS`]; `cubetui SUB` alone must name a
//! real subcommand.

use clap::error::ErrorKind;

/// How a command line is parsed: the binary's own parser, which the caller
/// (the tests in `cli.rs`) passes in.
pub(super) type Parse<'a> = &'a dyn Fn(&[String]) -> Result<(), clap::Error>;

/// Sample values for the placeholders of prose synopses and for the
/// variables the README's scripts take from their environment.
const PLACEHOLDERS: &[(&str, &str)] = &[
    ("N", "4"),
    ("S", "1"),
    ("P", "ga"),
    ("NAME", "ga"),
    ("FILE", "run.jsonl"),
    ("ALG", "R"),
    (
        "STR",
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
    ),
    ("a,b,c", "sa-pll-conj,mws,reference"),
    ("SLURM_CPUS_PER_TASK", "4"),
    ("SLURM_ARRAY_TASK_ID", "1"),
    ("HQ_TASK_ID", "0"),
    ("JOB_COMPLETION_INDEX", "0"),
];

/// One command line found in the README.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Found {
    /// 1-based line of the README where it starts.
    pub(super) line: usize,
    /// The arguments, `cubetui` first, variables and placeholders filled in.
    pub(super) args: Vec<String>,
    /// A prose synopsis with `…`: required arguments may be left out.
    elided: bool,
}

/// A shell token: a word (quotes removed; `spaced` if a quoted part held a
/// space) or an operator (`;`, `|`, `&&`, `>`, `<<`…).
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word { text: String, spaced: bool },
    Op(String),
}

/// Splits a shell line into words and operators; an unquoted `#` starting
/// a word begins a comment.
fn tokens(line: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let (mut cur, mut any, mut spaced, mut quote) = (String::new(), false, false, None);
    let flush = |out: &mut Vec<Tok>, cur: &mut String, any: &mut bool, spaced: &mut bool| {
        if *any {
            out.push(Tok::Word {
                text: std::mem::take(cur),
                spaced: *spaced,
            });
        }
        (*any, *spaced) = (false, false);
    };
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => {
                spaced |= c == ' ';
                cur.push(c);
            }
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, ' ' | '\t') => flush(&mut out, &mut cur, &mut any, &mut spaced),
            (None, '#') if !any => break,
            (None, ';' | '|' | '&' | '<' | '>') => {
                flush(&mut out, &mut cur, &mut any, &mut spaced);
                let mut op = c.to_string();
                while chars.peek().is_some_and(|&n| n == c) {
                    op.push(chars.next().unwrap_or(c));
                }
                out.push(Tok::Op(op));
            }
            (None, c) => {
                cur.push(c);
                any = true;
            }
        }
    }
    flush(&mut out, &mut cur, &mut any, &mut spaced);
    out
}

/// Whether a word runs the program (`cubetui`, `./target/release/cubetui`).
fn is_program(word: &str) -> bool {
    word == "cubetui" || word.ends_with("target/release/cubetui")
}

/// Loop variables of a script: name and the values it takes.
type Vars = Vec<(String, Vec<String>)>;

/// One value for each loop variable (and for `{}`, named so).
type Binding = Vec<(String, String)>;

/// Every binding of the loop variables (and `{}` to the `:::` values).
fn bindings(vars: &Vars, parallel: &[String]) -> Vec<Binding> {
    let mut out = vec![Binding::new()];
    let par = ("{}".to_string(), parallel.to_vec());
    for (name, vals) in vars.iter().chain((!parallel.is_empty()).then_some(&par)) {
        out = out
            .iter()
            .flat_map(|b| {
                vals.iter()
                    .map(move |v| [b.clone(), vec![(name.clone(), v.clone())]].concat())
            })
            .collect();
    }
    out
}

/// Fills `$X`, `${X}` and `{}` in one word from a binding (the innermost
/// loop first) or the environment samples of [`PLACEHOLDERS`].
fn fill(word: &str, binding: &Binding) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = word;
    while !rest.is_empty() {
        let (name, used) = if rest.starts_with("{}") {
            ("{}", 2)
        } else if let Some(r) = rest.strip_prefix('$') {
            match r.strip_prefix('{') {
                Some(b) => {
                    let end = b.find('}').ok_or(format!("unclosed ${{ in `{word}`"))?;
                    (&b[..end], end + 3)
                }
                None => {
                    let end = r
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(r.len());
                    (&r[..end], end + 1)
                }
            }
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        };
        let value = binding
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .or_else(|| placeholder(name));
        match value {
            Some(v) => out.push_str(v),
            None if name == "{}" => return Err(format!("`{{}}` without `::: values` in `{word}`")),
            None => return Err(format!("unknown variable `${name}` in `{word}`")),
        }
        rest = &rest[used..];
    }
    Ok(out)
}

fn placeholder(name: &str) -> Option<&'static str> {
    PLACEHOLDERS
        .iter()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| *v)
}

/// The commands of one shell line (loops update `vars`).
fn shell(line: &str, at: usize, vars: &mut Vars) -> Result<Vec<Found>, String> {
    let mut out = Vec::new();
    let toks = tokens(line);
    for seg in
        toks.split(|t| matches!(t, Tok::Op(o) if [";", "|", "||", "&&", "&"].contains(&o.as_str())))
    {
        // Redirections take the next word with them.
        let mut words = Vec::new();
        let mut skip = false;
        for t in seg {
            match t {
                Tok::Op(_) => skip = true,
                Tok::Word { .. } if skip => skip = false,
                Tok::Word { text, spaced } => words.push((text.as_str(), *spaced)),
            }
        }
        match words.first().map(|w| w.0) {
            Some("for") => {
                if words.get(2).map(|w| w.0) != Some("in") {
                    return Err(format!("line {at}: unreadable loop `{line}`"));
                }
                let vals = words[3..].iter().map(|w| w.0.to_string()).collect();
                vars.push((words[1].0.to_string(), vals));
                continue;
            }
            Some("done") => {
                vars.pop();
                continue;
            }
            Some("do") => {
                words.remove(0);
            }
            _ => {}
        }
        // A quoted command inside another (`tmux … "cubetui …"`).
        for (w, spaced) in &words {
            if *spaced && w.split(' ').next().is_some_and(is_program) {
                out.extend(shell(w, at, vars)?);
            }
        }
        let Some(start) = words.iter().position(|w| is_program(w.0)) else {
            continue;
        };
        let mut words: Vec<&str> = words[start..].iter().map(|w| w.0).collect();
        let parallel = match words.iter().position(|w| *w == ":::") {
            Some(p) => words.split_off(p)[1..]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            None => Vec::new(),
        };
        let mut all: Vec<Vec<String>> = Vec::new();
        for binding in bindings(vars, &parallel) {
            let args: Result<Vec<String>, String> = std::iter::once(Ok("cubetui".to_string()))
                .chain(words[1..].iter().map(|w| fill(w, &binding)))
                .collect();
            let args = args.map_err(|e| format!("line {at}: {e}"))?;
            // A loop whose variable the command does not use runs it again.
            if !all.contains(&args) {
                all.push(args);
            }
        }
        out.extend(all.into_iter().map(|args| Found {
            line: at,
            args,
            elided: false,
        }));
    }
    Ok(out)
}

/// A prose synopsis made a command: `…` dropped, `[…]` unwrapped,
/// `<…>` and capitalised placeholders replaced.
fn synopsis(span: &str) -> Result<String, String> {
    let mut s = String::new();
    let mut rest = span;
    while let Some(i) = rest.find('<') {
        let end = rest[i..]
            .find('>')
            .ok_or(format!("unclosed < in `{span}`"))?;
        s.push_str(&rest[..i]);
        s.push('1');
        rest = &rest[i + end + 1..];
    }
    s.push_str(rest);
    // Words inside quotes (`--scramble "R U"`) are values, not placeholders.
    let mut quote: Option<char> = None;
    let words: Result<Vec<String>, String> = s
        .replace(['[', ']'], "")
        .split_whitespace()
        .filter(|w| *w != "…")
        .map(|w| {
            let quoted = quote.is_some() || w.starts_with(['"', '\'']);
            if quote.is_none() {
                quote = w.chars().next().filter(|c| *c == '"' || *c == '\'');
                if quote.is_some_and(|q| w.len() > 1 && w.ends_with(q)) {
                    quote = None;
                }
            } else if quote.is_some_and(|q| w.ends_with(q)) {
                quote = None;
            }
            let caps = !quoted && w.chars().all(|c| c.is_ascii_uppercase()) || w == "a,b,c";
            match (caps, placeholder(w)) {
                (false, _) => Ok(w.to_string()),
                (true, Some(v)) => Ok(v.to_string()),
                (true, None) => Err(format!("placeholder `{w}` of `{span}` has no sample value")),
            }
        })
        .collect();
    Ok(words?.join(" "))
}

/// Every command line the README shows, or the first unreadable one.
pub(super) fn commands(readme: &str) -> Result<Vec<Found>, String> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    let mut heredoc: Option<String> = None;
    let mut vars = Vars::new();
    let mut pending = String::new();
    let mut pending_at = 0;
    // The prose with code blocks blanked, for inline spans across lines.
    let mut prose = String::new();
    for (i, line) in readme.lines().enumerate() {
        let at = i + 1;
        if let Some(end) = &heredoc {
            heredoc = (line.trim() != end).then(|| end.clone());
            prose.push('\n');
            continue;
        }
        if let Some(lang) = line.strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(lang.to_string()),
            };
            vars.clear();
            prose.push('\n');
            continue;
        }
        let Some(lang) = &fence else {
            prose.push_str(line);
            prose.push('\n');
            continue;
        };
        prose.push('\n');
        let shell_line = match lang.as_str() {
            "sh" | "bash" => line,
            "text" => match line.strip_prefix("$ ") {
                Some(l) => l,
                None => continue,
            },
            _ => continue,
        };
        if pending.is_empty() {
            pending_at = at;
        }
        if let Some(l) = shell_line.strip_suffix('\\') {
            pending.push_str(l);
            continue;
        }
        let whole = std::mem::take(&mut pending) + shell_line;
        let at = pending_at;
        if let Some(i) = whole.find("<<") {
            let end = whole[i + 2..].trim().trim_matches(['\'', '"', '-']);
            heredoc = Some(end.to_string());
        }
        out.extend(shell(&whole, at, &mut vars)?);
    }
    // Inline code spans of the prose.
    let mut offset = 0;
    for (i, part) in prose.split('`').enumerate() {
        let at = prose[..offset].matches('\n').count() + 1;
        offset += part.len() + 1;
        if i % 2 == 0 {
            continue;
        }
        let span = part.replace('\n', " ");
        if span.split(' ').next().is_some_and(is_program) {
            let elided = span.contains('…');
            let found = shell(&synopsis(&span)?, at, &mut Vars::new())?;
            out.extend(found.into_iter().map(|f| Found { elided, ..f }));
        } else if span.contains("cubetui ") {
            out.extend(shell(&span, at, &mut Vars::new())?);
        }
    }
    Ok(out)
}

/// What is wrong with one command: not parsed, or a preset that does not
/// exist (a user preset the README writes to `presets/NAME.toml` counts).
fn fault(found: &Found, readme: &str, parse: Parse) -> Option<String> {
    let args = &found.args;
    if args.len() <= 2 {
        // `cubetui` or `cubetui SUB` names a program or subcommand.
        let help = [args.clone(), vec!["--help".to_string()]].concat();
        return match parse(&help) {
            Err(e) if e.kind() == ErrorKind::DisplayHelp => None,
            Err(e) => Some(e.to_string()),
            Ok(_) => Some("`--help` did not print help".into()),
        };
    }
    match parse(args) {
        Err(e) if found.elided && e.kind() == ErrorKind::MissingRequiredArgument => {}
        // `cubetui solve --help`: the help it asks for.
        Err(e) if e.kind() == ErrorKind::DisplayHelp => {}
        Err(e) => return Some(e.to_string()),
        Ok(_) => {}
    }
    for (i, a) in args.iter().enumerate() {
        if a == "--preset" || a == "--presets" || a == "--race" {
            for name in args.get(i + 1)?.split(',') {
                let written = readme.contains(&format!("/presets/{name}.toml"));
                if !written
                    && cubetui_solve::preset::Presets::builtin()
                        .canonical(name)
                        .is_err()
                {
                    return Some(format!("no preset `{name}`"));
                }
            }
        }
    }
    None
}

/// Every fault, one line each: `NAME line N: \`command\`: why` (`name`:
/// the page, e.g. `docs/cli.md`).
pub(super) fn faults(name: &str, readme: &str, parse: Parse) -> Result<Vec<String>, String> {
    Ok(commands(readme)?
        .iter()
        .filter_map(|f| {
            fault(f, readme, parse).map(|e| {
                // clap's message up to its usage line.
                let why: Vec<&str> = e.lines().take_while(|l| !l.is_empty()).collect();
                format!(
                    "{name} line {}: `{}`: {}",
                    f.line,
                    f.args.join(" "),
                    why.join(" ")
                )
            })
        })
        .collect())
}

/// The commands of `md`, each as one line of its arguments (for tests).
#[cfg(test)]
pub fn lines(md: &str) -> Vec<String> {
    commands(md)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|f| f.args.join(" "))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_continuations_and_quotes_are_read_as_a_shell_would() {
        let md = "```sh\nfor d in 1 2; do cubetui scramble --depth $d; done\n\
                  for k in 3 4; do\n  cubetui scramble --depth ${k} --count 2 \\\n    > out-$k.txt   # note\ndone\n\
                  cat > x.toml <<'EOF'\ncubetui not a command\nEOF\n\
                  echo hi | cubetui state --scramble \"R U\" 2\n\
                  parallel cubetui bench --shard {}/2 --jsonl s-{}.jsonl ::: 1 2\n```\n\
                  ```text\n$ cubetui scramble --seed 5\noutput cubetui line\n```\n\
                  Prose: `cubetui presets\nNAME` and `tmux new \"./target/release/cubetui --seed 2\"`, \
                  `$XDG/cubetui`, `cubetui solve … --record FILE --seed <its seed>`, \
                  `cubetui state --scramble \"R U R' U'\" --size N`.\n";
        assert_eq!(
            lines(md),
            [
                "cubetui scramble --depth 1",
                "cubetui scramble --depth 2",
                "cubetui scramble --depth 3 --count 2",
                "cubetui scramble --depth 4 --count 2",
                "cubetui state --scramble R U 2",
                "cubetui bench --shard 1/2 --jsonl s-1.jsonl",
                "cubetui bench --shard 2/2 --jsonl s-2.jsonl",
                "cubetui scramble --seed 5",
                "cubetui presets ga",
                "cubetui --seed 2",
                "cubetui solve --record run.jsonl --seed 1",
                "cubetui state --scramble R U R' U' --size 4",
            ]
        );
        assert_eq!(commands(md).unwrap_or_default()[2].line, 4);
    }

    #[test]
    fn unknown_variables_and_placeholders_are_refused_not_skipped() {
        let e = commands("```sh\ncubetui bench --cubes $CUBES\n```\n").unwrap_err();
        assert!(e.contains("unknown variable `$CUBES`"), "{e}");
        let e = commands("Run `cubetui bench --cubes COUNT`.\n").unwrap_err();
        assert!(e.contains("placeholder `COUNT`"), "{e}");
        let e = commands("```sh\nparallel cubetui bench --shard {}/2\n```\n").unwrap_err();
        assert!(e.contains("`{}` without"), "{e}");
    }
}
