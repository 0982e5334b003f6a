//! Reading one Rust file for the module-graph test, with `syn`: the modules
//! it declares, the items each defines, its `pub use` re-exports, and every
//! path it names (`use` trees, and `crate::`/`super::`/`self::` paths
//! anywhere in the code), each with the module it is written in.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::{Item, UseTree};

/// A module path such as `["cube", "state"]`; the crate root is `[]`.
pub type ModPath = Vec<String>;

/// One file of a crate: its module path, a name for messages, and its text.
pub struct Source {
    pub module: ModPath,
    pub file: String,
    pub text: String,
}

/// A path named in a file.
#[derive(Clone, Debug)]
pub struct Reference {
    /// The module it is written in (an inline `mod` block counts).
    pub at: ModPath,
    /// Its segments as written (`["super", "api", "Solver"]`).
    pub path: Vec<String>,
    /// From a `pub use` (any `pub(…)` too): the module re-exports it.
    pub reexport: bool,
    /// A `use …::*`: names everything in `path`.
    pub glob: bool,
    /// From a `use` declaration (else a path in the code).
    pub from_use: bool,
}

/// What one file says.
#[derive(Debug, Default)]
pub struct Scan {
    /// Modules declared inline (`mod tests { … }`), which live in this file.
    pub inline_modules: Vec<ModPath>,
    /// (module, name) of every item defined (struct, fn, enum, trait, …).
    pub defines: Vec<(ModPath, String)>,
    pub references: Vec<Reference>,
}

/// Parses `source`; `Err` with the parser's message when it is not Rust.
pub fn scan(source: &Source) -> Result<Scan, String> {
    let file = syn::parse_file(&source.text).map_err(|e| format!("{}: {e}", source.file))?;
    let mut out = Scan::default();
    items(&source.module, &file.items, true, &mut out);
    Ok(out)
}

/// Reads `list`, written in module `at`; `top`: module level (not a body),
/// where its items are the module's own.
fn items(at: &ModPath, list: &[Item], top: bool, out: &mut Scan) {
    for item in list {
        let name = match item {
            Item::Use(u) => {
                let reexport = !matches!(u.vis, syn::Visibility::Inherited);
                use_tree(at, &mut Vec::new(), &u.tree, reexport, out);
                continue;
            }
            Item::Mod(m) => {
                let mut inner = at.clone();
                inner.push(m.ident.to_string());
                if let Some((_, content)) = &m.content {
                    out.inline_modules.push(inner.clone());
                    items(&inner, content, true, out);
                }
                continue;
            }
            Item::Const(i) => Some(&i.ident),
            Item::Enum(i) => Some(&i.ident),
            Item::Fn(i) => Some(&i.sig.ident),
            Item::Static(i) => Some(&i.ident),
            Item::Struct(i) => Some(&i.ident),
            Item::Trait(i) => Some(&i.ident),
            Item::TraitAlias(i) => Some(&i.ident),
            Item::Type(i) => Some(&i.ident),
            Item::Union(i) => Some(&i.ident),
            Item::Macro(i) => i.ident.as_ref(),
            _ => None,
        };
        if let Some(name) = name.filter(|_| top) {
            out.defines.push((at.clone(), name.to_string()));
        }
        paths_in(at, item.to_token_stream(), out);
    }
}

/// Flattens a `use` tree into one reference per leaf.
fn use_tree(
    at: &ModPath,
    prefix: &mut Vec<String>,
    tree: &UseTree,
    reexport: bool,
    out: &mut Scan,
) {
    let mut leaf = |path: Vec<String>, glob: bool| {
        out.references.push(Reference {
            at: at.clone(),
            path,
            reexport,
            glob,
            from_use: true,
        })
    };
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_tree(at, prefix, &p.tree, reexport, out);
            prefix.pop();
        }
        // `use a::b::{self}` names `a::b`; a rename keeps the target.
        UseTree::Name(n) if n.ident == "self" => leaf(prefix.clone(), false),
        UseTree::Name(n) => leaf([prefix.clone(), vec![n.ident.to_string()]].concat(), false),
        UseTree::Rename(r) if r.ident == "self" => leaf(prefix.clone(), false),
        UseTree::Rename(r) => leaf([prefix.clone(), vec![r.ident.to_string()]].concat(), false),
        UseTree::Glob(_) => leaf(prefix.clone(), true),
        UseTree::Group(g) => {
            for t in &g.items {
                use_tree(at, prefix, t, reexport, out);
            }
        }
    }
}

/// Every path of two or more segments in `tokens` (`crate::…`, `super::…`,
/// `self::…`, `child::…`, `Imported::…`, `std::…`: the crate model decides
/// which are local) in function bodies, types and macro calls (visibility
/// `pub(in …)` excepted), and the `use` declarations and `mod` blocks nested
/// in bodies.
fn paths_in(at: &ModPath, tokens: TokenStream, out: &mut Scan) {
    let tts: Vec<TokenTree> = tokens.into_iter().collect();
    let punct = |k: usize| match tts.get(k) {
        Some(TokenTree::Punct(p)) => Some(p.as_char()),
        _ => None,
    };
    let is_colons = |k: usize| punct(k) == Some(':') && punct(k + 1) == Some(':');
    // `pub(in crate::x)` is a visibility, not a use of `crate::x`.
    let after_in = |k: usize| k > 0 && matches!(&tts[k - 1], TokenTree::Ident(p) if p == "in");
    let mut k = 0;
    while k < tts.len() {
        match &tts[k] {
            TokenTree::Group(g) => {
                // Bodies: statements may hold `use` items and `mod` blocks.
                if g.delimiter() == Delimiter::Brace
                    && let Ok(block) = syn::parse2::<BlockItems>(g.stream())
                {
                    items(at, &block.0, false, out);
                } else {
                    paths_in(at, g.stream(), out);
                }
                k += 1;
            }
            TokenTree::Ident(i)
                if is_colons(k + 1) && !after_in(k) && !(k >= 2 && is_colons(k - 2)) =>
            {
                let mut path = vec![i.to_string()];
                let mut j = k + 1;
                while is_colons(j) {
                    match tts.get(j + 2) {
                        Some(TokenTree::Ident(seg)) => {
                            path.push(seg.to_string());
                            j += 3;
                        }
                        _ => break,
                    }
                }
                out.references.push(Reference {
                    at: at.clone(),
                    path,
                    reexport: false,
                    glob: false,
                    from_use: false,
                });
                k = j;
            }
            _ => k += 1,
        }
    }
}

/// The statements of a `{ … }` block read as items where they are items
/// (`use`, `mod`, `fn`, …) and as plain tokens otherwise.
struct BlockItems(Vec<Item>);

impl syn::parse::Parse for BlockItems {
    fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
        let stmts = syn::Block::parse_within(input)?;
        let mut list = Vec::new();
        for s in stmts {
            match s {
                syn::Stmt::Item(item) => list.push(item),
                // Anything else: keep its tokens, scanned as a verbatim item.
                other => list.push(Item::Verbatim(other.into_token_stream())),
            }
        }
        Ok(BlockItems(list))
    }
}
