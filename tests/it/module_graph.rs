//! Imports point one way, in the library (`src/`) and in the binary
//! (`src/main.rs`, `src/cli/`).
//!
//! Every file is parsed with `syn` (tests/it/module_scan); every `use` tree and
//! every `crate::`/`super::`/`self::` path is resolved to the file that
//! DEFINES the item it names, following `pub use` re-exports, so
//! `crate::solve::Solver` counts as an import of `solve/api.rs`. Then:
//!
//! - no upward arrow: no file imports an item defined in an ancestor module's
//!   file (`solve/ga.rs` may not import from `solve/mod.rs`);
//! - no cycle: no file imports from a module that (transitively) imports it
//!   back, both between files and between sibling modules taken whole
//!   (`solve::phases` as one node next to `solve::ga`);
//! - the rooms: `cube` imports neither `solve` nor `tui`; `solve` imports
//!   neither `tui` nor `cli`.
//!
//! `cargo test --release --test it module_graph::counts -- --ignored --nocapture`
//! prints the number of upward arrows and cycles (of `MODULE_GRAPH_SRC`, `src`
//! by default).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::module_scan;

use module_scan::{ModPath, Reference, Source, scan};

/// An import of an item: from the file it is written in to the file that
/// defines the item (file modules), with where and how it is written.
#[derive(Clone, Debug)]
struct Arrow {
    from: ModPath,
    to: ModPath,
    /// The ancestor whose `pub use` the path goes through, if any.
    through: Option<ModPath>,
    place: String,
}

impl std::fmt::Display for Arrow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} → {}", name(&self.from), name(&self.to))?;
        if let Some(t) = &self.through {
            write!(f, " through {}'s re-export", name(t))?;
        }
        write!(f, " ({})", self.place)
    }
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// A crate as the scans describe it.
#[derive(Default)]
struct Crate {
    /// Every module (files and inline blocks) → the file module it lives in.
    owner: BTreeMap<ModPath, ModPath>,
    /// File module → its file's name.
    files: BTreeMap<ModPath, String>,
    /// (module, name) of every item defined.
    defines: BTreeSet<(ModPath, String)>,
    /// `pub use`: (module, name) → the absolute path it re-exports.
    reexports: BTreeMap<(ModPath, String), ModPath>,
    /// `pub use …::*`: module → the modules it re-exports whole.
    globs: BTreeMap<ModPath, Vec<ModPath>>,
    /// Every `use` (not glob): (module, last name) → the absolute path.
    imports: BTreeMap<(ModPath, String), ModPath>,
    /// (file module, reference) for every path named.
    refs: Vec<(ModPath, Reference)>,
}

impl Crate {
    fn new(sources: &[Source]) -> Crate {
        let mut c = Crate::default();
        for s in sources {
            let sc = scan(s).unwrap_or_else(|e| panic!("{e}"));
            c.owner.insert(s.module.clone(), s.module.clone());
            c.files.insert(s.module.clone(), s.file.clone());
            for m in sc.inline_modules {
                c.owner.insert(m, s.module.clone());
            }
            c.defines.extend(sc.defines);
            for r in sc.references {
                c.refs.push((s.module.clone(), r));
            }
        }
        let refs = c.refs.clone();
        for (_, r) in refs.iter().filter(|(_, r)| r.from_use && !r.glob) {
            if let (Some(abs), Some(last)) = (c.absolute(&r.at, &r.path), r.path.last()) {
                c.imports.insert((r.at.clone(), last.clone()), abs);
            }
        }
        for (_, r) in refs.iter().filter(|(_, r)| r.reexport) {
            let Some(abs) = c.absolute(&r.at, &r.path) else {
                continue;
            };
            if r.glob {
                c.globs.entry(r.at.clone()).or_default().push(abs);
            } else if let Some(last) = abs.last() {
                c.reexports
                    .insert((r.at.clone(), last.clone()), abs.clone());
            }
        }
        c
    }

