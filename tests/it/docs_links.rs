//! The documentation as a reader of a fresh clone meets it: every relative
//! link of the README, CONTRIBUTING.md and docs/*.md points to a file that
//! exists (an `#anchor` to a heading of that file); the README's solvers
//! table gives the sizes the presets run on; no heading, prose or preset
//! names a tracker number.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cubetui_cube::nxn::Size;

/// The README, CONTRIBUTING.md and every docs/*.md, with their paths.
pub(crate) fn pages() -> Vec<(PathBuf, String)> {
    let mut paths = vec![PathBuf::from("README.md"), PathBuf::from("CONTRIBUTING.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs")
        .expect("docs/")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
            (p, text)
        })
        .collect()
}

/// The lines of `md` outside fenced code blocks, with their numbers.
fn prose(md: &str) -> Vec<(usize, &str)> {
    let mut fence = false;
    let mut out = Vec::new();
    for (i, line) in md.lines().enumerate() {
        if line.starts_with("```") {
            fence = !fence;
        } else if !fence {
            out.push((i + 1, line));
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading of `md` (a repeated one gets `-1`, `-2`…).
fn anchors(md: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (_, line) in prose(md) {
        let Some(text) = line.strip_prefix('#') else {
            continue;
        };
        let text = text.trim_start_matches('#');
        if !text.starts_with(' ') {
            continue;
        }
        let base = slug(text);
        let mut name = base.clone();
        let mut k = 0;
        while out.contains(&name) {
            k += 1;
            name = format!("{base}-{k}");
        }
        out.insert(name);
    }
    out
}

/// Every `[text](target)` of the prose: (line, target).
fn links(md: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, line) in prose(md) {
        let mut rest = line;
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else { break };
            out.push((at, after[..end].to_string()));
            rest = &after[end..];
        }
    }
    out
}

/// What is wrong with each relative link of `page` (at `path`).
fn broken(path: &Path, page: &str) -> Vec<String> {
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    for (at, target) in links(page) {
        if target.contains("://") || target.starts_with("mailto:") {
            continue;
        }
        let (file, anchor) = match target.split_once('#') {
            Some((f, a)) => (f, Some(a)),
            None => (target.as_str(), None),
        };
        let at = format!("{}:{at}: `{target}`", path.display());
        if file.is_empty() {
            if anchor.is_some_and(|a| !anchors(page).contains(a)) {
                out.push(format!("{at}: no heading with this anchor"));
            }
            continue;
        }
        let file = dir.join(file);
        if file.components().any(|c| c.as_os_str() == "target") {
            out.push(format!("{at}: points into the build directory"));
        } else if !file.exists() {
            out.push(format!("{at}: no such file"));
        } else if let Some(anchor) = anchor {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            if !anchors(&text).contains(anchor) {
                out.push(format!("{at}: no heading with this anchor"));
            }
        }
    }
    out
}

#[test]
fn every_relative_link_points_to_a_file_and_heading_that_exist() {
    let pages = pages();
    assert!(pages.len() >= 10, "README, CONTRIBUTING and the docs pages");
    let all: Vec<String> = pages.iter().flat_map(|(p, t)| broken(p, t)).collect();
    assert!(all.is_empty(), "{}", all.join("\n"));
    let count: usize = pages.iter().map(|(_, t)| links(t).len()).sum();
    assert!(count >= 50, "found only {count} links");
}

#[test]
fn a_broken_link_or_anchor_is_named() {
    let page = "# Top\n\n## Keys: `q` and (more)\n\nSee [k](#keys-q-and-more), \
                [x](#nope), [f](no-such.md) and [r](README.md#cubetui).\n\
                ```text\n[not](a-link.md)\n```\n";
    let faults = broken(Path::new("page.md"), page);
    assert_eq!(faults.len(), 2, "{faults:#?}");
    assert!(faults[0].contains("`#nope`: no heading"), "{}", faults[0]);
    assert!(
        faults[1].contains("`no-such.md`: no such file"),
        "{}",
        faults[1]
    );
    assert_eq!(slug(" Keys: `q` and (more)"), "keys-q-and-more");
    assert_eq!(
        slug("`--record` and `cubetui replay`"),
        "--record-and-cubetui-replay"
    );
    assert!(anchors(page).contains("keys-q-and-more"));
}

/// `N`, `a–b` or `a, b`: the sizes a cell of the solvers table names.
fn sizes(cell: &str) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    for part in cell.split(',') {
        let part = part.trim();
        match part.split_once('–') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
                out.extend(a..=b);
            }
            None => {
                out.insert(part.parse().unwrap_or_else(|_| panic!("size `{part}`")));
            }
        }
    }
    out
}

