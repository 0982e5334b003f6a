//! The pages as a reader of a fresh clone meets them: every relative link
//! points to a file that exists (an `#anchor` to a heading of that file);
//! the README's solvers table gives the sizes the presets run on and its
//! subcommands table the subcommands `cubetui --help` lists; no heading,
//! prose or preset names a tracker number; the README stays short.

use std::collections::BTreeSet;
use std::path::Path;

use cubetui_cube::nxn::Size;

use super::{Inline, Table, anchors, links, pages, plain, prose, slug, tables};

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
    let all: Vec<String> = pages
        .iter()
        .flat_map(|p| broken(&p.path, &p.text))
        .collect();
    assert!(all.is_empty(), "{}", all.join("\n"));
    let count: usize = pages.iter().map(|p| links(&p.text).len()).sum();
    assert!(count >= 50, "found only {count} links");
}

#[test]
fn a_broken_link_or_anchor_is_named() {
    let page = "# Top\n\n## Keys: `q` and (more)\n\nSee [k](#keys-q-and-more), \
                [x](#nope), [f](no-such.md) and [r](README.md#cubetui).\n\
                ```text\n[not](a-link.md)\n```\n\n![p](assets/none.svg) [b](target/x.md)\n";
    let faults = broken(Path::new("page.md"), page);
    assert_eq!(faults.len(), 4, "{faults:#?}");
    assert!(faults[0].contains("`#nope`: no heading"), "{}", faults[0]);
    assert!(
        faults[1].starts_with("page.md:5: `no-such.md`: no such file"),
        "{}",
        faults[1]
    );
    assert!(
        faults[2].starts_with("page.md:10: `assets/none.svg`: no such file"),
        "{}",
        faults[2]
    );
    assert!(
        faults[3].contains("points into the build directory"),
        "{}",
        faults[3]
    );
    assert_eq!(slug(" Keys: q and (more)"), "keys-q-and-more");
    assert_eq!(
        slug("--record and cubetui replay"),
        "--record-and-cubetui-replay"
    );
}

/// The README's tables whose header starts with `head`.
fn readme_tables(head: &[&str]) -> Vec<Table> {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    tables(&readme)
        .into_iter()
        .filter(|t| {
            t.head
                .iter()
                .map(plain)
                .take(head.len())
                .eq(head.iter().map(|h| h.to_string()))
        })
        .collect()
}

/// `N`, `a–b` or `a, b`: the sizes a cell of the solvers table names.
fn sizes(cell: &str) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    for part in cell.split(',') {
        let part = part.trim();
        let number = |s: &str| {
            s.parse::<usize>()
                .unwrap_or_else(|_| panic!("size `{s}` in `{cell}`"))
        };
        match part.split_once('–') {
            Some((a, b)) => out.extend(number(a)..=number(b)),
            None => {
                out.insert(number(part));
            }
        }
    }
    out
}

#[test]
fn the_readme_solvers_table_gives_the_sizes_each_preset_runs_on() {
    let found = readme_tables(&["preset", "solver"]);
    assert_eq!(
        found.len(),
        1,
        "one `| preset | solver |` table in the README"
    );
    let mut named = BTreeSet::new();
    for row in &found[0].rows {
        let want = sizes(&plain(row.last().expect("a sizes cell")));
        for name in plain(&row[0]).split(',') {
            let name = name.trim();
            named.insert(name.to_string());
            let runs: BTreeSet<usize> = (Size::MIN..=Size::MAX)
                .filter(|&n| Size::new(n).is_ok_and(|s| crate::shipped().runs_on(name, s).is_ok()))
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
    let found = readme_tables(&["command", "what it does"]);
    assert_eq!(found.len(), 1, "one `| command | what it does |` table");
    // A row whose first cell is code names a subcommand (`*(none)*`, the
    // screen, is not one).
    let rows: BTreeSet<String> = found[0]
        .rows
        .iter()
        .filter(|row| matches!(row[0].first(), Some(Inline::Code(_))))
        .map(|row| plain(&row[0]))
        .collect();
    assert_eq!(
        rows, listed,
        "README subcommands table against `cubetui --help`"
    );
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
    for page in pages() {
        for (at, line) in prose(&page.text) {
            assert!(
                !tracker_number(line),
                "{}:{at}: {line}",
                page.path.display()
            );
        }
    }
    for p in crate::shipped().all() {
        for text in [&p.description, &p.follows] {
            assert!(!tracker_number(text), "preset {}: {text}", p.name);
        }
    }
}

/// The README stays a page read in five minutes; the rest goes to docs/.
#[test]
fn the_readme_stays_short() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; move detail to docs/"
    );
}
