//! The documentation is tested here, and only here: the README,
//! CONTRIBUTING.md and every docs/*.md as a reader of a fresh clone meets
//! them. The pages are read with pulldown-cmark (code blocks with their
//! info string and line, inline code, links, headings, tables); command
//! lines are split into words with shlex.
//!
//! - [`commands`]: every `cubetui …` command a page shows parses with the
//!   binary's own parser and names real presets;
//! - [`console`]: every `console` block runs as shown;
//! - [`figures`]: every seeded figure marked `<!-- check: … -->` is
//!   re-run and compared with the number written;
//! - [`keys`]: the keys tables list exactly the keys the screen binds;
//! - [`links`]: every relative link and anchor resolves, the README's
//!   tables match the presets and subcommands, no tracker numbers.

mod commands;
mod console;
mod figures;
mod keys;
mod links;

use std::collections::BTreeSet;
use std::ops::Range;
use std::path::PathBuf;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// One page of the documentation: its path from the repository's root
/// and its text.
pub(crate) struct Page {
    pub(crate) path: PathBuf,
    pub(crate) text: String,
}

/// The README, CONTRIBUTING.md and every docs/*.md, in that order (the
/// tests run from the repository's root).
pub(crate) fn pages() -> Vec<Page> {
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
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            Page { path, text }
        })
        .collect()
}

/// The events of `md` with their byte ranges (tables read as tables).
fn events(md: &str) -> impl Iterator<Item = (Event<'_>, Range<usize>)> {
    Parser::new_ext(md, Options::ENABLE_TABLES).into_offset_iter()
}

/// The 1-based line of byte `offset` of `md`.
pub(crate) fn line_of(md: &str, offset: usize) -> usize {
    md.get(..offset).unwrap_or(md).matches('\n').count() + 1
}

/// A code block: its info string (`sh`, `console`… empty for an indented
/// block), the line of its first line of code, and its code.
#[derive(Debug, PartialEq)]
pub(crate) struct Block {
    pub(crate) info: String,
    pub(crate) line: usize,
    pub(crate) code: String,
}

/// Every code block of `md`, in order.
pub(crate) fn code_blocks(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(String, usize)> = None;
    let mut code = String::new();
    let mut first: Option<usize> = None;
    for (event, range) in events(md) {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let (info, fenced) = match kind {
                    CodeBlockKind::Fenced(info) => (info.trim().to_string(), true),
                    CodeBlockKind::Indented => (String::new(), false),
                };
                // A fenced block's code starts on the line after the fence.
                open = Some((info, line_of(md, range.start) + usize::from(fenced)));
                (code, first) = (String::new(), None);
            }
            Event::Text(t) if open.is_some() => {
                first.get_or_insert(range.start);
                code.push_str(&t);
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((info, fence)) = open.take() {
                    let line = first.map_or(fence, |f| line_of(md, f));
                    out.push(Block {
                        info,
                        line,
                        code: std::mem::take(&mut code),
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// The byte ranges of the code blocks of `md` (fences included).
fn block_ranges(md: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for (event, range) in events(md) {
        if let Event::Start(Tag::CodeBlock(_)) = event {
            out.push(range);
        }
    }
    out
}

/// The lines of `md` outside code blocks, with their numbers.
pub(crate) fn prose(md: &str) -> Vec<(usize, &str)> {
    let blocks = block_ranges(md);
    let mut out = Vec::new();
    let mut offset = 0;
    for (i, line) in md.split_inclusive('\n').enumerate() {
        let end = offset + line.trim_end().len();
        if !blocks
            .iter()
            .any(|b| b.start < end.max(offset + 1) && offset < b.end)
        {
            out.push((i + 1, line.trim_end_matches(['\n', '\r'])));
        }
        offset += line.len();
    }
    out
}

/// Every inline code span of `md` (outside code blocks): its line and its
/// text (a span across a line break reads as one line).
pub(crate) fn inline_code(md: &str) -> Vec<(usize, String)> {
    events(md)
        .filter_map(|(event, range)| match event {
            Event::Code(c) => Some((line_of(md, range.start), c.to_string())),
            _ => None,
        })
        .collect()
}

/// Every link and image of `md`: its line and its target.
pub(crate) fn links(md: &str) -> Vec<(usize, String)> {
    events(md)
        .filter_map(|(event, range)| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some((line_of(md, range.start), dest_url.to_string()))
            }
            _ => None,
        })
        .collect()
}

/// GitHub's anchor of a heading's text: lower case, letters, digits, `-`
/// and `_` kept, spaces made `-`, everything else dropped.
pub(crate) fn slug(heading: &str) -> String {
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
pub(crate) fn anchors(md: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut heading: Option<String> = None;
    for (event, _) in events(md) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(&heading.take().unwrap_or_default());
                let mut name = base.clone();
                let mut k = 0;
                while out.contains(&name) {
                    k += 1;
                    name = format!("{base}-{k}");
                }
                out.insert(name);
            }
            _ => {}
        }
    }
    out
}

/// A piece of a table cell: text, or a code span.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Inline {
    Text(String),
    Code(String),
}

