//! Seeded figures the pages quote, re-run: a figure that comes from a
//! deterministic command (seeded, no time limit) carries a comment beside
//! it in the Markdown,
//!
//! ```text
//! <!-- check: cubetui solve --size 2 --preset woc --random-state --seed 3 --json | moves_htm=6 generations=7 -->
//! ```
//!
//! and here the command runs through the real binary (from the
//! repository's root, words split by shlex) and each `KEY=VALUE` must hold:
//! `KEY` is a field of the one JSON object the command prints (a dotted
//! path, `lanes.0.moves_htm`), or `median(FIELD)` of the lines of the JSONL
//! file the command writes where it says `{jsonl}` (the lower middle, as
//! `bench` takes medians), either optionally `/D` (divided by D). A number
//! is compared at the decimals `VALUE` is written with (`76.1` holds for
//! 76.12). And `VALUE` must be written in the paragraph around the comment
//! (digits grouped by spaces or not), so the comment cannot drift from the
//! figure it checks. A stale figure fails with its page and line.

use std::process::Command;

use serde_json::Value;

/// One `<!-- check: … -->` comment: where it is, its command, its claims
/// (key, value), and the paragraph around it.
#[derive(Debug, PartialEq)]
struct Check {
    line: usize,
    command: String,
    claims: Vec<(String, String)>,
    paragraph: String,
}

const OPEN: &str = "<!-- check:";

/// Every check comment of `md` (one per line, anywhere in the prose).
fn checks(md: &str) -> Result<Vec<Check>, String> {
    let lines: Vec<&str> = md.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(at) = line.find(OPEN) else {
            continue;
        };
        // Shown as code (`<!-- check: … -->`), not a check.
        if line[..at].ends_with('`') {
            continue;
        }
        let rest = &line[at + OPEN.len()..];
        let body = rest
            .find("-->")
            .map(|end| rest[..end].trim())
            .ok_or(format!("line {}: a check comment ends on its line", i + 1))?;
        let (command, claims) = body
            .rsplit_once(" | ")
            .ok_or(format!("line {}: no ` | KEY=VALUE` in the check", i + 1))?;
        let claims: Vec<(String, String)> = claims
            .split_whitespace()
            .map(|c| {
                c.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or(format!("line {}: `{c}` is not KEY=VALUE", i + 1))
            })
            .collect::<Result<_, _>>()?;
        if claims.is_empty() {
            return Err(format!("line {}: a check with no claim", i + 1));
        }
        // The paragraph: the lines up to the blank ones around it, every
        // check comment left out.
        let first = (0..i)
            .rev()
            .find(|&k| lines[k].trim().is_empty())
            .map_or(0, |k| k + 1);
        let last = (i + 1..lines.len())
            .find(|&k| lines[k].trim().is_empty())
            .unwrap_or(lines.len());
        let paragraph: Vec<String> = lines[first..last].iter().map(|l| uncommented(l)).collect();
        out.push(Check {
            line: i + 1,
            command: command.trim().to_string(),
            claims,
            paragraph: paragraph.join(" "),
        });
    }
    Ok(out)
}

/// `line` without its check comments.
fn uncommented(line: &str) -> String {
    let mut out = line.to_string();
    while let Some(at) = out.find(OPEN) {
        let end = out[at..].find("-->").map_or(out.len(), |e| at + e + 3);
        out.replace_range(at..end, "");
    }
    out
}

/// `text` with the spaces between two digits taken out (`1 774` → `1774`).
fn ungrouped(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    for (k, &c) in chars.iter().enumerate() {
        let space = matches!(c, ' ' | '\u{a0}' | '\u{2009}' | '\u{202f}');
        let between = k > 0
            && chars[k - 1].is_ascii_digit()
            && chars.get(k + 1).is_some_and(char::is_ascii_digit);
        if !(space && between) {
            out.push(c);
        }
    }
    out
}

