//! Every `cubetui …` command line a page shows, against the binary's own
//! parser (`cubetui::cli::Cli`): a command that stops parsing, or a preset
//! it names that does not exist, fails here with its page and line.
//! Nothing is solved: the lines are only parsed (the `console` blocks,
//! which may show a refusal on purpose, are run whole by [`super::console`]).
//!
//! Looked at: `sh`/`bash` blocks (loops `for d in …; do … done` expanded,
//! `\` continuations joined, heredoc bodies, comments, pipes and
//! redirections skipped; `parallel … {} ::: a b` expanded), `$ ` lines of
//! `text` blocks, and inline code in the prose that starts with `cubetui`
//! (also across a line break, or quoted inside another command). Prose
//! synopses are filled in: `…` dropped, `[optional]` kept, `<its seed>`
//! and the capitalised placeholders (`FILE`, `NAME`, `N`…) replaced by a
//! sample value from [`PLACEHOLDERS`]; `cubetui SUB` alone must name a
//! real subcommand. Words are split by shlex; this file only cuts a line
//! at its operators (`;`, `|`, `&&`, redirections) first.

use clap::Parser;
use clap::error::ErrorKind;
use cubetui::cli::Cli;

use super::{code_blocks, inline_code};

/// Sample values for the placeholders of prose synopses and for the
/// variables the pages' scripts take from their environment.
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

/// One command line found in a page.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    /// 1-based line of the page where it starts.
    pub(crate) line: usize,
    /// The arguments, `cubetui` first, variables and placeholders filled in.
    pub(crate) args: Vec<String>,
    /// A prose synopsis with `…`: required arguments may be left out.
    elided: bool,
}

/// A piece of a shell line: the words between two operators, or an
/// operator (`;`, `|`, `&&`, `>`, `<<`…).
#[derive(Debug, PartialEq)]
enum Piece {
    Words(Vec<String>),
    Op(String),
}

/// Cuts a shell line at its unquoted operators and splits the rest into
/// words with shlex; an unquoted `#` starting a word begins a comment.
fn pieces(line: &str) -> Result<Vec<Piece>, String> {
    let mut out = Vec::new();
    let words = |text: &str, out: &mut Vec<Piece>| -> Result<(), String> {
        let w = shlex::split(text).ok_or(format!("unbalanced quotes in `{line}`"))?;
        if !w.is_empty() {
            out.push(Piece::Words(w));
        }
        Ok(())
    };
    let (mut start, mut quote, mut escaped) = (0, None, false);
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            _ if escaped => escaped = false,
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('"') | None, '\\') => escaped = true,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '#') if line[..i].ends_with([' ', '\t']) || i == 0 => {
                words(&line[start..i], &mut out)?;
                return Ok(out);
            }
            (None, ';' | '|' | '&' | '<' | '>') => {
                words(&line[start..i], &mut out)?;
                let mut op = c.to_string();
                while let Some((_, n)) = chars.next_if(|&(_, n)| ";|&<>-".contains(n)) {
                    op.push(n);
                }
                start = i + op.len();
                out.push(Piece::Op(op));
            }
            _ => {}
        }
    }
    words(&line[start..], &mut out)?;
    Ok(out)
}

/// Whether an operator ends a command (rather than redirecting it).
fn separates(op: &str) -> bool {
    [";", "|", "||", "&&", "&", ";;"].contains(&op)
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

fn placeholder(name: &str) -> Option<&'static str> {
    PLACEHOLDERS
        .iter()
        .find(|(k, _)| *k == name)
        .map(|(_, v)| *v)
}

