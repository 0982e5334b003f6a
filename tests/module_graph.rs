//! The library's modules import each other in one direction only: within every
//! folder of `src/` the sibling modules form a DAG, and the rooms (`cube`,
//! `solve`, `tui`) do too.
//!
//! The source is read as text: comments and string literals are blanked, then
//! every `use` tree and every `crate::`/`super::`/`self::` path is resolved to
//! the module it names (through `pub use` re-exports of a parent, so
//! `crate::cube::Cube` counts as a use of `cube::state`). A reference from
//! module `a::x::…` to `a::y::…` is an edge `x → y` in the graph of `a`'s
//! children; references to a module's own ancestors are not edges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

mod module_scan;

use module_scan::{ModPath, Reference, Source, references};

/// The crate's modules and what each knows how to resolve.
struct Crate {
    /// Every module (files and inline blocks) and the file module it lives in.
    modules: BTreeMap<ModPath, ModPath>,
    /// `pub use` re-exports: (module, item name) → full path.
    reexports: BTreeMap<(ModPath, String), ModPath>,
}

impl Crate {
    /// Turns `path` written in module `at` into an absolute path; `None` for
    /// paths into other crates.
    fn absolute(&self, at: &[String], path: &[String]) -> Option<ModPath> {
        let first = path.first()?;
        let mut base: ModPath = match first.as_str() {
            "crate" => vec![],
            "self" => at.to_vec(),
            "super" => at.to_vec(),
            _ => {
                // Uniform paths: a name of a child module of `at`.
                let mut child = at.to_vec();
                child.push(first.clone());
                if !self.modules.contains_key(&child) {
                    return None;
                }
                let mut abs = at.to_vec();
                abs.extend(path.iter().cloned());
                return Some(abs);
            }
        };
        let mut rest = &path[1..];
        if first == "super" {
            base.pop();
        }
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The file module that `abs` lands in, following re-exports of the
    /// modules on the way (at most a few hops).
    fn target(&self, abs: &[String], hops: usize) -> ModPath {
        let mut m: ModPath = vec![];
        for (k, seg) in abs.iter().enumerate() {
            let mut next = m.clone();
            next.push(seg.clone());
            if self.modules.contains_key(&next) {
                m = next;
                continue;
            }
            if hops < 8
                && let Some(to) = self.reexports.get(&(m.clone(), seg.clone()))
            {
                let mut full = to.clone();
                full.extend(abs[k + 1..].iter().cloned());
                return self.target(&full, hops + 1);
            }
            break;
        }
        self.modules.get(&m).cloned().unwrap_or(m)
    }
}

/// Edges of the graph of `parent`'s children: (from, to) → first place seen.
type Graphs = BTreeMap<ModPath, BTreeMap<(String, String), String>>;

fn graphs(sources: &[Source]) -> Graphs {
    let refs: Vec<(usize, Vec<Reference>)> = sources
        .iter()
        .enumerate()
        .map(|(k, s)| (k, references(s)))
        .collect();
    let mut krate = Crate {
        modules: BTreeMap::new(),
        reexports: BTreeMap::new(),
    };
    for s in sources {
        krate.modules.insert(s.module.clone(), s.module.clone());
    }
    for (k, rs) in &refs {
        for r in rs {
            krate
                .modules
                .entry(r.at.clone())
                .or_insert_with(|| sources[*k].module.clone());
        }
    }
    for (_, rs) in &refs {
        for r in rs.iter().filter(|r| r.reexport) {
            if let (Some(abs), Some(name)) = (krate.absolute(&r.at, &r.path), r.path.last()) {
                krate.reexports.insert((r.at.clone(), name.clone()), abs);
            }
        }
    }
    let mut g = Graphs::new();
    for (k, rs) in &refs {
        let from = &sources[*k].module;
        for r in rs {
            let Some(abs) = krate.absolute(&r.at, &r.path) else {
                continue;
            };
            let to = krate.target(&abs, 0);
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common >= from.len() || common >= to.len() {
                continue; // an ancestor, itself, or a descendant
            }
            let place = format!("{}:{}", sources[*k].file, r.line);
            g.entry(from[..common].to_vec())
                .or_default()
                .entry((from[common].clone(), to[common].clone()))
                .or_insert(place);
        }
    }
    g
}

/// The modules on cycles in one graph and one cycle with the place of each
/// edge (`a → b (file:line); …`), or `None` for a DAG.
fn find_cycle(edges: &BTreeMap<(String, String), String>) -> Option<String> {
    // Drop nodes with no edge in from, or none out to, the nodes still left,
    // until nothing changes: what is left are the nodes on cycles (and on
    // paths between them); none left means a DAG.
    let mut left: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    loop {
        let keep: BTreeSet<&String> = left
            .iter()
            .copied()
            .filter(|n| {
                edges.keys().any(|(a, b)| b == *n && left.contains(a))
                    && edges.keys().any(|(a, b)| a == *n && left.contains(b))
            })
            .collect();
        if keep.len() == left.len() {
            break;
        }
        left = keep;
    }
    // Every node left has an edge coming in from another node left, so walk
    // those edges backwards until one repeats.
    let mut walk = vec![*left.first()?];
    loop {
        let cur = *walk.last().expect("non-empty");
        let prev = edges
            .keys()
            .find(|(a, b)| b == cur && left.contains(a))
            .map(|(a, _)| a)
            .expect("every node left has an edge from the rest");
        if let Some(start) = walk.iter().position(|n| *n == prev) {
            let mut cyc: Vec<&String> = walk[start..].to_vec();
            cyc.reverse();
            let names: Vec<&str> = left.iter().map(|n| n.as_str()).collect();
            let mut s = format!("[{}] are on cycles, e.g. ", names.join(", "));
            for (k, a) in cyc.iter().enumerate() {
                let b = cyc[(k + 1) % cyc.len()];
                s += &format!("{a} → {b} ({}); ", edges[&((*a).clone(), b.clone())]);
            }
            return Some(s);
        }
        walk.push(prev);
    }
}

/// The library's sources (not the binary's `main.rs`/`cli`).
fn library() -> Vec<Source> {
    fn walk(dir: &Path, out: &mut Vec<Source>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read src/")
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let rel = p.strip_prefix("src").expect("under src/");
                let mut module: ModPath = rel
                    .with_extension("")
                    .iter()
                    .map(|s| s.to_string_lossy().into_owned())
                    .collect();
                if module.last().is_some_and(|l| l == "mod" || l == "lib") {
                    module.pop();
                }
                if module.first().is_some_and(|f| f == "main" || f == "cli") {
                    continue;
                }
                out.push(Source {
                    module,
                    file: p.display().to_string(),
                    text: std::fs::read_to_string(&p).expect("read source"),
                });
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new("src"), &mut out);
    out
}

/// Cycles in the graphs of `room` and of every folder inside it.
fn cycles_in(room: &[&str]) -> Vec<String> {
    let g = graphs(&library());
    g.iter()
        .filter(|(parent, _)| {
            parent.starts_with(&room.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        })
        .filter_map(|(parent, edges)| {
            find_cycle(edges).map(|c| format!("in `{}`: {c}", parent.join("::")))
        })
        .collect()
}

#[test]
fn cube_modules_form_a_dag() {
    let c = cycles_in(&["cube"]);
    assert!(c.is_empty(), "import cycles:\n{}", c.join("\n"));
}

#[test]
fn solve_modules_form_a_dag() {
    let c = cycles_in(&["solve"]);
    assert!(c.is_empty(), "import cycles:\n{}", c.join("\n"));
}

#[test]
fn tui_modules_form_a_dag() {
    let c = cycles_in(&["tui"]);
    assert!(c.is_empty(), "import cycles:\n{}", c.join("\n"));
}

#[test]
fn rooms_point_one_way() {
    let g = graphs(&library());
    let top = g.get(&Vec::new()).cloned().unwrap_or_default();
    let edges: BTreeSet<(&str, &str)> = top.keys().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    for bad in [("cube", "solve"), ("cube", "tui"), ("solve", "tui")] {
        assert!(
            !edges.contains(&bad),
            "{} imports {}: {:?}",
            bad.0,
            bad.1,
            top.get(&(bad.0.into(), bad.1.into()))
        );
    }
    // The scan does see the rooms' real dependencies.
    assert!(edges.contains(&("solve", "cube")), "{edges:?}");
    assert!(edges.contains(&("tui", "cube")), "{edges:?}");
}

/// The checker itself: a synthetic crate with the tricky spellings.
fn synthetic(files: &[(&str, &str)]) -> Vec<Source> {
    files
        .iter()
        .map(|(m, text)| Source {
            module: m
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect(),
            file: format!("{m}.rs"),
            text: text.to_string(),
        })
        .collect()
}

#[test]
fn checker_finds_cycles_through_every_spelling() {
    let room = "pub mod a; pub mod b; pub mod c;\npub use a::Thing;\n";
    let cases = [
        // a → b by a plain use; b → a inside a nested use tree.
        ("use super::b::Y;", "use super::{c, a::{self, X}};"),
        // a → b by an inline path; b → a through the parent's re-export.
        ("fn f() { super::b::g() }", "use crate::r::Thing;"),
        // a → b from a test module; b → a by a re-export of its own.
        ("mod tests { use crate::r::b; }", "pub use super::a::W;"),
        // a → b by `self::super`-style relative paths; b → a by `crate::`.
        ("use self::super::b as bb;", "fn g() { crate::r::a::f() }"),
    ];
    for (a, b) in cases {
        let g = graphs(&synthetic(&[
            ("r", room),
            ("r::a", a),
            ("r::b", b),
            ("r::c", ""),
        ]));
        let edges = &g[&vec!["r".to_string()]];
        let cycle = find_cycle(edges);
        assert!(
            cycle
                .as_deref()
                .is_some_and(|c| c.contains("a → b") && c.contains("b → a")),
            "{a:?} / {b:?}: {cycle:?} from {edges:?}"
        );
    }
}

#[test]
fn checker_ignores_comments_strings_ancestors_and_other_crates() {
    let g = graphs(&synthetic(&[
        ("r", "pub mod a; pub mod b;\npub use a::Thing;\n"),
        (
            "r::a",
            "// use super::b;\n/* super::b::x() */\nconst S: &str = \"super::b::x\";\n\
             const C: char = '\"'; use super::super::r::Thing; use std::fmt;\n\
             mod tests { use super::*; }",
        ),
        (
            "r::b",
            "use crate::r::Thing; use super::a::X; fn f<'a>(x: &'a u8) {}",
        ),
    ]));
    let edges = &g[&vec!["r".to_string()]];
    let list: Vec<_> = edges.keys().collect();
    assert_eq!(list, [&("b".to_string(), "a".to_string())]);
    assert!(find_cycle(edges).is_none());
}
