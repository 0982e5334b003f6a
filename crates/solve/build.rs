//! Embeds the solver presets: every `assets/presets/*.toml` (and, in the test
//! build only, every `assets/test-presets/*.toml`) becomes one entry of the
//! `(name, TOML text)` table that `src/preset.rs` includes, so adding a
//! preset is dropping its file in the folder. The order the screen cycles
//! them in is each file's `[preset] order` key, read at run time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The `.toml` files of `dir`, sorted by name.
fn presets(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

fn main() {
    // The assets live at the workspace root, two levels above this crate.
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("../..");
    let mut table = String::from("&[\n");
    for (dir, cfg) in [
        ("assets/presets", ""),
        ("assets/test-presets", "#[cfg(test)] "),
    ] {
        // A path that does not exist would make Cargo rerun this script
        // (and rebuild the crate) every time: name the folder as it is.
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        for path in presets(&dir) {
            println!("cargo:rerun-if-changed={}", path.display());
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("preset file names are UTF-8");
            writeln!(
                table,
                "    {cfg}({name:?}, include_str!({:?})),",
                path.display()
            )
            .expect("write to a String");
        }
    }
    table.push(']');
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("presets.rs");
    std::fs::write(&out, table).unwrap_or_else(|e| panic!("write {}: {e}", out.display()));
}