/// Fills `$X`, `${X}` and `{}` in one word from a binding (the innermost
/// loop first) or the environment samples of [`PLACEHOLDERS`].
fn fill(word: &str, binding: &Binding) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = word;
    while let Some(c) = rest.chars().next() {
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

/// What one logical shell line holds: its commands (loops update `vars`)
/// and the end word of a heredoc it opens.
fn shell(line: &str, at: usize, vars: &mut Vars) -> Result<(Vec<Found>, Option<String>), String> {
    let mut out = Vec::new();
    let mut heredoc = None;
    let mut cmds: Vec<Vec<String>> = vec![Vec::new()];
    let mut redirect: Option<String> = None;
    for piece in pieces(line)? {
        match piece {
            Piece::Op(op) if separates(&op) => {
                cmds.push(Vec::new());
                redirect = None;
            }
            Piece::Op(op) => redirect = Some(op),
            Piece::Words(words) => {
                let mut words = words.into_iter();
                // A redirection takes the next word with it.
                if let Some(op) = redirect.take()
                    && let Some(target) = words.next()
                    && op.starts_with("<<")
                {
                    heredoc = Some(target);
                }
                if let Some(c) = cmds.last_mut() {
                    c.extend(words);
                }
            }
        }
    }
    for mut words in cmds {
        match words.first().map(String::as_str) {
            Some("for") => {
                if words.get(2).map(String::as_str) != Some("in") {
                    return Err(format!("line {at}: unreadable loop `{line}`"));
                }
                vars.push((words[1].clone(), words[3..].to_vec()));
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
        for w in &words {
            if w.contains(' ') && w.split(' ').next().is_some_and(is_program) {
                out.extend(shell(w, at, vars)?.0);
            }
        }
        let Some(start) = words.iter().position(|w| is_program(w)) else {
            continue;
        };
        let mut words = words.split_off(start);
        let parallel = match words.iter().position(|w| w == ":::") {
            Some(p) => words.split_off(p).split_off(1),
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
    Ok((out, heredoc))
}

/// A prose synopsis made a command line: `…` dropped, `[…]` unwrapped,
/// `<…>` and capitalised placeholders (outside quotes) replaced.
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
    let mut quote: Option<char> = None;
    let mut words = Vec::new();
    let s = s.replace(['[', ']'], "");
    for w in s.split_whitespace() {
        let quoted = quote.is_some() || w.starts_with(['"', '\'']);
        match quote {
            None => {
                quote = w.chars().next().filter(|c| *c == '"' || *c == '\'');
                if quote.is_some_and(|q| w.len() > 1 && w.ends_with(q)) {
                    quote = None;
                }
            }
            Some(q) if w.ends_with(q) => quote = None,
            Some(_) => {}
        }
        let caps = !quoted && w.chars().all(|c| c.is_ascii_uppercase()) || w == "a,b,c";
        match (w, caps, placeholder(w)) {
            ("…", _, _) => {}
            (_, false, _) => words.push(w),
            (_, true, Some(v)) => words.push(v),
            (_, true, None) => {
                return Err(format!("placeholder `{w}` of `{span}` has no sample value"));
            }
        }
    }
    Ok(words.join(" "))
}

/// Every command line `md` shows, or the first unreadable one.
pub(crate) fn commands(md: &str) -> Result<Vec<Found>, String> {
    let mut out = Vec::new();
    for block in code_blocks(md) {
        let shown: Vec<(usize, &str)> = block
            .code
            .lines()
            .enumerate()
            .map(|(i, l)| (block.line + i, l))
            .filter_map(|(at, l)| match block.info.as_str() {
                "sh" | "bash" => Some((at, l)),
                "text" => Some((at, l.strip_prefix("$ ")?)),
                _ => None,
            })
            .collect();
        let mut vars = Vars::new();
        let mut heredoc: Option<String> = None;
        let mut pending: Option<(usize, String)> = None;
        for (at, line) in shown {
            if let Some(end) = &heredoc {
                heredoc = (line.trim() != end).then(|| end.clone());
                continue;
            }
            let (start, mut whole) = pending.take().unwrap_or((at, String::new()));
            if let Some(l) = line.strip_suffix('\\') {
                pending = Some((start, whole + l));
                continue;
            }
            whole.push_str(line);
            let (found, opens) = shell(&whole, start, &mut vars)?;
            out.extend(found);
            heredoc = opens;
        }
    }
    for (at, span) in inline_code(md) {
        if span.split(' ').next().is_some_and(is_program) {
            let elided = span.contains('…');
            let (found, _) = shell(&synopsis(&span)?, at, &mut Vars::new())?;
            out.extend(found.into_iter().map(|f| Found { elided, ..f }));
        } else if span.contains("cubetui ") {
            out.extend(shell(&span, at, &mut Vars::new())?.0);
        }
    }
    Ok(out)
}

/// How the binary parses `args`.
fn parse(args: &[String]) -> Result<(), clap::Error> {
    Cli::try_parse_from(args).map(|_| ())
}

/// What is wrong with one command: not parsed, or a preset that does not
/// exist (a user preset the page writes to `presets/NAME.toml` counts).
fn fault(found: &Found, md: &str) -> Option<String> {
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
                let written = md.contains(&format!("/presets/{name}.toml"));
                if !written && crate::shipped().canonical(name).is_err() {
                    return Some(format!("no preset `{name}`"));
                }
            }
        }
    }
    None
}

/// Every fault of page `name`, one line each: `NAME line N: \`command\`:
/// why`.
pub(crate) fn faults(name: &str, md: &str) -> Result<Vec<String>, String> {
    Ok(commands(md)?
        .iter()
        .filter_map(|f| {
            fault(f, md).map(|e| {
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

/// The commands of `md`, each as one line of its arguments.
fn lines(md: &str) -> Vec<String> {
    commands(md)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|f| f.args.join(" "))
        .collect()
}

#[test]
fn every_documented_command_parses_and_names_real_presets() {
    let pages = super::pages();
    assert!(pages.len() >= 10, "README, CONTRIBUTING and docs/");
    let mut found = 0;
    let mut all = Vec::new();
    for page in &pages {
        let name = page.path.display().to_string();
        let here = commands(&page.text).unwrap_or_else(|e| panic!("{name}: {e}"));
        if name == "README.md" {
            assert!(here.len() >= 10, "README: found only {}", here.len());
        }
        found += here.len();
        all.extend(faults(&name, &page.text).unwrap_or_else(|e| panic!("{name}: {e}")));
    }
    assert!(found >= 100, "found only {found}");
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn the_documented_tables_commands_are_among_those_checked() {
    let all: Vec<String> = super::pages().iter().flat_map(|p| lines(&p.text)).collect();
    let has = |cmd: &str| assert!(all.iter().any(|c| c == cmd), "not checked: `{cmd}`");
    // The README's subcommand table (prose in a table), the 200-state
    // comparison, a loop of the annealing table expanded,
    // a `$ ` line of a `text` block, a prose run, a quoted command,
    // a continued Slurm line, a GNU parallel line and the loops beside
    // the annealing and evolutionary tables.
    has("cubetui replay tests/data/run-mws.jsonl --verify");
    has("cubetui config path");
    has(
        "cubetui bench --preset sa-pll-conj,sa-faces,sa-faces-hot,ga,woc,mws,mws-short,phases-es,phases-ga,phases-sa,reference --random-state --cubes 200 --jobs 1 --seed 1",
    );
    for d in ["1", "9", "20"] {
        has(&format!(
            "cubetui bench --preset sa-faces --cubes 20 --depth {d} --seed 1 --jobs 1 --time-limit 1"
        ));
    }
    has(
        "cubetui bench --size 2 --preset 2x2-sa,2x2-ga,2x2-phases,reference --random-state --cubes 200",
    );
    has(
        "cubetui bench --size 4 --preset sa-faces,sa-faces-hot,ga,woc,4x4-sa --random-state --cubes 20 --jobs 1",
    );
    has(
        "cubetui bench --preset sa-faces-hot --cubes 20 --random-state --seed 1 --jobs 1 --time-limit 1",
    );
    has("cubetui bench --solver mws --depth 50 --cubes 10 --jobs 1 --seed 1");
    has(
        "cubetui bench --solver ga --random-state --cubes 10 --jobs 1 --seed 1 --set length=30 --set fitness=prefix",
    );
    has("cubetui bench --solver woc --depth 7 --cubes 10 --jobs 1 --seed 1 --jsonl woc-7.jsonl");
    has("cubetui --race sa-pll-conj,mws,reference --seed 1");
    has(
        "cubetui bench --preset sa-pll-conj,phases-sa,reference --random-state --cubes 1000 --seed 1 --jobs 4 --shard 1/8 --jsonl bench-1.jsonl",
    );
    has(
        "cubetui bench --preset phases-sa --random-state --cubes 200 --seed 1 --jobs 1 --trace --shard 3/4 --jsonl shard-3.jsonl",
    );
}

#[test]
fn a_command_that_stops_parsing_is_named_with_its_line() {
    let md = "# t\n```sh\ncubetui bench --cubes 3\ncubetui bench --cubez 3\n```\n\
              ```text\n$ cubetui bnch\n```\n\
              One run of `cubetui bench --preset no-such --cubes 2`; `cubetui nosub`;\n\
              `cubetui bench … --jobz 1` (a synopsis may leave out required options only).\n";
    let faults = faults("README", md).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(faults.len(), 5, "{faults:#?}");
    assert!(
        faults[0].starts_with("README line 4: `cubetui bench --cubez 3`"),
        "{}",
        faults[0]
    );
    assert!(
        faults[1].starts_with("README line 7: `cubetui bnch`"),
        "{}",
        faults[1]
    );
    assert!(faults[2].contains("no preset `no-such`"), "{}", faults[2]);
    assert!(faults[3].contains("`cubetui nosub`"), "{}", faults[3]);
    assert!(faults[4].contains("--jobz"), "{}", faults[4]);
}

#[test]
fn loops_continuations_and_quotes_are_read_as_a_shell_would() {
    let md = "```sh\nfor d in 1 2; do cubetui scramble --depth $d; done\n\
              for k in 3 4; do\n  cubetui scramble --depth ${k} --count 2 \\\n    > out-$k.txt   # note; | x\ndone\n\
              cat > x.toml <<'EOF'\ncubetui not a command\nEOF\n\
              echo hi | cubetui state --scramble \"R U\" 2 &> log.txt\n\
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
    assert_eq!(
        pieces("a 'b; c' \"d | e\" >> f 2>&1 # g; h"),
        Ok(vec![
            Piece::Words(vec!["a".into(), "b; c".into(), "d | e".into()]),
            Piece::Op(">>".into()),
            Piece::Words(vec!["f".into(), "2".into()]),
            Piece::Op(">&".into()),
            Piece::Words(vec!["1".into()]),
        ])
    );
}

#[test]
fn unknown_variables_and_placeholders_are_refused_not_skipped() {
    let e = commands("```sh\ncubetui bench --cubes $CUBES\n```\n").unwrap_err();
    assert!(e.contains("unknown variable `$CUBES`"), "{e}");
    let e = commands("Run `cubetui bench --cubes COUNT`.\n").unwrap_err();
    assert!(e.contains("placeholder `COUNT`"), "{e}");
    let e = commands("```sh\nparallel cubetui bench --shard {}/2\n```\n").unwrap_err();
    assert!(e.contains("`{}` without"), "{e}");
    let e = commands("```sh\ncubetui state --scramble \"R U\n```\n").unwrap_err();
    assert!(e.contains("unbalanced quotes"), "{e}");
}

/// The README installs from the lock file, and no example command of the
/// pages overwrites a tracked file (the committed pictures under `assets/`).
#[test]
fn the_pages_install_locked_and_their_examples_write_scratch_files() {
    let pages = super::pages();
    assert!(pages[0].text.contains("cargo install --locked --path ."));
    for page in &pages {
        let path = page.path.display();
        assert!(!page.text.contains("cargo install --path ."), "{path}");
        for block in code_blocks(&page.text).iter().filter(|b| b.info == "sh") {
            for line in block.code.lines().filter(|l| l.starts_with("cubetui ")) {
                for out in [
                    "--plot assets/",
                    "--jsonl assets/",
                    "--record assets/",
                    "> assets/",
                ] {
                    assert!(
                        !line.contains(out),
                        "{path}: an example writes into assets/: {line}"
                    );
                }
            }
        }
    }
}