#[test]
fn the_readme_solvers_table_gives_the_sizes_each_preset_runs_on() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut named = BTreeSet::new();
    let mut inside = false;
    for line in readme.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if line.starts_with("| preset | solver |") {
            inside = true;
            continue;
        }
        if !line.starts_with('|') {
            inside = false;
        }
        if !inside || cells[1].starts_with("---") {
            continue;
        }
        let want = sizes(cells[cells.len() - 2]);
        for name in cells[1].split(',') {
            let name = name.trim().trim_matches('`');
            named.insert(name.to_string());
            let runs: BTreeSet<usize> = (Size::MIN..=Size::MAX)
                .filter(|&n| {
                    crate::shipped()
                        .runs_on(name, Size::new(n).unwrap())
                        .is_ok()
                })
                .collect();
            assert_eq!(runs, want, "README solvers table, `{name}`");
        }
    }
    let every: BTreeSet<String> = crate::shipped()
        .list()
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(named, every, "the table names every preset");
}

/// A tracker number: `issue 19`, `issues 3`, `#31` after a space.
fn tracker_number(text: &str) -> bool {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.windows(2).any(|w| {
        (w[0].trim_start_matches('(') == "issue" || w[0] == "issues")
            && w[1].starts_with(|c: char| c.is_ascii_digit())
    }) || words.iter().any(|w| {
        w.strip_prefix('#')
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
    })
}

#[test]
fn no_page_heading_prose_or_preset_names_a_tracker_number() {
    assert!(tracker_number("## N×N moves (issue 19)"));
    assert!(tracker_number("see #31 for more"));
    assert!(!tracker_number("## Reference and issues of size 2"));
    for (path, page) in pages() {
        for (at, line) in prose(&page) {
            assert!(!tracker_number(line), "{}:{at}: {line}", path.display());
        }
    }
    for p in crate::shipped().all() {
        for text in [&p.description, &p.follows] {
            assert!(!tracker_number(text), "preset {}: {text}", p.name);
        }
    }
}

/// The README's subcommands table has a row for every subcommand that
/// `cubetui --help` lists (and none that it does not).
#[test]
fn the_readme_subcommands_table_lists_every_subcommand() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cubetui"))
        .arg("--help")
        .output()
        .expect("binary runs");
    let help = String::from_utf8_lossy(&out.stdout);
    let listed: BTreeSet<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect();
    assert!(listed.len() >= 10, "{help}");
    let readme = std::fs::read_to_string("README.md").unwrap();
    let mut rows = BTreeSet::new();
    let mut inside = false;
    for line in readme.lines() {
        if line.starts_with("| command | what it does |") {
            inside = true;
            continue;
        }
        if !line.starts_with('|') {
            inside = false;
        }
        let cell = line.split('|').nth(1).unwrap_or("").trim();
        if inside && cell.starts_with('`') {
            rows.insert(cell.trim_matches('`').to_string());
        }
    }
    assert_eq!(
        rows, listed,
        "README subcommands table against `cubetui --help`"
    );
}

/// The README stays a page read in five minutes; the rest goes to docs/.
#[test]
fn the_readme_stays_short() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; move detail to docs/"
    );
}