    /// `path` written in module `at` as an absolute path; `None` for paths
    /// into other crates.
    fn absolute(&self, at: &[String], path: &[String]) -> Option<ModPath> {
        let first = path.first()?;
        let mut base: ModPath = match first.as_str() {
            "crate" | "$crate" => vec![],
            "self" | "super" => at.to_vec(),
            _ => {
                // A child module of `at`, or (in code) a name `at` imports;
                // anything else is another crate's or a local name.
                let child = [at.to_vec(), vec![first.clone()]].concat();
                if self.owner.contains_key(&child) {
                    return Some([at.to_vec(), path.to_vec()].concat());
                }
                let imported = self.imports.get(&(at.to_vec(), first.clone()))?;
                if imported.as_slice() == path {
                    return None; // the `use` itself, when it names another crate
                }
                return Some([imported.clone(), path[1..].to_vec()].concat());
            }
        };
        let mut rest = path;
        loop {
            match rest.first().map(String::as_str) {
                Some("super") => {
                    base.pop()?;
                }
                Some("self" | "crate" | "$crate") => {}
                _ => break,
            }
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module that defines what `abs` names (the module itself when it
    /// names a module), following re-exports; `via` collects the modules
    /// whose re-exports were followed.
    fn defining(&self, abs: &[String], hops: usize, via: &mut Vec<ModPath>) -> ModPath {
        let mut m: ModPath = vec![];
        for (k, seg) in abs.iter().enumerate() {
            let next = [m.clone(), vec![seg.clone()]].concat();
            if self.owner.contains_key(&next) {
                m = next;
                continue;
            }
            if self.defines.contains(&(m.clone(), seg.clone())) || hops > 16 {
                return m;
            }
            if let Some(to) = self.reexports.get(&(m.clone(), seg.clone())) {
                via.push(m.clone());
                let full = [to.clone(), abs[k + 1..].to_vec()].concat();
                return self.defining(&full, hops + 1, via);
            }
            for g in self.globs.get(&m).into_iter().flatten() {
                let inner = [g.clone(), vec![seg.clone()]].concat();
                if self.owner.contains_key(&inner)
                    || self.defines.contains(&(g.clone(), seg.clone()))
                    || self.reexports.contains_key(&(g.clone(), seg.clone()))
                {
                    via.push(m.clone());
                    let full = [g.clone(), abs[k..].to_vec()].concat();
                    return self.defining(&full, hops + 1, via);
                }
            }
            // Made by a macro (or a variant, a method…): taken as `m`'s own.
            return m;
        }
        m
    }

    /// Every import between two different files.
    fn arrows(&self) -> Vec<Arrow> {
        let mut out = Vec::new();
        for (file, r) in &self.refs {
            let Some(abs) = self.absolute(&r.at, &r.path) else {
                continue;
            };
            let mut via = Vec::new();
            let def = self.defining(&abs, 0, &mut via);
            let to = self.owner.get(&def).cloned().unwrap_or(def);
            if &to == file {
                continue;
            }
            // The re-export of an ancestor that the path went through, if any.
            let through = via
                .into_iter()
                .map(|m| self.owner.get(&m).cloned().unwrap_or(m))
                .find(|m| m.len() < file.len() && file.starts_with(m));
            out.push(Arrow {
                from: file.clone(),
                to,
                through,
                place: format!(
                    "{}: `{}{}`",
                    self.files[file],
                    r.path.join("::"),
                    if r.glob { "::*" } else { "" }
                ),
            });
        }
        out
    }
}

/// Arrows to a file of an ancestor module, or through an ancestor's
/// re-export (inside `solve`, the API is imported from `solve::api`, not
/// through `solve/mod.rs`, which declares the importer).
fn upward(arrows: &[Arrow]) -> Vec<&Arrow> {
    arrows
        .iter()
        .filter(|a| {
            let to_ancestor = a.to.len() < a.from.len() && a.from.starts_with(&a.to);
            to_ancestor || a.through.is_some()
        })
        .collect()
}

/// A cycle through `edges` (node → nodes), as the nodes on it, if any.
fn cycle_in(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Option<Vec<ModPath>> {
    // Depth-first search; a node met again while still on the stack closes a cycle.
    fn visit(
        n: &ModPath,
        edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
        stack: &mut Vec<ModPath>,
        done: &mut BTreeSet<ModPath>,
    ) -> Option<Vec<ModPath>> {
        if let Some(i) = stack.iter().position(|s| s == n) {
            return Some(stack[i..].to_vec());
        }
        if done.contains(n) {
            return None;
        }
        stack.push(n.clone());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(n.clone());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut Vec::new(), &mut done))
}

/// Every cycle found, described with the arrows on it: one between files,
/// and one per folder between its sibling modules taken whole.
fn cycles(arrows: &[Arrow]) -> Vec<String> {
    let describe = |cyc: &[ModPath], step: &dyn Fn(&Arrow) -> Option<(ModPath, ModPath)>| {
        let mut s = String::new();
        for (k, a) in cyc.iter().enumerate() {
            let b = &cyc[(k + 1) % cyc.len()];
            let via = arrows
                .iter()
                .find(|x| step(x).is_some_and(|(p, q)| &p == a && &q == b))
                .map_or(String::new(), |x| x.place.clone());
            s += &format!("{} → {} ({via}); ", name(a), name(b));
        }
        s
    };
    let mut out = Vec::new();
    // Files.
    let file_step = |a: &Arrow| Some((a.from.clone(), a.to.clone()));
    let mut files: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for a in arrows {
        files
            .entry(a.from.clone())
            .or_default()
            .insert(a.to.clone());
    }
    if let Some(c) = cycle_in(&files) {
        out.push(format!("files: {}", describe(&c, &file_step)));
    }
    // Sibling modules, per folder: `a::x::…` → `a::y::…` is `a::x` → `a::y`.
    let sibling_step = |a: &Arrow| {
        let common = a.from.iter().zip(&a.to).take_while(|(p, q)| p == q).count();
        (common < a.from.len() && common < a.to.len())
            .then(|| (a.from[..=common].to_vec(), a.to[..=common].to_vec()))
    };
    let mut folders: BTreeMap<ModPath, BTreeMap<ModPath, BTreeSet<ModPath>>> = BTreeMap::new();
    for a in arrows {
        if let Some((p, q)) = sibling_step(a) {
            let parent = p[..p.len() - 1].to_vec();
            folders
                .entry(parent)
                .or_default()
                .entry(p)
                .or_default()
                .insert(q);
        }
    }
    for (parent, edges) in &folders {
        if let Some(c) = cycle_in(edges) {
            out.push(format!(
                "in `{}`: {}",
                name(parent),
                describe(&c, &sibling_step)
            ));
        }
    }
    out
}

/// Arrows between rooms that must not exist: `cube` ↛ `solve`/`tui`/`cli`,
/// `solve` ↛ `tui`/`cli`.
fn room_breaks(arrows: &[Arrow]) -> Vec<&Arrow> {
    const BANNED: [(&str, &str); 5] = [
        ("cube", "solve"),
        ("cube", "tui"),
        ("cube", "cli"),
        ("solve", "tui"),
        ("solve", "cli"),
    ];
    arrows
        .iter()
        .filter(|a| {
            let room = |m: &ModPath| m.first().cloned().unwrap_or_default();
            BANNED.contains(&(room(&a.from).as_str(), room(&a.to).as_str()))
        })
        .collect()
}

/// The sources under `root`: the library (`lib.rs` and its modules) when
/// `bin` is false, the binary (`main.rs`, `cli.rs`, `cli/`) when true.
fn sources(root: &Path, bin: bool) -> Vec<Source> {
    fn walk(root: &Path, dir: &Path, bin: bool, out: &mut Vec<Source>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("read the source folder")
            .map(|e| e.expect("dir entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(root, &p, bin, out);
                continue;
            }
            if p.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = p.strip_prefix(root).expect("under the root");
            let mut module: ModPath = rel
                .with_extension("")
                .iter()
                .map(|s| s.to_string_lossy().into_owned())
                .collect();
            if module
                .last()
                .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
            {
                module.pop();
            }
            let in_bin = rel == Path::new("main.rs") || module.first().is_some_and(|f| f == "cli");
            if in_bin != bin || rel == Path::new(if bin { "lib.rs" } else { "main.rs" }) {
                continue;
            }
            out.push(Source {
                module,
                file: p.display().to_string(),
                text: std::fs::read_to_string(&p).expect("read source"),
            });
        }
    }
    let mut out = Vec::new();
    walk(root, root, bin, &mut out);
    out
}

fn the_crates() -> [(&'static str, Vec<Arrow>); 2] {
    let root = std::env::var("MODULE_GRAPH_SRC").unwrap_or_else(|_| "src".into());
    let root = Path::new(&root);
    [
        ("library", Crate::new(&sources(root, false)).arrows()),
        ("binary", Crate::new(&sources(root, true)).arrows()),
    ]
}

fn list(arrows: &[&Arrow]) -> String {
    arrows
        .iter()
        .map(|a| format!("  {a}\n"))
        .collect::<String>()
}

#[test]
fn no_file_imports_from_an_ancestor() {
    for (krate, arrows) in the_crates() {
        let up = upward(&arrows);
        assert!(up.is_empty(), "{krate}: upward arrows:\n{}", list(&up));
    }
}

#[test]
fn imports_form_no_cycle() {
    for (krate, arrows) in the_crates() {
        let c = cycles(&arrows);
        assert!(c.is_empty(), "{krate}: import cycles:\n{}", c.join("\n"));
    }
}

#[test]
fn rooms_point_one_way() {
    let [(_, lib), (_, bin)] = the_crates();
    let bad = room_breaks(&lib);
    assert!(bad.is_empty(), "room rules broken:\n{}", list(&bad));
    // The scan does see the real arrows: between the rooms, to the API
    // through the `solve` re-exports, from the registry to every solver, and
    // from the subcommands to the exit codes' leaf.
    let seen = |arrows: &[Arrow], from: &[&str], to: &[&str]| {
        arrows.iter().any(|a| a.from == from && a.to == to)
    };
    assert!(
        lib.iter()
            .any(|a| a.from[0] == "solve" && a.to[0] == "cube")
    );
    assert!(lib.iter().any(|a| a.from[0] == "tui" && a.to[0] == "cube"));
    assert!(
        seen(&lib, &["tui", "app", "state"], &["solve", "api"]),
        "tui::app uses the Solver API"
    );
    for solver in ["anneal", "ga", "woc", "mws", "phases", "reference"] {
        assert!(
            seen(&lib, &["solve", "registry"], &["solve", solver]),
            "{solver}"
        );
    }
    assert!(seen(&bin, &["cli", "bench"], &["cli", "exit"]));
}

/// Prints the counts (`--ignored --nocapture`), e.g. for another checkout's
/// `src` with `MODULE_GRAPH_SRC=/path/to/src`: upward arrows (item imports,
/// and distinct pairs of files), and the arrows between two files that lie
/// on a cycle (the second file reaches the first back).
#[test]
#[ignore]
fn counts() {
    for (krate, arrows) in the_crates() {
        let up = upward(&arrows);
        let pairs: BTreeSet<_> = up.iter().map(|a| (&a.from, &a.to)).collect();
        println!(
            "{krate}: {} upward imports between {} pairs of files",
            up.len(),
            pairs.len()
        );
        for (a, b) in &pairs {
            println!("  {} → {}", name(a), name(b));
        }
        let mut edges: BTreeMap<&ModPath, BTreeSet<&ModPath>> = BTreeMap::new();
        for a in &arrows {
            edges.entry(&a.from).or_default().insert(&a.to);
        }
        let reaches = |from: &ModPath, to: &ModPath| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![from];
            while let Some(n) = todo.pop() {
                if n == to {
                    return true;
                }
                if seen.insert(n) {
                    todo.extend(edges.get(n).into_iter().flatten().copied());
                }
            }
            false
        };
        let on_cycles: BTreeSet<_> = edges
            .iter()
            .flat_map(|(a, bs)| bs.iter().map(move |b| (*a, *b)))
            .filter(|(a, b)| reaches(b, a))
            .collect();
        println!("{krate}: {} file-to-file arrows on cycles", on_cycles.len());
        for (a, b) in &on_cycles {
            println!("  {} → {}", name(a), name(b));
        }
    }
}

/// A crate made of in-memory files `(module, text)`.
fn synthetic(files: &[(&str, &str)]) -> Vec<Arrow> {
    let sources: Vec<Source> = files
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
        .collect();
    Crate::new(&sources).arrows()
}

#[test]
fn checker_finds_upward_arrows_through_every_spelling() {
    let room = "pub mod a; pub mod b; pub struct Up; pub fn up() {}\npub use b::Down;\n";
    for a in [
        "use super::Up;",
        "use crate::r::{b, Up as U};",
        "fn f() { super::up() }",
        "fn f() { use self::super::Up; }",
        "use super::*;",
        "mod tests { fn t() { crate::r::up(); } }",
    ] {
        let arrows = synthetic(&[
            ("", "pub mod r;"),
            ("r", room),
            ("r::a", a),
            ("r::b", "pub struct Down;"),
        ]);
        let up = upward(&arrows);
        assert!(
            up.iter().any(|x| x.from == ["r", "a"] && x.to == ["r"]),
            "{a:?}: {arrows:?}"
        );
    }
    // The item is `b`'s: imported from `b` it is a sibling's, fine; imported
    // through the parent's re-export it is still upward.
    let from_a = |a: &'static str| {
        synthetic(&[("r", room), ("r::a", a), ("r::b", "pub struct Down;")])
            .into_iter()
            .filter(|x| x.from == ["r", "a"])
            .collect::<Vec<_>>()
    };
    let direct = from_a("use super::b::Down; fn f() { let _ = crate::r::b::Down; }");
    assert_eq!(direct.len(), 2);
    assert!(direct.iter().all(|x| x.to == ["r", "b"]), "{direct:?}");
    assert!(upward(&direct).is_empty(), "{direct:?}");
    for a in ["use super::Down;", "fn f() { let _ = crate::r::Down; }"] {
        let through = from_a(a);
        assert!(through.iter().all(|x| x.to == ["r", "b"]), "{through:?}");
        assert_eq!(upward(&through).len(), 1, "{a:?}: {through:?}");
    }
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
        ("mod tests { use crate::r::b::Y; }", "pub use super::a::W;"),
        // a → b in a type, through `self::super`; b → a in a macro call.
        (
            "struct S(self::super::b::Y);",
            "fn g() { println!(\"{}\", crate::r::a::f()) }",
        ),
    ];
    for (a, b) in cases {
        let arrows = synthetic(&[("r", room), ("r::a", a), ("r::b", b), ("r::c", "")]);
        let c = cycles(&arrows);
        assert!(
            c.iter()
                .any(|c| c.contains("r::a → r::b") && c.contains("r::b → r::a")),
            "{a:?} / {b:?}: {c:?} from {arrows:?}"
        );
    }
    // Modules taken whole: x::deep → y, y → x (its mod.rs): a cycle of siblings.
    let arrows = synthetic(&[
        ("r", "pub mod x; pub mod y;"),
        ("r::x", "pub mod deep; pub fn f() {}"),
        ("r::x::deep", "use crate::r::y::G;"),
        ("r::y", "pub struct G; fn h() { super::x::f() }"),
    ]);
    assert!(
        cycles(&arrows).iter().any(|c| c.starts_with("in `r`")),
        "{arrows:?}"
    );
}

#[test]
fn checker_ignores_comments_strings_ancestors_and_other_crates() {
    let arrows = synthetic(&[
        ("r", "pub mod a; pub mod b;\npub use a::Thing;\n"),
        (
            "r::a",
            "// use super::b;\n/* super::b::x() */\n/// [`super::b::X`]\n\
             const S: &str = \"super::b::x\";\n\
             const C: char = '\"'; use std::fmt; pub(in crate::r) fn v() {}\n\
             mod tests { use super::*; }",
        ),
        (
            "r::b",
            "use crate::r::Thing; use super::a::X; fn f<'a>(x: &'a u8) { serde::x(); }",
        ),
    ]);
    let list: Vec<_> = arrows
        .iter()
        .map(|a| (name(&a.from), name(&a.to)))
        .collect();
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    // The parent's re-export, and `b`'s two imports of `a` (one through the
    // parent's re-export); nothing from `a`'s comments, strings, doc link,
    // visibility, test module, or other crates.
    assert_eq!(
        list,
        [
            pair("r", "r::a"),
            pair("r::b", "r::a"),
            pair("r::b", "r::a")
        ]
    );
    assert!(cycles(&arrows).is_empty());
    assert_eq!(upward(&arrows).len(), 1, "{arrows:?}");
}

#[test]
fn checker_finds_room_breaks() {
    let arrows = synthetic(&[
        ("cube", "pub mod state;"),
        ("cube::state", "fn f() { crate::solve::api::g() }"),
        ("solve", "pub mod api;"),
        ("solve::api", "pub fn g() {}"),
    ]);
    let bad = room_breaks(&arrows);
    assert_eq!(bad.len(), 1, "{arrows:?}");
}