/// Whether `value` is written in `text` as a figure of its own (not a
/// piece of a longer number).
fn written(text: &str, value: &str) -> bool {
    let text = ungrouped(text);
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    text.match_indices(value).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let mut after = text[at + value.len()..].chars();
        let (next, then) = (after.next(), after.next());
        let decimals = next == Some('.') && digit(then);
        !(digit(before) || digit(next) || decimals)
    })
}

/// The field at dotted `path` of `v`.
fn field<'a>(v: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.')
        .try_fold(v, |v, key| match key.parse::<usize>() {
            Ok(i) => v.get(i),
            Err(_) => v.get(key),
        })
}

/// What a claim's key says: the value as the page would write it at
/// `decimals` (numbers), or the string.
fn measured(
    key: &str,
    stdout: &str,
    jsonl: Option<&str>,
    decimals: usize,
) -> Result<String, String> {
    let (key, divisor) = match key.rsplit_once('/') {
        Some((k, d)) => (
            k,
            d.parse::<f64>()
                .map_err(|_| format!("`/{d}` is not a number"))?,
        ),
        None => (key, 1.0),
    };
    let number = |v: &Value| {
        v.as_f64()
            .map(|x| format!("{:.*}", decimals, x / divisor))
            .or_else(|| v.as_str().map(String::from))
            .or_else(|| v.as_bool().map(|b| b.to_string()))
            .ok_or(format!("`{key}` is {v}, not a number or a string"))
    };
    if let Some(inner) = key
        .strip_prefix("median(")
        .and_then(|k| k.strip_suffix(')'))
    {
        let text = jsonl.ok_or("median() needs `{jsonl}` in the command")?;
        let mut values: Vec<f64> = text
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).map_err(|e| format!("a JSONL line: {e}"))?;
                field(&v, inner)
                    .and_then(Value::as_f64)
                    .ok_or(format!("a line without a number at `{inner}`"))
            })
            .collect::<Result<_, _>>()?;
        if values.is_empty() {
            return Err("the JSONL file is empty".into());
        }
        values.sort_by(f64::total_cmp);
        return number(&Value::from(values[(values.len() - 1) / 2]));
    }
    let v: Value =
        serde_json::from_str(stdout).map_err(|e| format!("stdout is not one JSON object: {e}"))?;
    number(field(&v, key).ok_or(format!("no field `{key}`"))?)
}

/// What is wrong with `check` (page `name`), if anything.
fn fault(name: &str, check: &Check, scratch: &std::path::Path) -> Option<String> {
    let at = format!("{name} line {}: `{}`", check.line, check.command);
    let jsonl = scratch.join(format!("figure-{}.jsonl", check.line));
    let jsonl_str = jsonl.to_string_lossy().into_owned();
    let words = match shlex::split(&check.command) {
        Some(w) if w.first().is_some_and(|p| p == "cubetui") => w,
        _ => return Some(format!("{at}: not a `cubetui` command")),
    };
    let uses_file = words.iter().any(|w| w == "{jsonl}");
    let args: Vec<String> = words[1..]
        .iter()
        .map(|w| w.replace("{jsonl}", &jsonl_str))
        .collect();
    let _ = std::fs::remove_file(&jsonl);
    let o = match Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .args(&args)
        .output()
    {
        Ok(o) => o,
        Err(e) => return Some(format!("{at}: cannot run the binary: {e}")),
    };
    let stdout = String::from_utf8_lossy(&o.stdout);
    let file = uses_file.then(|| std::fs::read_to_string(&jsonl).unwrap_or_default());
    let _ = std::fs::remove_file(&jsonl);
    let mut wrong = Vec::new();
    for (key, value) in &check.claims {
        let decimals = value.split_once('.').map_or(0, |(_, d)| d.len());
        match measured(key, &stdout, file.as_deref(), decimals) {
            Err(e) => wrong.push(format!("{key}: {e}")),
            Ok(got) if &got != value => {
                wrong.push(format!("{key} is {got} now, the page says {value}"));
            }
            Ok(_) => {}
        }
        if !written(&check.paragraph, value) {
            wrong.push(format!("{value} ({key}) is not written beside the check"));
        }
    }
    (!wrong.is_empty()).then(|| format!("{at}: {}", wrong.join("; ")))
}