/// A table cell: its text and code spans, in order (adjacent text merged).
pub(crate) type Cell = Vec<Inline>;

/// A table: its header and its rows.
#[derive(Debug, Default)]
pub(crate) struct Table {
    pub(crate) head: Vec<Cell>,
    pub(crate) rows: Vec<Vec<Cell>>,
}

/// A cell's words as read: its text and code spans' text, trimmed.
pub(crate) fn plain(cell: &Cell) -> String {
    let text: String = cell
        .iter()
        .map(|i| match i {
            Inline::Text(t) | Inline::Code(t) => t.as_str(),
        })
        .collect();
    text.trim().to_string()
}

/// Every table of `md`, in order.
pub(crate) fn tables(md: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    let mut row: Vec<Cell> = Vec::new();
    let mut cell: Option<Cell> = None;
    for (event, _) in events(md) {
        match event {
            Event::Start(Tag::Table(_)) => out.push(Table::default()),
            Event::Start(Tag::TableCell) => cell = Some(Cell::new()),
            Event::Text(t) => {
                if let Some(c) = cell.as_mut() {
                    match c.last_mut() {
                        Some(Inline::Text(prev)) => prev.push_str(&t),
                        _ => c.push(Inline::Text(t.to_string())),
                    }
                }
            }
            Event::Code(t) => {
                if let Some(c) = cell.as_mut() {
                    c.push(Inline::Code(t.to_string()));
                }
            }
            Event::End(TagEnd::TableCell) => row.extend(cell.take()),
            Event::End(TagEnd::TableHead) => {
                if let Some(t) = out.last_mut() {
                    t.head = std::mem::take(&mut row);
                }
            }
            Event::End(TagEnd::TableRow) => {
                if let Some(t) = out.last_mut() {
                    t.rows.push(std::mem::take(&mut row));
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn a_page_is_read_into_blocks_spans_links_headings_and_tables() {
    let md = "# Top\n\nRun `cubetui\nstate` or [this](docs/cli.md#x).\n\n\
              ```sh\ncubetui scramble\n```\n\n  ```text\n  $ cubetui state\n  ```\n\n\
              ## Keys: `q` and (more)\n\n| key | does |\n| --- | --- |\n| `1`–`3`, `q` | a *b* |\n";
    let blocks = code_blocks(md);
    assert_eq!(
        blocks,
        [
            Block {
                info: "sh".into(),
                line: 7,
                code: "cubetui scramble\n".into()
            },
            Block {
                info: "text".into(),
                line: 11,
                code: "$ cubetui state\n".into()
            },
        ]
    );
    assert_eq!(inline_code(md)[0], (3, "cubetui state".to_string()));
    assert_eq!(links(md), [(4, "docs/cli.md#x".to_string())]);
    let lines: Vec<usize> = prose(md).iter().map(|(n, _)| *n).collect();
    for code in [6, 7, 8, 10, 11, 12] {
        assert!(!lines.contains(&code), "line {code} is code");
    }
    assert!(lines.contains(&5) && lines.contains(&14));
    assert!(anchors(md).contains("top") && anchors(md).contains("keys-q-and-more"));
    let t = tables(md);
    assert_eq!(t.len(), 1);
    assert_eq!(plain(&t[0].head[1]), "does");
    assert_eq!(
        t[0].rows[0][0],
        [
            Inline::Code("1".into()),
            Inline::Text("–".into()),
            Inline::Code("3".into()),
            Inline::Text(", ".into()),
            Inline::Code("q".into()),
        ]
    );
    assert_eq!(plain(&t[0].rows[0][1]), "a b");
}