/// What is wrong with the checks of `md` (page `name`), one line each.
fn faults(name: &str, md: &str, scratch: &std::path::Path) -> (usize, Vec<String>) {
    match checks(md) {
        Err(e) => (0, vec![format!("{name} {e}")]),
        Ok(all) => (
            all.len(),
            all.iter().filter_map(|c| fault(name, c, scratch)).collect(),
        ),
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cubetui-figures-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_seeded_figures_of_the_pages_hold() {
    let dir = scratch("pages");
    let mut count = 0;
    let mut per_page = Vec::new();
    let mut all = Vec::new();
    for page in super::pages() {
        let name = page.path.display().to_string();
        let (n, faults) = faults(&name, &page.text, &dir);
        count += n;
        per_page.push((name, n));
        all.extend(faults);
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(all.is_empty(), "{}", all.join("\n"));
    for page in [
        "README.md",
        "docs/cli.md",
        "docs/sizes.md",
        "docs/solvers.md",
    ] {
        let n = per_page
            .iter()
            .find(|(p, _)| p == page)
            .map_or(0, |(_, n)| *n);
        assert!(n >= 1, "{page} has no checked figure");
    }
    assert!(count >= 6, "only {count} checked figures");
}

#[test]
fn a_stale_figure_is_named_with_its_page_line_and_both_values() {
    let dir = scratch("stale");
    let md = "# t\n\nThe woc run solves it in 7 HTM.\n\
              <!-- check: cubetui solve --size 2 --preset woc --random-state --seed 3 --json | moves_htm=7 -->\n\n\
              In 7 generations, 6 HTM.\n\
              <!-- check: cubetui solve --size 2 --preset woc --random-state --seed 3 --json | moves_htm=6 generations=7 -->\n";
    let (n, faults) = faults("page.md", md, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(n, 2);
    assert_eq!(faults.len(), 1, "{faults:#?}");
    assert!(
        faults[0].starts_with("page.md line 4: `cubetui solve"),
        "{}",
        faults[0]
    );
    assert!(
        faults[0].contains("moves_htm is 6 now, the page says 7"),
        "{}",
        faults[0]
    );
}

#[test]
fn a_check_whose_figure_is_not_in_its_paragraph_fails() {
    let dir = scratch("absent");
    let md = "It solves in 16 HTM.\n\
              <!-- check: cubetui solve --size 2 --preset woc --random-state --seed 3 --json | moves_htm=6 -->\n";
    let (_, faults) = faults("page.md", md, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(faults.len(), 1, "{faults:#?}");
    assert!(
        faults[0].contains("6 (moves_htm) is not written beside"),
        "{}",
        faults[0]
    );
}

#[test]
fn figures_are_read_grouped_and_at_their_decimals() {
    assert!(written("a mean of 1 774 turns", "1774"));
    assert!(written("start 23\u{202f}809)", "23809"));
    assert!(!written("16 HTM", "6"));
    assert!(!written("76.15", "76.1"));
    assert!(written("76.1 HTM.", "76.1"));
    let v = r#"{"a": {"b": [1, 76.125]}, "s": "x"}"#;
    assert_eq!(measured("a.b.1", v, None, 1).unwrap(), "76.1");
    assert_eq!(measured("a.b.1/2", v, None, 0).unwrap(), "38");
    assert_eq!(measured("s", v, None, 0).unwrap(), "x");
    let lines = "{\"i\": 3}\n{\"i\": 1}\n{\"i\": 2}\n{\"i\": 9}\n";
    assert_eq!(measured("median(i)", "", Some(lines), 0).unwrap(), "2");
    assert!(checks("<!-- check: cubetui solve -->").is_err());
    assert_eq!(
        checks("Mark it `<!-- check: cubetui solve | a=1 -->`.").unwrap(),
        []
    );
}
